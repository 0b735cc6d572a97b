#!/usr/bin/env python3
"""Tests of bench/triton_bench.py without a GPU: the run, the checks and
the CSV files, with a stand-in backend that plays the kernels in numpy.
The Triton kernels themselves only run on the GPU machine (their generator
is checked there by the self-check that starts every run).

  python3 bench/test_triton_bench.py
"""
import io
import os
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchdata as bd  # noqa: E402
import triton_bench as tb  # noqa: E402


class FakeBackend:
    """Runs each cell's updates in thread order, in numpy. corrupt: cells
    (op, ty, a, data, used) whose final memory or old values it spoils."""

    def __init__(self, corrupt=(), bad_gen=None, ms=2.0, corrupt_variant=None):
        self.corrupt = set(corrupt)
        self.corrupt_variant = corrupt_variant  # None: every variant's
        self.bad_gen = bad_gen
        self.ms = ms
        self.launches = 0
        self.ptx = {}

    def load_ptx(self, name, path):
        self.ptx[name] = path

    def run_cells(self, op, ty, a, data, used, n, warmup, repeat, names):
        res = {}
        for name in names:
            assert name in ("triton", "triton-copy") or name in self.ptx, name
            spoil = self.corrupt_variant in (None, name)
            res[name] = self.run_cell(op, ty, a, data, used, n, warmup, repeat, spoil)
        return res

    def describe(self):
        return "numpy stand-in"

    def generate(self, ty, data, a, n):
        x = bd.base_values(data, n)
        v = bd.to_type(x if a is None else bd.quantize(x, ty, a, n), ty)
        if self.bad_gen == (ty, data, a):
            v = v.copy()
            v[17] = -v[17] if v[17] != 0 else v.dtype.type(1)
        return v

    def probe(self, op, ty):
        if ty == "half" and op in ("fmin", "fmax"):
            return "ValueError('atomic_%s does not support fp16')" % op[1:]
        return None

    def run_cell(self, op, ty, a, data, used, n, warmup, repeat, spoil=True):
        self.launches += warmup + repeat
        v = bd.values(op, ty, a, data, n)
        init = bd.init_value(op, ty)
        t = bd.NP_TYPE[ty]
        if a <= n:
            m = v.reshape(n // a, a)
            if op == "fadd":
                run = np.cumsum(m.astype(np.float64), axis=0).astype(t)
            elif op == "fmin":
                run = np.minimum.accumulate(np.minimum(m, init), axis=0)
            else:
                run = np.maximum.accumulate(np.maximum(m, init), axis=0)
            final = run[-1].copy()
            old = np.concatenate([np.full((1, a), init, dtype=t), run[:-1]]).ravel()
        else:
            final = np.full(a, init, dtype=t)
            final[:n] = v if op != "fmin" else np.minimum(v, init)
            old = np.full(n, init, dtype=t)
        if spoil and (op, ty, a, data, used) in self.corrupt:
            if used:
                old[n // 2] = v[(n // 2 + 1) % n]  # another address's value (or a non-integer below)
                if op == "fadd":
                    old[n // 2] = t(0.5)
            else:
                final[0] = t(-5.0)
        # the median of 1, 2, ..., repeat times ms
        ms = [self.ms * (k + 1) for k in range(repeat)]
        return ms, final, (old if used else None)


def run_main(argv, backend):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = tb.main(argv, backend=backend)
    return rc, out.getvalue(), err.getvalue()


def rows_of(text):
    return [ln for ln in text.splitlines() if ln and not ln.startswith("#")]


def test_full_small_run(tmp):
    n = 1 << 12
    out_csv = os.path.join(tmp, "t.csv")
    cells_csv = os.path.join(tmp, "c.csv")
    fb = FakeBackend()
    rc, out, err = run_main(["--n", str(n), "--out", out_csv, "--cells", cells_csv], fb)
    assert rc == 0, (rc, err[-2000:])
    assert "self-check passed: 60 arrays" in err, err[:500]
    with open(out_csv) as f:
        filed = f.read()
    assert filed == out, "--out differs from stdout"
    lines = out.splitlines()
    assert lines[0].startswith("# ") and "numpy stand-in" in lines[0]
    assert lines[1].startswith("# command: bench/triton_bench.py --n 4096")
    assert "# triton: fmin half unsupported: ValueError('atomic_min does not support fp16')" in lines
    assert "# triton: fmax half unsupported: ValueError('atomic_max does not support fp16')" in lines
    rows = rows_of(out)
    assert rows[0] == tb.HEADER
    body = [r.split(",") for r in rows[1:]]
    # fmin, fmax: float and double; fadd: all three types; 4 A x 4 data x 2 used
    assert len(body) == (2 * 2 + 3) * 4 * 4 * 2, len(body)
    keys = {tuple(r[:5]) for r in body}
    assert len(keys) == len(body)
    assert not any(r[1] == "half" and r[0] != "fadd" for r in body)
    assert all(r[5] == "triton" for r in body)
    # median of 2, 4, ..., 14 ms is 8 ms: N / (8 ms * 1e6)
    want = tb.fmt_sig(n / (8.0 * 1e6))
    assert all(r[6] == want for r in body), (want, body[0])
    with open(cells_csv) as f:
        cl = f.read().splitlines()
    assert cl[0] == tb.CELLS_HEADER
    assert len(cl) == len(body) + 1
    c = cl[1].split(",")
    assert c[5:] == ["triton", str(n), "7", "8.000000", "ok"], c
    assert fb.launches == len(body) * 9


def test_bad_cells(tmp):
    n = 1 << 10
    corrupt = [("fmax", "double", 32, "ascending", 1), ("fmin", "float", 1, "random", 0),
               ("fadd", "half", 4096, "positive", 1)]
    cells_csv = os.path.join(tmp, "c.csv")
    rc, out, err = run_main(["--n", str(n), "--cells", cells_csv, "--addresses", "1,32,4096"],
                            FakeBackend(corrupt=corrupt))
    assert rc == 3, (rc, err[-1000:])
    body = {tuple(r.split(",")[:5]): r.split(",")[6] for r in rows_of(out)[1:]}
    for op, ty, a, data, used in corrupt:
        assert body[(op, ty, str(a), data, str(used))] == "", (op, ty, a, data, used)
    assert sum(1 for v in body.values() if v == "") == 3
    assert "# triton: BAD fmax double 32 ascending 1 triton: 1 old values are neither" in out, out
    assert "# triton: BAD fmin float 1 random 0 triton: final memory differs" in out
    assert "# triton: BAD fadd half 4096 positive 1 triton: 1 old values are not integers" in out
    with open(cells_csv) as f:
        cl = [ln.split(",") for ln in f.read().splitlines()[1:]]
    bad = [c for c in cl if c[9] == "BAD"]
    assert len(bad) == 3 and all(c[8] != "" for c in bad)


def test_selfcheck_failure(tmp):
    out_csv = os.path.join(tmp, "never.csv")
    for argv in (["--selfcheck"], ["--out", out_csv]):
        rc, out, err = run_main(argv, FakeBackend(bad_gen=("half", "descending", 32)))
        assert rc == 1, (argv, rc)
        assert "descending half quantized A=32: 1 of 65536 values differ, first i=17" in err, err
        assert "self-check FAILED: 1 of 60 arrays" in err
        assert out == ""
    assert not os.path.exists(out_csv)
    rc, out, err = run_main(["--selfcheck"], FakeBackend())
    assert rc == 0 and out == "" and "passed" in err


def test_subset_and_no_triton_ops(tmp):
    rc, out, err = run_main(["--n", "1024", "--no-selfcheck", "--ops", "fsub,fmin,fminimum",
                             "--types", "half,float", "--addresses", "32", "--data", "random",
                             "--used", "1"], FakeBackend())
    assert rc == 0, err
    assert "# triton: fsub, fminimum: no Triton operation, no rows" in out
    assert "# triton: fmin half unsupported" in out
    rows = rows_of(out)
    assert rows[1:] == ["fmin,float,32,random,1,triton," + tb.fmt_sig(1024 / 8e6)], rows
    assert "self-check" not in err


def test_bad_usage():
    for argv in (["--n", "1000"], ["--ops", "fmul"], ["--addresses", "33"], ["--types", "bfloat"],
                 ["--n", str(1 << 25)], ["--cold-mib", "-1"], ["--cold-mib", "5000"],
                 ["--ptx", "fpa"], ["--ptx", "=x.ptx"], ["--ptx", "fpa=/nonexistent/x.ptx"],
                 ["--ptx", "triton=" + __file__], ["--ptx", "a,b=" + __file__],
                 ["--ptx", "f=" + __file__, "--ptx", "f=" + __file__]):
        err = io.StringIO()
        with redirect_stderr(err):
            try:
                tb.main(argv, backend=FakeBackend())
            except SystemExit as e:
                assert e.code == 2, argv
                continue
        raise AssertionError("accepted %r" % (argv,))


def test_kernel_params():
    p = tb.kernel_params("fadd", "float", 32, "ascending", 1 << 24)
    assert p == {"amask": 31, "shift": 5, "R": 1 << 19, "Qf": 32.0, "s": 2.0 ** -23, "DATA": 2, "QUANT": True}
    p = tb.kernel_params("fmin", "double", 1 << 24, "random", 1 << 16)
    assert p["amask"] == (1 << 24) - 1 and p["shift"] == 24 and not p["QUANT"] and p["s"] == 2.0 ** -15


def test_cold_variant(tmp):
    cells_csv = os.path.join(tmp, "cold.csv")
    rc, out, err = run_main(["--n", "1024", "--no-selfcheck", "--ops", "fmax", "--types", "float",
                             "--addresses", "1", "--data", "positive", "--used", "0",
                             "--cold-mib", "512", "--cells", cells_csv], FakeBackend())
    assert rc == 0, err
    assert "cold L2 (512 MiB written before each launch)" in out.splitlines()[1], out
    rows = rows_of(out)
    assert rows[1:] == ["fmax,float,1,positive,0,triton-cold," + tb.fmt_sig(1024 / 8e6)], rows
    with open(cells_csv) as f:
        assert f.read().splitlines()[1].split(",")[5] == "triton-cold"


def test_ptx_variants(tmp):
    ptx = os.path.join(tmp, "fpa.ptx")
    with open(ptx, "w") as f:
        f.write("// stand-in\n")
    cells_csv = os.path.join(tmp, "pv.csv")
    bad = ("fmin", "float", 32, "random", 1)
    fb = FakeBackend(corrupt=[bad], corrupt_variant="fpa")
    rc, out, err = run_main(["--n", "1024", "--no-selfcheck", "--ops", "fmin", "--types", "float",
                             "--addresses", "1,32", "--data", "random", "--ptx", "fpa=" + ptx, "--copy",
                             "--cells", cells_csv], fb)
    assert rc == 3, (rc, err[-1000:])
    assert fb.ptx == {"fpa": ptx}, fb.ptx
    rows = [r.split(",") for r in rows_of(out)[1:]]
    # every cell: triton, triton-copy, then the PTX variant, in that order
    assert [r[5] for r in rows] == ["triton", "triton-copy", "fpa"] * 4, rows
    assert fb.launches == 4 * 3 * 9, fb.launches
    spoiled = [r for r in rows if r[6] == ""]
    assert spoiled == [["fmin", "float", "32", "random", "1", "fpa", ""]], spoiled
    assert "# triton: BAD fmin float 32 random 1 fpa: " in out, out
    with open(cells_csv) as f:
        checks = [ln.split(",")[-1] for ln in f.read().splitlines()[1:]]
    assert checks.count("BAD") == 1 and checks.count("ok") == 11, checks
    # cold: every variant gets the suffix
    rc, out, err = run_main(["--n", "1024", "--no-selfcheck", "--ops", "fmax", "--types", "double",
                             "--addresses", "1", "--data", "positive", "--used", "0", "--ptx", "x=" + ptx,
                             "--cold-mib", "64"], FakeBackend())
    assert rc == 0, err
    assert [r.split(",")[5] for r in rows_of(out)[1:]] == ["triton-cold", "x-cold"], out


def test_turn_order():
    names = ["triton", "triton-copy", "fpa"]
    assert tb.turn_order(names, 0) == names
    assert tb.turn_order(names, 1) == ["triton-copy", "fpa", "triton"]
    assert tb.turn_order(names, 5) == ["fpa", "triton", "triton-copy"]
    # each variant goes first once every len(names) rounds
    assert sorted(tb.turn_order(names, k)[0] for k in range(3)) == sorted(names)


def main():
    tests = [("a whole run at N=2^12 (stand-in backend)", test_full_small_run, True),
             ("BAD cells: empty figure, check=BAD, exit 3", test_bad_cells, True),
             ("a failing generator self-check stops the run", test_selfcheck_failure, True),
             ("subsets; ops without a Triton operation", test_subset_and_no_triton_ops, True),
             ("--cold-mib names the variant triton-cold", test_cold_variant, True),
             ("--ptx and --copy: variants in turns, each checked", test_ptx_variants, True),
             ("the turns rotate", test_turn_order, False),
             ("bad usage exits 2", test_bad_usage, False),
             ("kernel parameters", test_kernel_params, False)]
    with tempfile.TemporaryDirectory() as tmp:
        for name, fn, wants_tmp in tests:
            try:
                fn(tmp) if wants_tmp else fn()
            except AssertionError as e:
                print("FAIL: %s: %s" % (name, e))
                return 1
            print("ok: " + name)
    print("triton_bench: all %d tests passed" % len(tests))
    return 0


if __name__ == "__main__":
    sys.exit(main())
