/*===-- fpa-warp-sim.c - aggregate=warp lowerings on simulated warps ----===*\
|*                                                                          *|
|* Builds `T f(ptr %p, T %v) { %old = atomicrmw OP ptr %p, T %v monotonic;  *|
|* ret T %old }`, lowers it with aggregate=warp (NVPTX rules), and replaces *|
|* each NVVM warp intrinsic of the result (activemask, laneid, lanemask.lt, *|
|* tid.x, isspacep.local, vote.sync, shfl.sync, match.any.sync, redux.sync) *|
|* and each predicated atomic (inline asm "@fpa_p atom...", the leaders'    *|
|* when the result is used) by a call to a host function written here from  *|
|* the PTX ISA, and each memory access (load atomic, cmpxchg, atomicrmw; a  *|
|* plain one is an error) by a call that also stamps the lane's clock (the  *|
|* hint of warp-precheck, a word of shared memory, is a host word, set at   *|
|* random before each trial).                                               *|
|* It JIT-compiles that for the host and runs it on simulated warps: each   *|
|* lane is a coroutine, and a collective completes when every active lane   *|
|* of the warp has reached it. Many active masks, address groupings, values *|
|* (NaNs of both signs, quiet and signalling, both zeros, infinities,       *|
|* subnormals) and memory contents (NaNs of either sign) are tried, and     *|
|* each lane's old value and the final memory are compared with one atomic  *|
|* per lane applied in ascending lane order (on the per-lane path: in the   *|
|* order of the lanes' last memory accesses), from a reference written here *|
|* from the semantics in docs/exactness.md (never from the library).        *|
|*                                                                          *|
|* A collective completes when every lane of its member mask has reached   *|
|* it with the same mask; a lane of the mask that has returned, or lanes    *|
|* that wait for each other at different collectives, fail the trial. A     *|
|* shuffle from a lane outside the member mask returns garbage, as on the   *|
|* GPU. activemask waits until no lane of the warp runs and gives the lanes *|
|* at its call site then: after a branch that split the warp, only those    *|
|* that took it. One lane runs at a time, picked at random, and a warp's    *|
|* collectives complete while the other warp runs.                          *|
|* What it cannot show: timing, memory ordering between warps, and whether  *|
|* the NVPTX backend and ptxas keep the IR's meaning (test/e2e, bench/).    *|
\*===----------------------------------------------------------------------===*/
#include "fpatomics.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm/Config/llvm-config.h>

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#define HAS_FMINIMUM (LLVM_VERSION_MAJOR >= 20)

static const char *g_argv0 = "fpa-warp-sim";

static void die(const char *fmt_, const char *arg) {
  fprintf(stderr, "%s: ", g_argv0);
  fprintf(stderr, fmt_, arg);
  fputc('\n', stderr);
  exit(2);
}

/*===------------------------------ Formats ------------------------------===*/

enum { TY_HALF, TY_BFLOAT, TY_FLOAT, TY_DOUBLE, NTYPES };
typedef struct fmt {
  const char *name;
  unsigned bits, mbits;
  uint64_t sign, expo, all;
} fmt;
static const fmt FMTS[NTYPES] = {
    {"half", 16, 10, 0x8000u, 0x7c00u, 0xffffu},
    {"bfloat", 16, 7, 0x8000u, 0x7f80u, 0xffffu},
    {"float", 32, 23, 0x80000000u, 0x7f800000u, 0xffffffffu},
    {"double", 64, 52, 0x8000000000000000ull, 0x7ff0000000000000ull, ~0ull}};

enum { OP_FADD, OP_FSUB, OP_FMIN, OP_FMAX, OP_FMINIMUM, OP_FMAXIMUM, NOPS };
static const char *OPS[NOPS] = {"fadd", "fsub",     "fmin",
                                "fmax", "fminimum", "fmaximum"};

static int is_nan(const fmt *f, uint64_t x) {
  return (x & (f->sign - 1)) > f->expo;
}
/* Unsigned order key: the float order of non-NaN values, -0 < +0. */
static uint64_t ukey(const fmt *f, uint64_t x) {
  return (x & f->sign) ? (~x & f->all) : (x | f->sign);
}

/* One atomic's new memory value, from SEMANTICS.md: minnum ignores a NaN
 * operand (a no-op, memory keeps its bits) and replaces a NaN in memory;
 * minimum keeps a NaN in memory and stores a NaN operand (any NaN). */
static uint64_t ref_minmax(const fmt *f, int op, uint64_t a, uint64_t v) {
  int want_min = op == OP_FMIN || op == OP_FMINIMUM;
  if (op == OP_FMIN || op == OP_FMAX) {
    if (is_nan(f, v))
      return a;
    if (is_nan(f, a))
      return v;
  } else {
    if (is_nan(f, a))
      return a;
    if (is_nan(f, v))
      return v;
  }
  int v_first = want_min ? ukey(f, v) < ukey(f, a) : ukey(f, v) > ukey(f, a);
  return v_first ? v : a;
}

static double as_double(const fmt *f, uint64_t x) {
  if (f->bits == 32) {
    uint32_t b = (uint32_t)x;
    float r;
    memcpy(&r, &b, 4);
    return r;
  }
  double r;
  memcpy(&r, &x, 8);
  return r;
}

static uint64_t from_double(const fmt *f, double d) {
  if (f->bits == 32) {
    float r = (float)d;
    uint32_t b;
    memcpy(&b, &r, 4);
    return b;
  }
  uint64_t b;
  memcpy(&b, &d, 8);
  return b;
}

/*===---------------------- The simulated warps ---------------------------===*/

enum {
  COLL_SHFL_IDX = 1,
  COLL_SHFL_UP,
  COLL_VOTE_ALL,
  COLL_VOTE_ANY,
  COLL_MATCH,
  COLL_REDUX_MIN,
  COLL_REDUX_MAX,
  COLL_REDUX_UMIN,
  COLL_REDUX_UMAX,
  COLL_VOTE_UNI,
  COLL_VOTE_BALLOT,
  COLL_ACTIVEMASK
};
static const char *COLL_NAMES[] = {
    "?",         "shfl.idx",    "shfl.up",   "vote.all",   "vote.any",
    "match.any", "redux.min",   "redux.max", "redux.umin", "redux.umax",
    "vote.uni",  "vote.ballot", "activemask"};

enum { L_IDLE, L_RUN, L_COLL, L_DONE };

typedef uint64_t (*lane_fn)(void *p, uint64_t vbits);

typedef struct lane {
  ucontext_t uc;
  char *stack;
  int warp, id, state;
  /* the collective it waits at */
  int kind;
  uint32_t mask;
  uint64_t a, b, c;
  uint64_t result;
  /* its call */
  void *p;
  uint64_t vbits, old;
  uint64_t last_access; /* g_clock at its latest memory access */
} lane;

#define MAX_WARPS 2
#define STACK_BYTES (256 * 1024)

static lane g_lanes[MAX_WARPS * 32];
static uint32_t g_active[MAX_WARPS];
static int g_cur;
static ucontext_t g_main;
static lane_fn g_fn;
static char g_sim_error[512];
static uint64_t g_rng;
static const char *g_local_lo, *g_local_hi;

