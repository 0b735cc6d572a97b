/* Compare-and-swap loops in host C, each `T f(T *p, T v)` as fpa-verify
 * --ir wants them: the shapes of cuda-loops.cu and opencl-loops.cl with
 * clang's generic builtins (__sync_val_compare_and_swap is a seq_cst
 * cmpxchg, __builtin_fmaxf is llvm.maxnum). verify.test raises and lowers
 * them under the NVPTX rules forced onto the host triple, then checks the
 * result against LangRef with fpa-verify. */
#include <stdint.h>
#include <string.h>

static uint32_t bits32(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}
static float float32(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}
static uint64_t bits64(double d) {
  uint64_t b;
  memcpy(&b, &d, 8);
  return b;
}
static double float64(uint64_t b) {
  double d;
  memcpy(&d, &b, 8);
  return d;
}

/* seed 004: retry with the returned value */
float max_f32(float *p, float v) {
  uint32_t *w = (uint32_t *)p;
  uint32_t old = *w, assumed;
  do {
    assumed = old;
    old = __sync_val_compare_and_swap(
        w, assumed, bits32(__builtin_fmaxf(v, float32(assumed))));
  } while (assumed != old);
  return float32(old);
}

/* early exit when the minimum would not change */
double min_f64_early(double *p, double v) {
  uint64_t *w = (uint64_t *)p;
  uint64_t cur = __atomic_load_n(w, __ATOMIC_RELAXED);
  for (;;) {
    uint64_t next = bits64(__builtin_fmin(float64(cur), v));
    if (next == cur)
      break;
    uint64_t prev = __sync_val_compare_and_swap(w, cur, next);
    if (prev == cur)
      break;
    cur = prev;
  }
  return float64(cur);
}

/* seed 002: read the location in each iteration (volatile) */
float add_f32_reread(float *p, float v) {
  volatile float *loc = p;
  float old;
  do {
    old = *loc;
  } while (__sync_val_compare_and_swap((uint32_t *)p, bits32(old),
                                       bits32(old + v)) != bits32(old));
  return old;
}

/* seed 003: retry with the returned value; old - v on double */
double sub_f64(double *p, double v) {
  uint64_t *w = (uint64_t *)p;
  uint64_t cur = *w, want;
  do {
    want = cur;
    cur = __sync_val_compare_and_swap(w, want, bits64(float64(want) - v));
  } while (cur != want);
  return float64(cur);
}

/* C11-style: the expected value through memory, weak, success bit */
float min_f32_c11(float *p, float v) {
  uint32_t *w = (uint32_t *)p;
  uint32_t expected = __atomic_load_n(w, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(
      w, &expected, bits32(__builtin_fminf(float32(expected), v)), 1,
      __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
  return float32(expected);
}

/* never raised: a compare and select is not minnum */
float select_min(float *p, float v) {
  uint32_t *w = (uint32_t *)p;
  uint32_t old = *w, assumed;
  do {
    assumed = old;
    float cur = float32(assumed);
    old = __sync_val_compare_and_swap(w, assumed, bits32(v < cur ? v : cur));
  } while (assumed != old);
  return float32(old);
}

/* a half in its 32-bit word (no 16-bit compare-and-swap): the element's
 * half of the word from the address, the rest kept */
_Float16 add_f16_masked(_Float16 *p, _Float16 v) {
  uint32_t *w = (uint32_t *)((uintptr_t)p & ~(uintptr_t)3);
  unsigned shift = (unsigned)((uintptr_t)p & 2) * 8;
  uint32_t cur = *w, want;
  _Float16 old;
  do {
    want = cur;
    old = __builtin_bit_cast(_Float16, (uint16_t)(want >> shift));
    uint16_t nb = __builtin_bit_cast(uint16_t, (_Float16)(old + v));
    uint32_t next = (want & ~(0xffffu << shift)) | ((uint32_t)nb << shift);
    cur = __sync_val_compare_and_swap(w, want, next);
  } while (cur != want);
  return old;
}
