// RUN: wave-opt %s -split-input-file -verify-diagnostics

// Every verifier rule of the wave dialect, one case each.

func.func @element_type(%m: memref<64xf32>, %i: index) {
  // expected-error @+1 {{vector element type 'f16' does not match the memref element type 'f32'}}
  %v = wave.read %m[%i] : memref<64xf32> -> vector<4xf16>
  return
}

// -----

func.func @private_memory(%m: memref<64xf32, #gpu.address_space<private>>, %i: index) {
  // expected-error @+1 {{accesses global or workgroup (LDS) memory only, not memory space #gpu.address_space<private>}}
  %v = wave.read %m[%i] : memref<64xf32, #gpu.address_space<private>> -> vector<4xf32>
  return
}

// -----

func.func @not_strided(%m: memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>, %i: index) {
  // expected-error @+1 {{needs a memref with a strided layout}}
  %v = wave.read %m[%i, %i] : memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>> -> vector<4xf32>
  return
}

// -----

func.func @rank_zero(%m: memref<f32>) {
  // expected-error @+1 {{needs a memref of rank 1 or more}}
  %v = wave.read %m[] : memref<f32> -> vector<1xf32>
  return
}

// -----

func.func @map_symbols(%m: memref<64xf32>, %i: index) {
  // expected-error @+1 {{access map must not have symbols}}
  %v = wave.read %m[%i] map affine_map<(d0)[s0] -> (d0 + s0)> : memref<64xf32> -> vector<4xf32>
  return
}

// -----

func.func @map_inputs(%m: memref<64xf32>, %i: index) {
  // expected-error @+1 {{access map takes 2 indices but 1 are given}}
  %v = wave.read %m[%i] map affine_map<(d0, d1) -> (d0 + d1)> : memref<64xf32> -> vector<4xf32>
  return
}

// -----

func.func @identity_needs_rank_indices(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{access map takes 2 indices but 1 are given}}
  %v = wave.read %m[%i] : memref<8x8xf32> -> vector<4xf32>
  return
}

// -----

func.func @map_results(%m: memref<8x8xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{access map yields 1 coordinates but the memref has rank 2}}
  wave.write %v, %m[%i] map affine_map<(d0) -> (d0)> : vector<4xf32>, memref<8x8xf32>
  return
}

// -----

func.func @floordiv_by_zero(%m: memref<64xf32>, %i: index) {
  // expected-error @+1 {{access map divides by 0 in 'd0 floordiv 0'; floordiv, ceildiv and mod need a positive divisor}}
  %v = wave.read %m[%i] map affine_map<(d0) -> (d0 floordiv 0)> : memref<64xf32> -> vector<4xf32>
  return
}

// -----

func.func @ceildiv_by_negative(%m: memref<64xf32>, %i: index) {
  // expected-error @+1 {{access map divides by -2 in 'd0 ceildiv -2'; floordiv, ceildiv and mod need a positive divisor}}
  %v = wave.read %m[%i] map affine_map<(d0) -> (d0 ceildiv -2)> : memref<64xf32> -> vector<4xf32>
  return
}

// -----

func.func @mod_by_negative(%m: memref<8x8xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{access map divides by -8 in 'd0 mod -8'; floordiv, ceildiv and mod need a positive divisor}}
  wave.write %v, %m[%i] map affine_map<(d0) -> (d0 floordiv 8, d0 mod -8)> : vector<4xf32>, memref<8x8xf32>
  return
}

// -----

func.func @along_out_of_range(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{contiguous dimension 2 is out of range for a memref of rank 2}}
  %v = wave.read %m[%i, %i] along 2 : memref<8x8xf32> -> vector<4xf32>
  return
}

// -----

func.func @vector_too_long(%m: memref<8x2xf32>, %i: index) {
  // expected-error @+1 {{vector of 4 elements does not fit in dimension 1 of extent 2}}
  %v = wave.read %m[%i, %i] : memref<8x2xf32> -> vector<4xf32>
  return
}

// -----

