/* Inputs and host reference for the shipped examples' kernels, as the main
 * job (tools/run-examples.sh, tools/example-gpu.sh) runs them:
 *
 *   example-values gen FILE N special|descending [f64]
 *       N input values (f32, or f64) in FILE, raw little-endian
 *   example-values minmax NBINS N special|descending MINS MAXS VALS
 *       scatter_minmax's result (bins i % NBINS, mins from +inf, maxs from
 *       -inf) beside the reference, one row per bin that shows something
 *   example-values min OUT VALS N [f64]
 *       a one-word minimum (from +inf) of all N values beside the reference
 *   example-values sum ACC N
 *       a one-word float accumulator after N subtractions of 1.0 from 0
 *
 * The reference is written from the semantics (docs/exactness.md), never
 * from the pass: minnum ignores a NaN operand, orders -0.0 below +0.0, and
 * keeps subnormals; results are compared bit for bit (any NaN equals any
 * NaN). Exit status: 0 equal, 1 some result differs, 2 bad usage or files.
 * Plain C11 and libc, so that a static binary runs on a GPU machine.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *what, const char *arg) {
  fprintf(stderr, "example-values: %s%s%s\n", what, arg ? ": " : "",
          arg ? arg : "");
  exit(2);
}

static unsigned long parse_count(const char *s) {
  char *end;
  unsigned long n = strtoul(s, &end, 10);
  if (!*s || *end || n == 0 || n > (1ul << 28))
    die("not a count from 1 to 2^28", s);
  return n;
}

static void *read_file(const char *path, size_t bytes) {
  FILE *f = fopen(path, "rb");
  if (!f)
    die("cannot open", path);
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    die("out of memory", NULL);
  size_t got = fread(p, 1, bytes, f);
  int extra = fgetc(f) != EOF;
  fclose(f);
  if (got != bytes || extra)
    die("wrong size (not the count given)", path);
  return p;
}

static void write_file(const char *path, const void *p, size_t bytes) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(p, 1, bytes, f) != bytes || fclose(f) != 0)
    die("cannot write", path);
}

/*--- bits and order -------------------------------------------------------*/

static uint32_t bits32(float x) {
  uint32_t b;
  memcpy(&b, &x, 4);
  return b;
}
static float from32(uint32_t b) {
  float x;
  memcpy(&x, &b, 4);
  return x;
}

static int nan32(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
static int nan64(uint64_t b) {
  return (b & 0x7fffffffffffffffu) > 0x7ff0000000000000u;
}
/* Keys whose unsigned order is the float order, -0.0 below +0.0. */
static uint32_t key32(uint32_t b) { return b >> 31 ? ~b : b | 0x80000000u; }
static uint64_t key64(uint64_t b) {
  return b >> 63 ? ~b : b | 0x8000000000000000u;
}

static uint32_t minnum32(uint32_t a, uint32_t b) {
  if (nan32(a))
    return b;
  if (nan32(b))
    return a;
  return key32(b) < key32(a) ? b : a;
}
static uint32_t maxnum32(uint32_t a, uint32_t b) {
  if (nan32(a))
    return b;
  if (nan32(b))
    return a;
  return key32(b) > key32(a) ? b : a;
}
static uint64_t minnum64(uint64_t a, uint64_t b) {
  if (nan64(a))
    return b;
  if (nan64(b))
    return a;
  return key64(b) < key64(a) ? b : a;
}

static int same32(uint32_t a, uint32_t b) {
  return a == b || (nan32(a) && nan32(b));
}

/* A value as a user reads it: the sign of a zero shown, 9 digits. */
static const char *show(char buf[32], double x, int is_zero_neg) {
  if (x == 0)
    snprintf(buf, 32, "%s0", is_zero_neg ? "-" : "+");
  else
    snprintf(buf, 32, "%.9g", x);
  return buf;
}
static const char *show32(char buf[32], uint32_t b) {
  return show(buf, from32(b), b >> 31);
}

/*--- inputs ---------------------------------------------------------------*/

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 32);
}
/* uniform in [-1, 1), exact in f32 */
static float uniform(void) { return (float)(rnd() >> 8) * 0x1p-23f - 1.0f; }

enum { SPECIAL_BINS = 4 };
static const char *const special_label[SPECIAL_BINS] = {
    "only +0 and -0", "with NaNs (ignored)", "only subnormals",
    "with -inf and +inf"};

/* The special data for NBINS >= SPECIAL_BINS bins (value i goes to bin
 * i % NBINS): bin 0 holds only zeros of both signs, bin 1 random values
 * and NaNs of both signs, bin 2 only subnormals, bin 3 random values and
 * one of each infinity; the other bins random values in [-1, 1). */
static float special_value(unsigned long i, unsigned nbins) {
  unsigned long k = i / nbins;
  switch (i % nbins) {
  case 0:
    return k % 2 ? -0.0f : 0.0f;
  case 1:
    if (k % 4 == 1)
      return from32(k % 8 == 1 ? 0x7fc00000u : 0xffc00001u);
    return uniform();
  case 2:
    return from32((k % 2 ? 0x80000000u : 0) | (1 + rnd() % 1000));
  case 3:
    if (k == 1 || k == 2)
      return k == 1 ? -__builtin_inff() : __builtin_inff();
    return uniform();
  default:
    return uniform();
  }
}

