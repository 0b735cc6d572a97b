"""The throughput benchmark's data and host reference, in numpy only.

Every variant of the benchmark (the CUDA kernels behind the C driver, and
bench/triton_bench.py) generates the same values inside its kernel; this
module is the host side of that definition:

  cell   = (op, type, addresses A, data, result_used)
  thread i in [0, N) updates address i & (A-1) (A and N powers of two)
  base   : h = i * 2654435761; h ^= h >> 16; h *= 0x7feb352d; h ^= h >> 15;
           h *= 0x846ca68b; h ^= h >> 16 (uint32, wrapping);
           u = float32(h >> 8) * 2^-24
  data   : random x = 2u - 1, positive x = u, ascending x = float32(i)*s - 1,
           descending x = 1 - float32(i)*s, s = 2/N (all f32, all exact)
  fadd, fsub only: c = max(1, N/A), p = 24/53/11 (float/double/half),
           Q = max(1, min(2^20, 2^p // c)), R = min(c, 2^p // Q),
           k = int32(trunc(x*Q)), -1/+1 by the sign of x where that is 0;
           x = float32(k) if i // A < R else 0.0
           (so the sum of |x| at one address is at most 2^p: every order of
           summation is exact)
  type   : float as is, double exact widening, half round-to-nearest-even
  memory : A elements; +inf for fmin/fminimum, -inf for fmax/fmaximum,
           +0.0 for fadd/fsub

No torch or triton here: this file is imported on the GPU machine by
triton_bench.py and tested on any machine by test_benchdata.py.
"""
import numpy as np

OPS = ("fmin", "fmax", "fminimum", "fmaximum", "fadd", "fsub")
TYPES = ("float", "double", "half")
ADDRESSES = (1, 32, 4096, 16777216)
DATA = ("random", "positive", "ascending", "descending")
DEFAULT_N = 1 << 24

NP_TYPE = {"float": np.float32, "double": np.float64, "half": np.float16}
BITS_TYPE = {"float": np.uint32, "double": np.uint64, "half": np.uint16}
PRECISION = {"float": 24, "double": 53, "half": 11}
MIN_OPS = ("fmin", "fminimum")
MAX_OPS = ("fmax", "fmaximum")
ADD_OPS = ("fadd", "fsub")

M1 = 2654435761
M2 = 0x7FEB352D
M3 = 0x846CA68B


def is_pow2(x):
    return x >= 1 and (x & (x - 1)) == 0


def log2(x):
    assert is_pow2(x), x
    return x.bit_length() - 1


def hash_u32(i):
    """The per-thread hash, on a uint32 array (wrapping arithmetic)."""
    h = np.asarray(i).astype(np.uint32)
    with np.errstate(over="ignore"):
        h = h * np.uint32(M1)
        h ^= h >> np.uint32(16)
        h = h * np.uint32(M2)
        h ^= h >> np.uint32(15)
        h = h * np.uint32(M3)
        h ^= h >> np.uint32(16)
    return h


def base_u(i):
    """u in [0, 1): float32(h >> 8) * 2^-24, exact."""
    return (hash_u32(i) >> np.uint32(8)).astype(np.float32) * np.float32(2.0 ** -24)


def step(n):
    """s = 2/N as float32 (a power of two)."""
    assert is_pow2(n), n
    return np.float32(2.0 / n)


def base_values(data, n):
    """The f32 value of every thread i in [0, n) for one data pattern."""
    i = np.arange(n, dtype=np.uint32)
    one = np.float32(1.0)
    if data == "random":
        return np.float32(2.0) * base_u(i) - one
    if data == "positive":
        return base_u(i)
    fi = i.astype(np.float32)
    if data == "ascending":
        return fi * step(n) - one
    if data == "descending":
        return one - fi * step(n)
    raise ValueError("unknown data pattern %r" % (data,))


