#!/usr/bin/env python3
"""A small transformer training step in PyTorch: the real workload gpuroof's
Nsight Compute reading is tried on (cuBLAS GEMMs, cuDNN/flash attention
through scaled_dot_product_attention, layer norm, GELU, cross entropy,
fused AdamW), in bfloat16 autocast on the local GPU.

    python3 tools/torch-step.py [--steps N] [--profile-last]
    gpuroof ncu -o step.csv -- python3 tools/torch-step.py --steps 1
    ncu --profile-from-start off ... python3 tools/torch-step.py --profile-last

One warm-up step runs first; ncu profiles every launch, unless
--profile-last puts the last step alone between cudaProfilerStart and
cudaProfilerStop (torch.cuda.profiler), which ncu --profile-from-start off
profiles alone.  The loss is checked to be finite and to fall over the
steps, so a broken run is not recorded."""
import argparse
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

import torch_steps


class Block(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm(width)
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)
        self.norm2 = nn.LayerNorm(width)
        self.up = nn.Linear(width, 4 * width)
        self.down = nn.Linear(4 * width, width)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(self.norm1(x)).split(c, dim=2)
        shape = (b, t, self.heads, c // self.heads)
        q, k, v = (z.view(shape).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, c))
        return x + self.down(F.gelu(self.up(self.norm2(x))))


class Model(nn.Module):
    def __init__(self, vocab, width, heads, layers, context):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.position = nn.Embedding(context, width)
        self.blocks = nn.ModuleList(Block(width, heads) for _ in range(layers))
        self.norm = nn.LayerNorm(width)
        self.head = nn.Linear(width, vocab, bias=False)

    def forward(self, tokens):
        positions = torch.arange(tokens.shape[1], device=tokens.device)
        x = self.embed(tokens) + self.position(positions)
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2)
    torch_steps.add_arguments(parser)
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("torch-step: no CUDA GPU", file=sys.stderr)
        return 77
    torch.manual_seed(0)
    vocab, width, heads, layers, context, batch = 8192, 1024, 16, 2, 512, 8
    model = Model(vocab, width, heads, layers, context).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, fused=True)
    tokens = torch.randint(0, vocab, (batch, context + 1), device="cuda")
    def loss_of():
        logits = model(tokens[:, :-1])
        return F.cross_entropy(logits.float().view(-1, vocab), tokens[:, 1:].reshape(-1))

    if torch_steps.train("torch-step", args, 1, optimizer, loss_of) is None:  # one warm-up step
        return 1
    print(f"torch-step: {args.steps} step(s) of a {layers}-layer transformer, "
          f"width {width}, batch {batch}x{context}, bfloat16 autocast, on {torch.cuda.get_device_name()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
