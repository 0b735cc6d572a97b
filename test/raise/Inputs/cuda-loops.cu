// Float atomics written as compare-and-swap loops, the way CUDA code
// writes them (atomicCAS on int, unsigned, unsigned long long and unsigned
// short). Each function is one shape; those named no_* break one rule for
// raising and must stay loops. The .test files compile this with clang
// (-O0, -O1, -O2) and check the IR and the report.
//
// With -DNO_CUDA_HEADERS it needs no CUDA installation (clang -nocudainc):
// the few CUDA functions it uses are defined below on clang's builtins,
// as CUDA's headers define them.
#ifdef NO_CUDA_HEADERS
#define __device__ __attribute__((device))
#define __noinline__ __attribute__((noinline))
static __device__ int atomicCAS(int *p, int e, int d) {
  return __nvvm_atom_cas_gen_i(p, e, d);
}
static __device__ unsigned atomicCAS(unsigned *p, unsigned e, unsigned d) {
  return (unsigned)__nvvm_atom_cas_gen_i((int *)p, (int)e, (int)d);
}
static __device__ unsigned long long atomicCAS(unsigned long long *p,
                                               unsigned long long e,
                                               unsigned long long d) {
  return __nvvm_atom_cas_gen_ll((long long *)p, e, d);
}
static __device__ int atomicCAS_block(int *p, int e, int d) {
  return __nvvm_atom_cta_cas_gen_i(p, e, d);
}
static __device__ unsigned short atomicCAS(unsigned short *p, unsigned short e,
                                           unsigned short d) {
  __atomic_compare_exchange_n(p, &e, d, false, __ATOMIC_SEQ_CST,
                              __ATOMIC_SEQ_CST);
  return e;
}
static __device__ float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
static __device__ float fminf(float a, float b) { return __builtin_fminf(a, b); }
static __device__ double fmin(double a, double b) { return __builtin_fmin(a, b); }
static __device__ int __float_as_int(float f) { return __builtin_bit_cast(int, f); }
static __device__ float __int_as_float(int i) { return __builtin_bit_cast(float, i); }
static __device__ unsigned __float_as_uint(float f) {
  return __builtin_bit_cast(unsigned, f);
}
static __device__ float __uint_as_float(unsigned i) {
  return __builtin_bit_cast(float, i);
}
static __device__ long long __double_as_longlong(double d) {
  return __builtin_bit_cast(long long, d);
}
static __device__ double __longlong_as_double(long long i) {
  return __builtin_bit_cast(double, i);
}
#endif

#define LOOP extern "C" __device__ __noinline__

// The CUDA Programming Guide's atomicMax-for-float shape: int CAS, fmaxf,
// retry with the value atomicCAS returned, return it.
LOOP float max_int(float *addr, float val) {
  int *word = (int *)addr;
  int seen = *word, assumed;
  do {
    assumed = seen;
    seen = atomicCAS(word, assumed,
                     __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != seen);
  return __int_as_float(seen);
}

// unsigned, fminf, and no atomic at all when the value would not change.
LOOP float min_unsigned_early(float *addr, float val) {
  unsigned *word = (unsigned *)addr;
  unsigned cur = *word;
  for (;;) {
    float next = fminf(__uint_as_float(cur), val);
    if (__float_as_uint(next) == cur)
      break;
    unsigned prev = atomicCAS(word, cur, __float_as_uint(next));
    if (prev == cur)
      break;
    cur = prev;
  }
  return __uint_as_float(cur);
}

// atomicAdd(double) as the Programming Guide writes it for old GPUs.
LOOP double add_ull(double *addr, double val) {
  unsigned long long *word = (unsigned long long *)addr;
  unsigned long long old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

// old - v.
LOOP float sub_int(float *addr, float val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __float_as_int(__int_as_float(assumed) - val));
  } while (assumed != old);
  return __int_as_float(old);
}

// fmin on double, result unused.
LOOP void min_double(double *addr, double val) {
  unsigned long long *word = (unsigned long long *)addr;
  unsigned long long old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __double_as_longlong(fmin(__longlong_as_double(assumed),
                                              val)));
  } while (assumed != old);
}

// Seed 002's shape in CUDA: read the location again through a volatile
// pointer in each iteration; the atomicrmw must stay a volatile access.
LOOP void add_reread(float *addr, float val) {
  volatile float *loc = addr;
  float old;
  do {
    old = *loc;
  } while (atomicCAS((int *)addr, __float_as_int(old),
                     __float_as_int(old + val)) != __float_as_int(old));
}

