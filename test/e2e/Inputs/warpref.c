/* Host side of the aggregate=warp end-to-end check (bench/warp-e2e.sh,
 * kernels in warp.cu).
 *
 *   warpref gen DIR             inputs, one fpa-run spec file per case
 *                               (DIR/NAME.spec) and DIR/cases.txt
 *                               ("NAME MODULE KERNEL" lines)
 *   warpref check DIR NAME      checks the outputs of every variant that ran
 *                               (DIR/NAME.VARIANT.mem and .olds, VARIANT one
 *                               of base, warp, warp70); prints PASS/FAIL
 *                               lines; exit 1 on any failure
 *   warpref sim DIR NAME VARIANT [corrupt]
 *                               writes the outputs a correct run could give,
 *                               by applying the updates one at a time on the
 *                               host (to test this program without a GPU);
 *                               "corrupt" then spoils one returned old value
 *
 * The checks, written from docs/exactness.md (the semantics), never from the pass:
 *  - final memory of every cell against the host reference: bit for bit for
 *    fmin/fmax and for fadd/fsub of quarter-integers (every partial sum is
 *    exact, so any order gives the same bits); any NaN for a NaN result of
 *    fminimum/fmaximum; within the bound of summing n terms in any order
 *    for fadd/fsub of random values;
 *  - the same against the per-lane lowering (variant base): bit-identical
 *    (NaN-equal for fminimum/fmaximum, within twice the bound for random
 *    sums);
 *  - every returned old value: for each cell, the old values and operands
 *    must fit one order of the updates. min/max: the values memory held form
 *    one chain, each step made by exactly one update that saw the value
 *    before it; fadd/fsub (positive operands, so memory moves one way): the
 *    sorted old values step by exactly (quarter-integers) or nearly (random:
 *    64 units of rounding) the operand of the update that saw them.
 * Plain C11, libc only, so the static binary can travel to a GPU machine.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define R 4            /* updates per thread at most (warp.cu) */
#define NTHREADS 39995 /* not a multiple of 32: the last warp is partial */
#define NCELLS 61      /* global cells, shared by all warps */
#define BLOCK 256

/* ---- formats and operations -------------------------------------------- */

typedef struct fmt {
  const char *name; /* fpa-run element type */
  int w, mbits;
  uint64_t sign, expo, all;
} fmt;
static const fmt F16 = {"f16", 16, 10, 0x8000u, 0x7c00u, 0xffffu};
static const fmt F32 = {"f32", 32, 23, 0x80000000u, 0x7f800000u, 0xffffffffu};
static const fmt F64 = {
    "f64", 64, 52, 0x8000000000000000ull, 0x7ff0000000000000ull, ~0ull};

enum { FMIN, FMAX, FMINIMUM, FMAXIMUM, FADD, FSUB };
static const char *OPNAME[] = {"fmin",     "fmax", "fminimum",
                               "fmaximum", "fadd", "fsub"};

static int isnan_b(const fmt *f, uint64_t x) {
  return (x & (f->sign - 1)) > f->expo;
}
static uint64_t ukey(const fmt *f, uint64_t x) {
  return (x & f->sign) ? (~x & f->all) : (x | f->sign);
}
static int is_min(int op) { return op == FMIN || op == FMINIMUM; }
static int is_num(int op) { return op == FMIN || op == FMAX; }
static int is_add(int op) { return op == FADD || op == FSUB; }

/* minnum/maxnum ignore a NaN operand and replace a NaN in memory;
 * minimum/maximum keep a NaN in memory and store a NaN operand. */
static uint64_t apply_minmax(const fmt *f, int op, uint64_t a, uint64_t v) {
  if (is_num(op)) {
    if (isnan_b(f, v))
      return a;
    if (isnan_b(f, a))
      return v;
  } else {
    if (isnan_b(f, a))
      return a;
    if (isnan_b(f, v))
      return v;
  }
  int take = is_min(op) ? ukey(f, v) < ukey(f, a) : ukey(f, v) > ukey(f, a);
  return take ? v : a;
}

