#!/usr/bin/env python3
"""The ranks of a data-parallel training job, each writing its own
torch.profiler trace: what `gpuroof trace FILE...` and `--compare` read.
A 4-layer transformer encoder (width 1024, batch 8 x 512 a rank, bfloat16
autocast, AdamW) under DistributedDataParallel; run by torchrun, one
process a rank:

    python3 -m torch.distributed.run --nproc_per_node 2 tools/torch-ddp.py --trace-dir DIR [--slow-rank R --slow-ms MS]

Each rank traces its last step into DIR/rank-R.json.gz.  --slow-rank makes
one rank a straggler of a real kind: its host sleeps MS milliseconds
before each backward pass (a data loader or a logger that stalls), so its
GPU waits for the host and the other ranks wait for it at the gradients'
all-reduce.  The backend is NCCL where each rank has a GPU of its own,
else gloo (two ranks sharing one GPU, which NCCL refuses).  Two warm-up
steps run first; the loss is checked to be finite and to fall."""
import argparse
import math
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

import torch_steps


def step(model, optimizer, tokens, labels, slow_s):
    with torch.autocast("cuda", dtype=torch.bfloat16):
        out = model(tokens)
        loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), labels.reshape(-1))
    if slow_s:
        time.sleep(slow_s)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
    return loss


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace-dir", required=True)
    parser.add_argument("--steps", type=int, default=1)
    parser.add_argument("--slow-rank", type=int, default=-1)
    parser.add_argument("--slow-ms", type=float, default=0)
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("torch-ddp: no CUDA GPU", file=sys.stderr)
        return 77
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    device = rank % torch.cuda.device_count()
    torch.cuda.set_device(device)
    backend = "nccl" if torch.cuda.device_count() >= world else "gloo"
    dist.init_process_group(backend)
    torch.manual_seed(0)
    width, vocab = 1024, 8192
    layer = nn.TransformerEncoderLayer(width, 16, 4 * width, batch_first=True, norm_first=True)
    model = nn.Sequential(nn.Embedding(vocab, width), nn.TransformerEncoder(layer, 4), nn.Linear(width, vocab))
    model = nn.parallel.DistributedDataParallel(model.cuda())
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, foreach=True)
    tokens = torch.randint(0, vocab, (8, 512), device="cuda", generator=None)
    labels = torch.roll(tokens, -1, dims=1)
    slow_s = args.slow_ms / 1000 if rank == args.slow_rank else 0
    losses, warmups = [], 2
    for i in range(warmups + args.steps):
        if i < warmups + args.steps - 1:
            losses.append(step(model, optimizer, tokens, labels, slow_s).item())
            continue
        torch.cuda.synchronize()
        dist.barrier()
        activities = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
        with torch.profiler.profile(activities=activities) as prof:
            losses.append(step(model, optimizer, tokens, labels, slow_s).item())
            torch.cuda.synchronize()
        torch_steps.export_trace(prof, os.path.join(args.trace_dir, f"rank-{rank}.json.gz"))
    print(f"torch-ddp: rank {rank} of {world} ({backend}, GPU {device}), losses " + " ".join(f"{x:.4f}" for x in losses))
    dist.destroy_process_group()
    if not all(math.isfinite(x) for x in losses) or losses[-1] >= losses[0]:
        print("torch-ddp: the loss is not finite or did not fall", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
