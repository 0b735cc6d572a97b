/*===-- internal.h - shared types of the lowering stages ----------*- C -*-===*\
|*                                                                          *|
|* The data path: lower.c walks the module; target.c says what the target   *|
|* does natively; decide.c picks a strategy per instruction; build_int.c    *|
|* and build_loop.c emit it; report.c records it. Each stage sees only the  *|
|* types below. build_warp.c (aggregate=warp) wraps a lowering: it combines *|
|* a warp's updates into one new atomicrmw, which is lowered as usual.      *|
\*===----------------------------------------------------------------------===*/
#ifndef FPA_INTERNAL_H
#define FPA_INTERNAL_H

#include "compat.h"
#include "fpatomics.h"
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <stddef.h>

/*--- operations and options ---------------------------------------------*/

typedef enum fpa_op {
  FPA_OP_FADD,
  FPA_OP_FSUB,
  FPA_OP_FMIN,
  FPA_OP_FMAX,
  FPA_OP_FMINIMUM,
  FPA_OP_FMAXIMUM
} fpa_op;

typedef enum fpa_target {
  FPA_TARGET_AUTO, /* from the module triple */
  FPA_TARGET_NONE, /* touch nothing */
  FPA_TARGET_NVPTX,
  FPA_TARGET_SPIRV
} fpa_target;

/* What the user asks for, per operation family. */
typedef enum fpa_family_strategy {
  FPA_FS_AUTO,
  FPA_FS_INT,  /* integer trick (min/max family only) */
  FPA_FS_LOOP, /* compare-and-swap loop */
  FPA_FS_KEEP  /* leave as is */
} fpa_family_strategy;

/* Assumptions the user opts into; none by default (exact lowering). */
enum {
  /* The location never holds a NaN that this lowering did not store itself. */
  FPA_ASSUME_NAN_FREE_MEMORY = 1u << 0,
  /* Subnormal results of fadd/fsub may be flushed to zero. */
  FPA_ASSUME_SUBNORMAL_FLUSH = 1u << 1,
  /* fadd/fsub of one warp's lanes may be summed in another order first
   * (aggregate=warp); LLVM 22's atomicrmw carries no fast-math flags. */
  FPA_ASSUME_REASSOCIATE_FADD = 1u << 2
};

/* Combining the updates of several lanes into one atomic (opt-in). */
/* precheck=adaptive (fpa_options.precheck, fpa_decision.precheck) */
enum { FPA_PRECHECK_ADAPTIVE = 2 };
/* fpa_decision.precheck: adaptive, and a warp whose operands have both
 * signs first tries one cmpxchg from a loaded value (build_hint.c) */
enum { FPA_PRECHECK_ADAPTIVE_CAS = 3 };

typedef enum fpa_aggregate {
  FPA_AGG_NONE, /* one atomic per lane, as written */
  FPA_AGG_WARP, /* NVPTX: one atomic per warp and address (build_warp.c) */
  FPA_AGG_AUTO  /* FPA_AGG_WARP where it always pays (lower.c,
                   auto_may_aggregate), else FPA_AGG_NONE */
} fpa_aggregate;

/* aggregate=warp, per-lane path: when to read first (warp_hint.c) */
typedef enum fpa_warp_precheck {
  FPA_WARP_PRECHECK_OFF,
  FPA_WARP_PRECHECK_MIXED, /* warps needing both integer atomics, by hint */
  FPA_WARP_PRECHECK_ALL    /* every warp on the per-lane path, by hint */
} fpa_warp_precheck;

/* SPIR-V float-atomic extensions the device has. */
enum {
  FPA_SPV_FLOAT_ADD = 1u << 0,    /* SPV_EXT_shader_atomic_float_add */
  FPA_SPV_FLOAT16_ADD = 1u << 1,  /* SPV_EXT_shader_atomic_float16_add */
  FPA_SPV_FLOAT_MIN_MAX = 1u << 2 /* SPV_EXT_shader_atomic_float_min_max */
};

/* Front-end spellings that calls.c turns into atomicrmw. */
enum {
  FPA_CALLS_OPENCL = 1u << 0, /* atomic_fetch_<op>[_explicit] (OpenCL C) */
  FPA_CALLS_SPIRV = 1u << 1,  /* __spirv_AtomicF{Add,Min,Max}EXT */
  FPA_CALLS_FPA = 1u << 2,    /* __fpa_atomic_fetch_<op>_<type>_<scope> */
  FPA_CALLS_ALL = 7u
};

struct fpa_options {
  fpa_target target;
  unsigned sm;  /* 0: from the function's "target-cpu" */
  unsigned ptx; /* 0: from the function's "target-features" */
  unsigned spirv_ext;
  fpa_family_strategy minmax;
  fpa_family_strategy add;
  unsigned assume;
  int precheck;   /* load first, skip the atomic when it cannot change memory
                     (1), or FPA_PRECHECK_ADAPTIVE */
  unsigned calls; /* FPA_CALLS_* */
  int raise;      /* raise.c: compare-and-swap loops into atomicrmw */

