/* Host reference for the end-to-end kernels (kernels.cu, kernels.cl).
 *
 *   ref gen DIR pocl|gpu     inputs, expected outputs and one fpa-run spec
 *                            file per kernel (DIR/NAME.spec), fixed seed
 *   ref check-olds DIR [NAME] checks the returned old values of min_olds,
 *                            or of NAME, a kernel run on min_olds' inputs
 *                            (DIR/NAME.olds.out, DIR/NAME.m.out)
 *
 * Written from docs/exactness.md (the semantics), not from the pass: values are
 * compared through integer order keys, never with the host's fmin/fmax:
 *   minnum:  a NaN operand is ignored; -0.0 < +0.0; a NaN result may be any NaN
 *   minimum: a NaN operand gives NaN; -0.0 < +0.0
 *   fadd/fsub: IEEE round to nearest, subnormals kept. The values are chosen
 *   so that every partial sum is exact, so any order gives the same bits.
 * Plain C11, libc only (no libm), so the binary can travel to a GPU machine.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- bit-level float model, widths 16, 32, 64 ------------------------- */

typedef struct {
  int w;          /* bits */
  uint64_t sign;  /* sign bit */
  uint64_t all;   /* all-ones of the width */
  uint64_t inf;   /* exponent all-ones, mantissa 0 */
  uint64_t qnan;  /* positive quiet NaN */
} fmt;

static const fmt F16 = {16, 0x8000u, 0xffffu, 0x7c00u, 0x7e00u};
static const fmt F32 = {32, 0x80000000u, 0xffffffffu, 0x7f800000u, 0x7fc00000u};
static const fmt F64 = {64, 0x8000000000000000u, UINT64_MAX,
                        0x7ff0000000000000u, 0x7ff8000000000000u};

static int isnan_b(const fmt *f, uint64_t b) { return (b & ~f->sign & f->all) > f->inf; }
/* Total order key of a non-NaN value: -0.0 < +0.0, unsigned compare. */
static uint64_t key(const fmt *f, uint64_t b) {
  return (b & f->sign) ? (~b & f->all) : (b | f->sign);
}
static int less(const fmt *f, uint64_t a, uint64_t b) { return key(f, a) < key(f, b); }

static uint64_t minnum(const fmt *f, uint64_t a, uint64_t b) {
  if (isnan_b(f, a)) return b;
  if (isnan_b(f, b)) return a;
  return less(f, b, a) ? b : a;
}
static uint64_t maxnum(const fmt *f, uint64_t a, uint64_t b) {
  if (isnan_b(f, a)) return b;
  if (isnan_b(f, b)) return a;
  return less(f, a, b) ? b : a;
}
static uint64_t minimum(const fmt *f, uint64_t a, uint64_t b) {
  if (isnan_b(f, a)) return a;
  if (isnan_b(f, b)) return b;
  return less(f, b, a) ? b : a;
}
static uint64_t maximum(const fmt *f, uint64_t a, uint64_t b) {
  if (isnan_b(f, a)) return a;
  if (isnan_b(f, b)) return b;
  return less(f, a, b) ? b : a;
}

/* ---- random numbers (splitmix64, fixed seeds) -------------------------- */

static uint64_t rng_state;
static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}
static uint64_t below(uint64_t n) { return rnd() % n; }

/* A value of format f: mostly finite values of many magnitudes, with NaNs
 * (both signs, with payloads), zeros of both signs, infinities and
 * subnormals mixed in. nan_pct: percent of NaNs. */
static uint64_t special(const fmt *f, int nan_pct) {
  int mbits = f->w == 16 ? 10 : f->w == 32 ? 23 : 52;
  uint64_t mmask = ((uint64_t)1 << mbits) - 1;
  uint64_t s = (rnd() & 1) ? f->sign : 0;
  int r = (int)below(100);
  if (r < nan_pct)
    return s | f->qnan | (rnd() & (mmask >> 1));
  r -= nan_pct;
  if (r < 8) return s;                         /* +-0 */
  if (r < 10) return s | f->inf;               /* +-inf */
  if (r < 14) return s | (1 + below(mmask));   /* subnormal */
  /* normal: exponent within +-(bias/2) of 1.0 */
  uint64_t bias = f->inf >> mbits >> 1;        /* 15, 127, 1023 */
  uint64_t e = bias - bias / 2 + below(bias);
  return s | (e << mbits) | (rnd() & mmask);
}

