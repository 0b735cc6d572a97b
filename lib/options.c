/*===-- options.c - the one option set, and its one parser ---------------===*\
|*                                                                          *|
|* opt pass parameters, clang -mllvm -fpa-NAME, fpa-opt --NAME and the C    *|
|* API all end in fpa_options_set(), so they accept the same names and      *|
|* values and fail with the same messages.                                  *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const fpa_option_info option_table[] = {
    {"target", "auto|nvptx|spirv|none", "auto",
     "Target whose lowering rules apply; auto takes it from the module "
     "triple (nvptx*, spir*, spirv*) and leaves other modules untouched; "
     "nvptx and spirv force those rules on any triple."},
    {"sm", "auto|N|sm_N", "auto",
     "NVPTX SM version; auto reads each function's \"target-cpu\"."},
    {"ptx", "auto|N", "auto",
     "NVPTX PTX ISA version (78 for 7.8); auto reads each function's "
     "\"target-features\" (+ptxN)."},
    {"spirv-ext", "none|all|EXT[,EXT...]", "none",
     "SPIR-V float-atomic extensions the device has: "
     "SPV_EXT_shader_atomic_float_add, SPV_EXT_shader_atomic_float16_add, "
     "SPV_EXT_shader_atomic_float_min_max (in opt pass parameters separate "
     "them with ':'). fadd stays native only when declared; min_max does not "
     "change the lowering, as OpAtomicFMinEXT leaves -0/+0 unordered."},
    {"minmax", "auto|int|loop|keep", "auto",
     "Strategy for fmin/fmax/fminimum/fmaximum: auto picks the fastest exact "
     "form, int asks for the integer sign-bit trick, loop for a cmpxchg "
     "loop, keep leaves them as they are."},
    {"add", "auto|loop|keep", "auto",
     "Strategy for fadd/fsub: auto keeps native fadd (fsub: fadd of -v); "
     "where NVPTX atom.add.f32 flushes subnormals (global or generic "
     "memory) it guards it: native when |v| >= 2^-101, inf or NaN, where "
     "flushing cannot change the result, an exact cmpxchg loop otherwise; "
     "loop always loops, keep leaves them as they are."},
    {"assume", "none|nan-free-memory|subnormal-flush|reassociate-fadd[,...]",
     "none",
     "Opt-in assumptions that allow faster, not always exact, forms. "
     "nan-free-memory: the location never holds a NaN that this lowering did "
     "not store (drops the NaN repair of fmin/fmax and lets "
     "fminimum/fmaximum use the integer trick). subnormal-flush: fadd/fsub "
     "results may flush subnormals (NVPTX f32 fadd/fsub use atom.add.f32 with "
     "no guard). "
     "reassociate-fadd: with aggregate=warp, a warp's fadd/fsub operands may "
     "be summed before the one atomic (rounding differs from one atomic per "
     "lane). In opt pass parameters separate list items with ':'."},
    {"aggregate", "auto|none|warp", "auto",
     "Combine the updates of lanes of a warp that hit the same address into "
     "one atomic, done by the lowest such lane. warp: NVPTX sm_70+ (sm_80+ "
     "adds redux.sync), non-volatile monotonic atomicrmw; exact for "
     "fmin/fmax/fminimum/fmaximum (all types), fadd/fsub (float, double) "
     "only with assume=reassociate-fadd. A used result is rebuilt for each "
     "lane by a scan in lane order, behind a leader whose atomic is "
     "predicated PTX. auto: warp for fmin/fmax/fminimum/fmaximum where the "
     "code is sure to get PTX 6.2 (sm_75+, or an explicit ptx option) (no "
     "run-time test where the address is a kernel's pointer argument or a "
     "global plus constant offsets; else lanes are grouped at run time, "
     "and the per-lane path keeps the per-lane lowering, precheck=adaptive "
     "included; with the result used, the leaders' integer trick loads "
     "first while a hint of its own says recent updates were no-ops); none "
     "elsewhere."},
    {"warp-precheck", "off|mixed|all", "off",
     "With aggregate=warp, fmin/fmax by the integer trick with its NaN "
     "repair or a used result, on the per-lane path (lanes with distinct "
     "addresses): mixed: a warp whose lanes need both integer atomics "
     "(operands of both signs) loads first and skips the no-ops (as "
     "precheck=on) when a hint in shared memory says that most recent "
     "updates of this site in the thread block changed nothing; the warp's "
     "lowest lane then updates the hint. all: every warp on that path does "
     "so. Exact either way: the hint only picks between two exact "
     "lowerings. Adds 8 bytes of static shared memory per site. Opt-in: at "
     "a few hot addresses it reaches the integer limit on mixed-sign data, "
     "but at many cold addresses it costs about 2 to 5% there (README, "
     "Performance)."},
    {"precheck", "adaptive|on|off", "adaptive",
     "fmin/fmax by the integer trick: load the location first and skip the "
     "atomic when that value shows the update cannot change memory (the "
     "returned old value is the loaded one). Exact, and applied only to "
     "non-volatile monotonic atomics, where a no-op read-modify-write may "
     "be realised as an atomic load. adaptive (NVPTX sm_70+ without "
     "aggregate=warp, and under aggregate=auto both the per-lane path and "
     "the one update of a group; elsewhere off): each warp loads first "
     "only while a "
     "hint in shared memory (8 bytes per site; 16 where aggregate=auto "
     "groups at run time and the result is used or the value is 64 bits) "
     "says recent updates of the "
     "site in the thread block were no-ops, and both forms keep the hint up "
     "to date; otherwise, where the result is used or the value is 64 "
     "bits, a warp whose operands have both signs first tries one cmpxchg "
     "from a loaded value (sm_75+ or ptx>=62: it needs activemask). on: "
     "always load first (slower where most updates change memory). off: "
     "never."},
    {"calls", "all|none|opencl,spirv,fpa", "all",
     "Calls that spell a float atomic and are turned into atomicrmw first: "
     "opencl (OpenCL C atomic_fetch_add/sub/min/max[_explicit] on "
     "atomic_half/float/double), spirv (__spirv_AtomicFAddEXT, FMinEXT, "
     "FMaxEXT), fpa (__fpa_atomic_fetch_<op>_<type>_<scope>). opencl and "
     "spirv apply to SPIR/SPIR-V modules only."},
    {"raise", "on|off", "on",
     "Replace each hand-written compare-and-swap loop that is exactly one "
     "atomic fadd, fsub, minnum, maxnum, minimum or maximum of a float (CUDA "
     "atomicCAS, OpenCL atomic_cmpxchg/atom_cmpxchg, C11 "
     "atomic_compare_exchange_*) by that atomicrmw first, so it gets the "
     "exact lowering; loops it leaves are reported with the reason "
     "(docs/raise.md)."},
};

const fpa_option_info *fpa_option_info_at(size_t index) {
  if (index >= sizeof option_table / sizeof option_table[0])
    return NULL;
  return &option_table[index];
}

int fpa_options_create(fpa_options **out) {
  if (!out)
    return FPA_ERR_ARGUMENT;
  fpa_options *o = calloc(1, sizeof *o);
  *out = o;
  if (!o)
    return FPA_ERR_NOMEM;
  o->target = FPA_TARGET_AUTO;
  o->minmax = FPA_FS_AUTO;
  o->add = FPA_FS_AUTO;
  o->calls = FPA_CALLS_ALL;
  o->raise = 1;
  o->precheck = FPA_PRECHECK_ADAPTIVE;
  o->aggregate = FPA_AGG_AUTO;
  return FPA_OK;
}

int fpa_options_clone(const fpa_options *src, fpa_options **out) {
  if (out)
    *out = NULL;
  if (!src || !out)
    return FPA_ERR_ARGUMENT;
  *out = malloc(sizeof **out);
  if (!*out)
    return FPA_ERR_NOMEM;
  **out = *src;
  return FPA_OK;
}

void fpa_options_destroy(fpa_options *opts) { free(opts); }

void fpa_options_set_callback(fpa_options *opts, fpa_record_fn fn, void *user) {
  if (!opts)
    return;
  opts->callback = fn;
  opts->callback_user = user;
}

static int fail(char **error, const char *name, const char *value,
                const char *expected) {
  if (error)
    *error = fpa_strprintf("invalid value '%s' for option '%s' (expected %s)",
                           value, name, expected);
  return FPA_ERR_OPTION;
}

/* A keyword value's meaning (see keyword_value). */
typedef struct keyword {
  const char *word;
  int value;
} keyword;

/* Sets *out to the value of `word` in table t[0..n-1]; 0 where it has
 * none. */
static int keyword_value(const char *word, const keyword *t, size_t n,
                         int *out) {
  for (size_t i = 0; i < n; ++i)
    if (strcmp(word, t[i].word) == 0) {
      *out = t[i].value;
      return 1;
    }
  return 0;
}
#define KEYWORD_VALUE(word, table, out)                                        \
  keyword_value(word, table, sizeof table / sizeof table[0], out)

/* Parses a decimal version number ("90", "sm_90", "sm_90a"); "auto" is 0. */
static int parse_version(const char *v, const char *prefix, unsigned *out) {
  if (strcmp(v, "auto") == 0) {
    *out = 0;
    return 1;
  }
  size_t pl = strlen(prefix);
  if (pl && strncmp(v, prefix, pl) == 0)
    v += pl;
  if (!isdigit((unsigned char)*v))
    return 0;
  errno = 0;
  char *end;
  unsigned long n = strtoul(v, &end, 10);
  if (errno || n == 0 || n > 10000)
    return 0;
  /* sm_90a / sm_100f: architecture-specific suffixes, for the SM only */
  if (*end && !(strcmp(prefix, "sm_") == 0 &&
                (strcmp(end, "a") == 0 || strcmp(end, "f") == 0)))
    return 0;
  *out = (unsigned)n;
  return 1;
}

