; LLVM 22 only: LLVM 15 never keeps a half or bfloat fadd native (llc-15
; cannot select it), so the per-sm expectations below are LLVM 22's.
; UNSUPPORTED: llvm15
; fadd/fsub on NVPTX: native where LLVM 22's NVPTX has the atomic (f32 on
; every sm, f64 from sm_60, f16 from sm_70 with PTX 6.3, bf16 from sm_90 with
; PTX 7.8), a cmpxchg loop elsewhere (masked on the 32-bit word for 16-bit
; types). fsub becomes native fadd of the fneg'd operand. f32 fadd and fsub
; on global or generic memory (atom.add.f32 flushes subnormals there) take
; the guarded add (GUARD): the native add of v (fsub: -v) where |v| >= 2^-101,
; inf or NaN (0x0d000000 = 2^-101 on the magnitude bits), an exact cmpxchg
; loop for smaller operands and zeros; under assume=subnormal-flush they
; stay native / fadd of fneg (SUBNEG).
; A read-modify-write the pass builds at system scope (no syncscope) is
; inline PTX `atom.sys` from sm_60 (prefix SYS; LLVM 22's NVPTX would emit
; the atomicrmw with no scope, i.e. .gpu), an atomicrmw below (prefix RMW).
; GRMW and GSYS are the guarded form's native add under each.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=50>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64LOOP,F16LOOP,BFLOOP,GUARD,GRMW,RMW
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64LOOP,F16LOOP,BFLOOP,GUARD,GRMW,RMW
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=60>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64NAT,F16LOOP,BFLOOP,GUARD,GSYS,SYS
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70;ptx=60>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64NAT,F16LOOP,BFLOOP,GUARD,GSYS,SYS
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70;ptx=63>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64NAT,F16NAT,BFLOOP,GUARD,GSYS,SYS
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=80>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64NAT,F16NAT,BFLOOP,GUARD,GSYS,SYS
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=89;ptx=78>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64NAT,F16NAT,BFLOOP,GUARD,GSYS,SYS
; LLVM 22 rejects PTX < 7.8 for sm_90, so the pass raises ptx=77 to 7.8 as llc's default would be.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=77>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64NAT,F16NAT,BFNAT,GUARD,GSYS,SYS
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=90;ptx=78>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64NAT,F16NAT,BFNAT,GUARD,GSYS,SYS
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=sm_90a;ptx=78;assume=subnormal-flush>' -S %s | %FileCheck %s --implicit-check-not=fence --check-prefixes=CHECK,F64NAT,F16NAT,BFNAT,SUBNEG,SYS

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fadd float, global: the guarded add; under assume=subnormal-flush the
; native add, at system scope as inline PTX atom.sys.
define float @fadd_f32_global(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fadd_f32_global(
; SUBNEG-NEXT:  %old = call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(1) %p, float %v)
; GUARD-NEXT:   [[WB:%.*]] = bitcast float %v to i32
; GUARD-NEXT:   [[MAG:%.*]] = and i32 [[WB]], 2147483647
; GUARD-NEXT:   [[BIG:%.*]] = icmp uge i32 [[MAG]], 218103808
; GUARD-NEXT:   br i1 [[BIG]], label %atomicrmw.native, label %atomicrmw.tiny, !prof [[PROF:![0-9]+]]
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.native:
; GRMW-NEXT:    [[N:%.*]] = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
; GSYS-NEXT:    [[N:%.*]] = call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(1) %p, float %v)
; GUARD-NEXT:   [[NB:%.*]] = bitcast float [[N]] to i32
; GUARD-NEXT:   br label %atomicrmw.end
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.tiny:
; GUARD-NEXT:   [[INIT:%.*]] = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; GUARD-NEXT:   [[VB:%.*]] = bitcast float %v to i32
; GUARD-NEXT:   br label %atomicrmw.start
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.start:
; GUARD-NEXT:   [[LOADED:%.*]] = phi i32 [ [[INIT]], %atomicrmw.tiny ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; GUARD-NEXT:   [[A:%.*]] = bitcast i32 [[LOADED]] to float
; GUARD-NEXT:   [[B:%.*]] = bitcast i32 [[VB]] to float
; GUARD-NEXT:   [[NEW:%.*]] = fadd float [[A]], [[B]]
; GUARD-NEXT:   [[NEWB:%.*]] = bitcast float [[NEW]] to i32
; GUARD-NEXT:   [[SAME:%.*]] = icmp eq i32 [[NEWB]], [[LOADED]]
; GUARD-NEXT:   br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.cas:
; GUARD-NEXT:   [[PAIR:%.*]] = cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 [[NEWB]] monotonic monotonic, align 4
; GUARD-NEXT:   [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; GUARD-NEXT:   [[OK:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; GUARD-NEXT:   br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.end:
; GUARD-NEXT:   [[OLDB:%.*]] = phi i32 [ [[NB]], %atomicrmw.native ], [ [[LOADED]], %atomicrmw.start ], [ [[LOADED]], %atomicrmw.cas ]
; GUARD-NEXT:   %old = bitcast i32 [[OLDB]] to float
; CHECK-NEXT:   ret float %old
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fadd float, generic, device scope, volatile, result unused: the guarded
; add (no phi), volatile and the device scope kept on both paths (device
; scope needs no inline PTX); native under assume=subnormal-flush. The loop
; of a volatile site keeps every cmpxchg (no no-op exit).
define void @fadd_f32_generic_volatile(ptr %p, float %v) {
; CHECK-LABEL: define void @fadd_f32_generic_volatile(
; SUBNEG-NEXT:  %old = atomicrmw volatile fadd ptr %p, float %v syncscope("device") monotonic, align 4
; GUARD-NEXT:   [[WB:%.*]] = bitcast float %v to i32
; GUARD-NEXT:   [[MAG:%.*]] = and i32 [[WB]], 2147483647
; GUARD-NEXT:   [[BIG:%.*]] = icmp uge i32 [[MAG]], 218103808
; GUARD-NEXT:   br i1 [[BIG]], label %atomicrmw.native, label %atomicrmw.tiny, !prof [[PROF]]
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.native:
; GUARD-NEXT:   {{%.*}} = atomicrmw volatile fadd ptr %p, float %v syncscope("device") monotonic, align 4
; GUARD-NEXT:   br label %atomicrmw.end
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.tiny:
; GUARD-NEXT:   load atomic volatile i32, ptr %p syncscope("device") monotonic, align 4
; GUARD:        atomicrmw.start:
; GUARD:        fadd float
; GUARD-NOT:    icmp eq
; GUARD:        cmpxchg volatile ptr %p, i32 {{%.*}}, i32 {{%.*}} syncscope("device") monotonic monotonic, align 4
; GUARD:        atomicrmw.end:
; GUARD-NOT:    phi
; CHECK-NEXT:   ret void
  %old = atomicrmw volatile fadd ptr %p, float %v syncscope("device") monotonic, align 4
  ret void
}

; fadd float, shared: native.
define float @fadd_f32_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fadd_f32_shared(
; CHECK-NEXT:  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v syncscope("block") monotonic, align 4
  ret float %old
}

; fadd double, global: native from sm_60 (system scope: inline PTX atom.sys,
; as the backend would emit the atomicrmw at .gpu scope), before that a
; 64-bit cmpxchg loop that retries with the value cmpxchg returned.
define double @fadd_f64_global(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fadd_f64_global(
; F64NAT-NEXT:  %old = call double asm sideeffect "atom.sys.global.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr addrspace(1) %p, double %v)
; F64LOOP-NOT:  = atomicrmw
; F64LOOP:      [[INIT:%.*]] = load atomic i64, ptr addrspace(1) %p monotonic, align 8
; F64LOOP-NEXT: [[VB:%.*]] = bitcast double %v to i64
; F64LOOP-NEXT: br label %atomicrmw.start
; F64LOOP:      atomicrmw.start:
; F64LOOP-NEXT: [[LOADED:%.*]] = phi i64 [ [[INIT]], %{{.*}} ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; F64LOOP-NEXT: [[A:%.*]] = bitcast i64 [[LOADED]] to double
; F64LOOP-NEXT: [[B:%.*]] = bitcast i64 [[VB]] to double
; F64LOOP-NEXT: [[NEW:%.*]] = fadd double [[A]], [[B]]
; F64LOOP-NEXT: [[NEWB:%.*]] = bitcast double [[NEW]] to i64
; F64LOOP-NEXT: [[SAME:%.*]] = icmp eq i64 [[NEWB]], [[LOADED]]
; F64LOOP-NEXT: br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; F64LOOP:      atomicrmw.cas:
; F64LOOP-NEXT: [[PAIR:%.*]] = cmpxchg ptr addrspace(1) %p, i64 [[LOADED]], i64 [[NEWB]] monotonic monotonic, align 8
; F64LOOP-NEXT: [[NEWLOADED]] = extractvalue { i64, i1 } [[PAIR]], 0
; F64LOOP-NEXT: [[OK:%.*]] = extractvalue { i64, i1 } [[PAIR]], 1
; F64LOOP-NEXT: br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; F64LOOP:      atomicrmw.end:
; F64LOOP-NEXT: %old = bitcast i64 [[LOADED]] to double
; CHECK-NEXT:   ret double %old
  %old = atomicrmw fadd ptr addrspace(1) %p, double %v monotonic, align 8
  ret double %old
}

; fadd double, shared, volatile, result unused.
define void @fadd_f64_shared_volatile(ptr addrspace(3) %p, double %v) {
; CHECK-LABEL: define void @fadd_f64_shared_volatile(
; F64NAT-NEXT:  {{%.*}} = call double asm sideeffect "atom.sys.shared.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr addrspace(3) %p, double %v)
; F64LOOP:      load atomic volatile i64, ptr addrspace(3) %p monotonic, align 8
; F64LOOP:      fadd double
; F64LOOP:      cmpxchg volatile ptr addrspace(3) %p, i64 {{%.*}}, i64 {{%.*}} monotonic monotonic, align 8
; F64LOOP:      atomicrmw.end:
; CHECK-NEXT:   ret void
  %old = atomicrmw volatile fadd ptr addrspace(3) %p, double %v monotonic, align 8
  ret void
}

; fadd half, global: native from sm_70 with PTX 6.3, else a masked loop adding in half.
; The 16-bit adds here are at device scope; at system scope they are loops
; whose cas is inline atom.sys (nvptx-native-sys.ll).
define half @fadd_f16_global(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fadd_f16_global(
; F16NAT-NEXT:  %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
; F16LOOP:      ptrtoint ptr addrspace(1) %p to i64
; F16LOOP:      [[WORD:%.*]] = getelementptr i8, ptr addrspace(1) %p, i64
; F16LOOP:      [[SHIFT:%.*]] = shl i32 {{%.*}}, 3
; F16LOOP:      load atomic i32, ptr addrspace(1) [[WORD]] syncscope("device") monotonic, align 4
; F16LOOP:      atomicrmw.start:
; F16LOOP:      [[LOADED:%.*]] = phi i32
; F16LOOP-NEXT: [[SH:%.*]] = lshr i32 [[LOADED]], [[SHIFT]]
; F16LOOP-NEXT: [[CUR:%.*]] = trunc i32 [[SH]] to i16
; F16LOOP-NEXT: [[A:%.*]] = bitcast i16 [[CUR]] to half
; F16LOOP-NEXT: [[B:%.*]] = bitcast i16 {{%.*}} to half
; F16LOOP-NEXT: [[NEW:%.*]] = fadd half [[A]], [[B]]
; F16LOOP:      cmpxchg ptr addrspace(1) [[WORD]], i32 [[LOADED]], i32 {{%.*}} syncscope("device") monotonic monotonic, align 4
; F16LOOP:      atomicrmw.end:
; F16LOOP:      %old = bitcast i16 {{%.*}} to half
; CHECK-NEXT:   ret half %old
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
  ret half %old
}

; fadd half, shared, volatile, result unused.
define void @fadd_f16_shared_volatile(ptr addrspace(3) %p, half %v) {
; CHECK-LABEL: define void @fadd_f16_shared_volatile(
; F16NAT-NEXT:  atomicrmw volatile fadd ptr addrspace(3) %p, half %v syncscope("device") monotonic, align 2
; F16LOOP:      load atomic volatile i32, ptr addrspace(3)
; F16LOOP:      fadd half
; F16LOOP:      cmpxchg volatile ptr addrspace(3)
; CHECK:        ret void
  %old = atomicrmw volatile fadd ptr addrspace(3) %p, half %v syncscope("device") monotonic, align 2
  ret void
}

; fadd bfloat, global: native from sm_90 with PTX 7.8, else a masked loop adding in bfloat.
define bfloat @fadd_bf16_global(ptr addrspace(1) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fadd_bf16_global(
; BFNAT-NEXT:   %old = atomicrmw fadd ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
; BFLOOP:       load atomic i32, ptr addrspace(1) [[WORD:%.*]] syncscope("device") monotonic, align 4
; BFLOOP:       atomicrmw.start:
; BFLOOP:       fadd bfloat
; BFLOOP:       cmpxchg ptr addrspace(1) [[WORD]], i32 {{%.*}}, i32 {{%.*}} syncscope("device") monotonic monotonic, align 4
; BFLOOP:       %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT:   ret bfloat %old
  %old = atomicrmw fadd ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
  ret bfloat %old
}

; fadd bfloat, generic, result unused.
define void @fadd_bf16_generic_unused(ptr %p, bfloat %v) {
; CHECK-LABEL: define void @fadd_bf16_generic_unused(
; BFNAT-NEXT:   atomicrmw fadd ptr %p, bfloat %v syncscope("device") monotonic, align 2
; BFLOOP:       fadd bfloat
; BFLOOP:       cmpxchg ptr
; CHECK:        ret void
  %old = atomicrmw fadd ptr %p, bfloat %v syncscope("device") monotonic, align 2
  ret void
}

; fsub float, global: atom.add.f32 flushes subnormals there, so the guarded
; add: the native add of -v where |-v| >= 2^-101, a loop computing fsub of
; the original v otherwise; native fadd of fneg under assume=subnormal-flush.
define float @fsub_f32_global(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fsub_f32_global(
; CHECK-NEXT:   [[NEG:%.*]] = fneg float %v
; SUBNEG-NEXT:  %old = call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(1) %p, float [[NEG]])
; GUARD-NEXT:   [[WB:%.*]] = bitcast float [[NEG]] to i32
; GUARD-NEXT:   [[MAG:%.*]] = and i32 [[WB]], 2147483647
; GUARD-NEXT:   [[BIG:%.*]] = icmp uge i32 [[MAG]], 218103808
; GUARD-NEXT:   br i1 [[BIG]], label %atomicrmw.native, label %atomicrmw.tiny, !prof [[PROF]]
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.native:
; GRMW-NEXT:    [[N:%.*]] = atomicrmw fadd ptr addrspace(1) %p, float [[NEG]] monotonic, align 4
; GSYS-NEXT:    [[N:%.*]] = call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(1) %p, float [[NEG]])
; GUARD-NEXT:   [[NB:%.*]] = bitcast float [[N]] to i32
; GUARD-NEXT:   br label %atomicrmw.end
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.tiny:
; GUARD-NEXT:   [[INIT:%.*]] = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; GUARD-NEXT:   [[VB:%.*]] = bitcast float %v to i32
; GUARD-NEXT:   br label %atomicrmw.start
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.start:
; GUARD-NEXT:   [[LOADED:%.*]] = phi i32 [ [[INIT]], %atomicrmw.tiny ], [ [[NEWLOADED:%.*]], %atomicrmw.cas ]
; GUARD-NEXT:   [[A:%.*]] = bitcast i32 [[LOADED]] to float
; GUARD-NEXT:   [[B:%.*]] = bitcast i32 [[VB]] to float
; GUARD-NEXT:   [[NEW:%.*]] = fsub float [[A]], [[B]]
; GUARD-NEXT:   [[NEWB:%.*]] = bitcast float [[NEW]] to i32
; GUARD-NEXT:   [[SAME:%.*]] = icmp eq i32 [[NEWB]], [[LOADED]]
; GUARD-NEXT:   br i1 [[SAME]], label %atomicrmw.end, label %atomicrmw.cas
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.cas:
; GUARD-NEXT:   [[PAIR:%.*]] = cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 [[NEWB]] monotonic monotonic, align 4
; GUARD-NEXT:   [[NEWLOADED]] = extractvalue { i32, i1 } [[PAIR]], 0
; GUARD-NEXT:   [[OK:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; GUARD-NEXT:   br i1 [[OK]], label %atomicrmw.end, label %atomicrmw.start
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.end:
; GUARD-NEXT:   [[OLDB:%.*]] = phi i32 [ [[NB]], %atomicrmw.native ], [ [[LOADED]], %atomicrmw.start ], [ [[LOADED]], %atomicrmw.cas ]
; GUARD-NEXT:   %old = bitcast i32 [[OLDB]] to float
; CHECK-NEXT:   ret float %old
  %old = atomicrmw fsub ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fsub float, generic (may point to global memory), volatile, result
; unused: like global; the generic atom.sys has no state space.
define void @fsub_f32_generic_volatile(ptr %p, float %v) {
; CHECK-LABEL: define void @fsub_f32_generic_volatile(
; CHECK-NEXT:   [[NEG:%.*]] = fneg float %v
; SUBNEG-NEXT:  call float asm sideeffect "atom.sys.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr %p, float [[NEG]])
; GUARD-NEXT:   [[WB:%.*]] = bitcast float [[NEG]] to i32
; GUARD-NEXT:   [[MAG:%.*]] = and i32 [[WB]], 2147483647
; GUARD-NEXT:   [[BIG:%.*]] = icmp uge i32 [[MAG]], 218103808
; GUARD-NEXT:   br i1 [[BIG]], label %atomicrmw.native, label %atomicrmw.tiny, !prof [[PROF]]
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.native:
; GRMW-NEXT:    atomicrmw volatile fadd ptr %p, float [[NEG]] monotonic, align 4
; GSYS-NEXT:    call float asm sideeffect "atom.sys.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr %p, float [[NEG]])
; GUARD-NEXT:   br label %atomicrmw.end
; GUARD-EMPTY:
; GUARD-NEXT:   atomicrmw.tiny:
; GUARD-NEXT:   load atomic volatile i32, ptr %p monotonic, align 4
; GUARD:        atomicrmw.start:
; GUARD:        fsub float
; GUARD-NOT:    icmp eq
; GUARD:        cmpxchg volatile ptr %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; GUARD:        atomicrmw.end:
; GUARD-NOT:    phi
; CHECK-NEXT:   ret void
  %old = atomicrmw volatile fsub ptr %p, float %v monotonic, align 4
  ret void
}

; fsub float, shared: atom.add.f32 keeps subnormals in shared memory, so always fadd of fneg (no guard).
define float @fsub_f32_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fsub_f32_shared(
; CHECK-NEXT:  [[NEG:%.*]] = fneg float %v
; RMW-NEXT:    %old = atomicrmw fadd ptr addrspace(3) %p, float [[NEG]] monotonic, align 4
; SYS-NEXT:    %old = call float asm sideeffect "atom.sys.shared.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(3) %p, float [[NEG]])
; CHECK-NEXT:  ret float %old
  %old = atomicrmw fsub ptr addrspace(3) %p, float %v monotonic, align 4
  ret float %old
}

; fsub float, global, in a function whose f32 output mode is preserve-sign: flushing is allowed, fadd of -v (no guard); -v is an fma.rn.f32, not the fneg the backend would emit as neg.ftz.f32.
define float @fsub_f32_global_ftz(ptr addrspace(1) %p, float %v) #0 {
; CHECK-LABEL: define float @fsub_f32_global_ftz(
; CHECK-NEXT:  [[NEG:%.*]] = call float @llvm.nvvm.fma.rn.f(float %v, float -1.000000e+00, float -0.000000e+00)
; RMW-NEXT:    %old = atomicrmw fadd ptr addrspace(1) %p, float [[NEG]] monotonic, align 4
; SYS-NEXT:    %old = call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}"(ptr addrspace(1) %p, float [[NEG]])
; CHECK-NEXT:  ret float %old
  %old = atomicrmw fsub ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fsub double, global: fadd of fneg where f64 fadd is native (it never flushes; sm_60 and up, so system scope is atom.sys), loop before sm_60.
define double @fsub_f64_global(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fsub_f64_global(
; F64NAT-NEXT:  [[NEG:%.*]] = fneg double %v
; F64NAT-NEXT:  %old = call double asm sideeffect "atom.sys.global.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr addrspace(1) %p, double [[NEG]])
; F64LOOP-NOT:  = atomicrmw
; F64LOOP:      fsub double
; F64LOOP:      cmpxchg ptr addrspace(1) %p, i64
; F64LOOP:      %old = bitcast i64 {{%.*}} to double
; CHECK-NEXT:   ret double %old
  %old = atomicrmw fsub ptr addrspace(1) %p, double %v monotonic, align 8
  ret double %old
}

; fsub half, generic, result unused: fadd of fneg where f16 fadd is native;
; an atomicrmw even at system scope (atom.sys is built for 32 and 64 bits only).
define void @fsub_f16_generic(ptr %p, half %v) {
; CHECK-LABEL: define void @fsub_f16_generic(
; F16NAT-NEXT:  [[NEG:%.*]] = fneg half %v
; F16NAT-NEXT:  atomicrmw fadd ptr %p, half [[NEG]] syncscope("device") monotonic, align 2
; F16LOOP:      fsub half
; F16LOOP:      cmpxchg ptr
; CHECK:        ret void
  %old = atomicrmw fsub ptr %p, half %v syncscope("device") monotonic, align 2
  ret void
}

; fsub bfloat, shared: fadd of fneg where bf16 fadd is native; an atomicrmw
; (no 16-bit atom.sys form).
define bfloat @fsub_bf16_shared(ptr addrspace(3) %p, bfloat %v) {
; CHECK-LABEL: define bfloat @fsub_bf16_shared(
; BFNAT-NEXT:   [[NEG:%.*]] = fneg bfloat %v
; BFNAT-NEXT:   %old = atomicrmw fadd ptr addrspace(3) %p, bfloat [[NEG]] syncscope("device") monotonic, align 2
; BFLOOP:       fsub bfloat
; BFLOOP:       cmpxchg ptr addrspace(3)
; BFLOOP:       %old = bitcast i16 {{%.*}} to bfloat
; CHECK-NEXT:   ret bfloat %old
  %old = atomicrmw fsub ptr addrspace(3) %p, bfloat %v syncscope("device") monotonic, align 2
  ret bfloat %old
}

attributes #0 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" }

; GUARD: [[PROF]] = !{!"branch_weights", i32 2000, i32 1}