  fpa_aggregate aggregate;
  fpa_warp_precheck warp_precheck;
  fpa_record_fn callback;
  void *callback_user;
  int keep_fatal_handler; /* leave LLVM's fatal-error handler alone
                             (fpa_options_set_catch_fatal(o, 0)) */
  int test_break;         /* tests only (test/robust): 1, each lowered
                             function, 2, each function the lowering adds,
                             is made to fail verification, so that the
                             recovery from FPA_ERR_VERIFY runs */
};

/*--- what the target can do (target.c) ----------------------------------*/

typedef struct fpa_caps {
  fpa_target target; /* NVPTX or SPIRV */
  unsigned sm, ptx;  /* NVPTX only */
  /* the PTX version an explicit ptx option gives, else the SM's minimum:
   * what llc uses without -mattr, which ignores "target-features" */
  unsigned ptx_sure;
  unsigned spirv_ext;
  int sm_from_default;   /* no sm option and no "target-cpu" */
  unsigned cas_min_bits; /* smallest cmpxchg the target has: 16 or 32 */
  unsigned cas_max_bits; /* largest: 64 or 128 */
  int ptx_module;        /* the module's triple is nvptx* (becomes PTX) */
} fpa_caps;

/* The target a module is lowered for, or FPA_TARGET_NONE. */
fpa_target fpa_module_target(LLVMModuleRef m, const fpa_options *o);
/* The capabilities in force for one function. */
void fpa_function_caps(LLVMValueRef fn, fpa_target t, const fpa_options *o,
                       fpa_caps *caps);
/* Whether the target executes `atomicrmw fadd` of this type natively.
 * `why` gets a short explanation either way. */
int fpa_native_fadd(const fpa_caps *caps, LLVMTypeRef ty, const char **why);
/* Whether native fadd flushes subnormals here (NVPTX f32 outside shared
 * memory). */
int fpa_native_fadd_flushes(const fpa_caps *caps, LLVMTypeRef ty,
                            unsigned addrspace);
/* Whether the lowering's cmpxchg for site `s` must widen its scope to
 * system (fpa_site.cas_sys). */
struct fpa_site;
int fpa_cas_needs_sys(const fpa_caps *caps, const struct fpa_site *s);
/* Whether LLVM's lowering of an atomicrmw on this target drops its ordering,
 * so that the lowering must add fences (LLVM 22 NVPTX). */
int fpa_rmw_drops_ordering(const fpa_caps *caps);
/* The scope for fences that stand in for an atomic's ordering. */
unsigned fpa_fence_scope(const fpa_caps *caps, LLVMContextRef ctx,
                         unsigned ssid);

/*--- one atomicrmw, as the builders see it ------------------------------*/

/* The intrinsic declarations one lowering of a module has looked up, by
 * name and overloaded type, so that each site's warp code does not look
 * them up again (lower_module owns it; NULL: no cache). */
enum { FPA_DECLS_MAX = 48 };
typedef struct fpa_decls {
  struct {
    char name[48];
    LLVMTypeRef over;
    LLVMValueRef fn;
    LLVMTypeRef fty;
  } e[FPA_DECLS_MAX];
  int n;
  /* the NaN repair's functions (build_int.c), by what their loop depends
   * on: sites with the same key call the same function; grown on demand,
   * freed by fpa_decls_free */
  struct fpa_repair_fn {
    fpa_op op;
    LLVMTypeRef vty, pty;
    LLVMAtomicOrdering ordering;
    unsigned ssid, align, cc;
    int is_volatile;
    LLVMAttributeRef cpu, features;
    LLVMValueRef fn;
    LLVMTypeRef fty;
  } * repair;
  size_t nrepair, repair_cap;
} fpa_decls;
/* Frees `d` (NULL: nothing) and what it holds; the functions stay in the
 * module. */
void fpa_decls_free(fpa_decls *d);

typedef struct fpa_site {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  fpa_decls *decls;
  LLVMValueRef inst; /* the original atomicrmw */
  LLVMValueRef fn;
  fpa_op op;
  LLVMValueRef ptr, val;
  LLVMTypeRef vty;    /* value type: half/bfloat/float/double or vector */
  LLVMTypeRef ety;    /* element type (== vty for scalars) */
  unsigned lanes;     /* 1 for scalars */
  unsigned elem_bits; /* 16, 32, 64 */
  unsigned bits;      /* lanes * elem_bits */
  LLVMAtomicOrdering ordering;
  unsigned ssid;
  int is_volatile;
  unsigned align;
  unsigned addrspace;
  int result_used;
  unsigned fence_ssid; /* scope of fences added for the ordering */
  /* NVPTX: read-modify-writes are built as inline PTX `atom.sys` (the
   * backend would narrow a system-scope atomicrmw to .gpu): 1 from sm_60,
   * 2 from sm_70 (the atom may carry .acquire); 0 elsewhere */
  int sys_asm;
  /* NVPTX: the backend cannot select a singlethread cmpxchg whose ordering
   * is above monotonic (no thread-scope fence), so the lowering's cmpxchg
   * is at system scope there, a wider one */
  int cas_sys;
  /* NVPTX sm_80+ (PTX 7.0), a module that becomes PTX: the cmpxchg loops'
   * new value of an f32 fminimum/fmaximum is PTX min.NaN/max.NaN
   * (fpa_build_op_bits) */
  int ptx_min_nan;
  /* NVPTX, a function whose f32 denormal output mode is preserve-sign:
   * the backend emits f32 and f16 arithmetic with .ftz, so the loops' add
   * of f32 and f16 is a non-flushing PTX fma (fpa_build_op_bits) */
  int nvptx_ftz;
  /* the leaders' atomic of a warp that aggregate=auto combines: one lane
   * per warp, so no mixed-sign form (its ballot has no signs to compare) */
  int one_lane;
  /* precheck=adaptive: the instruction before which the hint's word is
   * loaded; NULL: the top of the region that runs exactly when the atomic
   * does (the per-lane atomics that aggregation makes pass theirs, as
   * their own region is one arm of its grouping branch) */
  LLVMValueRef hint_at;
} fpa_site;

/*--- the decision (decide.c) --------------------------------------------*/

typedef enum fpa_strategy {
  FPA_S_NATIVE,          /* leave: the target does it */
  FPA_S_NATIVE_FENCED,   /* keep the native atomicrmw, add fences around it */
  FPA_S_KEEP,            /* leave: the user asked */
  FPA_S_UNSUPPORTED,     /* leave: nothing exact fits */
  FPA_S_INT_TRICK,       /* signed/unsigned integer min/max by sign bit */
  FPA_S_FADD_NEG,        /* fsub as native fadd of the negated value */
  FPA_S_CAS_LOOP,        /* cmpxchg loop on the same-width integer */
  FPA_S_CAS_LOOP_MASKED, /* cmpxchg loop on the aligned 32-bit word */
  FPA_S_FADD_GUARDED,    /* native fadd of v (fsub: -v) where |v| >= 2^-101,
                            inf or NaN; an exact cmpxchg loop otherwise */
  FPA_S_NATIVE_SYS       /* NVPTX, system scope: the native fadd as inline
                            PTX atom.sys, which the backend would emit at
                            .gpu scope (with fences for the ordering) */
} fpa_strategy;

typedef struct fpa_decision {
  fpa_strategy strategy;
  int nan_repair; /* int trick: finish with a loop when memory held a NaN */
  int fences;     /* wrap the new atomicrmw in fences of its ordering */
  int precheck;   /* int trick: load first, skip when it cannot change (1);
                     FPA_PRECHECK_ADAPTIVE: while a hint says so */
  char reason[512];
} fpa_decision;

void fpa_decide(const fpa_site *s, const fpa_caps *caps, const fpa_options *o,
                fpa_decision *d);
/* Whether the site's pointer is into NVPTX thread-local memory: in
 * addrspace(5), or a generic pointer whose every origin (through GEPs,
 * casts, selects, phis, inttoptr of ptrtoint) is an alloca or
 * addrspace(5). Such a site is left to the backend. */
int fpa_thread_local_ptr(const fpa_site *s);
/* precheck=adaptive: whether the site's kind gets the mixed-sign form
 * (decide.c says why), where the target and the site's lanes allow it. */
int fpa_wants_mixed_form(const fpa_site *s);
const char *fpa_strategy_name(fpa_strategy s);
const char *fpa_op_name(fpa_op op);
/* An atomic ordering as LLVM IR spells it ("unordered" below monotonic). */
const char *fpa_ordering_name(LLVMAtomicOrdering o);

/*--- builders (build_common.c, build_int.c, build_loop.c) ---------------*/

/* Each builder replaces s->inst with equivalent code and erases it. The
 * builder `b` is positioned before s->inst on entry. */
void fpa_build_int_trick(LLVMBuilderRef b, const fpa_site *s, int nan_repair,
                         int fences, int precheck);
/* precheck=adaptive (build_hint.c): the integer trick with or without its
 * precheck, chosen per warp by a hint in shared memory that both forms
 * learn into; with `mixed_cas` (NaN repair only; needs activemask, PTX
 * 6.2), a warp of the direct form whose operands have both signs first
 * tries one cmpxchg from a loaded value. Monotonic, non-volatile, NVPTX
 * sm_70+ only. */
void fpa_build_int_trick_adaptive(LLVMBuilderRef b, const fpa_site *s,
                                  int nan_repair, int mixed_cas);
/* Where and what the integer trick learns (warp-precheck's hint,
 * warp_hint.c). */
