/*===-- compat.c - LLVM version differences (C side) ----------------------===*/
#include "compat.h"

#include <string.h>

#if FPA_HAS_C_SYNCSCOPE
unsigned fpa_compat_get_syncscope(LLVMValueRef inst) {
  return LLVMGetAtomicSyncScopeID(inst);
}
void fpa_compat_set_syncscope(LLVMValueRef inst, unsigned ssid) {
  LLVMSetAtomicSyncScopeID(inst, ssid);
}
unsigned fpa_compat_syncscope_id(LLVMContextRef ctx, const char *name) {
  return LLVMGetSyncScopeID(ctx, name, strlen(name));
}
#endif

LLVMValueRef fpa_compat_ptr_to(LLVMBuilderRef b, LLVMValueRef ptr,
                               LLVMTypeRef elem) {
  LLVMTypeRef pty = LLVMTypeOf(ptr);
  if (LLVMPointerTypeIsOpaque(pty))
    return ptr;
  LLVMTypeRef want = LLVMPointerType(elem, LLVMGetPointerAddressSpace(pty));
  if (want == pty)
    return ptr;
  return LLVMBuildPointerCast(b, ptr, want, "");
}
