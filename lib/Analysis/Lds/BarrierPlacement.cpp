//===- BarrierPlacement.cpp - Fewest barriers ordering hazards ------------===//
//
// Hazards are found per pair of accesses and class of paths; each records
// the gaps a barrier may occupy to order it, as one segment per region the
// paths cross. Placement then works bottom-up over the region tree: a region
// covers the hazards whose outermost segment lies in it (its "home"
// hazards) with the fewest barriers, by interval stabbing, after its
// children have placed theirs.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Lds/BarrierPlacement.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <algorithm>
#include <tuple>

using namespace mlir;
using namespace mlir::wave;

//===----------------------------------------------------------------------===//
// BarrierProgram
//===----------------------------------------------------------------------===//

BarrierProgram::BarrierProgram() { regions.emplace_back(); }

unsigned BarrierProgram::addItem(unsigned region, ItemKind kind) {
  unsigned id = items.size();
  items.push_back(Item{kind, region,
                       static_cast<unsigned>(regions[region].items.size()),
                       /*access=*/0,
                       /*children=*/{}});
  regions[region].items.push_back(id);
  return id;
}

unsigned BarrierProgram::addRegion(unsigned parentItem, bool cyclic,
                                   bool barriersAllowed) {
  const Region &parent = regions[items[parentItem].region];
  Region region;
  region.parentItem = parentItem;
  region.cyclic = cyclic;
  region.barriersAllowed = barriersAllowed && parent.barriersAllowed;
  region.loopDepth = parent.loopDepth + (cyclic ? 1 : 0);
  regions.push_back(region);
  unsigned id = regions.size() - 1;
  items[parentItem].children.push_back(id);
  return id;
}

unsigned BarrierProgram::addAccess(unsigned region, unsigned access) {
  unsigned item = addItem(region, ItemKind::Access);
  items[item].access = access;
  return item;
}

unsigned BarrierProgram::addLoop(unsigned region, bool mayRunZeroTimes,
                                 bool barriersAllowed) {
  unsigned item = addItem(region, ItemKind::Loop);
  unsigned body = addRegion(item, /*cyclic=*/true, barriersAllowed);
  regions[body].mayRunZeroTimes = mayRunZeroTimes;
  return item;
}

unsigned BarrierProgram::addLoopExit(unsigned body) {
  assert(regions[body].cyclic && !regions[body].exitGap &&
         "one exit point per loop body");
  regions[body].exitGap = regions[body].items.size();
  return addItem(body, ItemKind::LoopExit);
}

unsigned BarrierProgram::addBranch(unsigned region, unsigned numArms,
                                   bool barriersAllowed) {
  unsigned item = addItem(region, ItemKind::Branch);
  for (unsigned arm = 0; arm < numArms; ++arm)
    addRegion(item, /*cyclic=*/false, barriersAllowed);
  return item;
}

std::optional<unsigned> BarrierProgram::getParentRegion(unsigned region) const {
  if (!regions[region].parentItem)
    return std::nullopt;
  return items[*regions[region].parentItem].region;
}

//===----------------------------------------------------------------------===//
// Hazards
//===----------------------------------------------------------------------===//

namespace {
/// Where an item sits in one of the regions around it.
struct ChainLink {
  unsigned region;
  unsigned position;
};

class HazardFinder {
public:
  HazardFinder(const BarrierProgram &program, ConflictOracle conflicts)
      : program(program), conflicts(conflicts),
        enteredLoops(program.getNumRegions()) {
    for (unsigned region = 0, e = program.getNumRegions(); region < e; ++region)
      for (auto [position, item] :
           llvm::enumerate(program.getRegion(region).items)) {
        const BarrierProgram::Item &info = program.getItem(item);
        if (info.kind == BarrierProgram::ItemKind::Loop &&
            !program.getRegion(info.children.front()).mayRunZeroTimes)
          enteredLoops[region].push_back(position);
      }
  }

