/*===-- fuzz_common.c - option sets and checks shared by the fuzz targets -===*\
|*                                                                          *|
|* Each input is lowered under every option set: the combinations below,    *|
|* and one set for each value of each option that the library's option      *|
|* table lists (fpa_option_info_at), so that a new option or value is       *|
|* fuzzed without an edit here.                                             *|
\*===----------------------------------------------------------------------===*/
#include "fuzz_common.h"

#include <llvm-c/Analysis.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Combinations that reach the forms one option alone does not. */
static const char *const combos[] = {
    "target=nvptx;sm=60;ptx=60",
    "target=nvptx;sm=50;minmax=loop;add=loop",
    "target=nvptx;sm=70;ptx=63;minmax=int;precheck=on",
    "target=nvptx;sm=80;ptx=70;assume=nan-free-memory",
    "target=nvptx;sm=90;ptx=80;aggregate=warp;assume=reassociate-fadd;"
    "warp-precheck=all",
    "target=nvptx;sm=80;aggregate=warp;warp-precheck=mixed;minmax=loop",
    "target=nvptx;sm=90;aggregate=warp;assume=nan-free-memory,subnormal-flush;"
    "precheck=on",
    "target=nvptx;sm=70;aggregate=warp;calls=fpa;assume=reassociate-fadd",
    "target=spirv;spirv-ext=all;assume=nan-free-memory",
    "target=spirv;spirv-ext=SPV_EXT_shader_atomic_float_add;minmax=int;"
    "precheck=on",
    "target=spirv;calls=opencl,spirv;add=loop;assume=subnormal-flush",
};

enum { MAX_SETS = 128 };
static fpa_options *sets[MAX_SETS];
static char *set_names[MAX_SETS];
static int nsets;

static void add_set(const char *list) {
  fpa_options *o = NULL;
  char *err = NULL;
  if (nsets == MAX_SETS || fpa_options_create(&o) != FPA_OK)
    abort();
  if (fpa_options_parse(o, list, &err) != FPA_OK) {
    fprintf(stderr, "fuzz: option set '%s': %s\n", list, err ? err : "");
    abort();
  }
  sets[nsets] = o;
  set_names[nsets++] = strdup(list);
}

/* One set per value that the option table lists for each option; values
 * written as placeholders (N, sm_N, EXT[,EXT...]) have capitals and are
 * left out, as is a "[,...]" tail. */
static void add_table_sets(void) {
  for (size_t i = 0; fpa_option_info_at(i); ++i) {
    const fpa_option_info *info = fpa_option_info_at(i);
    const char *p = info->values;
    while (*p) {
      size_t n = strcspn(p, "|");
      char value[128];
      snprintf(value, sizeof value, "%.*s", (int)n, p);
      char *bracket = strchr(value, '[');
      if (bracket)
        *bracket = 0;
      int placeholder = 0;
      for (const char *c = value; *c; ++c)
        placeholder |= isupper((unsigned char)*c);
      if (*value && !placeholder && strcmp(value, info->default_value) != 0) {
        char list[256];
        snprintf(list, sizeof list, "%s=%s", info->name, value);
        add_set(list);
      }
      p += n;
      if (*p)
        ++p;
    }
  }
}

void fuzz_init(void) {
  if (nsets)
    return;
  add_set(""); /* the defaults */
  for (size_t i = 0; i < sizeof combos / sizeof combos[0]; ++i)
    add_set(combos[i]);
  add_table_sets();
}

static void finding(const char *what, int set, const char *detail) {
  fprintf(stderr, "fuzz finding: %s under option set '%s'%s%s\n", what,
          set_names[set], detail ? ": " : "", detail ? detail : "");
  abort();
}

static void write_and_read(LLVMModuleRef copy, int set) {
  char *err = NULL;
  void *data = NULL;
  size_t size = 0;
  if (fpa_write_module(copy, FPA_FORMAT_BITCODE, NULL, &data, &size, &err) !=
      FPA_OK)
    finding("the lowered module cannot be written", set, err);
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef back = NULL;
  if (fpa_parse_module(ctx, "lowered.bc", data, size, NULL, &back, &err) !=
      FPA_OK)
    finding("the lowered module's bitcode does not read back", set, err);
  LLVMDisposeModule(back);
  LLVMContextDispose(ctx);
  fpa_free(data);
}

/* Whether `m`'s bitcode reads back as it is. LLVM's writer and reader
 * disagree on some inputs of their own (a string attribute with a NUL in
 * it): where the module before lowering does not read back, a lowered one
 * that does not is not the lowering's finding. */
static int reads_back(LLVMModuleRef m) {
  char *err = NULL;
  void *data = NULL;
  size_t size = 0;
  if (fpa_write_module(m, FPA_FORMAT_BITCODE, NULL, &data, &size, &err) !=
      FPA_OK) {
    fpa_free(err);
    return 0;
  }
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef back = NULL;
  int ok = fpa_parse_module(ctx, "input.bc", data, size, NULL, &back, &err) ==
           FPA_OK;
  fpa_free(err);
  LLVMDisposeModule(back);
  LLVMContextDispose(ctx);
  fpa_free(data);
  return ok;
}

static void lower_one(LLVMModuleRef copy, int set, int round_trip) {
  if (round_trip && !reads_back(copy))
    round_trip = 0;
  if (getenv("FPA_FUZZ_TRACE"))
    fprintf(stderr, "fuzz: option set '%s'%s\n", set_names[set],
            round_trip ? ", with the bitcode round trip" : "");
  fpa_report *report = NULL;
  char *err = NULL;
  int rc = fpa_lower_module(copy, sets[set], &report, &err);
  if (rc != FPA_OK)
    finding(fpa_result_string(rc), set, err);
  for (size_t i = 0; i < fpa_report_size(report); ++i) {
    char *line = fpa_record_format(fpa_report_at(report, i));
    if (!line)
      finding("a record does not format", set, NULL);
    fpa_free(line);
  }
  fpa_report_destroy(report);
  char *msg = NULL;
  if (LLVMVerifyModule(copy, LLVMReturnStatusAction, &msg))
    finding("the lowered module does not verify", set, msg);
  LLVMDisposeMessage(msg);
  if (round_trip)
    write_and_read(copy, set);
}

void fuzz_lower_all(fuzz_make_fn make, void *arg, const void *input,
                    size_t size) {
  unsigned long long h = 14695981039346656037ull; /* FNV-1a */
  for (size_t i = 0; i < size; ++i)
    h = (h ^ ((const unsigned char *)input)[i]) * 1099511628211ull;
  for (int i = 0; i < nsets; ++i) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = make(ctx, arg);
    if (m) {
      lower_one(m, i, (unsigned long long)i == h % (unsigned)nsets);
      LLVMDisposeModule(m);
    }
    LLVMContextDispose(ctx);
    if (!m)
      break;
  }
}
