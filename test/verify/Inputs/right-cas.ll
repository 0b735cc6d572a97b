; The correct form of the loops in wrong-cas-*.ll (for the tests of
; fpa-verify only): new value from the expected value, retry with the value
; cmpxchg returned, return the value the successful cmpxchg replaced. The
; harness must accept it in every mode.
define float @right_fmin(ptr %p, float %v) {
entry:
  %init = load atomic i32, ptr %p monotonic, align 4
  %vb = bitcast float %v to i32
  %vmag = and i32 %vb, 2147483647
  %vnan = icmp ugt i32 %vmag, 2139095040
  %vs = ashr i32 %vb, 31
  %vf = or i32 %vs, -2147483648
  %kv = xor i32 %vb, %vf
  br label %loop
loop:
  %expected = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %cur = add i32 %expected, 0
  %emag = and i32 %cur, 2147483647
  %enan = icmp ugt i32 %emag, 2139095040
  %es = ashr i32 %cur, 31
  %ef = or i32 %es, -2147483648
  %ke = xor i32 %cur, %ef
  %lt = icmp ult i32 %kv, %ke
  %ord = select i1 %lt, i32 %vb, i32 %cur
  %r1 = select i1 %enan, i32 %vb, i32 %ord
  %new = select i1 %vnan, i32 %cur, i32 %r1
  %pair = cmpxchg ptr %p, i32 %expected, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %loop
done:
  %r = bitcast i32 %expected to float
  ret float %r
}