typedef struct fpa_hint_learn {
  LLVMValueRef dst;      /* the i32 hint word lanes store into (monotonic) */
  LLVMValueRef learn_if; /* i1: only lanes where it holds store, or NULL */
  uint32_t cold;         /* the function's cold word; 0 is hot */
  /* precheck=adaptive's precheck form (build_hint.c): the hint's word as
   * the warp read it; NULL for warp-precheck */
  LLVMValueRef seen;
} fpa_hint_learn;
/* The int trick with warp-precheck's learning `h`. The precheck form runs
 * while the hint is hot and learns only that it turns cold; the direct
 * form, only that it turns hot:
 *   - with `precheck` and h->seen (precheck=adaptive), a lane whose load
 *     shows a change steps the hint down before its atomic: to the warm
 *     word (the cold word ^ 1, which reads hot) where the warp read 0, else
 *     to the cold word (build_hint.c has a hot learning warp store 0 on
 *     its way in, so that two changes in a row turn the hint cold);
 *   - with `precheck`, NaN repair and no h->seen, a lane whose load shows
 *     a change stores the cold word after its atomic's return (which NaN
 *     repair waits for anyway) where the atomic changed memory: where many
 *     updates race on a few addresses, most of those whose loads saw a
 *     change find it made by another when their atomics arrive, and the
 *     hint stays hot;
 *   - with `precheck` and no NaN repair, a lane whose load shows a change
 *     stores the cold word before its atomic, which then need not return;
 *   - without `precheck`, a lane whose atomic was a no-op stores 0 (hot)
 *     after it (from the old value; without NaN repair the atomics then
 *     return it). */
void fpa_build_int_trick_learning(LLVMBuilderRef b, const fpa_site *s,
                                  int nan_repair, int precheck,
                                  const fpa_hint_learn *h);
/* The word a lane stores where its precheck load shows a change
 * (fpa_hint_learn.seen): warm where the warp read 0, else cold; the cold
 * word where h->seen is NULL. */
LLVMValueRef fpa_hint_step_down(LLVMBuilderRef b, const fpa_hint_learn *h);
/* The integer trick's pieces for operand bits `vb` (build_int.c): */
typedef struct fpa_int_ops {
  LLVMValueRef nan;                    /* i1: the operand is a NaN */
  LLVMValueRef pos_op, neg_op;         /* the integer operands */
  LLVMValueRef neg;                    /* i1: take the unsigned op (neg_op) */
  LLVMAtomicRMWBinOp pos_bin, neg_bin; /* min/max and umax/umin */
} fpa_int_ops;
void fpa_int_trick_ops(LLVMBuilderRef b, const fpa_site *s, LLVMValueRef vb,
                       fpa_int_ops *r);
/* i1: old bits `old` hold the NaN the integer ops keep (NaN repair due
 * unless the operand is a NaN). */
LLVMValueRef fpa_int_trick_sticky(LLVMBuilderRef b, const fpa_site *s,
                                  LLVMValueRef old);
/* i1: the integer op with operands `io` leaves `cur` as it is (the update
 * is a no-op) */
LLVMValueRef fpa_int_trick_noop(LLVMBuilderRef b, const fpa_int_ops *io,
                                int is_min, LLVMValueRef cur, const char *name);
/* i1: the update may end at the load of `cur`: the integer op with
 * operands `io` leaves `cur` as it is, and (with `nan_repair`) `cur` holds
 * no NaN that the repair would have to replace. `noop_name` names the
 * first test, `name` the result where there is a second. */
LLVMValueRef fpa_int_trick_skip(LLVMBuilderRef b, const fpa_site *s,
                                const fpa_int_ops *io, int is_min,
                                LLVMValueRef cur, int nan_repair,
                                const char *noop_name, const char *name);
/* Stores i32 `v` into a hint word (monotonic, block scope). */
void fpa_store_hint(LLVMBuilderRef b, LLVMValueRef hint, LLVMValueRef v);
void fpa_build_fadd_neg(LLVMBuilderRef b, const fpa_site *s, int fences);
void fpa_build_native_sys(LLVMBuilderRef b, const fpa_site *s, int fences);
/* x + y and -x in the site's float type, exact: where the NVPTX backend
 * would emit .ftz (s->nvptx_ftz) an f32, half or bfloat sum is an
 * fma.rn.f32 and an f32 negation fma.rn.f32(x, -1, -0), never flushing
 * what the function's own modes keep. */
LLVMValueRef fpa_build_fadd(LLVMBuilderRef b, const fpa_site *s, LLVMValueRef x,
                            LLVMValueRef y, const char *name);
LLVMValueRef fpa_build_fneg(LLVMBuilderRef b, const fpa_site *s, LLVMValueRef x,
                            const char *name);
/* The guarded native add (FPA_S_FADD_GUARDED, build_add.c). */
void fpa_build_fadd_guarded(LLVMBuilderRef b, const fpa_site *s, int fences);
/* Marks (empty metadata nodes) on what the lowering builds, so that a
 * later run of the pass over its output changes nothing:
 * - FPA_MD_GUARDED on a guarded add's native atomicrmw: its operand passed
 *   the guard, so the native add is exact there and stays native;
 * - FPA_MD_LOOP on a cmpxchg of the lowering's loops, which the raise
 *   stage then does not take for a user's loop;
 * - FPA_MD_FENCED on an atomicrmw between the fences of its ordering
 *   (where the backend drops the ordering), which gets no more fences;
 * - FPA_MD_GROUPED on the atomics warp aggregation builds (a group's
 *   leader's, the per-lane path's), which are not grouped again. */
