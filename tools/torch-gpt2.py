#!/usr/bin/env python3
"""A GPT-2 training step with Hugging Face transformers (GPT2LMHeadModel built
from a GPT2Config: nothing is downloaded), in bfloat16 autocast with fused
AdamW, at a vocabulary of --vocab tokens: GPT-2's own 50257, which is no
multiple of 8, or 50304, the next multiple of 64.  The same program at the
two sizes is a real pair: the language-model head's GEMMs change kernels
(cuBLAS picks Turing-era align1 kernels for an odd leading dimension).

    python3 tools/torch-gpt2.py [--vocab V] [--layers L] [--steps N] [--profile-last] [--time REPS]
    ncu --profile-from-start off ... python3 tools/torch-gpt2.py --vocab 50257 --profile-last

Two warm-up steps run first; with --profile-last the last step alone runs
between cudaProfilerStart and cudaProfilerStop (torch.cuda.profiler), which
ncu --profile-from-start off profiles alone.  --time REPS then times REPS
more steps, each between its own pair of CUDA events, and prints their
median, fastest and slowest.  The loss is checked to be finite and to fall
over the steps (the same batch each step)."""
import argparse
import math
import statistics
import sys

import torch

import torch_steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vocab", type=int, default=50257)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--context", type=int, default=512)
    parser.add_argument("--steps", type=int, default=1)
    torch_steps.add_arguments(parser)
    parser.add_argument("--time", type=int, default=0, metavar="REPS", help="time REPS more steps")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("torch-gpt2: no CUDA GPU", file=sys.stderr)
        return 77
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    config = GPT2Config(vocab_size=args.vocab, n_positions=1024, n_embd=768, n_layer=args.layers, n_head=12)
    model = GPT2LMHeadModel(config).cuda()
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, fused=True)
    tokens = torch.randint(0, args.vocab, (args.batch, args.context), device="cuda")
    warmups = 2

    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(input_ids=tokens, labels=tokens).loss
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        return loss

    losses = []
    for i in range(warmups + args.steps):
        with torch_steps.step_range(args, last=i == warmups + args.steps - 1):
            loss = step()
        losses.append(loss.item())
    times_ms = []
    for _ in range(args.time):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        loss = step()
        stop.record()
        stop.synchronize()
        times_ms.append(start.elapsed_time(stop))
        losses.append(loss.item())
    torch.cuda.synchronize()
    print("torch-gpt2: losses " + " ".join(f"{x:.4f}" for x in losses))
    if not all(math.isfinite(x) for x in losses) or losses[-1] >= losses[0]:
        print("torch-gpt2: the loss is not finite or did not fall", file=sys.stderr)
        return 1
    if times_ms:
        print(f"torch-gpt2: step vocab={args.vocab} median_ms={statistics.median(times_ms):.4f} "
              f"min_ms={min(times_ms):.4f} max_ms={max(times_ms):.4f} reps={len(times_ms)}")
    print(f"torch-gpt2: {args.steps + args.time} step(s) of GPT-2 ({args.layers} layers, width 768, vocabulary "
          f"{args.vocab}), batch {args.batch}x{args.context}, bfloat16 autocast, fused AdamW, on "
          f"{torch.cuda.get_device_name()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