static double to_d(const fmt *f, uint64_t x) {
  if (f->w == 64) {
    double d;
    memcpy(&d, &x, 8);
    return d;
  }
  uint32_t b = (uint32_t)x;
  float r;
  memcpy(&r, &b, 4);
  return r;
}
static uint64_t from_d(const fmt *f, double d) {
  if (f->w == 64) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
  }
  float r = (float)d;
  uint32_t b;
  memcpy(&b, &r, 4);
  return b;
}
/* One fadd/fsub in the format: double holds every float sum exactly
 * rounded once more; for double it is the operation itself. */
static uint64_t apply_add(const fmt *f, int op, uint64_t a, uint64_t v) {
  double r = op == FADD ? to_d(f, a) + to_d(f, v) : to_d(f, a) - to_d(f, v);
  return from_d(f, r);
}

/* ---- cases ------------------------------------------------------------- */

typedef struct kcase {
  char name[64], kernel[64];
  const char *module; /* "kernels" or "minimum" (fmin -> fminimum) */
  const fmt *f;
  int op, used, data, shared; /* data (fadd/fsub): 0 exact, 1 random */
} kcase;

static kcase g_cases[64];
static int g_ncases;

static void add_case(const char *kbase, const char *module, const fmt *f,
                     int op, int used, int data, int shared) {
  kcase *c = &g_cases[g_ncases++];
  memset(c, 0, sizeof *c);
  snprintf(c->kernel, sizeof c->kernel, "%s%s", kbase, used ? "" : "_nr");
  snprintf(c->name, sizeof c->name, "%s%s_%s_%s%s", shared ? "shared_" : "",
           OPNAME[op], f->name, used ? "used" : "unused",
           is_add(op) ? (data ? "_random" : "_exact") : "");
  c->module = module;
  c->f = f;
  c->op = op;
  c->used = used;
  c->data = data;
  c->shared = shared;
}

static void make_cases(void) {
  const fmt *fs[3] = {&F32, &F64, &F16};
  char k[64];
  for (int m = 0; m < 2; ++m)
    for (int t = 0; t < 3; ++t)
      for (int o = 0; o < 2; ++o)
        for (int used = 1; used >= 0; --used) {
          snprintf(k, sizeof k, "w_%s_%s", o ? "fmax" : "fmin", fs[t]->name);
          add_case(k, m ? "minimum" : "kernels", fs[t], o + 2 * m, used, 0, 0);
        }
  for (int t = 0; t < 2; ++t)
    for (int o = 0; o < 2; ++o)
      for (int data = 0; data < 2; ++data)
        for (int used = 1; used >= 0; --used) {
          snprintf(k, sizeof k, "w_%s_%s", o ? "fsub" : "fadd", fs[t]->name);
          add_case(k, "kernels", fs[t], o ? FSUB : FADD, used, data, 0);
        }
  for (int m = 0; m < 2; ++m) {
    add_case("w_shared_fmin_f32", m ? "minimum" : "kernels", &F32,
             m ? FMINIMUM : FMIN, 1, 0, 1);
    add_case("w_shared_fmax_f64", m ? "minimum" : "kernels", &F64,
             m ? FMAXIMUM : FMAX, 1, 0, 1);
  }
  /* the shared kernels have no _nr form */
  for (int i = 0; i < g_ncases; ++i)
    if (g_cases[i].shared)
      snprintf(g_cases[i].kernel, sizeof g_cases[i].kernel, "%s",
               g_cases[i].f == &F32 ? "w_shared_fmin_f32"
                                    : "w_shared_fmax_f64");
}

static const kcase *find_case(const char *name) {
  for (int i = 0; i < g_ncases; ++i)
    if (!strcmp(g_cases[i].name, name))
      return &g_cases[i];
  return NULL;
}

static unsigned nblocks(void) { return (NTHREADS + BLOCK - 1) / BLOCK; }
static unsigned ncells(const kcase *c) {
  return c->shared ? nblocks() * 64 : NCELLS;
}

/* ---- files ------------------------------------------------------------- */

static const char *g_dir;

