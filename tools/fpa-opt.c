/*===-- fpa-opt.c - the standalone lowering tool --------------------------===*\
|*                                                                          *|
|* Reads LLVM IR (text or bitcode), lowers its floating-point atomics with  *|
|* libfpatomics, and writes it back. A thin client of include/fpatomics.h: *|
|* every lowering option is the library's, by the library's name.          *|
|*                                                                          *|
|*   fpa-opt in.ll -o out.ll --report                                       *|
|*   fpa-opt in.bc -o out.bc --target=spirv --spirv-ext=none               *|
\*===----------------------------------------------------------------------===*/
#include "fpatomics.h"

#include <llvm-c/Core.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { EXIT_USAGE = 2, EXIT_UNSUPPORTED = 3 };

static void usage(FILE *out) {
  fprintf(out,
          "OVERVIEW: fpa-opt - lower floating-point atomics for NVPTX and "
          "SPIR/SPIR-V\n\n"
          "USAGE: fpa-opt [options] <input.ll|input.bc|-> [-o <output>]\n\n"
          "Rewrites atomicrmw fadd/fsub/fmin/fmax/fminimum/fmaximum that the "
          "target\ncannot execute natively into exact integer atomics or "
          "cmpxchg loops.\nModules whose triple is not nvptx*, spir* or "
          "spirv* are copied unchanged\nunless --target forces a target.\n\n"
          "GENERAL OPTIONS:\n"
          "  -o <file>          Output file, '-' for stdout (default '-')\n"
          "  -S                 Write textual IR (the default for stdout and "
          "*.ll)\n"
          "  --emit=ll|bc       Output format (default: from the output "
          "name)\n"
          "  --report[=<file>]  Write one line per decision to <file> "
          "(default stderr; - is stdout):\n"
          "                     FILE:LINE:COL: FUNCTION: OP TYPE "
          "addrspace(N): ACTION STRATEGY: REASON\n"
          "  --strict           Exit with status 3 if an atomic had to be "
          "left as is\n"
          "  --help             Show this help\n"
          "  --version          Show the version\n"
          "  --                 End of options: what follows is the input\n"
          "Each option may be given once.\n\n"
          "LOWERING OPTIONS (also opt pass parameters "
          "lower-fp-atomics<NAME=VALUE;...>\n"
          "and clang -mllvm -fpa-NAME=VALUE):\n");
  for (size_t i = 0;; ++i) {
    const fpa_option_info *info = fpa_option_info_at(i);
    if (!info)
      break;
    fprintf(out, "  --%s=%s\n      %s (default: %s)\n", info->name,
            info->values, info->help, info->default_value);
  }
  fprintf(out, "\nEXIT STATUS: 0 success, 1 error, 2 bad usage, 3 --strict "
               "and an atomic was left as is.\n");
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "fpa-opt: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nfpa-opt: see 'fpa-opt --help'\n");
  return EXIT_USAGE;
}

/* Whether the paths `a` and `b` ('-': stdout) name one file: the same
 * string, or one existing file (device and inode). */
/* The path `p` made absolute, with its directory's links resolved where
 * the file itself does not exist yet (malloc'd; NULL if out of memory). */
static char *canonical(const char *p) {
  char *r = realpath(p, NULL);
  if (r)
    return r;
  const char *slash = strrchr(p, '/');
  size_t dlen = slash ? (slash == p ? 1 : (size_t)(slash - p)) : 1;
  char *dir = malloc(dlen + 1);
  if (!dir)
    return NULL;
  memcpy(dir, slash ? p : ".", dlen);
  dir[dlen] = 0;
  char *rd = realpath(dir, NULL);
  free(dir);
  const char *base = slash ? slash + 1 : p;
  size_t n = (rd ? strlen(rd) : strlen(p)) + strlen(base) + 2;
  char *out = malloc(n);
  if (out) {
    if (rd)
      snprintf(out, n, "%s/%s", rd, base);
    else
      snprintf(out, n, "%s", p);
  }
  free(rd);
  return out;
}

/* The file that path `p` names ("-": standard output). */
static int file_of(const char *p, struct stat *st) {
  return strcmp(p, "-") == 0 ? fstat(1, st) == 0 : stat(p, st) == 0;
}

/* Whether the report `a` and the output `b` would land in one file: the
 * same existing file or pipe (standard output included, as "-" or as
 * /dev/stdout), or the same path where the file does not exist yet. A
 * terminal or /dev/null for both is not one file. */
