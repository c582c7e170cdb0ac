//===- BarrierPlacement.h - Fewest barriers ordering hazards ----*- C++ -*-===//
//
// The target-independent core of barrier insertion. A `BarrierProgram` is a
// structured program reduced to what barrier placement needs: memory
// accesses (opaque ids), loops and branches, and the program points
// ("gaps") between them where a barrier may go. `findHazards` asks a
// conflict oracle about every pair of accesses along every kind of
// control-flow path (forward in one execution, from one loop iteration to
// the next, or to a later one) and records, for each conflicting pair, the
// gaps a barrier may occupy to order it. `placeBarriers` then keeps the
// existing barriers that are needed and adds the fewest new ones, preferring
// gaps outside loops.
//
// The LDS hazard analysis (LdsHazards.h) builds a program from a kernel and
// answers the oracle from access footprints; the unit tests build programs
// of synthetic accesses and compare the placement with a brute-force
// optimum. docs/passes/wave-insert-barriers.md describes the algorithm.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_ANALYSIS_LDS_BARRIERPLACEMENT_H
#define WAVE_ANALYSIS_LDS_BARRIERPLACEMENT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::wave {

/// A program point: gap `index` of `region`. Gap `i` lies just before the
/// region's item `i`; the last gap lies after its last item.
struct GapRef {
  unsigned region = 0;
  unsigned index = 0;

  bool operator==(const GapRef &other) const {
    return region == other.region && index == other.index;
  }
};

/// A structured program of accesses, loops and branches.
///
/// A region is a sequence of items with a gap before each item and one after
/// the last. The root region is straight-line code. A branch item owns one
/// region per arm, executed at most once per execution of the branch. A loop
/// item owns one cyclic region, its body: execution enters at gap 0, runs
/// forward, and after the last gap goes back to gap 0 or leaves. A loop
/// that decides to leave in the middle of its body (`scf.while`, whose
/// "before" part always runs once more than its "after" part) marks that
/// point with a loop-exit item: the loop then leaves right after the gap
/// before it, and never after the last gap.
class BarrierProgram {
public:
  enum class ItemKind { Access, Loop, Branch, LoopExit };

  struct Item {
    ItemKind kind;
    /// The region holding the item and the item's position in it.
    unsigned region;
    unsigned position;
    /// The caller's id of an access.
    unsigned access = 0;
    /// The body of a loop; the arms of a branch.
    SmallVector<unsigned, 2> children;
  };

  struct Region {
    /// The loop or branch owning the region; none for the root.
    std::optional<unsigned> parentItem;
    SmallVector<unsigned> items;
    /// A loop body.
    bool cyclic = false;
    /// In a loop body: the gap after which the loop leaves.
    std::optional<unsigned> exitGap;
    /// A loop body that may run zero times.
    bool mayRunZeroTimes = true;
    /// Whether a barrier may be placed here: false under control flow that
    /// not every lane of the workgroup takes alike.
    bool barriersAllowed = true;
    /// Number of loops around the region's gaps (their cost order).
    unsigned loopDepth = 0;

    unsigned getNumGaps() const { return items.size() + 1; }
    /// The gap after which a loop leaves (the last gap by default).
    unsigned getExitGap() const {
      return exitGap ? *exitGap : getNumGaps() - 1;
    }
  };

  BarrierProgram();

  static constexpr unsigned kRoot = 0;

  /// Appends an access with the caller's id `access` to `region`.
  unsigned addAccess(unsigned region, unsigned access);
  /// Appends a loop to `region` and returns its item; its body is
  /// `getItem(loop).children[0]`. `barriersAllowed` is and-ed with the
  /// region's.
  unsigned addLoop(unsigned region, bool mayRunZeroTimes, bool barriersAllowed);
  /// Appends the point where the loop owning `body` leaves (see above).
  unsigned addLoopExit(unsigned body);
  /// Appends a branch with `numArms` arms to `region`.
  unsigned addBranch(unsigned region, unsigned numArms, bool barriersAllowed);

  /// The gap where the next item appended to `region` would go (the last
  /// gap of the region once it is complete).
  GapRef getEndGap(unsigned region) const {
    return {region, static_cast<unsigned>(regions[region].items.size())};
  }

  const Item &getItem(unsigned item) const { return items[item]; }
  const Region &getRegion(unsigned region) const { return regions[region]; }
  unsigned getNumItems() const { return items.size(); }
  unsigned getNumRegions() const { return regions.size(); }
  /// The region holding the item that owns `region`.
  std::optional<unsigned> getParentRegion(unsigned region) const;

private:
  unsigned addItem(unsigned region, ItemKind kind);
  unsigned addRegion(unsigned parentItem, bool cyclic, bool barriersAllowed);

  SmallVector<Item> items;
  SmallVector<Region> regions;
};

/// The gaps `first, first + 1, ..., first + length - 1` of a region, modulo
/// its number of gaps (a segment of a loop body may wrap around the back
/// edge).
struct GapSegment {
  unsigned region;
  unsigned first;
  unsigned length;
};

