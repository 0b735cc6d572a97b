//===-- compat_phi.cpp - a PHI's incoming block, changed in place ---------===//
//
// LLVM's C API can add a PHI's incoming pairs but cannot change one. When
// the lowering splits a block, the PHIs of its successors must name the new
// block that now ends in the old terminator. Rebuilding such a PHI (a new
// one, RAUW, erase) deletes a value the lowering may still hold: the
// atomic's pointer or operand when the PHI heads the loop the split block
// closes (a pointer incremented each iteration, or an old value fed back).
// PHINode::setIncomingBlock keeps the PHI. LLVM 15 to 22 have it.
//
//===----------------------------------------------------------------------===//
#include "compat.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

void fpa_compat_set_incoming_block(LLVMValueRef Phi, unsigned I,
                                   LLVMBasicBlockRef BB) {
  unwrap<PHINode>(Phi)->setIncomingBlock(I, unwrap(BB));
}