/* Whether the list `v` has "none" among other items ("none" stands alone:
 * beside others it would be silently ignored). */
static int none_among_others(const char *v) {
  int items = 1, none = 0;
  const char *p = v;
  for (;;) {
    const char *sep = strpbrk(p, ",:");
    size_t n = sep ? (size_t)(sep - p) : strlen(p);
    const char *q = p;
    if (n && *q == '+') /* spirv-ext's "+EXT" */
      ++q, --n;
    none |= n == 4 && strncmp(q, "none", 4) == 0;
    if (!sep)
      break;
    ++items;
    p = sep + 1;
  }
  return none && items > 1;
}

/* Calls `fn` on each item of a list separated by ',' or ':' (opt splits
 * -passes at commas, so pass parameters use ':'); stops at the first
 * failure. */
static int each_item(const char *list, int (*fn)(const char *, size_t, void *),
                     void *ctx) {
  const char *p = list;
  for (;;) {
    const char *comma = strpbrk(p, ",:");
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    if (!fn(p, n, ctx))
      return 0;
    if (!comma)
      return 1;
    p = comma + 1;
  }
}

static int item_is(const char *p, size_t n, const char *word) {
  return strlen(word) == n && strncmp(p, word, n) == 0;
}

static int spirv_item(const char *p, size_t n, void *ctx) {
  unsigned *mask = ctx;
  if (n && *p == '+')
    ++p, --n;
  if (item_is(p, n, "none"))
    return 1;
  if (item_is(p, n, "all")) {
    *mask |= FPA_SPV_FLOAT_ADD | FPA_SPV_FLOAT16_ADD | FPA_SPV_FLOAT_MIN_MAX;
    return 1;
  }
  if (item_is(p, n, "SPV_EXT_shader_atomic_float_add"))
    *mask |= FPA_SPV_FLOAT_ADD;
  else if (item_is(p, n, "SPV_EXT_shader_atomic_float16_add"))
    *mask |= FPA_SPV_FLOAT16_ADD;
  else if (item_is(p, n, "SPV_EXT_shader_atomic_float_min_max"))
    *mask |= FPA_SPV_FLOAT_MIN_MAX;
  else
    return 0;
  return 1;
}

static int calls_item(const char *p, size_t n, void *ctx) {
  unsigned *mask = ctx;
  if (item_is(p, n, "none"))
    return 1;
  if (item_is(p, n, "all"))
    *mask |= FPA_CALLS_ALL;
  else if (item_is(p, n, "opencl"))
    *mask |= FPA_CALLS_OPENCL;
  else if (item_is(p, n, "spirv"))
    *mask |= FPA_CALLS_SPIRV;
  else if (item_is(p, n, "fpa"))
    *mask |= FPA_CALLS_FPA;
  else
    return 0;
  return 1;
}

static int assume_item(const char *p, size_t n, void *ctx) {
  unsigned *mask = ctx;
  if (item_is(p, n, "none"))
    return 1;
  if (item_is(p, n, "nan-free-memory"))
    *mask |= FPA_ASSUME_NAN_FREE_MEMORY;
  else if (item_is(p, n, "subnormal-flush"))
    *mask |= FPA_ASSUME_SUBNORMAL_FLUSH;
  else if (item_is(p, n, "reassociate-fadd"))
    *mask |= FPA_ASSUME_REASSOCIATE_FADD;
  else
    return 0;
  return 1;
}

int fpa_options_set(fpa_options *o, const char *name, const char *value,
                    char **error) {
  if (error)
    *error = NULL;
  if (!o || !name) {
    if (error)
      *error = fpa_strdup("fpa_options_set: NULL option set or name");
    return FPA_ERR_ARGUMENT;
  }
  if (!value)
    value = "";
  int k;
  if (strcmp(name, "target") == 0) {
    static const keyword t[] = {
        {"auto", FPA_TARGET_AUTO},    {"nvptx", FPA_TARGET_NVPTX},
        {"nvptx64", FPA_TARGET_NVPTX}, {"spirv", FPA_TARGET_SPIRV},
        {"spirv64", FPA_TARGET_SPIRV}, {"spir", FPA_TARGET_SPIRV},
        {"spir64", FPA_TARGET_SPIRV},  {"none", FPA_TARGET_NONE}};
    if (!KEYWORD_VALUE(value, t, &k))
      return fail(error, name, value, "auto, nvptx, spirv or none");
    o->target = (fpa_target)k;
    return FPA_OK;
  }
  if (strcmp(name, "sm") == 0) {
    if (!parse_version(value, "sm_", &o->sm))
      return fail(error, name, value, "auto, a number such as 90, or sm_90");
    return FPA_OK;
  }
  if (strcmp(name, "ptx") == 0) {
    if (!parse_version(value, "ptx", &o->ptx))
      return fail(error, name, value, "auto or a number such as 78");
    return FPA_OK;
  }
  if (strcmp(name, "spirv-ext") == 0) {
    unsigned mask = 0;
    if (!*value || none_among_others(value) ||
        !each_item(value, spirv_item, &mask))
      return fail(error, name, value,
                  "none, all, or a comma list of "
                  "SPV_EXT_shader_atomic_float_add, "
                  "SPV_EXT_shader_atomic_float16_add, "
                  "SPV_EXT_shader_atomic_float_min_max");
    o->spirv_ext = mask;
    return FPA_OK;
  }
  if (strcmp(name, "minmax") == 0 || strcmp(name, "add") == 0) {
    /* "int" (the last entry) is for minmax only */
    static const keyword t[] = {{"auto", FPA_FS_AUTO},
                                {"loop", FPA_FS_LOOP},
                                {"keep", FPA_FS_KEEP},
                                {"int", FPA_FS_INT}};
    int is_add = name[0] == 'a';
    if (!keyword_value(value, t, is_add ? 3 : 4, &k))
      return fail(error, name, value,
                  is_add ? "auto, loop or keep" : "auto, int, loop or keep");
    *(is_add ? &o->add : &o->minmax) = (fpa_family_strategy)k;
    return FPA_OK;
  }
  if (strcmp(name, "warp-precheck") == 0) {
    static const keyword t[] = {{"off", FPA_WARP_PRECHECK_OFF},
                                {"mixed", FPA_WARP_PRECHECK_MIXED},
                                {"all", FPA_WARP_PRECHECK_ALL}};
    if (!KEYWORD_VALUE(value, t, &k))
      return fail(error, name, value, "off, mixed or all");
    o->warp_precheck = (fpa_warp_precheck)k;
    return FPA_OK;
  }
  if (strcmp(name, "precheck") == 0) {
    static const keyword t[] = {{"on", 1},
                                {"1", 1},
                                {"off", 0},
                                {"0", 0},
                                {"adaptive", FPA_PRECHECK_ADAPTIVE}};
    if (!KEYWORD_VALUE(value, t, &k))
      return fail(error, name, value, "on, off or adaptive");
    o->precheck = k;
    return FPA_OK;
  }
  if (strcmp(name, "raise") == 0) {
    static const keyword t[] = {{"on", 1}, {"1", 1}, {"off", 0}, {"0", 0}};
    if (!KEYWORD_VALUE(value, t, &k))
      return fail(error, name, value, "on or off");
    o->raise = k;
    return FPA_OK;
  }
  if (strcmp(name, "assume") == 0) {
    unsigned mask = 0;
    if (!*value || none_among_others(value) ||
        !each_item(value, assume_item, &mask))
      return fail(error, name, value,
                  "none, or a comma list of nan-free-memory, "
                  "subnormal-flush, reassociate-fadd");
    o->assume = mask;
    return FPA_OK;
  }
  if (strcmp(name, "calls") == 0) {
    unsigned mask = 0;
    if (!*value || none_among_others(value) ||
        !each_item(value, calls_item, &mask))
      return fail(error, name, value,
                  "all, none, or a comma list of opencl, spirv, fpa");
    o->calls = mask;
    return FPA_OK;
  }
  if (strcmp(name, "aggregate") == 0) {
    static const keyword t[] = {
        {"auto", FPA_AGG_AUTO}, {"none", FPA_AGG_NONE}, {"warp", FPA_AGG_WARP}};
    if (!KEYWORD_VALUE(value, t, &k))
      return fail(error, name, value, "auto, none or warp");
    o->aggregate = (fpa_aggregate)k;
    return FPA_OK;
  }
  if (error)
    *error = fpa_strprintf("unknown option '%s'", name);
  return FPA_ERR_OPTION;
}

