; REQUIRES: nvptx
; System scope on NVPTX: an atomicrmw with no syncscope is atomic with
; respect to the host and peer GPUs (PTX .sys). LLVM 15 to 22's NVPTX prints
; an integer atomicrmw (and a float add) with no scope whatever its
; syncscope, and PTX gives a scope-less atom the .gpu scope. So from sm_60,
; where .sys exists, every read-modify-write the pass builds for a
; system-scope site is inline PTX `atom.sys[.global|.shared].OP`: the integer
; min/max of the sign trick (fmin, fmax, f32 and f64, and fminimum/fmaximum
; under assume=nan-free-memory: nvptx-system-scope-fminimum.ll) and the native
; add of fsub. The fences of a strong ordering stay around it (LLVM 22; LLVM 15
; has no NVPTX fences, so the pass adds none there). cmpxchg is the backend's
; on LLVM 22, which prints it with .sys; LLVM 15 prints a cmpxchg with no
; scope (.gpu), so before LLVM 20 the pass emits every cas of a system-scope
; site as inline PTX `atom[.SEM].sys[.global|.shared].cas` too, and from
; sm_60 no atom of a system-scope site is narrower than .sys. The NaN repair's
; cmpxchg loop is in a shared cold helper per kind of site (fpa.nanrepair.*,
; a .func after the functions, checked at the end) that the site calls, with
; the site's ordering and syncscope. Past its integer atoms, a system-scope
; function has no cas and no atom without .sys of its own.
; SEMANTICS.md: the syncscope is kept, never narrowed.
; RUN: rm -f %t.host
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' %s | %llc -mcpu=sm_70 -o %t.ptx
; RUN: %FileCheck %s --check-prefixes=CHECK,%if llvm15 %{L15%} %else %{L22%} < %t.ptx
; sm_70 PTX assembles for sm_90 (CUDA 13's ptxas has no sm_70 target).
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; Below sm_60 PTX has no .sys: the integer atoms are the backend's, with no
; scope, and the report says so.
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=50>' %s | %llc -mcpu=sm_50 -o - | %FileCheck %s --check-prefix=SM50
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=50>' -fpa-report=- -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REPORT50
; RUN: %opt %loadplugin -passes='lower-fp-atomics<sm=70>' -fpa-report=- -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REPORT
; LLVM 15 has no NVPTX fences: the report says the ordering is the inline
; atoms' .sem, and that seq_cst gets acq_rel without fence.sc.
; RUN: %if llvm15 %{ %opt %loadplugin -passes='lower-fp-atomics<sm=70>' -fpa-report=- -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REPORT15 %}
; REPORT15:     fmin_release_system: fmin float addrspace(1): rewritten int-trick: {{.*}}; note: this LLVM's NVPTX backend has no fences, so the ordering is the inline atoms' .sem; system scope:
; REPORT15:     fsub_f64_seq_cst_system: fsub double addrspace(1): rewritten fadd-neg: {{.*}}; note: this LLVM's NVPTX backend has no fences, so the ordering is the inline atoms' .sem (acq_rel: no fence.sc); system scope:
; A module whose triple is not nvptx (target=nvptx forced, as the host test
; harnesses do) gets no inline PTX.
; RUN: sed -e 's/^target triple = .*/target triple = "x86_64-unknown-linux-gnu"/' %s \
; RUN:   | %opt %loadplugin -passes='lower-fp-atomics<target=nvptx;sm=70>' -S -fpa-report=%t.host | %FileCheck %s --check-prefix=HOST
; RUN: %FileCheck %s --check-prefix=HOSTREPORT < %t.host

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; REPORT:      fmin_system: fmin float addrspace(1): rewritten int-trick: {{.*}}; system scope: its atomics are inline PTX atom.sys (the backend would emit them at .gpu scope){{$}}
; REPORT:      fmin_device: fmin float addrspace(1): rewritten int-trick: {{.*}}unchanged{{$}}
; REPORT50:    fmin_system: fmin float addrspace(1): rewritten int-trick: {{.*}}; note: PTX has no .sys scope before sm_60, so its atomics act at .gpu scope, not .sys{{$}}
; HOSTREPORT:  fmin_system: fmin float addrspace(1): rewritten int-trick: {{.*}}; note: the module's triple is not nvptx, so its atomics act at .gpu scope, not .sys{{$}}
; HOST-LABEL:  define float @fmin_system(
; HOST-NOT:    asm
; HOST:        atomicrmw min ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; HOST:        atomicrmw umax ptr addrspace(1) %p, i32 {{%.*}} monotonic, align 4
; HOST-NOT:    asm

; fmin float, global memory: atom.sys.global.min.s32 / max.u32; the repair
; calls its helper after them.
define float @fmin_system(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fmin_system(
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.global.min.s32
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.global.max.u32
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; CHECK:       %atomicrmw.nanrepair
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; L22:         call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic, (param0, param1, param2);
; L15:         call.uni (retval0),
; L15-NEXT:    fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic,
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; CHECK:       End function
; SM50-LABEL:  fmin_system(
; SM50-NOT:    .sys
; SM50:        atom.global.min.s32
; SM50-NOT:    .sys
; SM50:        atom.global.max.u32
; SM50-NOT:    .sys
; SM50:        ret;
; SM50-NOT:    .sys
; LLVM 15 prints the callee on the line after the call.
; SM50:        call.uni (retval0),{{[[:space:]]+}}fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic,
; SM50-NOT:    .sys
; SM50:        End function
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fmax float, shared memory: atom.sys.shared.max.s32 / min.u32.
define void @fmax_system_shared(ptr addrspace(3) %p, float %v) {
; CHECK-LABEL: fmax_system_shared(
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.shared.max.s32
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.shared.min.u32
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; CHECK:       %atomicrmw.nanrepair
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; L22:         call.uni (retval0), fpa_$_nanrepair_$_fmax_$_f32_$_p3_$_monotonic, (param0, param1, param2);
; L15:         call.uni (retval0),
; L15-NEXT:    fpa_$_nanrepair_$_fmax_$_f32_$_p3_$_monotonic,
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; CHECK:       End function
  %old = atomicrmw fmax ptr addrspace(3) %p, float %v monotonic, align 4
  ret void
}

; fmin double through a generic pointer: atom.sys.min.s64 / max.u64, no
; state space.
define double @fmin_f64_system_generic(ptr %p, double %v) {
; CHECK-LABEL: fmin_f64_system_generic(
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.min.s64
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.max.u64
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; CHECK:       %atomicrmw.nanrepair
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; L22:         call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f64_$_p0_$_monotonic, (param0, param1, param2);
; L15:         call.uni (retval0),
; L15-NEXT:    fpa_$_nanrepair_$_fmin_$_f64_$_p0_$_monotonic,
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; CHECK:       End function
  %old = atomicrmw fmin ptr %p, double %v monotonic, align 8
  ret double %old
}

; fmax double, global memory.
define double @fmax_f64_system(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: fmax_f64_system(
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.global.max.s64
; CHECK-NOT:   {{atom\.|cas}}
; CHECK:       atom.sys.global.min.u64
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; CHECK:       %atomicrmw.nanrepair
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; L22:         call.uni (retval0), fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_monotonic, (param0, param1, param2);
; L15:         call.uni (retval0),
; L15-NEXT:    fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_monotonic,
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])}}
; CHECK:       End function
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v monotonic, align 8
  ret double %old
}

; release: one leading fence (PTX fence.acq_rel, the lightest that releases)
; before the sign branch, none after; the repair's cas (in its helper)
; carries the release. LLVM 15 (no NVPTX fences): the atoms carry it as
; their .sem.
define float @fmin_release_system(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fmin_release_system(
; CHECK-NOT:   {{atom\.|fence}}
; L22:         fence.acq_rel.sys;
; L22-NEXT:    @{{%p[0-9]+}} bra
; CHECK-NOT:   {{atom\.|fence}}
; L22:         atom.sys.global.min.s32
; L15:         atom.release.sys.global.min.s32
; CHECK-NOT:   {{atom\.|fence}}
; L22:         atom.sys.global.max.u32
; L15:         atom.release.sys.global.max.u32
; CHECK-NOT:   {{atom\.|fence}}
; CHECK:       %atomicrmw.nanrepair
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])|fence}}
; L22:         call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_release, (param0, param1, param2);
; L15:         call.uni (retval0),
; L15-NEXT:    fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_release,
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])|fence}}
; CHECK:       End function
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v release, align 4
  ret float %old
}