  SmallVector<Hazard> run();
  SmallVector<Hazard> runOf(unsigned item);
  SmallVector<Hazard> runForPlacement(ArrayRef<ExistingBarrier> existing);

private:
  /// The access items of the whole program, ascending.
  SmallVector<unsigned> getAccesses() const;
  /// Calls `fn` on every access item of `item`'s subtree (itself for an
  /// access).
  void forEachAccess(unsigned item, function_ref<void(unsigned)> fn) const;
  /// The forward hazards into `to` from the items of `link`'s region before
  /// `link.position` (a region outside every loop, where barriers are
  /// allowed), leaving out those a nearer one implies (see
  /// `findPlacementHazards`).
  void scanBackFrom(unsigned to, ChainLink link, const BarrierSet &present,
                    ArrayRef<unsigned> barrierGaps,
                    ArrayRef<unsigned> structuredItems);
  /// The hazards into `to` from the items of `chain[level]`'s region, a
  /// loop body or a branch arm inside a loop where barriers are allowed,
  /// leaving out those a nearer one ordered by `present` implies (see
  /// `findPlacementHazards`).
  void scanAroundBody(unsigned to, ArrayRef<ChainLink> chain, unsigned level,
                      const BarrierSet &present,
                      ArrayRef<unsigned> structuredItems);

  /// The regions around `item` from the innermost out, with the position of
  /// the item (or the item around it) in each.
  SmallVector<ChainLink> getChain(unsigned item) const;

  void findPairHazards(unsigned from, unsigned to);
  bool query(unsigned from, unsigned to, PathClass paths) {
    return conflicts(program.getItem(from).access, program.getItem(to).access,
                     paths);
  }

  /// Adds `segment`, and the bodies of the loops it passes over entirely
  /// that run at least once (every path through the segment crosses them).
  void addSegment(Hazard &hazard, GapSegment segment) const;
  /// Gaps from just after `link`'s item to where its region is left.
  void addSuffix(Hazard &hazard, ChainLink link) const;
  /// Gaps from where `link`'s region is entered to just before its item.
  void addPrefix(Hazard &hazard, ChainLink link) const {
    addSegment(hazard, {link.region, 0, link.position + 1});
  }
  /// The part of every path that climbs from `fromChain[0]` to
  /// `fromChain[fromTop]`'s region and descends to `toChain[0]`.
  void addClimbs(Hazard &hazard, ArrayRef<ChainLink> fromChain,
                 unsigned fromTop, ArrayRef<ChainLink> toChain,
                 unsigned toTop) const {
    for (unsigned level = 0; level < fromTop; ++level)
      addSuffix(hazard, fromChain[level]);
    for (unsigned level = 0; level < toTop; ++level)
      addPrefix(hazard, toChain[level]);
  }

  const BarrierProgram &program;
  ConflictOracle conflicts;
  /// For each region, the positions of its loops whose body runs at least
  /// once, ascending: segments skip the other items without looking at them.
  SmallVector<SmallVector<unsigned>> enteredLoops;
  SmallVector<Hazard> hazards;
};
} // namespace

SmallVector<ChainLink> HazardFinder::getChain(unsigned item) const {
  SmallVector<ChainLink> chain;
  while (true) {
    const BarrierProgram::Item &current = program.getItem(item);
    chain.push_back({current.region, current.position});
    std::optional<unsigned> parent =
        program.getRegion(current.region).parentItem;
    if (!parent)
      return chain;
    item = *parent;
  }
}

void HazardFinder::addSegment(Hazard &hazard, GapSegment segment) const {
  hazard.cover.push_back(segment);
  const BarrierProgram::Region &region = program.getRegion(segment.region);
  ArrayRef<unsigned> loops = enteredLoops[segment.region];
  if (loops.empty())
    return;
  unsigned numGaps = region.getNumGaps();
  // Item `g` lies between gaps `g` and `g + 1`: the segment passes over the
  // items at its gaps but the last, in order, wrapping around the back edge
  // of a loop body (which holds no item) as often as it does.
  unsigned gap = segment.first % numGaps;
  for (unsigned remaining = segment.length ? segment.length - 1 : 0;
       remaining != 0;) {
    unsigned end = std::min(numGaps, gap + remaining);
    for (const unsigned *it = llvm::lower_bound(loops, gap);
         it != loops.end() && *it < end; ++it) {
      unsigned body = program.getItem(region.items[*it]).children.front();
      addSegment(hazard, {body, 0, program.getRegion(body).getExitGap() + 1});
    }
    remaining -= end - gap;
    gap = 0;
  }
}

void HazardFinder::addSuffix(Hazard &hazard, ChainLink link) const {
  const BarrierProgram::Region &region = program.getRegion(link.region);
  unsigned numGaps = region.getNumGaps();
  unsigned first = link.position + 1;
  if (!region.cyclic) {
    addSegment(hazard, {link.region, first, numGaps - first});
    return;
  }
  // Around the back edge if the item lies past the exit point.
  unsigned exit = region.getExitGap();
  unsigned length = link.position < exit ? exit - link.position
                                         : numGaps - link.position + exit;
  addSegment(hazard, {link.region, first % numGaps, length});
}