/* `s` without its leading and trailing blanks (in place). */
static char *trim(char *s) {
  while (isspace((unsigned char)*s))
    ++s;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1]))
    s[--n] = 0;
  return s;
}

int fpa_options_parse(fpa_options *o, const char *list, char **error) {
  if (error)
    *error = NULL;
  if (!o || !list) {
    if (error)
      *error = fpa_strdup(!o ? "fpa_options_parse: NULL options"
                             : "fpa_options_parse: NULL list");
    return FPA_ERR_ARGUMENT;
  }
  char *copy = fpa_strdup(list);
  if (!copy) {
    if (error)
      *error = fpa_strdup("out of memory");
    return FPA_ERR_NOMEM;
  }
  /* all or nothing: the items go into a copy, which replaces `o` only when
   * every one of them is valid */
  fpa_options work = *o;
  int rc = FPA_OK;
  char *save = NULL;
  /* the options this list has set, by their index in the table */
  unsigned char seen[64] = {0};
  for (char *item = strtok_r(copy, ";", &save); item;
       item = strtok_r(NULL, ";", &save)) {
    item = trim(item);
    if (!*item)
      continue;
    char *eq = strchr(item, '=');
    const char *value = "1";
    if (eq) {
      *eq = 0;
      value = trim(eq + 1);
      item = trim(item);
    }
    size_t k = 0;
    while (fpa_option_info_at(k) && strcmp(fpa_option_info_at(k)->name, item))
      ++k;
    if (fpa_option_info_at(k) && k < sizeof seen && seen[k]++) {
      /* the last would silently win, as fpa-opt refuses for its flags */
      if (error)
        *error = fpa_strprintf("option '%s' given more than once", item);
      rc = FPA_ERR_OPTION;
      break;
    }
    if (!eq && strcmp(item, "raise") != 0 && strcmp(item, "precheck") != 0) {
      /* a bare name means name=1, which only the on/off options take */
      int known = 0;
      for (size_t k = 0; fpa_option_info_at(k); ++k)
        known |= strcmp(fpa_option_info_at(k)->name, item) == 0;
      if (error)
        *error = known ? fpa_strprintf("option '%s' needs a value (%s=VALUE)",
                                       item, item)
                       : fpa_strprintf("unknown option '%s'", item);
      rc = FPA_ERR_OPTION;
      break;
    }
    rc = fpa_options_set(&work, item, value, error);
    if (rc != FPA_OK)
      break;
  }
  free(copy);
  if (rc == FPA_OK)
    *o = work;
  return rc;
}
