/*===-- fpatomics.h - exact lowering of floating-point atomics ----*- C -*-===*\
|*                                                                            *|
|* The public C API of libfpatomics. It rewrites `atomicrmw fadd, fsub, fmin, *|
|* fmax, fminimum, fmaximum` in NVPTX and SPIR/SPIR-V modules into forms the  *|
|* target can execute: integer atomics chosen by the sign bit where that is   *|
|* exact, and compare-and-swap loops where nothing better exists.             *|
|*                                                                            *|
|* Conventions:                                                               *|
|*  - every name starts with `fpa_`;                                          *|
|*  - functions that can fail return an `int` result code (`FPA_OK` is 0) and *|
|*    `fpa_result_string()` turns a code into a message; where a function    *|
|*    takes `char **error`, a detailed message is stored there on failure,    *|
|*    owned by the caller and released with `fpa_free()` (pass NULL to skip); *|
|*  - handles are opaque; every `*_destroy()` accepts NULL;                   *|
|*  - strings inside an `fpa_record` belong to the report that holds it;      *|
|*  - the library keeps no global state: separate option sets and reports    *|
|*    may be used from separate threads on separate LLVM contexts.           *|
\*===----------------------------------------------------------------------===*/

#ifndef FPATOMICS_H
#define FPATOMICS_H

#include <llvm-c/Types.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FPA_VERSION_MAJOR 0
#define FPA_VERSION_MINOR 1
#define FPA_VERSION_PATCH 0

/* The version of the library in use, as "MAJOR.MINOR.PATCH (LLVM N)". */
const char *fpa_version(void);

/*===--------------------------- Result codes ----------------------------===*/

typedef enum fpa_result {
  FPA_OK = 0,
  FPA_ERR_ARGUMENT = 1, /* a NULL handle or other invalid argument */
  FPA_ERR_OPTION = 2,   /* unknown option name or invalid option value */
  FPA_ERR_NOMEM = 3,    /* out of memory */
  FPA_ERR_INPUT = 4,    /* the input module is invalid */
  FPA_ERR_VERIFY = 5,   /* a lowered or added function failed verification
                           (a bug); its body is replaced by `unreachable`,
                           so the module stays valid */
  FPA_ERR_FATAL = 6     /* LLVM reported a fatal error during the call; the
                           module, and the context it was in, are in an
                           unknown state: dispose of them and use them for
                           nothing else (see fpa_options_set_catch_fatal) */
} fpa_result;

/* A static message for a result code; never NULL. */
const char *fpa_result_string(int code);

/* Releases a string or buffer that the library handed to the caller. */
void fpa_free(void *ptr);

/*===------------------------------ Options ------------------------------===*/

typedef struct fpa_options fpa_options;

/* Creates an option set holding the defaults (exact lowering, target taken
 * from the module triple). */
int fpa_options_create(fpa_options **out);
/* Creates an independent copy of `src`; on failure `*out` is NULL. */
int fpa_options_clone(const fpa_options *src, fpa_options **out);
void fpa_options_destroy(fpa_options *opts);

/* Sets one option by name, e.g. ("target", "nvptx") or ("assume",
 * "nan-free-memory"). This is the one parser behind opt pass parameters,
 * clang -mllvm -fpa-NAME options and fpa-opt --NAME flags. On failure
 * `*error` gets a one-line message that names the option. */
int fpa_options_set(fpa_options *opts, const char *name, const char *value,
                    char **error);

/* Parses a list "name=value;name=value" (the opt pass-parameter syntax; a
 * bare "name" means "name=1", which only the on/off options raise and
 * precheck take). Blanks around an item, a name or a value are ignored.
 * All or nothing: on failure `opts` is as it was, the result is
 * FPA_ERR_OPTION (an unknown name, an invalid value, or an option given
 * twice in the list),
 * FPA_ERR_ARGUMENT (a NULL argument) or FPA_ERR_NOMEM, and `*error` gets
 * a one-line message. */
int fpa_options_parse(fpa_options *opts, const char *list, char **error);