void HazardFinder::findPairHazards(unsigned from, unsigned to) {
  SmallVector<ChainLink> fromChain = getChain(from);
  SmallVector<ChainLink> toChain = getChain(to);
  // The innermost region holding both.
  unsigned fromTop = 0, toTop = 0;
  for (fromTop = 0; fromTop < fromChain.size(); ++fromTop) {
    auto it = llvm::find_if(toChain, [&](const ChainLink &link) {
      return link.region == fromChain[fromTop].region;
    });
    if (it != toChain.end()) {
      toTop = it - toChain.begin();
      break;
    }
  }
  assert(fromTop < fromChain.size() && "items share the root region");

  // Forward, within one execution of the common region: only when the first
  // access's item comes first there (items in different arms of one branch
  // never follow each other in one execution).
  bool forwardHazard = false;
  unsigned fromPosition = fromChain[fromTop].position;
  unsigned toPosition = toChain[toTop].position;
  if (from != to && fromPosition < toPosition && query(from, to, PathClass{})) {
    Hazard hazard{from, to, PathClass{}, {}};
    addSegment(hazard, {fromChain[fromTop].region, fromPosition + 1,
                        toPosition - fromPosition});
    addClimbs(hazard, fromChain, fromTop, toChain, toTop);
    hazards.push_back(std::move(hazard));
    forwardHazard = true;
  }

  // Around the back edge of every loop holding both.
  for (unsigned level = fromTop; level < fromChain.size(); ++level) {
    unsigned body = fromChain[level].region;
    const BarrierProgram::Region &region = program.getRegion(body);
    if (!region.cyclic)
      continue;
    // Paths to the next iteration that start from a forward hazard within
    // this very body cross every gap of it: ordering the forward hazard
    // orders them.
    if (forwardHazard && level == fromTop)
      continue;
    unsigned loop = *region.parentItem;
    unsigned toLevel = level - fromTop + toTop;
    unsigned numGaps = region.getNumGaps();
    unsigned fromPos = fromChain[level].position;
    unsigned toPos = toChain[toLevel].position;
    PathClass next{loop, 1};
    PathClass later{loop, 2};
    GapSegment segment;
    PathClass paths;
    if (query(from, to, next)) {
      // From just after the first item to the end of the body, then from
      // the start of the body to just before the second item.
      unsigned length =
          fromPos >= toPos ? numGaps - (fromPos - toPos) : numGaps;
      segment = {body, (fromPos + 1) % numGaps, length};
      paths = next;
    } else if (query(from, to, later)) {
      segment = {body, 0, numGaps};
      paths = later;
    } else {
      continue;
    }
    Hazard hazard{from, to, paths, {}};
    addSegment(hazard, segment);
    addClimbs(hazard, fromChain, level, toChain, toLevel);
    hazards.push_back(std::move(hazard));
  }
}

SmallVector<unsigned> HazardFinder::getAccesses() const {
  SmallVector<unsigned> accesses;
  for (unsigned item = 0, e = program.getNumItems(); item < e; ++item)
    if (program.getItem(item).kind == BarrierProgram::ItemKind::Access)
      accesses.push_back(item);
  return accesses;
}

SmallVector<Hazard> HazardFinder::run() {
  SmallVector<unsigned> accesses = getAccesses();
  for (unsigned from : accesses)
    for (unsigned to : accesses)
      findPairHazards(from, to);
  return std::move(hazards);
}

SmallVector<Hazard> HazardFinder::runOf(unsigned item) {
  for (unsigned from : getAccesses()) {
    if (from != item) {
      findPairHazards(from, item);
      continue;
    }
    for (unsigned to : getAccesses())
      findPairHazards(item, to);
  }
  return std::move(hazards);
}

void HazardFinder::forEachAccess(unsigned item,
                                 function_ref<void(unsigned)> fn) const {
  const BarrierProgram::Item &info = program.getItem(item);
  if (info.kind == BarrierProgram::ItemKind::Access)
    fn(item);
  for (unsigned child : info.children)
    for (unsigned nested : program.getRegion(child).items)
      forEachAccess(nested, fn);
}

