//===-- compat_syncscope.cpp - syncscope access before LLVM 20 ------------===//
//
// LLVM's C API gained LLVMGetAtomicSyncScopeID/LLVMSetAtomicSyncScopeID in
// LLVM 20. For older LLVM this file provides the same two operations; it is
// compiled only there (see lib/CMakeLists.txt) and is the only C++ in lib/.
//
//===----------------------------------------------------------------------===//
#include "compat.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

unsigned fpa_compat_get_syncscope(LLVMValueRef V) {
  Instruction *I = unwrap<Instruction>(V);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
    return RMW->getSyncScopeID();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I))
    return CX->getSyncScopeID();
  if (auto *L = dyn_cast<LoadInst>(I))
    return L->getSyncScopeID();
  if (auto *S = dyn_cast<StoreInst>(I))
    return S->getSyncScopeID();
  if (auto *F = dyn_cast<FenceInst>(I))
    return F->getSyncScopeID();
  return SyncScope::System;
}

unsigned fpa_compat_syncscope_id(LLVMContextRef C, const char *Name) {
  return unwrap(C)->getOrInsertSyncScopeID(Name);
}

void fpa_compat_set_syncscope(LLVMValueRef V, unsigned SSID) {
  Instruction *I = unwrap<Instruction>(V);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
    RMW->setSyncScopeID(SSID);
  else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I))
    CX->setSyncScopeID(SSID);
  else if (auto *L = dyn_cast<LoadInst>(I))
    L->setSyncScopeID(SSID);
  else if (auto *S = dyn_cast<StoreInst>(I))
    S->setSyncScopeID(SSID);
  else if (auto *F = dyn_cast<FenceInst>(I))
    F->setSyncScopeID(SSID);
}