/* Describes the known options, for --help texts. Returns NULL past the end. */
typedef struct fpa_option_info {
  const char *name;    /* "target" */
  const char *values;  /* "auto|nvptx|spirv|none" */
  const char *default_value;
  const char *help;    /* one sentence */
} fpa_option_info;
const fpa_option_info *fpa_option_info_at(size_t index);

/* Whether calls with `opts` catch LLVM's fatal errors (the default: on).
 * LLVM ends the process on a fatal error (report_fatal_error); its IR
 * parser does so for a module with "Debug Info Version" 3 that fails
 * verification. With catching on, fpa_parse_module, fpa_lower_module and
 * fpa_write_module install a fatal-error handler for the length of the
 * call, which jumps back out of LLVM and makes the call return
 * FPA_ERR_FATAL with LLVM's reason; memory LLVM had allocated in the
 * frames jumped over is lost. LLVM has one handler per process and no way
 * to read it: after the last such call in flight returns, LLVM's default
 * (print and exit) is in force again. A host that installs a handler of
 * its own (clang does) turns catching off, as the opt/clang plugin does;
 * then the host's handler sees LLVM's fatal errors. Assertions of an LLVM
 * built with them, and crashes, end the process either way. */
void fpa_options_set_catch_fatal(fpa_options *opts, int on);

/*===----------------------------- Reporting -----------------------------===*/

typedef enum fpa_action {
  FPA_ACTION_REWRITTEN = 0,   /* the instruction was replaced */
  FPA_ACTION_NATIVE = 1,      /* left as is: the target does it natively */
  FPA_ACTION_KEPT = 2,        /* left as is: the options asked for that */
  FPA_ACTION_UNSUPPORTED = 3, /* left as is: no exact lowering exists here */
  FPA_ACTION_RAISED = 4,      /* a compare-and-swap loop became an atomicrmw
                                 (whose lowering has a record of its own) */
  FPA_ACTION_NOT_RAISED = 5   /* a compare-and-swap loop over floats was left
                                 as is; the reason says why */
} fpa_action;

/* One decision about one atomicrmw instruction, or (raised, not-raised)
 * about one compare-and-swap loop: then `operation` is the atomicrmw
 * operation the loop computes ("cas-loop" when not known), `type` its
 * float type (else the compare-and-swap's), and `strategy` names the
 * loop's compare-and-swap ("cmpxchg-loop", "atomic_cmpxchg-loop", ...). */
typedef struct fpa_record {
  fpa_action action;
  const char *file;      /* from the debug location, else the module's source
                            file name */
  unsigned line, column; /* 0 when there is no debug location */
  const char *function;
  const char *operation; /* "fadd", "fsub", "fmin", "fmax", "fminimum", ... */
  const char *type;      /* the value type as LLVM prints it: "float" */
  unsigned address_space;
  const char *strategy;  /* "int-trick", "cas-loop", "cas-loop-masked",
                            "fadd-neg", "fadd-guarded", "native",
                            "native-fenced", "native-sys", "keep",
                            "none", "warp-aggregated" */
  const char *reason;    /* one sentence */
} fpa_record;

/* Called once per decision while the module is being lowered, before the
 * instruction is replaced: `inst` is the original atomicrmw (for a call that
 * spells one but cannot become one, the call; for a raised loop, the new
 * atomicrmw; for a loop not raised, its compare-and-swap) and is valid only
 * during the call. The plugin uses this to emit optimization remarks. */
typedef void (*fpa_record_fn)(void *user, const fpa_record *record,
                              LLVMValueRef inst);
void fpa_options_set_callback(fpa_options *opts, fpa_record_fn fn, void *user);

typedef struct fpa_report fpa_report;

size_t fpa_report_size(const fpa_report *report);
/* The record at `index`, or NULL past the end. */
const fpa_record *fpa_report_at(const fpa_report *report, size_t index);
/* How many records have the given action. */
size_t fpa_report_count(const fpa_report *report, fpa_action action);
void fpa_report_destroy(fpa_report *report);