static uint64_t rnd(void) {
  uint64_t z = (g_rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static unsigned below(unsigned n) { return (unsigned)(rnd() % n); }

static uint64_t collective(int kind, uint32_t mask, uint64_t a, uint64_t b,
                           uint64_t c) {
  lane *L = &g_lanes[g_cur];
  L->kind = kind;
  L->mask = mask;
  L->a = a;
  L->b = b;
  L->c = c;
  L->state = L_COLL;
  swapcontext(&L->uc, &g_main);
  return L->result;
}

/* The host side of each intrinsic. i1 travels as i32. */
/* %tid.x of lane 0 of each warp, per trial: 0 or 32 (warp-precheck's
 * learning warps are those with %tid.x below 32), or 16, where a warp's
 * lanes split between the two (a block whose %ntid.x is not a multiple of
 * 32) */
static uint32_t g_tid_base[MAX_WARPS];
/* %tid.x reads below 32 and at or above */
static unsigned g_tid_reads[2];
static uint32_t emu_tid_x(void) {
  uint32_t t = g_tid_base[g_lanes[g_cur].warp] + (uint32_t)g_lanes[g_cur].id;
  ++g_tid_reads[t >= 32];
  return t;
}
/* activemask at the call site numbered `site`: the lanes that are there
 * together (resolve). */
static uint32_t emu_activemask(uint32_t site) {
  return (uint32_t)collective(COLL_ACTIVEMASK, 0, site, 0, 0);
}
static uint32_t emu_laneid(void) { return (uint32_t)g_lanes[g_cur].id; }
static uint32_t emu_lanemask_lt(void) { return (1u << g_lanes[g_cur].id) - 1u; }
static uint32_t emu_isspacep_local(const char *p) {
  return p >= g_local_lo && p < g_local_hi;
}
/* Every simulated pointer that is not thread-local stands for global
 * memory (the simulation has no shared memory of its own). */
static uint32_t emu_isspacep_global(const char *p) {
  return !(p >= g_local_lo && p < g_local_hi);
}
static uint32_t emu_vote_all(uint32_t mask, uint32_t pred) {
  return (uint32_t)collective(COLL_VOTE_ALL, mask, pred & 1, 0, 0);
}
static uint32_t emu_vote_any(uint32_t mask, uint32_t pred) {
  return (uint32_t)collective(COLL_VOTE_ANY, mask, pred & 1, 0, 0);
}
static uint32_t emu_vote_uni(uint32_t mask, uint32_t pred) {
  return (uint32_t)collective(COLL_VOTE_UNI, mask, pred & 1, 0, 0);
}
/* ballots whose result was neither 0 nor the whole member mask (a warp
 * with both answers: precheck=adaptive's mixed-sign test) */
static unsigned g_ballots_mixed;
static uint32_t emu_vote_ballot(uint32_t mask, uint32_t pred) {
  return (uint32_t)collective(COLL_VOTE_BALLOT, mask, pred & 1, 0, 0);
}
static uint32_t emu_shfl_idx(uint32_t mask, uint32_t v, uint32_t b,
                             uint32_t c) {
  return (uint32_t)collective(COLL_SHFL_IDX, mask, v, b, c);
}
static uint32_t emu_shfl_up(uint32_t mask, uint32_t v, uint32_t b, uint32_t c) {
  return (uint32_t)collective(COLL_SHFL_UP, mask, v, b, c);
}
static uint32_t emu_match_i64(uint32_t mask, uint64_t v) {
  return (uint32_t)collective(COLL_MATCH, mask, v, 0, 0);
}
static uint32_t emu_match_i32(uint32_t mask, uint32_t v) {
  return (uint32_t)collective(COLL_MATCH, mask, v, 0, 0);
}
static uint32_t emu_redux_min(uint32_t v, uint32_t mask) {
  return (uint32_t)collective(COLL_REDUX_MIN, mask, v, 0, 0);
}
static uint32_t emu_redux_max(uint32_t v, uint32_t mask) {
  return (uint32_t)collective(COLL_REDUX_MAX, mask, v, 0, 0);
}
static uint32_t emu_redux_umin(uint32_t v, uint32_t mask) {
  return (uint32_t)collective(COLL_REDUX_UMIN, mask, v, 0, 0);
}
static uint32_t emu_redux_umax(uint32_t v, uint32_t mask) {
  return (uint32_t)collective(COLL_REDUX_UMAX, mask, v, 0, 0);
}

/* Every access of the lowered code to memory runs here, on a lane's turn:
 * the lanes are coroutines, so each access is atomic with respect to the
 * other lanes. Each access stamps the lane with a clock: on the per-lane
 * path a lane's update takes effect at its last access (its write, or the
 * read that showed it would change nothing), and that access may come
 * before a collective (a cmpxchg loop's first load is made before the
 * grouping tests), so the order of the lanes' updates is the order of
 * their last accesses, not the order in which they returned. */
enum {
  ACC_ADD_F, /* floating-point add (float, double) */
  ACC_MIN_S,
  ACC_MAX_S,
  ACC_MIN_U,
  ACC_MAX_U,
  ACC_CAS,
  ACC_LOAD,
  ACC_XCHG,
  ACC_ADD,
  ACC_SUB,
  ACC_SUB_F
};
static uint64_t g_clock;

static uint64_t access_mem(int op, unsigned bytes, void *p, uint64_t a,
                           uint64_t c) {
  g_lanes[g_cur].last_access = ++g_clock;
  uint64_t all = bytes == 8 ? ~0ull : (1ull << (8 * bytes)) - 1;
  uint64_t old = 0, nv;
  memcpy(&old, p, bytes); /* little endian, as the JIT's host */
  a &= all;
  c &= all;
  unsigned sh = 64 - 8 * bytes;
  int64_t so = (int64_t)(old << sh) >> sh, sa = (int64_t)(a << sh) >> sh;
  const fmt *ft = &FMTS[bytes == 8 ? TY_DOUBLE : TY_FLOAT];
  switch (op) {
  case ACC_ADD_F:
  case ACC_SUB_F:
    if (bytes != 4 && bytes != 8)
      die("%s", "simulated memory: floating-point add of 16 bits");
    /* float: the double sum of two floats rounds to float correctly */
    nv = from_double(ft, as_double(ft, old) +
                             (op == ACC_SUB_F ? -1 : 1) * as_double(ft, a));
    break;
  case ACC_MIN_S:
    nv = sa < so ? a : old;
    break;
  case ACC_MAX_S:
    nv = sa > so ? a : old;
    break;
  case ACC_MIN_U:
    nv = a < old ? a : old;
    break;
  case ACC_MAX_U:
    nv = a > old ? a : old;
    break;
  case ACC_CAS:
    nv = old == a ? c : old;
    break;
  case ACC_LOAD:
    return old;
  case ACC_XCHG:
    nv = a;
    break;
  case ACC_ADD:
    nv = (old + a) & all;
    break;
  default:
    nv = (old - a) & all;
  }
  memcpy(p, &nv, bytes);
  return old;
}

/* A predicated PTX atomic or load of the lowering (inline asm "@fpa_p
 * atom..." or "@fpa_p ld..."): `code` is the operation (ACC_ADD_F..ACC_LOAD)
 * times 2, plus 1 for 64 bits. A lane whose predicate is clear gets `a`
 * back and touches nothing. */
static uint64_t emu_patom(uint32_t code, uint32_t pred, void *p, uint64_t a,
                          uint64_t c) {
  if (!(pred & 1))
    return a;
  uint64_t r = access_mem((int)(code >> 1), code & 1 ? 8 : 4, p, a, c);
  /* after a predicated load, as after any load (emu_access) */
  if ((int)(code >> 1) == ACC_LOAD && below(4) == 0)
    swapcontext(&g_lanes[g_cur].uc, &g_main);
  return r;
}

/* load atomic, cmpxchg and atomicrmw of the lowered code: `code` is the
 * operation (ACC_*) times 16 plus the access's bytes. */
static uint64_t emu_access(uint32_t code, void *p, uint64_t a, uint64_t c) {
  uint64_t r = access_mem((int)(code >> 4), code & 15, p, a, c);
  /* after a load, now and then let the other lanes run first, so that a
   * value loaded to start a cmpxchg (or a precheck) may be stale by the
   * time the lane goes on */
  if ((int)(code >> 4) == ACC_LOAD && below(4) == 0)
    swapcontext(&g_lanes[g_cur].uc, &g_main);
  return r;
}

/* warp-precheck's hint (a shared-memory global "fpa.warp.hint", two
 * words: [0] the hint, [1] where lanes other than the lowest store): one
 * for the simulated block (both warps), [0] set at random before each
 * trial, as shared memory holds whatever it held. It is cold where it
 * holds the function's cold word (g_hint_cold, read from the lowered
 * code's test of it) and hot for any other value; lanes store 0 (hot),
 * the warm word (the cold word ^ 1, a step down that reads hot) or the
 * cold word. Its accesses are not memory updates of the lanes, so they
 * leave the clocks alone. */
static uint32_t g_hint, g_hint_cold;
/* reads that found it cold (the direct form follows) and hot (the
 * precheck form); stores of the cold word (by the precheck form: an update
 * that changes memory) and of 0 (hot: a no-op, by either form) */
static unsigned g_hint_reads[2], g_hint_stores[2];
static uint32_t emu_hint(uint32_t is_store, uint32_t value, uint32_t word) {
  if (word > 1 || (word && !is_store))
    die("the hint's aside word %s, or a word past it",
        is_store ? "stored" : "read");
  if (is_store && value != 0 && value != g_hint_cold &&
      value != (g_hint_cold ^ 1u))
    die("%s", "a lane stored a word into the hint that is neither 0 (hot), "
              "the warm word (the cold word ^ 1) nor the cold word");
  if (is_store && word)
    return 0; /* the word beside the hint: never read */
  if (is_store) {
    ++g_hint_stores[value == 0];
    g_hint = value;
    return 0;
  }
  ++g_hint_reads[g_hint != g_hint_cold];
  return g_hint;
}

static void sim_fail(const char *fmt_, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static void sim_fail(const char *fmt_, ...) {
  if (g_sim_error[0])
    return;
  va_list ap;
  va_start(ap, fmt_);
  vsnprintf(g_sim_error, sizeof g_sim_error, fmt_, ap);
  va_end(ap);
}

/* PTX ISA, shfl.sync: c packs the clamp value (bits 4:0) and the segment
 * mask (bits 12:8). Returns the source lane, or -1 for "keep own value". */
static int shfl_source(int kind, int lane_id, uint32_t b, uint32_t c) {
  uint32_t bval = b & 31, cval = c & 31, seg = (c >> 8) & 31;
  uint32_t lanei = (uint32_t)lane_id;
  uint32_t maxl = (lanei & seg) | (cval & ~seg);
  uint32_t minl = lanei & seg;
  int j;
  int ok;
  if (kind == COLL_SHFL_UP) {
    j = (int)lanei - (int)bval;
    ok = j >= (int)maxl;
  } else {
    j = (int)(minl | (bval & ~seg));
    ok = j <= (int)maxl;
  }
  return ok ? j : lane_id;
}

/* Every lane of warp w that has not finished waits at a collective (none
 * runs). Resolves one group of them, the one of the lowest lane that can
 * go on:
 *   - the lanes at one activemask call site: each gets that set, the lanes
 *     that are there together (on the GPU, those executing it together;
 *     lanes that took another branch wait elsewhere or have finished);
 *   - the lanes of a member mask that all wait at the same collective
 *     with that mask.
 * A member mask that names a lane that has finished, or a state where no
 * group can go on (lanes wait for others that wait elsewhere), is an
 * error: on the GPU the collective would never complete. */
static void answer(int w, int kind, uint32_t m);
static void resolve(int w) {
  lane *ls = &g_lanes[w * 32];
  uint32_t act = g_active[w], at = 0, done = 0;
  for (int l = 0; l < 32; ++l) {
    at |= (uint32_t)(ls[l].state == L_COLL) << l;
    done |= (uint32_t)(ls[l].state == L_DONE) << l;
  }
  for (int l = 0; l < 32; ++l) {
    if (!(at >> l & 1) || ls[l].kind == COLL_ACTIVEMASK)
      continue;
    int kind = ls[l].kind;
    uint32_t m = ls[l].mask;
    if (!(m >> l & 1)) {
      sim_fail("warp %d: lane %d's %s member mask 0x%08x lacks the "
               "lane",
               w, l, COLL_NAMES[kind], m);
      return;
    }
    if (m & ~act) {
      sim_fail("warp %d: lane %d's %s member mask 0x%08x names "
               "inactive lanes (active 0x%08x)",
               w, l, COLL_NAMES[kind], m, act);
      return;
    }
    if (m & done) {
      sim_fail("warp %d: lanes 0x%08x wait at %s, lanes 0x%08x of "
               "its member mask have finished",
               w, at & m, COLL_NAMES[kind], m & done);
      return;
    }
  }
  for (int l = 0; l < 32; ++l) {
    if (!(at >> l & 1))
      continue;
    int kind = ls[l].kind;
    if (kind == COLL_ACTIVEMASK) {
      uint32_t g = 0;
      for (int j = 0; j < 32; ++j)
        if ((at >> j & 1) && ls[j].kind == COLL_ACTIVEMASK &&
            ls[j].a == ls[l].a)
          g |= 1u << j;
      for (int j = 0; j < 32; ++j)
        if (g >> j & 1) {
          ls[j].result = g;
          ls[j].state = L_RUN;
        }
      return;
    }
    uint32_t m = ls[l].mask;
    int ready = 1;
    for (int j = 0; j < 32; ++j)
      if ((m >> j & 1) &&
          (!(at >> j & 1) || ls[j].kind != kind || ls[j].mask != m))
        ready = 0;
    if (ready) {
      answer(w, kind, m);
      return;
    }
  }
  int l = __builtin_ctz(at);
  sim_fail("warp %d: no collective can complete: lane %d waits at %s "
           "(member mask 0x%08x); lanes 0x%08x wait at collectives",
           w, l, COLL_NAMES[ls[l].kind], ls[l].mask, at);
}

/* Answers the collective `kind` of the lanes of member mask m. */
static void answer(int w, int kind, uint32_t m) {
  lane *ls = &g_lanes[w * 32];
  for (int l = 0; l < 32; ++l) {
    if (!(m >> l & 1))
      continue;
    lane *L = &ls[l];
    uint64_t r = 0;
    switch (kind) {
    case COLL_SHFL_IDX:
    case COLL_SHFL_UP: {
      int j = shfl_source(kind, l, (uint32_t)L->b, (uint32_t)L->c);
      /* the PTX ISA leaves the value undefined if the source lane is not
       * in the member mask: garbage, so that relying on it shows */
      r = (m >> j & 1) ? (ls[j].a & 0xffffffffu) : (rnd() & 0xffffffffu);
      break;
    }
    case COLL_VOTE_ALL:
    case COLL_VOTE_ANY:
    case COLL_VOTE_UNI: {
      int all = 1, any = 0;
      for (int j = 0; j < 32; ++j)
        if (m >> j & 1)
          all &= (int)ls[j].a, any |= (int)ls[j].a;
      r = (uint64_t)(kind == COLL_VOTE_ALL   ? all
                     : kind == COLL_VOTE_ANY ? any
                                             : all == any);
      break;
    }
    case COLL_MATCH:
      for (int j = 0; j < 32; ++j)
        if ((m >> j & 1) && ls[j].a == L->a)
          r |= 1ull << j;
      break;
    case COLL_VOTE_BALLOT:
      for (int j = 0; j < 32; ++j)
        if ((m >> j & 1) && (ls[j].a & 1))
          r |= 1ull << j;
      /* a mixed ballot, counted at its lowest member */
      if (r != 0 && r != m && (m & (0u - m)) == (1u << l))
        ++g_ballots_mixed;
      break;
    default: {
      int first = 1;
      for (int j = 0; j < 32; ++j) {
        if (!(m >> j & 1))
          continue;
        uint32_t x = (uint32_t)ls[j].a, y = (uint32_t)r;
        int take = first;
        if (kind == COLL_REDUX_MIN)
          take |= (int32_t)x < (int32_t)y;
        else if (kind == COLL_REDUX_MAX)
          take |= (int32_t)x > (int32_t)y;
        else if (kind == COLL_REDUX_UMIN)
          take |= x < y;
        else
          take |= x > y;
        if (take)
          r = x;
        first = 0;
      }
    }
    }
    L->result = r;
  }
  for (int l = 0; l < 32; ++l)
    if (m >> l & 1)
      ls[l].state = L_RUN;
}

/* The lanes in the order they returned. */
static int g_done_order[MAX_WARPS * 32], g_ndone;

static void lane_main(int idx) {
  lane *L = &g_lanes[idx];
  L->old = g_fn(L->p, L->vbits);
  L->state = L_DONE;
  g_done_order[g_ndone++] = idx;
}

/* A fresh coroutine for lane `idx` (getcontext returns twice, so it is
 * kept out of the caller's frame). */
static __attribute__((noinline)) void start_lane(lane *L, int idx) {
  getcontext(&L->uc);
  L->uc.uc_stack.ss_sp = L->stack;
  L->uc.uc_stack.ss_size = STACK_BYTES;
  L->uc.uc_link = &g_main;
  makecontext(&L->uc, (void (*)(void))lane_main, 1, idx);
  L->state = L_RUN;
  L->last_access = 0;
}

/* Runs the lanes of the warps in `warps` (bit w: warp w) to completion,
 * running runnable lanes in a random order between collectives. Returns 0,
 * or -1 with g_sim_error set. */
static int run_warps(unsigned warps) {
  g_ndone = 0;
  for (int w = 0; w < MAX_WARPS; ++w) {
    if (!(warps >> w & 1))
      continue;
    for (int l = 0; l < 32; ++l) {
      lane *L = &g_lanes[w * 32 + l];
      L->warp = w;
      L->id = l;
      L->state = L_IDLE;
      if (!(g_active[w] >> l & 1))
        continue;
      start_lane(L, w * 32 + l);
    }
  }
  for (;;) {
    /* one runnable lane, picked at random, runs until it waits or returns;
     * then a warp none of whose lanes runs has a group of its waiting
     * lanes go on (resolve), while the other warp may still be running */
    int order[MAX_WARPS * 32], n = 0;
    for (int i = 0; i < MAX_WARPS * 32; ++i)
      if ((warps >> (i / 32) & 1) && g_lanes[i].state == L_RUN)
        order[n++] = i;
    if (n) {
      g_cur = order[below((unsigned)n)];
      swapcontext(&g_main, &g_lanes[g_cur].uc);
    }
    int waiting = 0;
    for (int w = 0; w < MAX_WARPS; ++w) {
      if (!(warps >> w & 1))
        continue;
      uint32_t at = 0, run = 0;
      for (int l = 0; l < 32; ++l) {
        at |= (uint32_t)(g_lanes[w * 32 + l].state == L_COLL) << l;
        run |= (uint32_t)(g_lanes[w * 32 + l].state == L_RUN) << l;
      }
      if (run || !at)
        continue;
      resolve(w);
      if (g_sim_error[0])
        return -1;
      waiting = 1;
    }
    if (!n && !waiting)
      return 0;
  }
}

/*===------------------------------- The JIT -----------------------------===*/

static LLVMOrcLLJITRef g_jit;
static LLVMOrcJITDylibRef g_jd;
static char *g_triple, *g_layout;

static void check_err(LLVMErrorRef e, const char *what) {
  if (!e)
    return;
  char *msg = LLVMGetErrorMessage(e);
  fprintf(stderr, "%s: %s: %s\n", g_argv0, what, msg);
  LLVMDisposeErrorMessage(msg);
  exit(2);
}

/* intrinsic -> host function; `sig` gives the host parameter kinds
 * (i: i32, l: i64, p: ptr; s: an i32 that numbers the call site, not an
 * operand) and returns are i32. */
static const struct emu {
  const char *intrinsic, *symbol, *sig;
  void *fn;
} EMUS[] = {
    {"llvm.nvvm.activemask", "fpa_emu_activemask", "s", (void *)emu_activemask},
    {"llvm.nvvm.read.ptx.sreg.laneid", "fpa_emu_laneid", "",
     (void *)emu_laneid},
    {"llvm.nvvm.read.ptx.sreg.lanemask.lt", "fpa_emu_lanemask_lt", "",
     (void *)emu_lanemask_lt},
    {"llvm.nvvm.read.ptx.sreg.tid.x", "fpa_emu_tid_x", "", (void *)emu_tid_x},
    {"llvm.nvvm.isspacep.local", "fpa_emu_isspacep_local", "p",
     (void *)emu_isspacep_local},
    {"llvm.nvvm.isspacep.global", "fpa_emu_isspacep_global", "p",
     (void *)emu_isspacep_global},
    {"llvm.nvvm.vote.all.sync", "fpa_emu_vote_all", "ii", (void *)emu_vote_all},
    {"llvm.nvvm.vote.any.sync", "fpa_emu_vote_any", "ii", (void *)emu_vote_any},
    {"llvm.nvvm.vote.uni.sync", "fpa_emu_vote_uni", "ii", (void *)emu_vote_uni},
    {"llvm.nvvm.vote.ballot.sync", "fpa_emu_vote_ballot", "ii",
     (void *)emu_vote_ballot},
    {"llvm.nvvm.shfl.sync.idx.i32", "fpa_emu_shfl_idx", "iiii",
     (void *)emu_shfl_idx},
    {"llvm.nvvm.shfl.sync.up.i32", "fpa_emu_shfl_up", "iiii",
     (void *)emu_shfl_up},
    {"llvm.nvvm.match.any.sync.i64", "fpa_emu_match_i64", "il",
     (void *)emu_match_i64},
    {"llvm.nvvm.match.any.sync.i32", "fpa_emu_match_i32", "ii",
     (void *)emu_match_i32},
    {"llvm.nvvm.redux.sync.min", "fpa_emu_redux_min", "ii",
     (void *)emu_redux_min},
    {"llvm.nvvm.redux.sync.max", "fpa_emu_redux_max", "ii",
     (void *)emu_redux_max},
    {"llvm.nvvm.redux.sync.umin", "fpa_emu_redux_umin", "ii",
     (void *)emu_redux_umin},
    {"llvm.nvvm.redux.sync.umax", "fpa_emu_redux_umax", "ii",
     (void *)emu_redux_umax},
    /* inline asm, redirected by redirect_patom */
    {"(predicated atom)", "fpa_emu_patom", "iipll", (void *)emu_patom},
    /* load atomic, cmpxchg, atomicrmw: redirect_access */
    {"(memory access)", "fpa_emu_access", "ipll", (void *)emu_access},
    /* load atomic and store atomic of the hint: redirect_hint */
    {"(hint access)", "fpa_emu_hint", "iii", (void *)emu_hint},
};
#define NEMUS (sizeof EMUS / sizeof EMUS[0])

static void jit_init(void) {
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  check_err(LLVMOrcCreateLLJIT(&g_jit, LLVMOrcCreateLLJITBuilder()),
            "creating the JIT");
  g_jd = LLVMOrcLLJITGetMainJITDylib(g_jit);
  LLVMOrcDefinitionGeneratorRef gen = NULL;
  check_err(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
                &gen, LLVMOrcLLJITGetGlobalPrefix(g_jit), NULL, NULL),
            "process symbols");
  LLVMOrcJITDylibAddGenerator(g_jd, gen);
  LLVMOrcCSymbolMapPair syms[NEMUS];
  memset(syms, 0, sizeof syms);
  for (size_t i = 0; i < NEMUS; ++i) {
    syms[i].Name = LLVMOrcLLJITMangleAndIntern(g_jit, EMUS[i].symbol);
    syms[i].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)EMUS[i].fn;
    syms[i].Sym.Flags.GenericFlags =
        LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
  }
  check_err(LLVMOrcJITDylibDefine(g_jd, LLVMOrcAbsoluteSymbols(syms, NEMUS)),
            "defining the intrinsics' host functions");
  g_triple = strdup(LLVMOrcLLJITGetTripleString(g_jit));
  g_layout = strdup(LLVMOrcLLJITGetDataLayoutStr(g_jit));
}

/* A call, at the builder, to host function `name` of type `fty` (declared
 * in `m` on first use). */
static LLVMValueRef call_host(LLVMModuleRef m, LLVMBuilderRef b,
                              const char *name, LLVMTypeRef fty,
                              LLVMValueRef *args, unsigned n) {
  LLVMValueRef host = LLVMGetNamedFunction(m, name);
  if (!host)
    host = LLVMAddFunction(m, name, fty);
  return LLVMBuildCall2(b, fty, host, args, n, "");
}

/* Replaces a predicated atomic or load of the lowering, inline asm of the
 * form
 *   setp.ne.b32 fpa_p, $1, 0; mov.bW $0, $3;
 *   @fpa_p atom.relaxed.SCOPE[.SPACE].OP.TYPE $0, [$2], $3[, $4];
 * or
 *   setp.ne.b32 fpa_p, $1, 0; mov.bW $0, $3;
 *   @fpa_p ld.relaxed.SCOPE[.SPACE].bW $0, [$2];
 * by a call to emu_patom, after checking that form in the printed call. */
static void redirect_patom(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef i) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  char *text = LLVMPrintValueToString(i);
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(i);
  LLVMTypeRef rty = LLVMTypeOf(i);
  unsigned bits = LLVMGetTypeKind(rty) == LLVMIntegerTypeKind
                      ? LLVMGetIntTypeWidth(rty)
                      : 0;
  char mov[32];
  snprintf(mov, sizeof mov, "mov.b%u $0, $3;", bits);
  const char *at = strstr(text, "@fpa_p atom.relaxed.");
  const char *ld = strstr(text, "@fpa_p ld.relaxed.");
  if (!strstr(text, "setp.ne.b32 fpa_p, $1, 0;") || !strstr(text, mov) ||
      !(at || ld) || (bits != 32 && bits != 64))
    die("unexpected inline asm: %s", text);
  int code = -1;
  if (ld) {
    char want[16];
    snprintf(want, sizeof want, ".b%u $0, [$2];", bits);
    const char *tail = strchr(ld + 7, ' ');
    if (nargs != 3 || !tail || strncmp(tail - 4, want, 4) != 0 ||
        strncmp(tail, want + 4, strlen(want + 4)) != 0)
      die("unexpected inline asm: %s", text);
    code = ACC_LOAD;
  } else {
    /* the last two dot-separated words before the operands: OP and TYPE */
    const char *sp = strchr(at + 7, ' ');
    if (!sp)
      die("unexpected inline asm: %s", text);
    char ins[96];
    size_t len = (size_t)(sp - (at + 7));
    if (len >= sizeof ins)
      die("unexpected inline asm: %s", text);
    memcpy(ins, at + 7, len);
    ins[len] = 0;
    char *ty = strrchr(ins, '.');
    if (!ty || ty == ins)
      die("unexpected inline asm: %s", text);
    *ty++ = 0;
    char *op = strrchr(ins, '.');
    if (!op)
      die("unexpected inline asm: %s", text);
    ++op;
    static const char *const ops[] = {"add", "min", "max", "min", "max", "cas"};
    static const char tys[] = {'f', 's', 's', 'u', 'u', 'b'};
    for (int k = 0; k < 6; ++k)
      if (strcmp(op, ops[k]) == 0 && ty[0] == tys[k] &&
          (unsigned)atoi(ty + 1) == bits)
        code = k;
    if (code < 0 || (code == ACC_CAS) != (nargs == 4) ||
        !strstr(text, code == ACC_CAS ? "[$2], $3, $4;" : "[$2], $3;"))
      die("unexpected inline asm: %s", text);
  }
  LLVMDisposeMessage(text);
  LLVMPositionBuilderBefore(b, i);
  LLVMValueRef args[5] = {
      LLVMConstInt(i32, (unsigned)(code * 2 + (bits == 64)), 0),
      LLVMGetOperand(i, 0),
      LLVMBuildPointerCast(b, LLVMGetOperand(i, 1), ptr, ""),
      LLVMBuildZExt(b, LLVMGetOperand(i, 2), i64, ""),
      nargs == 4 ? LLVMBuildZExt(b, LLVMGetOperand(i, 3), i64, "")
                 : LLVMConstInt(i64, 0, 0)};
  LLVMTypeRef params[5] = {i32, i32, ptr, i64, i64};
  LLVMTypeRef fty = LLVMFunctionType(i64, params, 5, 0);
  LLVMValueRef call = call_host(m, b, "fpa_emu_patom", fty, args, 5);
  LLVMReplaceAllUsesWith(i,
                         bits == 64 ? call : LLVMBuildTrunc(b, call, rty, ""));
  LLVMInstructionEraseFromParent(i);
}