static int same_file(const char *a, const char *b) {
  if (strcmp(a, b) == 0)
    return 1;
  struct stat sa, sb;
  int ha = file_of(a, &sa), hb = file_of(b, &sb);
  if (ha && hb)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
           !S_ISCHR(sa.st_mode);
  if (ha || hb || strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
    return 0;
  char *ca = canonical(a), *cb = canonical(b);
  int same = ca && cb && strcmp(ca, cb) == 0;
  free(ca);
  free(cb);
  return same;
}

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Warnings and remarks of LLVM while reading (errors come back from
 * fpa_parse_module), printed as LLVM would with no handler, but named. */
static void on_diagnostic(LLVMDiagnosticInfoRef di, void *user) {
  (void)user;
  LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(di);
  if (sev != LLVMDSWarning)
    return;
  char *text = LLVMGetDiagInfoDescription(di);
  fprintf(stderr, "fpa-opt: warning: %s\n", text ? text : "");
  LLVMDisposeMessage(text);
}

/* A crash inside LLVM's readers. LLVM's bitcode reader does not check
 * every record of malformed bitcode (llvm-dis and opt crash on such input
 * too), and its text parser recurses once per level of nesting. The
 * library cannot recover from a crash; the tool, which ends anyway, says
 * what happened and exits with status 1. The handler writes the message
 * made before reading began (write() is async-signal-safe) and runs on an
 * alternate stack, so that a stack overflow reaches it. */
static char crash_prefix[4096];
static const int crash_signals[] = {SIGSEGV, SIGBUS,  SIGILL,
                                    SIGFPE,  SIGTRAP, SIGABRT};
static const char *const crash_names[] = {
    "segmentation fault",   "bus error", "illegal instruction",
    "arithmetic exception", "trap",      "abort"};
enum { NCRASH = sizeof crash_signals / sizeof crash_signals[0] };

static void write_str(const char *s) {
  size_t n = strlen(s);
  while (n) {
    ssize_t k = write(2, s, n);
    if (k <= 0)
      return;
    s += k;
    n -= (size_t)k;
  }
}

static void on_crash_reading(int sig) {
  write_str(crash_prefix);
  for (int i = 0; i < NCRASH; ++i)
    if (crash_signals[i] == sig)
      write_str(crash_names[i]);
  write_str("): LLVM's readers do not check every malformed or deeply "
            "nested input\n");
  _exit(1);
}

typedef struct crash_guard {
  struct sigaction old[NCRASH];
  stack_t old_stack;
} crash_guard;

static void catch_crashes(crash_guard *g, const char *name) {
  static char alt[1 << 16];
  snprintf(crash_prefix, sizeof crash_prefix,
           "fpa-opt: error: %s: LLVM crashed reading the input (", name);
  stack_t st = {.ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0};
  sigaltstack(&st, &g->old_stack);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_crash_reading;
  sa.sa_flags = SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < NCRASH; ++i)
    sigaction(crash_signals[i], &sa, &g->old[i]);
}

static void restore_crashes(const crash_guard *g) {
  for (int i = 0; i < NCRASH; ++i)
    sigaction(crash_signals[i], &g->old[i], NULL);
  sigaltstack(&g->old_stack, NULL);
}

/* Reads and verifies the input; NULL after printing why not. `*fatal` is
 * set when LLVM reported a fatal error, after which the context is not
 * to be used again. */
static LLVMModuleRef read_module(LLVMContextRef ctx, const char *path,
                                 const fpa_options *opts, int *fatal) {
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  int from_stdin = strcmp(path, "-") == 0;
  int failed = from_stdin
                   ? LLVMCreateMemoryBufferWithSTDIN(&buf, &msg)
                   : LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg);
  if (failed) {
    fprintf(stderr, "fpa-opt: error: cannot read '%s': %s\n", path,
            msg ? msg : "unknown error");
    LLVMDisposeMessage(msg);
    return NULL;
  }
  LLVMModuleRef m = NULL;
  char *err = NULL;
  const char *name = from_stdin ? "<stdin>" : path;
  LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, NULL);
  crash_guard g;
  catch_crashes(&g, name);
  int rc = fpa_parse_module(ctx, name, LLVMGetBufferStart(buf),
                            LLVMGetBufferSize(buf), opts, &m, &err);
  restore_crashes(&g);
  LLVMDisposeMemoryBuffer(buf);
  if (rc != FPA_OK) {
    fprintf(stderr, "fpa-opt: error: %s\n", err ? err : fpa_result_string(rc));
    *fatal = rc == FPA_ERR_FATAL;
  }
  fpa_free(err);
  return m;
}

/* Writes the module to `path` ('-': stdout); 0 after printing why not.
 * The bytes are made in memory and written with stdio, so that a failed
 * write is an error message, not LLVM's fatal error. */
