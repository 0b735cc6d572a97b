// Every OpenCL C spelling of a float atomic_fetch_{add,sub,min,max}
// (cl_ext_float_atomics): the plain form, _explicit with an order, and
// _explicit with an order and a scope, with constant and non-constant
// operands, for T in {float, double, half} and AS in {global, local, none
// (generic)}. The .test files compile it with clang and check it with
// FileCheck -DT=... -DPTR=... -DAL=... (PTR: the pointer type the atomicrmw
// takes; a global or local pointer also for min/max, which clang-22
// resolves to the generic overload behind an addrspacecast).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define ATOMIC_(T) atomic_##T
#define ATOMIC(T) ATOMIC_(T)

T f(volatile AS ATOMIC(T) *p, T v, memory_order o, memory_scope s) {
  T r = atomic_fetch_min(p, v);
  r += atomic_fetch_min_explicit(p, v, memory_order_relaxed);
  r += atomic_fetch_min_explicit(p, v, memory_order_acquire,
                                 memory_scope_work_group);
  r += atomic_fetch_min_explicit(p, v, o, s);
  r += atomic_fetch_max(p, v);
  r += atomic_fetch_max_explicit(p, v, memory_order_release);
  r += atomic_fetch_max_explicit(p, v, memory_order_acq_rel,
                                 memory_scope_sub_group);
  r += atomic_fetch_max_explicit(p, v, o);
  r += atomic_fetch_add(p, v);
  r += atomic_fetch_add_explicit(p, v, memory_order_seq_cst);
  r += atomic_fetch_add_explicit(p, v, memory_order_relaxed,
                                 memory_scope_all_svm_devices);
  r += atomic_fetch_add_explicit(p, v, memory_order_relaxed, s);
  r += atomic_fetch_sub(p, v);
  r += atomic_fetch_sub_explicit(p, v, memory_order_relaxed);
  r += atomic_fetch_sub_explicit(p, v, memory_order_relaxed,
                                 memory_scope_work_item);
  r += atomic_fetch_sub_explicit(p, v, memory_order_seq_cst,
                                 memory_scope_device);
  return r;
}

// CHECK-LABEL: @f(
// Plain form: seq_cst, memory_scope_device.
// CHECK: atomicrmw fmin [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") seq_cst, align [[AL]]
// _explicit with an order: memory_scope_device.
// CHECK: atomicrmw fmin [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") monotonic, align [[AL]]
// CHECK: atomicrmw fmin [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("workgroup") acquire, align [[AL]]
// Order and scope not constant: seq_cst at system scope.
// CHECK: atomicrmw fmin [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} seq_cst, align [[AL]]
// CHECK: atomicrmw fmax [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") seq_cst, align [[AL]]
// CHECK: atomicrmw fmax [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") release, align [[AL]]
// CHECK: atomicrmw fmax [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("subgroup") acq_rel, align [[AL]]
// Order not constant, scope by default: seq_cst, device.
// CHECK: atomicrmw fmax [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") seq_cst, align [[AL]]
// CHECK: atomicrmw fadd [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") seq_cst, align [[AL]]
// CHECK: atomicrmw fadd [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") seq_cst, align [[AL]]
// memory_scope_all_svm_devices: system scope.
// CHECK: atomicrmw fadd [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} monotonic, align [[AL]]
// Scope not constant: system.
// CHECK: atomicrmw fadd [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} monotonic, align [[AL]]
// CHECK: atomicrmw fsub [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") seq_cst, align [[AL]]
// CHECK: atomicrmw fsub [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") monotonic, align [[AL]]
// memory_scope_work_item: singlethread.
// CHECK: atomicrmw fsub [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("singlethread") monotonic, align [[AL]]
// CHECK: atomicrmw fsub [[PTR]] {{%[0-9]+}}, [[T]] {{%[0-9]+}} syncscope("device") seq_cst, align [[AL]]
// CHECK: ret [[T]]
