#!/usr/bin/env python3
"""The transformer training step of tools/torch-step.py, compiled with
torch.compile (TorchInductor): the elementwise, normalisation and softmax
work fused into Triton kernels that Inductor writes, the GEMMs left to
cuBLAS, cuDNN's attention; the optimizer (fused AdamW) runs eagerly.  The
kernels of the run are code nobody here wrote, generated on the machine.

    python3 tools/torch-compiled.py [--steps N] [--profile-last]
    ncu --profile-from-start off ... python3 tools/torch-compiled.py --profile-last

The first steps compile (tens of seconds) and warm up; with --profile-last
the last step alone runs between cudaProfilerStart and cudaProfilerStop
(torch.cuda.profiler), which ncu --profile-from-start off profiles alone.
The loss is checked to be finite and to fall over the steps."""
import argparse
import importlib.util
import os
import sys

import torch
import torch.nn.functional as F

import torch_steps


def step_module():
    """tools/torch-step.py, whose file name is no module name."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch-step.py")
    spec = importlib.util.spec_from_file_location("torch_step", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2)
    torch_steps.add_arguments(parser)
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("torch-compiled: no CUDA GPU", file=sys.stderr)
        return 77
    torch.manual_seed(0)
    vocab, width, heads, layers, context, batch, warmups = 8192, 1024, 16, 2, 512, 8, 2
    model = step_module().Model(vocab, width, heads, layers, context).cuda()
    compiled = torch.compile(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, fused=True)
    tokens = torch.randint(0, vocab, (batch, context + 1), device="cuda")
    def loss_of():
        logits = compiled(tokens[:, :-1])
        return F.cross_entropy(logits.float().view(-1, vocab), tokens[:, 1:].reshape(-1))

    if torch_steps.train("torch-compiled", args, warmups, optimizer, loss_of) is None:
        return 1
    print(f"torch-compiled: {args.steps} step(s) of a {layers}-layer transformer under torch.compile, "
          f"width {width}, batch {batch}x{context}, bfloat16 autocast, on {torch.cuda.get_device_name()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
