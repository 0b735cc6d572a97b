/* Inputs and checks for the <fpatomics/cuda.h> kernels (header.cu).
 *
 *   header-ref list                   the kernel names, one per line
 *   header-ref gen DIR small|gpu      NAME.mem, .vals, .idx and NAME.spec
 *                                     (fpa-run options) for every kernel
 *   header-ref check DIR NAME MEM OLDS
 *                                     checks a run: MEM and OLDS are the
 *                                     mem and olds buffers after the kernel
 *   header-ref simulate DIR NAME MEM OLDS MODE
 *                                     writes MEM and OLDS by running the ops
 *                                     on the host in a shuffled order: MODE
 *                                     ok, or a known wrong lowering (below),
 *                                     which check must reject
 *   header-ref same DIR NAME MEM_A MEM_B [any-nan]
 *                                     two runs' final memory (say nvcc's and
 *                                     clang + plugin's) must be bit-identical;
 *                                     any-nan: a NaN equals any NaN (for host
 *                                     runs, whose NaN results follow the
 *                                     host's arithmetic)
 *   header-ref selftest               the model against SEMANTICS.md's cases
 *
 * Written from docs/exactness.md (the semantics), not from the header or the
 * pass. Values are compared through integer order keys, never with the
 * host's float compares:
 *   min = llvm.minnum: a NaN operand leaves memory as it is, a NaN in memory
 *   is replaced, -0.0 < +0.0; an sNaN operand may instead give a NaN;
 *   max mirrors it; sub: IEEE round to nearest, subnormals kept;
 *   a NaN result may be any NaN; an old value is the exact bits memory held.
 *
 * Layout of a spelling kernel's n ops (kernel: olds[i] = FN(&mem[idx[i]],
 * vals[i])):
 *   - singles: one op per location, every pair (memory, operand) of the
 *     specials (zeros, subnormals, normals, infinities, quiet and signalling
 *     NaNs of both signs), and for f32 the pairs at the edge of the native
 *     add's guard (EDGE_MEM x EDGE_VAL); the old value must be the initial
 *     bits;
 *   - contended: many ops per location (for _block kernels only ops of one
 *     256-thread block). For min/max the returned old values must form a
 *     linearization: memory goes through a chain init > s1 > ... > final (in
 *     the op's order), each step written by exactly one op whose operand is
 *     the next value, every other op a no-op on a value of the chain. For
 *     sub the operands are positive and every partial sum is exact, so
 *     memory strictly decreases: sorted by old value, each op must have seen
 *     the previous op's result.
 * Plain C11, libc only (no libm), so the binary can travel to a GPU machine.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- bit-level float model ---------------------------------------------- */

typedef struct {
  int w;         /* bits */
  int mbits;     /* mantissa bits */
  uint64_t sign; /* sign bit */
  uint64_t all;  /* all-ones of the width */
  uint64_t inf;  /* exponent all-ones, mantissa 0 */
  uint64_t qnan; /* positive quiet NaN */
} fmt;

static const fmt F32 = {32,          23,          0x80000000u,
                        0xffffffffu, 0x7f800000u, 0x7fc00000u};
static const fmt F64 = {64,
                        52,
                        0x8000000000000000u,
                        UINT64_MAX,
                        0x7ff0000000000000u,
                        0x7ff8000000000000u};

static int isnan_b(const fmt *f, uint64_t b) {
  return (b & ~f->sign & f->all) > f->inf;
}
static int issnan_b(const fmt *f, uint64_t b) {
  return isnan_b(f, b) && !(b & (f->qnan & ~f->inf));
}
/* Order key of a non-NaN value, compared unsigned: -0.0 < +0.0. */
static uint64_t key(const fmt *f, uint64_t b) {
  return (b & f->sign) ? (~b & f->all) : (b | f->sign);
}
static uint64_t unkey(const fmt *f, uint64_t k) {
  return (k & f->sign) ? (k & ~f->sign) : (~k & f->all);
}
static int less(const fmt *f, uint64_t a, uint64_t b) {
  return key(f, a) < key(f, b);
}
static uint64_t minnum(const fmt *f, uint64_t m, uint64_t v) {
  if (isnan_b(f, v))
    return m;
  if (isnan_b(f, m))
    return v;
  return less(f, v, m) ? v : m;
}
static uint64_t maxnum(const fmt *f, uint64_t m, uint64_t v) {
  if (isnan_b(f, v))
    return m;
  if (isnan_b(f, m))
    return v;
  return less(f, m, v) ? v : m;
}
/* m - v in the format's own arithmetic (the host's is IEEE binary32/64,
 * round to nearest, subnormals kept). */
static uint64_t sub(const fmt *f, uint64_t m, uint64_t v) {
  if (f->w == 32) {
    uint32_t a = (uint32_t)m, b = (uint32_t)v, r;
    volatile float x, y;
    float z;
    memcpy((void *)&x, &a, 4);
    memcpy((void *)&y, &b, 4);
    z = x - y;
    memcpy(&r, &z, 4);
    return r;
  } else {
    volatile double x, y;
    double z;
    uint64_t r;
    memcpy((void *)&x, &m, 8);
    memcpy((void *)&y, &v, 8);
    z = x - y;
    memcpy(&r, &z, 8);
    return r;
  }
}
static int same(const fmt *f, uint64_t a, uint64_t b) {
  return a == b || (isnan_b(f, a) && isnan_b(f, b));
}

