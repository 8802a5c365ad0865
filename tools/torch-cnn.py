#!/usr/bin/env python3
"""A CNN training step in PyTorch: ResNet-18 (torchvision's, built from its
definition: no weights are downloaded) on a batch of random images, in
bfloat16 autocast, channels-last, SGD with momentum: cuDNN convolutions,
batch norm, ReLU, pooling, cross entropy and the optimizer's foreach
kernels, the real workload of an image model.

    python3 tools/torch-cnn.py [--steps N] [--batch B] [--profile-last]
    gpuroof ncu -o cnn.csv -- python3 tools/torch-cnn.py --steps 1
    ncu --profile-from-start off ... python3 tools/torch-cnn.py --profile-last

Two warm-up steps run first (cuDNN picks its algorithms there); with
--profile-last the last step alone runs between cudaProfilerStart and
cudaProfilerStop (torch.cuda.profiler), which ncu --profile-from-start off
profiles alone.  The loss is checked to be finite and to fall over the
steps (the same batch each step), so a broken run is not recorded."""
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
        print("torch-cnn: no CUDA GPU", file=sys.stderr)
        return 77
    import torchvision

    torch.manual_seed(0)
    classes, warmups = 1000, 2
    model = torchvision.models.resnet18(weights=None, num_classes=classes)
    model = model.cuda().to(memory_format=torch.channels_last)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, foreach=True)
    images = torch.randn(args.batch, 3, 224, 224, device="cuda").to(memory_format=torch.channels_last)
    labels = torch.randint(0, classes, (args.batch,), device="cuda")
    if torch_steps.train("torch-cnn", args, warmups, optimizer, lambda: F.cross_entropy(model(images), labels)) is None:
        return 1
    print(f"torch-cnn: {args.steps} step(s) of ResNet-18, batch {args.batch}x3x224x224, channels-last, "
          f"bfloat16 autocast, SGD with momentum, on {torch.cuda.get_device_name()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
