	.text
	.globl	k
k:                                      ; @k
; %bb.0:
	s_load_dwordx4 s[0:3], s[4:5], 0x0
	s_cmp_lt_u32 s2, 4
	s_cbranch_scc1 .LBB0_2
.LBB0_1:                                ; %.preheader
                                        ; =>This Inner Loop Header: Depth=1
	buffer_load_dwordx4 v[2:5], v0, s[0:3], 0 offen
	buffer_load_dwordx4 v[6:9], v0, s[0:3], 0 offen offset:1024
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[10:11], v[10:11], v[2:3]
	v_pk_add_f32 v[12:13], v[12:13], v[6:7]
	s_add_i32 s2, s2, -4
	s_cmp_lg_u32 s2, 0
	s_cbranch_scc1 .LBB0_1
.LBB0_2:
	s_cmp_eq_u32 s3, 0
	s_cbranch_scc1 .LBB0_4
.LBB0_3:                                ; =>This Inner Loop Header: Depth=1
	buffer_load_dword v2, v0, s[0:3], 0 offen
	s_waitcnt vmcnt(0)
	s_add_i32 s3, s3, -1
	s_cmp_lg_u32 s3, 0
	s_cbranch_scc1 .LBB0_3
.LBB0_4:
	global_store_dword v0, v10, s[0:1]
	s_endpgm
.Lfunc_end0:
