	.text
	.globl	k
k:                                      ; @k
; %bb.0:
	s_load_dwordx2 s[0:1], s[4:5], 0x0
	global_load_dword v1, v0, s[0:1]
	s_mov_b32 s2, 0
.LBB0_1:                                ; %.lr.ph28
                                        ; =>This Inner Loop Header: Depth=1
	global_load_dwordx4 v[2:5], v0, s[0:1]
	s_waitcnt vmcnt(0)
	ds_write_b128 v0, v[2:5]
	s_barrier
	v_mfma_f32_32x32x8_f16 a[0:15], v[6:7], v[8:9], a[0:15]
	s_add_i32 s2, s2, 1
	s_cmp_lg_u32 s2, 8
	s_cbranch_scc1 .LBB0_1
; %bb.2:
	.p2align	2
.LBB0_3:                                ; =>This Inner Loop Header: Depth=1
	v_readlane_b32 s3, v1, 0
	s_cbranch_vccnz .LBB0_3
; %bb.4:
	global_store_dword v0, v1, s[0:1]
	s_endpgm
.Lfunc_end0:
