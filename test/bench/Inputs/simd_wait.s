	.text
	.globl	k
k:
	s_mov_b32 s2, 0
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	global_load_dword v1, v0, s[0:1]
	s_waitcnt vmcnt(0)
	v_add_u32_e32 v2, v1, v2
	s_cbranch_scc1 .LBB0_1
; %bb.2:
	s_endpgm
.Lfunc_end0:
