/*===- fpa-run.c - run one kernel from a file -----------------------------===*
 *
 * Command-line driver for the fpatomics kernel runtime (fpa_rt). Loads a
 * kernel (PTX via CUDA; SPIR 1.2 bitcode, SPIR-V or OpenCL C via OpenCL),
 * sets up buffers and scalars from --arg specifications, runs it, and prints,
 * writes or checks the resulting buffers. See --help.
 *
 * Exit codes: 0 ok, 1 check failed, 2 usage / bad argument / bad input file,
 * 3 runtime or driver error, 77 requested backend or device unavailable.
 *
 *===----------------------------------------------------------------------===*/

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "fpa_rt.h"

#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
  EXIT_OK = 0,
  EXIT_CHECK_FAILED = 1,
  EXIT_USAGE = 2,
  EXIT_RUNTIME = 3,
  EXIT_UNAVAILABLE = 77,
};

#define PROG "fpa-run"
#define FPA_RUN_VERSION "0.1"

/*===-- Small helpers
 * ------------------------------------------------------===*/

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(a, b) __attribute__((format(printf, a, b)))
#else
#define PRINTF_LIKE(a, b)
#endif

/* Prints "fpa-run: error: <where><message>"; returns `code`. Control
 * bytes other than newline and tab (from a binary file given as a spec,
 * for one) print as \xHH, so that the message stays text. */
PRINTF_LIKE(3, 4)
static int fail(int code, const char *where, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *msg = n >= 0 ? malloc((size_t)n + 1) : NULL;
  fprintf(stderr, PROG ": error: %s", where ? where : "");
  if (msg) {
    va_start(ap, fmt);
    vsnprintf(msg, (size_t)n + 1, fmt, ap);
    va_end(ap);
    for (const unsigned char *p = (const unsigned char *)msg; *p; ++p)
      if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
        fprintf(stderr, "\\x%02x", *p);
      else
        fputc(*p, stderr);
    free(msg);
  } else {
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
  }
  fputc('\n', stderr);
  return code;
}

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (!p) {
    fprintf(stderr, PROG ": error: out of memory\n");
    exit(EXIT_RUNTIME);
  }
  memcpy(p, s, n);
  return p;
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) {
    fprintf(stderr, PROG ": error: out of memory\n");
    exit(EXIT_RUNTIME);
  }
  return p;
}

static void *xrealloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q) {
    fprintf(stderr, PROG ": error: out of memory\n");
    exit(EXIT_RUNTIME);
  }
  return q;
}

/* The most a kernel file and a spec file may hold: a file without an end
 * (/dev/zero) is refused there, not read until memory runs out. */
#define MAX_KERNEL_BYTES ((size_t)1 << 30)
#define MAX_SPEC_BYTES ((size_t)16 << 20)

/* Reads a whole file of at most `max` bytes. Returns 0 and sets *data
 * (malloc'd, NUL-terminated beyond *size) on success, EFBIG where it holds
 * more, or errno on failure. */
static int read_stream(FILE *f, unsigned char **data, size_t *size, size_t max);

static int read_file(const char *path, unsigned char **data, size_t *size,
                     size_t max) {
  *data = NULL;
  *size = 0;
  FILE *f = fopen(path, "rb");
  if (!f)
    return errno ? errno : ENOENT;
  int e = read_stream(f, data, size, max);
  fclose(f);
  return e;
}

/* Reads all of `f` (not closed) as read_file does. */
static int read_stream(FILE *f, unsigned char **data, size_t *size,
                       size_t max) {
  *data = NULL;
  *size = 0;
  size_t cap = 4096, len = 0;
  unsigned char *buf = xcalloc(1, cap + 1);
  for (;;) {
    size_t n = fread(buf + len, 1, cap - len, f);
    len += n;
    if (len > max) {
      free(buf);
      return EFBIG;
    }
    if (len < cap) {
      if (ferror(f)) {
        int e = errno ? errno : EIO;
        free(buf);
        return e;
      }
      break;
    }
    cap *= 2;
    buf = xrealloc(buf, cap + 1);
  }
  buf[len] = '\0';
  *data = buf;
  *size = len;
  return 0;
}

/* Whether `path` is a regular file, and then its size: what a file that
 * read_file found too large holds, for the message. */
static int regular_size(const char *path, size_t *size) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return 0;
  *size = (size_t)st.st_size;
  return 1;
}

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
         c == '\v';
}

/*===-- Element types and value parsing
 * ------------------------------------===*/

typedef enum elem_type {
  T_I32,
  T_U32,
  T_I64,
  T_U64,
  T_F16,
  T_F32,
  T_F64,
} elem_type;

static const struct {
  const char *name;
  size_t size;
} kTypes[] = {
    [T_I32] = {"i32", 4}, [T_U32] = {"u32", 4}, [T_I64] = {"i64", 8},
    [T_U64] = {"u64", 8}, [T_F16] = {"f16", 2}, [T_F32] = {"f32", 4},
    [T_F64] = {"f64", 8},
};
enum { NUM_TYPES = sizeof(kTypes) / sizeof(kTypes[0]) };

static int parse_type(const char *s, elem_type *t) {
  for (int i = 0; i < NUM_TYPES; ++i)
    if (strcmp(s, kTypes[i].name) == 0) {
      *t = (elem_type)i;
      return 1;
    }
  return 0;
}

static int is_float_type(elem_type t) {
  return t == T_F16 || t == T_F32 || t == T_F64;
}

static int is_signed_type(elem_type t) { return t == T_I32 || t == T_I64; }

/* The base of the digits at `s` (after any sign): 16 after 0x or 0X,
 * else 10. A leading 0 is decimal, never octal: 010 is ten. */
static int int_base(const char *s) {
  if (*s == '-' || *s == '+')
    ++s;
  return s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10;
}

/* Strict integer parsers: whole string, decimal or 0x hexadecimal. */
static int parse_i64(const char *s, int64_t *out) {
  if (!*s || is_space(*s))
    return 0;
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, int_base(s));
  if (errno || *end)
    return 0;
  *out = (int64_t)v;
  return 1;
}

static int parse_u64(const char *s, uint64_t *out) {
  if (!*s || is_space(*s) || *s == '-' || *s == '+')
    return 0;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, int_base(s));
  if (errno || *end)
    return 0;
  *out = (uint64_t)v;
  return 1;
}

/* Parses a positive size (>= 1). */
static int parse_size(const char *s, size_t *out) {
  uint64_t v;
  if (!parse_u64(s, &v) || v == 0 || v > SIZE_MAX)
    return 0;
  *out = (size_t)v;
  return 1;
}

static int parse_f64(const char *s, double *out) {
  if (!*s || is_space(*s))
    return 0;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (*end)
    return 0;
  if (errno == ERANGE && (v > 1.0 || v < -1.0))
    return 0; /* overflow; underflow to denormal/zero is fine */
  *out = v;
  return 1;
}

static int parse_f32(const char *s, float *out) {
  if (!*s || is_space(*s))
    return 0;
  char *end;
  errno = 0;
  float v = strtof(s, &end); /* correctly rounded, no double rounding */
  if (*end)
    return 0;
  if (errno == ERANGE && (v > 1.0f || v < -1.0f))
    return 0;
  *out = v;
  return 1;
}

/* Parses one value of type t into `dst` (kTypes[t].size bytes). */
static int parse_value(elem_type t, const char *s, void *dst) {
  switch (t) {
  case T_I32: {
    int64_t v;
    if (!parse_i64(s, &v) || v < INT32_MIN || v > INT32_MAX)
      return 0;
    int32_t x = (int32_t)v;
    memcpy(dst, &x, 4);
    return 1;
  }
  case T_U32: {
    uint64_t v;
    if (!parse_u64(s, &v) || v > UINT32_MAX)
      return 0;
    uint32_t x = (uint32_t)v;
    memcpy(dst, &x, 4);
    return 1;
  }
  case T_I64: {
    int64_t v;
    if (!parse_i64(s, &v))
      return 0;
    memcpy(dst, &v, 8);
    return 1;
  }
  case T_U64: {
    uint64_t v;
    if (!parse_u64(s, &v))
      return 0;
    memcpy(dst, &v, 8);
    return 1;
  }
  case T_F16: {
    float v;
    if (!parse_f32(s, &v))
      return 0;
    uint16_t h = fpa_rt_f32_to_f16(v);
    if ((h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) == 0 && v == v &&
        v > -FLT_MAX && v < FLT_MAX)
      return 0; /* finite value overflows f16 */
    memcpy(dst, &h, 2);
    return 1;
  }
  case T_F32: {
    float v;
    if (!parse_f32(s, &v))
      return 0;
    memcpy(dst, &v, 4);
    return 1;
  }
  case T_F64: {
    double v;
    if (!parse_f64(s, &v))
      return 0;
    memcpy(dst, &v, 8);
    return 1;
  }
  }
  return 0;
}

/* Stores a double (from iota/random generators) as type t. */
static void store_from_double(elem_type t, double v, void *dst) {
  switch (t) {
  case T_I32: {
    int32_t x = (int32_t)v;
    memcpy(dst, &x, 4);
    break;
  }
  case T_U32: {
    uint32_t x = (uint32_t)v;
    memcpy(dst, &x, 4);
    break;
  }
  case T_I64: {
    int64_t x = (int64_t)v;
    memcpy(dst, &x, 8);
    break;
  }
  case T_U64: {
    uint64_t x = (uint64_t)v;
    memcpy(dst, &x, 8);
    break;
  }
  case T_F16: {
    uint16_t h = fpa_rt_f32_to_f16((float)v);
    memcpy(dst, &h, 2);
    break;
  }
  case T_F32: {
    float x = (float)v;
    memcpy(dst, &x, 4);
    break;
  }
  case T_F64:
    memcpy(dst, &v, 8);
    break;
  }
}