/* ---- files ------------------------------------------------------------- */

static const char *dir;

static void die(const char *fmt_, ...) {
  va_list ap;
  va_start(ap, fmt_);
  fprintf(stderr, "ref: ");
  vfprintf(stderr, fmt_, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(2);
}

static void put(const char *name, const void *data, size_t bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *fp = fopen(path, "wb");
  if (!fp || fwrite(data, 1, bytes, fp) != bytes || fclose(fp))
    die("cannot write %s: %s", path, strerror(errno));
}

static void *get(const char *name, size_t bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *fp = fopen(path, "rb");
  if (!fp) die("cannot read %s: %s", path, strerror(errno));
  void *p = malloc(bytes + 1);
  size_t got = fread(p, 1, bytes + 1, fp);
  fclose(fp);
  if (got != bytes) die("%s: %zu bytes, expected %zu", path, got, bytes);
  return p;
}

/* Store bits of format f into a typed array element. */
static void *alloc_f(const fmt *f, size_t n) { return calloc(n ? n : 1, (size_t)f->w / 8); }
static void set_f(const fmt *f, void *a, size_t i, uint64_t b) {
  if (f->w == 16) ((uint16_t *)a)[i] = (uint16_t)b;
  else if (f->w == 32) ((uint32_t *)a)[i] = (uint32_t)b;
  else ((uint64_t *)a)[i] = b;
}
static uint64_t at_f(const fmt *f, const void *a, size_t i) {
  if (f->w == 16) return ((const uint16_t *)a)[i];
  if (f->w == 32) return ((const uint32_t *)a)[i];
  return ((const uint64_t *)a)[i];
}
static const char *tname(const fmt *f) { return f->w == 16 ? "f16" : f->w == 32 ? "f32" : "f64"; }

/* Spec files: one fpa-run option per line. */
static FILE *spec_open(const char *kernel, const char *name, unsigned n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s.spec", dir, name);
  FILE *fp = fopen(path, "w");
  if (!fp) die("cannot write %s", path);
  fprintf(fp, "# generated by ref.c\n--kernel=%s\n--global=%u\n--local=256\n", kernel, n);
  return fp;
}

static const unsigned LOCAL = 256;

/* ---- 1, 6, 7, 10: scatter min/max into bins ----------------------------- */

/* op 0: minnum/maxnum; op 1: minimum/maximum (NaN-propagating). */
static void gen_scatter(const char *name, const char *kernel, const fmt *f,
                        unsigned n, unsigned nbins, int op, uint64_t seed) {
  rng_state = seed;
  void *mins = alloc_f(f, nbins), *maxs = alloc_f(f, nbins), *vals = alloc_f(f, n);
  for (unsigned b = 0; b < nbins; ++b) {
    uint64_t lo, hi;
    switch (b % 4) {
    case 0: lo = f->inf; hi = f->sign | f->inf; break;         /* +inf / -inf */
    case 1: lo = f->sign | f->qnan; hi = f->qnan; break;       /* NaN the integer op keeps */
    case 2: lo = f->qnan | 1; hi = f->sign | f->qnan | 1; break; /* NaN it replaces */
    default: lo = special(f, 0); hi = special(f, 0); break;
    }
    if (op == 1 && b % 4 != 0 && b % 4 != 3) { /* minimum: NaN init would win */
      lo = f->inf;
      hi = f->sign | f->inf;
    }
    if (b == nbins - 2) { /* the zero bin */
      lo = f->inf;
      hi = f->sign | f->inf;
    }
    set_f(f, mins, b, lo);
    set_f(f, maxs, b, hi);
  }
  for (unsigned i = 0; i < n; ++i) {
    unsigned b = i % nbins;
    uint64_t v;
    if (b == nbins - 1)                    /* only NaNs: bin keeps its init */
      v = ((rnd() & 1) ? f->sign : 0) | f->qnan | below(7);
    else if (b == nbins - 2)               /* only zeros: -0 < +0 */
      v = (rnd() & 1) ? f->sign : 0;
    else if (op == 1 && b % 3 == 0)        /* minimum: some bins NaN-free */
      do v = special(f, 0); while (isnan_b(f, v));
    else
      v = special(f, op == 1 ? 1 : 10);
    set_f(f, vals, i, v);
  }
  void *emin = alloc_f(f, nbins), *emax = alloc_f(f, nbins);
  memcpy(emin, mins, nbins * (size_t)f->w / 8);
  memcpy(emax, maxs, nbins * (size_t)f->w / 8);
  for (unsigned i = 0; i < n; ++i) {
    unsigned b = i % nbins;
    uint64_t v = at_f(f, vals, i);
    set_f(f, emin, b, (op ? minimum : minnum)(f, at_f(f, emin, b), v));
    set_f(f, emax, b, (op ? maximum : maxnum)(f, at_f(f, emax, b), v));
  }
  char fn[256];
  size_t es = (size_t)f->w / 8;
#define PUT(suffix, p, cnt) (snprintf(fn, sizeof fn, "%s." suffix, name), put(fn, p, (cnt) * es))
  PUT("mins", mins, nbins); PUT("maxs", maxs, nbins); PUT("vals", vals, n);
  PUT("mins.exp", emin, nbins); PUT("maxs.exp", emax, nbins);
  FILE *sp = spec_open(kernel, name, n);
  const char *t = tname(f);
  fprintf(sp, "--arg=buf:%s:%u:file=%s.mins\n--arg=buf:%s:%u:file=%s.maxs\n"
              "--arg=buf:%s:%u:file=%s.vals\n--arg=i32:%u\n--arg=i32:%u\n"
              "--check=0:%s.mins.exp\n--check=1:%s.maxs.exp\n",
          t, nbins, name, t, nbins, name, t, n, name, n, nbins, name, name);
  fclose(sp);
  free(mins); free(maxs); free(vals); free(emin); free(emax);
}

/* ---- 2: bounding box ----------------------------------------------------- */

static void gen_bbox(unsigned n) {
  rng_state = 2;
  uint32_t *pts = malloc(3 * (size_t)n * 4), box[6], exp[6];
  for (int d = 0; d < 3; ++d) {
    box[d] = exp[d] = 0x7f800000u;          /* +inf */
    box[3 + d] = exp[3 + d] = 0xff800000u;  /* -inf */
  }
  for (unsigned i = 0; i < 3 * n; ++i) {
    /* coordinates in (-512, 512), a few exact zeros of both signs */
    uint32_t s = (rnd() & 1) ? 0x80000000u : 0;
    uint32_t v = below(50) == 0 ? s : s | (uint32_t)((100 + below(36)) << 23) | (uint32_t)(rnd() & 0x7fffff);
    pts[i] = v;
    int d = (int)(i % 3);
    exp[d] = (uint32_t)minnum(&F32, exp[d], v);
    exp[3 + d] = (uint32_t)maxnum(&F32, exp[3 + d], v);
  }
  put("bbox.box", box, sizeof box);
  put("bbox.pts", pts, 3 * (size_t)n * 4);
  put("bbox.box.exp", exp, sizeof exp);
  FILE *sp = spec_open("bbox", "bbox", n);
  fprintf(sp, "--arg=buf:f32:6:file=bbox.box\n--arg=buf:f32:%u:file=bbox.pts\n"
              "--arg=i32:%u\n--check=0:bbox.box.exp\n", 3 * n, n);
  fclose(sp);
  free(pts);
}

/* ---- 3, 12: {min, max} of n values --------------------------------------- */

static void gen_minmax2(const char *name, const char *kernel, unsigned n,
                        uint32_t init_lo, uint32_t init_hi, uint64_t seed) {
  rng_state = seed;
  uint32_t *vals = malloc((size_t)n * 4), mm[2] = {init_lo, init_hi}, exp[2] = {init_lo, init_hi};
  for (unsigned i = 0; i < n; ++i) {
    vals[i] = (uint32_t)special(&F32, 5);
    exp[0] = (uint32_t)minnum(&F32, exp[0], vals[i]);
    exp[1] = (uint32_t)maxnum(&F32, exp[1], vals[i]);
  }
  char fn[256];
  snprintf(fn, sizeof fn, "%s.mm", name); put(fn, mm, 8);
  snprintf(fn, sizeof fn, "%s.vals", name); put(fn, vals, (size_t)n * 4);
  snprintf(fn, sizeof fn, "%s.mm.exp", name); put(fn, exp, 8);
  FILE *sp = spec_open(kernel, name, n);
  fprintf(sp, "--arg=buf:f32:2:file=%s.mm\n--arg=buf:f32:%u:file=%s.vals\n"
              "--arg=i32:%u\n--check=0:%s.mm.exp\n", name, n, name, n, name);
  fclose(sp);
  free(vals);
}

/* ---- 13: histogram with a half fadd ------------------------------------- */

/* The half with integer value k, |k| <= 2048 (exact); 0 gives +0. */
static uint16_t half_of_int(int k) {
  if (k == 0)
    return 0;
  unsigned m = (unsigned)(k < 0 ? -k : k), e = 0;
  while ((m >> (e + 1)) != 0)
    ++e;
  return (uint16_t)((k < 0 ? 0x8000u : 0) | (e + 15) << 10 |
                    ((m << (10 - e)) & 0x3ffu));
}

/* 256 updates a bin at most, each of -4..4: every partial sum is an
 * integer below 2048 in magnitude, exact in half in every order. */
static void gen_histogram_f16(void) {
  const unsigned nb = 64, n = 64 * 256;
  rng_state = 16;
  int32_t *idx = malloc((size_t)n * 4);
  uint16_t *w = malloc((size_t)n * 2), bins[64], exp[64];
  int sum[64];
  unsigned count[64];
  for (unsigned b = 0; b < nb; ++b)
    sum[b] = (int)b - 32, count[b] = 0;
  for (unsigned i = 0; i < n; ++i) {
    unsigned b;
    do
      b = below(nb);
    while (count[b] == 256);
    ++count[b];
    idx[i] = (int32_t)b;
    int k = (int)below(9) - 4;
    w[i] = half_of_int(k);
    sum[b] += k;
  }
  for (unsigned b = 0; b < nb; ++b) {
    bins[b] = half_of_int((int)b - 32);
    /* a bin whose sum returns to 0 holds +0 (x + -x is +0) unless it was
     * -0 throughout, which none is (bin 32 starts at +0) */
    exp[b] = half_of_int(sum[b]);
  }
  put("histogram_f16.bins", bins, sizeof bins);
  put("histogram_f16.idx", idx, (size_t)n * 4);
  put("histogram_f16.w", w, (size_t)n * 2);
  put("histogram_f16.bins.exp", exp, sizeof exp);
  FILE *sp = spec_open("histogram_f16", "histogram_f16", n);
  fprintf(sp, "--arg=buf:f16:%u:file=histogram_f16.bins\n"
              "--arg=buf:i32:%u:file=histogram_f16.idx\n"
              "--arg=buf:f16:%u:file=histogram_f16.w\n--arg=i32:%u\n"
              "--check=0:histogram_f16.bins.exp\n", nb, n, n, n);
  fclose(sp);
  free(idx); free(w);
}

/* ---- 4: histogram with fadd ---------------------------------------------- */

static void gen_histogram(unsigned n) {
  const unsigned nb = 64;
  rng_state = 4;
  int32_t *idx = malloc((size_t)n * 4);
  float *w = malloc((size_t)n * 4), bins[64], exp[64];
  for (unsigned b = 0; b < nb; ++b) bins[b] = 0.0f;
  bins[0] = 1024.5f;
  bins[nb - 1] = -0.0f; /* receives only -0.0: stays -0.0 */
  memcpy(exp, bins, sizeof bins);
  for (unsigned i = 0; i < n; ++i) {
    idx[i] = (int32_t)below(nb);
    /* quarter-integers in [-16, 16]: every partial sum is exact */
    w[i] = idx[i] == (int32_t)nb - 1 ? -0.0f : (float)((int)below(129) - 64) * 0.25f;
    exp[idx[i]] += w[i]; /* exact, so the order does not matter */
  }
  put("histogram.bins", bins, sizeof bins);
  put("histogram.idx", idx, (size_t)n * 4);
  put("histogram.w", w, (size_t)n * 4);
  put("histogram.bins.exp", exp, sizeof exp);
  FILE *sp = spec_open("histogram", "histogram", n);
  fprintf(sp, "--arg=buf:f32:%u:file=histogram.bins\n--arg=buf:i32:%u:file=histogram.idx\n"
              "--arg=buf:f32:%u:file=histogram.w\n--arg=i32:%u\n"
              "--check=0:histogram.bins.exp\n", nb, n, n, n);
  fclose(sp);
  free(idx); free(w);
}

/* ---- 5: fsub, with subnormals ------------------------------------------- */

static float from_bits(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }

static void gen_fsub(unsigned n) {
  const unsigned nb = 32;
  rng_state = 5;
  float *v = malloc((size_t)n * 4), acc[32], exp[32];
  for (unsigned b = 0; b < nb; ++b) acc[b] = (b & 1) ? 100.0f : 0.0f;
  memcpy(exp, acc, sizeof acc);
  for (unsigned i = 0; i < n; ++i) {
    unsigned b = i % nb;
    if (b & 1) {
      v[i] = (float)((int)below(129) - 64) * 0.25f;
    } else {
      /* k * 2^-149, |k| <= 1000: subnormal, and every partial sum exact */
      int k = (int)below(2001) - 1000;
      v[i] = from_bits((k < 0 ? 0x80000000u : 0) | (uint32_t)(k < 0 ? -k : k));
    }
    exp[b] -= v[i];
  }
  put("fsub_bins.acc", acc, sizeof acc);
  put("fsub_bins.vals", v, (size_t)n * 4);
  put("fsub_bins.acc.exp", exp, sizeof exp);
  FILE *sp = spec_open("fsub_bins", "fsub_bins", n);
  fprintf(sp, "--arg=buf:f32:%u:file=fsub_bins.acc\n--arg=buf:f32:%u:file=fsub_bins.vals\n"
              "--arg=i32:%u\n--arg=i32:%u\n--check=0:fsub_bins.acc.exp\n", nb, n, n, nb);
  fclose(sp);
  free(v);
}

/* ---- 8: group, then global ---------------------------------------------- */

static void gen_group_then_global(unsigned n) {
  rng_state = 8;
  uint32_t *vals = malloc((size_t)n * 4);
  uint32_t out[2] = {0x7f800000u, 0xff800000u};
  /* the kernel's local accumulators start at +inf / -inf */
  uint32_t exp[2] = {0x7f800000u, 0xff800000u};
  for (unsigned i = 0; i < n; ++i) {
    vals[i] = (uint32_t)special(&F32, 10);
    exp[0] = (uint32_t)minnum(&F32, exp[0], vals[i]);
    exp[1] = (uint32_t)maxnum(&F32, exp[1], vals[i]);
  }
  put("group_then_global_minmax.out", out, 8);
  put("group_then_global_minmax.vals", vals, (size_t)n * 4);
  put("group_then_global_minmax.out.exp", exp, 8);
  FILE *sp = spec_open("group_then_global_minmax", "group_then_global_minmax", n);
  fprintf(sp, "--arg=buf:f32:2:file=group_then_global_minmax.out\n"
              "--arg=buf:f32:%u:file=group_then_global_minmax.vals\n--arg=i32:%u\n"
              "--check=0:group_then_global_minmax.out.exp\n", n, n);
  fclose(sp);
  free(vals);
}

/* ---- 9: returned old values ---------------------------------------------- */

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static const uint32_t OLDS_INIT = 0xffc00000u; /* a negative NaN: needs the repair */

static void gen_min_olds(unsigned n) {
  rng_state = 9;
  /* A pool of 200 distinct numbers in decreasing order; operation i takes
   * one near position i*200/n, so that memory goes through a long chain of
   * values and equal operands (ties) are common; 5% NaN operands. */
  uint32_t pool[200];
  uint64_t pk[200];
  pk[0] = key(&F32, 0);           /* +0 */
  pk[1] = key(&F32, 0x80000000u); /* -0 */
  for (int k = 2; k < 200; ++k) {
    int dup;
    do {
      pk[k] = key(&F32, special(&F32, 0));
      dup = 0;
      for (int j = 0; j < k; ++j) dup |= pk[j] == pk[k];
    } while (dup);
  }
  qsort(pk, 200, 8, cmp_u64);
  for (int k = 0; k < 200; ++k) /* back from keys, largest first */
    pool[k] = (uint32_t)((pk[199 - k] & F32.sign) ? (pk[199 - k] & ~F32.sign) : (~pk[199 - k] & F32.all));
  uint32_t *vals = malloc((size_t)n * 4), m = OLDS_INIT, exp = OLDS_INIT;
  for (unsigned i = 0; i < n; ++i) {
    long k = (long)((uint64_t)i * 200 / n) + (long)below(7) - 3;
    k = k < 0 ? 0 : k > 199 ? 199 : k;
    vals[i] = below(20) == 0 ? (uint32_t)special(&F32, 100) : pool[k];
    exp = (uint32_t)minnum(&F32, exp, vals[i]);
  }
  put("min_olds.m", &m, 4);
  put("min_olds.vals", vals, (size_t)n * 4);
  put("min_olds.m.exp", &exp, 4);
  FILE *sp = spec_open("min_olds", "min_olds", n);
  fprintf(sp, "--arg=buf:f32:1:file=min_olds.m\n--arg=buf:f32:%u\n"
              "--arg=buf:f32:%u:file=min_olds.vals\n--arg=i32:%u\n"
              "--check=0:min_olds.m.exp\n", n, n, n);
  fclose(sp);
  free(vals);
}

/* NaN is above everything for minnum's purpose: memory holding a NaN is
 * replaced by any number. */
static uint64_t okey(uint32_t b) { return isnan_b(&F32, b) ? (uint64_t)1 << 32 : key(&F32, b); }

/* The old values are valid iff the operations can be ordered so that each
 * sees the previous result: the values memory held form a strictly
 * decreasing chain S = init > s1 > ... > final (all distinct olds plus the
 * final value), every old is in S, and for every s in S but the last there is
 * exactly one operation that saw s and wrote a smaller value (its own
 * operand), which must be the next element of S; nobody wrote below final. */
static int check_olds(const char *name) {
  char spec[4096];
  snprintf(spec, sizeof spec, "%s/min_olds.spec", dir);
  FILE *fp = fopen(spec, "r");
  if (!fp) die("cannot read %s", spec);
  unsigned n = 0;
  char line[256];
  while (fgets(line, sizeof line, fp))
    if (sscanf(line, "--global=%u", &n) == 1) break;
  fclose(fp);
  if (!n) die("no --global in %s", spec);
  uint32_t *vals = get("min_olds.vals", (size_t)n * 4);
  char outs[2][512];
  snprintf(outs[0], sizeof outs[0], "%s.olds.out", name);
  snprintf(outs[1], sizeof outs[1], "%s.m.out", name);
  uint32_t *olds = get(outs[0], (size_t)n * 4);
  uint32_t *fin = get(outs[1], 4);
  uint32_t *exp = get("min_olds.m.exp", 4);
  int bad = 0;
#define BAD(...) do { if (bad++ < 10) { fprintf(stderr, "%s: ", name); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)
  if (!(isnan_b(&F32, *fin) && isnan_b(&F32, *exp)) && *fin != *exp)
    BAD("final 0x%08x, expected 0x%08x", *fin, *exp);
  uint64_t *vk = malloc((size_t)n * 8), *sk = malloc(((size_t)n + 1) * 8);
  size_t nv = 0, ns = 0;
  for (unsigned i = 0; i < n; ++i)
    if (!isnan_b(&F32, vals[i])) vk[nv++] = key(&F32, vals[i]);
  qsort(vk, nv, 8, cmp_u64);
  uint64_t kfin = okey(*fin);
  for (unsigned i = 0; i < n; ++i) {
    uint32_t o = olds[i];
    if (isnan_b(&F32, o)) {
      if (o != OLDS_INIT) BAD("old[%u] = 0x%08x: a NaN that memory never held", i, o);
    } else if (!bsearch(&(uint64_t){key(&F32, o)}, vk, nv, 8, cmp_u64)) {
      BAD("old[%u] = 0x%08x is neither the initial value nor an operand", i, o);
    }
    if (okey(o) < kfin) BAD("old[%u] = 0x%08x is below the final 0x%08x", i, o, *fin);
    sk[ns++] = okey(o);
  }
  sk[ns++] = kfin;
  qsort(sk, ns, 8, cmp_u64);
  size_t u = 0;
  for (size_t i = 0; i < ns; ++i)
    if (!u || sk[u - 1] != sk[i]) sk[u++] = sk[i];
  ns = u; /* S ascending: sk[0] = final, sk[ns-1] = init */
  if (sk[ns - 1] != okey(OLDS_INIT)) BAD("no operation saw the initial value");
  unsigned *writers = calloc(ns, sizeof *writers);
  for (unsigned i = 0; i < n; ++i) {
    if (isnan_b(&F32, vals[i]) || okey(vals[i]) >= okey(olds[i])) continue;
    uint64_t ko = okey(olds[i]), kv = okey(vals[i]);
    uint64_t *p = bsearch(&ko, sk, ns, 8, cmp_u64);
    size_t at = (size_t)(p - sk);
    if (at == 0 || sk[at - 1] != kv)
      BAD("op %u saw 0x%08x and wrote 0x%08x, which is not the next value memory held", i, olds[i], vals[i]);
    else
      writers[at]++;
  }
  for (size_t s = 1; s < ns; ++s)
    if (writers[s] != 1) BAD("%u operations replaced one memory value (key 0x%" PRIx64 "); expected 1", writers[s], sk[s]);
  printf("%s: %u old values, %zu distinct memory values: %s\n", name, n, ns, bad ? "FAILED" : "ok");
  free(vk); free(sk); free(writers); free(vals); free(olds); free(fin); free(exp);
  return bad ? 1 : 0;
}

/* ---- 11: work-group scope ------------------------------------------------ */

static void gen_group_scoped(unsigned n) {
  rng_state = 11;
  unsigned ng = n / LOCAL;
  uint32_t *vals = malloc((size_t)n * 4), *mins = malloc(ng * 4), *maxs = malloc(ng * 4);
  uint32_t *emin = malloc(ng * 4), *emax = malloc(ng * 4);
  for (unsigned g = 0; g < ng; ++g) {
    mins[g] = emin[g] = 0x7f800000u;
    maxs[g] = emax[g] = (g % 3 == 1) ? 0x7fc00000u : 0xff800000u; /* some +NaN: repair */
  }
  for (unsigned i = 0; i < n; ++i) {
    unsigned g = i / LOCAL;
    vals[i] = (uint32_t)special(&F32, 10);
    emin[g] = (uint32_t)minnum(&F32, emin[g], vals[i]);
    emax[g] = (uint32_t)maxnum(&F32, emax[g], vals[i]);
  }
  put("group_scoped.mins", mins, ng * 4);
  put("group_scoped.maxs", maxs, ng * 4);
  put("group_scoped.vals", vals, (size_t)n * 4);
  put("group_scoped.mins.exp", emin, ng * 4);
  put("group_scoped.maxs.exp", emax, ng * 4);
  FILE *sp = spec_open("group_scoped", "group_scoped", n);
  fprintf(sp, "--arg=buf:f32:%u:file=group_scoped.mins\n--arg=buf:f32:%u:file=group_scoped.maxs\n"
              "--arg=buf:f32:%u:file=group_scoped.vals\n--arg=i32:%u\n"
              "--check=0:group_scoped.mins.exp\n--check=1:group_scoped.maxs.exp\n", ng, ng, n, n);
  fclose(sp);
  free(vals); free(mins); free(maxs); free(emin); free(emax);
}

/* ---- 13-19: the same kernels in OpenCL C's standard spelling ----------- */

/* NAME.spec: BASE.spec (the same inputs and expected results) for the
 * kernel NAME. */
static void alias_spec(const char *base, const char *name) {
  char in[4096], out[4096], line[512];
  snprintf(in, sizeof in, "%s/%s.spec", dir, base);
  snprintf(out, sizeof out, "%s/%s.spec", dir, name);
  FILE *from = fopen(in, "r"), *to = fopen(out, "w");
  if (!from || !to) die("cannot copy %s to %s", in, out);
  while (fgets(line, sizeof line, from)) {
    if (!strncmp(line, "--kernel=", 9)) fprintf(to, "--kernel=%s\n", name);
    else fputs(line, to);
  }
  fclose(from);
  if (fclose(to)) die("cannot write %s", out);
}

int main(int argc, char **argv) {
  if (argc == 4 && !strcmp(argv[1], "gen")) {
    dir = argv[2];
    int gpu = !strcmp(argv[3], "gpu");
    if (!gpu && strcmp(argv[3], "pocl")) die("scale must be pocl or gpu");
    unsigned big = gpu ? 1u << 20 : 1u << 14;
    gen_scatter("scatter_minmax", "scatter_minmax", &F32, big, gpu ? 1021 : 61, 0, 1);
    gen_bbox(big);
    gen_minmax2("reduce_minmax", "reduce_minmax", gpu ? 1u << 24 : 1u << 16,
                0xffc00001u, 0x7fc00001u, 3); /* NaNs the integer ops keep */
    gen_histogram(big);
    gen_histogram_f16();
    gen_fsub(big);
    gen_scatter("scatter_minmax_f64", "scatter_minmax_f64", &F64, big, gpu ? 1021 : 61, 0, 6);
    gen_scatter("scatter_minmax_f16", "scatter_minmax_f16", &F16, big, gpu ? 1021 : 61, 0, 7);
    gen_group_then_global(big);
    gen_min_olds(gpu ? 1u << 18 : 1u << 14);
    gen_scatter("minimum_maximum", "scatter_minmax", &F32, big, gpu ? 1021 : 61, 1, 10);
    gen_group_scoped(big);
    gen_minmax2("noinline_minmax", "noinline_minmax", big, 0x7f800000u, 0xff800000u, 12);
    gen_scatter("ocl_scatter_minmax", "ocl_scatter_minmax", &F32, big, gpu ? 1021 : 61, 0, 13);
    gen_scatter("ocl_scatter_minmax_f64", "ocl_scatter_minmax_f64", &F64, big, gpu ? 1021 : 61, 0, 14);
    gen_scatter("ocl_scatter_minmax_f16", "ocl_scatter_minmax_f16", &F16, big, gpu ? 1021 : 61, 0, 15);
    alias_spec("group_then_global_minmax", "ocl_group_then_global_minmax");
    alias_spec("histogram", "ocl_histogram");
    alias_spec("fsub_bins", "ocl_fsub_bins");
    alias_spec("min_olds", "ocl_min_olds");
    alias_spec("scatter_minmax", "spv_scatter_minmax");
    alias_spec("histogram", "spv_histogram");
    return 0;
  }
  if ((argc == 3 || argc == 4) && !strcmp(argv[1], "check-olds")) {
    dir = argv[2];
    return check_olds(argc == 4 ? argv[3] : "min_olds");
  }
  fprintf(stderr, "usage: ref gen DIR pocl|gpu\n       ref check-olds DIR [NAME]\n");
  return 2;
}