#define FPA_MD_GUARDED "fpa.guarded"
#define FPA_MD_LOOP "fpa.loop"
#define FPA_MD_FENCED "fpa.fenced"
#define FPA_MD_GROUPED "fpa.grouped"
void fpa_mark(LLVMContextRef ctx, LLVMValueRef inst, const char *kind);
int fpa_has_mark(LLVMContextRef ctx, LLVMValueRef inst, const char *kind);
/* Whether `inst` carries metadata other than the marks (and !dbg). */
int fpa_has_user_metadata(LLVMContextRef ctx, LLVMValueRef inst);
/* The marks are taken at their word only where the code around the site
 * is still what the lowering built: a guarded add's native fadd of an f32,
 * in a block entered only where fpa_fadd_guard of its operand's bits
 * holds; an atomicrmw between the fences of its ordering, at the scope
 * its fences take. */
int fpa_guarded_native(const fpa_site *s);
int fpa_already_fenced(const fpa_site *s, const fpa_caps *c);
/* i1: operand bits `wb` (f32) are at least 2^-101 in magnitude, or inf or
 * NaN: then a native add that flushes subnormals gives the IEEE result. */
LLVMValueRef fpa_fadd_guard(LLVMBuilderRef b, LLVMValueRef wb);
/* Whether system-scope read-modify-writes of `fn`'s sites are built as
 * inline PTX `atom.sys` (NVPTX sm_60+ with a backend that drops scopes):
 * 0 no, 1 yes, 2 yes and the atom may carry .acquire (sm_70+). */
int fpa_rmw_sys_asm(const fpa_caps *caps);
/* Whether a site's f32 fminimum/fmaximum may use PTX min.NaN/max.NaN
 * (fpa_site.ptx_min_nan). */
int fpa_ptx_min_nan(const fpa_caps *caps);
/* Whether the NVPTX backend emits `fn`'s f32 (and f16) arithmetic with
 * .ftz: its f32 denormal output mode is preserve-sign (decide.c). */
int fpa_nvptx_ftz(LLVMValueRef fn);
void fpa_build_fences_only(LLVMBuilderRef b, const fpa_site *s);
/* Which of the ordering's fences fpa_emit_rmw builds around the
 * read-modify-write. */
enum { FPA_FENCE_LEADING = 1, FPA_FENCE_TRAILING = 2 };
/* Builds `atomicrmw op ptr, val` with the site's ordering, scope, volatile,
 * alignment and metadata; `fences` (FPA_FENCE_*) asks for the leading fence
 * (release part of the ordering, SC for seq_cst) and the trailing one
 * (acquire part; from sm_70 an inline `atom.acquire.sys` carries it). */
/* A cmpxchg of `ptr` from `cmp` to `nv` with the site's ordering (`fail`
 * on failure), scope and volatile (and its metadata where `same_access`),
 * at the builder: whether it stored (an i1 named `ok_name`), and in *old
 * (where `old` is not NULL) the value it read. On NVPTX before LLVM 20, at
 * system scope from sm_60, inline PTX atom.sys.cas
 * (FPA_NVPTX_CAS_DROPS_SCOPE). */
LLVMValueRef fpa_emit_cmpxchg(LLVMBuilderRef b, const fpa_site *s,
                              LLVMValueRef ptr, LLVMValueRef cmp,
                              LLVMValueRef nv, LLVMAtomicOrdering fail,
                              unsigned align, int same_access,
                              LLVMValueRef *old, const char *ok_name);
LLVMValueRef fpa_emit_rmw(LLVMBuilderRef b, const fpa_site *s,
                          LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                          LLVMValueRef val, unsigned fences);
/* The leading (trailing) fence of the site's ordering at the builder, if
 * it has one. */
void fpa_emit_leading_fence(LLVMBuilderRef b, const fpa_site *s);
void fpa_emit_trailing_fence(LLVMBuilderRef b, const fpa_site *s);
/* An atomicrmw with the site's properties and no fences, never inline asm:
 * for the atomics that aggregate=warp makes and that are lowered again. */
LLVMValueRef fpa_emit_plain_rmw(LLVMBuilderRef b, const fpa_site *s,
                                LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                                LLVMValueRef val);
/* One monotonic atomic load of `ty` at `ptr` with the site's scope (system
 * for singlethread, which NVPTX cannot select) and volatile/metadata. */
LLVMValueRef fpa_emit_atomic_load(LLVMBuilderRef b, const fpa_site *s,
                                  LLVMValueRef ptr, LLVMTypeRef ty,
                                  unsigned align, int same_access,
                                  const char *name);

/* Shared pieces. */
LLVMTypeRef fpa_int_type(const fpa_site *s, unsigned bits);
/* The integer type of the whole value (iN) and of one element. */
LLVMTypeRef fpa_value_int_type(const fpa_site *s);
LLVMTypeRef fpa_elem_int_type(const fpa_site *s);
/* `v` as `ty` by a bitcast; where `v` is itself a bitcast of a value of
 * type `ty` (an operand that a warp or hint form turned into the value type
 * for the per-lane lowering), that value, so the lowered IR holds no pair
 * of bitcasts that cancel. */