void HazardFinder::scanBackFrom(unsigned to, ChainLink link,
                                const BarrierSet &present,
                                ArrayRef<unsigned> barrierGaps,
                                ArrayRef<unsigned> structuredItems) {
  const BarrierProgram::Region &region = program.getRegion(link.region);
  // The nearest access item with a hazard into `to` since the last loop
  // that runs, and whether `present` orders that hazard.
  std::optional<unsigned> nearest;
  bool nearestOrdered = false;
  for (int position = static_cast<int>(link.position) - 1; position >= 0;) {
    unsigned item = region.items[position];
    const BarrierProgram::Item &info = program.getItem(item);
    if (info.kind != BarrierProgram::ItemKind::Access) {
      forEachAccess(item, [&](unsigned from) { findPairHazards(from, to); });
      if (info.kind == BarrierProgram::ItemKind::Loop &&
          !program.getRegion(info.children.front()).mayRunZeroTimes)
        nearest.reset();
      --position;
      continue;
    }
    if (nearest) {
      // Access items after `stop` are implied by the nearest: they come
      // after the previous item that is not an access, and after the last
      // barrier of `present` up to the nearest unless that orders it.
      const unsigned *previous = llvm::lower_bound(structuredItems, position);
      int stop = previous == structuredItems.begin() ? -1 : *(previous - 1);
      if (!nearestOrdered) {
        const unsigned *barrier = llvm::upper_bound(barrierGaps, *nearest);
        if (barrier != barrierGaps.begin())
          stop = std::max(stop, static_cast<int>(*(barrier - 1)) - 1);
      }
      if (position > stop) {
        position = stop;
        continue;
      }
    }
    size_t numHazards = hazards.size();
    findPairHazards(item, to);
    if (hazards.size() != numHazards) {
      nearest = position;
      nearestOrdered = present.covers(hazards.back());
    }
    --position;
  }
}

void HazardFinder::scanAroundBody(unsigned to, ArrayRef<ChainLink> chain,
                                  unsigned level, const BarrierSet &present,
                                  ArrayRef<unsigned> structuredItems) {
  ChainLink link = chain[level];
  const BarrierProgram::Region &region = program.getRegion(link.region);
  unsigned numItems = region.items.size();
  // The loop of a body, the branch of an arm.
  unsigned owner = *region.parentItem;
  // Backwards from `to`'s item around the back edge (of the loop, or of a
  // loop around the arm): step `t` is at
  // position `link.position - 1 - t` modulo the items, the last step at
  // `to`'s item itself.
  auto positionAt = [&](unsigned step) {
    return (link.position + 2 * numItems - 1 - step) % numItems;
  };
  // Whether the nearest access item with a hazard into `to` that ends at
  // `to`'s item and is ordered by `present` has been seen since the last
  // loop that runs.
  bool haveNearest = false;
  for (unsigned step = 0; step < numItems;) {
    unsigned position = positionAt(step);
    unsigned item = region.items[position];
    const BarrierProgram::Item &info = program.getItem(item);
    if (position == link.position && level != 0) {
      // The other arms of the branch around `to`.
      for (unsigned arm : info.children)
        if (arm != chain[level - 1].region)
          for (unsigned nested : program.getRegion(arm).items)
            forEachAccess(nested,
                          [&](unsigned from) { findPairHazards(from, to); });
      break;
    }
    if (info.kind != BarrierProgram::ItemKind::Access) {
      forEachAccess(item, [&](unsigned from) { findPairHazards(from, to); });
      if (info.kind == BarrierProgram::ItemKind::Loop &&
          !program.getRegion(info.children.front()).mayRunZeroTimes)
        haveNearest = false;
      ++step;
      continue;
    }
    if (haveNearest) {
      // Implied up to the previous item that is not an access, around the
      // back edge, or to the end of the walk (the branch around `to` is
      // such an item, and its last step).
      if (structuredItems.empty())
        break;
      const unsigned *previous = llvm::lower_bound(structuredItems, position);
      unsigned stop = previous != structuredItems.begin()
                          ? *(previous - 1)
                          : structuredItems.back();
      step += (position + numItems - stop) % numItems;
      continue;
    }
    size_t numHazards = hazards.size();
    findPairHazards(item, to);
    // A hazard that nests the ones of the accesses further back: within
    // one iteration from before `to`'s item, or, in a loop body without an
    // exit point, to the next iteration from after it, both ending just
    // before `to`'s item. (A farther item's path may leave a body at its
    // exit point before the end, skipping the gaps after a nearer item.)
    for (size_t index = numHazards; index < hazards.size(); ++index) {
      const Hazard &hazard = hazards[index];
      bool endsHere =
          hazard.getHomeRegion() == link.region &&
          (position < link.position ? !hazard.paths.carrierLoop
                                    : region.cyclic && !region.exitGap &&
                                          hazard.paths.carrierLoop == owner &&
                                          hazard.paths.distance == 1);
      if (endsHere && present.covers(hazard))
        haveNearest = true;
    }
    ++step;
  }
}

