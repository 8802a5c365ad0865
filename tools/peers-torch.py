#!/usr/bin/env python3
"""PyTorch's figures beside gpuroof's ceilings, for tools/peers: what a user's
own code reaches on the same GPU through the library everyone uses.

    python3 tools/peers-torch.py [--quick] -o torch.tsv
    python3 tools/peers-torch.py --dry-run -o torch.tsv   # no GPU: fake times

Matrix products (cuBLAS under torch.matmul; torch._scaled_mm for FP8) on
random data, n x n x n, each size timed the same way: 5 warm-up products,
then 20 timed back to back, each between its own pair of CUDA events; the
figure is 2 n^3 x 20 over the 20 times added (the mean rate, as the products
of a training step meet it), the fastest single product beside it in the
details.  FP16, BF16, TF32 and FP8 at n = 8192, 4096 and 16384; FP64 at 8192
and 4096 (16384 would take seconds a product).  Each size is a row of the
output; tools/peers-table.py keeps the best.  A product is checked before it
is recorded: a 4 x 4 corner against an FP64 product of the same inputs.

STREAM-like kernels over arrays of 2^28 FP32 elements (1 GiB each, twenty
times the L2 of an H100): copy (b.copy_(a), which PyTorch hands to
cudaMemcpyAsync), triad (torch.add(b, c, alpha=s, out=a)) and read (a.sum());
5 warm-up runs, then 20 timed, each between its own pair of CUDA events; the
figure is the bytes read plus written over the median time.

Output: one tab-separated row a figure, with a header line:
key (gpuroof's ceiling key), peer, figure, unit, details."""
import argparse
import math
import statistics
import sys
import time

WARMUP = 5
TIMED = 20
# gpuroof's key, PyTorch's name for the row, the element type's name
GEMMS = (
    ("tensor_fp16_gflops", "torch.matmul fp16", "float16"),
    ("tensor_bf16_gflops", "torch.matmul bf16", "bfloat16"),
    ("tensor_tf32_gflops", "torch.matmul tf32", "float32"),
    ("tensor_fp8_gflops", "torch._scaled_mm fp8 e4m3", "float8_e4m3fn"),
    ("tensor_fp64_gflops", "torch.matmul fp64", "float64"),
)
SIZES = (8192, 4096, 16384)
FP64_SIZES = (8192, 4096)
QUICK_SIZES = (8192,)
QUICK_FP64_SIZES = (4096,)
STREAM_ELEMENTS = 1 << 28
QUICK_STREAM_ELEMENTS = 1 << 26
# How far the checked corner may stray from the FP64 product, relative to
# the sum of |a||b| over the dot product (the error bound's scale): the
# inputs are rounded alike, so only the accumulation differs.
CHECK_TOLERANCE = {"float16": 1e-2, "bfloat16": 1e-2, "float32": 1e-2, "float8_e4m3fn": 1e-2, "float64": 1e-9}


def gemm_row(key, name, n, times_ms, extra):
    """The row of one size: the mean rate over the timed products."""
    flops = 2.0 * n * n * n
    total_s = sum(times_ms) / 1e3
    gflops = flops * len(times_ms) / total_s / 1e9
    best = flops / (min(times_ms) / 1e3) / 1e9
    details = f"n={n}; {len(times_ms)} timed after {WARMUP} warm-up, mean rate; fastest product {best:.0f} GFLOP/s"
    if extra:
        details += "; " + extra
    return (key, f"{name} n={n}", gflops, "GFLOP/s", details)


def stream_row(key, name, nbytes, times_ms, extra):
    """The row of one STREAM-like kernel: bytes over the median time."""
    median_ms = statistics.median(times_ms)
    gbs = nbytes / (median_ms / 1e3) / 1e9
    details = f"{nbytes / 2**30:.2f} GiB moved a run; median of {len(times_ms)} after {WARMUP} warm-up"
    if extra:
        details += "; " + extra
    return (key, name, gbs, "GB/s", details)


def write_rows(path, rows, notes, versions):
    lines = ["key\tpeer\tfigure\tunit\tdetails"]
    for key, peer, figure, unit, details in rows:
        if not (math.isfinite(figure) and figure > 0):
            notes.append(f"{peer}: no finite positive figure ({figure}); left out")
            continue
        lines.append(f"{key}\t{peer}\t{figure:.10g}\t{unit}\t{details}")
    lines += [f"#version\t{name}\t{version}" for name, version in versions]
    lines += [f"#note\t{note}" for note in notes]
    text = "\n".join(lines) + "\n"
    if path == "-":
        sys.stdout.write(text)
    else:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def made_up_times(ideal_ms):
    """The dry run's times: the ideal one, then slower by 1% x i^2, so that
    the mean (2.235 x the ideal), the median (1.905 x) and the fastest (1 x)
    all differ."""
    return [ideal_ms * (1 + 0.01 * i * i) for i in range(TIMED)]


def dry_rows(quick):
    """Rows from made-up times, through the same arithmetic: for tools/peers's
    test where there is no GPU.  The fastest product runs at 1000 TFLOP/s at
    n = 4096, 100 less each doubling of n; the fastest STREAM-like run at 1000
    GB/s."""
    rows = []
    for key, name, dtype in GEMMS:
        sizes = (QUICK_FP64_SIZES if quick else FP64_SIZES) if dtype == "float64" else (QUICK_SIZES if quick else SIZES)
        for n in sizes:
            tflops = 1000 - 100 * (n.bit_length() - 13)
            ideal_ms = 2.0 * n**3 / (tflops * 1e12) * 1e3
            rows.append(gemm_row(key, name, n, made_up_times(ideal_ms), "dry run: made-up times"))
    n = QUICK_STREAM_ELEMENTS if quick else STREAM_ELEMENTS
    for key, name, arrays, _ in stream_kernels():
        nbytes = arrays * 4 * n
        rows.append(stream_row(key, f"{name} 2^{n.bit_length() - 1}", nbytes, made_up_times(nbytes / 1e12 * 1e3),
                               "dry run: made-up times"))
    return rows


def stream_kernels():
    """gpuroof's key, the row's name, the arrays each run reads or writes,
    and which timed kernel it is."""
    return (
        ("dram_copy_gbs", "torch copy_ fp32", 2, "copy"),
        ("memcpy_d2d_gbs", "torch copy_ fp32", 2, "copy"),
        ("dram_triad_gbs", "torch add triad fp32", 3, "triad"),
        ("dram_read_gbs", "torch sum read fp32", 1, "read"),
    )


class Gpu:
    """The timing and the readings on the local GPU, through PyTorch."""

    def __init__(self, torch):
        self.torch = torch
        self.device = torch.device("cuda")

    def time_ms(self, fn):
        torch = self.torch
        for _ in range(WARMUP):
            fn()
        pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(TIMED)]
        for start, end in pairs:
            start.record()
            fn()
            end.record()
        torch.cuda.synchronize()
        return [start.elapsed_time(end) for start, end in pairs]

    def readings(self):
        """The SM clock and the power just after a timed set, where PyTorch
        can read them (through NVML)."""
        torch = self.torch
        said = []
        try:
            said.append(f"SM clock after {torch.cuda.clock_rate()} MHz")
        except Exception:  # noqa: BLE001 - NVML absent: the figure stands without it
            pass
        try:
            said.append(f"power after {torch.cuda.power_draw() / 1000:.0f} W")
        except Exception:  # noqa: BLE001
            pass
        return "; ".join(said)

    def operands(self, dtype_name, n):
        torch = self.torch
        if dtype_name == "float8_e4m3fn":
            a = torch.randn(n, n, device=self.device).to(torch.float8_e4m3fn)
            # _scaled_mm wants its second operand column-major: the transpose
            # of a row-major matrix
            b = torch.randn(n, n, device=self.device).to(torch.float8_e4m3fn).t()
            one = torch.tensor(1.0, device=self.device)

            def product():
                return torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16, use_fast_accum=True)

            return a, b, product
        dtype = getattr(torch, dtype_name)
        a = torch.randn(n, n, device=self.device, dtype=dtype)
        b = torch.randn(n, n, device=self.device, dtype=dtype)
        return a, b, lambda: torch.matmul(a, b)

    def check_corner(self, dtype_name, a, b, c):
        """The 4 x 4 corner of c against the FP64 product of the same
        (rounded) inputs; an error message, or None."""
        a4 = a[:4].double()
        b4 = b[:, :4].double()
        want = a4 @ b4
        scale = a4.abs() @ b4.abs()
        worst = ((c[:4, :4].double() - want).abs() / scale).max().item()
        if not math.isfinite(worst) or worst > CHECK_TOLERANCE[dtype_name]:
            return f"corner check failed: relative error {worst:.3g}"
        return None

    def gemm(self, key, name, dtype_name, n, notes):
        torch = self.torch
        a, b, product = self.operands(dtype_name, n)
        problem = self.check_corner(dtype_name, a, b, product())
        if problem:
            notes.append(f"{name} n={n}: {problem}; not recorded")
            return None
        times = self.time_ms(product)
        row = gemm_row(key, name, n, times, self.readings())
        del a, b
        torch.cuda.empty_cache()
        return row

    def stream(self, elements, notes):
        torch = self.torch
        a = torch.rand(elements, device=self.device)
        b = torch.rand(elements, device=self.device)
        c = torch.rand(elements, device=self.device)
        scalar = 0.4
        rows = []
        copy_ms = self.time_ms(lambda: b.copy_(a))
        every = 1 << 16  # the elements checked: one in 65536
        if not torch.equal(a[::every], b[::every]):
            notes.append("torch copy_: b differs from a; not recorded")
            copy_ms = None
        triad_ms = self.time_ms(lambda: torch.add(b, c, alpha=scalar, out=a))
        if not torch.allclose(a[::every], b[::every] + scalar * c[::every]):
            notes.append("torch add triad: a differs from b + s c; not recorded")
            triad_ms = None
        sums = []
        read_ms = self.time_ms(lambda: sums.append(a.sum()))
        want = a.double().sum().item()
        if not math.isclose(sums[-1].item(), want, rel_tol=1e-3):
            notes.append(f"torch sum read: {sums[-1].item()} against {want}; not recorded")
            read_ms = None
        times = {"copy": copy_ms, "triad": triad_ms, "read": read_ms}
        for key, name, arrays, which in stream_kernels():
            if times[which]:
                rows.append(stream_row(key, f"{name} 2^{elements.bit_length() - 1}", arrays * 4 * elements, times[which], ""))
        del a, b, c
        torch.cuda.empty_cache()
        return rows


def set_tf32(torch):
    """TF32 tensor math for FP32 products: the newer setting where PyTorch
    has it, else allow_tf32; what was set, in words."""
    matmul = torch.backends.cuda.matmul
    try:
        matmul.fp32_precision = "tf32"
        return "torch.backends.cuda.matmul.fp32_precision = 'tf32'"
    except Exception:  # noqa: BLE001 - an older PyTorch: the older setting
        matmul.allow_tf32 = True
        return "torch.backends.cuda.matmul.allow_tf32 = True"


def gpu_rows(quick, notes, versions):
    try:
        import torch
    except Exception as e:  # noqa: BLE001 - absent torch is a note, not a failure
        notes.append(f"torch: not importable ({e})")
        return []
    if not torch.cuda.is_available():
        notes.append(f"torch {torch.__version__}: no CUDA device")
        return []
    versions.append(("torch", f"{torch.__version__} (CUDA {torch.version.cuda}), on {torch.cuda.get_device_name()}"))
    notes.append(
        f"torch: its defaults but TF32 for the FP32 products ({set_tf32(torch)}); FP16 reduced-precision reduction "
        f"{torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction}"
    )
    gpu = Gpu(torch)
    rows = []
    for key, name, dtype in GEMMS:
        sizes = (QUICK_FP64_SIZES if quick else FP64_SIZES) if dtype == "float64" else (QUICK_SIZES if quick else SIZES)
        for n in sizes:
            started = time.monotonic()
            try:
                row = gpu.gemm(key, name, dtype, n, notes)
            except Exception as e:  # noqa: BLE001 - one size failing leaves the others
                notes.append(f"{name} n={n}: failed ({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''})")
                torch.cuda.empty_cache()
                continue
            if row:
                rows.append(row)
                print(f"peers-torch: {row[1]}: {row[2]:.0f} {row[3]} ({time.monotonic() - started:.1f} s)", file=sys.stderr)
    try:
        rows += gpu.stream(QUICK_STREAM_ELEMENTS if quick else STREAM_ELEMENTS, notes)
    except Exception as e:  # noqa: BLE001
        notes.append(f"torch STREAM-like kernels: failed ({type(e).__name__}: {e})")
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", required=True, help="the TSV to write (- for stdout)")
    parser.add_argument("--quick", action="store_true", help="one size a precision, smaller arrays")
    parser.add_argument("--dry-run", action="store_true", help="no GPU: rows from made-up times")
    args = parser.parse_args()
    notes, versions = [], []
    rows = dry_rows(args.quick) if args.dry_run else gpu_rows(args.quick, notes, versions)
    write_rows(args.output, rows, notes, versions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
