; REQUIRES: spirv-backend
; Without a float-atomics extension LLVM 22's SPIR-V backend stops on
; atomicrmw fmin/fmax/fadd; after the pass the module compiles to integer
; atomics (OpAtomicSMin/UMax/SMax/UMin, 64-bit with Int64Atomics) and
; OpAtomicCompareExchange (the NaN repairs' in functions of their own), with
; no float atomic instruction or extension.
; RUN: %not %llc -mtriple=spirv64-unknown-unknown %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ORIG
; RUN: %opt %loadplugin -passes=lower-fp-atomics %s | %llc -mtriple=spirv64-unknown-unknown -o - | %FileCheck %s --implicit-check-not=OpExtension --implicit-check-not=OpAtomicF
; RUN: %opt %loadplugin -passes=lower-fp-atomics %s | %llc -mtriple=spirv64-unknown-unknown -filetype=obj -o %t.spv
; RUN: %if spirv-val %{ %spirv-val %t.spv %}

; ORIG: LLVM ERROR: The atomic float instruction requires the following SPIR-V extension

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spirv64-unknown-unknown"

; One kernel with fmin float, fmax double, fadd float (no extension) and fmin half.
; The NaN repairs of fmin float and fmax double are OpFunctionCalls to the
; shared @fpa.nanrepair.* functions, whose OpFunctions follow the kernel's
; and hold their OpAtomicCompareExchange with the site's Scope and
; MemorySemantics (Scope Device 1, Workgroup 2; semantics Acquire 2,
; AcquireRelease 8, SequentiallyConsistent 16).
; CHECK-DAG:  OpCapability Int64Atomics
; CHECK-DAG:  OpEntryPoint Kernel [[K:%[0-9]+]] "k"
; CHECK-DAG:  OpName [[FMAX64:%[0-9]+]] "fpa.nanrepair.fmax.f64.p1.device.acq_rel"
; CHECK-DAG:  OpName [[FMIN32:%[0-9]+]] "fpa.nanrepair.fmin.f32.p1.workgroup.seq_cst"
; CHECK-DAG:  [[I32:%[0-9]+]] = OpTypeInt 32 0
; CHECK-DAG:  [[I64:%[0-9]+]] = OpTypeInt 64 0
; CHECK-DAG:  [[C1:%[0-9]+]] = OpConstant [[I32]] 1{{$}}
; CHECK-DAG:  [[C2:%[0-9]+]] = OpConstant [[I32]] 2{{$}}
; CHECK-DAG:  [[C8:%[0-9]+]] = OpConstant [[I32]] 8{{$}}
; CHECK-DAG:  [[C16:%[0-9]+]] = OpConstant [[I32]] 16{{$}}
; CHECK:      [[K]] = OpFunction
; CHECK-NEXT: [[P:%[0-9]+]] = OpFunctionParameter
; CHECK-NEXT: OpFunctionParameter
; CHECK-NEXT: [[V:%[0-9]+]] = OpFunctionParameter
; CHECK-NEXT: [[D:%[0-9]+]] = OpFunctionParameter
; CHECK:      [[SMIN:%[0-9]+]] = OpAtomicSMin [[I32]]
; CHECK:      [[UMAX:%[0-9]+]] = OpAtomicUMax [[I32]]
; CHECK:      [[OLDF:%[0-9]+]] = OpPhi [[I32]] [[SMIN]] {{%[0-9]+}} [[UMAX]] {{%[0-9]+}}
; CHECK:      OpFunctionCall [[I32]] [[FMIN32]] [[P]] [[V]] [[OLDF]]
; CHECK:      [[SMAX:%[0-9]+]] = OpAtomicSMax [[I64]]
; CHECK:      [[UMIN:%[0-9]+]] = OpAtomicUMin [[I64]]
; CHECK:      [[OLDD:%[0-9]+]] = OpPhi [[I64]] [[SMAX]] {{%[0-9]+}} [[UMIN]] {{%[0-9]+}}
; CHECK:      OpFunctionCall [[I64]] [[FMAX64]] [[P]] [[D]] [[OLDD]]
; CHECK:      OpAtomicCompareExchange
; CHECK:      OpAtomicCompareExchange
; CHECK:      OpFunctionEnd
; CHECK:      [[FMAX64]] = OpFunction [[I64]]
; CHECK:      OpAtomicCompareExchange [[I64]] {{%[0-9]+}} [[C1]] [[C8]] [[C2]]
; CHECK:      OpFunctionEnd
; CHECK:      [[FMIN32]] = OpFunction [[I32]]
; CHECK:      OpAtomicCompareExchange [[I32]] {{%[0-9]+}} [[C2]] [[C16]] [[C16]]
; CHECK:      OpFunctionEnd
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(3) %l, float %v, double %d, half %h) {
  %a = atomicrmw fmin ptr addrspace(1) %p, float %v syncscope("workgroup") seq_cst, align 4
  %b = atomicrmw fmax ptr addrspace(1) %p, double %d syncscope("device") acq_rel, align 8
  %c = atomicrmw fadd ptr addrspace(3) %l, float %v monotonic, align 4
  %e = atomicrmw fmin ptr addrspace(1) %p, half %h monotonic, align 2
  ret void
}
