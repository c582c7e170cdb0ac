	.text
	.globl	k
k:
	s_mov_b32 s2, 0
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
	s_setprio 0
	v_add_u32_e32 v4, v4, v5
	v_add_u32_e32 v4, v4, v5
	v_add_u32_e32 v4, v4, v5
	v_add_u32_e32 v4, v4, v5
	v_add_u32_e32 v4, v4, v5
	v_add_u32_e32 v4, v4, v5
	v_add_u32_e32 v4, v4, v5
	v_add_u32_e32 v4, v4, v5
	s_setprio 0
	s_cbranch_scc1 .LBB0_1
; %bb.2:
	s_endpgm
.Lfunc_end0:
