/*===-- fpa-bench.c - the GPU throughput matrix, measured and checked ----===*\
|*                                                                          *|
|* Runs the kernels of bench/gen-matrix-ir.sh, compiled once per variant,   *|
|* over the matrix op x type x addresses x data x result_used (see          *|
|* docs/benchmarks.md), side by side in one process on one GPU. Each cell   *|
|* is timed with device events (median of --repeat launches after           *|
|* --warmup; with --settle, more while an identical-code control NAME-copy  *|
|* disagrees with NAME), and its final memory (and returned old values)     *|
|* checked against a host reference computed here, so a fast wrong variant  *|
|* cannot count.                                                            *|
|*                                                                          *|
|* Writes the matrix CSV (op,type,addresses,data,result_used,variant,       *|
|* gupdates_per_s) and a per-cell detail CSV (updates, launches, median ms, *|
|* check).                                                                  *|
\*===----------------------------------------------------------------------===*/
#include "fpa_rt.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_VARIANTS = 16 };

static const char *const op_names[] = {"fmin",     "fmax", "fminimum",
                                       "fmaximum", "fadd", "fsub"};
static const char *const type_names[] = {"float", "double", "half"};
static const char *const data_names[] = {"random", "positive", "ascending",
                                         "descending"};
enum { OP_FMIN, OP_FMAX, OP_FMINIMUM, OP_FMAXIMUM, OP_FADD, OP_FSUB, N_OPS };
enum { T_FLOAT, T_DOUBLE, T_HALF, N_TYPES };
enum { N_DATA = 4 };
static const unsigned type_bytes[] = {4, 8, 2};
static const unsigned type_precision[] = {24, 53, 11};

typedef struct variant {
  char name[64];
  const char *path;
  unsigned ops;   /* bit set of the ops it runs; all by default */
  unsigned types; /* bit set of the types it runs; all by default */
  fpa_rt_module *mod;
} variant;

typedef struct config {
  variant variants[MAX_VARIANTS];
  int n_variants;
  const char *int_limit_variant; /* module whose i_* kernels are used */
  unsigned ops, types, data, used;
  uint32_t addresses[8];
  int n_addresses;
  uint32_t n;
  int repeat, warmup;
  int cold;          /* evict the L2 cache between reset and each launch */
  unsigned cold_mib; /* how much --cold writes (256 MiB: several times the
                        60 MiB L2 cache of an H200) */
  int smem_fill;     /* --smem-fill given */
  uint32_t smem_bits; /* what it writes over shared memory */
  double max_launch_ms;
  int interleave; /* a cell's variants take turns, one launch each */
  double settle;  /* --settle: the controls' tolerance (0.03), 0 off */
  int settle_max; /* rounds at most, --repeat included */
  int lead;       /* --lead: untimed launches of a run before each timed one */
  FILE *out, *cells;
} config;

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("fpa-bench: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

/*--- the values, exactly as the kernels compute them ---------------------*/

static float gen(uint32_t i, int mode, float s, int32_t q, uint32_t r,
                 unsigned ashift) {
  uint32_t h = i * 2654435761u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  volatile float u = (float)(h >> 8) * 0x1p-24f;
  volatile float is = (float)i * s;
  float x;
  switch (mode) {
  case 0:
    x = u * 2.0f - 1.0f;
    break;
  case 1:
    x = u;
    break;
  case 2:
    x = is - 1.0f;
    break;
  default:
    x = 1.0f - is;
    break;
  }
  if (q != 0) {
    volatile float xs = x * (float)q;
    int32_t k = (int32_t)xs;
    if (k == 0)
      k = x < 0 ? -1 : 1;
    x = (i >> ashift) < r ? (float)k : 0.0f;
  }
  return x;
}

static uint16_t f32_to_f16(float f) { return fpa_rt_f32_to_f16(f); }

static uint64_t to_bits(int type, float x) {
  switch (type) {
  case T_FLOAT: {
    uint32_t b;
    memcpy(&b, &x, 4);
    return b;
  }
  case T_DOUBLE: {
    double d = x;
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
  }
  default:
    return f32_to_f16(x);
  }
}

static double bits_to_double(int type, uint64_t b) {
  switch (type) {
  case T_FLOAT: {
    uint32_t w = (uint32_t)b;
    float f;
    memcpy(&f, &w, 4);
    return f;
  }
  case T_DOUBLE: {
    double d;
    memcpy(&d, &b, 8);
    return d;
  }
  default: {
    static float table[65536];
    static int ready;
    if (!ready) {
      for (uint32_t h = 0; h < 65536; ++h)
        table[h] = fpa_rt_f16_to_f32((uint16_t)h);
      ready = 1;
    }
    return table[(uint16_t)b];
  }
  }
}

static uint64_t double_to_bits(int type, double d) {
  switch (type) {
  case T_FLOAT:
    return to_bits(T_FLOAT, (float)d);
  case T_DOUBLE: {
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
  }
  default:
    return f32_to_f16((float)d); /* exact: the references are exact halves */
  }
}

/* The integer bits the i_* kernels use: sign-extended to 64 bits. */
static int64_t int_of(int type, uint64_t b) {
  switch (type) {
  case T_FLOAT:
    return (int32_t)(uint32_t)b;
  case T_DOUBLE:
    return (int64_t)b;
  default:
    return (int16_t)(uint16_t)b;
  }
}

static int is_min_op(int op) { return op == OP_FMIN || op == OP_FMINIMUM; }
static int is_add_op(int op) { return op == OP_FADD || op == OP_FSUB; }

/* One cell's inputs for a given n (the number of updates). */
typedef struct cell_data {
  uint32_t n, amask, ashift, A;
  float s;
  int32_t q;
  uint32_t r;
  uint64_t *vals; /* n value bits */
} cell_data;

/* The locations a cell touches: A, or n when there are fewer updates. */
static uint32_t cell_slots(const cell_data *d) {
  return d->A < d->n ? d->A : d->n;
}

static unsigned log2u(uint32_t x) {
  unsigned k = 0;
  while ((1u << k) < x)
    ++k;
  return k;
}

static void make_params(cell_data *d, int op, int type, uint32_t A,
                        uint32_t n) {
  memset(d, 0, sizeof *d);
  d->n = n;
  d->A = A;
  d->amask = A - 1;
  d->ashift = log2u(A);
  d->s = 2.0f / (float)n;
  if (is_add_op(op)) {
    uint64_t c = A >= n ? 1 : n / A;
    uint64_t pp = (uint64_t)1 << type_precision[type];
    uint64_t Q = pp / c;
    if (Q > (1u << 20))
      Q = 1u << 20;
    if (Q < 1)
      Q = 1;
    uint64_t R = pp / Q;
    if (R > c)
      R = c;
    d->q = (int32_t)Q;
    d->r = (uint32_t)R;
  }
}

/* The last generated values, reused while their key is the same (the
 * min/max data do not depend on the op or the address count). */
typedef struct value_cache {
  int type, mode;
  int32_t q;
  uint32_t r, ashift, n;
  uint64_t *vals;
} value_cache;

static void make_data(cell_data *d, int op, int type, int mode, uint32_t A,
                      uint32_t n, value_cache *cache) {
  make_params(d, op, type, A, n);
  uint32_t ashift = d->q ? d->ashift : 0;
  if (cache && cache->vals && cache->type == type && cache->mode == mode &&
      cache->q == d->q && cache->r == d->r && cache->ashift == ashift &&
      cache->n == n) {
    d->vals = cache->vals;
    return;
  }
  d->vals = malloc((size_t)n * sizeof *d->vals);
  if (!d->vals)
    die("out of host memory");
  for (uint32_t i = 0; i < n; ++i)
    d->vals[i] = to_bits(type, gen(i, mode, d->s, d->q, d->r, d->ashift));
  if (cache) {
    free(cache->vals);
    cache->type = type;
    cache->mode = mode;
    cache->q = d->q;
    cache->r = d->r;
    cache->ashift = ashift;
    cache->n = n;
    cache->vals = d->vals;
  }
}

/* Initial memory of a float cell and of its integer twin. */
static uint64_t init_bits(int op, int type) {
  double v = is_add_op(op) ? 0.0 : is_min_op(op) ? INFINITY : -INFINITY;
  return double_to_bits(type, v);
}
static int64_t int_init(int op, int type) {
  unsigned w = type == T_DOUBLE ? 64 : 32;
  int64_t max = w == 64 ? INT64_MAX : INT32_MAX;
  int64_t min = w == 64 ? INT64_MIN : INT32_MIN;
  return is_add_op(op) ? 0 : is_min_op(op) ? max : min;
}

/*--- host references ------------------------------------------------------*/

/* Final memory (bits) of the float op per address, exact: the data hold no
 * NaN and no -0.0, and the add data are small integers whose every partial
 * sum is exact. */
static void reference_float(const cell_data *d, int op, int type,
                            uint64_t *mem, double *absum) {
  uint32_t slots = cell_slots(d);
  double *acc = malloc(slots * sizeof *acc);
  if (!acc)
    die("out of host memory");
  double init = bits_to_double(type, init_bits(op, type));
  for (uint32_t a = 0; a < slots; ++a) {
    acc[a] = init;
    if (absum)
      absum[a] = 0;
  }
  for (uint32_t i = 0; i < d->n; ++i) {
    uint32_t a = i & d->amask;
    double v = bits_to_double(type, d->vals[i]);
    switch (op) {
    case OP_FMIN:
    case OP_FMINIMUM:
      if (v < acc[a])
        acc[a] = v;
      break;
    case OP_FMAX:
    case OP_FMAXIMUM:
      if (v > acc[a])
        acc[a] = v;
      break;
    case OP_FADD:
      acc[a] += v;
      break;
    default:
      acc[a] -= v;
      break;
    }
    if (absum)
      absum[a] += fabs(v);
  }
  for (uint32_t a = 0; a < slots; ++a)
    mem[a] = double_to_bits(type, acc[a]);
  free(acc);
}

/* Final memory of the integer twin (64-bit values, wrapped to its width). */
static void reference_int(const cell_data *d, int op, int type, int64_t *mem) {
  uint32_t slots = cell_slots(d);
  int w64 = type == T_DOUBLE;
  for (uint32_t a = 0; a < slots; ++a)
    mem[a] = int_init(op, type);
  for (uint32_t i = 0; i < d->n; ++i) {
    uint32_t a = i & d->amask;
    int64_t v = int_of(type, d->vals[i]);
    switch (op) {
    case OP_FMIN:
    case OP_FMINIMUM:
      if (v < mem[a])
        mem[a] = v;
      break;
    case OP_FMAX:
    case OP_FMAXIMUM:
      if (v > mem[a])
        mem[a] = v;
      break;
    case OP_FADD:
      mem[a] = (int64_t)((uint64_t)mem[a] + (uint64_t)v);
      break;
    default:
      mem[a] = (int64_t)((uint64_t)mem[a] - (uint64_t)v);
      break;
    }
    if (!w64)
      mem[a] = (int32_t)(uint32_t)(uint64_t)mem[a];
  }
}

/*--- device side ----------------------------------------------------------*/

typedef struct gpu {
  fpa_rt_context *ctx;
  fpa_rt_buffer *mem, *out;
  fpa_rt_buffer *scratch; /* --cold: written between reset and launch */
  uint32_t scratch_words;
  fpa_rt_module *fill_mod;
  int smem_fill; /* --smem-fill: before each launch, fill_shared */
  uint32_t smem_bits;
} gpu;

static void check_rt(int rc, fpa_rt_context *ctx, const char *what) {
  if (rc != FPA_RT_SUCCESS)
    die("%s: %s: %s", what, fpa_rt_strerror(rc),
        ctx ? fpa_rt_context_last_error(ctx) : "");
}

static fpa_rt_kernel *get_kernel(gpu *g, fpa_rt_module *m, const char *name) {
  fpa_rt_kernel *k = NULL;
  check_rt(fpa_rt_kernel_get(m, name, &k), g->ctx, name);
  return k;
}

static fpa_rt_launch_config geometry(uint32_t n) {
  fpa_rt_launch_config c;
  memset(&c, 0, sizeof c);
  c.dims = 1;
  c.local[0] = 256;
  c.global[0] = ((size_t)n + 255) / 256 * 256;
  return c;
}

/* Fills `count` elements of `bytes` each of `buf` with `bits`. */
static void fill_buffer(gpu *g, fpa_rt_buffer *buf, unsigned bytes,
                        uint32_t count, uint64_t bits) {
  const char *name = bytes == 8 ? "fill64" : bytes == 4 ? "fill32" : "fill16";
  fpa_rt_kernel *k = get_kernel(g, g->fill_mod, name);
  fpa_rt_arg args[3];
  args[0].kind = FPA_RT_ARG_BUFFER;
  args[0].value.buffer = buf;
  args[1].kind = FPA_RT_ARG_U32;
  args[1].value.u32 = count;
  if (bytes == 8) {
    args[2].kind = FPA_RT_ARG_U64;
    args[2].value.u64 = bits;
  } else {
    args[2].kind = FPA_RT_ARG_U32;
    args[2].value.u32 = (uint32_t)bits;
  }
  fpa_rt_launch_config c = geometry(count);
  check_rt(fpa_rt_launch(k, &c, args, 3, NULL), g->ctx, name);
  fpa_rt_kernel_destroy(k);
}

static void fill(gpu *g, unsigned bytes, uint32_t count, uint64_t bits) {
  fill_buffer(g, g->mem, bytes, count, bits);
}

/* --smem-fill: 8192 blocks of smemfill, each writing `bits` over 48 KiB of
 * shared memory, so that the next kernel's blocks find it there where
 * they read shared memory before writing it. */
static void fill_shared(gpu *g, uint32_t bits) {
  fpa_rt_kernel *k = get_kernel(g, g->fill_mod, "smemfill");
  fpa_rt_arg arg;
  memset(&arg, 0, sizeof arg);
  arg.kind = FPA_RT_ARG_U32;
  arg.value.u32 = bits;
  fpa_rt_launch_config c = geometry(8192u * 256u);
  check_rt(fpa_rt_launch(k, &c, &arg, 1, NULL), g->ctx, "smemfill");
  fpa_rt_kernel_destroy(k);
}

/* One launch of kernel k on d after resetting memory (and with --cold,
 * writing a buffer larger than the L2 cache, so that the cell's lines come
 * from device memory); returns device ms. */
static double launch(gpu *g, fpa_rt_kernel *k, const cell_data *d,
                     unsigned bytes, uint64_t init, int mode) {
  fill(g, bytes, cell_slots(d), init);
  if (g->scratch)
    fill_buffer(g, g->scratch, 4, g->scratch_words, 0);
  if (g->smem_fill)
    fill_shared(g, g->smem_bits);
  fpa_rt_arg a[9];
  memset(a, 0, sizeof a);
  a[0].kind = FPA_RT_ARG_BUFFER;
  a[0].value.buffer = g->mem;
  a[1].kind = FPA_RT_ARG_BUFFER;
  a[1].value.buffer = g->out;
  a[2].kind = FPA_RT_ARG_U32;
  a[2].value.u32 = d->n;
  a[3].kind = FPA_RT_ARG_U32;
  a[3].value.u32 = d->amask;
  a[4].kind = FPA_RT_ARG_U32;
  a[4].value.u32 = d->ashift;
  a[5].kind = FPA_RT_ARG_I32;
  a[5].value.i32 = mode;
  a[6].kind = FPA_RT_ARG_F32;
  a[6].value.f32 = d->s;
  a[7].kind = FPA_RT_ARG_I32;
  a[7].value.i32 = d->q;
  a[8].kind = FPA_RT_ARG_U32;
  a[8].value.u32 = d->r;
  fpa_rt_launch_config c = geometry(d->n);
  double ms = 0;
  check_rt(fpa_rt_launch(k, &c, a, 9, &ms), g->ctx, "launch");
  return ms;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/*--- checking -------------------------------------------------------------*/

static uint64_t load_bits(const unsigned char *p, unsigned bytes, size_t i) {
  uint64_t v = 0;
  memcpy(&v, p + i * bytes, bytes); /* little endian, both sides */
  return v;
}

/* A host copy of the first `count` elements of `bytes` each of `buf`
 * (caller frees). */
static unsigned char *read_back(gpu *g, fpa_rt_buffer *buf, size_t count,
                                unsigned bytes, const char *what) {
  unsigned char *host = malloc(count * bytes);
  if (!host)
    die("out of host memory");
  check_rt(fpa_rt_buffer_read(buf, 0, host, count * bytes), g->ctx, what);
  return host;
}

/* Checks a float variant's result; returns NULL when right, else why. */
static const char *check_float(gpu *g, const cell_data *d, int op, int type,
                               int used, const uint64_t *ref,
                               const double *absum, char *why, size_t len) {
  unsigned bytes = type_bytes[type];
  uint32_t slots = cell_slots(d);
  unsigned char *mem = read_back(g, g->mem, slots, bytes, "read memory");
  const char *bad = NULL;
  for (uint32_t a = 0; a < slots && !bad; ++a) {
    uint64_t got = load_bits(mem, bytes, a);
    if (got != ref[a]) {
      snprintf(why, len,
               "memory[%u] = %#llx (%g), reference %#llx (%g)", (unsigned)a,
               (unsigned long long)got, bits_to_double(type, got),
               (unsigned long long)ref[a], bits_to_double(type, ref[a]));
      bad = why;
    }
  }
  free(mem);
  if (bad || !used)
    return bad;
  unsigned char *out = read_back(g, g->out, d->n, bytes, "read old values");
  double init = bits_to_double(type, init_bits(op, type));
  for (uint32_t i = 0; i < d->n && !bad; ++i) {
    uint32_t a = i & d->amask;
    double old = bits_to_double(type, load_bits(out, bytes, i));
    double fin = bits_to_double(type, ref[a]);
    int ok;
    if (is_add_op(op))
      ok = old == floor(old) && fabs(old) <= absum[a];
    else if (is_min_op(op))
      ok = old <= init && old >= fin;
    else
      ok = old >= init && old <= fin;
    if (!ok) {
      snprintf(why, len, "old value of update %u = %g is impossible",
               (unsigned)i, old);
      bad = why;
    }
  }
  free(out);
  return bad;
}

static const char *check_int(gpu *g, const cell_data *d, int op, int type,
                             int used, const int64_t *ref, char *why,
                             size_t len) {
  unsigned bytes = type == T_DOUBLE ? 8 : 4;
  uint32_t slots = cell_slots(d);
  unsigned char *mem = read_back(g, g->mem, slots, bytes, "read memory");
  const char *bad = NULL;
  for (uint32_t a = 0; a < slots && !bad; ++a) {
    uint64_t raw = load_bits(mem, bytes, a);
    int64_t got = bytes == 8 ? (int64_t)raw : (int32_t)(uint32_t)raw;
    if (got != ref[a]) {
      snprintf(why, len, "memory[%u] = %lld, reference %lld", (unsigned)a,
               (long long)got, (long long)ref[a]);
      bad = why;
    }
  }
  free(mem);
  if (bad || !used || is_add_op(op))
    return bad;
  unsigned char *out = read_back(g, g->out, d->n, bytes, "read old values");
  int64_t init = int_init(op, type);
  for (uint32_t i = 0; i < d->n && !bad; ++i) {
    uint64_t raw = load_bits(out, bytes, i);
    int64_t old = bytes == 8 ? (int64_t)raw : (int32_t)(uint32_t)raw;
    int64_t fin = ref[i & d->amask];
    int ok = is_min_op(op) ? old <= init && old >= fin
                           : old >= init && old <= fin;
    if (!ok) {
      snprintf(why, len, "old value of update %u = %lld is impossible",
               (unsigned)i, (long long)old);
      bad = why;
    }
  }
  free(out);
  return bad;
}

/*--- the matrix -----------------------------------------------------------*/

typedef struct measured {
  uint32_t n;
  int launches;
  double ms;
} measured;

/* Picks the number of updates: the full n, unless launches show it would
 * take longer than max_launch_ms (a collapsing cmpxchg loop, whose cost per
 * update grows with contention); then the largest power of two that fits,
 * at least 2^16. Starts from a probe of 2^16 and checks each guess. */
static uint32_t choose_n(gpu *g, fpa_rt_kernel *k, const config *cfg, int op,
                         int type, int mode, uint32_t A, unsigned bytes,
                         uint64_t init) {
  uint32_t lo = 65536, n = cfg->n < lo ? cfg->n : lo;
  for (int tries = 0; tries < 8; ++tries) {
    cell_data pd;
    make_params(&pd, op, type, A, n);
    double ms = launch(g, k, &pd, bytes, init, mode);
    if (ms > cfg->max_launch_ms) {
      if (n <= lo)
        return n;
      /* too long: shrink by the overshoot, and accept */
      while (n > lo && ms > cfg->max_launch_ms) {
        n /= 2;
        ms /= 2;
      }
      return n;
    }
    if (n == cfg->n)
      return n;
    /* grow toward the budget (linear guess), at most 64x a step */
    uint32_t next = n;
    while (next < cfg->n && next < n * 64u &&
           ms * 2.0 * next / n <= cfg->max_launch_ms)
      next *= 2;
    if (next == n)
      return n;
    n = next;
  }
  return n;
}

static void measure(gpu *g, fpa_rt_kernel *k, const config *cfg,
                    const cell_data *d, unsigned bytes, uint64_t init,
                    int mode, measured *m) {
  double t[64];
  for (int w = 0; w < cfg->warmup; ++w)
    launch(g, k, d, bytes, init, mode);
  for (int r = 0; r < cfg->repeat; ++r)
    t[r] = launch(g, k, d, bytes, init, mode);
  qsort(t, (size_t)cfg->repeat, sizeof t[0], cmp_double);
  m->n = d->n;
  m->launches = cfg->repeat;
  m->ms = t[cfg->repeat / 2];
}

/* The inputs and references of one cell at one n, cached across variants. */
typedef struct cell_ref {
  cell_data d;
  uint64_t *fref;
  double *absum;
  int64_t *iref;
  int cached; /* d.vals belongs to a value_cache */
} cell_ref;

static void cell_ref_make(cell_ref *c, int op, int type, int mode, uint32_t A,
                          uint32_t n, value_cache *cache) {
  make_data(&c->d, op, type, mode, A, n, cache);
  c->cached = cache != NULL;
  uint32_t slots = cell_slots(&c->d);
  c->fref = malloc(slots * sizeof *c->fref);
  c->absum = malloc(slots * sizeof *c->absum);
  c->iref = malloc(slots * sizeof *c->iref);
  if (!c->fref || !c->absum || !c->iref)
    die("out of host memory");
  reference_float(&c->d, op, type, c->fref, c->absum);
  reference_int(&c->d, op, type, c->iref);
}

static void cell_ref_free(cell_ref *c) {
  if (!c->cached)
    free(c->d.vals);
  free(c->fref);
  free(c->absum);
  free(c->iref);
  memset(c, 0, sizeof *c);
}

static void emit(const config *cfg, int op, int type, uint32_t A, int mode,
                 int used, const char *name, const measured *m,
                 const char *bad) {
  double gups = m->ms > 0 ? m->n / (m->ms * 1e6) : 0;
  char variant[80];
  snprintf(variant, sizeof variant, "%s%s%s", name, cfg->cold ? "-cold" : "",
           cfg->smem_fill ? "-fill" : "");
  if (bad)
    fprintf(cfg->out, "%s,%s,%u,%s,%d,%s,\n", op_names[op], type_names[type],
            A, data_names[mode], used, variant);
  else
    fprintf(cfg->out, "%s,%s,%u,%s,%d,%s,%.4f\n", op_names[op],
            type_names[type], A, data_names[mode], used, variant, gups);
  fprintf(cfg->cells, "%s,%s,%u,%s,%d,%s,%u,%d,%.5f,%s\n", op_names[op],
          type_names[type], A, data_names[mode], used, variant, m->n,
          m->launches, m->ms, bad ? "BAD" : "ok");
  if (bad)
    fprintf(stderr, "fpa-bench: %s %s A=%u %s used=%d %s: WRONG: %s\n",
            op_names[op], type_names[type], A, data_names[mode], used,
            variant, bad);
  fflush(cfg->out);
  fflush(cfg->cells);
}

/* Whether a cell has an int-ret run: min/max ops with the result unused
 * (the r_* kernels wait for the integer atomic's old value). */
static int has_int_ret(int op, int used) {
  return !used && (op == OP_FMIN || op == OP_FMAX || op == OP_FMINIMUM ||
                   op == OP_FMAXIMUM);
}

/* One (variant, int-limit or int-ret) run of one cell: `kind` is the
 * kernel's prefix, 'k' (a variant), 'i' (int-limit) or 'r' (int-ret). */
static void run_one(gpu *g, const config *cfg, fpa_rt_module *mod,
                    const char *vname, char kind, int op, int type, int mode,
                    uint32_t A, int used, cell_ref *full) {
  int is_int = kind != 'k';
  char kname[64];
  snprintf(kname, sizeof kname, "%c_%s_%s_%d", kind, op_names[op],
           type_names[type], used);
  fpa_rt_kernel *k = get_kernel(g, mod, kname);
  unsigned bytes = is_int ? (type == T_DOUBLE ? 8 : 4) : type_bytes[type];
  uint64_t init =
      is_int ? (uint64_t)int_init(op, type) : init_bits(op, type);
  uint32_t n = choose_n(g, k, cfg, op, type, mode, A, bytes, init);
  cell_ref small = {0};
  cell_ref *c = full;
  if (n != full->d.n) {
    cell_ref_make(&small, op, type, mode, A, n, NULL);
    c = &small;
  }
  measured m;
  measure(g, k, cfg, &c->d, bytes, init, mode, &m);
  char why[256];
  const char *bad =
      is_int ? check_int(g, &c->d, op, type, used, c->iref, why, sizeof why)
             : check_float(g, &c->d, op, type, used, c->fref, c->absum, why,
                           sizeof why);
  emit(cfg, op, type, A, mode, used, vname, &m, bad);
  if (small.d.vals)
    cell_ref_free(&small);
  fpa_rt_kernel_destroy(k);
}

/* --interleave: one cell's runs (each variant, int-limit and int-ret), measured
 * in turns of one launch each (the first of a turn rotating), so that a drift
 * of clocks or memory state reaches them all alike. Each run keeps its own
 * number of updates (choose_n), and is checked after one more launch. */
typedef struct turn {
  fpa_rt_kernel *k;
  const char *name;
  int is_int;
  unsigned bytes;
  uint64_t init;
  cell_ref small; /* when n differs from the full cell's */
  cell_ref *c;
  double t[64];
} turn;

/* Round r of a cell: one timed launch of each run, the first rotating;
 * with --lead K, each after K untimed launches of the same run, so that it
 * starts from what its own code left in shared memory. */
static void run_round(gpu *g, turn *ts, int nt, int r, int mode, int lead) {
  for (int j = 0; j < nt; ++j) {
    turn *t = &ts[(j + r) % nt];
    for (int l = 0; l < lead; ++l)
      launch(g, t->k, &t->c->d, t->bytes, t->init, mode);
    t->t[r] = launch(g, t->k, &t->c->d, t->bytes, t->init, mode);
  }
}

static double median_of(const double *t, int n) {
  double s[64];
  memcpy(s, t, (size_t)n * sizeof s[0]);
  qsort(s, (size_t)n, sizeof s[0], cmp_double);
  return s[n / 2];
}

/* Whether a control of the cell, a variant NAME-copy beside NAME (the same
 * code again), reads outside 1 +- tol of NAME's median time after `rounds`
 * rounds; `off` then says which and by how much. */
static int controls_off(const turn *ts, int nt, int rounds, double tol,
                        char *off, size_t offn) {
  for (int i = 0; i < nt; ++i) {
    size_t len = strlen(ts[i].name);
    if (len <= 5 || strcmp(ts[i].name + len - 5, "-copy") != 0)
      continue;
    for (int b = 0; b < nt; ++b) {
      if (strlen(ts[b].name) != len - 5 ||
          strncmp(ts[b].name, ts[i].name, len - 5) != 0)
        continue;
      double base = median_of(ts[b].t, rounds);
      double r = base > 0 ? median_of(ts[i].t, rounds) / base : 1;
      if (r < 1 - tol || r > 1 + tol) {
        snprintf(off, offn, "control %s/%s = %.3f (time)", ts[i].name,
                 ts[b].name, r);
        return 1;
      }
    }
  }
  return 0;
}

static void run_cell_interleaved(gpu *g, const config *cfg,
                                 fpa_rt_module *int_mod, int op, int type,
                                 int mode, uint32_t A, int used,
                                 cell_ref *full) {
  turn ts[MAX_VARIANTS + 2];
  int nt = 0;
  for (int v = 0; v <= cfg->n_variants + 1; ++v) {
    /* after the variants: int-limit, then int-ret */
    int is_int = v >= cfg->n_variants;
    char kind = v == cfg->n_variants ? 'i' : v > cfg->n_variants ? 'r' : 'k';
    if (is_int ? !int_mod || (kind == 'r' && !has_int_ret(op, used))
               : !(cfg->variants[v].ops >> op & 1) ||
                     !(cfg->variants[v].types >> type & 1))
      continue;
    turn *t = &ts[nt++];
    memset(t, 0, sizeof *t);
    char kname[64];
    snprintf(kname, sizeof kname, "%c_%s_%s_%d", kind, op_names[op],
             type_names[type], used);
    t->k = get_kernel(g, is_int ? int_mod : cfg->variants[v].mod, kname);
    t->name = kind == 'i'   ? "int-limit"
              : kind == 'r' ? "int-ret"
                            : cfg->variants[v].name;
    t->is_int = is_int;
    t->bytes = is_int ? (type == T_DOUBLE ? 8 : 4) : type_bytes[type];
    t->init = is_int ? (uint64_t)int_init(op, type) : init_bits(op, type);
    uint32_t n = choose_n(g, t->k, cfg, op, type, mode, A, t->bytes, t->init);
    t->c = full;
    if (n != full->d.n) {
      cell_ref_make(&t->small, op, type, mode, A, n, NULL);
      t->c = &t->small;
    }
  }
  for (int w = 0; w < cfg->warmup; ++w)
    for (int i = 0; i < nt; ++i)
      launch(g, ts[i].k, &ts[i].c->d, ts[i].bytes, ts[i].init, mode);
  int rounds = 0;
  for (; rounds < cfg->repeat; ++rounds)
    run_round(g, ts, nt, rounds, mode, cfg->lead);
  /* --settle: more rounds of every variant while a control is off */
  char off[160] = "";
  while (cfg->settle > 0 &&
         controls_off(ts, nt, rounds, cfg->settle, off, sizeof off)) {
    if (rounds == cfg->settle_max) {
      fprintf(stderr,
              "fpa-bench: %s,%s,%u,%s,%d: %s after %d rounds (--settle)\n",
              op_names[op], type_names[type], A, data_names[mode], used, off,
              rounds);
      break;
    }
    run_round(g, ts, nt, rounds++, mode, cfg->lead);
  }
  for (int i = 0; i < nt; ++i) {
    turn *t = &ts[i];
    qsort(t->t, (size_t)rounds, sizeof t->t[0], cmp_double);
    measured m = {t->c->d.n, rounds, t->t[rounds / 2]};
    launch(g, t->k, &t->c->d, t->bytes, t->init, mode);
    char why[256];
    const char *bad = t->is_int
                          ? check_int(g, &t->c->d, op, type, used, t->c->iref,
                                      why, sizeof why)
                          : check_float(g, &t->c->d, op, type, used, t->c->fref,
                                        t->c->absum, why, sizeof why);
    emit(cfg, op, type, A, mode, used, t->name, &m, bad);
    if (t->small.d.vals)
      cell_ref_free(&t->small);
    fpa_rt_kernel_destroy(t->k);
  }
}

static void run_matrix(gpu *g, config *cfg) {
  value_cache cache;
  memset(&cache, 0, sizeof cache);
  fpa_rt_module *int_mod = NULL;
  for (int v = 0; v < cfg->n_variants; ++v)
    if (cfg->int_limit_variant &&
        strcmp(cfg->variants[v].name, cfg->int_limit_variant) == 0)
      int_mod = cfg->variants[v].mod;
  for (int type = 0; type < N_TYPES; ++type) {
    if (!(cfg->types >> type & 1))
      continue;
    for (int mode = 0; mode < N_DATA; ++mode) {
      if (!(cfg->data >> mode & 1))
        continue;
      for (int op = 0; op < N_OPS; ++op) {
        if (!(cfg->ops >> op & 1))
          continue;
        for (int ai = 0; ai < cfg->n_addresses; ++ai) {
          uint32_t A = cfg->addresses[ai];
          cell_ref full = {0};
          cell_ref_make(&full, op, type, mode, A, cfg->n, &cache);
          for (int used = 0; used < 2; ++used) {
            if (!(cfg->used >> used & 1))
              continue;
            if (cfg->interleave) {
              run_cell_interleaved(g, cfg, int_mod, op, type, mode, A, used,
                                   &full);
              continue;
            }
            for (int v = 0; v < cfg->n_variants; ++v)
              if ((cfg->variants[v].ops >> op & 1) &&
                  (cfg->variants[v].types >> type & 1))
                run_one(g, cfg, cfg->variants[v].mod, cfg->variants[v].name,
                        'k', op, type, mode, A, used, &full);
            if (int_mod)
              run_one(g, cfg, int_mod, "int-limit", 'i', op, type, mode, A,
                      used, &full);
            if (int_mod && has_int_ret(op, used))
              run_one(g, cfg, int_mod, "int-ret", 'r', op, type, mode, A, used,
                      &full);
          }
          cell_ref_free(&full);
        }
      }
    }
  }
  free(cache.vals);
}

/*--- command line ---------------------------------------------------------*/

static void usage(FILE *f) {
  fputs(
      "usage: fpa-bench [options] --variant NAME=PTX[@OP,...] ...\n"
      "\n"
      "Runs the throughput matrix of bench/gen-matrix-ir.sh on the CUDA GPU\n"
      "and writes op,type,addresses,data,result_used,variant,gupdates_per_s.\n"
      "\n"
      "  --variant NAME=PTX[@OPS][:TYPES]\n"
      "                            a compiled kernel module; OPS and TYPES\n"
      "                            (comma lists) limit the ops and types it\n"
      "                            runs; repeatable; NAME unique, not ending\n"
      "                            in -cold, nor int-limit or int-ret\n"
      "  --int-limit NAME          run the raw integer kernels (i_*) from\n"
      "                            variant NAME's module as 'int-limit',\n"
      "                            and for min/max with the result unused\n"
      "                            the same atomic waited for (r_*) as\n"
      "                            'int-ret'\n"
      "  --ops LIST                fmin,fmax,fminimum,fmaximum,fadd,fsub\n"
      "  --types LIST              float,double,half\n"
      "  --data LIST               random,positive,ascending,descending\n"
      "  --addresses LIST          powers of two (default 1,32,4096,16777216)\n"
      "  --used LIST               0,1 (result unused / stored)\n"
      "  --n N                     updates per launch, a power of two\n"
      "                            (default 16777216)\n"
      "  --repeat K --warmup W     timed and warm-up launches (7, 2)\n"
      "  --cold                    before each launch, after the reset,\n"
      "                            write 256 MiB elsewhere (more than the L2\n"
      "                            cache), so the cell starts from device\n"
      "                            memory; variant names get a -cold suffix\n"
      "  --cold-mib MIB            --cold, writing MIB MiB (1 to 4096)\n"
      "  --smem-fill WORD          before each launch, write the 32-bit WORD\n"
      "                            (decimal or 0x hex) over shared memory,\n"
      "                            as an earlier kernel leaves it there\n"
      "                            (the first variant's module has smemfill);\n"
      "                            variant names get a -fill suffix (after\n"
      "                            -cold)\n"
      "  --interleave 0|1          1 (default): a cell's variants take turns,\n"
      "                            one launch each; 0: one variant's\n"
      "                            launches, then the next's\n"
      "  --settle PCT[,MAX]        with --interleave 1: after --repeat\n"
      "                            rounds, while a control NAME-copy (NAME's\n"
      "                            code again) reads outside 1 +- PCT/100 of\n"
      "                            NAME's median, one more round of every\n"
      "                            variant, up to MAX rounds in all (3 times\n"
      "                            --repeat, at most 63); the medians take\n"
      "                            every round, the detail file's launches\n"
      "                            say how many, and a cell still off is\n"
      "                            named on stderr\n"
      "  --lead K                  with --interleave 1: K untimed launches\n"
      "                            (0 to 8; default 0) of a run before each\n"
      "                            of its timed ones, so that each starts\n"
      "                            from what its own code left in shared\n"
      "                            memory (a kernel launched again and\n"
      "                            again), not what the run before it left\n"
      "  --max-launch-ms MS        cells whose launch would take longer run\n"
      "                            fewer updates, a power of two >= 65536\n"
      "                            (default 250; the detail file says n)\n"
      "  --out FILE --cells FILE   the matrix CSV and the detail CSV\n"
      "  --help\n",
      f);
}

static unsigned parse_set(const char *list, const char *const *names,
                          int count, const char *what) {
  unsigned set = 0;
  char *copy = strdup(list);
  if (!copy)
    die("out of host memory");
  for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
    int found = -1;
    for (int i = 0; i < count; ++i)
      if (strcmp(tok, names[i]) == 0)
        found = i;
    if (found < 0)
      die("unknown %s '%s'", what, tok);
    set |= 1u << found;
  }
  free(copy);
  return set;
}

static uint32_t parse_pow2(const char *s, const char *what) {
  char *end = NULL;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (errno || !end || *end || v == 0 || v > (1ul << 24) || (v & (v - 1)))
    die("%s '%s' is not a power of two in [1, 2^24]", what, s);
  return (uint32_t)v;
}

static char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    die("cannot open '%s': %s", path, strerror(errno));
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)len + 1);
  if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len)
    die("cannot read '%s'", path);
  buf[len] = 0;
  fclose(f);
  *size = (size_t)len + 1;
  return buf;
}

int main(int argc, char **argv) {
  config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.ops = (1u << N_OPS) - 1;
  cfg.types = (1u << N_TYPES) - 1;
  cfg.data = (1u << N_DATA) - 1;
  cfg.used = 3;
  uint32_t defaults[] = {1, 32, 4096, 16777216};
  memcpy(cfg.addresses, defaults, sizeof defaults);
  cfg.n_addresses = 4;
  cfg.n = 16777216;
  cfg.repeat = 7;
  cfg.warmup = 2;
  cfg.max_launch_ms = 250;
  cfg.interleave = 1;
  cfg.cold_mib = 256;
  const char *out_path = NULL, *cells_path = NULL;
  static const char *const used_names[] = {"0", "1"};
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    }
    if (!strcmp(a, "--cold")) {
      cfg.cold = 1;
      continue;
    }
    if (!v)
      die("'%s' needs a value (see --help)", a);
    ++i;
    if (!strcmp(a, "--variant")) {
      if (cfg.n_variants == MAX_VARIANTS)
        die("too many variants");
      variant *var = &cfg.variants[cfg.n_variants++];
      const char *eq = strchr(v, '=');
      if (!eq || eq == v || (size_t)(eq - v) >= sizeof var->name)
        die("--variant wants NAME=PTX[@OPS], got '%s'", v);
      memcpy(var->name, v, (size_t)(eq - v));
      /* the rows' names: a cold run adds -cold to each, a run with
       * --smem-fill -fill, and the integer references have their own */
      size_t len = strlen(var->name);
      if ((len >= 5 && !strcmp(var->name + len - 5, "-cold")) ||
          (len >= 5 && !strcmp(var->name + len - 5, "-fill")) ||
          !strcmp(var->name, "int-limit") || !strcmp(var->name, "int-ret"))
        die("--variant name '%s' is reserved (a cold run names its rows "
            "NAME-cold, a run with --smem-fill NAME-fill; int-limit and "
            "int-ret are the integer kernels)",
            var->name);
      for (int j = 0; j + 1 < cfg.n_variants; ++j)
        if (!strcmp(cfg.variants[j].name, var->name))
          die("--variant name '%s' given twice", var->name);
      char *path = strdup(eq + 1);
      if (!path)
        die("out of host memory");
      char *colon = strchr(path, ':');
      var->types = (1u << N_TYPES) - 1;
      if (colon) {
        *colon = 0;
        var->types = parse_set(colon + 1, type_names, N_TYPES, "type");
      }
      char *at = strchr(path, '@');
      var->ops = (1u << N_OPS) - 1;
      if (at) {
        *at = 0;
        var->ops = parse_set(at + 1, op_names, N_OPS, "op");
      }
      var->path = path;
    } else if (!strcmp(a, "--int-limit"))
      cfg.int_limit_variant = v;
    else if (!strcmp(a, "--ops"))
      cfg.ops = parse_set(v, op_names, N_OPS, "op");
    else if (!strcmp(a, "--types"))
      cfg.types = parse_set(v, type_names, N_TYPES, "type");
    else if (!strcmp(a, "--data"))
      cfg.data = parse_set(v, data_names, N_DATA, "data");
    else if (!strcmp(a, "--used"))
      cfg.used = parse_set(v, used_names, 2, "used value");
    else if (!strcmp(a, "--addresses")) {
      char *copy = strdup(v);
      cfg.n_addresses = 0;
      for (char *t = strtok(copy, ","); t; t = strtok(NULL, ",")) {
        if (cfg.n_addresses == 8)
          die("at most 8 address counts");
        cfg.addresses[cfg.n_addresses++] = parse_pow2(t, "address count");
      }
      free(copy);
    } else if (!strcmp(a, "--n"))
      cfg.n = parse_pow2(v, "--n");
    else if (!strcmp(a, "--repeat") || !strcmp(a, "--warmup")) {
      int k = atoi(v);
      if (k < (a[2] == 'r' ? 1 : 0) || k > 63)
        die("%s '%s' out of range", a, v);
      *(a[2] == 'r' ? &cfg.repeat : &cfg.warmup) = k;
    } else if (!strcmp(a, "--max-launch-ms"))
      cfg.max_launch_ms = atof(v);
    else if (!strcmp(a, "--settle")) {
      char *end = NULL;
      double pct = strtod(v, &end);
      long max = 0;
      if (end != v && *end == ',') {
        char *e2 = NULL;
        max = strtol(end + 1, &e2, 10);
        if (e2 == end + 1 || *e2 || max < 1 || max > 63)
          die("--settle wants PCT[,MAX] with MAX from 1 to 63, got '%s'", v);
      } else if (end == v || *end) {
        die("--settle wants PCT[,MAX], got '%s'", v);
      }
      if (!(pct > 0 && pct <= 50))
        die("--settle wants a PCT above 0 and at most 50, got '%s'", v);
      cfg.settle = pct / 100;
      cfg.settle_max = (int)max;
    } else if (!strcmp(a, "--interleave")) {
      if (strcmp(v, "0") && strcmp(v, "1"))
        die("--interleave wants 0 or 1, got '%s'", v);
      cfg.interleave = v[0] == '1';
    } else if (!strcmp(a, "--lead")) {
      char *end = NULL;
      long k = strtol(v, &end, 10);
      if (end == v || *end || k < 0 || k > 8)
        die("--lead wants a count from 0 to 8, got '%s'", v);
      cfg.lead = (int)k;
    } else if (!strcmp(a, "--cold-mib")) {
      char *end = NULL;
      unsigned long mib = strtoul(v, &end, 10);
      if (!end || *end || mib < 1 || mib > 4096)
        die("--cold-mib wants a size in MiB (1 to 4096), got '%s'", v);
      cfg.cold = 1;
      cfg.cold_mib = (unsigned)mib;
    } else if (!strcmp(a, "--smem-fill")) {
      char *end = NULL;
      errno = 0;
      unsigned long long w = strtoull(v, &end, 0);
      if (!end || *end || !*v || errno || w > 0xffffffffull || *v == '-')
        die("--smem-fill wants a 32-bit word (decimal or 0x hex), got '%s'", v);
      cfg.smem_fill = 1;
      cfg.smem_bits = (uint32_t)w;
    } else if (!strcmp(a, "--out"))
      out_path = v;
    else if (!strcmp(a, "--cells"))
      cells_path = v;
    else
      die("unknown option '%s' (see --help)", a);
  }
  if (cfg.n_variants == 0 && !cfg.int_limit_variant)
    die("no --variant given (see --help)");
  if (cfg.settle > 0) {
    if (!cfg.interleave)
      die("--settle needs --interleave 1");
    if (!cfg.settle_max)
      cfg.settle_max = cfg.repeat * 3 < 63 ? cfg.repeat * 3 : 63;
    if (cfg.settle_max < cfg.repeat)
      die("--settle's MAX (%d) is below --repeat (%d)", cfg.settle_max,
          cfg.repeat);
  }
  if (cfg.lead && !cfg.interleave)
    die("--lead needs --interleave 1");
  if (cfg.lead && cfg.smem_fill)
    die("--lead and --smem-fill exclude each other (the fill is written "
        "before every launch)");
  cfg.out = out_path ? fopen(out_path, "w") : stdout;
  cfg.cells = cells_path ? fopen(cells_path, "w") : stderr;
  if (!cfg.out || !cfg.cells)
    die("cannot open the output files");

  gpu g;
  memset(&g, 0, sizeof g);
  fpa_rt_context_options o;
  fpa_rt_context_options_init(&o, FPA_RT_BACKEND_CUDA);
  char *detail = NULL;
  int rc = fpa_rt_context_create(&o, &g.ctx, &detail);
  if (rc != FPA_RT_SUCCESS) {
    fprintf(stderr, "fpa-bench: no CUDA device: %s%s%s\n",
            fpa_rt_strerror(rc), detail ? ": " : "", detail ? detail : "");
    fpa_rt_free(detail);
    return fpa_rt_is_unavailable(rc) ? 77 : 1;
  }
  for (int v = 0; v < cfg.n_variants; ++v) {
    size_t size = 0;
    char *text = read_file(cfg.variants[v].path, &size);
    check_rt(fpa_rt_module_load(g.ctx, FPA_RT_FORMAT_PTX, text, size, NULL,
                                &cfg.variants[v].mod),
             g.ctx, cfg.variants[v].path);
    free(text);
  }
  if (cfg.int_limit_variant) {
    int found = 0;
    for (int v = 0; v < cfg.n_variants; ++v)
      found |= !strcmp(cfg.variants[v].name, cfg.int_limit_variant);
    if (!found)
      die("--int-limit names no --variant '%s'", cfg.int_limit_variant);
  }
  g.fill_mod = cfg.variants[0].mod;
  g.smem_fill = cfg.smem_fill;
  g.smem_bits = cfg.smem_bits;
  check_rt(fpa_rt_buffer_create(g.ctx, (size_t)cfg.n * 8, &g.mem), g.ctx,
           "allocate memory");
  check_rt(fpa_rt_buffer_create(g.ctx, (size_t)cfg.n * 8, &g.out), g.ctx,
           "allocate old values");
  if (cfg.cold) {
    g.scratch_words = cfg.cold_mib * (1024u * 1024u / 4u);
    check_rt(fpa_rt_buffer_create(g.ctx, (size_t)g.scratch_words * 4,
                                  &g.scratch),
             g.ctx, "allocate the cache-flush buffer");
  }

  time_t now = time(NULL);
  char stamp[64];
  strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
  char smem[64] = "";
  if (cfg.smem_fill)
    snprintf(smem, sizeof smem, ", shared memory filled with 0x%08x",
             cfg.smem_bits);
  char lead[64] = "";
  if (cfg.lead)
    snprintf(lead, sizeof lead, ", %d untimed launch%s of a run before each",
             cfg.lead, cfg.lead > 1 ? "es" : "");
  char settle[96] = "";
  if (cfg.settle > 0)
    snprintf(settle, sizeof settle,
             ", more rounds (up to %d) while a -copy control is off by more "
             "than %g%%",
             cfg.settle_max, cfg.settle * 100);
  fprintf(cfg.out,
          "# fpa-bench, %s, %s, n=%u, median of %d after %d%s%s%s%s%s\n", stamp,
          fpa_rt_context_device_name(g.ctx), cfg.n, cfg.repeat, cfg.warmup,
          cfg.interleave ? ", interleaved" : "", cfg.cold ? ", cold L2" : "",
          smem, lead, settle);
  fprintf(cfg.out,
          "op,type,addresses,data,result_used,variant,gupdates_per_s\n");
  fprintf(cfg.cells, "op,type,addresses,data,result_used,variant,updates,"
                     "launches,ms_median,check\n");
  run_matrix(&g, &cfg);

  fpa_rt_buffer_destroy(g.mem);
  fpa_rt_buffer_destroy(g.out);
  fpa_rt_buffer_destroy(g.scratch);
  for (int v = 0; v < cfg.n_variants; ++v) {
    fpa_rt_module_destroy(cfg.variants[v].mod);
    free((char *)cfg.variants[v].path);
  }
  fpa_rt_context_destroy(g.ctx);
  if (cfg.out != stdout)
    fclose(cfg.out);
  if (cfg.cells != stderr)
    fclose(cfg.cells);
  return 0;
}
