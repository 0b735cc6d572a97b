"""Writes an NVPTX module with one kernel per fadd/fsub/fmin/fmax/
fminimum/fmaximum site of every scalar and 2-element vector type, address
space (global, shared, generic), result use and ordering (monotonic,
seq_cst), in functions whose f32 denormal mode is argv[1] (for example
preserve-sign,ieee), for processor argv[2]."""
import itertools
import sys

mode, cpu = sys.argv[1], sys.argv[2]
ops = ["fadd", "fsub", "fmin", "fmax", "fminimum", "fmaximum"]
types = [("float", 4), ("double", 8), ("half", 2), ("bfloat", 2),
         ("<2 x half>", 4), ("<2 x bfloat>", 4)]
print('target triple = "nvptx64-nvidia-cuda"')
n = 0
for op, (ty, align), space, used, order in itertools.product(
        ops, types, [1, 3, 0], [0, 1], ["monotonic", "seq_cst"]):
    if ty.startswith("<") and op in ("fminimum", "fmaximum"):
        continue
    n += 1
    out = ", ptr addrspace(1) %o" if used else ""
    print(f"define ptx_kernel void @k{n}(ptr addrspace({space}) %p, {ty} %v{out}) #0 {{")
    print(f"  %r = atomicrmw {op} ptr addrspace({space}) %p, {ty} %v "
          f'syncscope("device") {order}, align {align}')
    if used:
        print(f"  store {ty} %r, ptr addrspace(1) %o")
    print("  ret void\n}")
print(f'attributes #0 = {{ "target-cpu"="{cpu}" "target-features"="+ptx84" '
      f'"denormal-fp-math-f32"="{mode}" }}')
