// The report's figures are the code object's metadata note, and its
// occupancy is what LLVM's backend computes for the same kernel, for every
// kernel of every example.
// RUN: for example in add1 add2 copy transpose reduce_wave reduce_lds softmax softmax_mfma gemm divergent pressure; do \
// RUN:   wave-compile %examples/$example.mlir --chip=gfx942 -o %t.$example --resource-usage=json > %t.$example.json && \
// RUN:   wave-compile %examples/$example.mlir --chip=gfx942 --emit=llvm -o %t.$example.ll && \
// RUN:   llvm-readelf --notes %t.$example > %t.$example.notes && \
// RUN:   llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=null -pass-remarks-analysis=kernel-resource-usage %t.$example.ll 2> %t.$example.remarks && \
// RUN:   %python %S/Inputs/check-report.py %t.$example.json %t.$example.notes %t.$example.remarks || exit 1; \
// RUN: done | FileCheck %s
// CHECK: add1: matches, occupancy 8 (none)
// CHECK: add2: matches, occupancy 8 (none)
// CHECK: copy: matches, occupancy 8 (none)
// CHECK: transpose: matches
// CHECK: reduce_wave: matches
// CHECK: reduce_lds: matches
// CHECK: softmax: matches
// The MFMA softmax's row reductions over clusters of 16 lanes are DPP moves
// in registers: no LDS, and VGPRs leave the full 8 waves a SIMD.
// CHECK: softmax_mfma: matches, occupancy 8 (none)
// Its reference keeps a row's scores in scratch.
// CHECK: softmax_mfma_ref: matches
// The GEMM's LDS tiles, swizzled and unpadded by wave-optimize-lds-layout
// (8192 bytes a workgroup), leave room for 8 workgroups of 4 waves, 8 waves
// a SIMD, which its VGPRs allow too.
// CHECK: gemm: matches, occupancy 8 (none)
// CHECK: gemm_ref: matches
// CHECK: divergent: matches
// The pressure example's registers are what limits it.
// CHECK: pressure: matches, occupancy 3 (VGPR)
// CHECK: pressure_ref: matches

// The same on RDNA with waves of 64 and of 32.
// RUN: wave-compile %examples/pressure.mlir --chip=gfx1100 -o %t.rdna --resource-usage=json > %t.rdna.json
// RUN: wave-compile %examples/pressure.mlir --chip=gfx1100 --emit=llvm -o %t.rdna.ll
// RUN: llvm-readelf --notes %t.rdna > %t.rdna.notes
// RUN: llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=null -pass-remarks-analysis=kernel-resource-usage %t.rdna.ll 2> %t.rdna.remarks
// RUN: %python %S/Inputs/check-report.py %t.rdna.json %t.rdna.notes %t.rdna.remarks | FileCheck %s --check-prefix=RDNA
// RDNA: pressure: matches, occupancy {{[0-9]+}} (VGPR)
// RUN: sed -e 's/chip = "gfx942", wave_size = 64/chip = "gfx1100", wave_size = 32/' %S/Inputs/add2.mlir > %t.wave32.mlir
// RUN: wave-compile %t.wave32.mlir --chip=gfx1100 -o %t.wave32 --resource-usage=json > %t.wave32.json
// RUN: llvm-readelf --notes %t.wave32 > %t.wave32.notes
// RUN: %python %S/Inputs/check-report.py %t.wave32.json %t.wave32.notes | FileCheck %s --check-prefix=WAVE32
// WAVE32: add2: matches, occupancy 16 (none)

// The text report has the shape of clang's kernel-resource-usage remarks,
// located at the kernel, with the note's numbers.
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx942 -o %t.add2 --resource-usage > %t.add2.report
// RUN: llvm-readelf --notes %t.add2 > %t.add2.notes
// RUN: cat %t.add2.notes %t.add2.report | FileCheck %s --check-prefix=TEXT
// TEXT: .agpr_count: [[AGPR:[0-9]+]]
// TEXT: .group_segment_fixed_size: [[LDS:[0-9]+]]
// TEXT: .private_segment_fixed_size: [[SCRATCH:[0-9]+]]
// TEXT: .sgpr_count: [[SGPR:[0-9]+]]
// TEXT: .sgpr_spill_count: [[SGPR_SPILL:[0-9]+]]
// TEXT: .vgpr_count: [[VGPR:[0-9]+]]
// TEXT: .vgpr_spill_count: [[VGPR_SPILL:[0-9]+]]
// TEXT: {{.*}}Inputs{{/|\\}}add2.mlir:4:3: remark: Function Name: add2
// TEXT-NEXT: add2.mlir:4:3: remark: TotalSGPRs: [[SGPR]]
// TEXT-NEXT: add2.mlir:4:3: remark: VGPRs: [[VGPR]]
// TEXT-NEXT: add2.mlir:4:3: remark: AGPRs: [[AGPR]]
// TEXT-NEXT: add2.mlir:4:3: remark: ScratchSize [bytes/lane]: [[SCRATCH]]
// TEXT-NEXT: add2.mlir:4:3: remark: Dynamic Stack: False
// TEXT-NEXT: add2.mlir:4:3: remark: Occupancy [waves/SIMD]: 8
// TEXT-NEXT: add2.mlir:4:3: remark: Occupancy Limiter: none
// TEXT-NEXT: add2.mlir:4:3: remark: SGPRs Spill: [[SGPR_SPILL]]
// TEXT-NEXT: add2.mlir:4:3: remark: VGPRs Spill: [[VGPR_SPILL]]
// TEXT-NEXT: add2.mlir:4:3: remark: LDS Size [bytes/block]: [[LDS]]
// The launch the code object needs (passes may change it:
// wave-coarsen-lanes leaves this one-wave workgroup as it is).
// TEXT-NEXT: add2.mlir:4:3: remark: Workgroup Size [lanes]: 64x1x1

// JSON has the same figures.
// RUN: wave-compile %S/Inputs/add2.mlir --chip=gfx942 -o %t.add2 --resource-usage=json > %t.input-add2.json
// RUN: FileCheck %s --check-prefix=JSON < %t.input-add2.json
// JSON: "chip": "gfx942",
// JSON: "name": "add2",
// JSON: "occupancy": 8,
// JSON: "occupancy_limiter": "none",
