/*===-- loops.c - blocks, dominators and natural loops of a function -----===*\
|*                                                                          *|
|* The LLVM C API has no dominator tree or loop info, so the stages that    *|
|* need them (raise.c) compute them here: successor and predecessor lists,  *|
|* dominators by Cooper, Harvey and Kennedy's iteration over reverse        *|
|* postorder, and natural loops (a header and the blocks that reach one of  *|
|* its back edges without passing it).                                      *|
\*===----------------------------------------------------------------------===*/
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int by_bb(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const fpa_bb_key *)a)->bb;
  uintptr_t y = (uintptr_t)((const fpa_bb_key *)b)->bb;
  return x < y ? -1 : x > y;
}

size_t fpa_cfg_index(const fpa_cfg *c, LLVMBasicBlockRef bb) {
  fpa_bb_key key = {bb, 0};
  const fpa_bb_key *k = bsearch(&key, c->keys, c->n, sizeof key, by_bb);
  return k ? k->index : FPA_CFG_NONE;
}

void fpa_cfg_free(fpa_cfg *c) {
  free(c->bb);
  free(c->keys);
  free(c->succ_start);
  free(c->succ);
  free(c->pred_start);
  free(c->pred);
  free(c->po);
  free(c->idom);
  memset(c, 0, sizeof *c);
}

static size_t intersect(const fpa_cfg *c, size_t a, size_t b) {
  while (a != b) {
    while (c->po[a] < c->po[b])
      a = c->idom[a];
    while (c->po[b] < c->po[a])
      b = c->idom[b];
  }
  return a;
}

/* Dominators by Cooper, Harvey and Kennedy's iteration over reverse
 * postorder. */
int fpa_cfg_build(LLVMValueRef fn, fpa_cfg *c) {
  memset(c, 0, sizeof *c);
  c->n = LLVMCountBasicBlocks(fn);
  size_t n = c->n, nsucc = 0;
  c->bb = malloc(n * sizeof *c->bb);
  c->keys = malloc(n * sizeof *c->keys);
  c->succ_start = calloc(n + 1, sizeof(size_t));
  c->pred_start = calloc(n + 1, sizeof(size_t));
  c->po = malloc(n * sizeof(size_t));
  c->idom = malloc(n * sizeof(size_t));
  size_t *stack = malloc(2 * n * sizeof(size_t) + 1);
  size_t *rpo = malloc(n * sizeof(size_t) + 1);
  if (!c->bb || !c->keys || !c->succ_start || !c->pred_start || !c->po ||
      !c->idom || !stack || !rpo)
    goto nomem;
  size_t i = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb), ++i) {
    c->bb[i] = bb;
    c->keys[i].bb = bb;
    c->keys[i].index = i;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    nsucc += t ? LLVMGetNumSuccessors(t) : 0;
  }
  qsort(c->keys, n, sizeof *c->keys, by_bb);
  c->succ = malloc(nsucc * sizeof(size_t) + 1);
  c->pred = malloc(nsucc * sizeof(size_t) + 1);
  if (!c->succ || !c->pred)
    goto nomem;
  size_t k = 0;
  for (i = 0; i < n; ++i) {
    c->succ_start[i] = k;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->bb[i]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; ++s) {
      size_t j = fpa_cfg_index(c, LLVMGetSuccessor(t, s));
      if (j == FPA_CFG_NONE)
        continue;
      c->succ[k++] = j;
      c->pred_start[j + 1]++;
    }
  }
  c->succ_start[n] = k;
  for (i = 0; i < n; ++i)
    c->pred_start[i + 1] += c->pred_start[i];
  size_t *fill = stack; /* reused as a cursor per block */
  for (i = 0; i < n; ++i)
    fill[i] = c->pred_start[i];
  for (i = 0; i < n; ++i)
    for (k = c->succ_start[i]; k < c->succ_start[i + 1]; ++k)
      c->pred[fill[c->succ[k]]++] = i;
  /* postorder by an explicit DFS from the entry */
  for (i = 0; i < n; ++i)
    c->po[i] = c->idom[i] = FPA_CFG_NONE;
  size_t sp = 0, npo = 0;
  if (n) {
    stack[sp++] = 0;
    stack[sp++] = c->succ_start[0];
    c->po[0] = FPA_CFG_NONE - 1; /* on the stack */
  }
  while (sp) {
    size_t b = stack[sp - 2], *next = &stack[sp - 1];
    if (*next < c->succ_start[b + 1]) {
      size_t s = c->succ[(*next)++];
      if (c->po[s] == FPA_CFG_NONE) {
        c->po[s] = FPA_CFG_NONE - 1;
        stack[sp++] = s;
        stack[sp++] = c->succ_start[s];
      }
      continue;
    }
    c->po[b] = npo;
    rpo[npo++] = b;
    sp -= 2;
  }
  /* rpo[] holds postorder; walk it backwards for reverse postorder */
  if (n)
    c->idom[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t r = npo; r-- > 0;) {
      size_t b = rpo[r];
      if (b == 0)
        continue;
      size_t d = FPA_CFG_NONE;
      for (k = c->pred_start[b]; k < c->pred_start[b + 1]; ++k) {
        size_t p = c->pred[k];
        if (c->idom[p] == FPA_CFG_NONE)
          continue;
        d = d == FPA_CFG_NONE ? p : intersect(c, p, d);
      }
      if (d != c->idom[b]) {
        c->idom[b] = d;
        changed = 1;
      }
    }
  }
  free(stack);
  free(rpo);
  return FPA_OK;
nomem:
  free(stack);
  free(rpo);
  fpa_cfg_free(c);
  return FPA_ERR_NOMEM;
}

int fpa_cfg_dominates(const fpa_cfg *c, size_t a, size_t b) {
  if (c->idom[b] == FPA_CFG_NONE || c->idom[a] == FPA_CFG_NONE)
    return 0;
  while (b != a) {
    if (b == 0)
      return 0;
    b = c->idom[b];
  }
  return 1;
}

/* Marks in `in` the natural loop of header h (its back edges' bodies);
 * returns 0 when h heads no loop. `work` has room for n entries. */
int fpa_cfg_natural_loop(const fpa_cfg *c, size_t h, unsigned char *in,
                         size_t *work) {
  memset(in, 0, c->n);
  size_t top = 0;
  int any = 0;
  for (size_t k = c->pred_start[h]; k < c->pred_start[h + 1]; ++k) {
    size_t t = c->pred[k];
    if (!fpa_cfg_dominates(c, h, t))
      continue;
    any = 1;
    if (!in[t] && t != h) {
      in[t] = 1;
      work[top++] = t;
    }
  }
  in[h] = 1;
  while (top) {
    size_t x = work[--top];
    for (size_t k = c->pred_start[x]; k < c->pred_start[x + 1]; ++k) {
      size_t y = c->pred[k];
      if (!in[y] && c->idom[y] != FPA_CFG_NONE) {
        in[y] = 1;
        work[top++] = y;
      }
    }
  }
  return any;
}

/* The header of the innermost natural loop around block b (its blocks in
 * `in`), or FPA_CFG_NONE. */
size_t fpa_cfg_innermost_loop(const fpa_cfg *c, size_t b, unsigned char *in,
                              size_t *work) {
  if (c->idom[b] == FPA_CFG_NONE)
    return FPA_CFG_NONE;
  for (size_t a = b;; a = c->idom[a]) {
    if (fpa_cfg_natural_loop(c, a, in, work) && in[b])
      return a;
    if (a == 0)
      return FPA_CFG_NONE;
  }
}
