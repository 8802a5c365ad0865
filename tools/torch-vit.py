#!/usr/bin/env python3
"""A vision-transformer training step in PyTorch: timm's ViT-S/16 (built
from its definition: no weights are downloaded) on a batch of random
images, in bfloat16 autocast, AdamW: the patch embedding, attention
(PyTorch's scaled dot-product attention), layer norms, GELU MLPs, cross
entropy and the optimizer's foreach kernels, a model no recording here
had before (gpuroof trace --ncu-plan was first tried on it).

    python3 tools/torch-vit.py [--steps N] [--batch B] [--trace FILE] [--profile-last]

Two warm-up steps run first; the loss is checked to be finite and to fall
over the steps (the same batch each step), so a broken run is not
recorded."""
import argparse
import sys

import torch
import torch.nn.functional as F

import torch_steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--batch", type=int, default=64)
    torch_steps.add_arguments(parser)
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("torch-vit: no CUDA GPU", file=sys.stderr)
        return 77
    import timm

    torch.manual_seed(0)
    classes, warmups = 1000, 2
    model = timm.create_model("vit_small_patch16_224", pretrained=False, num_classes=classes).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, foreach=True)
    images = torch.randn(args.batch, 3, 224, 224, device="cuda")
    labels = torch.randint(0, classes, (args.batch,), device="cuda")
    if torch_steps.train("torch-vit", args, warmups, optimizer, lambda: F.cross_entropy(model(images), labels)) is None:
        return 1
    print(f"torch-vit: {args.steps} step(s) of ViT-S/16 (timm {timm.__version__}), batch {args.batch}x3x224x224, "
          f"bfloat16 autocast, AdamW, on {torch.cuda.get_device_name()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
