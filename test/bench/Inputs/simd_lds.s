	.text
	.globl	k
k:
	s_mov_b32 s2, 0
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	ds_read_b128 v[0:3], v8
	ds_read_b128 v[4:7], v9
	s_waitcnt lgkmcnt(0)
	s_cbranch_scc1 .LBB0_1
; %bb.2:
	s_endpgm
.Lfunc_end0:
