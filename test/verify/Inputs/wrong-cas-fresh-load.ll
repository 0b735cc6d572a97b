; A WRONG lowering of `atomicrmw fadd ptr %p, float %v` (for the tests of
; fpa-verify only): a cmpxchg loop that computes the new value from a fresh
; plain (monotonic) load of memory but hands cmpxchg the older expected
; value. If memory changes and comes back between the two reads (A-B-A,
; common with mixed-sign adds), cmpxchg succeeds with a new value built on
; a value that was not the one replaced: an update is lost. Alone on the
; location it is always right; only the stress mode can see it. A short
; spin on a volatile stack slot before each read of memory holds the
; window open, so that another thread's add and its cancelling add land
; in it even on a busy two-core machine.
define float @wrong_fadd(ptr %p, float %v) {
entry:
  %slot = alloca i32, align 4
  store volatile i32 0, ptr %slot, align 4
  %init = load atomic i32, ptr %p monotonic, align 4
  br label %loop
loop:
  %expected = phi i32 [ %init, %entry ], [ %seen, %wait2.back ]
  br label %wait1
wait1:
  %i = phi i32 [ 0, %loop ], [ %i1, %wait1 ]
  %d1 = load volatile i32, ptr %slot, align 4
  %i1 = add i32 %i, 1
  %more1 = icmp ult i32 %i1, 64
  br i1 %more1, label %wait1, label %read
read:
  %cur = load atomic i32, ptr %p monotonic, align 4
  %cf = bitcast i32 %cur to float
  %nf = fadd float %cf, %v
  %new = bitcast float %nf to i32
  br label %wait2
wait2:
  %j = phi i32 [ 0, %read ], [ %j1, %wait2 ]
  %d2 = load volatile i32, ptr %slot, align 4
  %j1 = add i32 %j, 1
  %more2 = icmp ult i32 %j1, 64
  br i1 %more2, label %wait2, label %swap
swap:
  %pair = cmpxchg ptr %p, i32 %expected, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %wait2.back
wait2.back:
  br label %loop
done:
  %r = bitcast i32 %expected to float
  ret float %r
}