LLVMValueRef fpa_bits_of(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ty,
                         const char *name);
/* Copies volatile, syncscope and metadata from the original atomicrmw to a
 * new memory instruction; `same_access` is false when the new instruction
 * touches a wider location (masked loops), which drops TBAA. */
void fpa_copy_atomic_props(const fpa_site *s, LLVMValueRef to, int same_access);
/* The new memory value of `op` for old bits `a` and operand bits `b`, both of
 * the element-int (or vector of element-int) type, computed exactly with
 * integer operations (fadd/fsub through the float type). */
LLVMValueRef fpa_build_op_bits(LLVMBuilderRef b, const fpa_site *s,
                               LLVMValueRef a, LLVMValueRef v);
/* Replaces all uses of s->inst by `old_bits` (converted to the value type),
 * carries over the name, and erases s->inst. */
void fpa_finish(LLVMBuilderRef b, const fpa_site *s, LLVMValueRef old_bits);
/* A cmpxchg loop starting from `init` (bits of the location: iN for
 * full-width, i32 for masked), in block `from`. Returns the old value of the
 * successful iteration; the builder is left at the start of the end block.
 * For masked loops `word_ptr`, `shift` and `inverse_mask` describe the word. */
typedef struct fpa_loop_word {
  LLVMValueRef word_ptr; /* NULL: full width, at s->ptr */
  LLVMValueRef shift;    /* i32 bit offset of the element in the word */
  LLVMValueRef inv_mask; /* i32 with the element's bits clear */
  LLVMValueRef init;     /* the loop's start value (fpa_cas_loop_init) */
  /* Out: the loop's blocks that branch to the end block (1 or 2). */
  LLVMBasicBlockRef exits[2];
  unsigned n_exits;
} fpa_loop_word;
/* Fills `w` (word pointer, shift, inverse mask) for a 16-bit element that
 * a masked loop updates through its aligned 32-bit word. */
void fpa_masked_word(LLVMBuilderRef b, const fpa_site *s, fpa_loop_word *w);
/* Whether a no-op update of `s` may be only its read: non-volatile and
 * monotonic (fpa_emit_cas_loop's early exit, precheck). */
int fpa_noop_may_be_load(const fpa_site *s);
/* The location's new bits (full width, or the word with the element
 * replaced) for loaded bits `loaded` and operand bits `vbits`. */
LLVMValueRef fpa_loop_next(LLVMBuilderRef b, const fpa_site *s,
                           const fpa_loop_word *w, LLVMValueRef loaded,
                           LLVMValueRef vbits);
LLVMValueRef fpa_emit_cas_loop(LLVMBuilderRef b, const fpa_site *s,
                               LLVMValueRef init, fpa_loop_word *w);
/* A cmpxchg loop (masked: on the aligned 32-bit word). It starts from
 * `start` (fpa_cas_loop_init's load, made at some earlier point, and the
 * word it read), or, when `start` is NULL, from its own such load. Any
 * value read from the location is a valid start: a stale one only costs a
 * failed cmpxchg, which returns the current value. With `fences`, the
 * ordering's leading and trailing fences go around the whole loop. */
void fpa_build_cas_loop(LLVMBuilderRef b, const fpa_site *s, int masked,
                        const fpa_loop_word *start, int fences);
/* The monotonic load a cmpxchg loop starts from: of the element, or (masked)
 * of its aligned 32-bit word; fills `w` (the word, and init) and returns
 * the load. */
LLVMValueRef fpa_cas_loop_init(LLVMBuilderRef b, const fpa_site *s, int masked,
                               fpa_loop_word *w);
/* Sets !prof branch_weights `taken` : `not_taken` on conditional branch
 * `br` (build_common.c). */
void fpa_set_branch_weights(LLVMContextRef ctx, LLVMValueRef br,
                            unsigned taken, unsigned not_taken);
/* A new basic block after the builder's block, named like AtomicExpand. */
LLVMBasicBlockRef fpa_split_here(LLVMBuilderRef b, const fpa_site *s,
                                 const char *end_name);

/*--- calls that spell an atomicrmw (calls.c) ----------------------------*/

typedef struct fpa_calls fpa_calls;
/* State for one module; NULL when out of memory. */
fpa_calls *fpa_calls_new(LLVMModuleRef m, fpa_target t, const fpa_options *o);
void fpa_calls_destroy(fpa_calls *c);
/* Replaces each recognized call in `fn` by the atomicrmw it means (sets
 * `changed`); a recognized call that cannot be mapped is reported and
 * left. */
int fpa_calls_rewrite(fpa_calls *c, LLVMValueRef fn, LLVMBuilderRef b,
                      fpa_report *report, int *changed);
/* "from SPELLING" or "from SPELLING (notes)" for an atomicrmw that the last
 * fpa_calls_rewrite() made, else NULL. */
const char *fpa_calls_origin(const fpa_calls *c, LLVMValueRef rmw);
/* Reports each place that reaches a recognized function other than by a
 * direct call (a call through a cast, the address taken), which the
 * rewrite cannot see: nothing is left unrecognized without a word. */
