/*===-- io.c - modules from bytes and to bytes, without aborting ----------===*\
|*                                                                          *|
|* fpa_parse_module reads IR text or bitcode and verifies it, and           *|
|* fpa_write_module prints or writes bitcode into memory, each through      *|
|* fpa_guard_call (guard.c), so that LLVM's fatal errors on bad input       *|
|* become FPA_ERR_FATAL. Writing goes to memory, not to a raw_fd_ostream,   *|
|* which ends the process when a write to the file fails: the caller        *|
|* writes the bytes and sees the error.                                     *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <stdlib.h>
#include <string.h>

/* The context's diagnostic handler during fpa_parse_module: keeps the first
 * error and passes the rest to the handler that was set before. */
typedef struct diag_state {
  LLVMDiagnosticHandler prev;
  void *prev_user;
  char *first_error;
} diag_state;

static void on_diagnostic(LLVMDiagnosticInfoRef di, void *user) {
  diag_state *d = user;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError) {
    if (d->prev)
      d->prev(di, d->prev_user);
    return;
  }
  if (!d->first_error)
    d->first_error = LLVMGetDiagInfoDescription(di);
}

typedef struct parse_job {
  LLVMContextRef ctx;
  const char *name;
  const void *data;
  size_t size;
  LLVMModuleRef module;
  char *message; /* from LLVM, released with LLVMDisposeMessage */
  int verify_failed;
} parse_job;

static int parse(void *arg) {
  parse_job *j = arg;
  /* A copy: the text parser needs a NUL after the last byte. */
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(j->data, j->size, j->name);
  if (!buf)
    return FPA_ERR_NOMEM;
  /* parseIR: bitcode (raw or wrapped) by its magic, IR text otherwise; it
   * owns `buf` from here on. */
  LLVMModuleRef m = NULL;
  if (LLVMParseIRInContext(j->ctx, buf, &m, &j->message))
    return FPA_ERR_INPUT;
  j->module = m;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &j->message)) {
    j->verify_failed = 1;
    return FPA_ERR_INPUT;
  }
  return FPA_OK;
}

/* "NAME:LINE:COL: error: TEXT..." (an SMDiagnostic) as
 * "NAME:LINE:COL: TEXT...", without the trailing newline. */
static char *located(const char *name, const char *msg) {
  size_t n = strlen(name);
  const char *at =
      strncmp(msg, name, n) == 0 ? strstr(msg + n, ": error: ") : NULL;
  char *s = at ? fpa_strprintf("%.*s: %s", (int)(at - msg), msg, at + 9)
               : fpa_strprintf("%s: %s", name, msg);
  size_t len = s ? strlen(s) : 0;
  while (len && (s[len - 1] == '\n' || s[len - 1] == ' '))
    s[--len] = 0;
  return s;
}

/* Whether the bytes start with bitcode's magic, raw or in its wrapper (the
 * test LLVM's parseIR makes). */
static int is_bitcode(const void *data, size_t size) {
  const unsigned char *b = data;
  if (size < 4)
    return 0;
  return (b[0] == 'B' && b[1] == 'C' && b[2] == 0xc0 && b[3] == 0xde) ||
         (b[0] == 0xde && b[1] == 0xc0 && b[2] == 0x17 && b[3] == 0x0b);
}

int fpa_parse_module(LLVMContextRef ctx, const char *name, const void *data,
                     size_t size, const fpa_options *opts, LLVMModuleRef *out,
                     char **error) {
  if (error)
    *error = NULL;
  if (out)
    *out = NULL;
  if (!ctx || !out || (!data && size)) {
    if (error)
      *error = fpa_strdup("fpa_parse_module: NULL context, output or data");
    return FPA_ERR_ARGUMENT;
  }
  if (!name || !*name)
    name = "<input>";
  parse_job j = {ctx, name, data ? data : "", size, NULL, NULL, 0};
  diag_state d = {LLVMContextGetDiagnosticHandler(ctx),
                  LLVMContextGetDiagnosticContext(ctx), NULL};
  LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, &d);
  char reason[512];
  int rc = fpa_guard_call(opts, parse, &j, reason, sizeof reason);
  LLVMContextSetDiagnosticHandler(ctx, d.prev, d.prev_user);
  char *msg = NULL;
  switch (rc) {
  case FPA_OK:
    *out = j.module;
    break;
  case FPA_ERR_FATAL:
    msg = fpa_strprintf("%s: LLVM reported a fatal error: %s", name, reason);
    break;
  case FPA_ERR_INPUT:
    if (j.verify_failed) {
      msg = fpa_strprintf("%s: not a valid module:\n%s", name,
                          j.message ? j.message : "");
      size_t len = msg ? strlen(msg) : 0;
      while (len && msg[len - 1] == '\n')
        msg[--len] = 0;
    } else {
      char *text = located(name, d.first_error ? d.first_error
                                 : j.message   ? j.message
                                               : "cannot parse the input");
      size_t n = strlen(name);
      msg = text && is_bitcode(data, size) && strncmp(text, name, n) == 0 &&
                    strncmp(text + n, ": ", 2) == 0
                ? fpa_strprintf("%s: not valid bitcode: %s", name, text + n + 2)
                : NULL;
      if (msg)
        free(text);
      else
        msg = text;
    }
    if (j.module)
      LLVMDisposeModule(j.module);
    break;
  default:
    msg = fpa_strdup("out of memory");
  }
  LLVMDisposeMessage(j.message);
  LLVMDisposeMessage(d.first_error);
  if (error)
    *error = msg;
  else
    free(msg);
  return rc;
}

typedef struct write_job {
  LLVMModuleRef module;
  fpa_format format;
  char *data;
  size_t size;
} write_job;

static int write_out(void *arg) {
  write_job *j = arg;
  if (j->format == FPA_FORMAT_BITCODE) {
    LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(j->module);
    if (!buf)
      return FPA_ERR_NOMEM;
    j->size = LLVMGetBufferSize(buf);
    j->data = malloc(j->size ? j->size : 1);
    if (j->data)
      memcpy(j->data, LLVMGetBufferStart(buf), j->size);
    LLVMDisposeMemoryBuffer(buf);
  } else {
    char *text = LLVMPrintModuleToString(j->module);
    j->data = text ? fpa_strdup(text) : NULL;
    j->size = j->data ? strlen(j->data) : 0;
    LLVMDisposeMessage(text);
  }
  return j->data ? FPA_OK : FPA_ERR_NOMEM;
}

int fpa_write_module(LLVMModuleRef module, fpa_format format,
                     const fpa_options *opts, void **data, size_t *size,
                     char **error) {
  if (error)
    *error = NULL;
  if (data)
    *data = NULL;
  if (size)
    *size = 0;
  if (!module || !data || !size ||
      (format != FPA_FORMAT_TEXT && format != FPA_FORMAT_BITCODE)) {
    if (error)
      *error = fpa_strdup(
          "fpa_write_module: NULL module or output, or an unknown format");
    return FPA_ERR_ARGUMENT;
  }
  write_job j = {module, format, NULL, 0};
  char reason[512];
  int rc = fpa_guard_call(opts, write_out, &j, reason, sizeof reason);
  if (rc == FPA_OK) {
    *data = j.data;
    *size = j.size;
  } else if (error) {
    *error = rc == FPA_ERR_FATAL
                 ? fpa_strprintf("LLVM reported a fatal error: %s", reason)
                 : fpa_strdup("out of memory");
  }
  return rc;
}