/* The hint global an access of `i` (a load or store) goes to, or NULL;
 * `*word` (where not NULL) gets the i32 word index: the global itself is
 * word 0, a getelementptr [2 x i32] of it (instruction or constant) its
 * last index. */
static LLVMValueRef hint_of(LLVMValueRef i, LLVMValueRef *word) {
  LLVMValueRef ptr =
      LLVMGetOperand(i, LLVMGetInstructionOpcode(i) == LLVMStore ? 1 : 0);
  LLVMValueRef g = ptr, w = NULL;
  if ((LLVMIsAGetElementPtrInst(ptr) ||
       (LLVMIsAConstantExpr(ptr) &&
        LLVMGetConstOpcode(ptr) == LLVMGetElementPtr)) &&
      LLVMGetNumOperands(ptr) == 3) {
    g = LLVMGetOperand(ptr, 0);
    w = LLVMGetOperand(ptr, 2);
  }
  size_t len = 0;
  const char *name = LLVMIsAGlobalVariable(g) ? LLVMGetValueName2(g, &len) : "";
  if (strncmp(name, "fpa.warp.hint", 13) != 0)
    return NULL;
  if (word)
    *word = w;
  return g;
}

/* The cold word of the hint tests in `fn` (icmp of a frozen hint load
 * with a constant), 0 where it has none; every test must agree. */
