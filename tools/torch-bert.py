#!/usr/bin/env python3
"""A BERT training step in PyTorch: a masked-language-model encoder
(transformers' BertForMaskedLM built from a config: BERT-base's width,
4 layers; no weights are downloaded) on a batch of random tokens, in
bfloat16 autocast, AdamW: cuBLAS GEMMs, PyTorch's scaled-dot-product
attention, GELU, layer norm, the vocabulary's cross entropy and the
optimizer's foreach kernels.  A workload none of gpuroof's rules were
tuned on.

    python3 tools/torch-bert.py [--steps N] [--batch B] [--profile-last]
    tools/record-torch src/gpuroof OUT bert tools/torch-bert.py --steps 1

Two warm-up steps run first; with --profile-last the last step alone runs
between cudaProfilerStart and cudaProfilerStop.  The loss is checked to be
finite and to fall over the steps (the same batch each step), so a broken
run is not recorded."""
import argparse
import sys

import torch

import torch_steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--context", type=int, default=256)
    parser.add_argument("--layers", type=int, default=4)
    torch_steps.add_arguments(parser)
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("torch-bert: no CUDA GPU", file=sys.stderr)
        return 77
    import transformers

    torch.manual_seed(0)
    warmups = 2
    config = transformers.BertConfig(num_hidden_layers=args.layers, attn_implementation="sdpa")
    model = transformers.BertForMaskedLM(config).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, foreach=True)
    tokens = torch.randint(0, config.vocab_size, (args.batch, args.context), device="cuda")
    labels = tokens.clone()
    labels[torch.rand(labels.shape, device="cuda") > 0.15] = -100  # predict 15% of the tokens
    if torch_steps.train("torch-bert", args, warmups, optimizer, lambda: model(input_ids=tokens, labels=labels).loss) is None:
        return 1
    print(f"torch-bert: {args.steps} step(s) of a {args.layers}-layer BERT-base MLM, batch {args.batch}x{args.context}, "
          f"bfloat16 autocast, AdamW, on {torch.cuda.get_device_name()}, transformers {transformers.__version__}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
