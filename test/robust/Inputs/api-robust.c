/* Checks, through the C API, what docs/robustness.md says about LLVM's
 * fatal errors: each mode prints what it saw, and api-robust.test checks
 * the lines.
 *
 *   fpa-api-robust MODE BAD.ll GOOD.ll
 *
 * BAD makes LLVM's IR parser report a fatal error; GOOD is a module with
 * one atomicrmw to lower.
 *   parse    fpa_parse_module on BAD, GOOD, BAD, GOOD: FPA_ERR_FATAL with
 *            LLVM's reason, then FPA_OK; the process lives on.
 *   lower    lowers GOOD with a record callback that parses BAD with
 *            LLVMParseIRInContext (no guard of its own): the fatal error
 *            inside fpa_lower_module makes it return FPA_ERR_FATAL.
 *   nested   the same, but the callback calls fpa_parse_module: the inner
 *            call returns FPA_ERR_FATAL and the lowering goes on to FPA_OK.
 *   host     the program installs its own handler and turns catching off:
 *            fpa_parse_module on BAD reaches the program's handler.
 *   reset    the program installs its own handler, then a guarded call
 *            runs: LLVM's default handling is in force after it (LLVM has
 *            no way to read a handler back), so an unguarded parse of BAD
 *            prints "LLVM ERROR" and aborts.
 *   threads  four threads, 50 times each: two parse BAD (FPA_ERR_FATAL each
 *            time), two parse and lower GOOD (FPA_OK), all at once, so that
 *            guarded calls start and end while others are in flight.
 *   broken   lowers GOOD with the library's test switch that breaks each
 *            lowered function (internal.h, test_break): FPA_ERR_VERIFY, and
 *            the module verifies afterwards, the function's body replaced
 *            by one block with only `unreachable`.
 *   broken-added  the same with the switch that breaks each function the
 *            lowering adds (GOOD's atomic needs the NaN repair's): the
 *            added function's body is replaced, f's stays lowered. */
#include "fpatomics.h"
#include "internal.h" /* fpa_options.test_break */

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/IRReader.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *bad, *good;
static size_t bad_size, good_size;

static char *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  char *buf = malloc(1 << 16);
  *size = fread(buf, 1, 1 << 16, f);
  fclose(f);
  return buf;
}

/* Parses `text` through the library into a new context. */
static int parse(const char *text, size_t size, const fpa_options *o,
                 char **err) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  int rc = fpa_parse_module(ctx, "in.ll", text, size, o, &m, err);
  if (rc == FPA_OK)
    LLVMDisposeModule(m);
  /* After FPA_ERR_FATAL the context is disposed of, not used. */
  LLVMContextDispose(ctx);
  return rc;
}

static void print_parse(const char *what, const char *text, size_t size) {
  char *err = NULL;
  int rc = parse(text, size, NULL, &err);
  printf("parse %s: %d %s\n", what, rc, err ? err : "");
  fpa_free(err);
}

/* Record callbacks: an unguarded LLVM call that reports a fatal error, or
 * a nested guarded one. */
static void fatal_in_callback(void *user, const fpa_record *r,
                              LLVMValueRef inst) {
  (void)user, (void)r, (void)inst;
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(bad, bad_size, "bad.ll");
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  LLVMParseIRInContext(ctx, buf, &m, &msg);
  printf("not reached\n");
}

static void nested_in_callback(void *user, const fpa_record *r,
                               LLVMValueRef inst) {
  (void)user, (void)r, (void)inst;
  char *err = NULL;
  int rc = parse(bad, bad_size, NULL, &err);
  printf("nested parse: %d\n", rc);
  fpa_free(err);
}

static int lower_good(fpa_record_fn cb, char **err) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  int rc = fpa_parse_module(ctx, "good.ll", good, good_size, NULL, &m, err);
  if (rc != FPA_OK)
    return rc;
  fpa_options *o = NULL;
  fpa_options_create(&o);
  fpa_options_set_callback(o, cb, NULL);
  fpa_report *report = NULL;
  rc = fpa_lower_module(m, o, &report, err);
  fpa_report_destroy(report);
  fpa_options_destroy(o);
  /* After FPA_ERR_FATAL too: disposing of them is all that is left. */
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return rc;
}

static void host_handler(const char *reason) {
  printf("host handler: %s\n", reason);
  fflush(stdout);
  exit(7);
}

static void *bad_loop(void *arg) {
  int *fails = arg;
  for (int i = 0; i < 50; ++i) {
    char *err = NULL;
    if (parse(bad, bad_size, NULL, &err) != FPA_ERR_FATAL)
      ++*fails;
    fpa_free(err);
  }
  return NULL;
}

static void *good_loop(void *arg) {
  int *fails = arg;
  for (int i = 0; i < 50; ++i) {
    char *err = NULL;
    if (lower_good(NULL, &err) != FPA_OK)
      ++*fails;
    fpa_free(err);
  }
  return NULL;
}

/* The broken modes: lowers GOOD with the test switch `which` (1, 2:
 * internal.h, test_break), then prints the result, whether the module
 * verifies, and each defined function's blocks and first instruction. */