SmallVector<Hazard>
HazardFinder::runForPlacement(ArrayRef<ExistingBarrier> existing) {
  unsigned numRegions = program.getNumRegions();
  BarrierSet present(program);
  for (const ExistingBarrier &barrier : existing)
    if (program.getRegion(barrier.gap.region).barriersAllowed)
      present.insert(barrier.gap);
  SmallVector<SmallVector<unsigned>> barrierGaps(numRegions);
  for (GapRef gap : present.getGaps())
    barrierGaps[gap.region].push_back(gap.index);
  SmallVector<SmallVector<unsigned>> structuredItems(numRegions);
  for (unsigned region = 0; region < numRegions; ++region)
    for (auto [position, item] :
         llvm::enumerate(program.getRegion(region).items))
      if (program.getItem(item).kind != BarrierProgram::ItemKind::Access)
        structuredItems[region].push_back(position);

  // Each pair of accesses is looked at in the innermost region holding
  // both: there, `to` or an item around it is at `link.position`.
  for (unsigned to : getAccesses()) {
    SmallVector<ChainLink> chain = getChain(to);
    for (auto [level, link] : llvm::enumerate(chain)) {
      const BarrierProgram::Region &region = program.getRegion(link.region);
      if (region.loopDepth == 0 && region.barriersAllowed) {
        // Outside loops, only forward hazards: from items before.
        scanBackFrom(to, link, present, barrierGaps[link.region],
                     structuredItems[link.region]);
        continue;
      }
      // Every path into `to` from an item of a loop body or an arm inside
      // a loop enters the region at its start or comes from an item before
      // `to`'s, exit point or not.
      if (region.barriersAllowed) {
        scanAroundBody(to, chain, level, present, structuredItems[link.region]);
        continue;
      }
      auto findFrom = [&](unsigned from) { findPairHazards(from, to); };
      for (auto [position, item] : llvm::enumerate(region.items)) {
        if (level == 0 || position != link.position) {
          forEachAccess(item, findFrom);
          continue;
        }
        // The other arms of the branch around `to`.
        for (unsigned arm : program.getItem(item).children)
          if (arm != chain[level - 1].region)
            for (unsigned nested : program.getRegion(arm).items)
              forEachAccess(nested, findFrom);
      }
    }
  }
  // Found by the second access; `findHazards` orders them by the first
  // (a pair's hazards are found together, in their order).
  SmallVector<std::tuple<unsigned, unsigned, unsigned>> order;
  for (auto [index, hazard] : llvm::enumerate(hazards))
    order.emplace_back(hazard.fromItem, hazard.toItem, index);
  llvm::sort(order);
  return llvm::map_to_vector(order, [&](const auto &key) {
    return std::move(hazards[std::get<2>(key)]);
  });
}

SmallVector<Hazard> mlir::wave::findHazards(const BarrierProgram &program,
                                            ConflictOracle conflicts) {
  return HazardFinder(program, conflicts).run();
}

SmallVector<Hazard> mlir::wave::findHazardsOf(const BarrierProgram &program,
                                              unsigned item,
                                              ConflictOracle conflicts) {
  return HazardFinder(program, conflicts).runOf(item);
}

SmallVector<Hazard>
mlir::wave::findPlacementHazards(const BarrierProgram &program,
                                 ConflictOracle conflicts,
                                 ArrayRef<ExistingBarrier> existing) {
  return HazardFinder(program, conflicts).runForPlacement(existing);
}

//===----------------------------------------------------------------------===//
// BarrierSet
//===----------------------------------------------------------------------===//

BarrierSet::BarrierSet(const BarrierProgram &program) {
  for (unsigned region = 0, e = program.getNumRegions(); region < e; ++region)
    gaps.emplace_back(program.getRegion(region).getNumGaps());
}

