/* Lowers the float atomics of one IR file through the C API and prints each
 * decision: the smallest useful embedding of libfpatomics. */
#include <fpatomics.h>

#include <llvm-c/Core.h>

#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: embed FILE.ll\n");
    return 2;
  }
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(argv[1], &buf, &msg)) {
    fprintf(stderr, "embed: %s\n", msg);
    return 1;
  }
  /* Parses and verifies; LLVM's fatal errors on bad input come back as
   * FPA_ERR_FATAL instead of ending the process. */
  LLVMModuleRef mod;
  char *err = NULL;
  int rc = fpa_parse_module(ctx, argv[1], LLVMGetBufferStart(buf),
                            LLVMGetBufferSize(buf), NULL, &mod, &err);
  LLVMDisposeMemoryBuffer(buf);
  if (rc != FPA_OK) {
    fprintf(stderr, "embed: %s\n", err);
    return 1;
  }

  fpa_options *opts;
  rc = fpa_options_create(&opts);
  if (rc == FPA_OK)
    rc = fpa_options_parse(opts, "target=nvptx;sm=90", &err);
  fpa_report *report = NULL;
  if (rc == FPA_OK)
    rc = fpa_lower_module(mod, opts, &report, &err);
  if (rc != FPA_OK) {
    fprintf(stderr, "embed: %s: %s\n", fpa_result_string(rc),
            err ? err : "");
    fpa_free(err);
    return 1;
  }
  for (size_t i = 0; i < fpa_report_size(report); ++i) {
    char *line = fpa_record_format(fpa_report_at(report, i));
    printf("%s\n", line);
    fpa_free(line);
  }
  printf("%zu rewritten\n", fpa_report_count(report, FPA_ACTION_REWRITTEN));
  fpa_report_destroy(report);
  fpa_options_destroy(opts);
  LLVMDisposeModule(mod);
  LLVMContextDispose(ctx);
  return 0;
}
