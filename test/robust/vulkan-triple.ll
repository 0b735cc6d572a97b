; Vulkan's SPIR-V (logical addressing: a float global cannot be read as an
; integer, which every lowering does) is not a target: the module is left
; as it is, where a lowered one crashed llc's SPIR-V backend. An OpenCL
; triple of the same module is lowered. --target=spirv forces the rules.
; RUN: %fpa-opt %s -o - | %FileCheck %s --check-prefix=LEFT
; RUN: sed 's/spirv1.6-unknown-vulkan1.3-compute/spirv64-unknown-unknown/' %s | %fpa-opt - -o - | %FileCheck %s --check-prefix=CL
; RUN: %fpa-opt --target=spirv %s -o - | %FileCheck %s --check-prefix=CL
target triple = "spirv1.6-unknown-vulkan1.3-compute"
@g = external addrspace(11) global float
define void @main() #0 {
  %a = atomicrmw fmin ptr addrspace(11) @g, float 1.0 monotonic, align 4
  ret void
}
attributes #0 = { "hlsl.numthreads"="1,1,1" "hlsl.shader"="compute" }
; LEFT: atomicrmw fmin ptr addrspace(11) @g, float 1.000000e+00 monotonic, align 4
; LEFT-NOT: fpa.nanrepair
; CL-NOT: atomicrmw fmin
; CL: atomicrmw min ptr addrspace(11) @g, i32
