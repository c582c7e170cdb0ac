// wave-pipeline-loops' deferral of trailing MMAs where the chip joins MMAs
// chained along K (wave-widen-mma on gfx950), and its register cost.
//
// gfx950 joins each accumulator's four f32_32x32x16_f8E4M3FN MMAs of a K
// step of examples/gemm_fp8_ocp.mlir into one f32_32x32x64_f8E4M3FN. The
// pass defers the whole step (16 MMAs, their 32 VGPRs of fragments carried),
// so that the joined MMAs are whole at the top of the next iteration, ahead
// of the barrier that ended the body (its LDS reads before the next
// writes); the prologue's and epilogue's chains join too, and no narrow MMA
// is left.
// RUN: wave-opt %examples/gemm_fp8_ocp.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops 2>&1 >/dev/null | FileCheck %s --check-prefix=WHOLE-REMARK
// WHOLE-REMARK: 4 global reads issued 1 iteration ahead (89 + 16 prefetched VGPRs of the budget of 168, 18432 bytes of LDS, at occupancy 3 (requested) on gfx950; 16 trailing MMAs deferred to the next iteration (32 VGPRs carried, with the K steps wave-widen-mma joins them with), ahead of the barrier that ended the body)
// RUN: wave-opt %examples/gemm_fp8_ocp.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops 2>/dev/null | FileCheck %s --check-prefix=WHOLE
// WHOLE: scf.for
// WHOLE-COUNT-16: wave.mma <f32_32x32x16_f8E4M3FN> %arg
// WHOLE-NEXT: wave.barrier
// WHOLE-NOT: wave.mma
// WHOLE: scf.yield
// RUN: wave-opt %examples/gemm_fp8_ocp.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops --wave-widen-mma 2>/dev/null | FileCheck %s --check-prefix=JOINED
// JOINED-LABEL: gpu.func @gemm_fp8_ocp(
// JOINED-NOT: f32_32x32x16_f8E4M3FN
// JOINED: scf.for
// JOINED-COUNT-4: wave.mma <f32_32x32x64_f8E4M3FN>
// JOINED-NOT: wave.mma
// JOINED: scf.yield
// JOINED-NOT: f32_32x32x16_f8E4M3FN
// JOINED-LABEL: gpu.func @gemm_fp8_ocp_ref(
// RUN: wave-run %examples/gemm_fp8_ocp.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops,wave-widen-mma,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// SAME: PASS
//
// At the occupancy of 4 the kernel reaches before pipelining (its request
// taken out), the whole step would take 129 VGPRs of 128: only the last K
// step is deferred, and the remark says why not more.
// RUN: sed -e 's/wave_size = 64,$/wave_size = 64>,/' -e '/^ *occupancy = 3>,$/d' %examples/gemm_fp8_ocp.mlir > %t.occ4.mlir
// RUN: wave-opt %t.occ4.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops 2>&1 >/dev/null | FileCheck %s --check-prefix=LAST-STEP
// LAST-STEP: at occupancy 4 (reached before pipelining) on gfx950; 4 trailing MMAs deferred to the next iteration (8 VGPRs carried), ahead of the barrier that ended the body; not the 16 MMAs wave-widen-mma joins them with: their 32 carried VGPRs would take the loop over the budget (129 VGPRs with the prefetched and the headroom))
//
// gfx942 joins no fp8 MMAs: its FNUZ twin defers the last K step only.
// RUN: wave-opt %examples/gemm_fp8.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops 2>&1 >/dev/null | FileCheck %s --check-prefix=GFX942
// GFX942: on gfx942; 4 trailing MMAs deferred to the next iteration (8 VGPRs carried), ahead of the barrier that ended the body){{$}}
//
// A workgroup of 8 waves runs its loop as a ping-pong (wave-ping-pong), whose
// first MFMA phase holds the deferred MMAs beside the other wave's LDS
// writes: on gfx942 the K step before the trailing MMAs is deferred with
// them (16 of gemm_256's 64 MMAs, 24 VGPRs carried). On gfx950, which joins
// the MMAs along K, only the trailing ones are, and the whole chains do not
// fit. A workgroup of 4 waves (gemm_fp8 above) keeps the last step.
// RUN: wave-opt %examples/gemm_256.mlir --wave-optimize 2>&1 >/dev/null | FileCheck %s --check-prefix=PINGPONG
// PINGPONG: at occupancy 2 (reached before pipelining) on gfx942; 16 trailing MMAs deferred to the next iteration (24 VGPRs carried, with the K step before them, for the first MFMA phase of wave-ping-pong))
// The K steps go until the deferred MMAs hold the pipe as long as the
// step's LDS writes take (12 cycles a prefetched VGPR: 384 for gemm_256's
// 32, which its 16 MMAs' 512 cover); the 256x128x64 tile's 4 MMAs a step
// need two K steps more (12 MMAs, 384 cycles, for 24 VGPRs: 288).
// RUN: wave-opt %S/../../../wave-compile/Inputs/gemm_256x128.mlir --wave-optimize 2>&1 >/dev/null | FileCheck %s --check-prefix=PINGPONG-STEPS
// PINGPONG-STEPS: (89 + 24 prefetched VGPRs of the budget of 256, 49152 bytes of LDS, at occupancy 2 (reached before pipelining) on gfx942; 12 trailing MMAs deferred to the next iteration (24 VGPRs carried, with the 2 K steps before them, for the first MFMA phase of wave-ping-pong))
// RUN: sed -e 's/chip = "gfx942"/chip = "gfx950"/' %examples/gemm_256.mlir | wave-opt --wave-optimize 2>&1 >/dev/null | FileCheck %s --check-prefix=PINGPONG-GFX950
// PINGPONG-GFX950: on gfx950; 8 trailing MMAs deferred to the next iteration (12 VGPRs carried); not the 64 MMAs wave-widen-mma joins them with
// A workgroup of 8 waves whose MMAs the chip runs at the joined rate,
// deferred whole, is no ping-pong (wave-ping-pong declines such loops): as
// in a workgroup of 4, the barrier that ended the body goes after the
// deferred MMAs (the 32 narrow MMAs of an fp8 256x256x64 tile, 8 joined
// ones), and the result is the same.
// RUN: wave-opt %examples/gemm_fp8_256.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops=buffer=registers 2>&1 >/dev/null | FileCheck %s --check-prefix=EIGHT-WAVES-REMARK
// EIGHT-WAVES-REMARK: at occupancy 2 (reached before pipelining) on gfx950; 32 trailing MMAs deferred to the next iteration (48 VGPRs carried, with the K steps wave-widen-mma joins them with), ahead of the barrier that ended the body)
// RUN: wave-opt %examples/gemm_fp8_256.mlir --wave-expand-fragments --wave-minimize-global-loads --wave-pipeline-loops=buffer=registers 2>/dev/null | FileCheck %s --check-prefix=EIGHT-WAVES
// EIGHT-WAVES-LABEL: gpu.func @gemm_fp8_256(
// EIGHT-WAVES: scf.for
// EIGHT-WAVES-COUNT-32: wave.mma <f32_32x32x16_f8E4M3FN> %arg
// EIGHT-WAVES-NEXT: wave.barrier
// EIGHT-WAVES-NOT: wave.mma
// EIGHT-WAVES: scf.yield
// RUN: wave-run %examples/gemm_fp8_256.mlir --compare-pipeline='builtin.module(wave-expand-fragments,wave-minimize-global-loads,wave-pipeline-loops{buffer=registers},wave-widen-mma,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// gfx950's other f8f6f4 MMAs (fp4, fp6, scaled) read their operands as
// fast as the joined kinds: the 8 waves of examples/gemm_mxfp4_256.mlir
// (MXFP4, 32 scaled MMAs a step) defer the last sub-step's 8 MMAs alone, no
// K step more for a ping-pong, ahead of the barrier that ended the body.
// Their scales, each sliced out of the 4 a fragment row reads a step, are
// carried as those 4 bytes and sliced at the top of the next iteration
// (the lowering hands the MFMA the 4 bytes and names the byte).
// RUN: wave-opt %examples/gemm_mxfp4_256.mlir --wave-minimize-global-loads --wave-pipeline-loops 2>&1 >/dev/null | FileCheck %s --check-prefix=MXFP4-REMARK
// MXFP4-REMARK: at occupancy 2 (requested) on gfx950; 8 trailing MMAs deferred to the next iteration (30 VGPRs carried), ahead of the barrier that ended the body)
// RUN: wave-opt %examples/gemm_mxfp4_256.mlir --wave-minimize-global-loads --wave-pipeline-loops 2>/dev/null | FileCheck %s --check-prefix=MXFP4
// MXFP4-LABEL: gpu.func @gemm_mxfp4_256(
// MXFP4: scf.for {{.*}} -> ({{.*}}vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>
// MXFP4-COUNT-6: vector.extract_strided_slice %arg{{[0-9]+}} {offsets = [3], sizes = [1], strides = [1]} : vector<4xf8E8M0FNU> to vector<1xf8E8M0FNU>
// MXFP4-COUNT-8: wave.mma <f32_32x32x64_f4E2M1FN_scaled> %arg
// MXFP4-NEXT: wave.barrier
// MXFP4: scf.yield
// RUN: wave-run %examples/gemm_mxfp4_256.mlir --compare-pipeline='builtin.module(wave-minimize-global-loads,wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME
// Where the whole chains do not fit but the stages wait in registers, the
// steps of each chain's last joined MMA go: the K step before the trailing
// one, so that wave-widen-mma joins the pair at the top of the next
// iteration rather than with that iteration's first step behind its
// barrier. The 256x128x64 tile on gfx950 (LDS buffers do not fit at its
// occupancy 4): 8 of its 32 MMAs, joined into 4 of f32_32x32x16_f16 ahead
// of the staging writes; with LDS buffers (gemm_256 above) the last step
// alone stays.
// RUN: sed -e 's/chip = "gfx942"/chip = "gfx950"/' %S/../../../wave-compile/Inputs/gemm_256x128.mlir > %t.gfx950.mlir
// RUN: wave-opt %t.gfx950.mlir --wave-optimize 2>&1 >/dev/null | FileCheck %s --check-prefix=JOINED-STEP-REMARK
// JOINED-STEP-REMARK: at occupancy 4 (reached before pipelining) on gfx950; 8 trailing MMAs deferred to the next iteration (16 VGPRs carried, with the K step before them that wave-widen-mma joins them with); not the 32 MMAs wave-widen-mma joins them with: their 64 carried VGPRs would take the loop over the budget
// RUN: wave-opt %t.gfx950.mlir --wave-optimize --wave-widen-mma 2>/dev/null | FileCheck %s --check-prefix=JOINED-STEP
// JOINED-STEP-LABEL: gpu.func @gemm_256x128(
// JOINED-STEP: scf.for %{{.*}} iter_args(
// JOINED-STEP-COUNT-4: wave.mma <f32_32x32x16_f16> %{{.*}}, %{{.*}}, %arg{{[0-9]+}} :
// JOINED-STEP-NEXT: wave.write
// JOINED-STEP-NOT: wave.mma <f32_32x32x8_f16>
// JOINED-STEP: wave.barrier
// JOINED-STEP-LABEL: gpu.func @gemm_ref(
// The same at 256^3 (4 K steps) agrees with the kernel as written.
// RUN: sed -e 's/4096x4096/256x256/g' \
// RUN:     -e 's/known_grid_size = array<i32: 32, 16, 1>/known_grid_size = array<i32: 2, 1, 1>/' \
// RUN:     -e 's/known_grid_size = array<i32: 256, 256, 1>/known_grid_size = array<i32: 16, 16, 1>/' \
// RUN:     -e 's/%k_steps = arith.constant 64/%k_steps = arith.constant 4/' \
// RUN:     -e 's/%k_size = arith.constant 4096/%k_size = arith.constant 256/' \
// RUN:     %t.gfx950.mlir > %t.gfx950.small.mlir
// RUN: wave-run %t.gfx950.small.mlir --compare-pipeline='wave-optimize,wave-widen-mma' 2>/dev/null | FileCheck %s --check-prefix=SAME
//
// The register cost of the carried fragments is counted where they add to
// the pressure: at the top of the body, and below their reads.
// RUN: wave-opt %s --wave-pipeline-loops --verify-diagnostics -o /dev/null
// RUN: wave-opt %s --wave-pipeline-loops=headroom=12 -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVER
// OVER: (49 + 2 prefetched VGPRs of the budget of 64, 512 bytes of LDS, at occupancy 8 (requested) on gfx942; MMAs not deferred: their 4 carried VGPRs would take the loop over the budget (67 VGPRs with the prefetched and the headroom))
// RUN: wave-run %s --kernel=top_heavy --compare-pipeline='builtin.module(wave-pipeline-loops,wave-insert-barriers)' 2>/dev/null | FileCheck %s --check-prefix=SAME