static uint32_t hint_cold_word(LLVMValueRef fn) {
  uint32_t cold = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMGetInstructionOpcode(i) != LLVMICmp)
        continue;
      LLVMValueRef fz = LLVMGetOperand(i, 0), k = LLVMGetOperand(i, 1);
      if (!LLVMIsAInstruction(fz) ||
          LLVMGetInstructionOpcode(fz) != LLVMFreeze || !LLVMIsAConstantInt(k))
        continue;
      LLVMValueRef ld = LLVMGetOperand(fz, 0);
      if (!LLVMIsAInstruction(ld) || LLVMGetInstructionOpcode(ld) != LLVMLoad ||
          !hint_of(ld, NULL))
        continue;
      uint32_t v = (uint32_t)LLVMConstIntGetZExtValue(k);
      /* the precheck form's step down tests the word it read against 0 */
      if (v == 0 && LLVMGetICmpPredicate(i) == LLVMIntEQ)
        continue;
      if (cold && v != cold)
        die("%s", "the hint is tested against two cold words");
      cold = v;
    }
  return cold;
}

/* Replaces an atomic load or store of the hint by a call to emu_hint. */
static void redirect_hint(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef i) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(m));
  int is_store = LLVMGetInstructionOpcode(i) == LLVMStore;
  if (LLVMGetOrdering(i) != LLVMAtomicOrderingMonotonic ||
      (is_store ? LLVMTypeOf(LLVMGetOperand(i, 0)) : LLVMTypeOf(i)) != i32) {
    char *text = LLVMPrintValueToString(i);
    die("the hint is accessed other than by a monotonic i32 load or store: "
        "%s",
        text);
  }
  LLVMPositionBuilderBefore(b, i);
  LLVMValueRef word = NULL;
  hint_of(i, &word);
  LLVMValueRef ptr = LLVMGetOperand(i, is_store ? 1 : 0);
  LLVMValueRef args[3] = {
      LLVMConstInt(i32, (unsigned)is_store, 0),
      is_store ? LLVMGetOperand(i, 0) : LLVMConstInt(i32, 0, 0),
      word ? LLVMBuildIntCast2(b, word, i32, 0, "") : LLVMConstInt(i32, 0, 0)};
  LLVMTypeRef params[3] = {i32, i32, i32};
  LLVMValueRef call = call_host(m, b, "fpa_emu_hint",
                                LLVMFunctionType(i32, params, 3, 0), args, 3);
  if (!is_store)
    LLVMReplaceAllUsesWith(i, call);
  LLVMInstructionEraseFromParent(i);
  /* a getelementptr of the hint goes with its last access */
  if (LLVMIsAInstruction(ptr) && !LLVMGetFirstUse(ptr))
    LLVMInstructionEraseFromParent(ptr);
}

/* Replaces a load atomic, cmpxchg or atomicrmw by a call to emu_access. */
static void redirect_access(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef i) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMOpcode opc = LLVMGetInstructionOpcode(i);
  LLVMTypeRef vty =
      opc == LLVMLoad ? LLVMTypeOf(i) : LLVMTypeOf(LLVMGetOperand(i, 1));
  LLVMTypeKind kind = LLVMGetTypeKind(vty);
  unsigned bits = kind == LLVMIntegerTypeKind  ? LLVMGetIntTypeWidth(vty)
                  : kind == LLVMFloatTypeKind  ? 32
                  : kind == LLVMDoubleTypeKind ? 64
                                               : 0;
  int op = -1;
  if (opc == LLVMLoad) {
    op = ACC_LOAD;
  } else if (opc == LLVMAtomicCmpXchg) {
    op = ACC_CAS;
  } else {
    switch (LLVMGetAtomicRMWBinOp(i)) {
    case LLVMAtomicRMWBinOpXchg:
      op = ACC_XCHG;
      break;
    case LLVMAtomicRMWBinOpAdd:
      op = ACC_ADD;
      break;
    case LLVMAtomicRMWBinOpSub:
      op = ACC_SUB;
      break;
    case LLVMAtomicRMWBinOpMax:
      op = ACC_MAX_S;
      break;
    case LLVMAtomicRMWBinOpMin:
      op = ACC_MIN_S;
      break;
    case LLVMAtomicRMWBinOpUMax:
      op = ACC_MAX_U;
      break;
    case LLVMAtomicRMWBinOpUMin:
      op = ACC_MIN_U;
      break;
    case LLVMAtomicRMWBinOpFAdd:
      op = ACC_ADD_F;
      break;
    case LLVMAtomicRMWBinOpFSub:
      op = ACC_SUB_F;
      break;
    default:
      break;
    }
  }
  if (op < 0 || (bits != 8 && bits != 16 && bits != 32 && bits != 64) ||
      ((op == ACC_ADD_F || op == ACC_SUB_F) && kind == LLVMIntegerTypeKind)) {
    char *text = LLVMPrintValueToString(i);
    die("no host version of the memory access %s", text);
  }
  LLVMTypeRef ity = LLVMIntTypeInContext(ctx, bits);
  LLVMPositionBuilderBefore(b, i);
  LLVMValueRef operands[2] = {LLVMConstInt(i64, 0, 0), LLVMConstInt(i64, 0, 0)};
  unsigned nval = opc == LLVMLoad ? 0 : opc == LLVMAtomicCmpXchg ? 2 : 1;
  for (unsigned k = 0; k < nval; ++k) {
    LLVMValueRef x = LLVMGetOperand(i, k + 1);
    if (kind != LLVMIntegerTypeKind)
      x = LLVMBuildBitCast(b, x, ity, "");
    operands[k] = LLVMBuildZExt(b, x, i64, "");
  }
  LLVMValueRef args[4] = {
      LLVMConstInt(i32, (unsigned)(op * 16) + bits / 8, 0),
      LLVMBuildPointerCast(b, LLVMGetOperand(i, 0), ptr, ""), operands[0],
      operands[1]};
  LLVMTypeRef params[4] = {i32, ptr, i64, i64};
  LLVMTypeRef fty = LLVMFunctionType(i64, params, 4, 0);
  LLVMValueRef call = call_host(m, b, "fpa_emu_access", fty, args, 4);
  LLVMValueRef old = LLVMBuildTrunc(b, call, ity, "");
  LLVMValueRef r;
  if (opc == LLVMAtomicCmpXchg) {
    LLVMValueRef ok =
        LLVMBuildICmp(b, LLVMIntEQ, old, LLVMGetOperand(i, 1), "");
    r = LLVMBuildInsertValue(b, LLVMGetUndef(LLVMTypeOf(i)), old, 0, "");
    r = LLVMBuildInsertValue(b, r, ok, 1, "");
  } else {
    r = kind == LLVMIntegerTypeKind ? old : LLVMBuildBitCast(b, old, vty, "");
  }
  LLVMReplaceAllUsesWith(i, r);
  LLVMInstructionEraseFromParent(i);
}

