// Every example round-trips: printing it, parsing the output and printing
// again gives the same text, through the custom and the generic form.
//
// RUN: wave-opt %examples/add1.mlir -o %t.add1 && wave-opt %t.add1 | diff %t.add1 -
// RUN: wave-opt %examples/add1.mlir --mlir-print-op-generic | wave-opt | diff %t.add1 -
// RUN: wave-opt %examples/add2.mlir -o %t.add2 && wave-opt %t.add2 | diff %t.add2 -
// RUN: wave-opt %examples/add2.mlir --mlir-print-op-generic | wave-opt | diff %t.add2 -
// RUN: wave-opt %examples/copy.mlir -o %t.copy && wave-opt %t.copy | diff %t.copy -
// RUN: wave-opt %examples/copy.mlir --mlir-print-op-generic | wave-opt | diff %t.copy -
// RUN: wave-opt %examples/transpose.mlir -o %t.transpose && wave-opt %t.transpose | diff %t.transpose -
// RUN: wave-opt %examples/transpose.mlir --mlir-print-op-generic | wave-opt | diff %t.transpose -
// RUN: wave-opt %examples/reduce_wave.mlir -o %t.reduce_wave && wave-opt %t.reduce_wave | diff %t.reduce_wave -
// RUN: wave-opt %examples/reduce_wave.mlir --mlir-print-op-generic | wave-opt | diff %t.reduce_wave -
// RUN: wave-opt %examples/reduce_lds.mlir -o %t.reduce_lds && wave-opt %t.reduce_lds | diff %t.reduce_lds -
// RUN: wave-opt %examples/reduce_lds.mlir --mlir-print-op-generic | wave-opt | diff %t.reduce_lds -
// RUN: wave-opt %examples/softmax.mlir -o %t.softmax && wave-opt %t.softmax | diff %t.softmax -
// RUN: wave-opt %examples/softmax.mlir --mlir-print-op-generic | wave-opt | diff %t.softmax -
// RUN: wave-opt %examples/softmax_mfma.mlir -o %t.softmax_mfma && wave-opt %t.softmax_mfma | diff %t.softmax_mfma -
// RUN: wave-opt %examples/softmax_mfma.mlir --mlir-print-op-generic | wave-opt | diff %t.softmax_mfma -
// RUN: wave-opt %examples/gemm.mlir -o %t.gemm && wave-opt %t.gemm | diff %t.gemm -
// RUN: wave-opt %examples/gemm.mlir --mlir-print-op-generic | wave-opt | diff %t.gemm -
// RUN: wave-opt %examples/gemm_nk_128.mlir -o %t.gemm_nk_128 && wave-opt %t.gemm_nk_128 | diff %t.gemm_nk_128 -
// RUN: wave-opt %examples/gemm_nk_128.mlir --mlir-print-op-generic | wave-opt | diff %t.gemm_nk_128 -
// RUN: wave-opt %examples/gemm_256.mlir -o %t.gemm_256 && wave-opt %t.gemm_256 | diff %t.gemm_256 -
// RUN: wave-opt %examples/gemm_256.mlir --mlir-print-op-generic | wave-opt | diff %t.gemm_256 -
// RUN: wave-opt %examples/divergent.mlir -o %t.divergent && wave-opt %t.divergent | diff %t.divergent -
// RUN: wave-opt %examples/divergent.mlir --mlir-print-op-generic | wave-opt | diff %t.divergent -
// RUN: wave-opt %examples/pressure.mlir -o %t.pressure && wave-opt %t.pressure | diff %t.pressure -
// RUN: wave-opt %examples/pressure.mlir --mlir-print-op-generic | wave-opt | diff %t.pressure -
// RUN: wave-opt %examples/gemm_dynamic.mlir -o %t.gemm_dynamic && wave-opt %t.gemm_dynamic | diff %t.gemm_dynamic -
// RUN: wave-opt %examples/gemm_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.gemm_dynamic -
// RUN: wave-opt %examples/staged_dynamic.mlir -o %t.staged_dynamic && wave-opt %t.staged_dynamic | diff %t.staged_dynamic -
// RUN: wave-opt %examples/attention.mlir -o %t.attention && wave-opt %t.attention | diff %t.attention -
// RUN: wave-opt %examples/attention.mlir --mlir-print-op-generic | wave-opt | diff %t.attention -
// RUN: wave-opt %examples/attention_d64.mlir -o %t.attention_d64 && wave-opt %t.attention_d64 | diff %t.attention_d64 -
// RUN: wave-opt %examples/attention_d64.mlir --mlir-print-op-generic | wave-opt | diff %t.attention_d64 -
// RUN: wave-opt %examples/attention_causal.mlir -o %t.attention_causal && wave-opt %t.attention_causal | diff %t.attention_causal -
// RUN: wave-opt %examples/attention_causal.mlir --mlir-print-op-generic | wave-opt | diff %t.attention_causal -
// RUN: wave-opt %examples/staged_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.staged_dynamic -
// RUN: wave-opt %examples/softmax_dynamic.mlir -o %t.softmax_dynamic && wave-opt %t.softmax_dynamic | diff %t.softmax_dynamic -
// RUN: wave-opt %examples/softmax_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.softmax_dynamic -
// RUN: wave-opt %examples/reduce_dynamic.mlir -o %t.reduce_dynamic && wave-opt %t.reduce_dynamic | diff %t.reduce_dynamic -
// RUN: wave-opt %examples/reduce_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.reduce_dynamic -
// RUN: wave-opt %examples/reduce_lds_dynamic.mlir -o %t.reduce_lds_dynamic && wave-opt %t.reduce_lds_dynamic | diff %t.reduce_lds_dynamic -
// RUN: wave-opt %examples/reduce_lds_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.reduce_lds_dynamic -
// RUN: wave-opt %examples/rmsnorm_dynamic.mlir -o %t.rmsnorm_dynamic && wave-opt %t.rmsnorm_dynamic | diff %t.rmsnorm_dynamic -
// RUN: wave-opt %examples/rmsnorm_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.rmsnorm_dynamic -
// RUN: wave-opt %examples/rmsnorm_wg_dynamic.mlir -o %t.rmsnorm_wg_dynamic && wave-opt %t.rmsnorm_wg_dynamic | diff %t.rmsnorm_wg_dynamic -
// RUN: wave-opt %examples/rmsnorm_wg_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.rmsnorm_wg_dynamic -
// RUN: wave-opt %examples/pressure_dynamic.mlir -o %t.pressure_dynamic && wave-opt %t.pressure_dynamic | diff %t.pressure_dynamic -
// RUN: wave-opt %examples/pressure_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.pressure_dynamic -
// RUN: wave-opt %examples/gemm_nk_128_dynamic.mlir -o %t.gemm_nk_128_dynamic && wave-opt %t.gemm_nk_128_dynamic | diff %t.gemm_nk_128_dynamic -
// RUN: wave-opt %examples/gemm_nk_128_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.gemm_nk_128_dynamic -
// RUN: wave-opt %examples/transpose_dynamic.mlir -o %t.transpose_dynamic && wave-opt %t.transpose_dynamic | diff %t.transpose_dynamic -
// RUN: wave-opt %examples/transpose_dynamic.mlir --mlir-print-op-generic | wave-opt | diff %t.transpose_dynamic -
