; fmin/fmax on half and bfloat for NVPTX: no 16-bit integer min/max atomic
; and no 16-bit cmpxchg in use, so a cmpxchg loop on the aligned 32-bit word
; that holds the value (masked), computing minnum/maxnum exactly on bits.
; The per-lane lowering (aggregate=none; the default's warp aggregation of
; these is in nvptx-warp.ll and fpa-warp-sim).
; Before LLVM 20 a system-scope cmpxchg is inline PTX atom.sys.cas (llc-15
; prints cmpxchg with no scope, .gpu): SYS15 at sm_90 there; the sites with a
; syncscope, and every site below sm_60 or on LLVM 22, keep the IR cmpxchg
; (CMPXCHG).
; RUN: %opt %loadplugin -passes='lower-fp-atomics<aggregate=none>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,CMPXCHG
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=78;aggregate=none>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,%if llvm15 %{SYS15%} %else %{CMPXCHG%}
; The integer trick's assumption changes nothing for 16-bit types.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<assume=nan-free-memory;aggregate=none>' -S %s | %FileCheck %s --implicit-check-not='atomicrmw fm' --implicit-check-not=fence --check-prefixes=CHECK,CMPXCHG

target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin half, generic, align 2: full masked loop (word address, shift, mask, minnum on bits, splice, cmpxchg on the word).
define half @fmin_f16_generic(ptr %p, half %v) {
; CHECK-LABEL: define half @fmin_f16_generic(
; CHECK-SAME: ptr [[P:%.*]], half [[V:%.*]])
; CHECK:      [[ADDR:%.*]] = ptrtoint ptr [[P]] to i64
; CHECK-NEXT: [[OFF:%.*]] = and i64 [[ADDR]], 3
; CHECK-NEXT: [[NEGOFF:%.*]] = sub i64 0, [[OFF]]
; CHECK-NEXT: [[WORD:%.*]] = getelementptr i8, ptr [[P]], i64 [[NEGOFF]]
; CHECK-NEXT: [[OFF32:%.*]] = trunc i64 [[OFF]] to i32
; CHECK-NEXT: [[SHIFT:%.*]] = shl i32 [[OFF32]], 3
; CHECK-NEXT: [[MASK:%.*]] = shl i32 65535, [[SHIFT]]
; CHECK-NEXT: [[INV:%.*]] = xor i32 [[MASK]], -1
; CHECK-NEXT: [[INIT:%.*]] = load atomic i32, ptr [[WORD]] monotonic, align 4
; CHECK-NEXT: [[VB:%.*]] = bitcast half [[V]] to i16
; CHECK-NEXT: br label %atomicrmw.start
; CHECK:      atomicrmw.start:
; CHECK-NEXT: [[LOADED:%.*]] = phi i32 [ [[INIT]], %{{.*}} ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; CHECK-NEXT: [[SH:%.*]] = lshr i32 [[LOADED]], [[SHIFT]]
; CHECK-NEXT: [[CUR:%.*]] = trunc i32 [[SH]] to i16
; CHECK-NEXT: [[AS:%.*]] = ashr i16 [[CUR]], 15
; CHECK-NEXT: [[AF:%.*]] = or i16 [[AS]], -32768
; CHECK-NEXT: [[KA:%.*]] = xor i16 [[CUR]], [[AF]]
; CHECK-NEXT: [[VS:%.*]] = ashr i16 [[VB]], 15
; CHECK-NEXT: [[VF:%.*]] = or i16 [[VS]], -32768
; CHECK-NEXT: [[KV:%.*]] = xor i16 [[VB]], [[VF]]
; CHECK-NEXT: [[TAKE:%.*]] = icmp ult i16 [[KV]], [[KA]]
; CHECK-NEXT: [[ORD:%.*]] = select i1 [[TAKE]], i16 [[VB]], i16 [[CUR]]
; CHECK-NEXT: [[AM:%.*]] = and i16 [[CUR]], 32767
; CHECK-NEXT: [[ANAN:%.*]] = icmp ugt i16 [[AM]], 31744
; CHECK-NEXT: [[VM:%.*]] = and i16 [[VB]], 32767
; CHECK-NEXT: [[VNAN:%.*]] = icmp ugt i16 [[VM]], 31744
; CHECK-NEXT: [[R:%.*]] = select i1 [[ANAN]], i16 [[VB]], i16 [[ORD]]
; CHECK-NEXT: [[NEW:%.*]] = select i1 [[VNAN]], i16 [[CUR]], i16 [[R]]
; CHECK-NEXT: [[KEEP:%.*]] = and i32 [[LOADED]], [[INV]]
; CHECK-NEXT: [[WIDE:%.*]] = zext i16 [[NEW]] to i32
; CHECK-NEXT: [[PLACED:%.*]] = shl i32 [[WIDE]], [[SHIFT]]
; CHECK-NEXT: [[NEXT:%.*]] = or i32 [[KEEP]], [[PLACED]]
; CHECK-NEXT: [[SAME:%.*]] = icmp eq i32 [[NEXT]], [[LOADED]]
; CHECK-NEXT: br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; CHECK:      atomicrmw.cas:
; CMPXCHG-NEXT: [[PAIR:%.*]] = cmpxchg ptr [[WORD]], i32 [[LOADED]], i32 [[NEXT]] monotonic monotonic, align 4
; CMPXCHG-NEXT: [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; CMPXCHG-NEXT: [[OK:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; SYS15-NEXT: [[NEWLOADED]] = call i32 asm sideeffect "atom.sys.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr [[WORD]], i32 [[LOADED]], i32 [[NEXT]])
; SYS15-NEXT: [[OK:%.*]] = icmp eq i32 [[NEWLOADED]], [[LOADED]]
; CHECK-NEXT: br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; CHECK:      atomicrmw.end:
; CHECK-NEXT: [[OSH:%.*]] = lshr i32 [[LOADED]], [[SHIFT]]
; CHECK-NEXT: [[OTR:%.*]] = trunc i32 [[OSH]] to i16
; CHECK-NEXT: %old = bitcast i16 [[OTR]] to half
; CHECK-NEXT: ret half %old
  %old = atomicrmw fmin ptr %p, half %v monotonic, align 2
  ret half %old
}

; fmax half, global, acq_rel at block scope: icmp ugt on keys; cmpxchg acq_rel/acquire with scope; no fences.
define half @fmax_f16_global(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fmax_f16_global(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], half [[V:%.*]])
; CHECK:      [[ADDR:%.*]] = ptrtoint ptr addrspace(1) [[P]] to i64
; CHECK:      [[WORD:%.*]] = getelementptr i8, ptr addrspace(1) [[P]], i64
; CHECK:      [[INIT:%.*]] = load atomic i32, ptr addrspace(1) [[WORD]] syncscope("block") monotonic, align 4
; CHECK:      atomicrmw.start:
; CHECK:      [[TAKE:%.*]] = icmp ugt i16 [[KV:%.*]], [[KA:%.*]]
; CHECK:      icmp ugt i16 {{%.*}}, 31744
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("block") acq_rel acquire, align 4
; CHECK:      atomicrmw.end:
; CHECK:      %old = bitcast i16 {{%.*}} to half
  %old = atomicrmw fmax ptr addrspace(1) %p, half %v syncscope("block") acq_rel, align 2
  ret half %old
}

; fmin bfloat, shared (32-bit pointers), volatile, seq_cst: bfloat NaN bound 0x7f80; volatile load and cmpxchg.
define bfloat @fmin_bf16_shared(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmin_bf16_shared(
; CHECK-SAME: ptr addrspace(3) [[P:%.*]], bfloat [[V:%.*]])
; CHECK:      [[ADDR:%.*]] = ptrtoint ptr addrspace(3) [[P]] to i32
; CHECK-NEXT: [[OFF:%.*]] = and i32 [[ADDR]], 3
; CHECK-NEXT: [[NEGOFF:%.*]] = sub i32 0, [[OFF]]
; CHECK-NEXT: [[WORD:%.*]] = getelementptr i8, ptr addrspace(3) [[P]], i32 [[NEGOFF]]
; CHECK-NEXT: [[SHIFT:%.*]] = shl i32 [[OFF]], 3
; CHECK:      load atomic volatile i32, ptr addrspace(3) [[WORD]] monotonic, align 4
; CHECK:      [[VB:%.*]] = bitcast bfloat [[V]] to i16
; CHECK:      atomicrmw.start:
; CHECK:      icmp ult i16
; CHECK:      [[AM:%.*]] = and i16 {{%.*}}, 32767
; CHECK-NEXT: icmp ugt i16 [[AM]], 32640
; CMPXCHG:    cmpxchg volatile ptr addrspace(3) [[WORD]], i32 {{%.*}}, i32 {{%.*}} seq_cst seq_cst, align 4
; SYS15:      %newloaded = call i32 asm sideeffect "atom.acq_rel.sys.shared.cas.b32 $0, [$1], $2, $3;", "=r,r,r,r,~{memory}"(ptr addrspace(3) [[WORD]], i32 %loaded, i32 {{%.*}})
; SYS15-NEXT: %success = icmp eq i32 %newloaded, %loaded
; CHECK:      atomicrmw.end:
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw volatile fmin ptr addrspace(3) %p, bfloat %v seq_cst, align 2
  ret bfloat %old
}

; fmax bfloat, global, release at device scope, result unused: cmpxchg release/monotonic; no extract of the old value.
define void @fmax_bf16_global_unused(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define void @fmax_bf16_global_unused(
; CHECK:      load atomic i32, ptr addrspace(1) [[WORD:%.*]] syncscope("device") monotonic, align 4
; CHECK:      icmp ugt i16
; CHECK:      icmp ugt i16 {{%.*}}, 32640
; CHECK:      cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") release monotonic, align 4
; CHECK:      atomicrmw.end:
; CHECK-NOT:  bitcast
; CHECK:      ret void
  %old = atomicrmw fmax ptr addrspace(1) %p, bfloat %v syncscope("device") release, align 2
  ret void
}

; fmin half, align 4: the value is the low half of its word, so no address arithmetic and a shift of 0.
define half @fmin_f16_align4(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fmin_f16_align4(
; CHECK-SAME: ptr addrspace(1) [[P:%.*]], half [[V:%.*]])
; CHECK-NOT:  ptrtoint
; CHECK:      [[INIT:%.*]] = load atomic i32, ptr addrspace(1) [[P]]{{.*}} monotonic, align 4
; CHECK:      atomicrmw.start:
; CHECK-NEXT: [[LOADED:%.*]] = phi i32 [ [[INIT]], %{{.*}} ], [ {{%.*}}, %atomicrmw.start ]
; CHECK-NEXT: lshr i32 [[LOADED]], 0
; CHECK:      and i32 [[LOADED]], -65536
; CHECK:      cmpxchg ptr addrspace(1) [[P]], i32 [[LOADED]], i32 {{%.*}} acquire acquire, align 4
  %old = atomicrmw fmin ptr addrspace(1) %p, half %v syncscope("singlethread") acquire, align 4
  ret half %old
}

; fmax bfloat, generic, volatile, unused, cluster scope.
define void @fmax_bf16_generic_volatile(ptr %p, bfloat %v) {
; CHECK-LABEL: define void @fmax_bf16_generic_volatile(
; CHECK:      ptrtoint ptr %p to i64
; CHECK:      load atomic volatile i32, ptr [[WORD:%.*]] syncscope("cluster") monotonic, align 4
; CHECK:      cmpxchg volatile ptr [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("cluster") monotonic monotonic, align 4
; CHECK:      ret void
  %old = atomicrmw volatile fmax ptr %p, bfloat %v syncscope("cluster") monotonic, align 2
  ret void
}

; fmin half, shared, unused.
define void @fmin_f16_shared_unused(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fmin_f16_shared_unused(
; CHECK:      ptrtoint ptr addrspace(3) %p to i32
; CMPXCHG:    cmpxchg ptr addrspace(3) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; SYS15:      %newloaded = call i32 asm sideeffect "atom.sys.shared.cas.b32 $0, [$1], $2, $3;", "=r,r,r,r,~{memory}"(ptr addrspace(3) %word, i32 %loaded, i32 {{%.*}})
; SYS15-NEXT: %success = icmp eq i32 %newloaded, %loaded
; CHECK:      ret void
  %old = atomicrmw fmin ptr addrspace(3) %p, half %v monotonic, align 2
  ret void
}

; fmax bfloat, shared, result used.
define bfloat @fmax_bf16_shared(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmax_bf16_shared(
; CHECK:      icmp ugt i16
; CMPXCHG:    cmpxchg ptr addrspace(3) {{%.*}}, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; SYS15:      %newloaded = call i32 asm sideeffect "atom.sys.shared.cas.b32 $0, [$1], $2, $3;", "=r,r,r,r,~{memory}"(ptr addrspace(3) %word, i32 %loaded, i32 {{%.*}})
; SYS15-NEXT: %success = icmp eq i32 %newloaded, %loaded
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw fmax ptr addrspace(3) %p, bfloat %v monotonic, align 2
  ret bfloat %old
}

; fmin bfloat, generic, result used.
define bfloat @fmin_bf16_generic(ptr %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fmin_bf16_generic(
; CHECK:      icmp ult i16
; CMPXCHG:    cmpxchg ptr {{%.*}}, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; SYS15:      %newloaded = call i32 asm sideeffect "atom.sys.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}"(ptr %word, i32 %loaded, i32 {{%.*}})
; SYS15-NEXT: %success = icmp eq i32 %newloaded, %loaded
; CHECK:      %old = bitcast i16 {{%.*}} to bfloat
  %old = atomicrmw fmin ptr %p, bfloat %v monotonic, align 2
  ret bfloat %old
}