bool BarrierSet::covers(const GapSegment &segment) const {
  // Word-parallel: hazards of long straight-line code have segments as long
  // as the code, and placement asks about each of them many times.
  const llvm::BitVector &bits = gaps[segment.region];
  unsigned numGaps = bits.size();
  if (segment.length >= numGaps)
    return bits.any();
  unsigned first = segment.first % numGaps;
  unsigned end = first + segment.length;
  if (end <= numGaps)
    return bits.find_first_in(first, end) != -1;
  return bits.find_first_in(first, numGaps) != -1 ||
         bits.find_first_in(0, end - numGaps) != -1;
}

bool BarrierSet::covers(const Hazard &hazard) const {
  return llvm::any_of(
      hazard.cover, [&](const GapSegment &segment) { return covers(segment); });
}

SmallVector<GapRef> BarrierSet::getGaps() const {
  SmallVector<GapRef> result;
  for (auto [region, bits] : llvm::enumerate(gaps))
    for (unsigned index : bits.set_bits())
      result.push_back({static_cast<unsigned>(region), index});
  return result;
}

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

namespace {
/// The gaps of a hazard's home segment, as stabbing sees them.
using Arc = GapSegment;

bool arcContains(const Arc &arc, unsigned gap, unsigned numGaps) {
  return (gap + numGaps - arc.first) % numGaps < arc.length;
}

unsigned arcLast(const Arc &arc, unsigned numGaps) {
  return (arc.first + arc.length - 1) % numGaps;
}

/// The fewest gaps stabbing every arc among the solutions whose lowest gap
/// is `first`, or none if an arc lies entirely below `first`. Arcs missing
/// `first` are cut to their part above it, where greedy stabbing at the
/// latest gap is optimal and puts every later gap as late as possible.
std::optional<SmallVector<unsigned>>
stabWithFirst(ArrayRef<Arc> arcs, unsigned numGaps, unsigned first) {
  SmallVector<std::pair<unsigned, unsigned>> intervals; // (last, first)
  for (const Arc &arc : arcs) {
    if (arcContains(arc, first, numGaps))
      continue;
    // An arc starting below `first` and missing it ends below it too.
    if (arc.first < first)
      return std::nullopt;
    intervals.push_back(
        {std::min(arc.first + arc.length - 1, numGaps - 1), arc.first});
  }
  llvm::sort(intervals);
  SmallVector<unsigned> points = {first};
  for (auto [last, begin] : intervals)
    if (points.back() < begin)
      points.push_back(last);
  return points;
}

/// Greedy stabbing at the latest gap: optimal on a line.
SmallVector<unsigned> stabLine(ArrayRef<Arc> arcs) {
  SmallVector<std::pair<unsigned, unsigned>> intervals;
  for (const Arc &arc : arcs)
    intervals.push_back({arc.first + arc.length - 1, arc.first});
  llvm::sort(intervals);
  SmallVector<unsigned> points;
  for (auto [last, begin] : intervals)
    if (points.empty() || points.back() < begin)
      points.push_back(last);
  return points;
}

/// Fewest gaps stabbing every arc of a region: on a cycle, some optimal
/// solution has each possible lowest gap; trying them all finds one.
unsigned countMinStab(ArrayRef<Arc> arcs, unsigned numGaps, bool cyclic) {
  if (arcs.empty())
    return 0;
  if (!cyclic)
    return stabLine(arcs).size();
  unsigned best = numGaps;
  for (unsigned first = 0; first < numGaps; ++first)
    if (auto points = stabWithFirst(arcs, numGaps, first))
      best = std::min<unsigned>(best, points->size());
  return best;
}

class Placer {
public:
  Placer(const BarrierProgram &program, ArrayRef<Hazard> hazards,
         BarrierSet &chosen, SmallVectorImpl<unsigned> &uncoverable)
      : program(program), hazards(hazards), chosen(chosen),
        uncoverable(uncoverable), homeHazards(program.getNumRegions()) {
    for (auto [index, hazard] : llvm::enumerate(hazards))
      homeHazards[hazard.getHomeRegion()].push_back(index);
  }

  void solve(unsigned region);

private:
  /// The home arcs of `region`'s hazards that `chosen` (plus `extra` gaps
  /// of region `extraRegion`) does not cover.
  SmallVector<Arc> getOpenArcs(unsigned region, unsigned extraRegion = 0,
                               ArrayRef<unsigned> extra = {}) const;
  /// Barriers the parent of `region` would need if `points` were chosen in
  /// `region`.
  unsigned getParentCost(unsigned region, ArrayRef<unsigned> points) const;
  /// Whether some open hazard of `region`'s parent region could be covered
  /// by a barrier in `region`.
  bool parentDependsOn(unsigned region) const;
  SmallVector<unsigned> choose(unsigned region, ArrayRef<Arc> arcs) const;

  const BarrierProgram &program;
  ArrayRef<Hazard> hazards;
  BarrierSet &chosen;
  SmallVectorImpl<unsigned> &uncoverable;
  SmallVector<SmallVector<unsigned>> homeHazards;
};
} // namespace

SmallVector<Arc> Placer::getOpenArcs(unsigned region, unsigned extraRegion,
                                     ArrayRef<unsigned> extra) const {
  SmallVector<Arc> arcs;
  for (unsigned index : homeHazards[region]) {
    const Hazard &hazard = hazards[index];
    if (chosen.covers(hazard))
      continue;
    bool coveredByExtra = llvm::any_of(hazard.cover, [&](const GapSegment &s) {
      if (s.region != extraRegion)
        return false;
      unsigned numGaps = program.getRegion(s.region).getNumGaps();
      return llvm::any_of(
          extra, [&](unsigned gap) { return arcContains(s, gap, numGaps); });
    });
    if (!coveredByExtra)
      arcs.push_back(hazard.cover.front());
  }
  return arcs;
}

unsigned Placer::getParentCost(unsigned region,
                               ArrayRef<unsigned> points) const {
  unsigned parent = *program.getParentRegion(region);
  const BarrierProgram::Region &parentRegion = program.getRegion(parent);
  return countMinStab(getOpenArcs(parent, region, points),
                      parentRegion.getNumGaps(), parentRegion.cyclic);
}

bool Placer::parentDependsOn(unsigned region) const {
  std::optional<unsigned> parent = program.getParentRegion(region);
  if (!parent)
    return false;
  return llvm::any_of(homeHazards[*parent], [&](unsigned index) {
    const Hazard &hazard = hazards[index];
    return !chosen.covers(hazard) &&
           llvm::any_of(hazard.cover, [&](const GapSegment &segment) {
             return segment.region == region;
           });
  });
}

SmallVector<unsigned> Placer::choose(unsigned region,
                                     ArrayRef<Arc> arcs) const {
  const BarrierProgram::Region &info = program.getRegion(region);
  unsigned numGaps = info.getNumGaps();
  bool weighParent = parentDependsOn(region);
  if (!info.cyclic && !weighParent)
    return stabLine(arcs);

  // Every optimal solution has some lowest gap; for each, the greedy rest
  // puts the highest gap as late as possible. The parent region only cares
  // about the lowest and the highest gap (how much of its hazards into and
  // out of this region they cover), so this finds the best for it. Ties go
  // to solutions whose every gap ends an arc it stabs (barriers right
  // before the access that needs them), then to the lowest first gap.
  std::optional<std::tuple<unsigned, unsigned, unsigned>> bestScore;
  SmallVector<unsigned> best;
  for (unsigned first = 0; first < numGaps; ++first) {
    std::optional<SmallVector<unsigned>> points =
        stabWithFirst(arcs, numGaps, first);
    if (!points)
      continue;
    unsigned loose = llvm::count_if(*points, [&](unsigned point) {
      return llvm::none_of(
          arcs, [&](const Arc &arc) { return arcLast(arc, numGaps) == point; });
    });
    unsigned parentCost = weighParent ? getParentCost(region, *points) : 0;
    std::tuple<unsigned, unsigned, unsigned> score = {points->size(),
                                                      parentCost, loose};
    if (!bestScore || score < *bestScore) {
      bestScore = score;
      best = std::move(*points);
    }
  }
  return best;
}

void Placer::solve(unsigned region) {
  for (unsigned item : program.getRegion(region).items)
    for (unsigned child : program.getItem(item).children)
      solve(child);

  SmallVector<Arc> arcs = getOpenArcs(region);
  if (arcs.empty())
    return;
  if (!program.getRegion(region).barriersAllowed) {
    for (unsigned index : homeHazards[region])
      if (!chosen.covers(hazards[index]))
        uncoverable.push_back(index);
    return;
  }
  for (unsigned gap : choose(region, arcs))
    chosen.insert({region, gap});
}