/* Replaces a call of llvm.nvvm.fmin.f/fmax.f/fmin.d/fmax.d by IR with PTX
 * min/max's semantics as SEMANTICS.md records them for sm_90: a NaN
 * operand is ignored, two NaNs give 0x7fff... (all ones but the sign),
 * -0 orders below +0, subnormals are kept; and llvm.nvvm.fmin.nan.f/
 * fmax.nan.f (min.NaN/max.NaN) by the same with 0x7fffffff for any NaN
 * operand. Returns 0 for other calls. */
static int redirect_ptx_minmax(LLVMBuilderRef b, LLVMValueRef i,
                               const char *name) {
  int is_max, nan_form = 0;
  if (!strcmp(name, "llvm.nvvm.fmin.f") || !strcmp(name, "llvm.nvvm.fmin.d"))
    is_max = 0;
  else if (!strcmp(name, "llvm.nvvm.fmax.f") ||
           !strcmp(name, "llvm.nvvm.fmax.d"))
    is_max = 1;
  else if (!strcmp(name, "llvm.nvvm.fmin.nan.f"))
    is_max = 0, nan_form = 1;
  else if (!strcmp(name, "llvm.nvvm.fmax.nan.f"))
    is_max = 1, nan_form = 1;
  else
    return 0;
  LLVMTypeRef fty = LLVMTypeOf(i);
  unsigned bits = LLVMGetTypeKind(fty) == LLVMDoubleTypeKind ? 64 : 32;
  LLVMTypeRef ity = LLVMIntTypeInContext(LLVMGetTypeContext(fty), bits);
  const fmt *f = &FMTS[bits == 64 ? TY_DOUBLE : TY_FLOAT];
  LLVMPositionBuilderBefore(b, i);
  LLVMValueRef x[2], nan[2], key[2];
  for (int k = 0; k < 2; ++k) {
    x[k] = LLVMBuildBitCast(b, LLVMGetOperand(i, (unsigned)k), ity, "");
    nan[k] = LLVMBuildICmp(
        b, LLVMIntUGT,
        LLVMBuildAnd(b, x[k], LLVMConstInt(ity, f->sign - 1, 0), ""),
        LLVMConstInt(ity, f->expo, 0), "");
    LLVMValueRef flip = LLVMBuildOr(
        b, LLVMBuildAShr(b, x[k], LLVMConstInt(ity, bits - 1, 0), ""),
        LLVMConstInt(ity, f->sign, 0), "");
    key[k] = LLVMBuildXor(b, x[k], flip, "");
  }
  LLVMValueRef lt = LLVMBuildICmp(b, LLVMIntULT, key[0], key[1], "");
  LLVMValueRef r = is_max ? LLVMBuildSelect(b, lt, x[1], x[0], "")
                          : LLVMBuildSelect(b, lt, x[0], x[1], "");
  r = LLVMBuildSelect(b, nan[1], x[0], r, "");
  r = LLVMBuildSelect(b, nan[0], x[1], r, "");
  r = LLVMBuildSelect(b,
                      nan_form ? LLVMBuildOr(b, nan[0], nan[1], "")
                               : LLVMBuildAnd(b, nan[0], nan[1], ""),
                      LLVMConstInt(ity, f->sign - 1, 0), r, "");
  LLVMReplaceAllUsesWith(i, LLVMBuildBitCast(b, r, fty, ""));
  LLVMInstructionEraseFromParent(i);
  return 1;
}

/* call sites numbered so far (the 's' parameters) */
static unsigned g_sites;

/* Replaces the NVVM intrinsic calls (and LLVM 15's inline-asm activemask)
 * of `fn` by calls to the host functions. Returns how many it replaced. */
static int redirect_intrinsics(LLVMModuleRef m, LLVMValueRef fn) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  int count = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i) {
      LLVMValueRef next = LLVMGetNextInstruction(i);
      LLVMOpcode opc = LLVMGetInstructionOpcode(i);
      if ((opc == LLVMStore || opc == LLVMLoad) && hint_of(i, NULL)) {
        redirect_hint(m, b, i);
        i = next;
        continue;
      }
      if (opc == LLVMStore ||
          (opc == LLVMLoad &&
           LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic)) {
        /* the lowering's only accesses are atomic (it has no business
         * racing with the other lanes) */
        char *text = LLVMPrintValueToString(i);
        die("the lowered code has a plain memory access: %s", text);
      }
      if (opc == LLVMAtomicCmpXchg || opc == LLVMAtomicRMW || opc == LLVMLoad) {
        redirect_access(m, b, i);
        i = next;
        continue;
      }
      if (opc != LLVMCall) {
        i = next;
        continue;
      }
      LLVMValueRef callee = LLVMGetCalledValue(i);
      const char *name = NULL;
      if (LLVMIsAInlineAsm(callee) && LLVMGetNumArgOperands(i) > 0) {
        redirect_patom(m, b, i);
        ++count;
        i = next;
        continue;
      }
      if (LLVMIsAInlineAsm(callee)) {
        name = "llvm.nvvm.activemask";
      } else if (LLVMIsAFunction(callee)) {
        size_t len = 0;
        name = LLVMGetValueName2(callee, &len);
        if (strncmp(name, "llvm.nvvm.", 10) != 0)
          name = NULL;
      }
      if (!name || redirect_ptx_minmax(b, i, name)) {
        i = next;
        continue;
      }
      const struct emu *e = NULL;
      for (size_t k = 0; k < NEMUS; ++k)
        if (strcmp(EMUS[k].intrinsic, name) == 0)
          e = &EMUS[k];
      if (!e)
        die("no host version of %s", name);
      unsigned n = (unsigned)strlen(e->sig);
      LLVMTypeRef params[4];
      LLVMValueRef args[4];
      LLVMPositionBuilderBefore(b, i);
      for (unsigned k = 0; k < n; ++k) {
        if (e->sig[k] == 's') {
          params[k] = i32;
          args[k] = LLVMConstInt(i32, (unsigned long long)++g_sites, 0);
          continue;
        }
        LLVMValueRef a = LLVMGetOperand(i, k);
        params[k] = e->sig[k] == 'l' ? i64 : e->sig[k] == 'p' ? ptr : i32;
        if (e->sig[k] == 'p')
          a = LLVMBuildPointerCast(b, a, ptr, "");
        else if (LLVMTypeOf(a) != params[k])
          a = LLVMBuildZExt(b, a, params[k], "");
        args[k] = a;
      }
      LLVMTypeRef fty = LLVMFunctionType(i32, params, n, 0);
      LLVMValueRef call = call_host(m, b, e->symbol, fty, args, n);
      LLVMTypeRef rty = LLVMTypeOf(i);
      LLVMValueRef r =
          LLVMGetIntTypeWidth(rty) == 1
              ? LLVMBuildICmp(b, LLVMIntNE, call, LLVMConstInt(i32, 0, 0), "")
              : call;
      LLVMReplaceAllUsesWith(i, r);
      LLVMInstructionEraseFromParent(i);
      ++count;
      i = next;
    }
  }
  LLVMDisposeBuilder(b);
  return count;
}

/*===---------------------------- Combinations ---------------------------===*/

typedef struct combo {
  int op, ty, sm, used, as, uniform, nan_free;
  const char *warp_precheck; /* warp-precheck=..., or NULL */
  int adaptive;    /* precheck=adaptive, per lane (no aggregate=warp) */
  int precheck_on; /* aggregate=warp with precheck=on */
  int autoagg;     /* the default options: aggregate=auto aggregates it */
  unsigned stream; /* picks the combination's random stream */
  int hint;        /* the lowering has warp-precheck's hint (or adaptive's) */
  uint32_t hint_cold; /* its cold word */
  char name[160];
  lane_fn fn;
  unsigned intrinsics;
  unsigned
      helpers; /* functions the lowering added, their accesses redirected */
} combo;

static const char *g_ir_file; /* --ir: a lowered function instead */
static int g_verbose;

/* Adds `i64 w(ptr %p, i64 %vbits)`: calls f with the operand's bits (and
 * the pointer cast to f's address space) and returns the old value's bits,
 * so that the lanes pass integers only. */
static void add_wrapper(LLVMModuleRef m, LLVMValueRef fn, const fmt *f,
                        int used) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef iw = LLVMIntTypeInContext(ctx, f->bits);
  LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
  if (LLVMCountParamTypes(fty) != 2)
    die("%s", "f must take (ptr, T)");
  LLVMTypeRef params[2];
  LLVMGetParamTypes(fty, params);
  LLVMTypeRef gp = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef wparams[2] = {gp, i64};
  LLVMValueRef w =
      LLVMAddFunction(m, "w", LLVMFunctionType(i64, wparams, 2, 0));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, w, "entry"));
  LLVMValueRef p = LLVMGetParam(w, 0), vb = LLVMGetParam(w, 1);
  if (params[0] != gp)
    p = LLVMBuildAddrSpaceCast(b, p, params[0], "");
  if (f->bits < 64)
    vb = LLVMBuildTrunc(b, vb, iw, "");
  LLVMValueRef args[2] = {p, LLVMBuildBitCast(b, vb, params[1], "")};
  LLVMValueRef r = LLVMBuildCall2(b, fty, fn, args, 2, "");
  if (used != (LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMVoidTypeKind))
    die("%s", "f's return type does not match --used");
  if (!used) {
    LLVMBuildRet(b, LLVMConstInt(i64, 0, 0));
  } else {
    r = LLVMBuildBitCast(b, r, iw, "");
    LLVMBuildRet(b, f->bits < 64 ? LLVMBuildZExt(b, r, i64, "") : r);
  }
  LLVMDisposeBuilder(b);
}

/* Builds, lowers and JIT-compiles one combination; 0 when aggregate=warp
 * did not apply (which is then a failure of this check). */