int fpa_calls_report_unreached(fpa_calls *c, fpa_report *report);
/* Whether `fn`'s name is a spelling the calls stage recognizes (its calls
 * become atomicrmw; a definition of it, such as the CUDA header's
 * fallback, is lowered only if it stays after fpa_calls_erase_unused). */
int fpa_calls_spells(const fpa_calls *c, LLVMValueRef fn);
/* Erases the recognized functions whose calls were replaced, once they have
 * no uses left, when they are declarations or have discardable linkage. */
void fpa_calls_erase_unused(fpa_calls *c);
/* Whether `fn` is itself one of the spellings fpa_calls_rewrite() replaces
 * (a definition of it is a fallback, erased once unused). */
int fpa_calls_recognizes(const fpa_calls *c, LLVMValueRef fn);
/* A call that spells a compare-and-swap on SPIR/SPIR-V: OpenCL C's
 * atomic_cmpxchg / atom_cmpxchg (operands p, expected, desired; returns the
 * old value) or atomic_compare_exchange_{strong,weak}[_explicit] (operands
 * p, pointer to expected, desired; returns the success bit and, on
 * failure, writes the old value to *expected). */
typedef struct fpa_cas_call {
  char spelling[48];
  int by_pointer;   /* the C11 form */
  int weak;         /* may fail spuriously */
  unsigned bits;    /* 32 or 64 */
  int is_float;     /* atomic_float / atomic_double (C11 form) */
  LLVMValueRef ptr; /* the location; behind a generic cast as for calls */
  LLVMAtomicOrdering ordering; /* success ordering */
  const char *scope;           /* syncscope name; "" is system */
  char note[160];              /* how defaults were read */
  char error[160];             /* why it has no atomicrmw meaning */
} fpa_cas_call;
/* Fills `out` and returns 1 when `call` is such a call (`out->error` set
 * when its ordering or scope cannot be read), else 0. */
int fpa_calls_cas(const fpa_calls *c, LLVMValueRef call, fpa_cas_call *out);

/*--- blocks, dominators and natural loops (loops.c) ---------------------*/

#define FPA_CFG_NONE ((size_t)-1)
typedef struct fpa_bb_key {
  LLVMBasicBlockRef bb;
  size_t index;
} fpa_bb_key;
/* The control-flow graph of one function, blocks by index. */
typedef struct fpa_cfg {
  size_t n;
  LLVMBasicBlockRef *bb;     /* in function order; bb[0] is the entry */
  fpa_bb_key *keys;          /* sorted by block, for fpa_cfg_index */
  size_t *succ_start, *succ; /* successors of b: succ[succ_start[b]..] */
  size_t *pred_start, *pred;
  size_t *po;   /* postorder number; FPA_CFG_NONE: unreachable */
  size_t *idom; /* immediate dominator; FPA_CFG_NONE: unreachable */
} fpa_cfg;
int fpa_cfg_build(LLVMValueRef fn, fpa_cfg *c); /* FPA_OK or FPA_ERR_NOMEM */
void fpa_cfg_free(fpa_cfg *c);
/* The index of a block, or FPA_CFG_NONE. */
size_t fpa_cfg_index(const fpa_cfg *c, LLVMBasicBlockRef bb);
int fpa_cfg_dominates(const fpa_cfg *c, size_t a, size_t b);
/* Marks in `in` (c->n bytes) the natural loop of header h; returns 0 when
 * h heads no loop. `work` has room for c->n entries. */
int fpa_cfg_natural_loop(const fpa_cfg *c, size_t h, unsigned char *in,
                         size_t *work);
/* The header of the innermost natural loop around block b (its blocks
 * marked in `in`), or FPA_CFG_NONE. */
size_t fpa_cfg_innermost_loop(const fpa_cfg *c, size_t b, unsigned char *in,
                              size_t *work);

/*--- hand-written compare-and-swap loops (raise.c) ----------------------*/

typedef struct fpa_raise fpa_raise;
/* State for one module; NULL when out of memory. */
fpa_raise *fpa_raise_new(LLVMModuleRef m, fpa_target t, const fpa_options *o,
                         const fpa_calls *calls);
void fpa_raise_destroy(fpa_raise *r);
/* Replaces each compare-and-swap loop of `fn` that is exactly one
 * floating-point read-modify-write by that atomicrmw (sets `changed`).
 * A loop that is left (one whose body does floating-point work) is
 * reported with action not-raised and why. */
int fpa_raise_loops(fpa_raise *r, LLVMValueRef fn, LLVMBuilderRef b,
                    fpa_report *report, int *changed);
/* For an atomicrmw the last fpa_raise_loops() made: the strategy and
 * reason of its `raised` record; else NULL. */
typedef struct fpa_raised {
  LLVMValueRef rmw;
  char strategy[80]; /* "cmpxchg-loop", "atomic_cmpxchg-loop", ... */
  char reason[640];
} fpa_raised;
const fpa_raised *fpa_raise_origin(const fpa_raise *r, LLVMValueRef rmw);
/* Erases the declarations whose last call a raised loop held. */
void fpa_raise_erase_unused(fpa_raise *r);

