//===- CollectivesTest.cpp - Wave collectives against hand results --------===//
//
// Every collective on waves of 32 and 64 lanes, once with every lane active
// and once with only the odd lanes active (under a divergent scf.if), against
// results worked out by hand (closed forms of the inputs below).
//
//===----------------------------------------------------------------------===//

#include "KernelTestUtils.h"

using namespace mlir;
using namespace mlir::wave;
using namespace mlir::wave::testing;

namespace {

/// Lane l loads in[l] into %x (type T) and, if active, runs BODY (which
/// defines %r of type T) and stores %r to out[l]. ALL = "true" makes every
/// lane active, "false" only the odd ones.
constexpr const char *kKernel = R"mlir(
gpu.module @m {
  gpu.func @k(%in: memref<@W@x@T@>, %out: memref<@W@x@T@>) kernel
      attributes {known_block_size = array<i32: @W@, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "@CHIP@", wave_size = @W@>} {
    %l = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %x = memref.load %in[%l] : memref<@W@x@T@>
    %parity = arith.remui %l, %c2 : index
    %odd = arith.cmpi eq, %parity, %c1 : index
    %all = arith.constant @ALL@
    %active = arith.ori %odd, %all : i1
    scf.if %active {
      @BODY@
      memref.store %r, %out[%l] : memref<@W@x@T@>
    }
    gpu.return
  }
}
)mlir";

/// What an inactive lane's output keeps.
constexpr int64_t kUntouched = 777;

class CollectivesTest : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned width() const { return GetParam(); }

  /// Runs BODY over inputs `input(l)`; returns the output buffer.
  Buffer runBuffer(StringRef type, StringRef body, bool allLanes,
                   llvm::function_ref<double(int64_t)> input) {
    unsigned w = width();
    std::string source =
        substitute(kKernel, {{"W", std::to_string(w)},
                             {"T", type.str()},
                             {"CHIP", w == 32 ? "gfx1100" : "gfx942"},
                             {"ALL", allLanes ? "true" : "false"},
                             {"BODY", body.str()}});
    KernelModule module(source);
    EXPECT_TRUE(module.parsed()) << module.allDiagnostics();
    ElementKind kind = type == "f32"   ? ElementKind::F32
                       : type == "i64" ? ElementKind::I64
                                       : ElementKind::I32;
    SmallVector<Buffer> args;
    args.emplace_back(kind, ArrayRef<int64_t>{w});
    args.emplace_back(kind, ArrayRef<int64_t>{w});
    for (unsigned l = 0; l < w; ++l) {
      setAt(args[0], l, input(l));
      setAt(args[1], l, kUntouched);
    }
    EXPECT_TRUE(succeeded(module.run("k", args))) << module.allDiagnostics();
    return args[1];
  }

  /// The same, returning out[l] for every lane.
  std::vector<double> run(StringRef type, StringRef body, bool allLanes,
                          llvm::function_ref<double(int64_t)> input) {
    Buffer out = runBuffer(type, body, allLanes, input);
    std::vector<double> values;
    for (unsigned l = 0; l < width(); ++l)
      values.push_back(floatAt(out, l));
    return values;
  }

  /// Expects `out[l] == expected(l)` on the lanes that ran, kUntouched on
  /// the others.
  void expectLanes(const std::vector<double> &out, bool allLanes,
                   llvm::function_ref<double(int64_t)> expected) {
    for (unsigned l = 0; l < width(); ++l) {
      bool active = allLanes || l % 2 == 1;
      EXPECT_EQ(out[l], active ? expected(l) : double(kUntouched))
          << "lane " << l;
    }
  }
};

double plusOne(int64_t l) { return double(l + 1); }