static int build_combo(combo *c, unsigned id) {
  const fmt *f = &FMTS[c->ty];
  LLVMContextRef ctx = LLVMContextCreate();
  char src[1024], as[32] = "";
  const char *T = f->name;
  if (c->as)
    snprintf(as, sizeof as, " addrspace(%d)", c->as);
  snprintf(src, sizeof src,
           "define %s @f(ptr%s %%p, %s %%v) {\n"
           "  %%old = atomicrmw %s ptr%s %%p, %s %%v monotonic, align %u\n"
           "  ret %s%s\n}\n%s",
           c->used ? T : "void", as, T, OPS[c->op], as, T, f->bits / 8,
           c->used ? T : "void", c->used ? " %old" : "",
           c->uniform ? "!nvvm.annotations = !{!0}\n"
                        "!0 = !{ptr @f, !\"kernel\", i32 1}\n"
                      : "");
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (g_ir_file) {
    if (LLVMCreateMemoryBufferWithContentsOfFile(g_ir_file, &buf, &msg))
      die("cannot read %s", g_ir_file);
  } else {
    buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(src, strlen(src), "f.ll");
  }
  LLVMModuleRef m = NULL;
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
    fprintf(stderr, "%s\n%s\n", msg ? msg : "parse error", src);
    die("%s", "cannot parse the test function");
  }
  LLVMSetTarget(m, g_triple);
  LLVMSetDataLayout(m, g_layout);
  if (!g_ir_file) {
    char opts[200];
    snprintf(opts, sizeof opts, "target=nvptx;sm=%d;ptx=78;%s;assume=%s%s%s",
             c->sm,
             c->adaptive      ? "precheck=adaptive;aggregate=none"
             : c->autoagg     ? "aggregate=auto"
             : c->precheck_on ? "aggregate=warp;precheck=on"
                              : "aggregate=warp",
             c->op <= OP_FSUB ? "reassociate-fadd"
             : c->nan_free    ? "nan-free-memory"
                              : "none",
             c->warp_precheck ? ";warp-precheck=" : "",
             c->warp_precheck ? c->warp_precheck : "");
    fpa_options *o = NULL;
    char *err = NULL;
    if (fpa_options_create(&o) || fpa_options_parse(o, opts, &err))
      die("bad library options: %s", err ? err : opts);
    fpa_report *rep = NULL;
    if (fpa_lower_module(m, o, &rep, &err) != FPA_OK)
      die("the library failed to lower: %s", err ? err : "?");
    const fpa_record *rec = NULL;
    for (size_t i = 0; i < fpa_report_size(rep); ++i)
      if (strcmp(fpa_report_at(rep, i)->function, "f") == 0)
        rec = fpa_report_at(rep, i);
    int ok = rec &&
             (c->adaptive
                  ? strcmp(rec->strategy, "int-trick") == 0 &&
                        strstr(rec->reason, "adaptive precheck:")
                  : strcmp(rec->strategy, "warp-aggregated") == 0 &&
                        (!c->autoagg || strstr(rec->reason, "aggregate=auto")));
    if (!ok || g_verbose)
      printf("%s %s: %s %s\n",
             ok            ? "lowered"
             : c->adaptive ? "NOT ADAPTIVE"
                           : "NOT AGGREGATED",
             c->name, rec ? rec->strategy : "-",
             rec ? rec->reason : "no record");
    fpa_report_destroy(rep);
    fpa_options_destroy(o);
    if (!ok) {
      LLVMDisposeModule(m);
      LLVMContextDispose(ctx);
      return 0;
    }
  }
  LLVMValueRef fn = LLVMGetNamedFunction(m, "f");
  if (!fn || LLVMIsDeclaration(fn))
    die("%s", "no function f defined in the module");
  c->hint_cold = hint_cold_word(fn);
  c->intrinsics = (unsigned)redirect_intrinsics(m, fn);
  /* the functions the lowering added (the NaN repair's): their accesses
   * are the lanes' too */
  for (LLVMValueRef g = LLVMGetFirstFunction(m); g;
       g = LLVMGetNextFunction(g)) {
    size_t len = 0;
    if (g != fn && !LLVMIsDeclaration(g) &&
        strncmp(LLVMGetValueName2(g, &len), "fpa.", 4) == 0) {
      c->intrinsics += (unsigned)redirect_intrinsics(m, g);
      c->helpers++;
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(m), next; g; g = next) {
    next = LLVMGetNextGlobal(g);
    size_t len = 0;
    if (strncmp(LLVMGetValueName2(g, &len), "fpa.warp.hint", 13) == 0) {
      if (LLVMGetFirstUse(g))
        die("%s", "the hint has an access that is not a load or store");
      LLVMDeleteGlobal(g);
      c->hint = 1;
      if (!c->hint_cold)
        die("%s", "the hint is never tested against a cold word");
    }
  }
  add_wrapper(m, fn, f, c->used);
  /* unique names, as every module shares the JIT's one dylib */
  char fname[32], wname[32];
  snprintf(fname, sizeof fname, "fpa_warp_f%u", id);
  snprintf(wname, sizeof wname, "fpa_warp_w%u", id);
  LLVMSetValueName2(fn, fname, strlen(fname));
  LLVMValueRef wf = LLVMGetNamedFunction(m, "w");
  LLVMSetValueName2(wf, wname, strlen(wname));
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr, "%s\n", msg);
    die("%s", "the simulated module does not verify");
  }
  LLVMDisposeMessage(msg);
  LLVMOrcThreadSafeContextRef tsc =
#if LLVM_VERSION_MAJOR >= 21
      LLVMOrcCreateNewThreadSafeContextFromLLVMContext(ctx);
#else
      LLVMOrcCreateNewThreadSafeContext();
#endif
#if LLVM_VERSION_MAJOR < 21
  /* before 21 a thread-safe context owns a fresh LLVMContext: move the
   * module there by printing and parsing it again */
  {
    char *text = LLVMPrintModuleToString(m);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    ctx = LLVMOrcThreadSafeContextGetContext(tsc);
    LLVMMemoryBufferRef b2 =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "f.ll");
    LLVMDisposeMessage(text);
    if (LLVMParseIRInContext(ctx, b2, &m, &msg))
      die("%s", "cannot re-parse the simulated module");
  }
#endif
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, tsc);
  LLVMOrcDisposeThreadSafeContext(tsc);
  check_err(LLVMOrcLLJITAddLLVMIRModule(g_jit, g_jd, tsm), "adding a module");
  LLVMOrcExecutorAddress addr = 0;
  check_err(LLVMOrcLLJITLookup(g_jit, &addr, wname), "looking up a function");
  c->fn = (lane_fn)(uintptr_t)addr;
  return 1;
}

/*===------------------------------- Trials ------------------------------===*/

/* Values that meet every case: zeros, infinities, quiet and signalling NaNs
 * of both signs with payloads, subnormals, normals; or, for fadd/fsub,
 * quarter-integers (every sum exact), or random finite values. */
static uint64_t pick_value(const fmt *f, int op, int cls) {
  uint64_t s = (rnd() & 1) ? f->sign : 0;
  uint64_t q = (uint64_t)1 << (f->mbits - 1);
  uint64_t mm = ((uint64_t)1 << f->mbits) - 1;
  if (op <= OP_FSUB) {
    double d;
    if (cls == 0)
      d = (double)((int)below(129) - 64) * 0.25;
    else if (cls == 1)
      d = ldexp((double)(rnd() >> 11) / 9007199254740992.0,
                (int)below(21) - 10);
    else
      d = below(8) == 0 ? (below(2) ? INFINITY : NAN)
                        : (double)((int)below(129) - 64) * 0.25;
    if (below(16) == 0)
      d = 0.0;
    return from_double(f, (rnd() & 1) ? -d : d);
  }
  switch (below(12)) {
  case 0:
    return s; /* +-0 */
  case 1:
    return s | f->expo; /* +-inf */
  case 2:
    return s | f->expo | q | (rnd() & (q - 1)); /* quiet NaN */
  case 3:
    return s | f->expo | (1 + rnd() % (q - 1)); /* signalling NaN */
  case 4:
    return s | (1 + rnd() % mm); /* subnormal */
  case 5:
  case 6: { /* a few values, many ties */
    static const uint64_t few[4] = {0x3c00, 0x4000, 0x3555, 0x0001};
    uint64_t x = few[below(4)];
    return s | (f->bits == 16 ? x : x << (f->bits - 16));
  }
  default:
    return rnd() & f->all; /* anything */
  }
}

static uint64_t pick_memory(const fmt *f, int op, int nan_free) {
  if (op <= OP_FSUB)
    return pick_value(f, op, 0);
  uint64_t v;
  do {
    switch (below(5)) {
    case 0: /* a NaN of either sign */
      v = ((rnd() & 1) ? f->sign : 0) | f->expo | 1 | (rnd() & (f->sign - 1));
      break;
    case 1:
      v = ((rnd() & 1) ? f->sign : 0) | f->expo;
      break;
    default:
      v = pick_value(f, op, 0);
    }
  } while (nan_free && is_nan(f, v));
  return v;
}

typedef struct trial {
  int arrivals;     /* 1, or 2 (two lane subsets of warp 0, in turn) */
  int warps;        /* 1, or 2 at once (final memory only) */
  uint32_t mask[2]; /* per arrival (or per warp) */
  int naddr;
  unsigned addr[64]; /* per lane (warp w: lanes 32w..) */
  int local[64];     /* the lane's pointer is its own thread-local cell */
  uint64_t v[64];
  uint64_t init[32];
  int cls;
} trial;

static void make_trial(const combo *c, trial *t) {
  const fmt *f = &FMTS[c->ty];
  memset(t, 0, sizeof *t);
  unsigned r = below(10);
  t->arrivals = r == 0 ? 2 : 1;
  t->warps = (r == 1 && c->op > OP_FSUB) ? 2 : 1;
  static const int naddrs[] = {1, 1, 2, 7, 32, 3};
  t->naddr = c->uniform ? 1 : naddrs[below(6)];
  for (int k = 0; k < 2; ++k) {
    uint32_t m;
    switch (below(6)) {
    case 0:
      m = 0xffffffffu;
      break;
    case 1:
      m = 1u << below(32);
      break;
    case 2: { /* a contiguous range */
      unsigned lo = below(32), hi = lo + below(32 - lo);
      m = (uint32_t)((hi == 31 ? 0xffffffffu : ((1u << (hi + 1)) - 1)) &
                     ~((1u << lo) - 1));
      break;
    }
    case 3:
      m = (uint32_t)rnd() & (uint32_t)rnd();
      break;
    default:
      m = (uint32_t)rnd() | (uint32_t)rnd();
    }
    t->mask[k] = m ? m : 1;
  }
  if (t->arrivals == 2) {
    t->mask[1] &= ~t->mask[0];
    if (!t->mask[1])
      t->arrivals = 1;
  }
  int pattern = (int)below(4);
  for (int i = 0; i < 64; ++i) {
    unsigned l = (unsigned)i % 32;
    if (pattern == 0)
      t->addr[i] = l % (unsigned)t->naddr; /* interleaved */
    else if (pattern == 1)
      t->addr[i] = l * (unsigned)t->naddr / 32; /* blocks */
    else
      t->addr[i] = below((unsigned)t->naddr);
  }
  t->cls = (int)below(3);
  for (int i = 0; i < 64; ++i)
    t->v[i] = pick_value(f, c->op, t->cls);
  if (pattern == 3 && t->naddr > 1) /* all but one lane on one address */
    for (int i = 0; i < 64; ++i)
      t->addr[i] =
          (i % 32 == (int)(t->mask[0] ? 31 - __builtin_clz(t->mask[0]) : 0))
              ? 1
              : 0;
  if (c->as == 0 && !c->uniform && t->warps == 1 && below(8) == 0)
    for (int k = 0, n = 1 + (int)below(3); k < n; ++k)
      t->local[below(32)] = 1;
  for (int a = 0; a < 32; ++a)
    t->init[a] = pick_memory(f, c->op, c->nan_free);
}

