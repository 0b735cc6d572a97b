/*===-- compat.h - LLVM version differences, in one place --------*- C -*-===*\
|* Every check of the LLVM version lives here, for the C library and the   *|
|* C++ plugin glue alike. The sources build against LLVM 15 through 22;    *|
|* 15 and 22 are built and tested.                                         *|
\*===----------------------------------------------------------------------===*/
#ifndef FPA_COMPAT_H
#define FPA_COMPAT_H

#include <llvm-c/Core.h>
#include <llvm/Config/llvm-config.h>

/* atomicrmw fmaximum/fminimum exist in IR from LLVM 19 and in the C API's
 * LLVMAtomicRMWBinOp from LLVM 20. */
#define FPA_HAS_FMINIMUM (LLVM_VERSION_MAJOR >= 20)

/* LLVMGetAtomicSyncScopeID / LLVMSetAtomicSyncScopeID appeared in LLVM 20.
 * Before that, compat_syncscope.cpp provides them (with compat_phi.cpp the
 * only C++ in lib/). */
#define FPA_HAS_C_SYNCSCOPE (LLVM_VERSION_MAJOR >= 20)

/* LLVM's fixed syncscope IDs (SyncScope::SingleThread and ::System). */
#define FPA_SYNCSCOPE_SINGLETHREAD 0u
#define FPA_SYNCSCOPE_SYSTEM 1u

/* Whether llc can select NVPTX fences (fence.sc / fence.acq_rel): llc-22
 * can, llc-15 cannot ("Cannot select: AtomicFence"). */
#define FPA_NVPTX_HAS_FENCES (LLVM_VERSION_MAJOR >= 20)

/* Whether llc selects NVPTX atom.add.noftz.f16/.bf16 for a native half or
 * bfloat fadd: llc-22 does; llc-15 fails with "Cannot select:
 * AtomicLoadFAdd" (f16), so the pass must loop there. */
#define FPA_NVPTX_HAS_F16_ADD (LLVM_VERSION_MAJOR >= 20)

/* Whether llc emits an NVPTX atomicrmw with no scope qualifier whatever its
 * syncscope (PTX then gives it .gpu scope): LLVM 15 to 22 do, so a
 * system-scope read-modify-write that the pass builds is emitted as inline
 * PTX with .sys (loads and fences keep their scope there; cmpxchg from
 * LLVM 20: FPA_NVPTX_CAS_DROPS_SCOPE). */
#define FPA_NVPTX_RMW_DROPS_SCOPE (LLVM_VERSION_MAJOR <= 22)

/* Whether the SPIR-V route of this LLVM (LLVM 15: llvm-spirv-15, as there
 * is no SPIR-V backend) writes every atomic instruction at Device scope
 * whatever its syncscope: llvm-spirv-15 does for atomicrmw, cmpxchg and
 * atomic loads, where it keeps an OpenCL builtin call's scope. */
#define FPA_SPIRV_TRANSLATOR_DROPS_SCOPE (LLVM_VERSION_MAJOR < 16)

/* Whether llc prints an NVPTX cmpxchg with no scope qualifier whatever its
 * syncscope (PTX then gives it .gpu scope): LLVM 15 does, LLVM 22 prints
 * the scope; before 20 (the oldest release this check is sure of) a
 * system-scope cmpxchg that the pass builds is inline PTX atom.sys.cas. */
#define FPA_NVPTX_CAS_DROPS_SCOPE (LLVM_VERSION_MAJOR < 20)

/* llvm.nvvm.activemask is in LLVM 22's IntrinsicsNVVM.td and not in LLVM
 * 15's; before 20 (the oldest release this check is sure of) the pass emits
 * the PTX instruction `activemask.b32` as convergent inline asm, which every
 * version's NVPTX backend passes through. */
#define FPA_NVVM_HAS_ACTIVEMASK (LLVM_VERSION_MAJOR >= 20)

/* What llc assumes for an NVPTX function with no "target-cpu" and no +ptxN
 * feature (read from `llc -o -` output: LLVM 15 prints sm_20 and PTX 3.2,
 * LLVM 22 sm_30 and PTX 3.2). */
#if LLVM_VERSION_MAJOR >= 16
#define FPA_NVPTX_DEFAULT_SM 30
#else
#define FPA_NVPTX_DEFAULT_SM 20
#endif
#define FPA_NVPTX_DEFAULT_PTX 32

#ifdef __cplusplus
/* The C++ plugin glue's version differences. */
#if LLVM_VERSION_MAJOR >= 22
#define FPA_PASS_PLUGIN_HEADER "llvm/Plugins/PassPlugin.h"
#else
#define FPA_PASS_PLUGIN_HEADER "llvm/Passes/PassPlugin.h"
#endif
/* registerOptimizerLastEPCallback's callback takes a ThinOrFullLTOPhase from
 * LLVM 20 on. */
#define FPA_OPTLAST_HAS_PHASE (LLVM_VERSION_MAJOR >= 20)
/* reportFatalUsageError exits without a crash report from LLVM 20 on. */
#define FPA_HAS_FATAL_USAGE_ERROR (LLVM_VERSION_MAJOR >= 20)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The syncscope of an atomic instruction or fence, as an ID of its context. */
unsigned fpa_compat_get_syncscope(LLVMValueRef inst);
void fpa_compat_set_syncscope(LLVMValueRef inst, unsigned ssid);
/* The ID of a named syncscope ("device", "cluster", ...) in a context. */
unsigned fpa_compat_syncscope_id(LLVMContextRef ctx, const char *name);

/* A pointer to `elem` in the address space of `ptr`: `ptr` itself when
 * pointers are opaque, a pointer cast when the module uses typed pointers
 * (clang-15 emits typed pointers for spir64). */
LLVMValueRef fpa_compat_ptr_to(LLVMBuilderRef b, LLVMValueRef ptr,
                               LLVMTypeRef elem);

/* Sets the block of a PHI's incoming pair `i`, keeping the PHI (the C API
 * has no such setter; compat_phi.cpp, every LLVM version). */
void fpa_compat_set_incoming_block(LLVMValueRef phi, unsigned i,
                                   LLVMBasicBlockRef bb);

/* The mask of the warp's lanes active here (PTX activemask.b32), as an i32:
 * llvm.nvvm.activemask where this LLVM has it, else convergent inline asm. */
LLVMValueRef fpa_compat_nvvm_activemask(LLVMBuilderRef b, LLVMModuleRef m);

#ifdef __cplusplus
}
#endif

#endif
