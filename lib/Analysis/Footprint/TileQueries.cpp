//===- TileQueries.cpp - The lanes of a staged tile -----------------------===//
//
// Each question is about the lane parts of a copy, every leaf but the
// thread ids at 0: one system a lane, slot run and question, its extremes
// lexicographic minima.
//
//===----------------------------------------------------------------------===//

#include "wave/Analysis/Footprint/TileQueries.h"

#include "Execution.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::detail;

//===----------------------------------------------------------------------===//
// The box of a staged tile
//===----------------------------------------------------------------------===//

namespace {
/// One lane of the workgroup touching one element through an access, with
/// every leaf but the thread ids at 0.
struct LanePart {
  /// The linear thread id.
  Linear lane;
  SmallVector<Linear> coordinate;
};
} // namespace
/// The coordinate `fp` touches in the lane of `threadId`, slot `slot`, with
/// every leaf but the thread ids at 0. Fails when an address is not affine.
static FailureOr<SmallVector<Linear>>
buildLaneCoordinate(System &system, const SymbolicFootprint::Impl &fp,
                    ArrayRef<Linear> threadId, const Linear &slot) {
  SmallVector<Linear> leafValues =
      llvm::map_to_vector(fp.leaves, [&](const FootprintLeaf &leaf) {
        return leaf.indexClass.kind == IndexKind::ThreadId
                   ? threadId[leaf.indexClass.dim]
                   : Linear::of(0);
      });
  SmallVector<Linear> coordinate;
  for (AffineExpr result : fp.map.getResults()) {
    FailureOr<Linear> value = system.linearize(result, leafValues);
    if (failed(value))
      return failure();
    coordinate.push_back(*value);
  }
  coordinate[fp.contiguousDim] = coordinate[fp.contiguousDim] + slot;
  return coordinate;
}

/// A variable for a slot of the run `[first, last]` (a constant for one).
static Linear addSlot(System &system, std::pair<int64_t, int64_t> run) {
  return run.first == run.second ? Linear::of(run.first)
                                 : system.addVar(run.first, run.second);
}

/// Adds a `LanePart` of `fp` to `system`, its slot in the run `run` of
/// `fp.slotRuns`. Fails when an address is not affine.
static FailureOr<LanePart>
buildLanePart(System &system, const SymbolicFootprint::Impl &fp, unsigned run) {
  std::array<int64_t, 3> block = *fp.sizes.workgroupSize;
  std::array<Linear, 3> threadId = addThreadIds(system, block);
  LanePart part;
  part.lane = getLinearId(threadId, block);
  Linear slot = addSlot(system, fp.slotRuns[run]);
  FailureOr<SmallVector<Linear>> coordinate =
      buildLaneCoordinate(system, fp, threadId, slot);
  if (failed(coordinate))
    return failure();
  part.coordinate = std::move(*coordinate);
  return part;
}