static void die(const char *fmt_, ...) {
  va_list ap;
  va_start(ap, fmt_);
  fprintf(stderr, "warpref: ");
  vfprintf(stderr, fmt_, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static FILE *open_in(const char *name, const char *mode) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", g_dir, name);
  FILE *fp = fopen(path, mode);
  if (!fp)
    die("cannot open %s: %s", path, strerror(errno));
  return fp;
}

static void put(const char *name, const void *data, size_t bytes) {
  FILE *fp = open_in(name, "wb");
  if (fwrite(data, 1, bytes, fp) != bytes || fclose(fp))
    die("cannot write %s/%s", g_dir, name);
}

/* Reads exactly `bytes`; NULL (when `optional`) if the file is missing. */
static void *get(const char *name, size_t bytes, int optional) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", g_dir, name);
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    if (optional)
      return NULL;
    die("cannot read %s: %s", path, strerror(errno));
  }
  void *p = malloc(bytes + 1);
  size_t got = fread(p, 1, bytes + 1, fp);
  fclose(fp);
  if (got != bytes)
    die("%s: %zu bytes, expected %zu", path, got, bytes);
  return p;
}

static uint64_t at(const fmt *f, const void *a, size_t i) {
  if (f->w == 16)
    return ((const uint16_t *)a)[i];
  if (f->w == 32)
    return ((const uint32_t *)a)[i];
  return ((const uint64_t *)a)[i];
}
static void set(const fmt *f, void *a, size_t i, uint64_t b) {
  if (f->w == 16)
    ((uint16_t *)a)[i] = (uint16_t)b;
  else if (f->w == 32)
    ((uint32_t *)a)[i] = (uint32_t)b;
  else
    ((uint64_t *)a)[i] = b;
}

/* ---- inputs ------------------------------------------------------------ */