/* ---- the kernels --------------------------------------------------------- */

enum op { MIN, MAX, SUB, SHARED };
enum scope { DEVICE, BLOCK, SYSTEM };
typedef struct {
  const char *name;
  const fmt *f;
  enum op op;
  enum scope scope;
} kernel;

static const kernel KERNELS[] = {
    {"min_f32", &F32, MIN, DEVICE},
    {"max_f32", &F32, MAX, DEVICE},
    {"sub_f32", &F32, SUB, DEVICE},
    {"min_f64", &F64, MIN, DEVICE},
    {"max_f64", &F64, MAX, DEVICE},
    {"sub_f64", &F64, SUB, DEVICE},
    {"min_f32_block", &F32, MIN, BLOCK},
    {"max_f32_block", &F32, MAX, BLOCK},
    {"sub_f32_block", &F32, SUB, BLOCK},
    {"min_f64_block", &F64, MIN, BLOCK},
    {"max_f64_block", &F64, MAX, BLOCK},
    {"sub_f64_block", &F64, SUB, BLOCK},
    {"min_f32_system", &F32, MIN, SYSTEM},
    {"max_f32_system", &F32, MAX, SYSTEM},
    {"sub_f32_system", &F32, SUB, SYSTEM},
    {"min_f64_system", &F64, MIN, SYSTEM},
    {"max_f64_system", &F64, MAX, SYSTEM},
    {"sub_f64_system", &F64, SUB, SYSTEM},
    {"shared_minmax_f32", &F32, SHARED, BLOCK},
};
#define NKERNELS (sizeof KERNELS / sizeof KERNELS[0])
static const unsigned LOCAL = 256;

static const kernel *find(const char *name) {
  for (size_t i = 0; i < NKERNELS; ++i)
    if (!strcmp(KERNELS[i].name, name))
      return &KERNELS[i];
  return NULL;
}

/* ---- random numbers (splitmix64, fixed seeds) ---------------------------- */

static uint64_t rng_state;
static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}
static uint64_t below(uint64_t n) { return rnd() % n; }

/* A finite value: zeros, subnormals and normals of many magnitudes. */
static uint64_t finite(const fmt *f) {
  uint64_t mmask = ((uint64_t)1 << f->mbits) - 1;
  uint64_t s = (rnd() & 1) ? f->sign : 0;
  int r = (int)below(100);
  if (r < 5)
    return s;
  if (r < 10)
    return s | (1 + below(mmask));
  uint64_t bias = f->inf >> f->mbits >> 1;
  uint64_t e = bias - bias / 2 + below(bias);
  return s | (e << f->mbits) | (rnd() & mmask);
}
static uint64_t quiet_nan(const fmt *f) {
  return ((rnd() & 1) ? f->sign : 0) | f->qnan | below(100);
}

/* The specials: every pair of them is a single. */
static size_t specials(const fmt *f, uint64_t *out) {
  uint64_t mmask = ((uint64_t)1 << f->mbits) - 1, q = f->qnan & ~f->inf;
  uint64_t one = (f->inf >> f->mbits >> 1) << f->mbits; /* bias << mbits */
  const uint64_t pos[] = {
      0,                /* +0 */
      1,                /* smallest subnormal */
      mmask,            /* largest subnormal */
      mmask + 1,        /* smallest normal */
      one,              /* 1.0 */
      one | (q),        /* 1.5 */
      f->inf - 1,       /* largest finite */
      f->inf,           /* inf */
      f->qnan,          /* quiet NaN */
      f->qnan | 0x123,  /* quiet NaN, payload */
      f->inf | 1,       /* signalling NaN */
      f->inf | (q >> 1) /* signalling NaN, other payload */
  };
  size_t n = 0;
  for (size_t i = 0; i < sizeof pos / sizeof pos[0]; ++i) {
    out[n++] = pos[i];
    out[n++] = pos[i] | f->sign;
  }
  return n;
}
#define MAXSPECIALS 24

/* f32 singles at the edge of the guard on the header's native float add
 * (SEMANTICS.md): a flushing add of w = -v stores RN(M + w) for every M
 * when |w| >= 2^-101, but not at |w| = 2^-102: 0x0077ba24 - 0x0c800000 is
 * 0x8c7fffff in IEEE arithmetic, 0x8c800000 when M is flushed. Every M
 * with every v. */
static const uint32_t EDGE_MEM[] = {0x0077ba24u, 0x807fffffu, 0x00000001u,
                                    0x80400000u};
static const uint32_t EDGE_VAL[] = {0x0c800000u, 0x8c800000u, 0x0d000000u,
                                    0x8d000000u, 0x0cffffffu, 0x8cffffffu};
#define NEDGE_MEM (sizeof EDGE_MEM / sizeof EDGE_MEM[0])
#define NEDGE_VAL (sizeof EDGE_VAL / sizeof EDGE_VAL[0])
static size_t edges(const fmt *f) {
  return f->w == 32 ? NEDGE_MEM * NEDGE_VAL : 0;
}

/* ---- files --------------------------------------------------------------- */

static const char *dir;