/* Why iota from `start` over `count` elements does not fit type t (each
 * value start + i must be representable: an integer type takes integers
 * in its range, a float type finite values), or NULL where it fits. */
static const char *iota_misfit(elem_type t, double start, size_t count) {
  double last = start + (double)(count ? count - 1 : 0);
  if (start != start || start - start != 0 || last - last != 0)
    return "is not finite";
  switch (t) {
  case T_I32:
  case T_U32:
  case T_I64:
  case T_U64:
    /* from 2^53 on every double is an integer; below, the cast is defined */
    if (start > -0x1p53 && start < 0x1p53 && start != (double)(int64_t)start)
      return "is not an integer";
    break;
  default:
    break;
  }
  switch (t) {
  case T_I32:
    return start < -0x1p31 || last >= 0x1p31 ? "runs out of the i32 range"
                                             : NULL;
  case T_U32:
    return start < 0 || last >= 0x1p32 ? "runs out of the u32 range" : NULL;
  case T_I64:
    return start < -0x1p63 || last >= 0x1p63 ? "runs out of the i64 range"
                                             : NULL;
  case T_U64:
    return start < 0 || last >= 0x1p64 ? "runs out of the u64 range" : NULL;
  case T_F16:
    return start < -65504.0 || last > 65504.0 ? "runs out of the f16 range"
                                              : NULL;
  case T_F32:
    return start < -FLT_MAX || last > FLT_MAX ? "runs out of the f32 range"
                                              : NULL;
  case T_F64:
    return NULL;
  }
  return NULL;
}

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/*===-- Kernel arguments
 * ---------------------------------------------------===*/

typedef enum arg_class { A_BUFFER, A_SCALAR, A_LOCAL } arg_class;
typedef enum init_kind { I_FILL, I_BITS, I_FILE, I_IOTA, I_RANDOM } init_kind;

typedef struct cli_arg {
  char *spec;  /* the text as given, for messages */
  char *where; /* "FILE:LINE: " or "" */
  arg_class cls;
  elem_type type;
  /* buffers */
  size_t count;
  init_kind init;
  char *init_text;       /* fill value / bits / path / seed / iota start */
  unsigned char *host;   /* initial contents, count * elem size */
  unsigned char *result; /* contents after the run */
  size_t bytes;
  fpa_rt_buffer *buf;
  /* scalars / local */
  fpa_rt_arg rt;
} cli_arg;

static void buffer_desc(const cli_arg *a, char *out, size_t n) {
  snprintf(out, n, "buf:%s:%zu", kTypes[a->type].name, a->count);
}

/* Parses an --arg value into *a. Returns 0 or prints the error and returns
 * EXIT_USAGE. */
static int parse_arg_spec(const char *text, const char *where, cli_arg *a) {
  memset(a, 0, sizeof(*a));
  a->spec = xstrdup(text);
  a->where = xstrdup(where);
  char *s = xstrdup(text);
  int rc = EXIT_USAGE;
  char *colon = strchr(s, ':');
  if (!colon) {
    fail(EXIT_USAGE, where,
         "bad --arg '%s': expected buf:TYPE:COUNT[:INIT], TYPE:VALUE or "
         "local:BYTES",
         text);
    goto out;
  }
  *colon = '\0';
  const char *head = s, *rest = colon + 1;

  if (strcmp(head, "buf") == 0) {
    a->cls = A_BUFFER;
    char *c2 = strchr(rest, ':');
    if (!c2) {
      fail(EXIT_USAGE, where, "bad --arg '%s': expected buf:TYPE:COUNT[:INIT]",
           text);
      goto out;
    }
    *c2 = '\0';
    if (!parse_type(rest, &a->type)) {
      fail(EXIT_USAGE, where,
           "bad --arg '%s': unknown element type '%s' (expected i32, u32, "
           "i64, u64, f16, f32 or f64)",
           text, rest);
      goto out;
    }
    char *countstr = c2 + 1;
    char *c3 = strchr(countstr, ':');
    const char *init = NULL;
    if (c3) {
      *c3 = '\0';
      init = c3 + 1;
    }
    if (!parse_size(countstr, &a->count)) {
      fail(EXIT_USAGE, where,
           "bad --arg '%s': element count '%s' is not a positive integer", text,
           countstr);
      goto out;
    }
    /* no device buffer comes near 2^40 bytes (1 TiB) */
    if (a->count > ((size_t)1 << 40) / kTypes[a->type].size) {
      fail(EXIT_USAGE, where,
           "bad --arg '%s': element count '%s' is too large (a buffer of at "
           "most 1 TiB)",
           text, countstr);
      goto out;
    }
    a->bytes = a->count * kTypes[a->type].size;
    if (!init || strcmp(init, "") == 0) {
      a->init = I_FILL;
      a->init_text = xstrdup("0");
    } else if (strncmp(init, "fill=", 5) == 0) {
      a->init = I_FILL;
      a->init_text = xstrdup(init + 5);
      unsigned char tmp[8];
      if (!parse_value(a->type, a->init_text, tmp)) {
        fail(EXIT_USAGE, where, "bad --arg '%s': '%s' is not a valid %s value",
             text, a->init_text, kTypes[a->type].name);
        goto out;
      }
    } else if (strncmp(init, "bits=", 5) == 0) {
      a->init = I_BITS;
      a->init_text = xstrdup(init + 5);
      uint64_t v;
      size_t sz = kTypes[a->type].size;
      if (!parse_u64(a->init_text, &v) || (sz < 8 && v >> (8 * sz) != 0)) {
        fail(EXIT_USAGE, where,
             "bad --arg '%s': '%s' is not a %zu-bit pattern (e.g. "
             "bits=0x7fc00001)",
             text, a->init_text, sz * 8);
        goto out;
      }
    } else if (strncmp(init, "file=", 5) == 0) {
      a->init = I_FILE;
      a->init_text = xstrdup(init + 5);
      if (!a->init_text[0]) {
        fail(EXIT_USAGE, where, "bad --arg '%s': empty file name", text);
        goto out;
      }
    } else if (strcmp(init, "iota") == 0 || strncmp(init, "iota=", 5) == 0) {
      a->init = I_IOTA;
      a->init_text = xstrdup(init[4] == '=' ? init + 5 : "0");
      double start;
      if (!parse_f64(a->init_text, &start)) {
        fail(EXIT_USAGE, where, "bad --arg '%s': bad iota start '%s'", text,
             a->init_text);
        goto out;
      }
      const char *misfit = iota_misfit(a->type, start, a->count);
      /* 64-bit integer starts, counted in integers (init_buffer) */
      int64_t s64;
      uint64_t u64;
      if (a->type == T_I64 && parse_i64(a->init_text, &s64))
        misfit = (uint64_t)a->count - 1 > (uint64_t)INT64_MAX - (uint64_t)s64
                     ? "runs out of the i64 range"
                     : NULL;
      else if (a->type == T_U64 && parse_u64(a->init_text, &u64))
        misfit = (uint64_t)a->count - 1 > UINT64_MAX - u64
                     ? "runs out of the u64 range"
                     : NULL;
      if (misfit) {
        fail(EXIT_USAGE, where, "bad --arg '%s': iota from '%s' %s", text,
             a->init_text, misfit);
        goto out;
      }
    } else if (strncmp(init, "random=", 7) == 0 ||
               strcmp(init, "random") == 0) {
      a->init = I_RANDOM;
      a->init_text = xstrdup(init[6] == '=' ? init + 7 : "1");
      uint64_t seed;
      if (!parse_u64(a->init_text, &seed)) {
        fail(EXIT_USAGE, where,
             "bad --arg '%s': random seed '%s' is not a non-negative "
             "integer",
             text, a->init_text);
        goto out;
      }
    } else {
      fail(EXIT_USAGE, where,
           "bad --arg '%s': unknown initializer '%s' (expected fill=V, "
           "bits=HEX, iota[=START], random[=SEED] or file=PATH)",
           text, init);
      goto out;
    }
    rc = 0;
    goto out;
  }

  if (strcmp(head, "local") == 0) {
    a->cls = A_LOCAL;
    size_t n;
    if (!parse_size(rest, &n)) {
      fail(EXIT_USAGE, where,
           "bad --arg '%s': local memory size '%s' is not a positive integer",
           text, rest);
      goto out;
    }
    a->rt.kind = FPA_RT_ARG_LOCAL;
    a->rt.value.local_bytes = n;
    rc = 0;
    goto out;
  }

  elem_type t;
  if (!parse_type(head, &t)) {
    fail(EXIT_USAGE, where,
         "bad --arg '%s': unknown kind '%s' (expected buf, local, i32, u32, "
         "i64, u64, f32 or f64)",
         text, head);
    goto out;
  }
  if (t == T_F16) {
    fail(EXIT_USAGE, where,
         "bad --arg '%s': f16 scalars are not supported (pass an f32)", text);
    goto out;
  }
  a->cls = A_SCALAR;
  a->type = t;
  unsigned char v[8];
  if (!parse_value(t, rest, v)) {
    fail(EXIT_USAGE, where, "bad --arg '%s': '%s' is not a valid %s value",
         text, rest, kTypes[t].name);
    goto out;
  }
  static const fpa_rt_arg_kind kinds[] = {
      [T_I32] = FPA_RT_ARG_I32, [T_U32] = FPA_RT_ARG_U32,
      [T_I64] = FPA_RT_ARG_I64, [T_U64] = FPA_RT_ARG_U64,
      [T_F32] = FPA_RT_ARG_F32, [T_F64] = FPA_RT_ARG_F64,
  };
  a->rt.kind = kinds[t];
  switch (t) {
  case T_I32:
    memcpy(&a->rt.value.i32, v, 4);
    break;
  case T_U32:
    memcpy(&a->rt.value.u32, v, 4);
    break;
  case T_I64:
    memcpy(&a->rt.value.i64, v, 8);
    break;
  case T_U64:
    memcpy(&a->rt.value.u64, v, 8);
    break;
  case T_F32:
    memcpy(&a->rt.value.f32, v, 4);
    break;
  case T_F64:
    memcpy(&a->rt.value.f64, v, 8);
    break;
  case T_F16:
    break;
  }
  rc = 0;
out:
  free(s);
  return rc;
}

