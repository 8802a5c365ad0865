# make_fleet DIR NODES PLANTS: results files of NODES hosts of 8 GPUs each,
# DIR/node-nNNN-gpuG.yaml, as `srun gpuroof measure --all-gpus -o
# DIR/node-%N-gpu%g.yaml` writes them: the first half H100s (from the
# committed plots/data/h100-sxm.yaml), the second H200s (from the two GPUs of
# plots/data/h200-x2-gpu*.yaml, in turn), each ceiling times 1 +- 3% of
# seeded noise, each file whole (kernels and all) as a measured one is.
# PLANTS: "NODE GPU KEY FACTOR" entries, a line each: that GPU's KEY times
# FACTOR, or left out where FACTOR is 0.  Sourced by tests/cli/fleet.sh and
# tests/bench/bench_fleet.sh; needs top_srcdir.
make_fleet() {
    _dir=$1 _nodes=$2 _plants=$3
    _half=$((_nodes / 2))
    mkdir -p "$_dir"
    _make_model "$_dir" 0 "$_half" 1 "$_plants" "$top_srcdir/plots/data/h100-sxm.yaml"
    _make_model "$_dir" "$_half" "$_nodes" 2 "$_plants" \
        "$top_srcdir/plots/data/h200-x2-gpu0.yaml" "$top_srcdir/plots/data/h200-x2-gpu1.yaml"
}

# _make_model DIR FIRST_NODE END_NODE SEED PLANTS BASE... : nodes FIRST to
# END-1, GPU g of each from BASE number g modulo their count.
_make_model() {
    _d=$1 _first=$2 _end=$3 _seed=$4 _p=$5
    shift 5
    awk -v dir="$_d" -v first="$_first" -v end="$_end" -v seed="$_seed" -v plants="$_p" '
        BEGIN {
            srand(seed)
            n = split(plants, lines, "\n")
            for (i = 1; i <= n; i++)
                if (split(lines[i], f, " ") == 4)
                    plant[f[1] " " f[2] " " f[3]] = f[4]
        }
        FNR == 1 { bases++; part = "head" }
        part == "head" && /^ceilings:/ { part = "ceilings"; text[bases, "head"] = text[bases, "head"] $0 "\n"; next }
        part == "ceilings" && /^[^ ]/ { part = "tail" }
        part == "ceilings" { count[bases]++; ceiling[bases, count[bases]] = $0; next }
        { text[bases, part] = text[bases, part] $0 "\n" }
        END {
            for (node = first; node < end; node++)
                for (g = 0; g < 8; g++)
                    write_gpu(node, g, 1 + g % bases)
        }
        function write_gpu(node, g, b,    file, head, i, line, key, value, factor) {
            file = sprintf("%s/node-n%03d-gpu%d.yaml", dir, node, g)
            head = text[b, "head"]
            sub(/\n  cuda_index: [0-9]+\n/, "\n  cuda_index: " g "\n", head)
            sub(/\n  pci_bus_id: [^\n]*\n/, sprintf("\n  pci_bus_id: \"0000:%02x:00.0\"\n", 16 + g), head)
            sub(/\n  uuid: [^\n]*\n/, sprintf("\n  uuid: GPU-%08d-0000-0000-0000-%012d\n", node, g), head)
            printf "%s", head > file
            for (i = 1; i <= count[b]; i++) {
                line = ceiling[b, i]
                key = line; sub(/^  /, "", key); sub(/:.*/, "", key)
                value = line; sub(/^[^:]*: /, "", value)
                factor = (node " " g " " key) in plant ? plant[node " " g " " key] : 1
                if (factor == 0)
                    continue
                printf "  %s: %.10g\n", key, value * factor * (1 + (2 * rand() - 1) * 0.03) > file
            }
            printf "%s", text[b, "tail"] > file
            close(file)
        }' "$@"
}