static void die(const char *msg, const char *arg) {
  fprintf(stderr, "header-ref: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
  exit(2);
}

static char *path_of(const char *name, const char *suffix) {
  static char buf[4][4096];
  static int k;
  char *p = buf[k++ % 4];
  if (name[0] == '/' || !suffix)
    snprintf(p, 4096, "%s%s", name, suffix ? suffix : "");
  else
    snprintf(p, 4096, "%s/%s%s", dir, name, suffix);
  return p;
}

static void put(const char *path, const void *data, size_t bytes) {
  FILE *fp = fopen(path, "wb");
  if (!fp || fwrite(data, 1, bytes, fp) != bytes || fclose(fp))
    die("cannot write", path);
}

/* Reads a whole file; *count is its size in elements of `es` bytes. */
static void *get(const char *path, size_t es, size_t *count) {
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    fprintf(stderr, "header-ref: cannot read %s: %s\n", path, strerror(errno));
    exit(2);
  }
  size_t cap = 1 << 16, len = 0, got;
  char *p = malloc(cap);
  while ((got = fread(p + len, 1, cap - len, fp)) > 0) {
    len += got;
    if (len == cap)
      p = realloc(p, cap *= 2);
  }
  fclose(fp);
  if (len % es)
    die("size is not a whole number of elements:", path);
  *count = len / es;
  return p;
}

static uint64_t at(const fmt *f, const void *a, size_t i) {
  return f->w == 32 ? ((const uint32_t *)a)[i] : ((const uint64_t *)a)[i];
}
static void set(const fmt *f, void *a, size_t i, uint64_t b) {
  if (f->w == 32)
    ((uint32_t *)a)[i] = (uint32_t)b;
  else
    ((uint64_t *)a)[i] = b;
}

/* ---- gen ----------------------------------------------------------------- */

typedef struct {
  void *mem, *vals;
  int32_t *idx;
  size_t nmem, n;
} layout;

/* Contended locations, per kind (c % 6):
 *   0 starts at +inf for min (-inf for max); 1 at a NaN that the integer
 *   trick keeps (min: negative, max: positive), so the NaN repair must act;
 *   2 at a NaN of the other sign; 3 at a finite value; 4 gets only +-0
 *   (starting at +0 for min, -0 for max); 5 gets only NaNs.
 * Sub: alternately 2^20 and -2^10, positive quarter-integer operands. */
static uint64_t contended_init(const kernel *k, size_t c) {
  const fmt *f = k->f;
  uint64_t keep = k->op == MIN ? f->sign : 0;
  if (k->op == SUB) {
    double d = (c & 1) ? -1024.0 : 1048576.0;
    if (f->w == 64) {
      uint64_t b;
      memcpy(&b, &d, 8);
      return b;
    }
    float x = (float)d;
    uint32_t b;
    memcpy(&b, &x, 4);
    return b;
  }
  switch (c % 6) {
  case 0:
    return (k->op == MIN ? 0 : f->sign) | f->inf;
  case 1:
    return keep | f->qnan;
  case 2:
    return (keep ^ f->sign) | f->qnan | 1;
  case 4:
    return k->op == MIN ? 0 : f->sign;
  default:
    return finite(f);
  }
}

/* t: the op's rank among its location's ops, of cnt. Memory moves through a
 * long chain when ops run roughly in index order: operands trend down for
 * min and up for max, from a pool of distinct values. */