static int gen(int argc, char **argv) {
  if (argc < 5 || argc > 6)
    die("usage: gen FILE N special|descending [f64]", NULL);
  unsigned long n = parse_count(argv[3]);
  int special = !strcmp(argv[4], "special");
  if (!special && strcmp(argv[4], "descending"))
    die("not special or descending", argv[4]);
  int f64 = argc == 6;
  if (f64 && strcmp(argv[5], "f64"))
    die("not f64", argv[5]);
  if (f64 && special)
    die("special data is f32 only", NULL);
  void *p = malloc(n * (f64 ? 8 : 4));
  if (!p)
    die("out of memory", NULL);
  for (unsigned long i = 0; i < n; ++i) {
    if (f64)
      ((double *)p)[i] = 1.0 - 2.0 * (double)i / (double)n;
    else if (special)
      ((float *)p)[i] = special_value(i, 8);
    else
      ((float *)p)[i] = 1.0f - (float)i * (2.0f / (float)n);
  }
  write_file(argv[2], p, n * (f64 ? 8 : 4));
  free(p);
  return 0;
}

/*--- checks ---------------------------------------------------------------*/

static int minmax(int argc, char **argv) {
  if (argc != 8)
    die("usage: minmax NBINS N special|descending MINS MAXS VALS", NULL);
  unsigned long nbins = parse_count(argv[2]), n = parse_count(argv[3]);
  int special = !strcmp(argv[4], "special");
  if (special && nbins != 8)
    die("the special data has 8 bins", argv[2]);
  uint32_t *mins = read_file(argv[5], nbins * 4);
  uint32_t *maxs = read_file(argv[6], nbins * 4);
  uint32_t *vals = read_file(argv[7], n * 4);
  uint32_t *rmin = malloc(nbins * 4), *rmax = malloc(nbins * 4);
  if (!rmin || !rmax)
    die("out of memory", NULL);
  for (unsigned long b = 0; b < nbins; ++b)
    rmin[b] = 0x7f800000u, rmax[b] = 0xff800000u;
  for (unsigned long i = 0; i < n; ++i) {
    rmin[i % nbins] = minnum32(rmin[i % nbins], vals[i]);
    rmax[i % nbins] = maxnum32(rmax[i % nbins], vals[i]);
  }
  unsigned long shown = special ? SPECIAL_BINS : 2, bad = 0, rows = 0;
  if (shown > nbins)
    shown = nbins;
  printf("     %-3s  %-20s  %-15s  %-15s  %-15s  %s\n", "bin", "values",
         "min: device", "reference", "max: device", "reference");
  for (unsigned long b = 0; b < nbins; ++b) {
    int ok = same32(mins[b], rmin[b]) && same32(maxs[b], rmax[b]);
    bad += !ok;
    if (b >= shown && (ok || ++rows > 4))
      continue;
    char s[4][32];
    printf("     %-3lu  %-20s  %-15s  %-15s  %-15s  %s%s\n", b,
           special && b < SPECIAL_BINS ? special_label[b]
           : special                   ? "random in [-1, 1)"
                                       : "descending",
           show32(s[0], mins[b]), show32(s[1], rmin[b]), show32(s[2], maxs[b]),
           show32(s[3], rmax[b]), ok ? "" : "  DIFFERS");
  }
  if (nbins > shown)
    printf("     bins %lu to %lu: %s\n", shown, nbins - 1,
           bad ? "not all equal to the reference"
               : "equal to the reference, bit for bit");
  if (bad)
    printf("     %lu of %lu bins differ from the reference\n", bad, nbins);
  return bad ? 1 : 0;
}

static int min1(int argc, char **argv) {
  if (argc != 5 && argc != 6)
    die("usage: min OUT VALS N [f64]", NULL);
  unsigned long n = parse_count(argv[4]);
  int f64 = argc == 6;
  if (f64 && strcmp(argv[5], "f64"))
    die("not f64", argv[5]);
  char a[32], r[32];
  int ok;
  if (f64) {
    uint64_t *out = read_file(argv[2], 8), *vals = read_file(argv[3], n * 8);
    uint64_t ref = 0x7ff0000000000000ull;
    for (unsigned long i = 0; i < n; ++i)
      ref = minnum64(ref, vals[i]);
    double x, y;
    memcpy(&x, out, 8);
    memcpy(&y, &ref, 8);
    ok = *out == ref || (nan64(*out) && nan64(ref));
    printf("min %s, reference %s%s\n", show(a, x, *out >> 63),
           show(r, y, ref >> 63), ok ? "" : "  DIFFERS");
  } else {
    uint32_t *out = read_file(argv[2], 4), *vals = read_file(argv[3], n * 4);
    uint32_t ref = 0x7f800000u;
    for (unsigned long i = 0; i < n; ++i)
      ref = minnum32(ref, vals[i]);
    ok = same32(*out, ref);
    printf("min %s, reference %s%s\n", show32(a, *out), show32(r, ref),
           ok ? "" : "  DIFFERS");
  }
  return ok ? 0 : 1;
}

static int sum(int argc, char **argv) {
  if (argc != 4)
    die("usage: sum ACC N", NULL);
  unsigned long n = parse_count(argv[3]);
  if (n > (1ul << 24))
    die("N above 2^24 is not exact in float", argv[3]);
  uint32_t *acc = read_file(argv[2], 4);
  uint32_t ref = bits32(-(float)n);
  char a[32], r[32];
  int ok = *acc == ref;
  printf("sum %s, reference %s%s\n", show32(a, *acc), show32(r, ref),
         ok ? "" : "  DIFFERS");
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc < 2)
    die("usage: example-values gen|minmax|min|sum ...", NULL);
  if (!strcmp(argv[1], "gen"))
    return gen(argc, argv);
  if (!strcmp(argv[1], "minmax"))
    return minmax(argc, argv);
  if (!strcmp(argv[1], "min"))
    return min1(argc, argv);
  if (!strcmp(argv[1], "sum"))
    return sum(argc, argv);
  die("unknown command", argv[1]);
  return 2;
}