static int write_module(LLVMModuleRef m, const char *path, int text,
                        const fpa_options *opts, int *fatal) {
  void *data = NULL;
  size_t size = 0;
  char *err = NULL;
  int rc = fpa_write_module(m, text ? FPA_FORMAT_TEXT : FPA_FORMAT_BITCODE,
                            opts, &data, &size, &err);
  if (rc != FPA_OK) {
    fprintf(stderr, "fpa-opt: error: cannot write '%s': %s\n", path,
            err ? err : fpa_result_string(rc));
    fpa_free(err);
    *fatal = rc == FPA_ERR_FATAL;
    return 0;
  }
  int to_stdout = strcmp(path, "-") == 0;
  FILE *f = to_stdout ? stdout : fopen(path, text ? "w" : "wb");
  int ok = f && fwrite(data, 1, size, f) == size;
  ok = f && (to_stdout ? fflush(f) == 0 && ok : fclose(f) == 0 && ok);
  if (!ok)
    fprintf(stderr, "fpa-opt: error: cannot write '%s': %s\n",
            to_stdout ? "<stdout>" : path, strerror(errno));
  fpa_free(data);
  return ok;
}

static void print_diagnostics(const fpa_report *r, FILE *report_out) {
  for (size_t i = 0; i < fpa_report_size(r); ++i) {
    const fpa_record *rec = fpa_report_at(r, i);
    char *line = fpa_record_format(rec);
    if (!line)
      continue;
    if (rec->action == FPA_ACTION_UNSUPPORTED) {
      /* FILE:LINE:COL, or FILE alone without a debug location, as
       * compilers print it; the function names the site either way */
      if (rec->line)
        fprintf(stderr, "%s:%u:%u: ", rec->file, rec->line, rec->column);
      else
        fprintf(stderr, "%s: ", rec->file);
      fprintf(stderr, "warning: in '%s': %s %s left as is: %s\n", rec->function,
              rec->operation, rec->type, rec->reason);
    }
    if (report_out)
      fprintf(report_out, "%s\n", line);
    fpa_free(line);
  }
}

