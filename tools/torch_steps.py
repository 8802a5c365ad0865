"""What the PyTorch workloads of tools/ share: the options that pick which
step a profiler sees, and the context that puts that step alone in its
range.

--profile-last: the last step between cudaProfilerStart and cudaProfilerStop
(torch.cuda.profiler), which ncu --profile-from-start off profiles alone.
--trace FILE: the last step under torch.profiler (CPU and CUDA activities,
with shapes), exported as a Chrome trace (Kineto's JSON, what gpuroof trace
reads); FILE ending in .gz is compressed.  train(): the training loop each
workload runs, its losses checked."""
import contextlib
import gzip
import math
import os
import shutil
import sys
import tempfile

import torch


def add_arguments(parser):
    parser.add_argument("--profile-last", action="store_true",
                        help="the last step alone between cudaProfilerStart and cudaProfilerStop")
    parser.add_argument("--trace", metavar="FILE",
                        help="the last step under torch.profiler, exported as a Chrome trace (.json or .json.gz)")


def export_trace(prof, path):
    """prof's trace, as export_chrome_trace writes it, to path (gzip's where it ends in .gz)."""
    if not path.endswith(".gz"):
        prof.export_chrome_trace(path)
        return
    fd, plain = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        prof.export_chrome_trace(plain)
        with open(plain, "rb") as src, gzip.open(path, "wb") as dst:
            shutil.copyfileobj(src, dst)
    finally:
        os.unlink(plain)


@contextlib.contextmanager
def step_range(args, last):
    """The range a step runs in: the profiler's where it is the last one
    and an option asks for it, else none."""
    if not last or not (args.profile_last or args.trace):
        yield
        return
    torch.cuda.synchronize()
    if args.profile_last:
        torch.cuda.profiler.start()
        try:
            yield
        finally:
            torch.cuda.synchronize()
            torch.cuda.profiler.stop()
        return
    activities = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=activities, record_shapes=True) as prof:
        yield
        torch.cuda.synchronize()
    export_trace(prof, args.trace)


def train(name, args, warmups, optimizer, loss_of):
    """Runs warmups + args.steps training steps, each loss_of() (the
    forward pass and its loss) under bfloat16 autocast, then the backward
    pass and the optimizer's step; the last step in step_range.  Prints the
    losses; returns them, or None (said on standard error) where they are
    not finite or did not fall (the same batch each step), so that a broken
    run is not recorded."""
    losses = []
    for step in range(warmups + args.steps):
        with step_range(args, last=step == warmups + args.steps - 1):
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = loss_of()
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
        losses.append(loss.item())
    torch.cuda.synchronize()
    print(f"{name}: losses " + " ".join(f"{x:.4f}" for x in losses))
    if not all(math.isfinite(x) for x in losses) or losses[-1] >= losses[0]:
        print(f"{name}: the loss is not finite or did not fall", file=sys.stderr)
        return None
    return losses