FailureOr<LaneBox>
mlir::wave::findLaneBox(ArrayRef<const SymbolicFootprint *> footprints,
                        std::string *reason) {
  if (footprints.empty()) {
    setReason(reason, "there are no accesses");
    return failure();
  }
  unsigned rank = footprints.front()->getMemRefType().getRank();
  // Each run of slots of each access: a part of the copy.
  SmallVector<std::pair<const SymbolicFootprint::Impl *, unsigned>> parts;
  // Lanes and slots over all parts: elements with repetitions.
  int64_t touched = 0;
  for (const SymbolicFootprint *footprint : footprints) {
    const SymbolicFootprint::Impl &fp = footprint->getImpl();
    std::string accessName = describeOp(fp.op);
    if (fp.type.getRank() != rank) {
      setReason(reason, accessName + " has another rank");
      return failure();
    }
    if (!fp.sizes.workgroupSize) {
      setReason(reason, accessName + " is not in a gpu.func with a "
                                     "known_block_size");
      return failure();
    }
    auto [x, y, z] = *fp.sizes.workgroupSize;
    for (auto [run, slots] : llvm::enumerate(fp.slotRuns)) {
      parts.push_back({&fp, run});
      touched += x * y * z * (slots.second - slots.first + 1);
    }
  }
  if (parts.empty()) {
    setReason(reason, "no lane touches an element");
    return failure();
  }

  // Exact extremes of each coordinate: the lexicographic minimum of a
  // system whose first variable is the coordinate (or its negation).
  LaneBox result;
  SmallVector<std::optional<int64_t>> lo(rank), hi(rank);
  // Each part's own box, `[low, high]` a dimension.
  SmallVector<SmallVector<std::pair<int64_t, int64_t>>> partBoxes;
  for (auto [fp, run] : parts) {
    SmallVector<std::pair<int64_t, int64_t>> &partBox =
        partBoxes.emplace_back(rank);
    for (unsigned d = 0; d < rank; ++d) {
      for (int sign : {1, -1}) {
        System system;
        Linear extreme = system.addVar();
        FailureOr<LanePart> part = buildLanePart(system, *fp, run);
        if (failed(part)) {
          setReason(reason,
                    "the address of " + describeOp(fp->op) + " is not affine");
          return failure();
        }
        system.addEq(extreme - part->coordinate[d] * sign);
        if (system.hasOverflow()) {
          setReason(reason, "the address of " + describeOp(fp->op) +
                                " overflows 64-bit integers");
          return failure();
        }
        std::optional<int64_t> value = system.findLexMinOfFirst();
        if (!value) {
          setReason(reason, "coordinate " + Twine(d) + " of " +
                                describeOp(fp->op) + " could not be bounded");
          return failure();
        }
        std::optional<int64_t> &bound = sign > 0 ? lo[d] : hi[d];
        int64_t x = *value * sign;
        (sign > 0 ? partBox[d].first : partBox[d].second) = x;
        bound = !bound     ? x
                : sign > 0 ? std::min(*bound, x)
                           : std::max(*bound, x);
      }
    }
  }
  int64_t volume = 1;
  for (unsigned d = 0; d < rank; ++d) {
    result.box.lowerBounds.push_back(*lo[d]);
    result.box.extents.push_back(*hi[d] - *lo[d] + 1);
    if (llvm::MulOverflow(volume, result.box.extents.back(), volume)) {
      setReason(reason, "the box has more than 2^63 elements");
      return failure();
    }
  }

  // Every element touched lies in the box: fewer touches than elements
  // leave a hole, as many fill it exactly when no element is touched
  // twice, and more decide nothing.
  if (touched < volume)
    return result;
  if (touched > volume) {
    setReason(reason, "the lanes touch " + Twine(touched) +
                          " elements with repetitions for a box of " +
                          Twine(volume));
    return failure();
  }
  auto disjoint = [&](unsigned i, unsigned j) {
    return llvm::any_of(llvm::seq(rank), [&](unsigned d) {
      return partBoxes[i][d].second < partBoxes[j][d].first ||
             partBoxes[j][d].second < partBoxes[i][d].first;
    });
  };
  for (unsigned i = 0; i < parts.size(); ++i) {
    for (unsigned j = i; j < parts.size(); ++j) {
      // Parts whose boxes are apart touch no common element.
      if (j != i && disjoint(i, j))
        continue;
      auto first = parts[i], second = parts[j];
      System system;
      FailureOr<LanePart> a = buildLanePart(system, *first.first, first.second);
      FailureOr<LanePart> b =
          buildLanePart(system, *second.first, second.second);
      if (failed(a) || failed(b))
        return failure();
      for (unsigned d = 0; d < rank; ++d)
        system.addEq(a->coordinate[d] - b->coordinate[d]);
      // Within one part, slots of one lane never meet: other lanes do.
      if (i == j)
        system.addGe(b->lane - a->lane - 1);
      if (system.hasOverflow()) {
        setReason(reason, "an address overflows 64-bit integers");
        return failure();
      }
      if (system.findSample())
        return result;
    }
  }
  result.dense = true;
  return result;
}

//===----------------------------------------------------------------------===//
// The placement of a staged tile
//===----------------------------------------------------------------------===//

namespace {
/// One pair of a copy in a system: a lane, a slot of one run of slots, and
/// the element the read touches there and where the write puts it. The lane
/// and the slot are the system's first two variables, so that its
/// lexicographic minimum is the first element in lane and slot order.
struct CopyPart {
  Linear lane, slot;
  SmallVector<Linear> source, tile;
};
} // namespace

