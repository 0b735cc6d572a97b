// Float atomics written as compare-and-swap loops in OpenCL C: the OpenCL
// 1.x functions atomic_cmpxchg and atom_cmpxchg, and C11's
// atomic_compare_exchange_*. Each function is one shape; those named no_*
// break one rule for raising and must stay loops. The .test files compile
// this with clang-22 (spirv64, CL3.0) and clang-15 (spir64, CL2.0).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

typedef union {
  uint u;
  float f;
} bits32;

// Seed 002's shape: read the location in each iteration, compare the
// returned value with what was read.
void add_reread(volatile global float *p, float v) {
  bits32 seen, next;
  do {
    seen.f = *p;
    next.f = seen.f + v;
  } while (atomic_cmpxchg((volatile global uint *)p, seen.u, next.u) !=
           seen.u);
}

// Seed 003's shape, on local memory: read once, then retry with what
// atomic_cmpxchg returned.
float add_returned_local(volatile local float *p, float v) {
  bits32 cur, want, next;
  cur.f = *p;
  do {
    want.f = cur.f;
    next.f = want.f + v;
    cur.u = atomic_cmpxchg((volatile local uint *)p, want.u, next.u);
  } while (cur.u != want.u);
  return cur.f;
}

// int, fmin, no atomic at all when the minimum would not change.
float min_early(volatile global int *p, float v) {
  int cur = *p;
  for (;;) {
    float next = fmin(as_float(cur), v);
    if (as_int(next) == cur)
      break;
    int prev = atomic_cmpxchg(p, cur, as_int(next));
    if (prev == cur)
      break;
    cur = prev;
  }
  return as_float(cur);
}

// 64-bit: atom_cmpxchg on ulong, double subtraction.
double sub_atom64(volatile global ulong *p, double v) {
  ulong cur = *p, want;
  do {
    want = cur;
    cur = atom_cmpxchg(p, want, as_ulong(as_double(want) - v));
  } while (cur != want);
  return as_double(cur);
}

// C11, relaxed at work-group scope; *expected is updated by a failure.
float max_c11_explicit(volatile global atomic_uint *p, float v) {
  uint expected =
      atomic_load_explicit(p, memory_order_relaxed, memory_scope_work_group);
  while (!atomic_compare_exchange_weak_explicit(
      p, &expected, as_uint(fmax(as_float(expected), v)),
      memory_order_relaxed, memory_order_relaxed, memory_scope_work_group))
    ;
  return as_float(expected);
}

// C11 on atomic_float itself, sequentially consistent by default.
float min_c11_float(volatile global atomic_float *p, float v) {
  float expected = atomic_load(p);
  while (!atomic_compare_exchange_strong(p, &expected, fmin(expected, v)))
    ;
  return expected;
}

// fmax on double with atom_cmpxchg, result unused.
void max_double(volatile global long *p, double v) {
  long cur = *p, want;
  do {
    want = cur;
    cur = atom_cmpxchg(p, want, as_long(fmax(as_double(want), v)));
  } while (cur != want);
}

// --- loops that must stay loops ---------------------------------------

// A compare and select is not fmin.
float no_select_min(volatile global uint *p, float v) {
  uint cur = *p, want;
  do {
    want = cur;
    float old = as_float(want);
    cur = atomic_cmpxchg(p, want, as_uint(v < old ? v : old));
  } while (cur != want);
  return as_float(cur);
}

// Exits on a float compare: a NaN in memory makes it spin.
void no_float_exit(volatile global uint *p, float v) {
  uint cur = *p, want;
  do {
    want = cur;
    cur = atomic_cmpxchg(p, want, as_uint(as_float(want) + v));
  } while (as_float(cur) != as_float(want));
}

// Writes something else in the loop.
void no_side_effect(volatile global uint *p, float v, global int *log) {
  uint cur = *p, want;
  do {
    want = cur;
    log[0] = (int)want;
    cur = atomic_cmpxchg(p, want, as_uint(fmax(as_float(want), v)));
  } while (cur != want);
}

// v is read in each iteration from memory others may write.
void no_v_changes(volatile global uint *p, volatile global float *v) {
  uint cur = *p, want;
  do {
    want = cur;
    cur = atomic_cmpxchg(p, want, as_uint(as_float(want) + *v));
  } while (cur != want);
}

// The address changes in the loop.
void no_addr_changes(volatile global uint *p, float v) {
  uint cur = *p, want;
  int i = 0;
  do {
    want = cur;
    cur = atomic_cmpxchg(p + (i++ & 1), want, as_uint(as_float(want) + v));
  } while (cur != want);
}

// --- half in a 32-bit word (OpenCL has no 16-bit atomic_cmpxchg) -------

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// The element's half of the word by a shift from its address; the other
// half kept with a mask.
float add_half_masked(volatile global half *p, half v) {
  volatile global uint *w =
      (volatile global uint *)((size_t)p & ~(size_t)3);
  uint shift = ((size_t)p & 2) * 8;
  uint cur = *w, want;
  half old;
  do {
    want = cur;
    old = as_half((ushort)(want >> shift));
    uint next = (want & ~(0xffffu << shift)) |
                ((uint)as_ushort((half)(old + v)) << shift);
    cur = atomic_cmpxchg(w, want, next);
  } while (cur != want);
  return old;
}

// The element's half chosen by a condition, in each iteration.
void max_half_select(volatile global half *p, half v) {
  volatile global uint *w =
      (volatile global uint *)((volatile global char *)p - ((size_t)p & 2));
  int high = ((size_t)p & 2) != 0;
  uint cur = *w, want;
  do {
    want = cur;
    ushort e = high ? (ushort)(want >> 16) : (ushort)want;
    ushort n = as_ushort(fmax(as_half(e), v));
    uint next = high ? (want & 0xffffu) | ((uint)n << 16)
                     : (want & 0xffff0000u) | n;
    cur = atomic_cmpxchg(w, want, next);
  } while (cur != want);
}

// Also sets a bit of the other half: not one atomic on the element.
void no_half_other_lane(volatile global uint *w, half v) {
  uint cur = *w, want;
  do {
    want = cur;
    half h = as_half((ushort)want);
    uint next = (want & 0xffff0000u) | 0x10000u | as_ushort((half)(h + v));
    cur = atomic_cmpxchg(w, want, next);
  } while (cur != want);
}