/*--- lanes with different addresses (lanes.c) ---------------------------*/

enum { FPA_LANES_MAX_REQ = 4 };
typedef struct fpa_lanes {
  int ok;   /* the warp's lanes have different addresses, when: */
  int rows; /* ... %ntid.x is a multiple of 32 (consecutive %tid.x) */
  int nreq; /* ... and bits shift..shift+4 of each value are all ones (ones)
               or all zeros */
  struct {
    LLVMValueRef value;
    unsigned shift;
    int ones;
  } req[FPA_LANES_MAX_REQ];
} fpa_lanes;

/* Whether `fn` is a kernel (ptx_kernel, or an nvvm.annotations entry). */
int fpa_is_kernel(LLVMValueRef fn);
/* Whether parameter `i` of `fn` is byval or byref (a copy per thread). */
int fpa_is_copy_arg(LLVMValueRef fn, unsigned i);
/* Whether s->ptr differs in every lane of a warp, under the conditions in
 * `out` on values that are the same in every lane (warp_group.c tests
 * them at run time). */
int fpa_lanes_distinct(const fpa_site *s, fpa_lanes *out);

/*--- warp aggregation (warp_plan.c, build_warp.c; parts in warp.h) ----*/

/* fpa_warp_plan.leader_precheck: none; always (precheck=on); while a hint
 * in shared memory says recent updates were no-ops (precheck=adaptive) */
enum {
  FPA_LEADER_PRECHECK_NONE,
  FPA_LEADER_PRECHECK_ON,
  FPA_LEADER_PRECHECK_HINTED
};

typedef struct fpa_warp_plan {
  int apply;
  int redux;           /* sm_80+: reduce min/max order keys with redux.sync */
  int uniform;         /* the address is the same in every lane (static) */
  int local_check;     /* generic pointer: a lane whose pointer is thread-local
                          sends the warp down the per-lane path */
  int lockstep;        /* the result is used: the leader's atomic is predicated
                          PTX, so that the warp stays converged until the old
                          value is broadcast */
  fpa_strategy leader; /* the per-lane form: the leaders follow it, and a
                          cmpxchg loop's first load (per-lane path and
                          leaders) is made before the grouping tests */
  int nan_repair;      /* int trick: with its NaN repair */
  int leader_precheck; /* lockstep int trick: the leaders load first and skip
                          a no-op (FPA_LEADER_PRECHECK_*) */
  fpa_warp_precheck hint; /* per-lane int trick: read first when a hint in
                             shared memory says updates are mostly no-ops */
  char scope[8];          /* PTX scope of the lockstep leader's instructions */
  fpa_lanes distinct;     /* ok: lanes whose addresses differ (a run-time
                             test) go per lane with no grouping test */
  int global_check;       /* lockstep, generic pointer not known global: a vote
                             on isspacep.global first (otherwise the per-lane
                             path), as the leader's atomics use .global */
  char why[768];          /* applied: how it works here; otherwise why not */
} fpa_warp_plan;

/* Whether aggregate=warp applies to `s`, whose per-lane lowering is `d`. */
void fpa_decide_warp(const fpa_site *s, const fpa_caps *c, const fpa_options *o,
                     const fpa_decision *d, fpa_warp_plan *p);
/* Replaces s->inst with the aggregation. The atomicrmw instructions it
 * creates (the group leader's, the per-lane fallback's when there is one,
 * the distinct path's copy of it, and with warp-precheck the direct form's
 * copy for warps that do not learn) still need the per-lane lowering:
 * they are stored in `out`, and their number is returned. */
enum { FPA_WARP_MADE_MAX = 4 };
int fpa_build_warp(LLVMBuilderRef b, const fpa_site *s, const fpa_warp_plan *p,
                   LLVMValueRef out[FPA_WARP_MADE_MAX], int *leader,
                   int *likely, LLVMValueRef *top);

/*--- report (report.c) --------------------------------------------------*/

fpa_report *fpa_report_new(void);
/* Adds a record (copying its strings); returns FPA_OK or FPA_ERR_NOMEM. */
int fpa_report_add(fpa_report *r, const fpa_record *rec);
/* Fills the file, line and column of a record from the instruction's debug
 * location, else from the module's source file name (lower.c). */
void fpa_locate(LLVMModuleRef m, LLVMValueRef inst, fpa_record *r);

/*--- LLVM's fatal errors as FPA_ERR_FATAL (guard.c) --------------------*/

typedef int (*fpa_guarded_fn)(void *arg);
/* Returns fn(arg). Unless `o` keeps LLVM's fatal-error handler, a fatal
 * error that LLVM reports on this thread during the call ends it instead
 * of the process: the result is FPA_ERR_FATAL, with LLVM's reason in
 * `reason` (the empty string otherwise). `o` may be NULL (catch). */
int fpa_guard_call(const fpa_options *o, fpa_guarded_fn fn, void *arg,
                   char *reason, size_t reason_size);

/*--- small string helpers (report.c) ------------------------------------*/
char *fpa_strdup(const char *s);
char *fpa_strprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