/* Whether the NaN `got` is one that LangRef's "Behavior of Floating-Point
 * NaN values" allows from the trial's NaN inputs (memory and operands):
 * any sign; quiet with payload 0 (the preferred NaN); quiet with an input
 * NaN's payload; or an input NaN unchanged. */
static int allowed_nan(const fmt *f, const trial *t, uint64_t got) {
  uint64_t quiet = 1ull << (f->mbits - 1);
  uint64_t g = got & ~f->sign & f->all;
  if (g == (f->expo | quiet))
    return 1;
  for (int k = 0; k < 96; ++k) {
    uint64_t x = k < 32 ? t->init[k] : t->v[k - 32];
    if (!is_nan(f, x))
      continue;
    x &= ~f->sign & f->all;
    if (g == x || g == (x | quiet))
      return 1;
  }
  return 0;
}

static int same_value(const combo *c, const trial *t, uint64_t got,
                      uint64_t want) {
  const fmt *f = &FMTS[c->ty];
  if (got == want)
    return 1;
  /* minimum/maximum and arithmetic: a NaN result may be another NaN that
   * LangRef allows */
  return c->op != OP_FMIN && c->op != OP_FMAX && is_nan(f, got) &&
         is_nan(f, want) && allowed_nan(f, t, got);
}

/* fadd/fsub under reassociation: `got` against the exact value of the
 * terms; the bound is that of summing n terms in any order. With an
 * infinity or NaN among the terms, the result must be the same infinity or
 * a NaN, as in any order. */
static int near_sum(const combo *c, uint64_t got, long double exact,
                    long double abs_sum, int n, int has_special) {
  const fmt *f = &FMTS[c->ty];
  double g = as_double(f, got);
  if (has_special)
    return isnan((double)exact) ? isnan(g) : g == (double)exact;
  long double u = f->bits == 32 ? 0x1p-24L : 0x1p-53L;
  long double tiny = f->bits == 32 ? 0x1p-149L : 0x1p-1074L;
  long double bound = (long double)(n + 2) * u * abs_sum + n * tiny;
  return fabsl((long double)g - exact) <= bound;
}

static uint64_t to_bits(const fmt *f, const void *p) {
  uint64_t x = 0;
  memcpy(&x, p, f->bits / 8);
  return x;
}

static void put_bits(const fmt *f, void *p, uint64_t x) {
  memcpy(p, &x, f->bits / 8);
}

static void show_trial(const combo *c, const trial *t, const uint64_t *olds,
                       const unsigned char *mem) {
  const fmt *f = &FMTS[c->ty];
  int hw = (int)f->bits / 4;
  printf("    arrivals %d, warps %d, masks 0x%08x 0x%08x, %d addresses\n",
         t->arrivals, t->warps, t->mask[0], t->mask[1], t->naddr);
  for (int i = 0; i < 32 * t->warps; ++i) {
    uint32_t m = t->warps == 2
                     ? t->mask[i / 32]
                     : (t->mask[0] | (t->arrivals == 2 ? t->mask[1] : 0));
    if (!(m >> (i % 32) & 1))
      continue;
    printf("    lane %2d: addr %u%s v=0x%0*" PRIx64 " old=0x%0*" PRIx64 "\n", i,
           t->addr[i], t->local[i] ? " (local)" : "", hw, t->v[i], hw, olds[i]);
  }
  for (int a = 0; a < t->naddr; ++a)
    printf("    mem[%d]: init 0x%0*" PRIx64 " final 0x%0*" PRIx64 "\n", a, hw,
           t->init[a], hw, to_bits(f, mem + (size_t)a * f->bits / 8));
}

/* Runs one trial and checks it; returns 0 when it passes. */
/* Compares the lanes' old values and the memory after a trial with one
 * atomic per lane, arrival by arrival in the lane order order[arr] (two
 * concurrent warps: any order, final memory only). Returns 1, with `why`,
 * where they differ. */
static int reference_check(const combo *c, const trial *t, int order[2][32],
                           const uint64_t *olds, const unsigned char *mem,
                           const unsigned char *local, char *why, size_t wn) {
  const fmt *f = &FMTS[c->ty];
  size_t es = f->bits / 8;
  uint64_t refmem[32], reflocal[64];
  long double exact[32], abs_sum[32];
  int nterms[32] = {0}, special[32] = {0};
  for (int a = 0; a < 32; ++a) {
    refmem[a] = t->init[a];
    exact[a] = as_double(f, t->init[a]);
    abs_sum[a] = fabsl(exact[a]);
    nterms[a] = 1;
    special[a] = is_nan(f, t->init[a]) || (t->init[a] & ~f->sign) == f->expo;
  }
  for (int i = 0; i < 64; ++i)
    reflocal[i] = t->init[(i + 5) % 32];
  int bad = 0;
  int is_add = c->op <= OP_FSUB;
  for (int arr = 0; arr < (t->warps == 2 ? 2 : t->arrivals) && !bad; ++arr)
    for (int li = 0; li < 32 && !bad; ++li) {
      int l = order[arr][li];
      int i = t->warps == 2 ? arr * 32 + l : l;
      if (!(t->mask[arr] >> l & 1))
        continue;
      uint64_t *cell = t->local[i] ? &reflocal[i] : &refmem[t->addr[i]];
      uint64_t v = t->v[i];
      if (!is_add) {
        uint64_t want = *cell;
        *cell = ref_minmax(f, c->op, *cell, v);
        if (t->warps == 1 && c->used && !same_value(c, t, olds[i], want)) {
          snprintf(why, wn, "lane %d: old 0x%" PRIx64 ", expected 0x%" PRIx64,
                   i, olds[i], want);
          bad = 1;
        }
        continue;
      }
      /* fadd/fsub: exact running value of this lane's cell */
      if (t->local[i]) {
        uint64_t want = *cell;
        double r = c->op == OP_FADD ? as_double(f, *cell) + as_double(f, v)
                                    : as_double(f, *cell) - as_double(f, v);
        *cell = from_double(f, r);
        if (c->used && !same_value(c, t, olds[i], want)) {
          snprintf(why, wn,
                   "lane %d (local): old 0x%" PRIx64 ", expected 0x%" PRIx64, i,
                   olds[i], want);
          bad = 1;
        }
        continue;
      }
      unsigned a = t->addr[i];
      int sp = special[a] || is_nan(f, v) || ((v & ~f->sign) == f->expo);
      if (c->used && t->cls == 0 && !sp &&
          olds[i] != from_double(f, (double)exact[a])) {
        snprintf(why, wn, "lane %d: old 0x%" PRIx64 ", exact sum 0x%" PRIx64, i,
                 olds[i], from_double(f, (double)exact[a]));
        bad = 1;
      } else if (c->used && !near_sum(c, olds[i], exact[a], abs_sum[a],
                                      nterms[a], special[a])) {
        snprintf(why, wn,
                 "lane %d: old 0x%" PRIx64 " not within the reassociation "
                 "bound of %.17Lg",
                 i, olds[i], exact[a]);
        bad = 1;
      }
      long double x = as_double(f, v);
      exact[a] += c->op == OP_FADD ? x : -x;
      abs_sum[a] += fabsl(x);
      nterms[a]++;
      special[a] |= sp;
    }
  for (int a = 0; a < t->naddr && !bad; ++a) {
    uint64_t got = to_bits(f, mem + (size_t)a * es);
    if (!is_add) {
      if (!same_value(c, t, got, refmem[a])) {
        snprintf(why, wn, "mem[%d] = 0x%" PRIx64 ", expected 0x%" PRIx64, a,
                 got, refmem[a]);
        bad = 1;
      }
    } else if (t->cls == 0 && !special[a]) {
      if (got != from_double(f, (double)exact[a])) {
        snprintf(why, wn, "mem[%d] = 0x%" PRIx64 ", exact sum 0x%" PRIx64, a,
                 got, from_double(f, (double)exact[a]));
        bad = 1;
      }
    } else if (!near_sum(c, got, exact[a], abs_sum[a], nterms[a], special[a])) {
      snprintf(why, wn, "mem[%d] = 0x%" PRIx64 " not within the bound of %Lg",
               a, got, exact[a]);
      bad = 1;
    }
  }
  for (int i = 0; i < 64 && !bad; ++i) {
    if (!t->local[i] || !((t->mask[0] | t->mask[1]) >> (i % 32) & 1) || i >= 32)
      continue;
    uint64_t got = to_bits(f, local + (size_t)i * es);
    if (!same_value(c, t, got, reflocal[i])) {
      snprintf(why, wn,
               "lane %d's local cell = 0x%" PRIx64 ", expected 0x%" PRIx64, i,
               got, reflocal[i]);
      bad = 1;
    }
  }
  return bad;
}

static int run_trial(const combo *c, const trial *t, char *why, size_t wn) {
  const fmt *f = &FMTS[c->ty];
  size_t es = f->bits / 8;
  unsigned char mem[32 * 8], local[64 * 8];
  uint64_t olds[64] = {0};
  for (int a = 0; a < 32; ++a)
    put_bits(f, mem + (size_t)a * es, t->init[a]);
  for (int i = 0; i < 64; ++i)
    put_bits(f, local + (size_t)i * es, t->init[(i + 5) % 32]);
  g_local_lo = (const char *)local;
  g_local_hi = (const char *)local + sizeof local;
  g_sim_error[0] = 0;
  int order[2][32], acc[2][32];
  for (int arr = 0; arr < 2; ++arr)
    for (int l = 0; l < 32; ++l)
      order[arr][l] = acc[arr][l] = l;
  for (int arr = 0; arr < t->arrivals * (t->warps == 1); ++arr) {
    g_active[0] = t->mask[arr];
    for (int l = 0; l < 32; ++l) {
      lane *L = &g_lanes[l];
      L->p = t->local[l] ? (void *)(local + (size_t)l * es)
                         : (void *)(mem + (size_t)t->addr[l] * es);
      L->vbits = t->v[l];
    }
    if (run_warps(1)) {
      snprintf(why, wn, "simulation: %s", g_sim_error);
      return 1;
    }
    for (int l = 0; l < 32; ++l)
      if (t->mask[arr] >> l & 1)
        olds[l] = g_lanes[l].old & f->all;
    /* the lanes in the order of their last memory accesses (access_mem
     * says why), then the inactive lanes */
    int k = 0;
    for (int d = 0; d < g_ndone; ++d)
      acc[arr][k++] = g_done_order[d];
    for (int x = 1; x < k; ++x)
      for (int y = x; y > 0 && g_lanes[acc[arr][y - 1]].last_access >
                                   g_lanes[acc[arr][y]].last_access;
           --y) {
        int tmp = acc[arr][y];
        acc[arr][y] = acc[arr][y - 1];
        acc[arr][y - 1] = tmp;
      }
    for (int l = 0; l < 32; ++l)
      if (!(t->mask[arr] >> l & 1))
        acc[arr][k++] = l;
  }
  if (t->warps == 2) {
    for (int w = 0; w < 2; ++w) {
      g_active[w] = t->mask[w];
      for (int l = 0; l < 32; ++l) {
        lane *L = &g_lanes[w * 32 + l];
        L->p = (void *)(mem + (size_t)t->addr[w * 32 + l] * es);
        L->vbits = t->v[w * 32 + l];
      }
    }
    if (run_warps(3)) {
      snprintf(why, wn, "simulation: %s", g_sim_error);
      return 1;
    }
    for (int i = 0; i < 64; ++i)
      if (t->mask[i / 32] >> (i % 32) & 1)
        olds[i] = g_lanes[i].old & f->all;
  }

  /* Both orders are linearizations the lowering may produce: ascending
   * lane order where the warp grouped its lanes, the order of the lanes'
   * last accesses where it went per lane (access_mem). The cheap grouping
   * test may see an undefined value from an inactive lane, so which path
   * an arrival took is not predicted: the trial passes when its results
   * are those of one of the combinations. */
  int bad = 1, narr = t->warps == 1 ? t->arrivals : 1;
  char first[300] = "";
  for (unsigned pick = 0; pick < (1u << narr) && bad; ++pick) {
    int use[2][32];
    for (int arr = 0; arr < 2; ++arr)
      memcpy(use[arr], pick >> arr & 1 ? acc[arr] : order[arr],
             sizeof use[arr]);
    bad = reference_check(c, t, use, olds, mem, local, why, wn);
    if (bad && pick == 0)
      snprintf(first, sizeof first, "%s", why);
  }
  if (bad)
    snprintf(why, wn, "%s", first);
  if (bad && g_verbose)
    show_trial(c, t, olds, mem);
  return bad;
}