func.func @mask_width(%m: memref<64xf32>, %i: index, %mask: vector<2xi1>, %v: vector<4xf32>) {
  // expected-error @+1 {{mask has 2 bits for a vector of 4 elements}}
  wave.write %v, %m[%i] mask %mask : vector<2xi1> : vector<4xf32>, memref<64xf32>
  return
}

// -----

func.func @cache_hint_on_lds(%m: memref<64xf32, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{cache hints apply to global memory only}}
  %v = wave.read %m[%i] cache <streaming> : memref<64xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  return
}

// -----

gpu.module @lds {
  gpu.func @global_space() kernel {
    // expected-error @+1 {{result must be in #gpu.address_space<workgroup>}}
    %t = wave.alloc_lds : memref<64xf32>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @rank_zero() kernel {
    // expected-error @+1 {{needs a tile of rank 1 or more}}
    %t = wave.alloc_lds : memref<f32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @vector_elements() kernel {
    // expected-error @+1 {{element type must be an integer or a float}}
    %t = wave.alloc_lds : memref<4xvector<2xf32>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @padding_rank() kernel {
    // expected-error @+1 {{padding has 1 entries for a tile of rank 2}}
    %t = wave.alloc_lds padding [4] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @negative_padding() kernel {
    // expected-error @+1 {{padding must not be negative}}
    %t = wave.alloc_lds padding [0, -1] : memref<8x8xf32, strided<[7, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @padding_overflows() kernel {
    // expected-error @+1 {{the padded tile's size overflows 64 bits}}
    %t = wave.alloc_lds padding [9223372036854775807, 4] : memref<8x16xf16, strided<[20, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @layout_ignores_padding() kernel {
    // expected-error @+1 {{layout must be row-major over the padded shape, i.e. strides [9, 1] and offset 0}}
    %t = wave.alloc_lds padding [0, 1] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @inside_loop(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{must be directly in a gpu.func body: LDS is allocated once per workgroup}}
      %t = wave.alloc_lds : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

func.func @mma_a_type(%a: vector<8xf16>, %c: vector<16xf32>) {
  // expected-error @+1 {{operand A of f32_32x32x8_f16 must be 'vector<4xf16>', got 'vector<8xf16>'}}
  %d = wave.mma <f32_32x32x8_f16> %a, %a, %c : vector<8xf16>, vector<8xf16> -> vector<16xf32>
  return
}

// -----

func.func @mma_b_type(%a: vector<4xf16>, %b: vector<4xbf16>, %c: vector<4xf32>) {
  // expected-error @+1 {{operand B of f32_16x16x16_f16 must be 'vector<4xf16>', got 'vector<4xbf16>'}}
  %d = wave.mma <f32_16x16x16_f16> %a, %b, %c : vector<4xf16>, vector<4xbf16> -> vector<4xf32>
  return
}

// -----

func.func @mma_acc_type(%a: vector<8xi8>, %c: vector<4xf32>) {
  // expected-error @+1 {{operand accumulator of i32_16x16x32_i8 must be 'vector<4xi32>', got 'vector<4xf32>'}}
  %d = wave.mma <i32_16x16x32_i8> %a, %a, %c : vector<8xi8>, vector<8xi8> -> vector<4xf32>
  return
}

// -----

gpu.module @mma {
  gpu.func @no_matrix_cores(%a: vector<4xf16>, %c: vector<4xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    // expected-error @+1 {{chip 'gfx1100' has no MFMA unit for f32_16x16x16_f16}}
    %d = wave.mma <f32_16x16x16_f16> %a, %a, %c : vector<4xf16>, vector<4xf16> -> vector<4xf32>
    gpu.return
  }
}

// -----

gpu.module @mma {
  gpu.func @i8_needs_gfx940(%a: vector<8xi8>, %c: vector<4xi32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx90a", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx90a' has no i32_16x16x32_i8 instruction; its kinds are f32_32x32x8_f16, f32_16x16x16_f16, f32_32x32x8_bf16, f32_16x16x16_bf16, f32_16x16x4_f32}}
    %d = wave.mma <i32_16x16x32_i8> %a, %a, %c : vector<8xi8>, vector<8xi8> -> vector<4xi32>
    gpu.return
  }
}

// -----

// gfx950's kinds of twice the K are not on gfx942.
gpu.module @mma {
  gpu.func @double_k_needs_gfx950(%a: vector<8xf16>, %c: vector<16xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-error @+1 {{chip 'gfx942' has no f32_32x32x16_f16 instruction; its kinds are f32_32x32x8_f16, f32_16x16x16_f16, f32_32x32x8_bf16, f32_16x16x16_bf16, i32_16x16x32_i8, f32_16x16x4_f32}}
    %d = wave.mma <f32_32x32x16_f16> %a, %a, %c : vector<8xf16>, vector<8xf16> -> vector<16xf32>
    gpu.return
  }
}

// -----

func.func @bitwise_reduce_on_float(%x: f32) {
  // expected-error @+1 {{'and' needs an integer operand, got 'f32'}}
  %r = wave.reduce <and> %x : f32
  return
}

// -----

func.func @bitwise_scan_on_float(%x: f16) {
  // expected-error @+1 {{'xor' needs an integer operand, got 'f16'}}
  %r = wave.scan <xor> %x exclusive : f16
  return
}

// -----

func.func @cluster_not_power_of_two(%x: f32) {
  // expected-error @+1 {{cluster size must be a power of two from 2 to 64, got 12}}
  %r = wave.reduce <add> %x cluster(size = 12) : f32
  return
}

// -----

func.func @cluster_of_one_lane(%x: f32) {
  // expected-error @+1 {{cluster size must be a power of two from 2 to 64, got 1}}
  %r = wave.reduce <add> %x cluster(size = 1) : f32
  return
}

// -----

func.func @cluster_of_no_lane(%x: f32) {
  // expected-error @+1 {{cluster size must be a power of two from 2 to 64, got 0}}
  %r = wave.reduce <add> %x cluster(size = 0) : f32
  return
}

// -----

func.func @cluster_negative(%x: f32) {
  // expected-error @+1 {{cluster size must be a power of two from 2 to 64, got -16}}
  %r = wave.reduce <add> %x cluster(size = -16) : f32
  return
}

// -----

func.func @cluster_above_every_wave(%x: i32) {
  // expected-error @+1 {{cluster size must be a power of two from 2 to 64, got 128}}
  %r = wave.reduce <max> %x cluster(size = 128) : i32
  return
}

// -----

// The kernel's wave size bounds the cluster.
gpu.module @collectives {
  gpu.func @cluster_above_wave(%x: f32) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    // expected-error @+1 {{cluster size 64 exceeds the wave of 32 lanes}}
    %r = wave.reduce <add> %x cluster(size = 64) : f32
    gpu.return
  }
}

// -----

func.func @bitwise_clustered_reduce_on_float(%x: f32) {
  // expected-error @+1 {{'xor' needs an integer operand, got 'f32'}}
  %r = wave.reduce <xor> %x cluster(size = 4) : f32
  return
}

// -----

gpu.module @collectives {
  gpu.func @broadcast_lane(%x: f32) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 32>} {
    // expected-error @+1 {{source lane 32 is outside a wave of 32 lanes}}
    %r = wave.broadcast %x, lane 32 : f32
    gpu.return
  }
}

// -----

gpu.module @collectives {
  gpu.func @ballot_width(%p: i1) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    // expected-error @+1 {{result has 32 bits but a wave has 64 lanes}}
    %r = wave.ballot %p : i32
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{unknown chip 'gfx000' (known: gfx90a, gfx942, gfx950, gfx1100, gfx1201)}}
  gpu.func @unknown_chip() kernel attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx000", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{wave size must be 32 or 64, got 16}}
  gpu.func @wave16() kernel attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx1100", wave_size = 16>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{chip 'gfx942' does not run waves of 32 lanes}}
  gpu.func @cdna_wave32() kernel attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 32>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{requested occupancy 21 exceeds any chip's waves per SIMD}}
  gpu.func @occupancy() kernel attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 21>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+2 {{'wave_size' must not be negative, got -64}}
  // expected-error @+1 {{failed to parse Wave_KernelAttr parameter 'wave_size'}}
  gpu.func @negative_wave_size() kernel attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = -64>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+2 {{'occupancy' must not be negative, got -1}}
  // expected-error @+1 {{failed to parse Wave_KernelAttr parameter 'occupancy'}}
  gpu.func @negative_occupancy() kernel attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = -1>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+2 {{'occupancy' of 4294967296 is too large}}
  // expected-error @+1 {{failed to parse Wave_KernelAttr parameter 'occupancy'}}
  gpu.func @occupancy_too_large() kernel attributes {known_block_size = array<i32: 64, 1, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64, occupancy = 4294967296>} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'wave.kernel' applies to gpu.func kernels only}}
func.func @not_a_kernel() attributes {wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
  return
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{'wave.kernel' applies to gpu.func kernels only}}
  gpu.func @device_function() attributes {wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{unknown wave attribute 'wave.chip'}}
  gpu.func @unknown_attribute() kernel attributes {wave.chip = "gfx942"} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{'wave.kernel' must be a #wave.kernel attribute}}
  gpu.func @wrong_kind() kernel attributes {wave.kernel = "gfx942"} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{a wave kernel needs 'known_block_size' (its workgroup size)}}
  gpu.func @no_block_size() kernel attributes {wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{'known_block_size' extent 0 in dimension y must be positive}}
  gpu.func @empty_workgroup() kernel attributes {known_block_size = array<i32: 64, 0, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{'known_block_size' extent -64 in dimension x must be positive}}
  gpu.func @negative_workgroup() kernel attributes {known_block_size = array<i32: -64, -1, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{'known_grid_size' extent 0 in dimension z must be positive}}
  gpu.func @empty_grid() kernel attributes {known_block_size = array<i32: 64, 1, 1>, known_grid_size = array<i32: 4, 1, 0>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @kernel {
  // expected-error @+1 {{workgroup of 2048 lanes exceeds the limit of 1024}}
  gpu.func @huge_workgroup() kernel attributes {known_block_size = array<i32: 64, 32, 1>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

// -----

// Lanes past 64 bits: the extents instead of a count.
gpu.module @kernel {
  // expected-error @+1 {{workgroup of 2147483647 x 2147483647 x 3 lanes exceeds the limit of 1024}}
  gpu.func @uncountable_workgroup() kernel attributes {known_block_size = array<i32: 2147483647, 2147483647, 3>, wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @reference {
  // expected-error @+1 {{'wave.reference' must name a kernel (@name)}}
  gpu.func @string_reference() kernel attributes {wave.reference = "ref"} {
    gpu.return
  }
}

// -----

gpu.module @reference {
  // expected-error @+1 {{reference @missing is not a gpu.func kernel of this module}}
  gpu.func @missing_reference() kernel attributes {wave.reference = @missing} {
    gpu.return
  }
}

// -----

gpu.module @reference {
  // expected-error @+1 {{a kernel cannot be its own reference}}
  gpu.func @self() kernel attributes {wave.reference = @self} {
    gpu.return
  }
}

// -----

gpu.module @reference {
  // expected-error @+1 {{reference @ref has type '(memref<8xf32>) -> ()', expected '(memref<16xf32>) -> ()'}}
  gpu.func @mismatched(%a: memref<16xf32>) kernel attributes {wave.reference = @ref} {
    gpu.return
  }
  gpu.func @ref(%a: memref<8xf32>) kernel {
    gpu.return
  }
}

// -----

func.func @spill_slot_on_global(%m: memref<64xf32>, %i: index) {
  // expected-error @+1 {{'wave.spill_slot' applies to LDS allocations and accesses only}}
  %v = wave.read %m[%i] {wave.spill_slot} : memref<64xf32> -> vector<4xf32>
  return
}

// -----

gpu.module @spill {
  gpu.func @spill_slot_not_unit() kernel {
    // expected-error @+1 {{'wave.spill_slot' must be a unit attribute}}
    %t = wave.alloc_lds {wave.spill_slot = 1 : i32} : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @assume {
  // expected-error @+1 {{'wave.assume' must be an affine_set}}
  gpu.func @not_a_set(%n: index) kernel attributes {wave.assume = 128 : index} {
    gpu.return
  }
}

// -----

gpu.module @assume {
  // expected-error @+1 {{'wave.assume' must have one dimension per kernel argument (2) and no symbols}}
  gpu.func @wrong_arity(%m: index, %n: index) kernel
      attributes {wave.assume = affine_set<(n) : (n - 1 >= 0)>} {
    gpu.return
  }
}

// -----

gpu.module @assume {
  // expected-error @+1 {{'wave.assume' constrains argument #0 of type 'memref<?xf32>', which is not an index or integer}}
  gpu.func @memref_argument(%a: memref<?xf32>, %n: index) kernel
      attributes {wave.assume = affine_set<(a, n) : (a - n >= 0)>} {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{'wave.dims' of argument #0 must be an array<i64: ...> of argument numbers}}
  gpu.func @not_an_array(%a: memref<?xf32> {wave.dims = 1 : i64}, %n: index) kernel {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{'wave.dims' of argument #1 applies to memref arguments, not 'index'}}
  gpu.func @on_a_size(%a: memref<?xf32> {wave.dims = array<i64: 1>}, %n: index {wave.dims = array<i64: 1>}) kernel {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{'wave.dims' of argument #0 names 1 size arguments, but 'memref<?x?xf32>' has 2 dynamic dimensions}}
  gpu.func @too_few(%a: memref<?x?xf32> {wave.dims = array<i64: 1>}, %n: index) kernel {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{'wave.dims' of argument #0 names argument #2, but the kernel has 2 arguments}}
  gpu.func @out_of_range(%a: memref<?xf32> {wave.dims = array<i64: 2>}, %n: index) kernel {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{'wave.dims' of argument #0 names argument #1 of type 'i32' as a size; sizes are index arguments}}
  gpu.func @not_index(%a: memref<?xf32> {wave.dims = array<i64: 1>}, %n: i32) kernel {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{'wave.dims' of argument #0 names argument #0 of type 'memref<?xf32>' as a size; sizes are index arguments}}
  gpu.func @itself(%a: memref<?xf32> {wave.dims = array<i64: 0>}, %n: index) kernel {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{'wave.dims' of argument #0 needs a row-major memref (identity layout), whose strides follow from its extents, not 'memref<?x8xf32, strided<[16, 1]>>'}}
  gpu.func @strided(%a: memref<?x8xf32, strided<[16, 1]>> {wave.dims = array<i64: 1>}, %n: index) kernel {
    gpu.return
  }
}

// -----

func.func @not_a_kernel_argument(
    // expected-error @-1 {{'wave.dims' applies to arguments of gpu.func kernels only}}
    %a: memref<?xf32> {wave.dims = array<i64: 1>}, %n: index) {
  return
}

// -----

gpu.module @dims {
  // expected-error @+1 {{unknown wave argument attribute 'wave.sizes'}}
  gpu.func @unknown(%a: memref<?xf32> {wave.sizes = array<i64: 1>}, %n: index) kernel {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{argument #0 of type 'memref<?xf32>' has dynamic extents but no 'wave.dims' naming the index arguments that hold them}}
  gpu.func @unbound(%a: memref<?xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>,
                  wave.kernel = #wave.kernel<chip = "gfx942", wave_size = 64>} {
    gpu.return
  }
}

// -----

gpu.module @dims {
  // expected-error @+1 {{reference @ref binds the extents of argument #0 to other arguments ('wave.dims')}}
  gpu.func @kernel(%a: memref<?xf32> {wave.dims = array<i64: 1>}, %n: index, %m: index) kernel
      attributes {wave.reference = @ref} {
    gpu.return
  }
  gpu.func @ref(%a: memref<?xf32> {wave.dims = array<i64: 2>}, %n: index, %m: index) kernel {
    gpu.return
  }
}

// -----

func.func @not_a_kernel(%n: index) attributes {
    // expected-error @-1 {{'wave.assume' applies to gpu.func kernels only}}
    wave.assume = affine_set<(n) : (n >= 0)>} {
  return
}

// -----

gpu.module @lds {
  gpu.func @swizzle_not_power_of_two() kernel {
    // expected-error @+1 {{swizzle per_phase must be a positive power of two, got 3}}
    %t = wave.alloc_lds swizzle <vec = 4, per_phase = 3, max_phase = 4> : memref<8x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @swizzle_and_padding() kernel {
    // expected-error @+1 {{takes padding or a swizzle, not both}}
    %t = wave.alloc_lds padding [0, 4] swizzle <vec = 4, per_phase = 1, max_phase = 4> : memref<8x16xf16, strided<[20, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @swizzle_rank_one() kernel {
    // expected-error @+1 {{a swizzle needs a tile of rank 2 or more}}
    %t = wave.alloc_lds swizzle <vec = 4, per_phase = 1, max_phase = 4> : memref<64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @swizzle_leaves_row() kernel {
    // expected-error @+1 {{rows of 16 elements are not a multiple of vec * max_phase = 4 * 8}}
    %t = wave.alloc_lds swizzle <vec = 4, per_phase = 1, max_phase = 8> : memref<8x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// vec * max_phase is 2^64: no row is a multiple of it.
gpu.module @lds {
  gpu.func @swizzle_span_overflows() kernel {
    // expected-error @+1 {{rows of 16 elements are not a multiple of vec * max_phase = 4 * 4611686018427387904}}
    %t = wave.alloc_lds swizzle <vec = 4, per_phase = 1, max_phase = 4611686018427387904> : memref<8x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @swizzle_other_user(%i: index) kernel {
    // expected-error @+1 {{swizzled tile is used by 'memref.load': only wave.read and wave.write, which apply the swizzle, may access it}}
    %t = wave.alloc_lds swizzle <vec = 4, per_phase = 1, max_phase = 4> : memref<8x16xf16, #gpu.address_space<workgroup>>
    // expected-note @+1 {{used here}}
    %v = memref.load %t[%i, %i] : memref<8x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @swizzle_group_too_narrow(%v: vector<8xf16>) kernel {
    %c0 = arith.constant 0 : index
    %t = wave.alloc_lds swizzle <vec = 4, per_phase = 1, max_phase = 4> : memref<8x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{vector of 8 elements is wider than the groups of 4 elements the tile's swizzle keeps contiguous}}
    wave.write %v, %t[%c0, %c0] : vector<8xf16>, memref<8x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @swizzle_group_crossed(%v: vector<4xf16>) kernel {
    %tid = gpu.thread_id x
    %t = wave.alloc_lds swizzle <vec = 8, per_phase = 1, max_phase = 2> : memref<8x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{vector of 4 elements may cross a group of 8 elements of the tile's swizzle: its first column is only known to be 2 modulo 4}}
    wave.write %v, %t[%tid] map affine_map<(t) -> (t floordiv 4, (t mod 4) * 4 + 2)> : vector<4xf16>, memref<8x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @lds {
  gpu.func @swizzle_unknown_column(%v: vector<2xf16>, %i: index) kernel {
    %c0 = arith.constant 0 : index
    %t = wave.alloc_lds swizzle <vec = 4, per_phase = 1, max_phase = 4> : memref<8x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{vector of 2 elements may cross a group of 4 elements of the tile's swizzle: its first column is only known to be 0 modulo 1}}
    wave.write %v, %t[%c0, %i] : vector<2xf16>, memref<8x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

func.func @interleave_mma_on_func() attributes {wave.interleave_mma} {
  // expected-error @-1 {{'wave.interleave_mma' is a unit attribute of scf.for loops}}
  return
}
