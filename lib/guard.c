/*===-- guard.c - LLVM's fatal errors as a result code --------------------===*\
|*                                                                          *|
|* LLVM ends the process on a fatal error (report_fatal_error): its IR      *|
|* parser does so for any module that carries "Debug Info Version" 3 and    *|
|* fails verification, and a raw_fd_ostream does so when a write fails.     *|
|* A library that compilers embed must not take their process down on bad   *|
|* input, so the public entry points run their work through               *|
|* fpa_guard_call(): it installs a fatal-error handler that longjmps back   *|
|* to the call's recovery point, and the call returns FPA_ERR_FATAL with    *|
|* LLVM's reason. LLVM's CrashRecoveryContext does the same with its own    *|
|* jump buffer.                                                              *|
|*                                                                          *|
|* State: LLVM keeps one fatal-error handler for the whole process, and its *|
|* C API passes the handler no user data. So there is                       *|
|*  - a thread-local pointer to the innermost guarded call of this thread   *|
|*    (NULL outside guarded calls), and                                     *|
|*  - a count of guarded calls in flight in the process, under a mutex:     *|
|*    the first installs the handler, the last resets LLVM's default.       *|
|* Both are back at NULL and 0 when no guarded call runs, so nothing        *|
|* outlives a call. docs/robustness.md says what the guard cannot catch.    *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <llvm-c/ErrorHandling.h>

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct guard_frame {
  jmp_buf env;
  struct guard_frame *outer; /* the enclosing guarded call of this thread */
  char *reason;              /* the caller's buffer for LLVM's reason */
  size_t reason_size;
} guard_frame;

static _Thread_local guard_frame *innermost;
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned in_flight;

/* The handler LLVM calls before it ends the process. On a thread inside a
 * guarded call it jumps back to that call. On any other thread it does
 * what LLVM does with no handler installed: prints the reason and returns,
 * and LLVM then exits. */
static void on_fatal_error(const char *reason) {
  guard_frame *f = innermost;
  if (!f) {
    fprintf(stderr, "LLVM ERROR: %s\n", reason ? reason : "");
    return;
  }
  snprintf(f->reason, f->reason_size, "%s", reason ? reason : "");
  longjmp(f->env, 1);
}

static void enter(void) {
  pthread_mutex_lock(&install_lock);
  if (in_flight++ == 0)
    LLVMInstallFatalErrorHandler(on_fatal_error);
  pthread_mutex_unlock(&install_lock);
}

static void leave(void) {
  pthread_mutex_lock(&install_lock);
  if (--in_flight == 0)
    LLVMResetFatalErrorHandler();
  pthread_mutex_unlock(&install_lock);
}

int fpa_guard_call(const fpa_options *o, fpa_guarded_fn fn, void *arg,
                   char *reason, size_t reason_size) {
  if (reason_size)
    reason[0] = 0;
  if (o && o->keep_fatal_handler)
    return fn(arg);
  guard_frame frame;
  frame.outer = innermost;
  frame.reason = reason;
  frame.reason_size = reason_size;
  enter();
  innermost = &frame;
  /* No local that is read after a longjmp back changes after setjmp, so
   * none needs to be volatile. */
  int rc;
  if (setjmp(frame.env) == 0)
    rc = fn(arg);
  else
    rc = FPA_ERR_FATAL;
  innermost = frame.outer;
  leave();
  return rc;
}

void fpa_options_set_catch_fatal(fpa_options *opts, int on) {
  if (opts)
    opts->keep_fatal_handler = !on;
}
