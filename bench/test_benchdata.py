#!/usr/bin/env python3
"""Tests of bench/benchdata.py (numpy only; no GPU).

  python3 bench/test_benchdata.py            every test, N = 2^24 for the bounds
  python3 bench/test_benchdata.py --quick    the bounds at N = 2^20 only

Prints one line a test and "benchdata: all N tests passed"; exits 1 on the
first failure.
"""
import ctypes
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchdata as bd  # noqa: E402


def py_hash(i):
    """The hash with plain Python integers, masked to 32 bits."""
    m = 0xFFFFFFFF
    h = (i * 2654435761) & m
    h ^= h >> 16
    h = (h * 0x7FEB352D) & m
    h ^= h >> 15
    h = (h * 0x846CA68B) & m
    h ^= h >> 16
    return h


def c_hash(i):
    """The hash again, with C's unsigned 32-bit wraparound (ctypes)."""
    h = ctypes.c_uint32(i)
    h = ctypes.c_uint32(h.value * 2654435761)
    h = ctypes.c_uint32(h.value ^ (h.value >> 16))
    h = ctypes.c_uint32(h.value * 0x7FEB352D)
    h = ctypes.c_uint32(h.value ^ (h.value >> 15))
    h = ctypes.c_uint32(h.value * 0x846CA68B)
    h = ctypes.c_uint32(h.value ^ (h.value >> 16))
    return h.value


# (i, hash) worked out with py_hash and c_hash; i = 0 hashes to 0 by
# construction (every step maps 0 to 0).
KNOWN_HASHES = [(0, 0x00000000), (1, 0x6D523710), (2, 0xAC34CDED),
                (12345, 0x2B301AE9), (16777215, 0x68D32904)]


def test_hash_known_values():
    for i, h in KNOWN_HASHES:
        assert py_hash(i) == h, (i, hex(py_hash(i)))
        assert c_hash(i) == h, (i, hex(c_hash(i)))
    got = bd.hash_u32(np.array([i for i, _ in KNOWN_HASHES], dtype=np.uint32))
    assert [int(x) for x in got] == [h for _, h in KNOWN_HASHES], [hex(int(x)) for x in got]
    # u for i = 1: (0x6d523710 >> 8) / 2^24 = 7164471 / 16777216
    assert bd.base_u(np.array([1], dtype=np.uint32))[0] == np.float32(7164471 / 16777216)


def test_hash_matches_plain_python():
    rng = np.random.default_rng(5)
    idx = np.concatenate([np.arange(0, 300), rng.integers(0, 1 << 24, 2000),
                          np.array([(1 << 24) - 1, (1 << 31) - 1, (1 << 32) - 1])]).astype(np.uint32)
    got = bd.hash_u32(idx)
    for i, h in zip(idx.tolist(), got.tolist()):
        assert h == py_hash(i), (i, h, py_hash(i))


def test_data_patterns_small():
    """Each data pattern against the definition in double arithmetic (every
    value is exact, so double gives the same number as float32)."""
    n = 1 << 12
    idx = list(range(0, 40)) + [1000, 2047, 2048, 2049, 4095]
    for data in bd.DATA:
        got = bd.base_values(data, n)
        assert got.dtype == np.float32 and got.shape == (n,)
        for i in idx:
            u = (py_hash(i) >> 8) / 2.0 ** 24
            want = {"random": 2 * u - 1, "positive": u,
                    "ascending": i * (2.0 / n) - 1, "descending": 1 - i * (2.0 / n)}[data]
            assert float(got[i]) == want, (data, i, float(got[i]), want)
    # the end points
    assert bd.base_values("random", n)[0] == -1.0
    assert bd.base_values("ascending", n)[0] == -1.0
    assert bd.base_values("descending", n)[0] == 1.0
    assert bd.base_values("ascending", n)[n // 2] == 0.0
    assert bd.base_values("descending", n)[n - 1] == np.float32(-1 + 2.0 / n)


def test_quant_params_by_hand():
    n = 1 << 24
    # float, A=1: c = 2^24, 2^24 // c = 1 -> Q = 1, R = min(2^24, 2^24) = 2^24
    assert bd.quant_params("float", 1, n) == (1, 1 << 24)
    # float, A=32: c = 2^19, Q = 2^5, R = min(2^19, 2^19)
    assert bd.quant_params("float", 32, n) == (32, 1 << 19)
    # float, A=4096: c = 2^12, Q = 2^12
    assert bd.quant_params("float", 4096, n) == (4096, 4096)
    # float, A=2^24: c = 1, Q capped at 2^20, R = min(1, 2^4) = 1
    assert bd.quant_params("float", 1 << 24, n) == (1 << 20, 1)
    # double: Q = 2^20 always (2^53 // 2^24 = 2^29 > 2^20), R = c
    for a in bd.ADDRESSES:
        assert bd.quant_params("double", a, n) == (1 << 20, max(1, n // a))
    # half: A=1: 2^11 // 2^24 = 0 -> Q = 1, R = 2048; A=4096: c = 4096 -> Q = 1, R = 2048
    assert bd.quant_params("half", 1, n) == (1, 2048)
    assert bd.quant_params("half", 4096, n) == (1, 2048)
    # half, A=2^24: c = 1, Q = min(2^20, 2^11) = 2048, R = 1
    assert bd.quant_params("half", 1 << 24, n) == (2048, 1)
    # A > N: c = 1
    assert bd.quant_params("float", 1 << 24, 1 << 16) == (1 << 20, 1)


def test_quantize_by_hand():
    n = 1 << 12
    for ty in bd.TYPES:
        for a in (1, 32, 4096, 1 << 24):
            q, r = bd.quant_params(ty, a, n)
            for data in bd.DATA:
                x = bd.base_values(data, n)
                got = bd.values("fadd", ty, a, data, n, base=x)
                assert got.dtype == bd.NP_TYPE[ty]
                for i in list(range(0, 50)) + [n // 2, n - 1, 2047, 2048, 2049]:
                    # int() truncates toward zero, like int32(trunc(...));
                    # a zero becomes -1 or +1 by the sign of x
                    k = int(float(x[i]) * q)
                    if k == 0:
                        k = -1 if float(x[i]) < 0 else 1
                    want = float(k) if i // a < r else 0.0
                    assert float(got[i]) == want, (ty, a, data, i, float(got[i]), want)


def test_half_rounding_is_nearest_even():
    f = np.array([1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, 1 + 2.0 ** -11 + 2.0 ** -20,
                  2.0 ** -25, 3 * 2.0 ** -25, 65519.0, 65520.0], dtype=np.float32)
    with np.errstate(over="ignore"):
        h = bd.to_type(f, "half").astype(np.float64)
    # ties go to the even neighbour: 1 + 2^-11 -> 1, 1 + 3*2^-11 -> 1 + 2^-9,
    # 2^-25 -> 0, 3*2^-25 (1.5 subnormal steps) -> 2 steps; 65520 -> inf
    assert h.tolist() == [1.0, 1 + 2.0 ** -9, 1 + 2.0 ** -10, 0.0, 2.0 ** -23, 65504.0, np.inf], h.tolist()


def test_no_nan_no_negative_zero(n):
    for data in bd.DATA:
        base = bd.base_values(data, n)
        for ty in bd.TYPES:
            for op in ("fmin", "fadd"):
                for a in bd.ADDRESSES:
                    v = bd.values(op, ty, a, data, n, base=base)
                    assert not np.isnan(v).any(), (op, ty, a, data)
                    assert not (np.signbit(v) & (v == 0)).any(), (op, ty, a, data)
                    if op == "fmin":
                        break  # A changes nothing for min/max


def test_quantization_bound(n):
    """Per address: sum of |x| <= 2^p, every x an integer that the type holds
    exactly, and the exact sum survives conversion to the type (so every
    order of summation gives the same bits)."""
    worst = {}
    for data in bd.DATA:
        base = bd.base_values(data, n)
        for ty in bd.TYPES:
            p = bd.PRECISION[ty]
            for a in bd.ADDRESSES:
                x32 = bd.quantize(base, ty, a, n)
                assert (np.floor(x32) == x32).all()
                v = bd.to_type(x32, ty)
                assert np.array_equal(v.astype(np.float64), x32.astype(np.float64)), (ty, a, data)
                ab = np.abs(x32.astype(np.float64))
                if a <= n:
                    sums = ab.reshape(n // a, a).sum(axis=0)
                else:
                    sums = ab
                m = float(sums.max())
                assert m <= 2.0 ** p, (ty, a, data, m, 2 ** p)
                worst[(ty, a)] = max(worst.get((ty, a), 0.0), m)
                for op in ("fadd", "fsub"):
                    bd.reference_final(op, ty, a, v)  # raises if not exact
    for (ty, a), m in sorted(worst.items()):
        print("   %-6s A=%-8d max sum|x| = %.0f (2^p = %d)" % (ty, a, m, 2 ** bd.PRECISION[ty]))


def simulate(op, ty, a, vals, rng):
    """Run the updates one at a time in a random order: (final, old)."""
    n = vals.shape[0]
    t = bd.NP_TYPE[ty]
    mem = np.full(max(a, 1), bd.init_value(op, ty), dtype=t)
    old = np.empty(n, dtype=t)
    addr = bd.addresses(a, n)
    for i in rng.permutation(n):
        k = addr[i]
        o = mem[k]
        old[i] = o
        v = vals[i]
        if op in bd.MIN_OPS:
            mem[k] = min(o, v)
        elif op in bd.MAX_OPS:
            mem[k] = max(o, v)
        elif op == "fadd":
            mem[k] = t(o + v)
        else:
            mem[k] = t(o - v)
    return mem, old


def test_reference_and_checks():
    n = 1 << 10
    rng = np.random.default_rng(1)
    for op in bd.OPS:
        for ty in bd.TYPES:
            for a in (1, 32, 4096):
                for data in bd.DATA:
                    vals = bd.values(op, ty, a, data, n)
                    ref = bd.reference_final(op, ty, a, vals)
                    assert ref.shape == (a,) and ref.dtype == bd.NP_TYPE[ty]
                    mem, old = simulate(op, ty, a, vals, rng)
                    assert bd.check_final(mem, ref) is None, (op, ty, a, data, bd.check_final(mem, ref))
                    msg = bd.check_old(op, ty, a, vals, ref, old)
                    assert msg is None, (op, ty, a, data, msg)
                    # A > N: the memory past N keeps its initial value
                    if a == 4096:
                        assert (bd.bits(ref[n:]) == bd.bits(np.array([bd.init_value(op, ty)]))[0]).all()
    # What the checks must reject.
    vals = bd.values("fmin", "float", 32, "random", n)
    ref = bd.reference_final("fmin", "float", 32, vals)
    mem, old = simulate("fmin", "float", 32, vals, rng)
    bad = mem.copy()
    bad[3] = np.nextafter(bad[3], np.float32(np.inf))
    assert "differs at 1 of 32" in bd.check_final(bad, ref)
    o = old.copy()
    # a value of another address, above the final value of address 5
    own = set(vals[5::32].tolist())
    j = next(j for j in range(n) if j % 32 != 5 and vals[j] > ref[5] and vals[j] not in own)
    o[5] = vals[j]
    assert "neither the initial value nor a value" in bd.check_old("fmin", "float", 32, vals, ref, o)
    o = old.copy()
    o[5] = np.float32(-2.0)  # below every value: the wrong side of the minimum
    assert "wrong side" in bd.check_old("fmin", "float", 32, vals, ref, o)
    o = old.copy()
    o[7] = np.float32(np.nan)
    assert bd.check_old("fmin", "float", 32, vals, ref, o) is not None
    vmax = bd.values("fmax", "double", 32, "positive", n)
    refmax = bd.reference_final("fmax", "double", 32, vmax)
    _, omax = simulate("fmax", "double", 32, vmax, rng)
    assert bd.check_old("fmax", "double", 32, vmax, refmax, omax) is None
    omax[9] = omax[9] + 2.0 ** -40  # not a float32 value: cannot be in the data
    assert bd.check_old("fmax", "double", 32, vmax, refmax, omax) is not None
    vadd = bd.values("fadd", "float", 32, "random", n)
    refadd = bd.reference_final("fadd", "float", 32, vadd)
    _, oadd = simulate("fadd", "float", 32, vadd, rng)
    oadd[1] = np.float32(0.5)
    assert "not integers" in bd.check_old("fadd", "float", 32, vadd, refadd, oadd)
    _, oadd = simulate("fadd", "float", 32, vadd, rng)
    oadd[1] = np.float32(1e9)
    assert "not integers" in bd.check_old("fadd", "float", 32, vadd, refadd, oadd)
    # fsub is 0 - sum
    vs = bd.values("fsub", "half", 1, "descending", n)
    assert bd.reference_final("fsub", "half", 1, vs)[0] == -np.sum(vs.astype(np.float64))
    # A sum of zero is +0.0, for fadd and for fsub.
    z = np.zeros(8, dtype=np.float32)
    assert not np.signbit(bd.reference_final("fsub", "float", 1, z)[0])
    assert not np.signbit(bd.reference_final("fadd", "float", 1, z)[0])


def test_a_at_least_n():
    n = 1 << 8
    for a in (n, 1 << 24):
        vals = bd.values("fmax", "half", a, "random", n)
        ref = bd.reference_final("fmax", "half", a, vals)
        assert ref.shape == (a,)
        assert np.array_equal(bd.bits(ref[:n]), bd.bits(vals))
        old = np.full(n, -np.inf, dtype=np.float16)
        assert bd.check_old("fmax", "half", a, vals, ref, old) is None
        old[3] = vals[3]
        assert bd.check_old("fmax", "half", a, vals, ref, old) is None
        old[3] = vals[4]
        assert bd.check_old("fmax", "half", a, vals, ref, old) is not None


def main():
    quick = "--quick" in sys.argv[1:]
    big = 1 << 20 if quick else bd.DEFAULT_N
    tests = [
        ("hash: known values (plain ints, ctypes, numpy)", test_hash_known_values, ()),
        ("hash: numpy equals plain Python on 2303 indices", test_hash_matches_plain_python, ()),
        ("data patterns against the definition", test_data_patterns_small, ()),
        ("Q and R by hand", test_quant_params_by_hand, ()),
        ("quantized values by hand", test_quantize_by_hand, ()),
        ("half conversion rounds to nearest even", test_half_rounding_is_nearest_even, ()),
        ("no NaN, no -0.0 (N=%d)" % big, test_no_nan_no_negative_zero, (big,)),
        ("quantization bound sum|x| <= 2^p per address (N=%d)" % big, test_quantization_bound, (big,)),
        ("reference and checks against simulated atomics", test_reference_and_checks, ()),
        ("A >= N", test_a_at_least_n, ()),
    ]
    for name, fn, args in tests:
        try:
            fn(*args)
        except AssertionError as e:
            print("FAIL: %s: %r" % (name, e))
            return 1
        print("ok: " + name)
    print("benchdata: all %d tests passed" % len(tests))
    return 0


if __name__ == "__main__":
    sys.exit(main())