static FailureOr<CopyPart> buildCopyPart(System &system,
                                         const SymbolicFootprint::Impl &read,
                                         const SymbolicFootprint::Impl &write,
                                         std::pair<int64_t, int64_t> run) {
  std::array<int64_t, 3> block = *read.sizes.workgroupSize;
  CopyPart part;
  part.lane = system.addVar();
  part.slot = system.addVar(run.first, run.second);
  std::array<Linear, 3> threadId = addThreadIds(system, block);
  system.addEq(part.lane - getLinearId(threadId, block));
  FailureOr<SmallVector<Linear>> source =
      buildLaneCoordinate(system, read, threadId, part.slot);
  FailureOr<SmallVector<Linear>> tile =
      buildLaneCoordinate(system, write, threadId, part.slot);
  if (failed(source) || failed(tile))
    return failure();
  part.source = std::move(*source);
  // A tile of lower rank than its source holds the source's last
  // dimensions: its coordinates lead with zeros, so that the translation
  // holds only where the source's other coordinates are fixed.
  part.tile.assign(part.source.size() - tile->size(), Linear::of(0));
  llvm::append_range(part.tile, *tile);
  return part;
}

static CopiedElement evaluate(const CopyPart &part, ArrayRef<int64_t> point) {
  CopiedElement element;
  element.lane = part.lane.evaluate(point);
  element.slot = part.slot.evaluate(point);
  for (const Linear &x : part.source)
    element.source.push_back(x.evaluate(point));
  for (const Linear &x : part.tile)
    element.tile.push_back(x.evaluate(point));
  return element;
}

FailureOr<LaneTranslation> mlir::wave::findLaneTranslation(
    ArrayRef<std::pair<const SymbolicFootprint *, const SymbolicFootprint *>>
        copies,
    std::string *reason) {
  if (copies.empty()) {
    setReason(reason, "there are no accesses");
    return failure();
  }
  for (auto [read, write] : copies) {
    const SymbolicFootprint::Impl &r = read->getImpl(), &w = write->getImpl();
    if (!r.sizes.workgroupSize || !w.sizes.workgroupSize ||
        *r.sizes.workgroupSize != *w.sizes.workgroupSize) {
      setReason(reason, describeOp(r.op) + " and " + describeOp(w.op) +
                            " are not in one gpu.func with a "
                            "known_block_size");
      return failure();
    }
    if (r.slotRuns != w.slotRuns) {
      setReason(reason, describeOp(w.op) + " does not store the slots " +
                            describeOp(r.op) + " reads");
      return failure();
    }
    if (w.type.getRank() > r.type.getRank()) {
      setReason(reason, describeOp(w.op) +
                            " accesses a memref of higher rank than " +
                            describeOp(r.op));
      return failure();
    }
  }
  auto build = [&](System &system, unsigned pair,
                   unsigned run) -> FailureOr<CopyPart> {
    auto [read, write] = copies[pair];
    FailureOr<CopyPart> part =
        buildCopyPart(system, read->getImpl(), write->getImpl(),
                      read->getImpl().slotRuns[run]);
    if (failed(part)) {
      setReason(reason, "the address of " + describeOp(read->getOp()) + " or " +
                            describeOp(write->getOp()) + " is not affine");
      return failure();
    }
    if (system.hasOverflow()) {
      setReason(reason, "the address of " + describeOp(read->getOp()) + " or " +
                            describeOp(write->getOp()) +
                            " overflows 64-bit integers");
      return failure();
    }
    return part;
  };

  // The first element: lane 0 of the first pair, its first slot.
  LaneTranslation result;
  {
    if (copies.front().first->getImpl().slotRuns.empty()) {
      setReason(reason, "no lane touches an element");
      return failure();
    }
    System system;
    system.shareQuotients();
    FailureOr<CopyPart> part = build(system, 0, 0);
    if (failed(part))
      return failure();
    system.addEq(part->lane);
    system.addEq(part->slot -
                 copies.front().first->getImpl().slotRuns[0].first);
    std::optional<SmallVector<int64_t>> first = system.findSample();
    if (!first) {
      setReason(reason, "the first element could not be found");
      return failure();
    }
    result.first = evaluate(*part, *first);
  }
  SmallVector<int64_t> shift;
  for (auto [g, l] : llvm::zip_equal(result.first.source, result.first.tile))
    shift.push_back(l - g);

  // The first element of each pair, in lane and slot order, whose
  // difference is not `shift`: one question a coordinate and direction.
  for (unsigned pair = 0; pair < copies.size(); ++pair) {
    std::optional<CopiedElement> mismatch;
    const SymbolicFootprint::Impl &read = copies[pair].first->getImpl();
    for (unsigned run = 0; run < read.slotRuns.size(); ++run) {
      for (unsigned d = 0; d < shift.size(); ++d) {
        for (int sign : {1, -1}) {
          System system;
          system.shareQuotients();
          FailureOr<CopyPart> part = build(system, pair, run);
          if (failed(part))
            return failure();
          Linear difference = part->tile[d] - part->source[d] - shift[d];
          // Accesses that differ by a translation mostly subtract to a
          // constant, which needs no question.
          if (difference.isConstant() && difference.constant == 0)
            break;
          system.addGe(difference * sign - 1);
          if (!system.findSample())
            continue;
          std::optional<SmallVector<int64_t>> point = system.findLexMin();
          if (!point) {
            setReason(reason, "an element of " + describeOp(read.op) +
                                  " could not be found");
            return failure();
          }
          CopiedElement element = evaluate(*part, *point);
          if (!mismatch || std::make_pair(element.lane, element.slot) <
                               std::make_pair(mismatch->lane, mismatch->slot))
            mismatch = std::move(element);
        }
      }
    }
    if (mismatch) {
      result.mismatch = std::move(mismatch);
      result.mismatchPair = pair;
      return result;
    }
  }
  result.shift = std::move(shift);
  return result;
}