int main(int argc, char **argv) {
  const char *input = NULL, *output = "-", *report_path = NULL;
  int want_report = 0, strict = 0, emit = 0; /* emit: 0 auto, 1 ll, 2 bc */
  fpa_options *opts = NULL;
  if (fpa_options_create(&opts) != FPA_OK) {
    fprintf(stderr, "fpa-opt: error: out of memory\n");
    return 1;
  }
  int rc = 0;
  int output_given = 0, only_inputs = 0;
  /* the lowering options given (bit k: fpa_option_info_at(k)), so that
   * one given twice is an error, as -o and --report are (the last would
   * silently win) */
  unsigned long long seen = 0;
  for (int i = 1; i < argc && rc == 0; ++i) {
    const char *a = argv[i];
    if (only_inputs) {
      if (input)
        rc = usage_error("more than one input file ('%s')", a);
      else
        input = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      only_inputs = 1;
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-help") == 0 ||
               strcmp(a, "-h") == 0) {
      usage(stdout);
      fpa_options_destroy(opts);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("fpa-opt %s\n", fpa_version());
      fpa_options_destroy(opts);
      return 0;
    } else if ((strcmp(a, "-o") == 0 || (strncmp(a, "-o", 2) == 0 && a[2])) &&
               output_given) {
      rc = usage_error("option '%s' given more than once", "-o");
    } else if (strcmp(a, "-o") == 0) {
      if (i + 1 >= argc)
        rc = usage_error("option '%s' needs a file name", a);
      else
        output = argv[++i];
      output_given = 1;
    } else if (strncmp(a, "-o", 2) == 0 && a[2] && a[1] != '-') {
      output = a + 2;
      output_given = 1;
    } else if ((strcmp(a, "-S") == 0 || strcmp(a, "--emit=ll") == 0 ||
                strcmp(a, "--emit=bc") == 0) &&
               emit) {
      rc = usage_error("the output format is given more than once ('%s')", a);
    } else if (strcmp(a, "-S") == 0) {
      emit = 1;
    } else if (strcmp(a, "--emit=ll") == 0) {
      emit = 1;
    } else if (strcmp(a, "--emit=bc") == 0) {
      emit = 2;
    } else if (strncmp(a, "--emit", 6) == 0 && (a[6] == '=' || !a[6])) {
      rc = usage_error("invalid value for --emit in '%s' (expected --emit=ll "
                       "or --emit=bc)",
                       a);
    } else if ((strcmp(a, "--report") == 0 ||
                strncmp(a, "--report=", 9) == 0) &&
               want_report) {
      rc = usage_error("option '%s' given more than once", "--report");
    } else if (strcmp(a, "--report") == 0) {
      want_report = 1;
    } else if (strncmp(a, "--report=", 9) == 0) {
      want_report = 1;
      report_path = a + 9;
      if (!*report_path)
        rc = usage_error("option '%s' needs a file name", "--report=");
    } else if (strcmp(a, "--strict") == 0 && strict) {
      rc = usage_error("option '%s' given more than once", a);
    } else if (strcmp(a, "--strict") == 0) {
      strict = 1;
    } else if (strncmp(a, "--", 2) == 0 && a[2]) {
      /* a lowering option: --NAME=VALUE (or --NAME VALUE) */
      char name[64];
      const char *eq = strchr(a + 2, '=');
      const char *value;
      size_t n = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
      if (n >= sizeof name) {
        rc = usage_error("unknown option '%s'", a);
        break;
      }
      memcpy(name, a + 2, n);
      name[n] = 0;
      size_t k = 0;
      while (fpa_option_info_at(k) &&
             strcmp(fpa_option_info_at(k)->name, name) != 0)
        ++k;
      if (!fpa_option_info_at(k)) {
        rc = usage_error("unknown option '%s'", a);
        break;
      }
      unsigned long long bit = k < 64 ? 1ull << k : 0;
      if (seen & bit) {
        rc = usage_error("option '--%s' given more than once", name);
        break;
      }
      seen |= bit;
      if (eq)
        value = eq + 1;
      else if (i + 1 < argc)
        value = argv[++i];
      else {
        rc = usage_error("option '%s' needs a value", a);
        break;
      }
      char *err = NULL;
      if (fpa_options_set(opts, name, value, &err) != FPA_OK) {
        fprintf(stderr, "fpa-opt: error: %s\n", err ? err : "invalid option");
        fpa_free(err);
        rc = EXIT_USAGE;
      }
    } else if (a[0] == '-' && a[1]) {
      rc = usage_error("unknown option '%s'", a);
    } else if (input) {
      rc = usage_error("more than one input file ('%s')", a);
    } else {
      input = a;
    }
  }
  if (rc == 0 && !input)
    rc = usage_error("%s", "no input file (use '-' for stdin)");
  if (rc == 0 && report_path && same_file(report_path, output))
    rc = usage_error("--report and -o name the same file ('%s')", output);
  if (rc) {
    fpa_options_destroy(opts);
    return rc;
  }
  int text = emit ? emit == 1
                  : (strcmp(output, "-") == 0 || !ends_with(output, ".bc"));

  LLVMContextRef ctx = LLVMContextCreate();
  int fatal = 0;
  LLVMModuleRef m = read_module(ctx, input, opts, &fatal);
  fpa_report *report = NULL;
  FILE *report_out = NULL;
  int status = 1;
  if (!m)
    goto done;
  if (want_report) {
    report_out = !report_path                ? stderr
                 : strcmp(report_path, "-") == 0 ? stdout
                                                 : fopen(report_path, "w");
    if (!report_out) {
      fprintf(stderr, "fpa-opt: error: cannot open report file '%s': %s\n",
              report_path, strerror(errno));
      goto done;
    }
  }
  char *err = NULL;
  int lrc = fpa_lower_module(m, opts, &report, &err);
  print_diagnostics(report, report_out);
  if (lrc != FPA_OK) {
    fprintf(stderr, "fpa-opt: error: %s: %s\n",
            strcmp(input, "-") == 0 ? "<stdin>" : input,
            err ? err : fpa_result_string(lrc));
    fpa_free(err);
    fatal = lrc == FPA_ERR_FATAL;
    goto done;
  }
  if (!write_module(m, output, text, opts, &fatal))
    goto done;
  status = strict && fpa_report_count(report, FPA_ACTION_UNSUPPORTED)
               ? EXIT_UNSUPPORTED
               : 0;
done:
  if (report_out && report_out != stderr && report_out != stdout &&
      fclose(report_out) != 0) {
    fprintf(stderr, "fpa-opt: error: cannot write report file '%s'\n",
            report_path);
    status = 1;
  }
  /* the report on stdout (--report=-) with the module written elsewhere:
   * nothing else checks that it got out */
  if (report_out == stdout && (fflush(stdout) != 0 || ferror(stdout))) {
    fprintf(stderr, "fpa-opt: error: cannot write the report to <stdout>\n");
    status = 1;
  }
  fpa_report_destroy(report);
  /* After a fatal error the module and context may be inconsistent, and
   * the process ends here anyway. */
  if (!fatal) {
    if (m)
      LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  }
  fpa_options_destroy(opts);
  return status;
}