static uint64_t contended_val(const kernel *k, size_t c, size_t t, size_t cnt,
                              const uint64_t *pool, size_t npool) {
  const fmt *f = k->f;
  if (k->op == SUB) {
    double d = 0.25 * (double)(1 + below(64));
    if (f->w == 64) {
      uint64_t b;
      memcpy(&b, &d, 8);
      return b;
    }
    float x = (float)d;
    uint32_t b;
    memcpy(&b, &x, 4);
    return b;
  }
  if (c % 6 == 4)
    return (rnd() & 1) ? f->sign : 0;
  if (c % 6 == 5 || below(20) == 0)
    return quiet_nan(f);
  long r = (long)(t * npool / (cnt ? cnt : 1)) + (long)below(7) - 3;
  r = r < 0 ? 0 : r >= (long)npool ? (long)npool - 1 : r;
  /* pool is ascending by key */
  return k->op == MIN ? pool[npool - 1 - (size_t)r] : pool[r];
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static layout make(const kernel *k, int gpu, uint64_t seed) {
  const fmt *f = k->f;
  size_t es = (size_t)f->w / 8;
  layout L;
  rng_state = seed;
  if (k->op == SHARED) {
    L.n = gpu ? (size_t)1 << 20 : (size_t)1 << 14;
    L.nmem = 2;
    L.mem = malloc(2 * es);
    L.vals = malloc(L.n * es);
    L.idx = calloc(L.n, 4);
    /* NaNs the integer ops keep: the global update needs the repair */
    set(f, L.mem, 0, f->sign | f->qnan);
    set(f, L.mem, 1, f->qnan);
    for (size_t i = 0; i < L.n; ++i)
      set(f, L.vals, i, below(10) == 0 ? quiet_nan(f) : finite(f));
    return L;
  }
  uint64_t sp[MAXSPECIALS];
  size_t ns = specials(f, sp), nsingle = ns * ns + edges(f);
  size_t ncont = gpu ? (size_t)1 << 18 : (size_t)1 << 13;
  L.n = (nsingle + ncont + LOCAL - 1) / LOCAL * LOCAL;
  ncont = L.n - nsingle;
  size_t nblocks = L.n / LOCAL, per_block = 4, nc_dev = gpu ? 64 : 16;
  size_t nc = k->scope == BLOCK ? nblocks * per_block : nc_dev;
  L.nmem = nsingle + nc;
  L.mem = malloc(L.nmem * es);
  L.vals = malloc(L.n * es);
  L.idx = malloc(L.n * 4);
  for (size_t i = 0; i < nsingle; ++i) {
    size_t e = i - ns * ns;
    set(f, L.mem, i, i < ns * ns ? sp[i / ns] : EDGE_MEM[e / NEDGE_VAL]);
    set(f, L.vals, i, i < ns * ns ? sp[i % ns] : EDGE_VAL[e % NEDGE_VAL]);
    L.idx[i] = (int32_t)i;
  }
  for (size_t c = 0; c < nc; ++c)
    set(f, L.mem, nsingle + c, contended_init(k, c));
  /* pool of distinct finite values, ascending by key, +-0 included */
  size_t npool = 256;
  uint64_t *pk = malloc(npool * 8);
  pk[0] = key(f, 0);
  pk[1] = key(f, f->sign);
  for (size_t j = 2; j < npool; ++j) {
    int dup;
    do {
      pk[j] = key(f, finite(f));
      dup = 0;
      for (size_t m = 0; m < j; ++m)
        dup |= pk[m] == pk[j];
    } while (dup);
  }
  qsort(pk, npool, 8, cmp_u64);
  for (size_t j = 0; j < npool; ++j)
    pk[j] = unkey(f, pk[j]);
  /* location of each contended op, then its rank among that location's */
  size_t *cnt = calloc(nc, sizeof *cnt), *rank = malloc(L.n * sizeof *rank);
  for (size_t i = nsingle; i < L.n; ++i) {
    size_t c = k->scope == BLOCK ? (i / LOCAL) * per_block + i % per_block
                                 : (i - nsingle) % nc;
    L.idx[i] = (int32_t)(nsingle + c);
    rank[i] = cnt[c]++;
  }
  for (size_t i = nsingle; i < L.n; ++i) {
    size_t c = (size_t)L.idx[i] - nsingle;
    set(f, L.vals, i, contended_val(k, c, rank[i], cnt[c], pk, npool));
  }
  free(pk);
  free(cnt);
  free(rank);
  return L;
}

static void gen(int gpu) {
  for (size_t j = 0; j < NKERNELS; ++j) {
    const kernel *k = &KERNELS[j];
    layout L = make(k, gpu, 1000 + j);
    size_t es = (size_t)k->f->w / 8;
    const char *t = k->f->w == 32 ? "f32" : "f64";
    put(path_of(k->name, ".mem"), L.mem, L.nmem * es);
    put(path_of(k->name, ".vals"), L.vals, L.n * es);
    put(path_of(k->name, ".idx"), L.idx, L.n * 4);
    FILE *sp = fopen(path_of(k->name, ".spec"), "w");
    if (!sp)
      die("cannot write", path_of(k->name, ".spec"));
    /* olds start as a signalling NaN no location starts with */
    fprintf(sp,
            "# generated by header-ref.c\n--kernel=%s\n--global=%zu\n"
            "--local=%u\n--arg=buf:%s:%zu:file=%s.mem\n"
            "--arg=buf:%s:%zu:bits=%s\n--arg=buf:%s:%zu:file=%s.vals\n"
            "--arg=buf:i32:%zu:file=%s.idx\n--arg=i32:%zu\n",
            k->name, L.n, LOCAL, t, L.nmem, k->name, t, L.n,
            k->f->w == 32 ? "0x7fa5a5a5" : "0x7ff5a5a5a5a5a5a5", t, L.n,
            k->name, L.n, k->name, L.n);
    fclose(sp);
    free(L.mem);
    free(L.vals);
    free(L.idx);
  }
}

/* ---- check --------------------------------------------------------------- */

static int problems;
static size_t writes; /* updates that changed a contended location */
static const char *cur;
static void bad(const char *fmt_, ...) __attribute__((format(printf, 1, 2)));
static void bad(const char *fmt_, ...) {
  if (problems++ < 12) {
    va_list ap;
    va_start(ap, fmt_);
    printf("  %s: ", cur);
    vprintf(fmt_, ap);
    printf("\n");
    va_end(ap);
  }
}

/* Can a single op turn m into r (returning m)? */
static int single_ok(const kernel *k, uint64_t m, uint64_t v, uint64_t r) {
  const fmt *f = k->f;
  if (k->op == SUB)
    return same(f, r, sub(f, m, v));
  uint64_t e = k->op == MIN ? minnum(f, m, v) : maxnum(f, m, v);
  if (same(f, r, e))
    return 1;
  /* an sNaN operand may also give a NaN */
  return (issnan_b(f, m) || issnan_b(f, v)) && isnan_b(f, r);
}

/* Order in which memory moves for min (max reversed), NaN above all. */
static uint64_t okey(const kernel *k, uint64_t b) {
  const fmt *f = k->f;
  uint64_t top = key(f, f->inf) + 1; /* no value has it */
  if (isnan_b(f, b))
    return top;
  /* reversed for max: still below top, which only a NaN's key has */
  return k->op == MIN ? key(f, b) : ~key(f, b) & f->all;
}

typedef struct {
  size_t i;      /* op */
  uint64_t o, v; /* old, operand */
} rec;
static const kernel *sort_k;
static int by_old_desc(const void *a, const void *b) {
  uint64_t x = key(sort_k->f, ((const rec *)a)->o);
  uint64_t y = key(sort_k->f, ((const rec *)b)->o);
  return x < y ? 1 : x > y ? -1 : 0;
}

/* min/max: see the comment at the top. */
static void check_chain(const kernel *k, size_t loc, uint64_t init,
                        uint64_t fin, rec *r, size_t cnt) {
  const fmt *f = k->f;
  uint64_t exp = init;
  for (size_t j = 0; j < cnt; ++j)
    exp = k->op == MIN ? minnum(f, exp, r[j].v) : maxnum(f, exp, r[j].v);
  if (!same(f, fin, exp))
    bad("mem[%zu] = 0x%" PRIx64 ", expected 0x%" PRIx64 " (%zu ops)", loc, fin,
        exp, cnt);
  uint64_t kfin = okey(k, fin);
  uint64_t *s = malloc((cnt + 1) * 8), *vk = malloc((cnt + 1) * 8);
  size_t ns = 0, nv = 0;
  for (size_t j = 0; j < cnt; ++j)
    if (!isnan_b(f, r[j].v))
      vk[nv++] = key(f, r[j].v);
  qsort(vk, nv, 8, cmp_u64);
  for (size_t j = 0; j < cnt; ++j) {
    uint64_t o = r[j].o;
    if (isnan_b(f, o)) {
      if (o != init)
        bad("op %zu on mem[%zu]: old 0x%" PRIx64 " is a NaN memory never held",
            r[j].i, loc, o);
    } else if (o != init &&
               !bsearch(&(uint64_t){key(f, o)}, vk, nv, 8, cmp_u64)) {
      bad("op %zu on mem[%zu]: old 0x%" PRIx64
          " is neither the initial value nor an operand",
          r[j].i, loc, o);
    }
    if (okey(k, o) < kfin)
      bad("op %zu on mem[%zu]: old 0x%" PRIx64 " is past the final 0x%" PRIx64,
          r[j].i, loc, o, fin);
    s[ns++] = okey(k, o);
  }
  s[ns++] = kfin;
  qsort(s, ns, 8, cmp_u64);
  size_t u = 0;
  for (size_t j = 0; j < ns; ++j)
    if (!u || s[u - 1] != s[j])
      s[u++] = s[j];
  ns = u; /* the chain, ascending: s[0] = final, s[ns-1] = init */
  if (s[ns - 1] != okey(k, init))
    bad("mem[%zu]: no op saw the initial value 0x%" PRIx64, loc, init);
  unsigned *writers = calloc(ns, sizeof *writers);
  for (size_t j = 0; j < cnt; ++j) {
    if (isnan_b(f, r[j].v) || okey(k, r[j].v) >= okey(k, r[j].o))
      continue; /* a no-op */
    uint64_t ko = okey(k, r[j].o), kv = okey(k, r[j].v);
    uint64_t *p = bsearch(&ko, s, ns, 8, cmp_u64);
    size_t a = p ? (size_t)(p - s) : 0;
    if (!p || a == 0 || s[a - 1] != kv)
      bad("op %zu on mem[%zu] saw 0x%" PRIx64 " and wrote 0x%" PRIx64
          ", which is not the next value memory held",
          r[j].i, loc, r[j].o, r[j].v);
    else
      writers[a]++, writes++;
  }
  for (size_t a = 1; a < ns; ++a)
    if (writers[a] != 1)
      bad("mem[%zu]: %u ops replaced one value (order key 0x%" PRIx64
          "); expected 1",
          loc, writers[a], s[a]);
  free(s);
  free(vk);
  free(writers);
}

/* sub with positive operands: memory strictly decreases. */
static void check_sub(const kernel *k, size_t loc, uint64_t init, uint64_t fin,
                      rec *r, size_t cnt) {
  const fmt *f = k->f;
  sort_k = k;
  qsort(r, cnt, sizeof *r, by_old_desc);
  uint64_t m = init;
  for (size_t j = 0; j < cnt; ++j) {
    if (r[j].o != m) {
      bad("op %zu on mem[%zu]: old 0x%" PRIx64 ", but the op before it left "
          "0x%" PRIx64,
          r[j].i, loc, r[j].o, m);
      m = r[j].o;
    }
    m = sub(f, m, r[j].v);
    writes++;
  }
  if (fin != m)
    bad("mem[%zu] = 0x%" PRIx64 ", expected 0x%" PRIx64 " (%zu ops)", loc, fin,
        m, cnt);
}

static int check(const kernel *k, const char *mem_out, const char *olds_out) {
  const fmt *f = k->f;
  size_t es = (size_t)f->w / 8, nmem, n, nidx, nfin, nolds;
  void *mem = get(path_of(k->name, ".mem"), es, &nmem);
  void *vals = get(path_of(k->name, ".vals"), es, &n);
  int32_t *idx = get(path_of(k->name, ".idx"), 4, &nidx);
  void *fin = get(path_of(mem_out, NULL), es, &nfin);
  void *olds = get(path_of(olds_out, NULL), es, &nolds);
  cur = k->name;
  problems = 0;
  writes = 0;
  if (nidx != n || nfin != nmem || nolds != n) {
    bad("sizes: %zu vals, %zu idx, %zu olds, %zu mem, %zu mem out", n, nidx,
        nolds, nmem, nfin);
    return 1;
  }
  size_t singles = 0, contended = 0;
  if (k->op == SHARED) {
    uint64_t lo = at(f, mem, 0), hi = at(f, mem, 1);
    for (size_t i = 0; i < n; ++i) {
      lo = minnum(f, lo, at(f, vals, i));
      hi = maxnum(f, hi, at(f, vals, i));
    }
    if (!same(f, at(f, fin, 0), lo))
      bad("min 0x%" PRIx64 ", expected 0x%" PRIx64, at(f, fin, 0), lo);
    if (!same(f, at(f, fin, 1), hi))
      bad("max 0x%" PRIx64 ", expected 0x%" PRIx64, at(f, fin, 1), hi);
    contended = 2;
  } else {
    /* the ops of each location, in index order */
    size_t *start = calloc(nmem + 1, sizeof *start);
    for (size_t i = 0; i < n; ++i) {
      if (idx[i] < 0 || (size_t)idx[i] >= nmem)
        die("index out of range in", path_of(k->name, ".idx"));
      start[idx[i] + 1]++;
    }
    for (size_t m = 0; m < nmem; ++m)
      start[m + 1] += start[m];
    rec *r = malloc((n ? n : 1) * sizeof *r);
    size_t *fill = calloc(nmem, sizeof *fill);
    for (size_t i = 0; i < n; ++i) {
      size_t m = (size_t)idx[i];
      rec *p = &r[start[m] + fill[m]++];
      p->i = i;
      p->o = at(f, olds, i);
      p->v = at(f, vals, i);
    }
    for (size_t m = 0; m < nmem; ++m) {
      size_t cnt = start[m + 1] - start[m];
      uint64_t init = at(f, mem, m), out = at(f, fin, m);
      rec *p = &r[start[m]];
      if (cnt == 0) {
        if (out != init)
          bad("mem[%zu] changed with no op on it", m);
      } else if (cnt == 1) {
        singles++;
        if (p->o != init)
          bad("op %zu: old 0x%" PRIx64 ", memory held 0x%" PRIx64, p->i, p->o,
              init);
        if (!single_ok(k, init, p->v, out))
          bad("op %zu: 0x%" PRIx64 " with operand 0x%" PRIx64
              " gave 0x%" PRIx64,
              p->i, init, p->v, out);
      } else {
        contended++;
        if (k->op == SUB)
          check_sub(k, m, init, out, p, cnt);
        else
          check_chain(k, m, init, out, p, cnt);
      }
    }
    free(start);
    free(r);
    free(fill);
  }
  if (problems)
    printf("%s: FAILED, %d problems (%zu singles, %zu contended locations, "
           "%zu ops)\n",
           k->name, problems, singles, contended, n);
  else
    printf("%s: ok (%zu singles, %zu contended locations with %zu writes, "
           "%zu ops)\n",
           k->name, singles, contended, writes, n);
  free(mem);
  free(vals);
  free(idx);
  free(fin);
  free(olds);
  return problems ? 1 : 0;
}

/* ---- simulate ------------------------------------------------------------ */

/* Wrong lowerings, each of which check must reject somewhere:
 *   sign-ge       integer trick choosing its path by v >= 0.0, not the sign
 *                 bit (-0.0 goes the wrong way)
 *   no-nan-repair integer trick without the repair of a NaN in memory
 *   stale         ops in groups of 4 read memory once, last write wins
 *                 (a loop that does not retry with the value the CAS saw)
 *   new-as-old    returns the new value instead of the old one
 *   ftz           sub flushes subnormal results to zero
 *   native-add    sub as atom.add.f32 on global memory for every operand:
 *                 subnormal inputs and results flushed (f32 only)
 *   guard-102     sub as that flushing add where |v| >= 2^-102, exact
 *                 below: one binade short of the header's guard (f32) */
static uint64_t trick(const fmt *f, enum op op, uint64_t m, uint64_t v,
                      int sign_ge, int repair) {
  if (isnan_b(f, v))
    return m;
  /* v < 0.0 leaves -0.0 on the signed path; the sign bit does not */
  int neg = sign_ge ? (v & f->sign) && v != f->sign : (v & f->sign) != 0;
  int64_t sm = f->w == 32 ? (int32_t)m : (int64_t)m;
  int64_t sv = f->w == 32 ? (int32_t)v : (int64_t)v;
  uint64_t r;
  if (op == MIN) /* umax or signed min */
    r = neg ? (m > v ? m : v) : (sm < sv ? m : v);
  else /* umin or signed max */
    r = neg ? (m < v ? m : v) : (sm > sv ? m : v);
  if (repair && r == m && isnan_b(f, m)) /* the integer op kept a NaN */
    r = v;
  return r;
}

/* M + w as atom.add.f32 on global memory computes it: subnormal inputs and
 * result become zeros of their sign. */
static uint64_t flushing_add(uint64_t m, uint64_t w) {
  const fmt *f = &F32;
  uint64_t mmask = ((uint64_t)1 << f->mbits) - 1;
  if (!(m & f->inf) && (m & mmask))
    m &= f->sign;
  if (!(w & f->inf) && (w & mmask))
    w &= f->sign;
  uint64_t r = sub(f, m, w ^ f->sign);
  if (!(r & f->inf) && (r & mmask))
    r &= f->sign;
  return r;
}

static int simulate(const kernel *k, const char *mem_out, const char *olds_out,
                    const char *mode) {
  const fmt *f = k->f;
  size_t es = (size_t)f->w / 8, nmem, n, nidx;
  void *mem = get(path_of(k->name, ".mem"), es, &nmem);
  void *vals = get(path_of(k->name, ".vals"), es, &n);
  int32_t *idx = get(path_of(k->name, ".idx"), 4, &nidx);
  void *olds = calloc(n ? n : 1, es);
  int sign_ge = !strcmp(mode, "sign-ge"),
      norep = !strcmp(mode, "no-nan-repair");
  int stale = !strcmp(mode, "stale"), newold = !strcmp(mode, "new-as-old");
  int ftz = !strcmp(mode, "ftz"), native = !strcmp(mode, "native-add"),
      guard102 = !strcmp(mode, "guard-102");
  if (!sign_ge && !norep && !stale && !newold && !ftz && !native && !guard102 &&
      strcmp(mode, "ok"))
    die("unknown mode", mode);
  if ((native || guard102) && (f->w != 32 || k->op != SUB))
    die("native-add and guard-102 simulate f32 sub, not", k->name);
  if (k->op == SHARED)
    die("simulate does not run", k->name);
  size_t *order = malloc((n ? n : 1) * sizeof *order);
  for (size_t i = 0; i < n; ++i)
    order[i] = i;
  rng_state = 77;
  for (size_t i = n; i > 1; --i) {
    size_t j = (size_t)below(i), t = order[i - 1];
    order[i - 1] = order[j];
    order[j] = t;
  }
  uint64_t *seen = malloc(4 * 8);
  for (size_t g = 0; g < n; g += stale ? 4 : 1) {
    size_t gn = stale && g + 4 <= n ? 4 : 1;
    for (size_t j = 0; j < gn; ++j)
      seen[j] = at(f, mem, (size_t)idx[order[g + j]]);
    for (size_t j = 0; j < gn; ++j) {
      size_t i = order[g + j], loc = (size_t)idx[i];
      uint64_t m = stale ? seen[j] : at(f, mem, loc), v = at(f, vals, i), r;
      if (k->op == SUB) {
        r = sub(f, m, v);
        if (ftz && (r & ~f->sign & f->all) < ((uint64_t)1 << f->mbits))
          r &= f->sign;
        if (native || (guard102 && (v & ~f->sign) >= 0x0c800000u))
          r = flushing_add(m, v ^ f->sign);
      } else if (sign_ge || norep) {
        r = trick(f, k->op, m, v, sign_ge, !norep);
      } else {
        r = k->op == MIN ? minnum(f, m, v) : maxnum(f, m, v);
      }
      set(f, mem, loc, r);
      set(f, olds, i, newold ? r : m);
    }
  }
  put(path_of(mem_out, NULL), mem, nmem * es);
  put(path_of(olds_out, NULL), olds, n * es);
  free(mem);
  free(vals);
  free(idx);
  free(olds);
  free(order);
  free(seen);
  return 0;
}

/* ---- same ---------------------------------------------------------------- */

/* Two builds' final memory, bit for bit (NaNs included unless any_nan: every
 * lowering of these kernels either copies an operand's or memory's bits, or
 * computes a difference on the same hardware). */
static int same_mem(const kernel *k, const char *a_path, const char *b_path,
                    int any_nan) {
  const fmt *f = k->f;
  size_t es = (size_t)f->w / 8, na, nb, nmem;
  void *init = get(path_of(k->name, ".mem"), es, &nmem);
  void *a = get(path_of(a_path, NULL), es, &na);
  void *b = get(path_of(b_path, NULL), es, &nb);
  cur = k->name;
  problems = 0;
  size_t nan_only = 0;
  if (na != nmem || nb != nmem) {
    bad("sizes: %zu and %zu locations, %zu expected", na, nb, nmem);
  } else {
    for (size_t i = 0; i < nmem; ++i) {
      uint64_t x = at(f, a, i), y = at(f, b, i);
      int both_nan = isnan_b(f, x) && isnan_b(f, y);
      if (x == y || (any_nan && both_nan))
        continue;
      nan_only += both_nan;
      bad("mem[%zu]: 0x%" PRIx64 " and 0x%" PRIx64 " (initial 0x%" PRIx64 ")",
          i, x, y, at(f, init, i));
    }
  }
  if (problems)
    printf("%s: DIFFERENT, %d locations (%zu of them NaNs of other bits)\n",
           k->name, problems, nan_only);
  else
    printf("%s: same final memory (%zu locations)\n", k->name, nmem);
  free(init);
  free(a);
  free(b);
  return problems ? 1 : 0;
}

/* ---- selftest ------------------------------------------------------------ */

static int selftest(void) {
  const fmt *f = &F32;
  const uint64_t P0 = 0, N0 = 0x80000000u, ONE = 0x3f800000u,
                 MONE = 0xbf800000u, QN = 0x7fc00000u, NQN = 0xffc00000u,
                 INF = 0x7f800000u, SUB1 = 1, NSUB1 = 0x80000001u;
  struct {
    enum op op;
    uint64_t m, v, r;
  } t[] = {
      {MIN, P0, N0, N0},         {MIN, N0, P0, N0},      {MAX, P0, N0, P0},
      {MAX, N0, P0, P0},         {MIN, ONE, QN, ONE},    {MIN, QN, ONE, ONE},
      {MIN, NQN, ONE, ONE},      {MAX, NQN, MONE, MONE}, {MAX, QN, MONE, MONE},
      {MIN, MONE, N0, MONE},     {MAX, MONE, N0, N0},    {MIN, INF, SUB1, SUB1},
      {MIN, SUB1, NSUB1, NSUB1}, {SUB, ONE, ONE, P0},    {SUB, N0, P0, N0},
      {SUB, N0, N0, P0},         {SUB, SUB1, NSUB1, 2},  {SUB, P0, SUB1, NSUB1},
  };
  int fails = 0;
  for (size_t i = 0; i < sizeof t / sizeof t[0]; ++i) {
    uint64_t r = t[i].op == MIN   ? minnum(f, t[i].m, t[i].v)
                 : t[i].op == MAX ? maxnum(f, t[i].m, t[i].v)
                                  : sub(f, t[i].m, t[i].v);
    if (r != t[i].r) {
      printf("selftest %zu: got 0x%" PRIx64 ", expected 0x%" PRIx64 "\n", i, r,
             t[i].r);
      fails++;
    }
  }
  /* NaN results: any NaN */
  if (!isnan_b(f, minnum(f, QN, NQN)) || !isnan_b(f, sub(f, INF, INF)))
    fails++, printf("selftest: NaN cases\n");
  /* sNaN operand: the value, or a NaN */
  kernel km = {"", f, MIN, DEVICE};
  if (!single_ok(&km, ONE, 0x7f800001u, ONE) ||
      !single_ok(&km, ONE, 0x7f800001u, QN) ||
      single_ok(&km, ONE, 0x7f800001u, P0) || single_ok(&km, ONE, QN, QN))
    fails++, printf("selftest: sNaN cases\n");
  /* the trick with v >= 0.0 gets min(-1, -0) wrong; with the sign bit not */
  if (trick(f, MIN, MONE, N0, 0, 1) != MONE ||
      trick(f, MIN, MONE, N0, 1, 1) != N0)
    fails++, printf("selftest: trick\n");
  /* SEMANTICS.md's case at |w| = 2^-102, as the H200 stored it */
  if (sub(f, 0x0077ba24u, 0x0c800000u) != 0x8c7fffffu ||
      flushing_add(0x0077ba24u, 0x8c800000u) != 0x8c800000u ||
      flushing_add(0x0077ba24u, 0x8d000000u) !=
          sub(f, 0x0077ba24u, 0x0d000000u))
    fails++, printf("selftest: flushing add\n");
  printf("selftest: %s\n", fails ? "FAILED" : "ok");
  return fails ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "list")) {
    for (size_t i = 0; i < NKERNELS; ++i)
      printf("%s\n", KERNELS[i].name);
    return 0;
  }
  if (argc == 2 && !strcmp(argv[1], "selftest"))
    return selftest();
  if (argc == 4 && !strcmp(argv[1], "gen")) {
    dir = argv[2];
    if (strcmp(argv[3], "gpu") && strcmp(argv[3], "small"))
      die("size must be small or gpu, not", argv[3]);
    gen(!strcmp(argv[3], "gpu"));
    return 0;
  }
  if ((argc == 6 || argc == 7) && !strcmp(argv[1], "same")) {
    dir = argv[2];
    const kernel *k = find(argv[3]);
    if (!k)
      die("unknown kernel", argv[3]);
    if (argc == 7 && strcmp(argv[6], "any-nan"))
      die("the last argument of same is any-nan, not", argv[6]);
    return same_mem(k, argv[4], argv[5], argc == 7);
  }
  if ((argc == 6 && !strcmp(argv[1], "check")) ||
      (argc == 7 && !strcmp(argv[1], "simulate"))) {
    dir = argv[2];
    const kernel *k = find(argv[3]);
    if (!k)
      die("unknown kernel", argv[3]);
    return argc == 6 ? check(k, argv[4], argv[5])
                     : simulate(k, argv[4], argv[5], argv[6]);
  }
  fprintf(stderr, "usage: header-ref list | selftest | gen DIR small|gpu\n"
                  "       header-ref check DIR NAME MEM OLDS\n"
                  "       header-ref same DIR NAME MEM_A MEM_B [any-nan]\n"
                  "       header-ref simulate DIR NAME MEM OLDS "
                  "ok|sign-ge|no-nan-repair|stale|new-as-old|ftz|native-add|"
                  "guard-102\n");
  return 2;
}