TEST_P(CollectivesTest, ReduceAdd) {
  int64_t w = width();
  // 1 + 2 + ... + W.
  expectLanes(run("i32", "%r = wave.reduce <add> %x : i32", true, plusOne),
              true, [&](int64_t) { return double(w * (w + 1) / 2); });
  // The odd lanes hold 2, 4, ..., W: twice 1 + ... + W/2.
  expectLanes(run("i32", "%r = wave.reduce <add> %x : i32", false, plusOne),
              false, [&](int64_t) { return double((w / 2) * (w / 2 + 1)); });
  // Floats: 0.5 * (1 + ... + W).
  expectLanes(run("f32", "%r = wave.reduce <add> %x : f32", true,
                  [](int64_t l) { return 0.5 * (l + 1); }),
              true, [&](int64_t) { return 0.25 * w * (w + 1); });
}

TEST_P(CollectivesTest, ReduceMul) {
  int64_t w = width();
  // Lanes 0, 8, 16, ... hold 2, the others 1: 2^(W/8).
  auto twos = [](int64_t l) { return l % 8 == 0 ? 2.0 : 1.0; };
  expectLanes(run("i32", "%r = wave.reduce <mul> %x : i32", true, twos), true,
              [&](int64_t) { return double(1 << (w / 8)); });
  // Lanes 1, 9, 17, ... (all odd) hold 3, the others 1: 3^(W/8).
  auto threes = [](int64_t l) { return l % 8 == 1 ? 3.0 : 1.0; };
  expectLanes(run("f32", "%r = wave.reduce <mul> %x : f32", false, threes),
              false, [&](int64_t) { return std::pow(3.0, w / 8); });
}

TEST_P(CollectivesTest, ReduceMinMax) {
  int64_t w = width();
  auto shifted = [](int64_t l) { return double(l - 5); };
  // Signed: l - 5 runs from -5 to W - 6.
  expectLanes(run("i32", "%r = wave.reduce <min> %x : i32", true, shifted),
              true, [](int64_t) { return -5.0; });
  expectLanes(run("i32", "%r = wave.reduce <max> %x : i32", true, shifted),
              true, [&](int64_t) { return double(w - 6); });
  // Odd lanes only: from 1 - 5 = -4 to (W - 1) - 5.
  expectLanes(run("i32", "%r = wave.reduce <min> %x : i32", false, shifted),
              false, [](int64_t) { return -4.0; });
  expectLanes(run("f32", "%r = wave.reduce <max> %x : f32", false,
                  [](int64_t l) { return -0.25 * l; }),
              false, [](int64_t) { return -0.25; });
  expectLanes(run("f32", "%r = wave.reduce <min> %x : f32", true,
                  [](int64_t l) { return -0.25 * l; }),
              true, [&](int64_t) { return -0.25 * (w - 1); });
}

TEST_P(CollectivesTest, ReduceBitwise) {
  int64_t w = width();
  // 0xff everywhere but lane 3, which clears the low nibble: 0xf0.
  expectLanes(run("i32", "%r = wave.reduce <and> %x : i32", true,
                  [](int64_t l) { return l == 3 ? 0xf0 : 0xff; }),
              true, [](int64_t) { return double(0xf0); });
  // Lane 3 is odd: the odd lanes see it too.
  expectLanes(run("i32", "%r = wave.reduce <and> %x : i32", false,
                  [](int64_t l) { return l == 3 ? 0xf0 : 0xff; }),
              false, [](int64_t) { return double(0xf0); });
  // Lane l sets bit l mod 16: all 16 bits.
  expectLanes(run("i32", "%r = wave.reduce <or> %x : i32", true,
                  [](int64_t l) { return double(1 << (l % 16)); }),
              true, [](int64_t) { return double(0xffff); });
  // Odd lanes set the odd bits only.
  expectLanes(run("i32", "%r = wave.reduce <or> %x : i32", false,
                  [](int64_t l) { return double(1 << (l % 16)); }),
              false, [](int64_t) { return double(0xaaaa); });
  // 1 ^ 2 ^ ... ^ n is n when n is a multiple of 4.
  expectLanes(run("i32", "%r = wave.reduce <xor> %x : i32", true, plusOne),
              true, [&](int64_t) { return double(w); });
}

