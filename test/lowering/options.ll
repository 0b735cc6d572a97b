; LLVM 15: llc-15 cannot select NVPTX fences, so the pass adds none there and
; these checks (which include the fences) run on LLVM 22 only.
; UNSUPPORTED: llvm15
; The strategy options: minmax=auto|int|loop|keep, add=auto|loop|keep,
; assume=none|nan-free-memory|subnormal-flush, sm/ptx from the pass or from
; each function's "target-cpu"/"target-features" (the pass parameter wins),
; and the same names as -fpa-NAME and fpa-opt --NAME. Bad values are errors.
; RUN: %opt %loadplugin -passes=lower-fp-atomics -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDAUTO,GUARD,ATTR
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=auto;add=auto;assume=none;sm=auto;ptx=auto>' -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDAUTO,GUARD,ATTR
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=int>' -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDAUTO,GUARD,ATTR
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=loop>' -S %s | %FileCheck %s --check-prefixes=CHECK,MMLOOP,ADDAUTO,GUARD,ATTR
; RUN: %opt %loadplugin -passes=lower-fp-atomics -fpa-minmax=loop -S %s | %FileCheck %s --check-prefixes=CHECK,MMLOOP,ADDAUTO,GUARD,ATTR
; RUN: %fpa-opt --minmax=loop %s | %FileCheck %s --check-prefixes=CHECK,MMLOOP,ADDAUTO,GUARD,ATTR
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=keep>' -S %s | %FileCheck %s --check-prefixes=CHECK,MMKEEP,ADDAUTO,GUARD,ATTR
; RUN: %opt %loadplugin -passes='lower-fp-atomics<add=loop>' -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDLOOP,ATTRLOOP
; RUN: %opt %loadplugin -passes='lower-fp-atomics<add=keep>' -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDKEEP,ATTRKEEP
; RUN: %fpa-opt --add=keep %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDKEEP,ATTRKEEP
; A pass parameter overrides -fpa-NAME, and both override the function attributes.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<minmax=auto>' -fpa-minmax=keep -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDAUTO,GUARD,ATTR
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=50;ptx=60>' -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDAUTO,GUARD,SM50
; RUN: %opt %loadplugin -passes=lower-fp-atomics -fpa-sm=sm_50 -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDAUTO,GUARD,SM50
; RUN: %fpa-opt --sm=50 %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDAUTO,GUARD,SM50
; assume=subnormal-flush keeps the f32 fadd on global memory native.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<assume=subnormal-flush>' -S %s | %FileCheck %s --check-prefixes=CHECK,MMAUTO,ADDAUTO,FLUSH,ATTR
;
; RUN: %not %opt %loadplugin -passes='lower-fp-atomics<minmax=bogus>' -S %s 2>&1 | %FileCheck %s --check-prefix=ERR-MINMAX
; RUN: %not %opt %loadplugin -passes='lower-fp-atomics<add=int>' -S %s 2>&1 | %FileCheck %s --check-prefix=ERR-ADD
; RUN: %not %opt %loadplugin -passes='lower-fp-atomics<frobnicate=1>' -S %s 2>&1 | %FileCheck %s --check-prefix=ERR-UNKNOWN
; RUN: %not %opt %loadplugin -passes='lower-fp-atomics<sm=abc>' -S %s 2>&1 | %FileCheck %s --check-prefix=ERR-SM
; RUN: %not %opt %loadplugin -passes='lower-fp-atomics<assume=fast>' -S %s 2>&1 | %FileCheck %s --check-prefix=ERR-ASSUME
; RUN: %not %opt %loadplugin -passes='lower-fp-atomics<spirv-ext=SPV_foo>' -S %s 2>&1 | %FileCheck %s --check-prefix=ERR-EXT
; RUN: %not %fpa-opt --minmax=bogus %s 2>&1 | %FileCheck %s --check-prefix=ERR-MINMAX
; RUN: %not %opt %loadplugin -passes='lower-fp-atomics<aggregate=block>' -S %s 2>&1 | %FileCheck %s --check-prefix=ERR-AGG
; RUN: %not %fpa-opt --aggregate=1 %s 2>&1 | %FileCheck %s --check-prefix=ERR-AGG1
; RUN: %not %opt %loadplugin -fpa-aggregate=yes -passes=lower-fp-atomics -S %s 2>&1 | %FileCheck %s --check-prefix=ERR-AGG2
; ERR-MINMAX: invalid value 'bogus' for option 'minmax' (expected auto, int, loop or keep)
; ERR-ADD: invalid value 'int' for option 'add' (expected auto, loop or keep)
; ERR-UNKNOWN: unknown option 'frobnicate'
; ERR-SM: invalid value 'abc' for option 'sm'
; ERR-ASSUME: invalid value 'fast' for option 'assume'
; ERR-EXT: invalid value 'SPV_foo' for option 'spirv-ext'
; ERR-AGG: invalid value 'block' for option 'aggregate' (expected auto, none or warp)
; ERR-AGG1: invalid value '1' for option 'aggregate' (expected auto, none or warp)
; ERR-AGG2: -fpa-aggregate: invalid value 'yes' for option 'aggregate' (expected auto, none or warp)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; fmin float: the trick by default and with minmax=int, a plain cmpxchg loop with minmax=loop, untouched with minmax=keep.
define float @fmin_f32(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fmin_f32(
; MMAUTO:      atomicrmw min ptr addrspace(1) %p, i32
; MMAUTO:      atomicrmw umax ptr addrspace(1) %p, i32
; MMAUTO:      atomicrmw.join:
; MMLOOP-NOT:  = atomicrmw
; MMLOOP-NOT:  atomicrmw.join
; MMLOOP:      [[INIT:%.*]] = load atomic i32, ptr addrspace(1) %p monotonic, align 4
; MMLOOP:      atomicrmw.start:
; MMLOOP-NEXT: [[LOADED:%.*]] = phi i32 [ [[INIT]], %{{.*}} ], [ {{%.*}}, %atomicrmw.cas ]
; MMLOOP:      icmp ult i32
; MMLOOP:      cmpxchg ptr addrspace(1) %p, i32 [[LOADED]], i32 {{%.*}} monotonic monotonic, align 4
; MMLOOP:      %old = bitcast i32 [[LOADED]] to float
; MMKEEP-NEXT: %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
; CHECK:       ret float %old
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fmax double, acq_rel: with minmax=loop the cmpxchg loop keeps acq_rel/acquire and gets no fence.
define double @fmax_f64(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: define double @fmax_f64(
; MMAUTO:      fence release
; MMAUTO-NEXT: br i1 %signbit, label %atomicrmw.neg, label %atomicrmw.pos
; MMAUTO:      atomicrmw max ptr addrspace(1) %p, i64 {{%.*}} acq_rel, align 8
; MMAUTO:      atomicrmw umin ptr addrspace(1) %p, i64 {{%.*}} acq_rel, align 8
; MMAUTO:      atomicrmw.join:
; MMAUTO-NEXT: phi i64
; MMAUTO-NEXT: fence acquire
; MMLOOP-NOT:  fence
; MMLOOP:      cmpxchg ptr addrspace(1) %p, i64 {{%.*}}, i64 {{%.*}} acq_rel acquire, align 8
; MMLOOP-NOT:  fence
; MMKEEP-NEXT: %old = atomicrmw fmax ptr addrspace(1) %p, double %v acq_rel, align 8
; CHECK:       ret double %old
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v acq_rel, align 8
  ret double %old
}

; fmin half: a masked loop for auto, int (no 16-bit integer atomic) and loop; untouched with keep.
define half @fmin_f16(ptr addrspace(1) %p, half %v) {
; CHECK-LABEL: define half @fmin_f16(
; MMAUTO:      cmpxchg ptr addrspace(1) {{%.*}}, i32
; MMLOOP:      cmpxchg ptr addrspace(1) {{%.*}}, i32
; MMKEEP-NEXT: %old = atomicrmw fmin ptr addrspace(1) %p, half %v monotonic, align 2
; CHECK:       ret half %old
  %old = atomicrmw fmin ptr addrspace(1) %p, half %v monotonic, align 2
  ret half %old
}

; fadd float, global (atom.add.f32 flushes subnormals there): the guarded add
; by auto (the native add where |v| >= 2^-101, inf or NaN; a cmpxchg loop
; otherwise), kept native with assume=subnormal-flush, untouched by keep, a
; plain loop with add=loop; minmax= does not touch it.
define float @fadd_f32(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: define float @fadd_f32(
; GUARD-NEXT:   [[WB:%.*]] = bitcast float %v to i32
; GUARD-NEXT:   [[MAG:%.*]] = and i32 [[WB]], 2147483647
; GUARD-NEXT:   [[BIG:%.*]] = icmp uge i32 [[MAG]], 218103808
; GUARD-NEXT:   br i1 [[BIG]], label %atomicrmw.native, label %atomicrmw.tiny
; GUARD:        atomicrmw.native:
; GUARD-NEXT:   atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
; GUARD:        atomicrmw.tiny:
; GUARD-NEXT:   load atomic i32, ptr addrspace(1) %p monotonic, align 4
; GUARD:        fadd float
; GUARD:        cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; GUARD:        %old = bitcast i32 {{%.*}} to float
; FLUSH-NEXT:   %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
; ADDKEEP-NEXT: %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
; ADDLOOP-NOT:  = atomicrmw
; ADDLOOP-NOT:  atomicrmw.native
; ADDLOOP:      fadd float
; ADDLOOP:      cmpxchg ptr addrspace(1) %p, i32 {{%.*}}, i32 {{%.*}} monotonic monotonic, align 4
; ADDLOOP:      %old = bitcast i32 {{%.*}} to float
; CHECK:        ret float %old
  %old = atomicrmw fadd ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fsub float in shared memory: fadd of fneg by auto, loop with add=loop, untouched with add=keep.
define float @fsub_f32_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: define float @fsub_f32_shared(
; ADDAUTO-NEXT: [[NEG:%.*]] = fneg float %v
; ADDAUTO-NEXT: %old = atomicrmw fadd ptr addrspace(3) %p, float [[NEG]] monotonic, align 4
; ADDKEEP-NEXT: %old = atomicrmw fsub ptr addrspace(3) %p, float %v monotonic, align 4
; ADDLOOP-NOT:  = atomicrmw
; ADDLOOP:      fsub float
; ADDLOOP:      cmpxchg ptr addrspace(3) %p
; CHECK:        ret float %old
  %old = atomicrmw fsub ptr addrspace(3) %p, float %v monotonic, align 4
  ret float %old
}

; fadd double in a function for sm_60: native from the attribute (at system
; scope, as inline PTX atom.sys); sm=50 overrides it into a loop.
define double @fadd_f64_sm60(ptr addrspace(1) %p, double %v) #0 {
; CHECK-LABEL: define double @fadd_f64_sm60(
; ATTR-NEXT:     %old = call double asm sideeffect "atom.sys.global.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"(ptr addrspace(1) %p, double %v)
; ATTRKEEP-NEXT: %old = atomicrmw fadd ptr addrspace(1) %p, double %v monotonic, align 8
; ATTRLOOP:      cmpxchg ptr addrspace(1) %p, i64
; SM50:          cmpxchg ptr addrspace(1) %p, i64
; CHECK:         ret double %old
  %old = atomicrmw fadd ptr addrspace(1) %p, double %v monotonic, align 8
  ret double %old
}

; fadd bfloat in a function for sm_90 with +ptx78 among other features: native from the attributes
; (device scope: at system scope a 16-bit add is a loop, nvptx-native-sys.ll).
define bfloat @fadd_bf16_sm90(ptr addrspace(1) %p, bfloat %v) #1 {
; CHECK-LABEL: define bfloat @fadd_bf16_sm90(
; ATTR-NEXT:     %old = atomicrmw fadd ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
; ATTRKEEP-NEXT: %old = atomicrmw fadd ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
; ATTRLOOP:      fadd bfloat
; ATTRLOOP:      cmpxchg ptr addrspace(1)
; SM50:          fadd bfloat
; SM50:          cmpxchg ptr addrspace(1)
; CHECK:         ret bfloat %old
  %old = atomicrmw fadd ptr addrspace(1) %p, bfloat %v syncscope("device") monotonic, align 2
  ret bfloat %old
}

; fadd half in a function for sm_70 without a PTX feature: LLVM 22 uses PTX 6.0 there, so no f16 atom.add (needs 6.3): a loop.
define half @fadd_f16_sm70(ptr addrspace(1) %p, half %v) #2 {
; CHECK-LABEL: define half @fadd_f16_sm70(
; ADDKEEP-NEXT: %old = atomicrmw fadd ptr addrspace(1) %p, half %v monotonic, align 2
; ADDAUTO:      fadd half
; ADDAUTO:      cmpxchg ptr addrspace(1)
; CHECK:        ret half %old
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v monotonic, align 2
  ret half %old
}

; fadd half in a function for sm_75 (PTX 6.3 by default): native (device scope).
define half @fadd_f16_sm75(ptr addrspace(1) %p, half %v) #3 {
; CHECK-LABEL: define half @fadd_f16_sm75(
; ATTR-NEXT:     %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
; SM50:          cmpxchg ptr addrspace(1)
; CHECK:         ret half %old
  %old = atomicrmw fadd ptr addrspace(1) %p, half %v syncscope("device") monotonic, align 2
  ret half %old
}

attributes #0 = { "target-cpu"="sm_60" }
attributes #1 = { "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" }
attributes #2 = { "target-cpu"="sm_70" }
attributes #3 = { "target-cpu"="sm_75" }