/* Formats one record in the stable one-line text format
 *   FILE:LINE:COL: FUNCTION: OPERATION TYPE addrspace(N): ACTION STRATEGY:
 * REASON (ACTION is one of "rewritten", "native", "kept", "unsupported",
 * "raised", "not-raised"). The caller frees the string with fpa_free(). */
char *fpa_record_format(const fpa_record *record);
/* The name of an action as it appears in the text format. */
const char *fpa_action_name(fpa_action action);

/*===------------------------------ Lowering ------------------------------===*/

/* Lowers every floating-point atomicrmw of `module` that the target cannot
 * execute natively. Calls that spell one (option `calls`: OpenCL C's
 * atomic_fetch_*, __spirv_AtomicF*EXT, __fpa_atomic_fetch_*) are first
 * replaced by the atomicrmw they mean, and so are compare-and-swap loops
 * that are exactly one (option `raise`). `opts` may be NULL for the defaults.
 * When `report` is not NULL it receives a new report (also on failure, when one
 * was made), which the caller destroys. Instructions that cannot be lowered are
 * left as they were and recorded with FPA_ACTION_UNSUPPORTED; that is not a
 * failure. The module must be valid on entry (fpa_parse_module verifies what it
 * reads; run LLVMVerifyModule on a module from elsewhere); every function
 * the pass changes or adds (internal `fpa.nanrepair.*` functions, one per
 * kind of site whose NaN repair they hold) is verified afterwards, and a
 * failure there returns FPA_ERR_VERIFY, with that function's body replaced
 * by one `unreachable` block. A fatal error of LLVM during the call returns
 * FPA_ERR_FATAL (see fpa_options_set_catch_fatal). */
int fpa_lower_module(LLVMModuleRef module, const fpa_options *opts,
                     fpa_report **report, char **error);

/*===------------------------ Reading and writing ------------------------===*/

/* Reads a module from `size` bytes at `data` (LLVM bitcode, raw or in its
 * wrapper, or IR text) into `ctx`, and verifies it. `name` names the input
 * in messages and becomes the module's identifier. On success `*out` is
 * the module, owned by the caller. On failure `*out` is NULL and the
 * result is FPA_ERR_INPUT (does not parse or does not verify) with a
 * message "NAME:LINE:COL: ..." or "NAME: ...", FPA_ERR_FATAL (see
 * fpa_options_set_catch_fatal), FPA_ERR_ARGUMENT (a NULL context, data
 * or output) or FPA_ERR_NOMEM. During the call the context's C
 * diagnostic callback (LLVMContextSetDiagnosticHandler) is the library's:
 * error diagnostics become the message, and others go to the callback set
 * before the call (dropped when there was none), which is set again
 * afterwards. Best used with a context of the caller's own (see
 * docs/robustness.md). `opts` may be NULL. */
int fpa_parse_module(LLVMContextRef ctx, const char *name, const void *data,
                     size_t size, const fpa_options *opts, LLVMModuleRef *out,
                     char **error);

typedef enum fpa_format {
  FPA_FORMAT_TEXT = 0,   /* IR text (`*data` is also NUL-terminated) */
  FPA_FORMAT_BITCODE = 1 /* LLVM bitcode */
} fpa_format;

/* Writes `module` in memory: `*data` (released with fpa_free()) holds
 * `*size` bytes. Failure: FPA_ERR_ARGUMENT (a NULL module or output, or an
 * unknown format), FPA_ERR_NOMEM or FPA_ERR_FATAL, with a message where
 * `error` is not NULL. `opts` may be NULL. */
int fpa_write_module(LLVMModuleRef module, fpa_format format,
                     const fpa_options *opts, void **data, size_t *size,
                     char **error);

/* Whether the module would be processed under `opts` (its triple, or a
 * forced target). */
int fpa_module_is_target(LLVMModuleRef module, const fpa_options *opts);

#ifdef __cplusplus
}
#endif

#endif /* FPATOMICS_H */