TEST_P(CollectivesTest, Scan) {
  // Inclusive: 1 + ... + (l + 1); exclusive: 1 + ... + l.
  expectLanes(run("i32", "%r = wave.scan <add> %x : i32", true, plusOne), true,
              [](int64_t l) { return double((l + 1) * (l + 2) / 2); });
  expectLanes(
      run("i32", "%r = wave.scan <add> %x exclusive : i32", true, plusOne),
      true, [](int64_t l) { return double(l * (l + 1) / 2); });
  // Odd lanes 1, 3, .., l hold 2, 4, .., l + 1: inclusive k(k + 1) with
  // k = (l + 1) / 2, exclusive (k - 1) k.
  expectLanes(run("i32", "%r = wave.scan <add> %x : i32", false, plusOne),
              false, [](int64_t l) {
                int64_t k = (l + 1) / 2;
                return double(k * (k + 1));
              });
  expectLanes(
      run("i32", "%r = wave.scan <add> %x exclusive : i32", false, plusOne),
      false, [](int64_t l) {
        int64_t k = (l + 1) / 2;
        return double((k - 1) * k);
      });
  // Running maximum of 5, 4, 3, ...: 5 everywhere; exclusive lane 0 gets
  // the identity (the smallest i32).
  auto falling = [](int64_t l) { return double(5 - l); };
  expectLanes(run("i32", "%r = wave.scan <max> %x : i32", true, falling), true,
              [](int64_t) { return 5.0; });
  expectLanes(
      run("i32", "%r = wave.scan <max> %x exclusive : i32", true, falling),
      true, [](int64_t l) { return l == 0 ? double(INT32_MIN) : 5.0; });
  // Running product of 2s, exclusive: 2^l.
  expectLanes(run("f32", "%r = wave.scan <mul> %x exclusive : f32", true,
                  [](int64_t) { return 2.0; }),
              true, [](int64_t l) { return std::ldexp(1.0, l); });
}

TEST_P(CollectivesTest, Broadcast) {
  expectLanes(run("i32", "%r = wave.broadcast %x, lane 5 : i32", true, plusOne),
              true, [](int64_t) { return 6.0; });
  expectLanes(run("f32", "%r = wave.broadcast %x, lane 7 : f32", false,
                  [](int64_t l) { return 0.5 * l; }),
              false, [](int64_t) { return 3.5; });
}

TEST_P(CollectivesTest, BroadcastFromInactiveLaneFails) {
  unsigned w = width();
  std::string source =
      substitute(kKernel, {{"W", std::to_string(w)},
                           {"T", "i32"},
                           {"CHIP", w == 32 ? "gfx1100" : "gfx942"},
                           {"ALL", "false"},
                           {"BODY", "%r = wave.broadcast %x, lane 4 : i32"}});
  KernelModule module(source);
  SmallVector<Buffer> args;
  args.emplace_back(ElementKind::I32, ArrayRef<int64_t>{w});
  args.emplace_back(ElementKind::I32, ArrayRef<int64_t>{w});
  EXPECT_TRUE(failed(module.run("k", args)));
  EXPECT_NE(module.allDiagnostics().find(
                "wave.broadcast reads lane 4, which is not active"),
            std::string::npos)
      << module.allDiagnostics();
}

TEST_P(CollectivesTest, Shuffle) {
  int64_t w = width();
  auto shuffle = [&](StringRef mode, int offset, bool allLanes) {
    std::string body = "%off = arith.constant " + std::to_string(offset) +
                       " : i32\n%r = wave.shuffle <" + mode.str() +
                       "> %x, %off : i32";
    return run("i32", body, allLanes, plusOne);
  };
  // idx 3: everyone reads lane 3, which holds 4.
  expectLanes(shuffle("idx", 3, true), true, [](int64_t) { return 4.0; });
  // up 1: lane l reads lane l - 1 (value l); lane 0 keeps its own 1.
  expectLanes(shuffle("up", 1, true), true,
              [](int64_t l) { return l == 0 ? 1.0 : double(l); });
  // down 2: lane l reads lane l + 2 (value l + 3); the last two lanes keep
  // their own value.
  expectLanes(shuffle("down", 2, true), true, [&](int64_t l) {
    return l + 2 >= w ? double(l + 1) : double(l + 3);
  });
  // xor 1: neighbours swap.
  expectLanes(shuffle("xor", 1, true), true,
              [](int64_t l) { return double((l ^ 1) + 1); });
  // Odd lanes only: xor 2 reads another odd lane, xor 1 an inactive even
  // lane, which reads as zero.
  expectLanes(shuffle("xor", 2, false), false,
              [](int64_t l) { return double((l ^ 2) + 1); });
  expectLanes(shuffle("xor", 1, false), false, [](int64_t) { return 0.0; });
}