#k = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 8>
#lds = #gpu.address_space<workgroup>
#stage = affine_map<(k, t) -> (k, t * 4)>
#own = affine_map<(t) -> (t * 4)>
#next = affine_map<(t) -> (((t + 1) mod 64) * 4)>
gpu.module @deferral {
  // The old %x lives at the top of the body, not at the MMAs: carrying the
  // MMAs' fragments adds their 4 VGPRs there, 53 + 2 prefetched + 8
  // headroom = 63 of 64; with 12 of headroom, 67.
  gpu.func @top_heavy(%in: memref<8x256xf16>, %out: memref<1024xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  known_grid_size = array<i32: 1, 1, 1>, wave.kernel = #k} {
    %tile = wave.alloc_lds : memref<256xf16, #lds>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %t = gpu.thread_id x
    %ti = arith.index_cast %t : index to i32
    %tf = arith.sitofp %ti : i32 to f32
    %wide = vector.broadcast %tf : f32 to vector<32xf32>
    // expected-remark @+1 {{(49 + 2 prefetched VGPRs of the budget of 64, 512 bytes of LDS, at occupancy 8 (requested) on gfx942; 2 trailing MMAs deferred to the next iteration (4 VGPRs carried))}}
    %r:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero, %x = %wide) -> (vector<16xf32>, vector<32xf32>) {
      %s = vector.reduction <add>, %x : vector<32xf32> into f32
      %h = arith.truncf %s : f32 to f16
      %hv = vector.broadcast %h : f16 to vector<4xf16>
      %g = wave.read %in[%k, %t] map #stage : memref<8x256xf16> -> vector<4xf16>
      %g2 = arith.addf %g, %hv : vector<4xf16>
      wave.write %g2, %tile[%t] map #own : vector<4xf16>, memref<256xf16, #lds>
      wave.barrier
      %a = wave.read %tile[%t] map #own : memref<256xf16, #lds> -> vector<4xf16>
      %b = wave.read %tile[%t] map #next : memref<256xf16, #lds> -> vector<4xf16>
      %d0 = wave.mma <f32_32x32x8_f16> %a, %b, %acc : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      %d1 = wave.mma <f32_32x32x8_f16> %b, %a, %d0 : vector<4xf16>, vector<4xf16> -> vector<16xf32>
      wave.barrier
      %kt = arith.addi %k, %t : index
      %ki = arith.index_cast %kt : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %x2 = vector.broadcast %kf : f32 to vector<32xf32>
      scf.yield %d1, %x2 : vector<16xf32>, vector<32xf32>
    }
    wave.write %r#0, %out[%t] map affine_map<(t) -> (t * 16)> : vector<16xf32>, memref<1024xf32>
    gpu.return
  }
}