/*===-------------------------------- main -------------------------------===*/

static void usage(FILE *out) {
  fprintf(out,
          "USAGE: fpa-warp-sim [--op=LIST] [--type=LIST] [--sm=70,80] "
          "[--trials=N] [--seed=N] [-v]\n"
          "       fpa-warp-sim --ir=FILE --op=OP --type=TYPE [--used=0|1] "
          "[--as=N] [--trials=N]\n"
          "Lowers `atomicrmw OP` with aggregate=warp, runs the result on "
          "simulated warps\n"
          "(coroutines; the NVVM warp intrinsics are host functions) and "
          "checks every\n"
          "lane's old value and the final memory against one atomic per lane "
          "in lane\n"
          "order. With --ir, runs a function `f` from FILE that is already "
          "lowered\n"
          "(a wrong lowering must fail). Prints one line per combination "
          "and a summary;\n"
          "exits 1 if any combination failed.\n");
}

static int list_has(const char *list, const char *word) {
  size_t n = strlen(word);
  for (const char *p = list; (p = strstr(p, word)); p += n)
    if ((p == list || p[-1] == ',') && (p[n] == ',' || !p[n]))
      return 1;
  return 0;
}

int main(int argc, char **argv) {
  g_argv0 = argv[0];
  setvbuf(stdout, NULL, _IOLBF, 0);
  const char *ops = NULL, *types = NULL, *sms = "70,80";
  unsigned trials = 300, used_sel = 3, as_sel = 3;
  uint64_t seed = 20261122;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *v = strchr(a, '=');
    v = v ? v + 1 : "";
#define IS(k) (strncmp(a, k "=", strlen(k) + 1) == 0)
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "-v")) {
      g_verbose = 1;
    } else if (IS("--op")) {
      ops = v;
    } else if (IS("--type")) {
      types = v;
    } else if (IS("--sm")) {
      sms = v;
    } else if (IS("--trials")) {
      trials = (unsigned)strtoul(v, NULL, 0);
    } else if (IS("--seed")) {
      seed = strtoull(v, NULL, 0);
    } else if (IS("--ir")) {
      g_ir_file = v;
    } else if (IS("--used")) {
      used_sel = strcmp(v, "1") == 0 ? 2 : strcmp(v, "0") == 0 ? 1 : 3;
    } else if (IS("--as")) {
      as_sel = strcmp(v, "1") == 0 ? 2 : strcmp(v, "0") == 0 ? 1 : 3;
    } else {
      fprintf(stderr, "%s: unknown option %s\n", argv[0], a);
      usage(stderr);
      return 2;
    }
  }
  jit_init();
  for (int i = 0; i < MAX_WARPS * 32; ++i)
    if (!(g_lanes[i].stack = malloc(STACK_BYTES)))
      die("%s", "out of memory");

  static combo list[1024];
  int n = 0;
  unsigned nfirst = 0, nlater = 0, nused = 0, nlatest = 0;
  for (int op = 0; op < NOPS; ++op) {
    if ((op == OP_FMINIMUM || op == OP_FMAXIMUM) && !HAS_FMINIMUM)
      continue;
    if (ops ? !list_has(ops, OPS[op]) : 0)
      continue;
    for (int ty = 0; ty < NTYPES; ++ty) {
      if (types ? !list_has(types, FMTS[ty].name) : 0)
        continue;
      if (op <= OP_FSUB && FMTS[ty].bits == 16)
        continue;
      for (int sm = 70; sm <= 80; sm += 10) {
        char smname[8];
        snprintf(smname, sizeof smname, "%d", sm);
        if (!list_has(sms, smname))
          continue;
        for (int used = 0; used < 2; ++used)
          for (int shape = 0; shape < 13; ++shape) {
            /* shape 0: generic pointer; 1: global; 2: kernel argument (a
             * warp-uniform address); 3: nan-free-memory; 4, 5: global,
             * warp-precheck=mixed and =all (the integer trick's ops);
             * 6, 7: generic and global, precheck=adaptive with no
             * aggregation (the integer trick's ops); 8: a kernel argument
             * with the default options, whose aggregate=auto aggregates
             * the min/max ops; 9, 10: generic and global with the default
             * options (aggregate=auto with its run-time grouping, the
             * per-lane path and the leaders' atomics with
             * precheck=adaptive); 11, 12: generic and global,
             * aggregate=warp with precheck=on (the integer trick's ops;
             * with the result used, every lane reads first) */
            int as =
                shape == 0 || shape == 6 || shape == 9 || shape == 11 ? 0 : 1;
            if (!(used_sel >> used & 1) || !(as_sel >> (as != 0) & 1))
              continue;
            if (shape == 3 && (op <= OP_FSUB || FMTS[ty].bits == 16))
              continue;
            if (((shape >= 4 && shape <= 7) || shape >= 11) &&
                ((op != OP_FMIN && op != OP_FMAX) || FMTS[ty].bits == 16))
              continue;
            if (shape >= 8 && shape <= 10 && op <= OP_FSUB)
              continue;
            if (g_ir_file && shape > 1)
              continue;
            if (n == (int)(sizeof list / sizeof list[0]))
              die("%s", "more combinations than the list holds");
            combo *c = &list[n++];
            memset(c, 0, sizeof *c);
            c->op = op, c->ty = ty, c->sm = sm, c->used = used, c->as = as;
            c->uniform = shape == 2 || shape == 8;
            c->autoagg = shape >= 8 && shape <= 10;
            c->precheck_on = shape >= 11;
            /* a combination's random stream follows from this number:
             * shapes added later count from 1000 (used results of the
             * default options' shapes from 2000), so that the others'
             * streams stay as they were */
            c->stream = shape >= 11          ? 3000 + nlatest++
                        : shape >= 8 && used ? 2000 + nused++
                        : shape < 9          ? nfirst++
                                             : 1000 + nlater++;
            c->nan_free = shape == 3;
            c->warp_precheck = shape == 4 ? "mixed" : shape == 5 ? "all" : NULL;
            c->adaptive = shape == 6 || shape == 7;
            snprintf(c->name, sizeof c->name, "%s %s sm_%d %s %s", OPS[op],
                     FMTS[ty].name, sm, used ? "used" : "unused",
                     shape == 0    ? "generic"
                     : shape == 1  ? "global"
                     : shape == 2  ? "uniform"
                     : shape == 3  ? "global nan-free-memory"
                     : shape == 4  ? "global warp-precheck=mixed"
                     : shape == 5  ? "global warp-precheck=all"
                     : shape == 6  ? "generic precheck=adaptive"
                     : shape == 7  ? "global precheck=adaptive"
                     : shape == 8  ? "uniform aggregate=auto"
                     : shape == 9  ? "generic aggregate=auto"
                     : shape == 10 ? "global aggregate=auto"
                     : shape == 11 ? "generic precheck=on"
                                   : "global precheck=on");
          }
      }
    }
  }
  if (!n)
    die("%s", "no combination selected");
  int failed = 0;
  for (int k = 0; k < n; ++k) {
    combo *c = &list[k];
    int built = build_combo(c, (unsigned)k);
    if (!built) {
      ++failed;
      continue;
    }
    g_rng = seed ^ ((uint64_t)c->stream * 0x9e3779b97f4a7c15ull);
    g_fn = c->fn;
    unsigned passed = 0;
    char why[400] = "";
    g_hint_reads[0] = g_hint_reads[1] = 0;
    g_ballots_mixed = 0;
    g_hint_stores[0] = g_hint_stores[1] = 0;
    g_tid_reads[0] = g_tid_reads[1] = 0;
    for (unsigned r = 0; r < trials; ++r) {
      trial t;
      make_trial(c, &t);
      /* shared memory's leftovers: often 0, the cold word or the warm
       * word (the cold word ^ 1), else anything */
      g_hint_cold = c->hint_cold;
      g_hint = below(4) == 3   ? (uint32_t)rnd()
               : below(3) == 2 ? c->hint_cold ^ 1u
               : below(2)      ? c->hint_cold
                               : 0;
      for (int w = 0; w < MAX_WARPS; ++w)
        g_tid_base[w] = below(5) == 4 ? 16 : 32 * below(2);
      if (c->uniform)
        for (int i = 0; i < 64; ++i)
          t.addr[i] = 0, t.local[i] = 0;
      if (run_trial(c, &t, why, sizeof why)) {
        printf("FAIL %s: trial %u of seed %" PRIu64 ": %s\n", c->name, r, seed,
               why);
        break;
      }
      ++passed;
    }
    if (passed == trials && c->hint)
      printf("ok   %s: %u trials, %u warp intrinsic calls in the code, "
             "hint read cold %u and hot %u times, stored cold %u and hot %u "
             "times, %%tid.x read below 32 %u and at or above %u times, "
             "mixed-sign ballots %u, functions added %u\n",
             c->name, trials, c->intrinsics, g_hint_reads[0], g_hint_reads[1],
             g_hint_stores[0], g_hint_stores[1], g_tid_reads[0], g_tid_reads[1],
             g_ballots_mixed, c->helpers);
    else if (passed == trials)
      printf("ok   %s: %u trials, %u warp intrinsic calls in the code, "
             "functions added %u\n",
             c->name, trials, c->intrinsics, c->helpers);
    else
      ++failed;
  }
  printf("%d combinations, %d failed\n", n, failed);
  return failed ? 1 : 0;
}