; acq_rel: a release fence before the sign branch, relaxed atom.sys on both
; paths, an acquire fence (fence.acq_rel) after their join; LLVM 15 (no
; NVPTX fences): atom.acq_rel.sys on both paths.
define double @fmax_acq_rel_system(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: fmax_acq_rel_system(
; CHECK-NOT:   {{atom\.|fence}}
; L22:         fence.acq_rel.sys;
; L22-NEXT:    @{{%p[0-9]+}} bra
; CHECK-NOT:   {{atom\.|fence}}
; L22:         atom.sys.global.max.s64
; L15:         atom.acq_rel.sys.global.max.s64
; CHECK-NOT:   {{atom\.|fence}}
; L22:         atom.sys.global.min.u64
; L15:         atom.acq_rel.sys.global.min.u64
; L22-NEXT:    // end inline asm
; L22-NEXT:    $L__BB{{.*}}atomicrmw.join
; L22-NEXT:    fence.acq_rel.sys;
; CHECK-NOT:   {{atom\.|fence}}
; CHECK:       %atomicrmw.nanrepair
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])|fence}}
; L22:         call.uni (retval0), fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_acq_rel, (param0, param1, param2);
; L15:         call.uni (retval0),
; L15-NEXT:    fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_acq_rel,
; CHECK-NOT:   {{cas|atom\.([^s]|s[^y])|fence}}
; CHECK:       End function
  %old = atomicrmw fmax ptr addrspace(1) %p, double %v acq_rel, align 8
  ret double %old
}