/* Fills a->host with the initial buffer contents. */
static int init_buffer(cli_arg *a, size_t index) {
  size_t esz = kTypes[a->type].size;
  a->host = calloc(1, a->bytes ? a->bytes : 1);
  if (!a->host)
    return fail(EXIT_USAGE, a->where,
                "--arg '%s': no host memory for %zu bytes", a->spec, a->bytes);
  switch (a->init) {
  case I_FILL: {
    unsigned char v[8];
    parse_value(a->type, a->init_text, v); /* validated while parsing */
    for (size_t i = 0; i < a->count; ++i)
      memcpy(a->host + i * esz, v, esz);
    break;
  }
  case I_BITS: {
    uint64_t v = 0;
    parse_u64(a->init_text, &v);
    unsigned char b[8];
    for (size_t k = 0; k < esz; ++k) /* little-endian byte order */
      b[k] = (unsigned char)(v >> (8 * k));
    for (size_t i = 0; i < a->count; ++i)
      memcpy(a->host + i * esz, b, esz);
    break;
  }
  case I_IOTA: {
    int64_t s64;
    uint64_t u64;
    if (a->type == T_I64 && parse_i64(a->init_text, &s64)) {
      /* 64-bit integers count in integers: a double holds 53 bits */
      for (size_t i = 0; i < a->count; ++i) {
        int64_t v = (int64_t)((uint64_t)s64 + i);
        memcpy(a->host + i * esz, &v, sizeof v);
      }
      break;
    }
    if (a->type == T_U64 && parse_u64(a->init_text, &u64)) {
      for (size_t i = 0; i < a->count; ++i) {
        uint64_t v = u64 + i;
        memcpy(a->host + i * esz, &v, sizeof v);
      }
      break;
    }
    double start = 0;
    parse_f64(a->init_text, &start);
    for (size_t i = 0; i < a->count; ++i)
      store_from_double(a->type, start + (double)i, a->host + i * esz);
    break;
  }
  case I_RANDOM: {
    uint64_t state = 0;
    parse_u64(a->init_text, &state);
    for (size_t i = 0; i < a->count; ++i) {
      uint64_t r = splitmix64(&state);
      unsigned char *dst = a->host + i * esz;
      switch (a->type) {
      case T_F16: /* 11 random bits: exact in f16 */
        store_from_double(a->type, (double)(r >> 53) * 0x1p-10 - 1.0, dst);
        break;
      case T_F32: /* 24 random bits: exact in f32 */
        store_from_double(a->type, (double)(r >> 40) * 0x1p-23 - 1.0, dst);
        break;
      case T_F64: /* 53 random bits */
        store_from_double(a->type, (double)(r >> 11) * 0x1p-52 - 1.0, dst);
        break;
      case T_I32:
      case T_I64:
        store_from_double(a->type, (double)(r % 2001) - 1000.0, dst);
        break;
      case T_U32:
      case T_U64:
        store_from_double(a->type, (double)(r % 1001), dst);
        break;
      }
    }
    break;
  }
  case I_FILE: {
    unsigned char *data;
    size_t size;
    int e = read_file(a->init_text, &data, &size, a->bytes);
    if (e == EFBIG && regular_size(a->init_text, &size)) {
      e = 0; /* the size, reported below */
    } else if (e == EFBIG) {
      char desc[64];
      buffer_desc(a, desc, sizeof(desc));
      return fail(EXIT_USAGE, a->where,
                  "--arg %zu (%s): file '%s' has more than %zu bytes, the "
                  "buffer's size",
                  index, desc, a->init_text, a->bytes);
    }
    if (e) {
      char desc[64];
      buffer_desc(a, desc, sizeof(desc));
      return fail(EXIT_USAGE, a->where, "--arg %zu (%s): cannot read '%s': %s",
                  index, desc, a->init_text, strerror(e));
    }
    if (size != a->bytes) {
      char desc[64];
      buffer_desc(a, desc, sizeof(desc));
      free(data);
      return fail(EXIT_USAGE, a->where,
                  "--arg %zu (%s): file '%s' has %zu bytes, expected %zu",
                  index, desc, a->init_text, size, a->bytes);
    }
    memcpy(a->host, data, size);
    free(data);
    break;
  }
  }
  return 0;
}

/*===-- Formatting and comparing values -----------------------------------===*/

static uint64_t load_bits(const unsigned char *p, size_t size) {
  uint64_t v = 0;
  for (size_t k = 0; k < size; ++k)
    v |= (uint64_t)p[k] << (8 * k);
  return v;
}

/* Value of a float element as double (exact for f16/f32/f64). */
static double float_value(elem_type t, const unsigned char *p) {
  if (t == T_F16) {
    uint16_t h;
    memcpy(&h, p, 2);
    return (double)fpa_rt_f16_to_f32(h);
  }
  if (t == T_F32) {
    float f;
    memcpy(&f, p, 4);
    return (double)f;
  }
  double d;
  memcpy(&d, p, 8);
  return d;
}

static int is_nan_bits(elem_type t, uint64_t b) {
  switch (t) {
  case T_F16:
    return (b & 0x7c00u) == 0x7c00u && (b & 0x3ffu) != 0;
  case T_F32:
    return (b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu) != 0;
  case T_F64:
    return (b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
           (b & 0xfffffffffffffull) != 0;
  default:
    return 0;
  }
}

static int is_inf_bits(elem_type t, uint64_t b) {
  switch (t) {
  case T_F16:
    return (b & 0x7fffu) == 0x7c00u;
  case T_F32:
    return (b & 0x7fffffffu) == 0x7f800000u;
  case T_F64:
    return (b & 0x7fffffffffffffffull) == 0x7ff0000000000000ull;
  default:
    return 0;
  }
}

/* "1.5 (0x1.8p+0) bits=0x3fc00000" for floats, "7 bits=0x00000007" for
 * integers. */
static void format_value(elem_type t, const unsigned char *p, char *out,
                         size_t n) {
  size_t esz = kTypes[t].size;
  uint64_t bits = load_bits(p, esz);
  int hexw = (int)(esz * 2);
  switch (t) {
  case T_I32: {
    int32_t v;
    memcpy(&v, p, 4);
    snprintf(out, n, "%" PRId32 " bits=0x%0*" PRIx64, v, hexw, bits);
    break;
  }
  case T_U32: {
    uint32_t v;
    memcpy(&v, p, 4);
    snprintf(out, n, "%" PRIu32 " bits=0x%0*" PRIx64, v, hexw, bits);
    break;
  }
  case T_I64: {
    int64_t v;
    memcpy(&v, p, 8);
    snprintf(out, n, "%" PRId64 " bits=0x%0*" PRIx64, v, hexw, bits);
    break;
  }
  case T_U64: {
    uint64_t v;
    memcpy(&v, p, 8);
    snprintf(out, n, "%" PRIu64 " bits=0x%0*" PRIx64, v, hexw, bits);
    break;
  }
  case T_F16:
  case T_F32:
  case T_F64: {
    double v = float_value(t, p);
    int digits = t == T_F16 ? 5 : t == T_F32 ? 9 : 17;
    if (is_nan_bits(t, bits))
      snprintf(out, n, "%snan bits=0x%0*" PRIx64,
               (bits >> (8 * esz - 1)) & 1 ? "-" : "", hexw, bits);
    else if (t == T_F32)
      snprintf(out, n, "%.*g (%a) bits=0x%0*" PRIx64, digits, v,
               (double)(float)v, hexw, bits);
    else
      snprintf(out, n, "%.*g (%a) bits=0x%0*" PRIx64, digits, v, v, hexw, bits);
    break;
  }
  }
}

typedef enum tol_kind { TOL_NONE, TOL_ABS, TOL_ULP } tol_kind;

typedef struct tolerance {
  tol_kind kind;
  double abs;
  uint64_t ulp;
  char *text;
} tolerance;

static int parse_tolerance(const char *s, tolerance *tol) {
  size_t n = strlen(s);
  if (n > 3 && strcmp(s + n - 3, "ulp") == 0) {
    char *num = xstrdup(s);
    num[n - 3] = '\0';
    uint64_t u;
    int ok = parse_u64(num, &u);
    free(num);
    if (!ok)
      return 0;
    tol->kind = TOL_ULP;
    tol->ulp = u;
    return 1;
  }
  double d;
  if (!parse_f64(s, &d) || !(d >= 0) || d > DBL_MAX)
    return 0;
  tol->kind = TOL_ABS;
  tol->abs = d;
  return 1;
}

/* Maps float bits to integers that are ordered like the values, +0 == -0. */
static int64_t ordered_bits(elem_type t, uint64_t b) {
  size_t w = kTypes[t].size * 8;
  uint64_t sign = (b >> (w - 1)) & 1;
  uint64_t mag = b & ((w == 64 ? ~0ull : ((1ull << w) - 1)) >> 1);
  return sign ? -(int64_t)mag : (int64_t)mag;
}

/* Whether element `got` matches `want` under the check's rules. */
static int values_match(elem_type t, const unsigned char *got,
                        const unsigned char *want, const tolerance *tol,
                        int check_bits) {
  size_t esz = kTypes[t].size;
  uint64_t gb = load_bits(got, esz), wb = load_bits(want, esz);
  if (!is_float_type(t)) {
    if (tol->kind == TOL_NONE || gb == wb)
      return gb == wb;
    if (is_signed_type(t)) {
      int64_t g = t == T_I32 ? (int64_t)(int32_t)(uint32_t)gb : (int64_t)gb;
      int64_t w = t == T_I32 ? (int64_t)(int32_t)(uint32_t)wb : (int64_t)wb;
      double d = (double)g - (double)w;
      if (d < 0)
        d = -d;
      return tol->kind == TOL_ABS ? d <= tol->abs : d <= (double)tol->ulp;
    }
    uint64_t d = gb > wb ? gb - wb : wb - gb;
    return tol->kind == TOL_ABS ? (double)d <= tol->abs : d <= tol->ulp;
  }
  int gn = is_nan_bits(t, gb), wn = is_nan_bits(t, wb);
  if (gn || wn)
    return gn && wn && (!check_bits || gb == wb);
  if (tol->kind == TOL_NONE || gb == wb)
    return gb == wb;
  if (is_inf_bits(t, gb) || is_inf_bits(t, wb))
    return 0; /* unequal and one is infinite */
  if (tol->kind == TOL_ABS) {
    double d = float_value(t, got) - float_value(t, want);
    if (d < 0)
      d = -d;
    return d <= tol->abs;
  }
  int64_t g = ordered_bits(t, gb), w = ordered_bits(t, wb);
  uint64_t d = g > w ? (uint64_t)(g - w) : (uint64_t)(w - g);
  return d <= tol->ulp;
}

/*===-- Command line
 * -------------------------------------------------------===*/

typedef struct out_req {
  size_t index;
  char *path;
  /* opened for appending before the run, so that a bad path fails first
   * without truncating what is there; the results are written at the end
   * (truncating it then) */
  FILE *file;
  int created; /* the path did not exist before: removed if never written */
  char *where; /* as print_req's */
} out_req;

typedef struct print_req {
  size_t index;
  size_t limit; /* 0 = all */
  char *where;  /* "FILE:LINE: " of a spec file's line, or "" */
} print_req;

typedef struct check_req {
  size_t index;
  char *where; /* as print_req's */
  char *path;
  tolerance tol;
  unsigned char *ref;
  size_t ref_size;
} check_req;

typedef struct dims_opt {
  int given;
  unsigned n;
  size_t v[3];
} dims_opt;

typedef struct cli {
  int help, version, list_devices, time, check_bits, verbose;
  int have_backend;
  fpa_rt_backend backend;
  int have_format;
  fpa_rt_format format;
  char *kernel;
  char *kernel_file;
  char *build_options;
  char *cuda_lib, *opencl_lib;
  int platform, device;
  dims_opt grid, block, global, local;
  unsigned shared_bytes;
  size_t repeat, warmup, max_mismatches;
  cli_arg *args;
  size_t nargs;
  out_req *outs;
  size_t nouts;
  print_req *prints;
  size_t nprints;
  check_req *checks;
  size_t nchecks;
  int in_spec;
  int stdin_read; /* KERNELFILE or a --spec was "-" (standard input) */
  char *spec_dir; /* directory of the spec file being read, or NULL */
} cli;

static void print_help(FILE *f) {
  fputs(
      "usage: " PROG " [options] KERNELFILE\n"
      "\n"
      "Runs one kernel from KERNELFILE on a CUDA or OpenCL device. KERNELFILE\n"
      "or one --spec FILE may be - (standard input).\n"
      "\n"
      "Kernel:\n"
      "  --kernel=NAME            kernel (entry point) to run (required)\n"
      "  --backend=cuda|opencl    backend; default: from the file format\n"
      "  --format=FMT             ptx, cubin, spir (SPIR 1.2 bitcode), spirv,\n"
      "                           cl (OpenCL C); default: from the extension\n"
      "                           .ptx .cubin .fatbin .bc .spv .cl, else "
      "sniffed\n"
      "  --build-options=OPTS     extra OpenCL build options\n"
      "  --platform=N             OpenCL platform index (default: first with "
      "a\n"
      "                           device)\n"
      "  --device=N               device index (default 0)\n"
      "  --cuda-lib=PATH          dlopen only PATH for the CUDA driver\n"
      "  --opencl-lib=PATH        dlopen only PATH for the OpenCL ICD loader\n"
      "\n"
      "Launch geometry (X[,Y[,Z]], missing dimensions are 1):\n"
      "  --grid=X,Y,Z --block=X,Y,Z   CUDA style: blocks and threads/block\n"
      "  --global=X,Y,Z --local=X,Y,Z OpenCL style: work-items and work-group\n"
      "                           size; --local may be omitted for OpenCL\n"
      "  --shared=BYTES           CUDA dynamic shared memory\n"
      "\n"
      "Arguments, in kernel parameter order (index 0, 1, ...):\n"
      "  --arg=buf:TYPE:COUNT[:INIT]  device buffer of COUNT elements\n"
      "        TYPE: i32 u32 i64 u64 f16 f32 f64\n"
      "        INIT: fill=V (default fill=0), bits=HEX (raw bit pattern),\n"
      "              iota[=START], random[=SEED] (floats uniform in [-1,1),\n"
      "              signed ints in [-1000,1000], unsigned in [0,1000]),\n"
      "              file=PATH (raw little-endian, exactly COUNT elements)\n"
      "  --arg=TYPE:VALUE         scalar; TYPE: i32 u32 i64 u64 f32 f64;\n"
      "                           floats accept nan, inf, -0, hex (0x1p-3)\n"
      "  --arg=local:BYTES        OpenCL __local buffer of BYTES bytes\n"
      "  --spec=FILE              read more options from FILE: one per line,\n"
      "                           '#' at a line's start or after a blank\n"
      "                           starts a comment; a line is an --arg\n"
      "                           value or a --option; relative file= and\n"
      "                           --check paths are relative to FILE; - is\n"
      "                           standard input\n"
      "\n"
      "Results (ARGINDEX is a buffer argument's index; repeatable):\n"
      "  --print=ARGINDEX[:N]     print the (first N) elements: value, %a\n"
      "                           and raw bits (shows -0.0 and NaN payloads)\n"
      "  --out=ARGINDEX:PATH      write the buffer's raw bytes to PATH\n"
      "  --check=ARGINDEX:REF[:TOL]  compare with the raw file REF;\n"
      "                           bit-exact by default, except that any NaN\n"
      "                           equals any NaN; TOL is an absolute\n"
      "                           tolerance (1e-5) or NNulp (4ulp)\n"
      "  --check-bits             NaN payloads must match too\n"
      "  --max-mismatches=N       mismatches shown per check (default 10)\n"
      "\n"
      "Running:\n"
      "  --repeat=N               timed runs (default 1); every run starts\n"
      "                           from the initial buffer contents\n"
      "  --warmup=N               untimed runs before them (default 0)\n"
      "  --time                   print kernel time from device events\n"
      "  --list-devices           list platforms/devices (or why none); with\n"
      "                           --backend only that backend\n"
      "  -v, --verbose            print device and build log to stderr\n"
      "  -h, --help               this help\n"
      "  --version                print version\n"
      "\n"
      "Exit status: 0 ok, 1 check failed, 2 bad arguments or input files,\n"
      "3 runtime/driver error (build failure, launch failure),\n"
      "77 requested backend/device unavailable (driver or device missing,\n"
      "format not supported by the device).\n"
      "\n"
      "Example:\n"
      "  " PROG " --kernel=saxpy --global=1024 --local=64 \\\n"
      "      --arg=buf:f32:1024:iota --arg=buf:f32:1024:fill=1 --arg=f32:2 \\\n"
      "      --check=1:ref.bin --time saxpy.bc\n",
      f);
}

typedef struct opt_desc {
  const char *name;
  int takes_value;
} opt_desc;

static const opt_desc kOptions[] = {
    {"help", 0},          {"version", 0},    {"list-devices", 0},
    {"time", 0},          {"check-bits", 0}, {"verbose", 0},
    {"backend", 1},       {"format", 1},     {"kernel", 1},
    {"grid", 1},          {"block", 1},      {"global", 1},
    {"local", 1},         {"shared", 1},     {"arg", 1},
    {"spec", 1},          {"out", 1},        {"print", 1},
    {"check", 1},         {"repeat", 1},     {"warmup", 1},
    {"build-options", 1}, {"platform", 1},   {"device", 1},
    {"cuda-lib", 1},      {"opencl-lib", 1}, {"max-mismatches", 1},
};

static const opt_desc *find_option(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof(kOptions) / sizeof(kOptions[0]); ++i)
    if (strlen(kOptions[i].name) == len &&
        strncmp(kOptions[i].name, name, len) == 0)
      return &kOptions[i];
  return NULL;
}

static int parse_dims(const char *opt, const char *value, const char *where,
                      dims_opt *d) {
  if (d->given)
    return fail(EXIT_USAGE, where, "--%s given more than once", opt);
  char *s = xstrdup(value);
  unsigned n = 0;
  int ok = 1;
  char *p = s;
  for (;;) {
    char *comma = strchr(p, ',');
    if (comma)
      *comma = '\0';
    if (n == 3 || !parse_size(p, &d->v[n])) {
      ok = 0;
      break;
    }
    ++n;
    if (!comma)
      break;
    p = comma + 1;
  }
  free(s);
  if (!ok)
    return fail(EXIT_USAGE, where,
                "bad --%s '%s': expected 1 to 3 positive integers X[,Y[,Z]]",
                opt, value);
  for (unsigned i = n; i < 3; ++i)
    d->v[i] = 1;
  d->n = n;
  d->given = 1;
  return 0;
}

/* Parses ARGINDEX at the start of s; *rest points after it. */
static int parse_index_prefix(const char *s, size_t *index, const char **rest) {
  const char *colon = strchr(s, ':');
  size_t len = colon ? (size_t)(colon - s) : strlen(s);
  if (len == 0 || len > 20)
    return 0;
  char num[32];
  memcpy(num, s, len);
  num[len] = '\0';
  for (size_t i = 0; i < len; ++i)
    if (num[i] < '0' || num[i] > '9')
      return 0;
  uint64_t v;
  if (!parse_u64(num, &v) || v > SIZE_MAX)
    return 0;
  *index = (size_t)v;
  *rest = colon ? colon + 1 : NULL;
  return 1;
}

static int handle_spec_file(cli *c, const char *path, const char *where);

/* Inside a spec file, relative input paths are relative to its directory. */
static char *resolve_input_path(const cli *c, const char *path) {
  if (!c->spec_dir || path[0] == '/')
    return xstrdup(path);
  size_t n = strlen(c->spec_dir) + strlen(path) + 2;
  char *p = xcalloc(1, n);
  snprintf(p, n, "%s/%s", c->spec_dir, path);
  return p;
}

static int set_once_str(char **slot, const char *opt, const char *value,
                        const char *where) {
  if (*slot)
    return fail(EXIT_USAGE, where, "--%s given more than once", opt);
  *slot = xstrdup(value);
  return 0;
}

/* Whether --check's REFFILE `path`, whose last ':' is at `last`, names no
 * file while its part before that ':' does: the rest is then a tolerance
 * that does not parse (":inf"), not part of the file's name. */
static int check_suffix_is_tolerance(const cli *c, const char *path,
                                     const char *last) {
  struct stat st;
  char *full = resolve_input_path(c, path);
  int full_exists = stat(full, &st) == 0;
  free(full);
  if (full_exists)
    return 0;
  char *head = xstrdup(path);
  head[last - path] = '\0';
  char *resolved = resolve_input_path(c, head);
  int head_exists = stat(resolved, &st) == 0;
  free(resolved);
  free(head);
  return head_exists;
}

/* Applies one option. `value` is NULL for flags. */
static int handle_option(cli *c, const opt_desc *o, const char *value,
                         const char *where) {
  const char *n = o->name;
  if (o->takes_value && (!value || !*value))
    return fail(EXIT_USAGE, where, "--%s needs a non-empty value", n);

  if (!strcmp(n, "help"))
    c->help = 1;
  else if (!strcmp(n, "version"))
    c->version = 1;
  else if (!strcmp(n, "list-devices"))
    c->list_devices = 1;
  else if (!strcmp(n, "time"))
    c->time = 1;
  else if (!strcmp(n, "check-bits"))
    c->check_bits = 1;
  else if (!strcmp(n, "verbose"))
    c->verbose = 1;
  else if (!strcmp(n, "backend")) {
    if (c->have_backend)
      return fail(EXIT_USAGE, where, "--backend given more than once");
    if (!strcmp(value, "cuda"))
      c->backend = FPA_RT_BACKEND_CUDA;
    else if (!strcmp(value, "opencl") || !strcmp(value, "ocl"))
      c->backend = FPA_RT_BACKEND_OPENCL;
    else
      return fail(EXIT_USAGE, where,
                  "bad --backend '%s': expected cuda or opencl", value);
    c->have_backend = 1;
  } else if (!strcmp(n, "format")) {
    static const struct {
      const char *name;
      fpa_rt_format f;
    } fmts[] = {
        {"ptx", FPA_RT_FORMAT_PTX},           {"cubin", FPA_RT_FORMAT_CUBIN},
        {"fatbin", FPA_RT_FORMAT_CUBIN},      {"spir", FPA_RT_FORMAT_SPIR},
        {"bc", FPA_RT_FORMAT_SPIR},           {"spirv", FPA_RT_FORMAT_SPIRV},
        {"spv", FPA_RT_FORMAT_SPIRV},         {"cl", FPA_RT_FORMAT_OPENCL_C},
        {"opencl-c", FPA_RT_FORMAT_OPENCL_C},
    };
    if (c->have_format)
      return fail(EXIT_USAGE, where, "--format given more than once");
    for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); ++i)
      if (!strcmp(value, fmts[i].name)) {
        c->format = fmts[i].f;
        c->have_format = 1;
      }
    if (!c->have_format)
      return fail(EXIT_USAGE, where,
                  "bad --format '%s': expected ptx, cubin, spir, spirv or cl",
                  value);
  } else if (!strcmp(n, "kernel"))
    return set_once_str(&c->kernel, n, value, where);
  else if (!strcmp(n, "build-options"))
    return set_once_str(&c->build_options, n, value, where);
  else if (!strcmp(n, "cuda-lib"))
    return set_once_str(&c->cuda_lib, n, value, where);
  else if (!strcmp(n, "opencl-lib"))
    return set_once_str(&c->opencl_lib, n, value, where);
  else if (!strcmp(n, "grid"))
    return parse_dims(n, value, where, &c->grid);
  else if (!strcmp(n, "block"))
    return parse_dims(n, value, where, &c->block);
  else if (!strcmp(n, "global"))
    return parse_dims(n, value, where, &c->global);
  else if (!strcmp(n, "local"))
    return parse_dims(n, value, where, &c->local);
  else if (!strcmp(n, "platform") || !strcmp(n, "device")) {
    int64_t v;
    if (!parse_i64(value, &v) || v < 0 || v > 65535)
      return fail(EXIT_USAGE, where,
                  "bad --%s '%s': expected a non-negative integer", n, value);
    if (!strcmp(n, "platform"))
      c->platform = (int)v;
    else
      c->device = (int)v;
  } else if (!strcmp(n, "shared")) {
    uint64_t v;
    if (!parse_u64(value, &v) || v > UINT32_MAX)
      return fail(EXIT_USAGE, where, "bad --shared '%s': expected a byte count",
                  value);
    c->shared_bytes = (unsigned)v;
  } else if (!strcmp(n, "repeat") || !strcmp(n, "warmup") ||
             !strcmp(n, "max-mismatches")) {
    uint64_t v;
    int is_repeat = !strcmp(n, "repeat");
    if (!parse_u64(value, &v) || (is_repeat && v == 0) || v > 100000000)
      return fail(EXIT_USAGE, where, "bad --%s '%s': expected %s integer", n,
                  value, is_repeat ? "a positive" : "a non-negative");
    if (is_repeat)
      c->repeat = (size_t)v;
    else if (!strcmp(n, "warmup"))
      c->warmup = (size_t)v;
    else
      c->max_mismatches = (size_t)v;
  } else if (!strcmp(n, "arg")) {
    cli_arg a;
    int rc = parse_arg_spec(value, where, &a);
    if (rc == 0 && a.cls == A_BUFFER && a.init == I_FILE) {
      char *p = resolve_input_path(c, a.init_text);
      free(a.init_text);
      a.init_text = p;
    }
    c->args = xrealloc(c->args, (c->nargs + 1) * sizeof(*c->args));
    c->args[c->nargs++] = a; /* keep even on error so it gets freed */
    return rc;
  } else if (!strcmp(n, "spec")) {
    if (c->in_spec)
      return fail(EXIT_USAGE, where, "--spec cannot be nested in a spec file");
    return handle_spec_file(c, value, where);
  } else if (!strcmp(n, "out")) {
    size_t idx;
    const char *rest;
    if (!parse_index_prefix(value, &idx, &rest) || !rest || !*rest)
      return fail(EXIT_USAGE, where, "bad --out '%s': expected ARGINDEX:PATH",
                  value);
    c->outs = xrealloc(c->outs, (c->nouts + 1) * sizeof(*c->outs));
    c->outs[c->nouts++] =
        (out_req){idx, xstrdup(rest), NULL, 0, xstrdup(where)};
  } else if (!strcmp(n, "print")) {
    size_t idx, limit = 0;
    const char *rest;
    if (!parse_index_prefix(value, &idx, &rest) ||
        (rest && !parse_size(rest, &limit)))
      return fail(EXIT_USAGE, where,
                  "bad --print '%s': expected ARGINDEX[:COUNT]", value);
    c->prints = xrealloc(c->prints, (c->nprints + 1) * sizeof(*c->prints));
    c->prints[c->nprints++] = (print_req){idx, limit, xstrdup(where)};
  } else if (!strcmp(n, "check")) {
    size_t idx;
    const char *rest;
    if (!parse_index_prefix(value, &idx, &rest) || !rest || !*rest)
      return fail(EXIT_USAGE, where,
                  "bad --check '%s': expected ARGINDEX:REFFILE[:TOL]", value);
    check_req ck = {idx, NULL, xstrdup(rest), {TOL_NONE, 0, 0, NULL}, NULL, 0};
    /* A trailing ":TOL" is taken as a tolerance when it parses as one. */
    char *last = strrchr(ck.path, ':');
    if (last && last != ck.path) {
      tolerance t = {TOL_NONE, 0, 0, NULL};
      if (parse_tolerance(last + 1, &t)) {
        t.text = xstrdup(last + 1);
        ck.tol = t;
        *last = '\0';
      } else if (last[1] &&
                 (((last[1] >= '0' && last[1] <= '9') || last[1] == '.' ||
                   last[1] == '-' || last[1] == '+') ||
                  check_suffix_is_tolerance(c, ck.path, last))) {
        char *bad = xstrdup(last + 1);
        free(ck.path);
        int rc = fail(EXIT_USAGE, where,
                      "bad --check '%s': tolerance '%s' is not a non-negative "
                      "number or NNulp",
                      value, bad);
        free(bad);
        return rc;
      }
    }
    char *resolved = resolve_input_path(c, ck.path);
    free(ck.path);
    ck.path = resolved;
    ck.where = xstrdup(where);
    c->checks = xrealloc(c->checks, (c->nchecks + 1) * sizeof(*c->checks));
    c->checks[c->nchecks++] = ck;
  }
  return 0;
}

/* Parses "--name[=value]" (value from argv[*i+1] when needed and allowed). */
static int handle_long_option(cli *c, const char *arg, int argc, char **argv,
                              int *i, const char *where) {
  const char *name = arg + 2;
  const char *eq = strchr(name, '=');
  size_t len = eq ? (size_t)(eq - name) : strlen(name);
  const opt_desc *o = find_option(name, len);
  if (!o) {
    return fail(EXIT_USAGE, where,
                "unknown option '%.*s' (see " PROG " --help)", (int)(len + 2),
                arg);
  }
  const char *value = NULL;
  if (eq) {
    if (!o->takes_value)
      return fail(EXIT_USAGE, where, "--%s does not take a value", o->name);
    value = eq + 1;
  } else if (o->takes_value) {
    if (!argv || *i + 1 >= argc)
      return fail(EXIT_USAGE, where, "--%s needs a value", o->name);
    value = argv[++*i];
  }
  return handle_option(c, o, value, where);
}

/* Reads KERNELFILE or a spec file: `path` "-" is standard input, which
 * can be read once (*again is then set, and nothing read). */
static int read_input(cli *c, const char *path, unsigned char **data,
                      size_t *size, size_t max, int *again) {
  *again = 0;
  if (strcmp(path, "-") != 0)
    return read_file(path, data, size, max);
  if (c->stdin_read) {
    *again = 1;
    *data = NULL;
    *size = 0;
    return 0;
  }
  c->stdin_read = 1;
  return read_stream(stdin, data, size, max);
}

static int handle_spec_file(cli *c, const char *path, const char *where) {
  unsigned char *data;
  size_t size;
  int again;
  int e = read_input(c, path, &data, &size, MAX_SPEC_BYTES, &again);
  if (again)
    return fail(EXIT_USAGE, where,
                "standard input ('-') is already read: one of KERNELFILE and "
                "the spec files may be '-'");
  if (e)
    return fail(EXIT_USAGE, where, "cannot read spec file '%s': %s", path,
                strerror(e));
  c->in_spec = 1;
  const char *slash = strrchr(path, '/');
  if (slash) {
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    c->spec_dir = xcalloc(1, n + 1);
    memcpy(c->spec_dir, path, n);
  }
  int rc = 0;
  /* a NUL byte would end the text early, silently dropping what follows */
  const unsigned char *nul = memchr(data, 0, size);
  if (nul) {
    size_t line = 1;
    for (const unsigned char *q = data; q < nul; ++q)
      line += *q == '\n';
    char loc[512];
    snprintf(loc, sizeof(loc), "%s:%zu: ", path, line);
    rc = fail(EXIT_USAGE, loc, "a NUL byte in a spec file");
    free(data);
    free(c->spec_dir);
    c->spec_dir = NULL;
    c->in_spec = 0;
    return rc;
  }
  char *p = (char *)data;
  size_t lineno = 0;
  while (p && *p && rc == 0) {
    ++lineno;
    char *nl = strchr(p, '\n');
    if (nl)
      *nl = '\0';
    char *line = p;
    p = nl ? nl + 1 : NULL;
    /* Strip comments ('#' at the start or after whitespace) and blanks. */
    for (char *h = line; *h; ++h)
      if (*h == '#' && (h == line || is_space(h[-1]))) {
        *h = '\0';
        break;
      }
    while (is_space(*line))
      ++line;
    size_t len = strlen(line);
    while (len && is_space(line[len - 1]))
      line[--len] = '\0';
    if (!len)
      continue;
    char loc[512];
    snprintf(loc, sizeof(loc), "%s:%zu: ", path, lineno);
    if (line[0] == '-' && line[1] == '-') {
      /* "--opt=value" or "--opt value". */
      char *sp = line;
      while (*sp && !is_space(*sp) && *sp != '=')
        ++sp;
      if (*sp && is_space(*sp)) {
        *sp++ = '\0';
        while (is_space(*sp))
          ++sp;
        const opt_desc *o = find_option(line + 2, strlen(line + 2));
        if (o && !o->takes_value) {
          rc = fail(EXIT_USAGE, loc, "--%s does not take a value", o->name);
          break;
        }
        char *fake[2] = {line, sp};
        int idx = 0;
        rc = handle_long_option(c, line, 2, fake, &idx, loc);
      } else {
        int idx = 0;
        rc = handle_long_option(c, line, 0, NULL, &idx, loc);
      }
    } else if (!strcmp(line, "-h") || !strcmp(line, "-v")) {
      /* the short forms the command line takes */
      rc = handle_option(c,
                         find_option(line[1] == 'h' ? "help" : "verbose",
                                     line[1] == 'h' ? 4 : 7),
                         NULL, loc);
    } else if (line[0] == '-') {
      rc = fail(EXIT_USAGE, loc, "unknown option '%s'", line);
    } else {
      const opt_desc *o = find_option("arg", 3);
      rc = handle_option(c, o, line, loc);
    }
  }
  free(data);
  free(c->spec_dir);
  c->spec_dir = NULL;
  c->in_spec = 0;
  return rc;
}

static int parse_command_line(cli *c, int argc, char **argv) {
  int only_positional = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    int rc = 0;
    if (!only_positional && strcmp(a, "--") == 0) {
      only_positional = 1;
    } else if (!only_positional && a[0] == '-' && a[1] == '-') {
      rc = handle_long_option(c, a, argc, argv, &i, "");
    } else if (!only_positional && (!strcmp(a, "-h") || !strcmp(a, "-v"))) {
      rc = handle_option(
          c, find_option(a[1] == 'h' ? "help" : "verbose", a[1] == 'h' ? 4 : 7),
          NULL, "");
    } else if (!only_positional && a[0] == '-' && a[1]) {
      rc = fail(EXIT_USAGE, "", "unknown option '%s' (see " PROG " --help)", a);
    } else {
      if (c->kernel_file)
        rc = fail(EXIT_USAGE, "",
                  "more than one kernel file given ('%s' and '%s')",
                  c->kernel_file, a);
      else
        c->kernel_file = xstrdup(a);
    }
    if (rc)
      return rc;
  }
  return 0;
}

/* Format from the file name, else from the contents. Returns 0 if unknown. */
static fpa_rt_format guess_format(const char *path, const unsigned char *d,
                                  size_t n) {
  const char *dot = strrchr(path, '.');
  const char *slash = strrchr(path, '/');
  if (dot && (!slash || dot > slash)) {
    if (!strcmp(dot, ".ptx"))
      return FPA_RT_FORMAT_PTX;
    if (!strcmp(dot, ".cubin") || !strcmp(dot, ".fatbin"))
      return FPA_RT_FORMAT_CUBIN;
    if (!strcmp(dot, ".bc"))
      return FPA_RT_FORMAT_SPIR;
    if (!strcmp(dot, ".spv"))
      return FPA_RT_FORMAT_SPIRV;
    if (!strcmp(dot, ".cl"))
      return FPA_RT_FORMAT_OPENCL_C;
  }
  if (n >= 4 && d[0] == 0x03 && d[1] == 0x02 && d[2] == 0x23 && d[3] == 0x07)
    return FPA_RT_FORMAT_SPIRV;
  if (n >= 4 &&
      ((d[0] == 'B' && d[1] == 'C' && d[2] == 0xC0 && d[3] == 0xDE) ||
       (d[0] == 0xDE && d[1] == 0xC0 && d[2] == 0x17 && d[3] == 0x0B)))
    return FPA_RT_FORMAT_SPIR;
  if (n >= 4 && d[0] == 0x7f && d[1] == 'E' && d[2] == 'L' && d[3] == 'F')
    return FPA_RT_FORMAT_CUBIN;
  if (strstr((const char *)d, ".entry") && strstr((const char *)d, ".version"))
    return FPA_RT_FORMAT_PTX;
  if (strstr((const char *)d, "__kernel") ||
      strstr((const char *)d, "kernel void"))
    return FPA_RT_FORMAT_OPENCL_C;
  return (fpa_rt_format)0;
}

static void free_cli(cli *c) {
  for (size_t i = 0; i < c->nargs; ++i) {
    fpa_rt_buffer_destroy(c->args[i].buf);
    free(c->args[i].spec);
    free(c->args[i].where);
    free(c->args[i].init_text);
    free(c->args[i].host);
    free(c->args[i].result);
  }
  free(c->args);
  for (size_t i = 0; i < c->nouts; ++i) {
    if (c->outs[i].file) {
      /* Opened but never written: the run failed. A file this run created
       * is removed; anything that was there (a results file, /dev/null)
       * stays as it was. */
      fclose(c->outs[i].file);
      if (c->outs[i].created)
        remove(c->outs[i].path);
    }
    free(c->outs[i].path);
    free(c->outs[i].where);
  }
  free(c->outs);
  for (size_t i = 0; i < c->nprints; ++i)
    free(c->prints[i].where);
  free(c->prints);
  for (size_t i = 0; i < c->nchecks; ++i) {
    free(c->checks[i].path);
    free(c->checks[i].where);
    free(c->checks[i].tol.text);
    free(c->checks[i].ref);
  }
  free(c->checks);
  free(c->kernel);
  free(c->kernel_file);
  free(c->build_options);
  free(c->cuda_lib);
  free(c->opencl_lib);
}

/* Validates an ARGINDEX used by --out/--print/--check (`where`: the spec
 * file's line that gave it, or ""). */
static int check_index(const cli *c, const char *opt, size_t idx,
                       const char *where) {
  if (idx >= c->nargs)
    return fail(EXIT_USAGE, where,
                "bad --%s: argument index %zu out of range (%zu argument%s "
                "given)",
                opt, idx, c->nargs, c->nargs == 1 ? "" : "s");
  if (c->args[idx].cls != A_BUFFER)
    return fail(EXIT_USAGE, where,
                "bad --%s: argument %zu ('%s') is not a buffer", opt, idx,
                c->args[idx].spec);
  return 0;
}

/*===-- Actions
 * ------------------------------------------------------------===*/

static int exit_code_for(int rc) {
  if (fpa_rt_is_unavailable(rc))
    return EXIT_UNAVAILABLE;
  if (rc == FPA_RT_ERROR_KERNEL_NOT_FOUND ||
      rc == FPA_RT_ERROR_ARGUMENT_MISMATCH ||
      rc == FPA_RT_ERROR_INVALID_ARGUMENT)
    return EXIT_USAGE;
  return EXIT_RUNTIME;
}

static int list_devices(const cli *c) {
  int any = 0;
  fpa_rt_backend backends[2] = {FPA_RT_BACKEND_CUDA, FPA_RT_BACKEND_OPENCL};
  for (int i = 0; i < 2; ++i) {
    if (c->have_backend && c->backend != backends[i])
      continue;
    char *text = NULL;
    const char *lib =
        backends[i] == FPA_RT_BACKEND_CUDA ? c->cuda_lib : c->opencl_lib;
    int rc = fpa_rt_describe_devices(backends[i], lib, &text);
    if (rc == FPA_RT_SUCCESS) {
      any = 1;
      fputs(text ? text : "", stdout);
    } else {
      printf("%s: unavailable: %s\n", fpa_rt_backend_name(backends[i]),
             text ? text : fpa_rt_strerror(rc));
    }
    fpa_rt_free(text);
  }
  return any ? EXIT_OK : EXIT_UNAVAILABLE;
}

static void print_buffer(const cli_arg *a, size_t index, size_t limit) {
  char desc[64];
  buffer_desc(a, desc, sizeof(desc));
  size_t n = limit && limit < a->count ? limit : a->count;
  size_t esz = kTypes[a->type].size;
  printf("arg %zu (%s):\n", index, desc);
  for (size_t i = 0; i < n; ++i) {
    char v[128];
    format_value(a->type, a->result + i * esz, v, sizeof(v));
    printf("  [%zu] = %s\n", i, v);
  }
  if (n < a->count)
    printf("  ... (%zu more)\n", a->count - n);
}

static int run_check(const cli *c, const check_req *ck) {
  const cli_arg *a = &c->args[ck->index];
  size_t esz = kTypes[a->type].size;
  size_t bad = 0;
  char desc[64];
  buffer_desc(a, desc, sizeof(desc));
  for (size_t i = 0; i < a->count; ++i) {
    const unsigned char *g = a->result + i * esz, *w = ck->ref + i * esz;
    if (values_match(a->type, g, w, &ck->tol, c->check_bits))
      continue;
    if (bad == 0)
      printf("check arg %zu (%s) vs %s: FAILED\n", ck->index, desc, ck->path);
    if (bad < c->max_mismatches) {
      char gv[128], wv[128];
      format_value(a->type, g, gv, sizeof(gv));
      format_value(a->type, w, wv, sizeof(wv));
      printf("  [%zu] got %s, expected %s\n", i, gv, wv);
    }
    ++bad;
  }
  if (bad) {
    if (bad > c->max_mismatches)
      printf("  ... (%zu more mismatches)\n", bad - c->max_mismatches);
    printf("check arg %zu: %zu of %zu elements differ\n", ck->index, bad,
           a->count);
    return 1;
  }
  printf("check arg %zu (%s) vs %s: ok (%s%s%s)\n", ck->index, desc, ck->path,
         ck->tol.kind == TOL_NONE
             ? (c->check_bits ? "bit-exact" : "bit-exact, NaNs equal")
             : "tolerance ",
         ck->tol.kind == TOL_NONE ? "" : ck->tol.text,
         ck->tol.kind != TOL_NONE && !c->check_bits ? ", NaNs equal" : "");
  return 0;
}

