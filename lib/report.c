/*===-- report.c - the record of every decision --------------------------===*/
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fpa_report {
  fpa_record *records;
  size_t size, capacity;
};

char *fpa_strdup(const char *s) {
  if (!s)
    s = "";
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

char *fpa_strprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    return NULL;
  char *s = malloc((size_t)n + 1);
  if (!s)
    return NULL;
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

void fpa_free(void *ptr) { free(ptr); }

const char *fpa_result_string(int code) {
  switch (code) {
  case FPA_OK:
    return "success";
  case FPA_ERR_ARGUMENT:
    return "invalid argument";
  case FPA_ERR_OPTION:
    return "invalid option";
  case FPA_ERR_NOMEM:
    return "out of memory";
  case FPA_ERR_INPUT:
    return "invalid input module";
  case FPA_ERR_VERIFY:
    return "lowered function failed verification";
  case FPA_ERR_FATAL:
    return "LLVM reported a fatal error";
  default:
    return "unknown result code";
  }
}

const char *fpa_action_name(fpa_action action) {
  switch (action) {
  case FPA_ACTION_REWRITTEN:
    return "rewritten";
  case FPA_ACTION_NATIVE:
    return "native";
  case FPA_ACTION_KEPT:
    return "kept";
  case FPA_ACTION_UNSUPPORTED:
    return "unsupported";
  case FPA_ACTION_RAISED:
    return "raised";
  case FPA_ACTION_NOT_RAISED:
    return "not-raised";
  }
  return "unknown";
}

fpa_report *fpa_report_new(void) { return calloc(1, sizeof(fpa_report)); }

static void free_record(fpa_record *r) {
  free((char *)r->file);
  free((char *)r->function);
  free((char *)r->operation);
  free((char *)r->type);
  free((char *)r->strategy);
  free((char *)r->reason);
}

int fpa_report_add(fpa_report *r, const fpa_record *rec) {
  if (r->size == r->capacity) {
    size_t cap = r->capacity ? r->capacity * 2 : 16;
    fpa_record *n = realloc(r->records, cap * sizeof *n);
    if (!n)
      return FPA_ERR_NOMEM;
    r->records = n;
    r->capacity = cap;
  }
  fpa_record c = *rec;
  c.file = fpa_strdup(rec->file);
  c.function = fpa_strdup(rec->function);
  c.operation = fpa_strdup(rec->operation);
  c.type = fpa_strdup(rec->type);
  c.strategy = fpa_strdup(rec->strategy);
  c.reason = fpa_strdup(rec->reason);
  if (!c.file || !c.function || !c.operation || !c.type || !c.strategy ||
      !c.reason) {
    free_record(&c);
    return FPA_ERR_NOMEM;
  }
  r->records[r->size++] = c;
  return FPA_OK;
}

size_t fpa_report_size(const fpa_report *r) { return r ? r->size : 0; }

const fpa_record *fpa_report_at(const fpa_report *r, size_t index) {
  if (!r || index >= r->size)
    return NULL;
  return &r->records[index];
}

size_t fpa_report_count(const fpa_report *r, fpa_action action) {
  size_t n = 0;
  for (size_t i = 0; r && i < r->size; ++i)
    n += r->records[i].action == action;
  return n;
}

void fpa_report_destroy(fpa_report *r) {
  if (!r)
    return;
  for (size_t i = 0; i < r->size; ++i)
    free_record(&r->records[i]);
  free(r->records);
  free(r);
}

char *fpa_record_format(const fpa_record *rec) {
  if (!rec)
    return NULL;
  return fpa_strprintf("%s:%u:%u: %s: %s %s addrspace(%u): %s %s: %s",
                       rec->file, rec->line, rec->column, rec->function,
                       rec->operation, rec->type, rec->address_space,
                       fpa_action_name(rec->action), rec->strategy,
                       rec->reason);
}