; fsub float, global memory: the guarded add's native add of -v is
; atom.sys.global.add.f32; the loop for tiny operands is a cas.
define float @fsub_system(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fsub_system(
; CHECK-NOT:   atom.
; CHECK:       setp.lt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 218103808;
; CHECK-NOT:   atom.
; CHECK:       atom.sys.global.add.f32
; CHECK-NOT:   atom.
; L22:         atom.relaxed.sys.global.cas.b32
; L15:         atom.sys.global.cas.b32
; CHECK-NOT:   atom.
; CHECK:       End function
  %old = atomicrmw fsub ptr addrspace(1) %p, float %v monotonic, align 4
  ret float %old
}

; fsub double, seq_cst: fadd of -v after a seq_cst fence, as
; atom.acquire.sys.global.add.f64 (sm_70 has .sem; PTX maps a seq_cst
; read-modify-write to fence.sc then an acquire atom). LLVM 15 has no NVPTX
; fences: atom.acq_rel.sys, without the fence.sc (README, Known gaps).
define double @fsub_f64_seq_cst_system(ptr addrspace(1) %p, double %v) {
; CHECK-LABEL: fsub_f64_seq_cst_system(
; CHECK-NOT:   {{atom\.|cas}}
; L22:         fence.sc.sys;
; CHECK-NOT:   {{atom\.|cas|fence}}
; L22:         atom.acquire.sys.global.add.f64
; L15:         atom.acq_rel.sys.global.add.f64
; CHECK-NOT:   {{atom\.|cas|fence}}
; CHECK:       ret;
  %old = atomicrmw fsub ptr addrspace(1) %p, double %v seq_cst, align 8
  ret double %old
}

; Device scope: the backend's scope-less atom is .gpu, which is what device
; asks; no inline PTX. Its repair has its own helper (device), cas at .gpu.
define float @fmin_device(ptr addrspace(1) %p, float %v) {
; CHECK-LABEL: fmin_device(
; CHECK-NOT:   .sys
; CHECK:       atom.global.min.s32
; CHECK-NOT:   .sys
; CHECK:       atom.global.max.u32
; CHECK-NOT:   {{\.sys|cas}}
; L22:         call.uni (retval0), fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_device_$_monotonic, (param0, param1, param2);
; L15:         call.uni (retval0),
; L15-NEXT:    fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_device_$_monotonic,
; CHECK-NOT:   {{\.sys|cas}}
; CHECK:       End function
  %old = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("device") monotonic, align 4
  ret float %old
}

; The NaN repair helpers, after the functions, in the order the sites first
; need them: each one cas loop with the site's ordering, at .sys where the
; site is system scope (on LLVM 15 inline PTX, with the ordering as the
; atom's .sem and none for monotonic), on the site's state space; the device
; site's at .gpu (on LLVM 15 the backend's cas, with no scope, which is .gpu).
; CHECK-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic(
; CHECK-NOT:   atom.
; L22:         atom.relaxed.sys.global.cas.b32
; L15:         atom.sys.global.cas.b32
; CHECK-NOT:   atom.
; CHECK:       ret;
; CHECK-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmax_$_f32_$_p3_$_monotonic(
; CHECK-NOT:   atom.
; L22:         atom.relaxed.sys.shared.cas.b32
; L15:         atom.sys.shared.cas.b32
; CHECK-NOT:   atom.
; CHECK:       ret;
; CHECK-LABEL: .func (.param .b64 func_retval0) fpa_$_nanrepair_$_fmin_$_f64_$_p0_$_monotonic(
; CHECK-NOT:   atom.
; L22:         atom.relaxed.sys.cas.b64
; L15:         atom.sys.cas.b64
; CHECK-NOT:   atom.
; CHECK:       ret;
; CHECK-LABEL: .func (.param .b64 func_retval0) fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_monotonic(
; CHECK-NOT:   atom.
; L22:         atom.relaxed.sys.global.cas.b64
; L15:         atom.sys.global.cas.b64
; CHECK-NOT:   atom.
; CHECK:       ret;
; CHECK-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_release(
; CHECK-NOT:   {{atom\.|fence}}
; CHECK:       atom.release.sys.global.cas.b32
; CHECK-NOT:   {{atom\.|fence}}
; CHECK:       ret;
; CHECK-LABEL: .func (.param .b64 func_retval0) fpa_$_nanrepair_$_fmax_$_f64_$_p1_$_acq_rel(
; CHECK-NOT:   {{atom\.|fence}}
; CHECK:       atom.acq_rel.sys.global.cas.b64
; CHECK-NOT:   {{atom\.|fence}}
; CHECK:       ret;
; CHECK-LABEL: .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_device_$_monotonic(
; CHECK-NOT:   atom.
; L22:         atom.relaxed.gpu.global.cas.b32
; L15:         atom.global.cas.b32
; CHECK-NOT:   atom.
; CHECK:       ret;
; SM50-LABEL:  .func (.param .b32 func_retval0) fpa_$_nanrepair_$_fmin_$_f32_$_p1_$_monotonic(
; SM50-NOT:    .sys
; SM50:        atom.global.cas.b32
; SM50-NOT:    .sys
; SM50:        ret;
