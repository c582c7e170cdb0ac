	.text
	.globl	k
k:
	v_readfirstlane_b32 s6, v0
	s_cmpk_lt_u32 s6, 0x100
	s_cselect_b64 s[10:11], -1, 0
	s_and_b64 vcc, exec, s[10:11]
	s_cbranch_vccnz .LBB0_2
; %bb.1:
	s_barrier
.LBB0_2:
	s_mov_b32 s2, 0
.LBB0_3:                                ; =>This Inner Loop Header: Depth=1
	v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
	s_barrier
	v_add_u32_e32 v4, v4, v5
	s_cbranch_scc1 .LBB0_3
; %bb.4:
	s_endpgm
.Lfunc_end0:
