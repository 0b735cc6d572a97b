#!/usr/bin/env python3
"""The `triton` variant of the throughput benchmark (issue 5), on an NVIDIA GPU.

Triton has tl.atomic_min, tl.atomic_max and tl.atomic_add; they stand for
fmin, fmax and fadd. fsub, fminimum and fmaximum have no Triton operation
and get no rows. Each kernel generates its values itself, exactly as the
CUDA kernels do (bench/benchdata.py has the definition and the host
reference):

  python3 bench/triton_bench.py --out triton.csv --cells triton-cells.csv
  python3 bench/triton_bench.py --selfcheck            only the generator check
  python3 bench/triton_bench.py --ops fmin --types float --addresses 32 --data random

Every run first checks the generator: a small Triton kernel writes the
values of every data pattern and type, quantized (for each address count)
and not, for N = 2^16, and they must equal numpy's bit for bit. A mismatch
stops the run (exit 1).

With --ptx NAME=FILE (repeatable), the cell's kernel from a PTX module of
bench/gen-matrix-ir.sh (k_OP_TYPE_USED, as fpa-bench runs it; the default
lowering's, LLVM's, ...) is timed in the same process, in turns with
Triton's: each round launches every variant once, the first of a round
rotating. --copy adds `triton-copy`, Triton's kernel again under another
name, whose ratio to `triton` is the noise of a cell (identical code).

  python3 bench/triton_bench.py --ptx fpa=fpa.ptx --ptx llvm=llvm.ptx --copy --ops fmin,fmax

Per cell and variant: 2 warm-up and 7 timed launches (--warmup, --repeat),
all variants on the same buffers, each launch on
freshly reset memory (with --cold-mib MIB, then MIB MiB written elsewhere,
so that the launch starts from device memory; the variant is triton-cold),
after a torch.cuda._sleep that keeps the GPU busy
while Python enqueues the launch, timed with CUDA events around the kernel
alone; the median counts. Then one more launch of each variant, whose
final memory (bit for bit) and, with result_used=1, every returned old
value are checked against numpy.

stdout (and --out): '#' comment lines and
  op,type,addresses,data,result_used,variant,gupdates_per_s
--cells: op,type,addresses,data,result_used,variant,updates,launches,ms_median,check
A cell that fails its check has an empty gupdates_per_s and check=BAD.
Exit status: 0, 1 (generator self-check failed, or bad usage), 3 (some cell
BAD or ERROR).
"""
import argparse
import ctypes
import datetime
import os
import statistics
import sys
import time
import traceback

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchdata as bd  # noqa: E402

VARIANT = "triton"
HEADER = "op,type,addresses,data,result_used,variant,gupdates_per_s"
CELLS_HEADER = "op,type,addresses,data,result_used,variant,updates,launches,ms_median,check"
TRITON_OPS = {"fmin": 0, "fmax": 1, "fadd": 2}  # the only ops Triton has
DATA_CODE = {"random": 0, "positive": 1, "ascending": 2, "descending": 3}
BLOCK = 256  # threads per block: BLOCK elements, num_warps=8, one element a thread
NUM_WARPS = 8
SELFCHECK_N = 1 << 16

try:
    import torch
    import triton
    import triton.language as tl
    HAVE_TRITON = True
    IMPORT_ERROR = None
except ImportError as e:  # this file is also imported by the tests, without a GPU
    HAVE_TRITON = False
    IMPORT_ERROR = e

if HAVE_TRITON:
    @triton.jit
    def _gen(i, s, DATA: tl.constexpr):
        """The f32 base value of thread i (int32); s = 2/N (f32)."""
        if DATA < 2:
            # uint32 arithmetic that wraps: the tensor is uint32, and the
            # constants take its type (>= 2^31 they are uint32 already).
            h = i.to(tl.uint32)
            h = h * 2654435761
            h = h ^ (h >> 16)
            h = h * 0x7FEB352D
            h = h ^ (h >> 15)
            h = h * 0x846CA68B
            h = h ^ (h >> 16)
            u = (h >> 8).to(tl.float32) * 5.9604644775390625e-08  # 2^-24, exact
            if DATA == 0:
                x = 2.0 * u - 1.0
            else:
                x = u
        else:
            fi = i.to(tl.float32)
            if DATA == 2:
                x = fi * s - 1.0
            else:
                x = 1.0 - fi * s
        return x

    @triton.jit
    def _value(i, s, Qf, R, shift, DATA: tl.constexpr, QUANT: tl.constexpr):
        """The f32 value of thread i; with QUANT the fadd/fsub quantization:
        k = int32(trunc(x*Q)), or -1/+1 by the sign of x where that is 0;
        float32(k) if i // A < R else 0.0 (shift = log2 A)."""
        x = _gen(i, s, DATA)
        if QUANT:
            k = (x * Qf).to(tl.int32)
            k = tl.where(k == 0, tl.where(x < 0.0, -1, 1), k)
            t = k.to(tl.float32)
            x = tl.where((i >> shift) < R, t, 0.0)
        return x

    @triton.jit(do_not_specialize=["amask", "shift", "R"])
    def _bench_kernel(mem, out, amask, shift, R, Qf, s,
                      OP: tl.constexpr, DATA: tl.constexpr, QUANT: tl.constexpr,
                      USED: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        # f32 -> half rounds to nearest even; -> double widens exactly
        v = _value(i, s, Qf, R, shift, DATA, QUANT).to(mem.dtype.element_ty)
        p = mem + (i & amask)
        if OP == 0:
            old = tl.atomic_min(p, v, sem="relaxed", scope="gpu")
        elif OP == 1:
            old = tl.atomic_max(p, v, sem="relaxed", scope="gpu")
        else:
            old = tl.atomic_add(p, v, sem="relaxed", scope="gpu")
        if USED:
            tl.store(out + i, old)

    @triton.jit(do_not_specialize=["shift", "R"])
    def _values_kernel(out, shift, R, Qf, s,
                       DATA: tl.constexpr, QUANT: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = _value(i, s, Qf, R, shift, DATA, QUANT)
        tl.store(out + i, v.to(out.dtype.element_ty))


def kernel_params(op, ty, a, data, n):
    """The runtime arguments of one cell's kernel (pure Python)."""
    quant = op in bd.ADD_OPS
    q, r = bd.quant_params(ty, a, n) if quant else (1, 0)
    return {
        "amask": a - 1,
        "shift": bd.log2(a),
        "R": r,
        "Qf": float(q),
        "s": 2.0 / n,
        "DATA": DATA_CODE[data],
        "QUANT": quant,
    }


def first_line(exc):
    """One line saying why an exception happened. Triton's frontend wraps
    its TypeError/ValueError in a CompilationError whose text starts with
    the kernel's source; the original error is in its error_message."""
    seen = 0
    while exc is not None and seen < 10:
        msg = getattr(exc, "error_message", None)
        if msg:
            lines = [ln.strip() for ln in str(msg).splitlines() if ln.strip()]
            if lines:
                return lines[0]
        if exc.__cause__ is None and exc.__context__ is None:
            break
        exc = exc.__cause__ or exc.__context__
        seen += 1
    lines = [ln.strip() for ln in str(exc).splitlines() if ln.strip()]
    return "%s: %s" % (type(exc).__name__, lines[0]) if lines else type(exc).__name__


class TritonBackend:
    """Runs the kernels on the current CUDA device."""

    def __init__(self, sleep_cycles, cold_mib=0):
        if not HAVE_TRITON:
            raise RuntimeError("triton and torch are needed: %s" % (IMPORT_ERROR,))
        if not torch.cuda.is_available():
            raise RuntimeError("no CUDA device")
        self.sleep_cycles = sleep_cycles
        self.dev = torch.device("cuda")
        # --cold-mib: written before each launch, after the reset, so that
        # the launch starts from device memory (more than the L2 cache)
        self.scratch = (torch.empty(cold_mib << 20, dtype=torch.uint8, device=self.dev)
                        if cold_mib else None)
        self.ttype = {"float": torch.float32, "double": torch.float64, "half": torch.float16}
        self.ptx = {}  # variant name -> PtxModule

    def load_ptx(self, name, path):
        """Loads a PTX module of bench/gen-matrix-ir.sh's kernels as variant NAME."""
        torch.empty(1, device=self.dev)  # the primary context, current
        self.ptx[name] = PtxModule(path)

    def describe(self):
        p = torch.cuda.get_device_properties(0)
        return "%s (sm_%d%d), triton %s, torch %s, CUDA %s" % (
            p.name, p.major, p.minor, triton.__version__, torch.__version__, torch.version.cuda)

    def generate(self, ty, data, a, n):
        """The values of a data pattern as the kernels make them; a = None:
        not quantized, else quantized for A = a."""
        out = torch.empty(n, dtype=self.ttype[ty], device=self.dev)
        if a is None:
            shift, r, qf = 0, 0, 1.0
        else:
            q, r = bd.quant_params(ty, a, n)
            shift, qf = bd.log2(a), float(q)
        _values_kernel[(n // BLOCK,)](out, shift, r, qf, 2.0 / n, DATA=DATA_CODE[data],
                                      QUANT=a is not None, BLOCK=BLOCK, num_warps=NUM_WARPS)
        torch.cuda.synchronize()
        return out.cpu().numpy()

    def _launch(self, mem, out, op, prm, used, n):
        _bench_kernel[(n // BLOCK,)](mem, out, prm["amask"], prm["shift"], prm["R"], prm["Qf"], prm["s"],
                                     OP=TRITON_OPS[op], DATA=prm["DATA"], QUANT=prm["QUANT"],
                                     USED=used, BLOCK=BLOCK, num_warps=NUM_WARPS)

    def probe(self, op, ty):
        """None if Triton compiles and runs op on ty, else why not."""
        try:
            mem = torch.zeros(1, dtype=self.ttype[ty], device=self.dev)
            out = torch.empty(BLOCK, dtype=self.ttype[ty], device=self.dev)
            for used in (0, 1):
                self._launch(mem, out, op, kernel_params(op, ty, 1, "random", BLOCK), used, BLOCK)
            torch.cuda.synchronize()
            return None
        except Exception as e:  # Triton's frontend raises TypeError/ValueError wrapped in CompilationError
            traceback.print_exc(file=sys.stderr)
            return first_line(e)

    def _launch_variant(self, name, mem, out, op, ty, prm, used, n):
        if name in self.ptx:
            self.ptx[name].launch(op, ty, used, mem, out, n, prm,
                                  torch.cuda.current_stream().cuda_stream)
        else:  # triton, triton-copy
            self._launch(mem, out, op, prm, used, n)

    def run_cells(self, op, ty, a, data, used, n, warmup, repeat, names):
        """{variant: (timed milliseconds, final memory, old values or None)},
        every variant launched once a round, in turns, on the same buffers
        (where a buffer lies in the L2 moves a hot cell by up to a quarter);
        then, for the checks, one more launch of each."""
        t = self.ttype[ty]
        prm = kernel_params(op, ty, a, data, n)
        mem = torch.empty(a, dtype=t, device=self.dev)
        if used:
            out = torch.full((n,), float("nan"), dtype=t, device=self.dev)
        else:
            out = torch.empty(1, dtype=t, device=self.dev)
        init = float(bd.init_value(op, ty))
        total = warmup + repeat
        starts = {name: [torch.cuda.Event(enable_timing=True) for _ in range(total)] for name in names}
        ends = {name: [torch.cuda.Event(enable_timing=True) for _ in range(total)] for name in names}
        for k in range(total):
            for name in turn_order(names, k):
                mem.fill_(init)
                if self.scratch is not None:
                    self.scratch.fill_(k & 255)
                # Keep the GPU busy while Python enqueues the start event and
                # the launch, so that no launch latency lands between them.
                torch.cuda._sleep(self.sleep_cycles)
                starts[name][k].record()
                self._launch_variant(name, mem, out, op, ty, prm, used, n)
                ends[name][k].record()
        torch.cuda.synchronize()
        res = {}
        for name in names:
            ms = [s.elapsed_time(e) for s, e in zip(starts[name][warmup:], ends[name][warmup:])]
            mem.fill_(init)
            if used:
                out.fill_(float("nan"))
            self._launch_variant(name, mem, out, op, ty, prm, used, n)
            torch.cuda.synchronize()
            res[name] = (ms, mem.cpu().numpy(), (out.cpu().numpy() if used else None))
        return res


def turn_order(names, k):
    """Round k's launch order: the list rotated by k."""
    j = k % len(names)
    return list(names[j:]) + list(names[:j])


class PtxModule:
    """A PTX module of bench/gen-matrix-ir.sh's kernels, loaded with the CUDA
    driver API into the current (PyTorch's) context, launched as fpa-bench
    launches it: 256 threads a block, arguments (mem, out, n, amask, ashift,
    mode, s, q, r)."""

    def __init__(self, path):
        self.cu = ctypes.CDLL("libcuda.so.1")
        self.cu.cuModuleLoadData.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p]
        self.cu.cuModuleGetFunction.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p,
                                                ctypes.c_char_p]
        self.cu.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [
            ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
        self.cu.cuGetErrorString.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        with open(path, "rb") as f:
            text = f.read()
        self.path = path
        self.mod = ctypes.c_void_p()
        self._check(self.cu.cuModuleLoadData(ctypes.byref(self.mod), text + b"\0"), "cuModuleLoadData")
        self.funcs = {}

    def _check(self, rc, what):
        if rc != 0:
            msg = ctypes.c_char_p()
            self.cu.cuGetErrorString(rc, ctypes.byref(msg))
            raise RuntimeError("%s: %s: %s (%d)" % (self.path, what, (msg.value or b"?").decode(), rc))

    def launch(self, op, ty, used, mem, out, n, prm, stream):
        kname = "k_%s_%s_%d" % (op, ty, used)
        if kname not in self.funcs:
            f = ctypes.c_void_p()
            self._check(self.cu.cuModuleGetFunction(ctypes.byref(f), self.mod, kname.encode()), kname)
            self.funcs[kname] = f
        q, r = (int(prm["Qf"]), prm["R"]) if prm["QUANT"] else (0, 0)
        args = [ctypes.c_uint64(mem.data_ptr()), ctypes.c_uint64(out.data_ptr()), ctypes.c_uint32(n),
                ctypes.c_uint32(prm["amask"]), ctypes.c_uint32(prm["shift"]), ctypes.c_int32(prm["DATA"]),
                ctypes.c_float(prm["s"]), ctypes.c_int32(q), ctypes.c_uint32(r)]
        params = (ctypes.c_void_p * len(args))(*[ctypes.cast(ctypes.pointer(x), ctypes.c_void_p) for x in args])
        self._check(self.cu.cuLaunchKernel(self.funcs[kname], (n + BLOCK - 1) // BLOCK, 1, 1, BLOCK, 1, 1, 0,
                                           ctypes.c_void_p(stream), params, None), kname)


def selfcheck(backend, log, n=SELFCHECK_N):
    """Compare the kernel's values with numpy's for every data pattern and
    type, not quantized and quantized for each address count. Returns the
    number of mismatching arrays."""
    bad = 0
    count = 0
    for data in bd.DATA:
        base = bd.base_values(data, n)
        for ty in bd.TYPES:
            for a in (None,) + bd.ADDRESSES:
                want = bd.to_type(base if a is None else bd.quantize(base, ty, a, n), ty)
                got = backend.generate(ty, data, a, n)
                count += 1
                what = "%s %s %s" % (data, ty, "not quantized" if a is None else "quantized A=%d" % a)
                if got.dtype != want.dtype or got.shape != want.shape:
                    log("selfcheck: %s: got %s%s, expected %s%s" % (what, got.dtype, got.shape, want.dtype, want.shape))
                    bad += 1
                    continue
                diff = np.nonzero(bd.bits(got) != bd.bits(want))[0]
                if diff.size:
                    k = diff[0]
                    log("selfcheck: %s: %d of %d values differ, first i=%d: %r, expected %r" % (
                        what, diff.size, n, k, got[k].item(), want[k].item()))
                    bad += 1
    return bad, count


def fmt_sig(x, digits=4):
    """x with `digits` significant digits, fixed notation."""
    if x <= 0:
        return "%.*f" % (digits - 1, x)
    mag = int(np.floor(np.log10(x)))
    return "%.*f" % (max(0, digits - 1 - mag), x)


class Output:
    def __init__(self, out_path, cells_path, suffix=""):
        self.suffix = suffix
        self.files = [sys.stdout]
        self.opened = []
        if out_path:
            f = open(out_path, "w")
            self.files.append(f)
            self.opened.append(f)
        self.cells = None
        if cells_path:
            self.cells = open(cells_path, "w")
            self.opened.append(self.cells)
            self.cells.write(CELLS_HEADER + "\n")

    def line(self, text):
        for f in self.files:
            f.write(text + "\n")
            f.flush()

    def cell(self, key, gups, n, launches, ms, check, variant=VARIANT):
        """One row; variant gets the run's suffix (-cold)."""
        op, ty, a, data, used = key
        name = variant + self.suffix
        self.line("%s,%s,%d,%s,%d,%s,%s" % (op, ty, a, data, used, name,
                                             "" if gups is None else fmt_sig(gups)))
        if self.cells:
            self.cells.write("%s,%s,%d,%s,%d,%s,%d,%d,%s,%s\n" % (
                op, ty, a, data, used, name, n, launches, "" if ms is None else "%.6f" % ms, check))
            self.cells.flush()

    def close(self):
        for f in self.opened:
            f.close()


def csv_list(text, allowed, conv=str):
    items = [conv(x) for x in text.split(",") if x != ""]
    for x in items:
        if x not in allowed:
            raise argparse.ArgumentTypeError("%r is not one of %s" % (x, ", ".join(str(a) for a in allowed)))
    return items


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", metavar="CSV", help="also write the CSV rows here")
    ap.add_argument("--cells", metavar="CSV", help="per-cell details: updates, launches, ms_median, check")
    ap.add_argument("--n", type=int, default=bd.DEFAULT_N, help="updates a launch, a power of two (default 2^24)")
    ap.add_argument("--repeat", type=int, default=7, help="timed launches a cell (default 7)")
    ap.add_argument("--warmup", type=int, default=2, help="warm-up launches a cell (default 2)")
    ap.add_argument("--ops", default="fmin,fmax,fadd", help="comma list (default fmin,fmax,fadd)")
    ap.add_argument("--types", default="float,double,half")
    ap.add_argument("--addresses", default=",".join(str(a) for a in bd.ADDRESSES))
    ap.add_argument("--data", default=",".join(bd.DATA))
    ap.add_argument("--used", default="0,1", help="result_used values (default 0,1)")
    ap.add_argument("--sleep-cycles", type=int, default=200000,
                    help="torch.cuda._sleep before each launch (default 200000, about 100 us at 2 GHz)")
    ap.add_argument("--cold-mib", type=int, default=0, metavar="MIB",
                    help="before each launch, after the reset, write MIB MiB elsewhere (more than the L2 "
                         "cache), so the cell starts from device memory; the variant is then triton-cold "
                         "(default 0: warm)")
    ap.add_argument("--ptx", action="append", default=[], metavar="NAME=FILE",
                    help="also time variant NAME, the k_* kernels of FILE (a PTX module of "
                         "bench/gen-matrix-ir.sh), in turns with Triton in every cell; repeatable")
    ap.add_argument("--copy", action="store_true",
                    help="also time triton-copy, Triton's kernel again: the noise of a cell")
    ap.add_argument("--selfcheck", action="store_true", help="only check the generator against numpy")
    ap.add_argument("--no-selfcheck", action="store_true", help="skip the generator check before the run")
    args = ap.parse_args(argv)
    try:
        args.ops = csv_list(args.ops, bd.OPS)
        args.types = csv_list(args.types, bd.TYPES)
        args.addresses = csv_list(args.addresses, bd.ADDRESSES, int)
        args.data = csv_list(args.data, bd.DATA)
        args.used = csv_list(args.used, (0, 1), int)
    except (argparse.ArgumentTypeError, ValueError) as e:
        ap.error(str(e))
    if not bd.is_pow2(args.n) or args.n < BLOCK or args.n > (1 << 24):
        ap.error("--n must be a power of two from %d to 2^24" % BLOCK)
    if args.cold_mib < 0 or args.cold_mib > 4096:
        ap.error("--cold-mib must be from 0 to 4096")
    if args.repeat < 1 or args.warmup < 0:
        ap.error("--repeat must be >= 1 and --warmup >= 0")
    ptx = []
    for item in args.ptx:
        name, eq, path = item.partition("=")
        if not eq or not name or not path or "," in name:
            ap.error("--ptx wants NAME=FILE (NAME without commas), not %r" % item)
        if name in [VARIANT, "triton-copy"] + [x for x, _ in ptx]:
            ap.error("--ptx: the variant name %r is taken" % name)
        if not os.path.isfile(path):
            ap.error("--ptx %s: no such file" % item)
        ptx.append((name, path))
    args.ptx = ptx
    return args


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def run(args, backend, out):
    """The cells; returns the number that failed (BAD or ERROR)."""
    n = args.n
    ops = [op for op in args.ops if op in TRITON_OPS]
    missing = [op for op in args.ops if op not in TRITON_OPS]
    if missing:
        out.line("# triton: %s: no Triton operation, no rows" % ", ".join(missing))
    supported = {}
    for op in ops:
        for ty in args.types:
            why = backend.probe(op, ty)
            supported[(op, ty)] = why is None
            if why is not None:
                out.line("# triton: %s %s unsupported: %s" % (op, ty, why))
    names = [VARIANT] + (["triton-copy"] if args.copy else []) + [name for name, _ in args.ptx]
    todo = [(op, ty, a, data, used) for ty in args.types for a in args.addresses for data in args.data
            for op in ops for used in args.used if supported[(op, ty)]]
    failed = 0
    base = {}
    group = None
    t_start = time.time()
    for k, (op, ty, a, data, used) in enumerate(todo):
        if group != (ty, a, data):
            # Host data shared by the cells of one (type, A, data).
            group = (ty, a, data)
            if data not in base:
                base[data] = bd.base_values(data, n)
            vals = {}
            refs = {}
            valueset = None
        cls = "add" if op in bd.ADD_OPS else "minmax"
        if cls not in vals:
            vals[cls] = bd.values(op, ty, a, data, n, base=base[data])
        if op not in refs:
            refs[op] = bd.reference_final(op, ty, a, vals[cls])
        key = (op, ty, a, data, used)
        try:
            res = backend.run_cells(op, ty, a, data, used, n, args.warmup, args.repeat, names)
        except Exception as e:
            traceback.print_exc(file=sys.stderr)
            out.line("# triton: ERROR %s %s %d %s %d: %s" % (op, ty, a, data, used, first_line(e)))
            for name in names:
                out.cell(key, None, n, args.repeat, None, "ERROR", name)
            failed += len(names)
            continue
        t0 = time.time()
        states = []
        for name in names:
            ms, mem, old = res[name]
            msg = bd.check_final(mem, refs[op])
            if msg is None and used:
                if cls == "minmax" and valueset is None and a < n:
                    valueset = bd.AddressValueSet(vals[cls], a)
                msg = bd.check_old(op, ty, a, vals[cls], refs[op], old, valueset if cls == "minmax" else None)
            med = statistics.median(ms)
            if msg is None and med > 0:
                gups = n / (med * 1e6)
                out.cell(key, gups, n, len(ms), med, "ok", name)
                states.append("%s %s" % (name, fmt_sig(gups)))
            else:
                if msg is None:
                    msg = "median time %r ms" % med
                out.line("# triton: BAD %s %s %d %s %d %s: %s" % (op, ty, a, data, used, name, msg))
                out.cell(key, None, n, len(ms), med, "BAD", name)
                failed += 1
                states.append("%s BAD" % name)
        log("[%d/%d] %s %s A=%d %s used=%d: %s Gupd/s (check %.1f s, %.0f s in all)" % (
            k + 1, len(todo), op, ty, a, data, used, ", ".join(states), time.time() - t0,
            time.time() - t_start))
    return failed


def main(argv=None, backend=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if backend is None:
        try:
            backend = TritonBackend(args.sleep_cycles, args.cold_mib)
        except RuntimeError as e:
            log("triton_bench: %s" % e)
            return 1
    try:
        for name, path in args.ptx:
            backend.load_ptx(name, path)
    except (RuntimeError, OSError) as e:
        log("triton_bench: %s" % e)
        return 1
    if args.selfcheck or not args.no_selfcheck:
        t0 = time.time()
        bad, count = selfcheck(backend, log)
        if bad:
            log("triton_bench: generator self-check FAILED: %d of %d arrays differ from numpy" % (bad, count))
            return 1
        log("triton_bench: generator self-check passed: %d arrays (4 data patterns x 3 types x "
            "not quantized and quantized for 4 address counts, N=%d) equal numpy bit for bit (%.1f s)"
            % (count, SELFCHECK_N, time.time() - t0))
        if args.selfcheck:
            return 0
    out = Output(args.out, args.cells, "-cold" if args.cold_mib else "")
    try:
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
        out.line("# %s, %s" % (now, backend.describe()))
        out.line("# command: %s; N=%d, warmup %d, repeat %d, sleep %d cycles, 256 threads a block%s" % (
            " ".join(["bench/triton_bench.py"] + (sys.argv[1:] if argv is None else list(argv))),
            args.n, args.warmup, args.repeat, args.sleep_cycles,
            ", cold L2 (%d MiB written before each launch)" % args.cold_mib if args.cold_mib else ""))
        out.line(HEADER)
        failed = run(args, backend, out)
    finally:
        out.close()
    if failed:
        log("triton_bench: %d cells failed (BAD or ERROR)" % failed)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