static void broken(const char *mode, int which) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  char *err = NULL;
  if (fpa_parse_module(ctx, "good.ll", good, good_size, NULL, &m, &err))
    exit(1);
  fpa_options *o = NULL;
  fpa_options_create(&o);
  o->test_break = which;
  int rc = fpa_lower_module(m, o, NULL, &err);
  printf("%s: %d %s\n", mode, rc, err ? err : "");
  fpa_free(err);
  char *msg = NULL;
  printf("verify after: %d\n",
         LLVMVerifyModule(m, LLVMReturnStatusAction, &msg));
  LLVMDisposeMessage(msg);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn;
       fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    size_t len = 0;
    LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn);
    printf("%s: %u block(s), first instruction %s\n",
           LLVMGetValueName2(fn, &len), LLVMCountBasicBlocks(fn),
           LLVMGetInstructionOpcode(LLVMGetFirstInstruction(bb)) ==
                   LLVMUnreachable
               ? "unreachable"
               : "other");
  }
  fpa_options_destroy(o);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: fpa-api-robust MODE BAD.ll GOOD.ll\n");
    return 2;
  }
  const char *mode = argv[1];
  bad = slurp(argv[2], &bad_size);
  good = slurp(argv[3], &good_size);
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (strcmp(mode, "parse") == 0) {
    print_parse("bad", bad, bad_size);
    print_parse("good", good, good_size);
    print_parse("bad", bad, bad_size);
    print_parse("good", good, good_size);
  } else if (strcmp(mode, "lower") == 0 || strcmp(mode, "nested") == 0) {
    char *err = NULL;
    int rc = lower_good(mode[0] == 'l' ? fatal_in_callback : nested_in_callback,
                        &err);
    printf("lower: %d %s\n", rc, err ? err : "");
    fpa_free(err);
    print_parse("good", good, good_size);
  } else if (strcmp(mode, "host") == 0) {
    LLVMInstallFatalErrorHandler(host_handler);
    fpa_options *o = NULL;
    fpa_options_create(&o);
    fpa_options_set_catch_fatal(o, 0);
    char *err = NULL;
    parse(bad, bad_size, o, &err);
    printf("not reached\n");
  } else if (strcmp(mode, "reset") == 0) {
    LLVMInstallFatalErrorHandler(host_handler);
    print_parse("bad", bad, bad_size);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = NULL;
    char *msg = NULL;
    LLVMParseIRInContext(
        ctx, LLVMCreateMemoryBufferWithMemoryRangeCopy(bad, bad_size, "b.ll"),
        &m, &msg);
    printf("not reached\n");
  } else if (strcmp(mode, "broken") == 0 || strcmp(mode, "broken-added") == 0) {
    broken(mode, strcmp(mode, "broken") == 0 ? 1 : 2);
  } else if (strcmp(mode, "options") == 0) {
    /* fpa_options_parse is all or nothing, a bare name only for on/off
     * options, messages for NULL arguments; clone(NULL) clears *out */
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = NULL;
    char *err = NULL;
    fpa_parse_module(ctx, "good.ll", good, good_size, NULL, &m, &err);
    fpa_options *o = NULL;
    fpa_options_create(&o);
    printf("target before: %d\n", fpa_module_is_target(m, o));
    int rc = fpa_options_parse(o, "target=none;sm=bogus", &err);
    printf("parse bad list: %d %s\n", rc, err ? err : "(no message)");
    fpa_free(err);
    err = NULL;
    printf("target after: %d\n", fpa_module_is_target(m, o));
    rc = fpa_options_parse(o, "target=none", &err);
    printf("parse good list: %d, target now: %d\n", rc,
           fpa_module_is_target(m, o));
    const char *bare[] = {"sm", "ptx", "raise", "precheck", "frob"};
    for (int i = 0; i < 5; ++i) {
      rc = fpa_options_parse(o, bare[i], &err);
      printf("bare %s: %d %s\n", bare[i], rc, err ? err : "");
      fpa_free(err);
      err = NULL;
    }
    /* blanks around items, names and values; an option twice */
    const char *lists[] = {" target=none ; sm=90 ", "target = none",
                           "sm=90;target=none;sm=80", "raise;raise=off"};
    for (int i = 0; i < 4; ++i) {
      rc = fpa_options_parse(o, lists[i], &err);
      printf("list [%s]: %d %s\n", lists[i], rc, err ? err : "");
      fpa_free(err);
      err = NULL;
    }
    rc = fpa_options_parse(NULL, "sm=90", &err);
    printf("parse NULL options: %d %s\n", rc, err ? err : "(no message)");
    fpa_free(err);
    err = NULL;
    rc = fpa_options_parse(o, NULL, &err);
    printf("parse NULL list: %d %s\n", rc, err ? err : "(no message)");
    fpa_free(err);
    fpa_options *c = (fpa_options *)o; /* not NULL before the call */
    rc = fpa_options_clone(NULL, &c);
    printf("clone NULL: %d %s\n", rc, c ? "out not cleared" : "out NULL");
    fpa_options_destroy(o);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  } else if (strcmp(mode, "threads") == 0) {
    pthread_t t[4];
    int fails[4] = {0};
    for (int i = 0; i < 4; ++i)
      pthread_create(&t[i], NULL, i % 2 ? good_loop : bad_loop, &fails[i]);
    for (int i = 0; i < 4; ++i)
      pthread_join(t[i], NULL);
    printf("threads: %d unexpected results of 200\n",
           fails[0] + fails[1] + fails[2] + fails[3]);
  } else {
    fprintf(stderr, "fpa-api-robust: unknown mode '%s'\n", mode);
    return 2;
  }
  return 0;
}