TEST_P(CollectivesTest, Ballot) {
  unsigned w = width();
  StringRef type = w == 64 ? "i64" : "i32";
  std::string body = "%z = arith.constant 0 : " + type.str() +
                     "\n%p = arith.cmpi ne, %x, %z : " + type.str() +
                     "\n%r = wave.ballot %p : " + type.str();
  // Every third lane holds 1: bits 0, 3, 6, ... The expected masks read
  // 0x49249249 (bit 30 is the last) and 0x9249249249249249 (bit 63).
  auto third = [](int64_t l) { return l % 3 == 0 ? 1.0 : 0.0; };
  Buffer all = runBuffer(type, body, true, third);
  uint64_t expected = w == 64 ? 0x9249249249249249ULL : 0x49249249ULL;
  for (unsigned l = 0; l < w; ++l)
    EXPECT_EQ(all.getBits(l), expected) << "lane " << l;
  // Only the odd lanes vote: bits 3, 9, 15, ...
  Buffer odd = runBuffer(type, body, false, third);
  uint64_t oddExpected = w == 64 ? 0x8208208208208208ULL : 0x08208208ULL;
  for (unsigned l = 0; l < w; ++l)
    EXPECT_EQ(odd.getBits(l), l % 2 ? oddExpected : uint64_t(kUntouched))
        << "lane " << l;
}

TEST_P(CollectivesTest, AnyAll) {
  auto vote = [&](StringRef op, StringRef predicate, bool allLanes) {
    std::string body = predicate.str() + "\n%v = wave." + op.str() +
                       " %p\n%r = arith.extui %v : i1 to i32";
    return run("i32", body, allLanes, plusOne);
  };
  auto one = [](int64_t) { return 1.0; };
  auto zero = [](int64_t) { return 0.0; };
  StringRef is18 = "%k = arith.constant 18 : i32\n"
                   "%p = arith.cmpi eq, %x, %k : i32";
  StringRef positive = "%k = arith.constant 0 : i32\n"
                       "%p = arith.cmpi sgt, %x, %k : i32";
  StringRef even = "%k1 = arith.constant 1 : i32\n"
                   "%b = arith.andi %x, %k1 : i32\n"
                   "%k0 = arith.constant 0 : i32\n"
                   "%p = arith.cmpi eq, %b, %k0 : i32";
  // Lane 17 holds 18.
  expectLanes(vote("any", is18, true), true, one);
  expectLanes(vote("all", is18, true), true, zero);
  expectLanes(vote("all", positive, true), true, one);
  // x = l + 1 is even exactly on the odd lanes: all of them agree, but not
  // every lane of the wave.
  expectLanes(vote("all", even, false), false, one);
  expectLanes(vote("all", even, true), true, zero);
  // Lane 17 is odd; lane 2 (x = 3) is an inactive even lane.
  expectLanes(vote("any", is18, false), false, one);
  StringRef is3 = "%k = arith.constant 3 : i32\n"
                  "%p = arith.cmpi eq, %x, %k : i32";
  expectLanes(vote("any", is3, false), false, zero);
}

INSTANTIATE_TEST_SUITE_P(WaveSizes, CollectivesTest,
                         ::testing::Values(32u, 64u),
                         [](const ::testing::TestParamInfo<unsigned> &info) {
                           return "Wave" + std::to_string(info.param);
                         });

} // namespace
