# Rewrites OpConstantNull of a scalar int/float/bool type into OpConstant 0 /
# OpConstantFalse: LLVM 22's SPIR-V backend emits the former, and
# llvm-spirv-15's reader asserts on it.
$2 == "=" && ($3 == "OpTypeInt" || $3 == "OpTypeFloat") { scalar[$1] = 1 }
$2 == "=" && $3 == "OpTypeBool" { boolean[$1] = 1 }
$2 == "=" && $3 == "OpConstantNull" && ($4 in scalar) { print $1 " = OpConstant " $4 " 0"; next }
$2 == "=" && $3 == "OpConstantNull" && ($4 in boolean) { print $1 " = OpConstantFalse " $4; next }
{ print }