/// The paths a conflict query is about. Without `carrierLoop`: from the
/// first access to the second in one execution of the innermost region
/// holding both (both in the same iteration of every loop around them).
/// With it: from an iteration of that loop to the next one (`distance` 1) or
/// to one at least two iterations later (`distance` 2); loops around the
/// carrier are in the same iteration, loops inside it in any.
struct PathClass {
  std::optional<unsigned> carrierLoop;
  unsigned distance = 0;
};

/// Whether the accesses with the caller's ids `from` and `to`, executed in
/// that order along paths of the given class, touch a common address from
/// lanes whose accesses the hardware does not order, with one of them
/// writing. Queried with `from == to` for loop-carried paths.
using ConflictOracle =
    function_ref<bool(unsigned from, unsigned to, const PathClass &paths)>;

/// A conflicting pair of accesses along paths of one class, and where a
/// barrier orders it.
struct Hazard {
  /// The access items, in execution order.
  unsigned fromItem, toItem;
  PathClass paths;
  /// Gaps at least one of which lies on every path of the class; the first
  /// segment is in the region that encloses all the others (the hazard's
  /// home region, where placement covers it).
  SmallVector<GapSegment, 4> cover;

  unsigned getHomeRegion() const { return cover.front().region; }
};

/// Every hazard of `program` according to `conflicts`, by access item of
/// the first access, then of the second (item ids ascending).
SmallVector<Hazard> findHazards(const BarrierProgram &program,
                                ConflictOracle conflicts);

/// The hazards of `findHazards` that `item` (an access) takes part in, in
/// the same order.
SmallVector<Hazard> findHazardsOf(const BarrierProgram &program, unsigned item,
                                  ConflictOracle conflicts);

/// A set of gaps holding barriers.
class BarrierSet {
public:
  explicit BarrierSet(const BarrierProgram &program);

  void insert(GapRef gap) { gaps[gap.region].set(gap.index); }
  void erase(GapRef gap) { gaps[gap.region].reset(gap.index); }
  bool contains(GapRef gap) const { return gaps[gap.region].test(gap.index); }
  /// Whether a barrier of the set lies in a segment of `hazard`'s cover.
  bool covers(const Hazard &hazard) const;
  bool covers(const GapSegment &segment) const;
  /// The gaps of the set, by region and index.
  SmallVector<GapRef> getGaps() const;

private:
  SmallVector<llvm::BitVector> gaps;
};

/// A barrier already in the program.
struct ExistingBarrier {
  GapRef gap;
  /// Whether placement may remove it when it orders nothing.
  bool removable = true;
};

/// The hazards of `findHazards` (in the same order) but those that another
/// one implies for placement with the barriers `existing`: `placeBarriers`
/// makes the same decisions with these as with all of them, and asks the
/// oracle about far fewer pairs. A forward hazard into an access from an
/// access that is an item of a region outside every loop, where barriers
/// are allowed, is implied by the forward hazard into the same access from
/// a later item of that region when no loop that runs lies between the two,
/// and when the later one is ordered by `existing` or no barrier of
/// `existing` lies between the two: its gaps hold the later one's, end at
/// the same gap and cross the same regions. Straight-line code is scanned
/// back from each access to the nearest conflicting one. In a loop body
/// (with an exit point or not) or a branch arm inside a loop, where
/// barriers are allowed, the scan goes around the back edge, and a hazard
/// into an access from an item of the region is left out when a nearer
/// item's hazard ending at the same gap is ordered by `existing`: every
/// path into the access from a farther item enters the region at its start
/// or passes the nearer item, so every hazard of the farther item holds
/// the nearer one's gaps; it stays ordered through placement and never
/// decides anything. Hazards in regions where barriers are not allowed are
/// all found.
SmallVector<Hazard> findPlacementHazards(const BarrierProgram &program,
                                         ConflictOracle conflicts,
                                         ArrayRef<ExistingBarrier> existing);

struct BarrierPlacement {
  /// For each existing barrier, whether it stays.
  SmallVector<bool> keepExisting;
  /// Gaps that get a new barrier.
  SmallVector<GapRef> inserted;
  /// Hazards (indices) no barrier can order: every gap that would is in a
  /// region where barriers are not allowed.
  SmallVector<unsigned> uncoverable;
};

/// Orders every hazard with barriers. Existing barriers in regions that
/// allow barriers cover hazards; unless `keepAllExisting`, those needed by
/// no hazard (given the others that stay) are dropped, the innermost and
/// earliest first. New barriers go where they cost least: the fewest in the
/// innermost loops first, then the fewest overall. Within a region this is
/// greedy interval stabbing (at the latest gap on straight-line code; over
/// all first gaps around a loop body's cycle), and of the equally cheap
/// choices for a loop body the one leaving the fewest barriers to its
/// parent region.
BarrierPlacement placeBarriers(const BarrierProgram &program,
                               ArrayRef<Hazard> hazards,
                               ArrayRef<ExistingBarrier> existing,
                               bool keepAllExisting);

} // namespace mlir::wave

#endif // WAVE_ANALYSIS_LDS_BARRIERPLACEMENT_H