static uint64_t g_rng;
static uint64_t rnd(void) {
  uint64_t z = (g_rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static unsigned below(unsigned n) { return (unsigned)(rnd() % n); }

/* min/max operands: NaNs of both signs (quiet and signalling, payloads),
 * both zeros, infinities, subnormals, a few values (ties), anything. */
static uint64_t minmax_value(const fmt *f) {
  uint64_t s = (rnd() & 1) ? f->sign : 0;
  uint64_t q = (uint64_t)1 << (f->mbits - 1);
  uint64_t mm = ((uint64_t)1 << f->mbits) - 1;
  switch (below(16)) {
  case 0:
    return s;
  case 1:
    return s | f->expo;
  case 2:
    return s | f->expo | q | (rnd() & (q - 1));
  case 3:
    return s | f->expo | (1 + rnd() % (q - 1));
  case 4:
    return s | (1 + rnd() % mm);
  case 5:
  case 6: {
    static const uint64_t few[4] = {0x3c00, 0x4000, 0x3555, 0x0001};
    uint64_t x = few[below(4)];
    return s | (f->w == 16 ? x : x << (f->w - 16));
  }
  default:
    return rnd() & f->all;
  }
}

static uint64_t add_value(const fmt *f, int data) {
  if (data == 0) /* positive quarter-integers: exact sums, memory monotone */
    return from_d(f, (double)(1 + below(64)) * 0.25);
  return from_d(f, 1.0 + (double)(rnd() >> 11) / 9007199254740992.0);
}

typedef struct inputs {
  void *mem, *vals;
  int32_t *idx, *reps;
} inputs;

static uint64_t case_seed(const kcase *c) {
  uint64_t h = 1469598103934665603ull;
  for (const char *p = c->name; *p; ++p)
    h = (h ^ (unsigned char)*p) * 1099511628211ull;
  return h;
}

/* The cell that update j of thread i hits. */
static unsigned cell_of(const kcase *c, const inputs *in, size_t i, size_t j) {
  return c->shared ? (unsigned)(i / BLOCK) * 64 + (unsigned)in->idx[j]
                   : (unsigned)in->idx[j];
}

static void make_inputs(const kcase *c, inputs *in) {
  const fmt *f = c->f;
  size_t nu = (size_t)NTHREADS * R, es = (size_t)f->w / 8;
  unsigned nc = ncells(c), mod = c->shared ? 64 : NCELLS;
  g_rng = case_seed(c);
  in->mem = calloc(nc, es);
  in->vals = calloc(nu, es);
  in->idx = calloc(nu, 4);
  in->reps = calloc(NTHREADS, 4);
  for (unsigned a = 0; a < nc; ++a) {
    uint64_t v;
    if (is_add(c->op))
      v = from_d(f, (double)((int)below(513) - 256) * 0.25);
    else if (below(4) == 0) /* a NaN of either sign, quiet or signalling */
      v = ((rnd() & 1) ? f->sign : 0) | f->expo | 1 | (rnd() & (f->sign - 1));
    else
      v = minmax_value(f);
    set(f, in->mem, a, v);
  }
  for (size_t i = 0; i < NTHREADS; ++i) {
    unsigned r = below(10);
    in->reps[i] = r == 0 ? 0 : r < 6 ? 1 : (int)(2 + below(R - 1));
    size_t w = i / 32, lane = i % 32;
    for (size_t k = 0; k < R; ++k) {
      size_t j = i * R + k;
      /* a warp's lanes on 1, 2, 7 or 32 addresses, random among 4, or
       * all but the last lane on one */
      uint64_t h = (w * 7 + k) * 0x9e3779b97f4a7c15ull;
      unsigned base = (unsigned)((h >> 33) % mod), a;
      switch ((w + k) % 6) {
      case 0:
        a = base;
        break;
      case 1:
        a = base + (unsigned)(lane % 2);
        break;
      case 2:
        a = base + (unsigned)(lane % 7);
        break;
      case 3:
        a = base + (unsigned)lane;
        break;
      case 4:
        a = base + below(4);
        break;
      default:
        a = base + (lane == 31);
      }
      in->idx[j] = (int32_t)(a % mod);
      set(f, in->vals, j,
          is_add(c->op) ? add_value(f, c->data) : minmax_value(f));
    }
  }
}

static void free_inputs(inputs *in) {
  free(in->mem);
  free(in->vals);
  free(in->idx);
  free(in->reps);
}

static int gen(void) {
  FILE *list = open_in("cases.txt", "w");
  for (int k = 0; k < g_ncases; ++k) {
    const kcase *c = &g_cases[k];
    inputs in;
    make_inputs(c, &in);
    size_t nu = (size_t)NTHREADS * R, es = (size_t)c->f->w / 8;
    char fn[256];
#define PUT(suffix, p, bytes)                                                  \
  (snprintf(fn, sizeof fn, "%.64s." suffix, c->name), put(fn, p, bytes))
    PUT("mem", in.mem, ncells(c) * es);
    PUT("vals", in.vals, nu * es);
    PUT("idx", in.idx, nu * 4);
    PUT("reps", in.reps, (size_t)NTHREADS * 4);
    snprintf(fn, sizeof fn, "%.64s.spec", c->name);
    FILE *sp = open_in(fn, "w");
    const char *t = c->f->name;
    fprintf(sp,
            "# generated by warpref.c\n--kernel=%s\n--grid=%u\n--block=%d\n"
            "--arg=buf:%s:%u:file=%s.mem\n--arg=buf:%s:%zu:fill=0\n"
            "--arg=buf:%s:%zu:file=%s.vals\n--arg=buf:i32:%zu:file=%s.idx\n"
            "--arg=buf:i32:%d:file=%s.reps\n--arg=i32:%d\n",
            c->kernel, nblocks(), BLOCK, t, ncells(c), c->name, t, nu, t, nu,
            c->name, nu, c->name, NTHREADS, c->name, NTHREADS);
    fclose(sp);
    fprintf(list, "%s %s %s\n", c->name, c->module, c->kernel);
    free_inputs(&in);
  }
  fclose(list);
  printf("warpref: %d cases in %s\n", g_ncases, g_dir);
  return 0;
}

/* ---- the reference, and a correct sequential run ----------------------- */

/* Final memory of every cell: the updates applied in thread order. For
 * min/max the order does not matter (up to NaN payloads for minimum); for
 * exact sums neither. Random sums: the exact value in long double and the
 * bound, per cell. */
typedef struct ref {
  void *mem;
  long double *exact, *abs_sum;
  unsigned *count;
} ref;

static void reference(const kcase *c, const inputs *in, ref *r) {
  const fmt *f = c->f;
  unsigned nc = ncells(c);
  size_t es = (size_t)f->w / 8;
  r->mem = malloc(nc * es);
  memcpy(r->mem, in->mem, nc * es);
  r->exact = calloc(nc, sizeof *r->exact);
  r->abs_sum = calloc(nc, sizeof *r->abs_sum);
  r->count = calloc(nc, sizeof *r->count);
  for (unsigned a = 0; a < nc; ++a) {
    r->exact[a] = to_d(f, at(f, in->mem, a));
    r->abs_sum[a] = fabsl(r->exact[a]);
  }
  for (size_t i = 0; i < NTHREADS; ++i)
    for (int k = 0; k < in->reps[i]; ++k) {
      size_t j = i * R + (size_t)k;
      unsigned a = cell_of(c, in, i, j);
      uint64_t v = at(f, in->vals, j), m = at(f, r->mem, a);
      set(f, r->mem, a,
          is_add(c->op) ? apply_add(f, c->op, m, v)
                        : apply_minmax(f, c->op, m, v));
      long double x = to_d(f, v);
      r->exact[a] += c->op == FSUB ? -x : x;
      r->abs_sum[a] += fabsl(x);
      r->count[a]++;
    }
}

static void free_ref(ref *r) {
  free(r->mem);
  free(r->exact);
  free(r->abs_sum);
  free(r->count);
}

static int sim(const char *name, const char *variant, int corrupt) {
  const kcase *c = find_case(name);
  if (!c)
    die("no case %s", name);
  const fmt *f = c->f;
  inputs in;
  make_inputs(c, &in);
  size_t nu = (size_t)NTHREADS * R, es = (size_t)f->w / 8;
  void *olds = calloc(nu, es);
  /* one correct order: iteration k of every thread, then k + 1 */
  for (int k = 0; k < R; ++k)
    for (size_t i = 0; i < NTHREADS; ++i) {
      if (k >= in.reps[i])
        continue;
      size_t j = i * R + (size_t)k;
      unsigned a = cell_of(c, &in, i, j);
      uint64_t v = at(f, in.vals, j), m = at(f, in.mem, a);
      if (c->used)
        set(f, olds, j, m);
      set(f, in.mem, a,
          is_add(c->op) ? apply_add(f, c->op, m, v)
                        : apply_minmax(f, c->op, m, v));
    }
  if (corrupt) {
    /* the first used old value becomes one memory never held: for min/max a
     * number that is neither the cell's initial value nor one of its
     * operands, for sums one far off the chain */
    size_t j = 0;
    while (j < nu && in.reps[j / R] <= (int)(j % R))
      ++j;
    if (j == nu || !c->used)
      die("sim: nothing to corrupt in %s", name);
    unsigned a = cell_of(c, &in, j / R, j);
    inputs orig;
    make_inputs(c, &orig);
    uint64_t bad = at(f, olds, j);
    if (is_add(c->op)) {
      bad = from_d(f, to_d(f, bad) + 1000.0);
    } else {
      for (bad = 1;; ++bad) {
        int held = bad == at(f, orig.mem, a);
        for (size_t i = 0; i < nu && !held; ++i)
          held = in.reps[i / R] > (int)(i % R) &&
                 cell_of(c, &in, i / R, i) == a && at(f, in.vals, i) == bad;
        if (!held)
          break;
      }
    }
    set(f, olds, j, bad);
    free_inputs(&orig);
  }
  char fn[256];
  snprintf(fn, sizeof fn, "%s.%s.mem", name, variant);
  put(fn, in.mem, ncells(c) * es);
  snprintf(fn, sizeof fn, "%s.%s.olds", name, variant);
  put(fn, olds, nu * es);
  free(olds);
  free_inputs(&in);
  return 0;
}

/* ---- checks ------------------------------------------------------------ */

static char g_why[512];
static void why(const char *fmt_, ...) {
  if (g_why[0])
    return;
  va_list ap;
  va_start(ap, fmt_);
  vsnprintf(g_why, sizeof g_why, fmt_, ap);
  va_end(ap);
}

static int hexw(const fmt *f) { return f->w / 4; }

/* Final memory against the reference; returns how the match was judged. */
static const char *check_final(const kcase *c, const ref *r, const void *mem) {
  const fmt *f = c->f;
  int hw = hexw(f);
  for (unsigned a = 0; a < ncells(c); ++a) {
    uint64_t got = at(f, mem, a), want = at(f, r->mem, a);
    if (!is_add(c->op) || c->data == 0) {
      int ok = got == want || (!is_num(c->op) && !is_add(c->op) &&
                               isnan_b(f, got) && isnan_b(f, want));
      if (!ok)
        why("cell %u = 0x%0*" PRIx64 ", expected 0x%0*" PRIx64 " (%u updates)",
            a, hw, got, hw, want, r->count[a]);
    } else {
      long double u = f->w == 32 ? 0x1p-24L : 0x1p-53L;
      long double bound = (long double)(r->count[a] + 1) * u * r->abs_sum[a];
      if (fabsl((long double)to_d(f, got) - r->exact[a]) > bound)
        why("cell %u = %.17g, exact sum %.17Lg, bound %.3Lg", a, to_d(f, got),
            r->exact[a], bound);
    }
  }
  if (is_add(c->op))
    return c->data == 0 ? "= reference, bit-exact"
                        : "within the reassociation bound of the exact sum";
  return is_num(c->op) ? "= reference, bit-exact"
                       : "= reference (bit-exact, any NaN for a NaN)";
}

typedef struct upd {
  uint64_t old, v;
} upd;

/* Where a value stands in the chain memory runs through: a larger rank
 * comes earlier. min ops run down the float order, max ops up; for
 * minnum/maxnum a NaN in memory comes first (any number replaces it), for
 * minimum/maximum last (it stays). */
typedef struct rank {
  int cls; /* 2: NaN first, 1: a number, 0: NaN last */
  uint64_t k;
} rank;
static rank rank_of(const kcase *c, uint64_t x) {
  const fmt *f = c->f;
  rank r = {1, 0};
  if (isnan_b(f, x)) {
    r.cls = is_num(c->op) ? 2 : 0;
    return r;
  }
  r.k = is_min(c->op) ? ukey(f, x) : (~ukey(f, x) & f->all);
  return r;
}
static int rank_cmp(rank a, rank b) {
  if (a.cls != b.cls)
    return a.cls < b.cls ? -1 : 1;
  return a.k < b.k ? -1 : a.k > b.k;
}
static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return a < b ? -1 : a > b;
}
static const kcase *g_sort_case;
static int cmp_rank_desc(const void *x, const void *y) {
  return -rank_cmp(*(const rank *)x, *(const rank *)y);
}
static int cmp_old(const void *x, const void *y) {
  double a = to_d(g_sort_case->f, ((const upd *)x)->old);
  double b = to_d(g_sort_case->f, ((const upd *)y)->old);
  return a < b ? -1 : a > b;
}

/* The old values of one cell's updates fit one order of them. */
static void check_cell_olds(const kcase *c, unsigned a, uint64_t init,
                            uint64_t fin, upd *u, size_t n) {
  const fmt *f = c->f;
  int hw = hexw(f);
  if (!n)
    return;
  if (is_add(c->op)) {
    /* positive operands: memory moves one way, the old values are distinct
     * and sorted they are the chain */
    g_sort_case = c;
    qsort(u, n, sizeof *u, cmp_old);
    if (c->op == FSUB) /* memory goes down */
      for (size_t i = 0; i < n / 2; ++i) {
        upd t = u[i];
        u[i] = u[n - 1 - i];
        u[n - 1 - i] = t;
      }
    long double uu = f->w == 32 ? 0x1p-24L : 0x1p-53L;
    for (size_t i = 0; i < n; ++i) {
      uint64_t want =
          i == 0 ? init : apply_add(f, c->op, u[i - 1].old, u[i - 1].v);
      uint64_t got = u[i].old;
      if (c->data == 0 && got != want) {
        why("cell %u: old values do not chain: after 0x%0*" PRIx64
            " comes 0x%0*" PRIx64 ", expected 0x%0*" PRIx64,
            a, hw, i ? u[i - 1].old : init, hw, got, hw, want);
        return;
      }
      /* random operands lie in [1, 2): one aggregated old value is the
       * leader's plus a sum of at most 31 of them */
      long double tol = 64 * uu * (fabsl((long double)to_d(f, want)) + 64);
      if (c->data == 1 &&
          fabsl((long double)to_d(f, got) - (long double)to_d(f, want)) > tol) {
        why("cell %u: old %.17g where the chain gives %.17g", a, to_d(f, got),
            to_d(f, want));
        return;
      }
    }
    return;
  }
  /* min/max: the distinct ranks of the old values and the final value,
   * earliest first, must start at the initial value, and each but the last
   * must be left by exactly one update, to the next one */
  /* every old value is one memory held: the initial value or an operand
   * (minimum/maximum: any NaN, as a NaN result may be any NaN) */
  uint64_t *held = malloc((n + 1) * sizeof *held);
  for (size_t i = 0; i < n; ++i)
    held[i] = u[i].v;
  held[n] = init;
  qsort(held, n + 1, sizeof *held, cmp_u64);
  rank *s = malloc((n + 1) * sizeof *s);
  size_t ns = 0;
  for (size_t i = 0; i < n; ++i) {
    uint64_t o = u[i].old;
    int nan_ok = isnan_b(f, o) && !is_num(c->op);
    if (!nan_ok && !bsearch(&o, held, n + 1, sizeof *held, cmp_u64)) {
      why("cell %u: old 0x%0*" PRIx64
          " is neither the initial value 0x%0*" PRIx64 " nor an operand",
          a, hw, o, hw, init);
      free(held);
      free(s);
      return;
    }
    s[ns++] = rank_of(c, o);
  }
  free(held);
  s[ns++] = rank_of(c, fin);
  qsort(s, ns, sizeof *s, cmp_rank_desc);
  size_t m = 0;
  for (size_t i = 0; i < ns; ++i)
    if (!m || rank_cmp(s[m - 1], s[i]))
      s[m++] = s[i];
  if (rank_cmp(s[0], rank_of(c, init))) {
    why("cell %u: no update saw the initial value 0x%0*" PRIx64, a, hw, init);
    free(s);
    return;
  }
  unsigned *writers = calloc(m, sizeof *writers);
  for (size_t i = 0; i < n && !g_why[0]; ++i) {
    uint64_t r = apply_minmax(f, c->op, u[i].old, u[i].v);
    rank ro = rank_of(c, u[i].old), rr = rank_of(c, r);
    if (!rank_cmp(ro, rr))
      continue;
    size_t p = 0;
    while (rank_cmp(s[p], ro))
      ++p;
    if (p + 1 >= m || rank_cmp(s[p + 1], rr))
      why("cell %u: an update saw 0x%0*" PRIx64 " and wrote 0x%0*" PRIx64
          ", which is not the next value memory held",
          a, hw, u[i].old, hw, r);
    else
      writers[p]++;
  }
  for (size_t p = 0; p + 1 < m && !g_why[0]; ++p)
    if (writers[p] != 1)
      why("cell %u: %u updates left one memory value (step %zu of %zu); "
          "expected 1",
          a, writers[p], p + 1, m - 1);
  free(writers);
  free(s);
}

static const char *VARIANTS[] = {"base", "warp", "warp70"};

static int check(const char *name) {
  const kcase *c = find_case(name);
  if (!c)
    die("no case %s", name);
  const fmt *f = c->f;
  inputs in;
  make_inputs(c, &in);
  ref r;
  reference(c, &in, &r);
  unsigned nc = ncells(c);
  size_t nu = (size_t)NTHREADS * R, es = (size_t)f->w / 8, nupd = 0;
  for (size_t i = 0; i < NTHREADS; ++i)
    nupd += (size_t)in.reps[i];
  void *mems[3] = {NULL, NULL, NULL};
  int fails = 0, ran = 0;
  for (int v = 0; v < 3; ++v) {
    char fn[256];
    snprintf(fn, sizeof fn, "%s.%s.mem", name, VARIANTS[v]);
    mems[v] = get(fn, nc * es, 1);
    if (!mems[v])
      continue;
    ++ran;
    g_why[0] = 0;
    const char *how = check_final(c, &r, mems[v]);
    char olds_note[128] = "result unused";
    if (!g_why[0] && c->used) {
      snprintf(fn, sizeof fn, "%s.%s.olds", name, VARIANTS[v]);
      void *olds = get(fn, nu * es, 0);
      /* the updates of each cell, together: counting sort by cell */
      upd *u = malloc((nupd + 1) * sizeof *u);
      size_t *start = calloc(nc + 1, sizeof *start);
      for (size_t i = 0; i < NTHREADS; ++i)
        for (int k = 0; k < in.reps[i]; ++k)
          start[cell_of(c, &in, i, i * R + (size_t)k) + 1]++;
      for (unsigned a = 0; a < nc; ++a)
        start[a + 1] += start[a];
      size_t *fill = calloc(nc, sizeof *fill);
      for (size_t i = 0; i < NTHREADS; ++i)
        for (int k = 0; k < in.reps[i]; ++k) {
          size_t j = i * R + (size_t)k;
          unsigned a = cell_of(c, &in, i, j);
          upd *e = &u[start[a] + fill[a]++];
          e->old = at(f, olds, j);
          e->v = at(f, in.vals, j);
        }
      for (unsigned a = 0; a < nc && !g_why[0]; ++a)
        check_cell_olds(c, a, at(f, in.mem, a), at(f, mems[v], a), u + start[a],
                        start[a + 1] - start[a]);
      free(start);
      free(fill);
      free(u);
      free(olds);
      snprintf(olds_note, sizeof olds_note,
               "%zu old values fit one order per cell", nupd);
    }
    if (g_why[0]) {
      printf("FAIL %s %s: %s\n", name, VARIANTS[v], g_why);
      ++fails;
    } else {
      printf("PASS %s %s: final memory of %u cells %s; %s\n", name, VARIANTS[v],
             nc, how, olds_note);
    }
  }
  /* the differential: each aggregated variant against the per-lane one */
  for (int v = 1; v < 3 && mems[0]; ++v) {
    if (!mems[v])
      continue;
    g_why[0] = 0;
    for (unsigned a = 0; a < nc && !g_why[0]; ++a) {
      uint64_t x = at(f, mems[0], a), y = at(f, mems[v], a);
      if (is_add(c->op) && c->data == 1) {
        long double uu = f->w == 32 ? 0x1p-24L : 0x1p-53L;
        long double bound =
            2 * (long double)(r.count[a] + 1) * uu * r.abs_sum[a];
        if (fabsl((long double)to_d(f, x) - (long double)to_d(f, y)) > bound)
          why("cell %u: base %.17g, %s %.17g", a, to_d(f, x), VARIANTS[v],
              to_d(f, y));
      } else if (x != y && !(!is_num(c->op) && !is_add(c->op) &&
                             isnan_b(f, x) && isnan_b(f, y))) {
        why("cell %u: base 0x%0*" PRIx64 ", %s 0x%0*" PRIx64, a, hexw(f), x,
            VARIANTS[v], hexw(f), y);
      }
    }
    if (g_why[0]) {
      printf("FAIL %s %s vs base: %s\n", name, VARIANTS[v], g_why);
      ++fails;
    } else {
      printf("PASS %s %s vs base: final memory %s\n", name, VARIANTS[v],
             is_add(c->op) && c->data         ? "within twice the bound"
             : is_num(c->op) || is_add(c->op) ? "bit-identical"
                                              : "bit-identical up to NaN "
                                                "payloads");
    }
  }
  if (!ran) {
    printf("FAIL %s: no variant produced output\n", name);
    ++fails;
  }
  for (int v = 0; v < 3; ++v)
    free(mems[v]);
  free_ref(&r);
  free_inputs(&in);
  return fails ? 1 : 0;
}

int main(int argc, char **argv) {
  make_cases();
  if (argc == 3 && !strcmp(argv[1], "gen")) {
    g_dir = argv[2];
    return gen();
  }
  if (argc == 4 && !strcmp(argv[1], "check")) {
    g_dir = argv[2];
    return check(argv[3]);
  }
  if ((argc == 5 || argc == 6) && !strcmp(argv[1], "sim")) {
    g_dir = argv[2];
    if (argc == 6 && strcmp(argv[5], "corrupt"))
      die("sim: the fifth argument can only be 'corrupt'");
    return sim(argv[3], argv[4], argc == 6);
  }
  fprintf(stderr, "usage: warpref gen DIR\n"
                  "       warpref check DIR NAME\n"
                  "       warpref sim DIR NAME base|warp|warp70 [corrupt]\n");
  return 2;
}