def quant_params(ty, a, n):
    """(Q, R) of the fadd/fsub quantization for (type, A, N)."""
    assert is_pow2(a) and is_pow2(n), (a, n)
    c = max(1, n // a)
    p = PRECISION[ty]
    q = max(1, min(1 << 20, (1 << p) // c))
    r = min(c, (1 << p) // q)
    return q, r


def quantize(x, ty, a, n):
    """k = int32(trunc(x*Q)), or -1/+1 by the sign of x where that is 0;
    x = float32(k) if i // A < R else 0.0."""
    q, r = quant_params(ty, a, n)
    i = np.arange(n, dtype=np.uint32)
    x = x.astype(np.float32)
    k = (x * np.float32(q)).astype(np.int32)
    # a zero k becomes -1 or +1 by the sign of x, so no update adds 0
    k = np.where(k == 0, np.where(x < 0, np.int32(-1), np.int32(1)), k)
    t = k.astype(np.float32)
    return np.where((i >> np.uint32(log2(a))) < np.uint32(r), t, np.float32(0.0))


def to_type(x32, ty):
    """float as is, double exact widening, half round-to-nearest-even."""
    return x32.astype(NP_TYPE[ty])


def values(op, ty, a, data, n, base=None):
    """The typed values the n threads of one cell apply (result_used does
    not change them). base: base_values(data, n), if already computed."""
    x = base_values(data, n) if base is None else base
    if op in ADD_OPS:
        x = quantize(x, ty, a, n)
    return to_type(x, ty)


def init_value(op, ty):
    t = NP_TYPE[ty]
    if op in MIN_OPS:
        return t(np.inf)
    if op in MAX_OPS:
        return t(-np.inf)
    if op in ADD_OPS:
        return t(0.0)
    raise ValueError("unknown op %r" % (op,))


def addresses(a, n):
    """Address of every thread: i & (A-1) (just i when A > N)."""
    return np.arange(n, dtype=np.int64) & (a - 1)


def _per_address(v, a, n, reduce, init):
    """reduce over the values of every address; memory of A elements."""
    if a <= n:
        return reduce(v.reshape(n // a, a), axis=0)
    out = np.full(a, init, dtype=v.dtype)
    out[:n] = v
    return out


def reference_final(op, ty, a, vals):
    """Final memory (A elements, of the type) after all updates."""
    n = vals.shape[0]
    t = NP_TYPE[ty]
    init = init_value(op, ty)
    if op in MIN_OPS:
        # No NaN and no -0.0 in this data: minnum and minimum agree.
        m = _per_address(vals, a, n, np.min, init)
        return np.minimum(m, init).astype(t)
    if op in MAX_OPS:
        m = _per_address(vals, a, n, np.max, init)
        return np.maximum(m, init).astype(t)
    if op in ADD_OPS:
        s = _per_address(vals.astype(np.float64), a, n, np.sum, 0.0)
        s = s + 0.0 if op == "fadd" else 0.0 - s
        r = s.astype(t)
        if not np.array_equal(r.astype(np.float64), s):
            raise AssertionError("%s %s A=%d: the sum is not exact in the type" % (op, ty, a))
        return r
    raise ValueError("unknown op %r" % (op,))


def bits(x):
    x = np.ascontiguousarray(x)
    return x.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[x.dtype.itemsize])


def check_final(mem, ref):
    """None when mem equals ref bit for bit, else a message."""
    if mem.dtype != ref.dtype or mem.shape != ref.shape:
        return "final memory: %s%s, expected %s%s" % (mem.dtype, mem.shape, ref.dtype, ref.shape)
    bad = np.nonzero(bits(mem) != bits(ref))[0]
    if bad.size:
        k = bad[0]
        return "final memory differs at %d of %d addresses, first [%d] = %r, expected %r" % (
            bad.size, ref.size, k, mem[k].item(), ref[k].item())
    return None


def order_key(v32):
    """uint32 keys in the order of the float32 values (for non-NaN)."""
    b = bits(v32)
    return np.where(b >> np.uint32(31) != 0, ~b, b | np.uint32(0x80000000))


class AddressValueSet:
    """The set of (address, value) pairs of one cell, for the min/max
    old-value check. Every value of the data is a float32 (double widens
    one exactly, half converts to one exactly), so a pair is one uint64:
    address << 32 | order_key(value). Sorting the values of each address
    (a row of A x N/A) leaves the whole key array sorted."""

    def __init__(self, vals, a):
        n = vals.shape[0]
        self.a = a
        self.n = n
        self.vals = vals
        if a < n:
            self.keys = self._sorted_keys(vals.astype(np.float32), a)
        else:
            self.keys = None  # one value per address: compared directly

    @staticmethod
    def _sorted_keys(v32, a):
        n = v32.shape[0]
        rows = np.ascontiguousarray(order_key(v32).reshape(n // a, a).T)
        rows.sort(axis=1)
        keys = rows.astype(np.uint64)
        keys |= np.arange(a, dtype=np.uint64)[:, None] << np.uint64(32)
        return keys.ravel()

    def missing(self, old, allowed):
        """Indices i where old[i] is neither allowed (one value, bit for
        bit) nor one of the values of address i & (A-1)."""
        n, a = self.n, self.a
        ok = bits(old) == bits(np.array([allowed], dtype=old.dtype))[0]
        if self.keys is None:
            return np.nonzero(~(ok | (bits(old) == bits(self.vals))))[0]
        o32 = old.astype(np.float32)
        exact = o32.astype(old.dtype) == old  # False for NaN and for non-f32 doubles
        bad = ~(ok | exact)
        if bad.any():
            return np.nonzero(bad)[0]
        # old[i] for i = r*A + c belongs to address c: the same layout as
        # the values, so the same sort gives sorted needles.
        # An allowed old value stands in as the thread's own value (present).
        o32 = np.where(ok, self.vals.astype(np.float32), o32)
        needles = self._sorted_keys(o32, a)
        # Old values repeat a lot (many threads see the same minimum): look
        # up each distinct pair once.
        if needles.size > 1:
            needles = needles[np.concatenate(([True], needles[1:] != needles[:-1]))]
        pos = np.searchsorted(self.keys, needles)
        pos[pos >= self.keys.size] = 0
        found = self.keys[pos] == needles
        if found.all():
            return np.zeros(0, dtype=np.int64)
        # Slow path, only on failure: the threads that hold the missing pairs.
        miss = np.unique(needles[~found])
        mine = (addresses(a, n).astype(np.uint64) << np.uint64(32)) | order_key(o32).astype(np.uint64)
        return np.nonzero(np.isin(mine, miss))[0]


def check_old(op, ty, a, vals, final, old, valueset=None):
    """None when the returned old values are possible, else a message.

    min family: each old value is the initial value or one of the values of
    its address, and >= the final value (fmin, fminimum) or <= it (fmax,
    fmaximum). fadd, fsub: each old value is an integer and |old| <= the sum
    of |values| of its address. valueset: AddressValueSet(vals, a), if
    already built (min family only)."""
    n = vals.shape[0]
    if old.shape != (n,) or old.dtype != vals.dtype:
        return "old values: %s%s, expected %s(%d,)" % (old.dtype, old.shape, vals.dtype, n)
    addr = addresses(a, n)
    if op in MIN_OPS or op in MAX_OPS:
        init = init_value(op, ty)
        fin = final[addr]
        if op in MIN_OPS:
            ordered = old >= fin
        else:
            ordered = old <= fin
        bad = np.nonzero(~ordered)[0]
        if bad.size:
            k = bad[0]
            return "%d old values on the wrong side of the final value, first old[%d] = %r, final %r" % (
                bad.size, k, old[k].item(), fin[k].item())
        if valueset is None:
            valueset = AddressValueSet(vals, a)
        bad = valueset.missing(old, init)
        if bad.size:
            k = bad[0]
            return "%d old values are neither the initial value nor a value of their address, first old[%d] = %r" % (
                bad.size, k, old[k].item())
        return None
    if op in ADD_OPS:
        o = old.astype(np.float64)
        sumabs = _per_address(np.abs(vals.astype(np.float64)), a, n, np.sum, 0.0)
        ok = np.isfinite(o)
        ok &= np.floor(np.where(ok, o, 0.0)) == o
        ok &= np.abs(o) <= sumabs[addr]
        bad = np.nonzero(~ok)[0]
        if bad.size:
            k = bad[0]
            return "%d old values are not integers within the sum of |values|, first old[%d] = %r (bound %r)" % (
                bad.size, k, old[k].item(), sumabs[addr[k]])
        return None
    raise ValueError("unknown op %r" % (op,))
