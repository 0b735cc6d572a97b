# Prints a kernel with N fmin sites whose results are used (an unrolled
# loop of atomics), for test/lowering/nvptx-many-sites.test.
import sys

n = int(sys.argv[1])
print('target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"')
print('target triple = "nvptx64-nvidia-cuda"')
print('define ptx_kernel void @k(ptr addrspace(1) %m, ptr addrspace(1) %out, '
      'ptr addrspace(1) %vals, i32 %amask) "target-cpu"="sm_90" '
      '"target-features"="+ptx80" {')
print('  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()')
print('  %acc0 = fadd float 0.0, 0.0')
for j in range(n):
    print(f'  %vp{j} = getelementptr float, ptr addrspace(1) %vals, i32 {j}')
    print(f'  %v{j} = load float, ptr addrspace(1) %vp{j}')
    print(f'  %a{j} = add i32 %i, {j * 37}')
    print(f'  %b{j} = and i32 %a{j}, %amask')
    print(f'  %p{j} = getelementptr float, ptr addrspace(1) %m, i32 %b{j}')
    print(f'  %o{j} = atomicrmw fmin ptr addrspace(1) %p{j}, float %v{j} '
          'syncscope("device") monotonic, align 4')
    print(f'  %acc{j + 1} = fadd float %acc{j}, %o{j}')
print(f'  store float %acc{n}, ptr addrspace(1) %out')
print('  ret void')
print('}')
print('declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()')
