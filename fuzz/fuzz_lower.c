/*===-- fuzz_lower.c - libFuzzer target: bytes to lowered, verified IR ----===*\
|*                                                                          *|
|* The input is a module as IR text or bitcode (seeds: every .ll under     *|
|* test/, and its bitcode). It goes through fpa_parse_module as fpa-opt's   *|
|* does; a module that reads is lowered under every option set and checked *|
|* (fuzz_common.c). Bad input must end in a result code: FPA_ERR_INPUT, or  *|
|* FPA_ERR_FATAL where LLVM's parser reported a fatal error; only a crash,  *|
|* an abort or a failed check is a finding.                                 *|
|*                                                                          *|
|*   fpa-fuzz-lower -max_total_time=60 CORPUS_DIR SEED_DIR                  *|
\*===----------------------------------------------------------------------===*/
#include "fuzz_common.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int is_bitcode(const uint8_t *b, size_t size) {
  return size >= 4 &&
         ((b[0] == 'B' && b[1] == 'C' && b[2] == 0xc0 && b[3] == 0xde) ||
          (b[0] == 0xde && b[1] == 0xc0 && b[2] == 0x17 && b[3] == 0x0b));
}

/* LLVM's bitcode reader does not check every record of malformed bitcode:
 * llvm-dis and opt crash on some such inputs, and so would this target.
 * fpatomics cannot catch a crash in LLVM (fpa-opt reports one), so such an
 * input is LLVM's finding, not this target's: each bitcode input is first
 * read in a child process, and skipped when the reader crashes there (and
 * written to the folder FPA_FUZZ_LLVM_CRASHES names, if set).
 *
 * The children come from a small process forked at start-up (the
 * "zygote"), not from this one: a fork of the fuzzing process would make
 * each of its later writes to its large heap a copy-on-write fault. */
static int to_zygote = -1, from_zygote = -1;

/* Both retry where a signal interrupted them (libFuzzer's SIGALRM for
 * -timeout has no SA_RESTART). */
static int read_all(int fd, void *buf, size_t n) {
  for (char *p = buf; n;) {
    ssize_t k = read(fd, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return 0;
    p += k;
    n -= (size_t)k;
  }
  return 1;
}

static int write_all(int fd, const void *buf, size_t n) {
  for (const char *p = buf; n;) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return 0;
    p += k;
    n -= (size_t)k;
  }
  return 1;
}

/* Some malformed bitcode makes LLVM's reader allocate without bound or
 * loop: the child that reads it gets 5 s of CPU (then SIGXCPU) and 2 GiB of
 * address space beyond what it has mapped at the fork (then an allocation
 * fails and the child dies), so that such an input reads as a reader crash
 * and not as a timeout or an out-of-memory of this target. */
static void limit_reader(void) {
  struct rlimit cpu = {5, 6};
  setrlimit(RLIMIT_CPU, &cpu);
  FILE *f = fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  if (f) {
    if (fscanf(f, "%lu", &pages) != 1)
      pages = 0;
    fclose(f);
  }
  long page = sysconf(_SC_PAGESIZE);
  if (pages && page > 0) {
    rlim_t vm = (rlim_t)pages * (rlim_t)page + ((rlim_t)2 << 30);
    struct rlimit as = {vm, vm};
    setrlimit(RLIMIT_AS, &as);
  }
}

/* The zygote: for each input it reads, a child reads the bitcode; the
 * answer is the signal that ended the child, 255 for another failure, or
 * 0. */
static void zygote(int in, int out) {
  int null = open("/dev/null", O_WRONLY);
  if (null >= 0)
    dup2(null, 2);
  for (;;) {
    uint64_t size;
    if (!read_all(in, &size, sizeof size))
      _exit(0);
    uint8_t *data = malloc(size ? size : 1);
    if (!data || !read_all(in, data, size))
      _exit(0);
    pid_t pid = fork();
    if (pid == 0) {
      static const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
      for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; ++i)
        signal(sigs[i], SIG_DFL);
      limit_reader();
      LLVMContextRef ctx = LLVMContextCreate();
      LLVMModuleRef m = NULL;
      char *err = NULL;
      fpa_parse_module(ctx, "input", data, size, NULL, &m, &err);
      _exit(0);
    }
    /* The child ends by a signal, or, where a sanitizer's handler took the
     * signal, by its exit status. */
    int status = 0, w;
    unsigned char answer = 0;
    while ((w = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
      ;
    if (pid > 0 && w == pid)
      answer = WIFSIGNALED(status)   ? (unsigned char)WTERMSIG(status)
               : WEXITSTATUS(status) ? 255
                                     : 0;
    free(data);
    if (!write_all(out, &answer, 1))
      _exit(0);
  }
}

/* At exit the zygote sees its pipe close, ends, and is reaped here, so that
 * its CPU time and its children's count in this process's children's
 * (tools/fuzz.sh long sums those). */
static pid_t zygote_pid = -1;

static void reap_zygote(void) {
  if (to_zygote >= 0)
    close(to_zygote);
  if (zygote_pid > 0)
    while (waitpid(zygote_pid, NULL, 0) < 0 && errno == EINTR)
      ;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  int down[2], up[2];
  if (pipe(down) || pipe(up))
    return 0;
  pid_t pid = fork();
  if (pid == 0) {
    close(down[1]);
    close(up[0]);
    zygote(down[0], up[1]);
  }
  close(down[0]);
  close(up[1]);
  if (pid > 0) {
    to_zygote = down[1];
    from_zygote = up[0];
    zygote_pid = pid;
    signal(SIGPIPE, SIG_IGN);
    atexit(reap_zygote);
  }
  return 0;
}

static int reader_crashes(const uint8_t *data, size_t size) {
  uint64_t n = size;
  unsigned char sig = 0;
  if (to_zygote < 0)
    return 0;
  if (!write_all(to_zygote, &n, sizeof n) ||
      !write_all(to_zygote, data, size) || !read_all(from_zygote, &sig, 1)) {
    fprintf(stderr, "fuzz: the zygote is gone; bitcode is read unchecked\n");
    close(to_zygote);
    to_zygote = -1;
    return 0;
  }
  if (!sig)
    return 0;
  unsigned long long h = 14695981039346656037ull; /* FNV-1a */
  for (size_t i = 0; i < size; ++i)
    h = (h ^ data[i]) * 1099511628211ull;
  fprintf(stderr,
          "fuzz: LLVM's bitcode reader crashed (%d) on input "
          "%016llx; skipped\n",
          sig, h);
  const char *dir = getenv("FPA_FUZZ_LLVM_CRASHES");
  if (dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/llvm-reader-%016llx.bc", dir, h);
    FILE *f = fopen(path, "wb");
    if (f) {
      fwrite(data, 1, size, f);
      fclose(f);
    }
  }
  return 1;
}

typedef struct input {
  const uint8_t *data;
  size_t size;
} input;

static LLVMModuleRef parse(LLVMContextRef ctx, void *arg) {
  const input *in = arg;
  LLVMModuleRef m = NULL;
  char *err = NULL;
  fpa_parse_module(ctx, "input", in->data, in->size, NULL, &m, &err);
  fpa_free(err);
  /* After FPA_ERR_FATAL the context holds what the parser had built when
   * LLVM gave up; disposing of the context frees that too. */
  return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_init();
  if (is_bitcode(data, size) && reader_crashes(data, size))
    return 0;
  input in = {data, size};
  fuzz_lower_all(parse, &in, data, size);
  return 0;
}