namespace {
/// The segments of the hazards' covers by region and first gap, to find the
/// hazards a barrier alone orders without looking at every hazard.
class SegmentsByStart {
public:
  SegmentsByStart(const BarrierProgram &program, ArrayRef<Hazard> hazards)
      : program(program), hazards(hazards) {
    for (unsigned region = 0, e = program.getNumRegions(); region < e; ++region)
      starts.emplace_back(program.getRegion(region).getNumGaps());
    for (auto [index, hazard] : llvm::enumerate(hazards))
      for (const GapSegment &segment : hazard.cover)
        starts[segment.region]
              [segment.first % program.getRegion(segment.region).getNumGaps()]
                  .push_back(index);
  }

  /// Whether some hazard with a segment holding `gap` has no barrier of
  /// `present` in its cover. A segment holding `gap` runs from its first
  /// gap forward to `gap`; if it starts before the barrier of `present`
  /// nearest ahead of `gap` (going backwards, around the back edge of a
  /// loop body), it holds that barrier: only segments starting after it
  /// need a look.
  bool isNeeded(GapRef gap, const BarrierSet &present) const {
    unsigned numGaps = program.getRegion(gap.region).getNumGaps();
    unsigned first = gap.index;
    for (unsigned step = 0; step < numGaps; ++step) {
      if (step != 0 && present.contains({gap.region, first}))
        return false;
      for (unsigned index : starts[gap.region][first]) {
        const Hazard &hazard = hazards[index];
        if (!present.covers(hazard) &&
            llvm::any_of(hazard.cover, [&](const GapSegment &segment) {
              return segment.region == gap.region &&
                     arcContains(segment, gap.index, numGaps);
            }))
          return true;
      }
      first = first == 0 ? numGaps - 1 : first - 1;
    }
    return false;
  }

private:
  const BarrierProgram &program;
  ArrayRef<Hazard> hazards;
  /// Per region and gap, the hazards with a segment starting there.
  SmallVector<SmallVector<SmallVector<unsigned>>> starts;
};
} // namespace

BarrierPlacement mlir::wave::placeBarriers(const BarrierProgram &program,
                                           ArrayRef<Hazard> hazards,
                                           ArrayRef<ExistingBarrier> existing,
                                           bool keepAllExisting) {
  BarrierPlacement result;
  result.keepExisting.assign(existing.size(), true);

  // Barriers where not every lane arrives order nothing; they stay as they
  // are. The others cover hazards, several at one gap as one.
  auto isEffective = [&](const ExistingBarrier &barrier) {
    return program.getRegion(barrier.gap.region).barriersAllowed;
  };
  BarrierSet present(program);
  SmallVector<SmallVector<unsigned>> countAt;
  for (unsigned region = 0, e = program.getNumRegions(); region < e; ++region)
    countAt.emplace_back(program.getRegion(region).getNumGaps(), 0);
  for (const ExistingBarrier &barrier : existing) {
    if (!isEffective(barrier))
      continue;
    present.insert(barrier.gap);
    ++countAt[barrier.gap.region][barrier.gap.index];
  }

  if (!keepAllExisting) {
    // Innermost loops first (they cost the most), then program order: of two
    // barriers ordering the same hazards the later one stays.
    SmallVector<unsigned> order;
    for (auto [index, barrier] : llvm::enumerate(existing))
      if (barrier.removable && isEffective(barrier))
        order.push_back(index);
    llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
      unsigned lhsDepth = program.getRegion(existing[lhs].gap.region).loopDepth;
      unsigned rhsDepth = program.getRegion(existing[rhs].gap.region).loopDepth;
      return std::make_pair(rhsDepth, lhs) < std::make_pair(lhsDepth, rhs);
    });
    SegmentsByStart starts(program, hazards);
    for (unsigned index : order) {
      GapRef gap = existing[index].gap;
      unsigned &count = countAt[gap.region][gap.index];
      if (count == 1) {
        present.erase(gap);
        // Needed when it alone orders some hazard.
        if (starts.isNeeded(gap, present)) {
          present.insert(gap);
          continue;
        }
      }
      --count;
      result.keepExisting[index] = false;
    }
  }

  BarrierSet chosen = present;
  Placer(program, hazards, chosen, result.uncoverable)
      .solve(BarrierProgram::kRoot);
  for (GapRef gap : chosen.getGaps())
    if (!present.contains(gap))
      result.inserted.push_back(gap);
  return result;
}
