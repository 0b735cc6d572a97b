; An atomic on constant memory (SPIR addrspace(2), NVPTX addrspace(4)) is
; left as is with a reason, not rewritten into integer atomics that are no
; more valid there; the same atomic on global memory is rewritten. With
; --strict the tool fails on it.
; RUN: %fpa-opt-asan %s --report=%t.spirv -o - 2>/dev/null | %FileCheck %s --check-prefix=SPIRV
; RUN: %FileCheck %s --check-prefix=REPORT-SPIRV < %t.spirv
; RUN: sed -e 's/spirv64-unknown-unknown/nvptx64-nvidia-cuda/' -e 's/addrspace(2)/addrspace(4)/g' %s > %t.nvptx.ll
; RUN: %fpa-opt-asan %t.nvptx.ll --report=%t.nvptx -o - 2>/dev/null | %FileCheck %s --check-prefix=NVPTX
; RUN: %FileCheck %s --check-prefix=REPORT-NVPTX < %t.nvptx
; RUN: not %fpa-opt-asan %s --strict -o /dev/null 2>&1 | %FileCheck %s --check-prefix=STRICT

target triple = "spirv64-unknown-unknown"

; SPIRV-LABEL: define float @k(
; SPIRV: atomicrmw fmin ptr addrspace(2) %c, float %v syncscope("device") monotonic, align 4
; SPIRV-NOT: atomicrmw fmin ptr addrspace(1)
; SPIRV: ret float
; NVPTX-LABEL: define float @k(
; NVPTX: atomicrmw fmin ptr addrspace(4) %c, float %v syncscope("device") monotonic, align 4
; NVPTX-NOT: atomicrmw fmin ptr addrspace(1)
; NVPTX: ret float
; REPORT-SPIRV: k: fmin float addrspace(2): unsupported none: an atomic on the constant address space (addrspace(2)) cannot write memory
; REPORT-SPIRV: k: fmax float addrspace(1): rewritten int-trick
; REPORT-NVPTX: k: fmin float addrspace(4): unsupported none: an atomic on the constant address space (addrspace(4)) cannot write memory
; REPORT-NVPTX: k: fmax float addrspace(1): rewritten
; STRICT: warning: in 'k': fmin float left as is: an atomic on the constant address space (addrspace(2)) cannot write memory
define float @k(ptr addrspace(2) %c, ptr addrspace(1) %g, float %v) {
  %a = atomicrmw fmin ptr addrspace(2) %c, float %v syncscope("device") monotonic, align 4
  %b = atomicrmw fmax ptr addrspace(1) %g, float %v syncscope("device") monotonic, align 4
  %s = fadd float %a, %b
  ret float %s
}