// Block scope: atomicCAS_block is relaxed at block scope.
LOOP float max_block(float *addr, float val) {
  int *word = (int *)addr;
  int seen = *word, assumed;
  do {
    assumed = seen;
    seen = atomicCAS_block(word, assumed,
                           __float_as_int(fmaxf(__int_as_float(assumed), val)));
  } while (assumed != seen);
  return __int_as_float(seen);
}

#if __clang_major__ > 15 // _Float16 on NVPTX
// half on a 16-bit compare-and-swap (sm_70 and later).
LOOP _Float16 max_half(_Float16 *addr, _Float16 val) {
  unsigned short *word = (unsigned short *)addr;
  unsigned short old = *word, assumed;
  do {
    assumed = old;
    _Float16 cur = __builtin_bit_cast(_Float16, assumed);
    old = atomicCAS(word, assumed,
                    __builtin_bit_cast(unsigned short,
                                       __builtin_fmaxf16(cur, val)));
  } while (assumed != old);
  return __builtin_bit_cast(_Float16, old);
}
#endif

// --- loops that must stay loops ---------------------------------------

// A compare and select is not minnum: v < old ? v : old keeps a NaN in
// memory and picks by operand order at -0/+0.
LOOP float no_select_min(float *addr, float val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    float cur = __int_as_float(assumed);
    old = atomicCAS(word, assumed, __float_as_int(val < cur ? val : cur));
  } while (assumed != old);
  return __int_as_float(old);
}

// The exit compares floats: a NaN in memory never compares equal.
LOOP float no_float_exit(float *addr, float val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __float_as_int(fmaxf(__int_as_float(assumed), val)));
  } while (__int_as_float(assumed) != __int_as_float(old));
  return __int_as_float(old);
}

// Counts its retries: another side effect in the body.
LOOP float no_side_effect(float *addr, float val, int *tries) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    *tries += 1;
    old = atomicCAS(word, assumed,
                    __float_as_int(fmaxf(__int_as_float(assumed), val)));
  } while (assumed != old);
  return __int_as_float(old);
}

// v is read again in each iteration from memory another thread may write.
LOOP float no_v_changes(float *addr, volatile float *val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __float_as_int(fmaxf(__int_as_float(assumed), *val)));
  } while (assumed != old);
  return __int_as_float(old);
}

// v is loaded in each iteration, after a compare-and-swap that may have
// written it (the pointers may alias).
LOOP float no_v_reloaded(float *addr, const float *val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __float_as_int(fmaxf(__int_as_float(assumed), *val)));
  } while (assumed != old);
  return __int_as_float(old);
}

// The address moves with each retry.
LOOP void no_addr_changes(float *addr, float val) {
  int i = 0;
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word + (i & 1), assumed,
                    __float_as_int(__int_as_float(assumed) + val));
    ++i;
  } while (assumed != old);
}

// v - old is not atomicrmw fsub.
LOOP float no_reverse_sub(float *addr, float val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __float_as_int(val - __int_as_float(assumed)));
  } while (assumed != old);
  return __int_as_float(old);
}

// A product is no atomicrmw operation.
LOOP float no_mul(float *addr, float val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed,
                    __float_as_int(__int_as_float(assumed) * val));
  } while (assumed != old);
  return __int_as_float(old);
}

// Returns the new value, not the old one.
LOOP float no_new_used(float *addr, float val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  float next;
  do {
    assumed = old;
    next = __int_as_float(assumed) + val;
    old = atomicCAS(word, assumed, __float_as_int(next));
  } while (assumed != old);
  return next;
}

// Never learns the current value: retries with its first read forever.
LOOP void no_stale_retry(float *addr, float val) {
  int *word = (int *)addr;
  int first = *word;
  while (atomicCAS(word, first,
                   __float_as_int(fmaxf(__int_as_float(first), val))) != first)
    ;
}

// Leaves early on a float compare: -0 == +0, so fmax(-0, +0) looks
// unchanged and memory keeps -0.
LOOP float no_float_early_exit(float *addr, float val) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    float next = fmaxf(__int_as_float(assumed), val);
    if (next == __int_as_float(assumed))
      break;
    old = atomicCAS(word, assumed, __float_as_int(next));
  } while (assumed != old);
  return __int_as_float(old);
}