bool mlir::wave::startsRunsOfLanes(ArrayRef<const SymbolicFootprint *> reads,
                                   const FootprintBox &box,
                                   ArrayRef<unsigned> dimOrder, int64_t width,
                                   int64_t numLanes) {
  unsigned inner = dimOrder.back();
  int64_t runsPerRow = box.extents[inner] / width;
  for (const SymbolicFootprint *footprint : reads) {
    const SymbolicFootprint::Impl &fp = footprint->getImpl();
    if (!fp.sizes.workgroupSize || fp.slotRuns.empty() ||
        fp.slotRuns.front().first != 0)
      return false;
    // Is there a lane whose element 0 is not at the start of a run (a
    // remainder modulo the width), or starts a run of another lane (a
    // remainder modulo the lanes)?
    for (bool aligned : {false, true}) {
      if ((!aligned && width == 1) || (aligned && numLanes == 1))
        continue;
      System system;
      std::array<int64_t, 3> block = *fp.sizes.workgroupSize;
      std::array<Linear, 3> threadId = addThreadIds(system, block);
      FailureOr<SmallVector<Linear>> coordinate =
          buildLaneCoordinate(system, fp, threadId, Linear::of(0));
      if (failed(coordinate))
        return false;
      Linear column = (*coordinate)[inner] - box.lowerBounds[inner];
      Linear quotient = system.addVar();
      Linear remainder = aligned ? Linear::of(0) : system.addVar(1, width - 1);
      system.addEq(column - quotient * width - remainder);
      if (aligned) {
        // The run's number, row-major over the box.
        Linear run = quotient;
        int64_t scale = runsPerRow;
        for (unsigned d : llvm::reverse(dimOrder.drop_back())) {
          run = run + ((*coordinate)[d] - box.lowerBounds[d]) * scale;
          scale *= box.extents[d];
        }
        Linear multiple = system.addVar();
        Linear other = system.addVar(1, numLanes - 1);
        system.addEq(run - getLinearId(threadId, block) - multiple * numLanes -
                     other);
      }
      if (system.hasOverflow() || system.findSample())
        return false;
    }
  }
  return true;
}

/// Element offset of `coordinate` in the allocation of a memref of `type`;