static int run(cli *c) {
  /* Kernel file. */
  unsigned char *image;
  size_t image_size;
  int again;
  int e = read_input(c, c->kernel_file, &image, &image_size, MAX_KERNEL_BYTES,
                     &again);
  if (again)
    return fail(EXIT_USAGE, "",
                "standard input ('-') is already read: one of KERNELFILE and "
                "the spec files may be '-'");
  if (e)
    return fail(EXIT_USAGE, "", "cannot read kernel file '%s': %s",
                c->kernel_file, strerror(e));
  if (image_size == 0) {
    free(image);
    return fail(EXIT_USAGE, "", "kernel file '%s' is empty", c->kernel_file);
  }
  if (!c->have_format) {
    c->format = guess_format(c->kernel_file, image, image_size);
    if (!c->format) {
      free(image);
      return fail(EXIT_USAGE, "",
                  "cannot tell the format of kernel file '%s' (use "
                  "--format=ptx|cubin|spir|spirv|cl)",
                  c->kernel_file);
    }
  }
  fpa_rt_backend need = fpa_rt_format_backend(c->format);
  if (!c->have_backend) {
    c->backend = need;
  } else if (c->backend != need) {
    free(image);
    return fail(EXIT_USAGE, "",
                "--backend=%s cannot load %s kernel file '%s' (it needs "
                "--backend=%s)",
                fpa_rt_backend_name(c->backend), fpa_rt_format_name(c->format),
                c->kernel_file, fpa_rt_backend_name(need));
  }

  if (c->backend == FPA_RT_BACKEND_CUDA)
    for (size_t i = 0; i < c->nargs; ++i)
      if (c->args[i].cls == A_LOCAL) {
        free(image);
        return fail(EXIT_USAGE, c->args[i].where,
                    "bad --arg '%s': local:BYTES is OpenCL-only (use "
                    "--shared=BYTES for CUDA dynamic shared memory)",
                    c->args[i].spec);
      }

  /* Launch geometry. */
  fpa_rt_launch_config cfg = {0};
  cfg.shared_bytes = c->shared_bytes;
  if (c->grid.given) {
    cfg.dims = c->grid.n > c->block.n ? c->grid.n : c->block.n;
    for (int d = 0; d < 3; ++d) {
      size_t b = c->block.given ? c->block.v[d] : 1;
      if (c->grid.v[d] > SIZE_MAX / b) {
        free(image);
        return fail(EXIT_USAGE, "", "--grid * --block overflows");
      }
      cfg.global[d] = c->grid.v[d] * b;
      cfg.local[d] = b;
    }
  } else {
    cfg.dims = c->global.n > c->local.n ? c->global.n : c->local.n;
    for (int d = 0; d < 3; ++d) {
      cfg.global[d] = c->global.v[d];
      cfg.local[d] = c->local.given ? c->local.v[d] : 0;
      if (c->local.given && cfg.global[d] % cfg.local[d]) {
        free(image);
        return fail(EXIT_USAGE, "",
                    "bad --global/--local: global size %zu is not a multiple "
                    "of local size %zu in dimension %d",
                    cfg.global[d], cfg.local[d], d);
      }
    }
    if (!c->local.given && c->backend == FPA_RT_BACKEND_CUDA) {
      free(image);
      return fail(EXIT_USAGE, "",
                  "the CUDA backend needs --local (or use --grid/--block)");
    }
  }
  /* Work-group ids are 32-bit in CUDA and in OpenCL implementations (PoCL
   * aborts past them), and the work-items must be countable: refused
   * here, not wrapped to an empty launch or left to the device. */
  uint64_t total = 1;
  for (int d = 0; d < 3; ++d) {
    uint64_t groups = cfg.global[d] / (cfg.local[d] ? cfg.local[d] : 1);
    if (groups > UINT32_MAX) {
      free(image);
      return fail(EXIT_USAGE, "",
                  "%zu work-items in dimension %d make %llu work-groups, more "
                  "than 2^32-1%s",
                  cfg.global[d], d, (unsigned long long)groups,
                  cfg.local[d] ? "" : " (without --local, each may be one)");
    }
    if (cfg.global[d] && total > UINT64_MAX / cfg.global[d]) {
      free(image);
      return fail(EXIT_USAGE, "", "the launch's work-item count overflows");
    }
    total *= cfg.global[d];
  }

  /* Host data, reference files and output files: all before the device. */
  int rc = 0;
  for (size_t i = 0; i < c->nargs && !rc; ++i)
    if (c->args[i].cls == A_BUFFER)
      rc = init_buffer(&c->args[i], i);
  for (size_t i = 0; i < c->nchecks && !rc; ++i) {
    check_req *ck = &c->checks[i];
    const cli_arg *a = &c->args[ck->index];
    e = read_file(ck->path, &ck->ref, &ck->ref_size, a->bytes);
    if (e == EFBIG && regular_size(ck->path, &ck->ref_size))
      e = 0; /* the size, reported below */
    if (e == EFBIG)
      rc = fail(EXIT_USAGE, ck->where,
                "--check=%zu: reference file '%s' has more than %zu bytes, "
                "the size of arg %zu",
                ck->index, ck->path, a->bytes, ck->index);
    else if (e)
      rc = fail(EXIT_USAGE, ck->where,
                "--check=%zu: cannot read reference file "
                "'%s': %s",
                ck->index, ck->path, strerror(e));
    else if (ck->ref_size != a->bytes) {
      char desc[64];
      buffer_desc(a, desc, sizeof(desc));
      rc = fail(EXIT_USAGE, ck->where,
                "--check=%zu: reference file '%s' has %zu bytes, but arg %zu "
                "(%s) has %zu",
                ck->index, ck->path, ck->ref_size, ck->index, desc, a->bytes);
    }
  }
  for (size_t i = 0; i < c->nouts && !rc; ++i) {
    struct stat st;
    c->outs[i].created = stat(c->outs[i].path, &st) != 0;
    c->outs[i].file = fopen(c->outs[i].path, "ab");
    if (!c->outs[i].file)
      rc =
          fail(EXIT_USAGE, c->outs[i].where, "--out=%zu: cannot write '%s': %s",
               c->outs[i].index, c->outs[i].path, strerror(errno));
  }
  if (rc) {
    free(image);
    return rc;
  }

  /* Device. */
  fpa_rt_context_options opts;
  fpa_rt_context_options_init(&opts, c->backend);
  opts.platform_index = c->platform;
  opts.device_index = c->device;
  opts.library_path =
      c->backend == FPA_RT_BACKEND_CUDA ? c->cuda_lib : c->opencl_lib;
  fpa_rt_context *ctx = NULL;
  char *detail = NULL;
  int r = fpa_rt_context_create(&opts, &ctx, &detail);
  if (r != FPA_RT_SUCCESS) {
    free(image);
    rc = fail(exit_code_for(r), "", "%s", detail ? detail : fpa_rt_strerror(r));
    fpa_rt_free(detail);
    return rc;
  }
  if (c->verbose)
    fprintf(stderr, PROG ": device: %s\n", fpa_rt_context_device_name(ctx));

  fpa_rt_module *mod = NULL;
  fpa_rt_kernel *kernel = NULL;
  fpa_rt_arg *rtargs = xcalloc(c->nargs, sizeof(*rtargs));
  double *times = xcalloc(c->repeat, sizeof(*times));
  r = fpa_rt_module_load(ctx, c->format, image, image_size, c->build_options,
                         &mod);
  free(image);
  if (r != FPA_RT_SUCCESS) {
    rc = fail(exit_code_for(r), "", "%s: %s", c->kernel_file,
              fpa_rt_context_last_error(ctx));
    goto done;
  }
  if (c->verbose && fpa_rt_module_build_log(mod)[0])
    fprintf(stderr, PROG ": build log:\n%s\n", fpa_rt_module_build_log(mod));
  r = fpa_rt_kernel_get(mod, c->kernel, &kernel);
  if (r != FPA_RT_SUCCESS) {
    rc = fail(exit_code_for(r), "", "%s: %s", c->kernel_file,
              fpa_rt_context_last_error(ctx));
    goto done;
  }
  int nparams = fpa_rt_kernel_num_args(kernel);
  if (nparams >= 0 && (size_t)nparams != c->nargs) {
    rc = fail(EXIT_USAGE, "",
              "kernel '%s' takes %d argument%s, but %zu --arg%s given",
              c->kernel, nparams, nparams == 1 ? "" : "s", c->nargs,
              c->nargs == 1 ? " was" : "s were");
    goto done;
  }
  for (size_t i = 0; i < c->nargs; ++i) {
    cli_arg *a = &c->args[i];
    if (a->cls != A_BUFFER) {
      rtargs[i] = a->rt;
      continue;
    }
    r = fpa_rt_buffer_create(ctx, a->bytes, &a->buf);
    if (r != FPA_RT_SUCCESS) {
      rc = fail(exit_code_for(r), "", "--arg %zu (%s): %s", i, a->spec,
                fpa_rt_context_last_error(ctx));
      goto done;
    }
    rtargs[i].kind = FPA_RT_ARG_BUFFER;
    rtargs[i].value.buffer = a->buf;
  }

  for (size_t run_i = 0; run_i < c->warmup + c->repeat; ++run_i) {
    for (size_t i = 0; i < c->nargs; ++i) {
      cli_arg *a = &c->args[i];
      if (a->cls != A_BUFFER)
        continue;
      r = fpa_rt_buffer_write(a->buf, 0, a->host, a->bytes);
      if (r != FPA_RT_SUCCESS) {
        rc = fail(exit_code_for(r), "", "--arg %zu (%s): %s", i, a->spec,
                  fpa_rt_context_last_error(ctx));
        goto done;
      }
    }
    int timed = run_i >= c->warmup;
    double ms = 0;
    r = fpa_rt_launch(kernel, &cfg, rtargs, c->nargs,
                      c->time && timed ? &ms : NULL);
    if (r != FPA_RT_SUCCESS) {
      rc = fail(exit_code_for(r), "", "kernel '%s': %s", c->kernel,
                fpa_rt_context_last_error(ctx));
      goto done;
    }
    if (timed)
      times[run_i - c->warmup] = ms;
  }

  for (size_t i = 0; i < c->nargs; ++i) {
    cli_arg *a = &c->args[i];
    if (a->cls != A_BUFFER)
      continue;
    a->result = xcalloc(1, a->bytes);
    r = fpa_rt_buffer_read(a->buf, 0, a->result, a->bytes);
    if (r != FPA_RT_SUCCESS) {
      rc = fail(exit_code_for(r), "", "--arg %zu (%s): %s", i, a->spec,
                fpa_rt_context_last_error(ctx));
      goto done;
    }
  }

  if (c->time) {
    double sum = 0, mn = times[0], mx = times[0];
    for (size_t i = 0; i < c->repeat; ++i) {
      sum += times[i];
      mn = times[i] < mn ? times[i] : mn;
      mx = times[i] > mx ? times[i] : mx;
    }
    /* the median, from a sorted copy (insertion sort: repeat is small) */
    double med = times[0];
    double *sorted = malloc(c->repeat * sizeof *sorted);
    if (sorted) {
      for (size_t i = 0; i < c->repeat; ++i) {
        size_t j = i;
        for (; j > 0 && sorted[j - 1] > times[i]; --j)
          sorted[j] = sorted[j - 1];
        sorted[j] = times[i];
      }
      med = c->repeat % 2 ? sorted[c->repeat / 2]
                          : (sorted[c->repeat / 2 - 1] + sorted[c->repeat / 2]) / 2;
      free(sorted);
    }
    if (c->repeat == 1)
      printf("time: kernel %s: %.6f ms\n", c->kernel, times[0]);
    else
      printf("time: kernel %s: min %.6f ms, median %.6f ms, avg %.6f ms, max "
             "%.6f ms over %zu runs\n",
             c->kernel, mn, med, sum / (double)c->repeat, mx, c->repeat);
  }
  for (size_t i = 0; i < c->nprints; ++i)
    print_buffer(&c->args[c->prints[i].index], c->prints[i].index,
                 c->prints[i].limit);
  for (size_t i = 0; i < c->nouts; ++i) {
    out_req *o = &c->outs[i];
    const cli_arg *a = &c->args[o->index];
    /* now truncated: the run produced what replaces it */
    int bad = freopen(o->path, "wb", o->file) == NULL;
    if (bad) {
      o->file = NULL;
      rc = fail(EXIT_RUNTIME, "", "--out=%zu: error writing '%s': %s", o->index,
                o->path, strerror(errno));
      goto done;
    }
    bad = fwrite(a->result, 1, a->bytes, o->file) != a->bytes;
    bad |= fclose(o->file) != 0;
    o->file = NULL;
    if (bad) {
      rc = fail(EXIT_RUNTIME, "", "--out=%zu: error writing '%s': %s", o->index,
                o->path, strerror(errno));
      goto done;
    }
  }
  for (size_t i = 0; i < c->nchecks; ++i)
    if (run_check(c, &c->checks[i]))
      rc = EXIT_CHECK_FAILED;

done:
  free(times);
  free(rtargs);
  for (size_t i = 0; i < c->nargs; ++i) {
    fpa_rt_buffer_destroy(c->args[i].buf);
    c->args[i].buf = NULL;
  }
  fpa_rt_kernel_destroy(kernel);
  fpa_rt_module_destroy(mod);
  fpa_rt_context_destroy(ctx);
  fflush(stdout);
  return rc;
}

int main(int argc, char **argv) {
  cli c;
  memset(&c, 0, sizeof(c));
  c.platform = -1;
  c.device = -1;
  c.repeat = 1;
  c.max_mismatches = 10;

  int rc = parse_command_line(&c, argc, argv);
  if (rc)
    goto out;
  if (c.help) {
    print_help(stdout);
    goto out;
  }
  if (c.version) {
    printf(PROG " " FPA_RUN_VERSION "\n");
    goto out;
  }
  if (c.list_devices) {
    rc = list_devices(&c);
    goto out;
  }
  if (!c.kernel_file) {
    rc = fail(EXIT_USAGE, "", "no kernel file given (see " PROG " --help)");
    goto out;
  }
  if (!c.kernel) {
    rc = fail(EXIT_USAGE, "", "missing --kernel=NAME");
    goto out;
  }
  if (c.grid.given && (c.global.given || c.local.given)) {
    rc = fail(EXIT_USAGE, "",
              "--grid/--block and --global/--local cannot be mixed");
    goto out;
  }
  if (c.block.given && !c.grid.given) {
    rc = fail(EXIT_USAGE, "", "--block needs --grid");
    goto out;
  }
  if (c.local.given && !c.global.given) {
    rc = fail(EXIT_USAGE, "", "--local needs --global");
    goto out;
  }
  if (!c.grid.given && !c.global.given) {
    rc = fail(EXIT_USAGE, "",
              "missing launch size: give --grid[/--block] or "
              "--global[/--local]");
    goto out;
  }
  for (size_t i = 0; i < c.nouts && !rc; ++i)
    rc = check_index(&c, "out", c.outs[i].index, c.outs[i].where);
  for (size_t i = 0; i < c.nprints && !rc; ++i)
    rc = check_index(&c, "print", c.prints[i].index, c.prints[i].where);
  for (size_t i = 0; i < c.nchecks && !rc; ++i)
    rc = check_index(&c, "check", c.checks[i].index, c.checks[i].where);
  if (rc)
    goto out;
  rc = run(&c);
out:
  free_cli(&c);
  return rc;
}
