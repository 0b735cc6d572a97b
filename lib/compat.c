/*===-- compat.c - LLVM version differences (C side) ----------------------===*/
#include "compat.h"

#include <string.h>

LLVMValueRef fpa_compat_nvvm_activemask(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
#if FPA_NVVM_HAS_ACTIVEMASK
  static const char name[] = "llvm.nvvm.activemask";
  unsigned id = LLVMLookupIntrinsicID(name, sizeof name - 1);
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(m, id, NULL, 0);
  LLVMTypeRef fty = LLVMIntrinsicGetType(ctx, id, NULL, 0);
  return LLVMBuildCall2(b, fty, fn, NULL, 0, "activemask");
#else
  static const char text[] = "activemask.b32 $0;";
  static const char cons[] = "=r";
  LLVMTypeRef fty = LLVMFunctionType(LLVMInt32TypeInContext(ctx), NULL, 0, 0);
  LLVMValueRef asm_ =
      LLVMGetInlineAsm(fty, (char *)text, sizeof text - 1, (char *)cons,
                       sizeof cons - 1, 1, 0, LLVMInlineAsmDialectATT, 0);
  LLVMValueRef call = LLVMBuildCall2(b, fty, asm_, NULL, 0, "activemask");
  static const char conv[] = "convergent";
  LLVMAddCallSiteAttribute(
      call, LLVMAttributeFunctionIndex,
      LLVMCreateEnumAttribute(
          ctx, LLVMGetEnumAttributeKindForName(conv, sizeof conv - 1), 0));
  return call;
#endif
}

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
