#!/usr/bin/env python3
"""gpuroof's measured ceilings beside its peers' figures from the same run:
the table tools/peers writes.

    python3 tools/peers-table.py --results gpuroof.yaml --logs LOGDIR \\
        -o peers.txt --tsv peers.tsv

LOGDIR holds what tools/peers gathered: torch.tsv (tools/peers-torch.py),
each peer's output as it printed it (babelstream-fp64.out,
babelstream-fp32.out, mixbench.out, gpu-stream.out, gpu-l2-cache.out,
gpu-latency.out, cuda-memcpy.out), status.tsv (each step: peer, what became
of it, seconds, a detail), versions.tsv (peer, version) and env.tsv (what,
value).  Any of them may be absent; a peer with no readable figure is a
note, never a failure.

peers.txt: one row a gpuroof ceiling that has a peer: gpuroof's key (as in
the results file's `ceilings:` section), gpuroof's figure, the SM clock and
the board's power gpuroof read while it ran (its `ceiling_spread` row; "-"
where none), the best peer's
figure and name, and gpuroof's over the peer's, cut (not rounded) to two
decimals, so that 1.00 means at least the peer's; then whether every ratio
is at least 1.00.  A key with "sustained" in its name (the rate after the
clock has settled under load) is shown beside the others and not held to
1.00.  The latencies gpu-latency gives follow, beside gpuroof's (a floor:
gpuroof's at most the peer's), outside the verdict.
peers.tsv: every peer figure, one a row, not only the best.

Reads the results file without PyYAML: its top-level sections as flat
mappings of `  key: value` lines, which is how gpuroof writes them."""
import argparse
import math
import os
import re
import sys

LOG_BYTES_MAX = 16 << 20  # a peer's output past this is not read: no peer prints a tenth of it
# gpuroof's ceilings that have peers, in the table's order
CEILING_ORDER = (
    "dram_read_gbs", "dram_write_gbs", "dram_copy_gbs", "dram_triad_gbs", "memcpy_d2d_gbs", "l2_gbs",
    "fp32_gflops", "fp64_gflops", "fp16_gflops", "bf16_gflops",
    "tensor_fp16_gflops", "tensor_bf16_gflops", "tensor_tf32_gflops", "tensor_fp8_gflops", "tensor_fp64_gflops",
)
UNITS = {"gbs": "GB/s", "gflops": "GFLOP/s"}
# gpuroof's latency keys (the results file's latency: section) and gpu-latency's footprint rule for each
LATENCY_ORDER = ("l1_ns", "l2_near_ns", "dram_ns")
NO_CEILING = "-"  # the key of a peer figure gpuroof has no ceiling for


class Figure:
    """One peer figure: the gpuroof key it stands beside, the peer's name,
    the figure, its unit and how it was had."""

    def __init__(self, key, peer, value, unit, details=""):
        self.key, self.peer, self.value, self.unit, self.details = key, peer, value, unit, details


def read_text(path):
    """A file's text (at most LOG_BYTES_MAX), or None where it cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read(LOG_BYTES_MAX)
    except OSError:
        return None
    return data.decode("utf-8", errors="replace")


def number(text):
    """A finite float, or None."""
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


# ---- gpuroof's results file

def results_sections(text):
    """The top-level sections of a results file as {section: {key: text}}:
    only the `  key: value` lines indented by two spaces; lists, deeper
    lines and continuations are left out."""
    sections = {}
    current = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        top = re.match(r"^([A-Za-z_][A-Za-z0-9_]*):\s*(.*)$", line)
        if top:
            current = sections.setdefault(top.group(1), {})
            continue
        pair = re.match(r"^  ([A-Za-z_][A-Za-z0-9_]*):\s*(.*?)\s*$", line)
        if pair and current is not None:
            current[pair.group(1)] = unquoted(pair.group(2))
    return sections


def unquoted(value):
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def read_results(path, notes):
    """The sections of gpuroof's results file ({} where it cannot be read,
    with a note)."""
    if not path:
        notes.append("gpuroof: no results file given")
        return {}
    text = read_text(path)
    if text is None:
        notes.append(f"gpuroof: {path} could not be read")
        return {}
    sections = results_sections(text)
    if "ceilings" not in sections:
        notes.append(f"gpuroof: {path} has no ceilings: section")
    for key, value in sections.get("ceilings", {}).items():
        if number(value) is None:
            notes.append(f"gpuroof: ceilings.{key} in {path} is not a number ({value[:40]}); left out")
    return sections


def spread_rows(text):
    """ceiling_spread's rows as {ceiling: {key: number}}: each row a flow
    mapping `- {ceiling: KEY, low: ..., sm_clock_mhz: ..., power_w: ...}`,
    which the writer may fold onto indented lines that follow it."""
    rows, in_list, row = {}, False, ""
    for line in (text or "").splitlines():
        if re.match(r"^[A-Za-z_]", line):
            in_list = line.startswith("ceiling_spread:")
            continue
        if not in_list:
            continue
        row = line.strip()[1:].strip() if line.startswith("- ") else row + " " + line.strip()
        if row.startswith("{") and row.endswith("}"):
            pairs = dict(re.findall(r"([a-z_]+):\s*([^,}]+)", row[1:-1]))
            if "ceiling" in pairs:
                rows[pairs.pop("ceiling").strip()] = {k: number(v) for k, v in pairs.items()}
            row = ""
    return rows


def numbers_of(section):
    return {k: number(v) for k, v in section.items() if number(v) is not None}


# ---- the peers' outputs

def parse_torch(text, notes, versions):
    figures = []
    for line in text.splitlines():
        fields = line.split("\t")
        if fields[0] == "#note" and len(fields) > 1:
            notes.append(fields[1])
        elif fields[0] == "#version" and len(fields) > 2:
            versions.append((fields[1], fields[2]))
        elif len(fields) >= 4 and fields[0] != "key" and number(fields[2]) is not None:
            figures.append(Figure(fields[0], fields[1], number(fields[2]), fields[3], "\t".join(fields[4:])))
    return figures


BABEL_KEYS = {"Copy": "dram_copy_gbs", "Mul": "dram_copy_gbs", "Add": "dram_triad_gbs",
              "Triad": "dram_triad_gbs", "Dot": "dram_read_gbs"}
BABEL_UNITS_GB = {"MB": 1e-3, "GB": 1.0, "TB": 1e3, "MiB": 2**20 / 1e9, "GiB": 2**30 / 1e9, "TiB": 2**40 / 1e9}


def parse_babelstream(text, precision):
    """BabelStream --csv: its header line names the unit of its max_*_per_sec
    column; each kernel's figure is BabelStream's own, from its fastest run
    (the first ignored)."""
    figures = []
    columns = None
    for line in text.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if fields[0] == "function":
            columns = fields
            continue
        if not columns or len(fields) != len(columns) or fields[0] not in BABEL_KEYS:
            continue
        row = dict(zip(columns, fields))
        rate_column = next((c for c in columns if re.fullmatch(r"max_\w+_per_sec", c)), None)
        unit = rate_column[4:-8] if rate_column else None
        rate = number(row.get(rate_column))
        if rate is None or unit not in BABEL_UNITS_GB:
            continue
        details = f"{row.get('n_elements')} elements of {row.get('sizeof')} B, fastest of {row.get('num_times')} (the first left out)"
        figures.append(Figure(BABEL_KEYS[fields[0]], f"BabelStream {fields[0].lower()} {precision}",
                              rate * BABEL_UNITS_GB[unit], "GB/s", details))
    return figures


# mixbench's CSV: compute iterations, then four groups (SP, DP, HP, int) of Flops/byte, time, GFLOPS, GB/s
MIXBENCH_GROUPS = (("fp32_gflops", "mixbench sp", 3), ("fp64_gflops", "mixbench dp", 7),
                   ("fp16_gflops", "mixbench hp (half2)", 11), (NO_CEILING, "mixbench int", 15))


def parse_mixbench(text):
    best = {}
    in_csv = False
    for line in text.splitlines():
        if "CSV data" in line:
            in_csv = True
            continue
        fields = [f.strip() for f in line.split(",")]
        if not in_csv or len(fields) != 17 or not fields[0].isdigit():
            continue
        for key, name, column in MIXBENCH_GROUPS:
            rate = number(fields[column])
            if rate is not None and rate > best.get(name, (0, ""))[0]:
                best[name] = (rate, fields[0])
    figures = []
    for key, name, _ in MIXBENCH_GROUPS:
        if name in best:
            unit = "GIOP/s" if key == NO_CEILING else "GFLOP/s"
            figures.append(Figure(key, name, best[name][0], unit,
                                  f"best over its compute-iteration sweep, at {best[name][1]} iterations"))
    return figures


# gpu-stream's columns after "GB/s:", each kernel's streams as it counts them
GPU_STREAM_COLUMNS = (("dram_write_gbs", "init"), ("dram_read_gbs", "read"), ("dram_copy_gbs", "scale"),
                      ("dram_triad_gbs", "triad"), ("dram_copy_gbs", "3pt stencil"), ("dram_copy_gbs", "5pt stencil"))


def parse_gpu_stream(text):
    best = {}
    for line in text.splitlines():
        head, sep, tail = line.partition("GB/s:")
        if not sep or not head.split() or not head.split()[0].isdigit():
            continue
        rates = [number(v) for v in tail.split()]
        for (key, name), rate in zip(GPU_STREAM_COLUMNS, rates):
            if rate is not None and rate > best.get(name, (0, ""))[0]:
                best[name] = (rate, head.split()[0])
    return [Figure(key, f"gpu-stream {name}", best[name][0], "GB/s",
                   f"best over block sizes, at {best[name][1]} threads a block, 2 blocks an SM")
            for key, name in GPU_STREAM_COLUMNS if name in best]


L2_ROW = re.compile(r"^\s*(\d+) kB\s+(\d+) kB\s+\d+ms\s+[\d.]+%\s+([\d.]+) GB/s")


def parse_gpu_l2(text):
    best = None
    for line in text.splitlines():
        row = L2_ROW.match(line)
        if row and (best is None or float(row.group(3)) > best[0]):
            best = (float(row.group(3)), row.group(2))
    if best is None:
        return []
    return [Figure("l2_gbs", "gpu-l2-cache", best[0], "GB/s",
                   f"best over its data sets, at {best[1]} kB (512 kB a block)")]


LATENCY_ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s*$")


def latency_rows(text):
    """gpu-latency's rows as (footprint bytes, ns a load): its time over its
    chase's loads, which needs no clock reading."""
    rows = []
    for line in text.splitlines():
        row = LATENCY_ROW.match(line)
        if row and int(row.group(1)) > 0:
            rows.append((int(row.group(3)) * 1024, float(row.group(4)) * 1e6 / int(row.group(1))))
    return rows


def parse_gpu_latency(text, l2_bytes):
    """The lowest latency over the footprints of each level: L1 at most 32
    KiB; the L2 from 1 MiB to half the L2; DRAM from twice the L2 on."""
    rows = latency_rows(text)
    levels = (("latency.l1_ns", "L1", 0, 32 << 10), ("latency.l2_near_ns", "L2", 1 << 20, l2_bytes // 2),
              ("latency.dram_ns", "DRAM", 2 * l2_bytes, float("inf")))
    figures = []
    for key, level, low, high in levels:
        inside = [(ns, size) for size, ns in rows if low <= size <= high]
        if inside:
            ns, size = min(inside)
            figures.append(Figure(key, f"gpu-latency {level}", ns, "ns",
                                  f"lowest over footprints {low >> 10} kB to {'the end' if high == float('inf') else str(int(high) >> 10) + ' kB'}, at {size >> 10} kB"))
    return figures


MEMCPY_ROW = re.compile(r"Device:\s*(\d+)\s+(\d+)kB\s+[\d.]+ms\s+([\d.]+)GB/s")


def parse_cuda_memcpy(text):
    best = None
    for line in text.splitlines():
        row = MEMCPY_ROW.search(line)
        if row and row.group(1) == "0" and (best is None or float(row.group(3)) > best[0]):
            best = (float(row.group(3)), int(row.group(2)))
    if best is None:
        return []
    return [Figure(NO_CEILING, "cuda-memcpy host to device", best[0], "GB/s",
                   f"best over transfer sizes, at {best[1] >> 10} MiB; gpuroof measures no host link")]


def peer_figures(logs, l2_bytes, notes, versions):
    """Every figure the logs hold, and the names of the logs that held none."""
    readers = (
        ("torch.tsv", "torch", lambda t: parse_torch(t, notes, versions)),
        ("babelstream-fp64.out", "BabelStream fp64", lambda t: parse_babelstream(t, "fp64")),
        ("babelstream-fp32.out", "BabelStream fp32", lambda t: parse_babelstream(t, "fp32")),
        ("mixbench.out", "mixbench", parse_mixbench),
        ("gpu-stream.out", "gpu-stream", parse_gpu_stream),
        ("gpu-l2-cache.out", "gpu-l2-cache", parse_gpu_l2),
        ("gpu-latency.out", "gpu-latency", lambda t: parse_gpu_latency(t, l2_bytes)),
        ("cuda-memcpy.out", "cuda-memcpy", parse_cuda_memcpy),
    )
    figures, empty = [], []
    for name, peer, parse in readers:
        text = read_text(os.path.join(logs, name)) if logs else None
        if text is None:
            continue
        found = parse(text)
        figures += found
        if not found:
            empty.append(peer)
    return figures, empty


# ---- the table

def cut2(ratio):
    """A ratio cut to two decimals: 0.999 is 0.99, never 1.00."""
    return math.floor(ratio * 100 + 1e-9) / 100


def held(key):
    return "sustained" not in key


def ceiling_keys(ceilings, figures):
    """The rows: each key of CEILING_ORDER a peer stands beside, each
    followed by gpuroof's variants of it (burst, sustained) where the
    results file has them; then any other key a peer named."""
    peered = {f.key for f in figures if f.key != NO_CEILING and not f.key.startswith("latency.")}
    keys = []
    for base in CEILING_ORDER:
        if base not in peered:
            continue
        keys.append(base)
        stem, _, unit = base.rpartition("_")
        keys += sorted(k for k in ceilings if k != base and k.startswith(stem + "_") and k.endswith("_" + unit)
                       and "theoretical" not in k and ("burst" in k or "sustained" in k))
    keys += sorted(peered - set(CEILING_ORDER))
    return keys


def base_key(key):
    """The key peers are filed under: a burst or sustained variant's base."""
    return re.sub(r"_(burst|sustained)(?=_[a-z]+$)", "", key)


def best_of(figures, key):
    mine = [f for f in figures if f.key == base_key(key)]
    return max(mine, key=lambda f: f.value) if mine else None


def table_rows(ceilings, figures):
    """(key, gpuroof figure or None, best Figure, ratio or None) a row."""
    rows = []
    for key in ceiling_keys(ceilings, figures):
        best = best_of(figures, key)
        mine = ceilings.get(key)
        ratio = cut2(mine / best.value) if mine is not None and best.value > 0 else None
        rows.append((key, mine, best, ratio))
    return rows


def verdict(rows):
    compared = [(k, r) for k, _, _, r in rows if r is not None and held(k)]
    below = [f"{k} {r:.2f}" for k, r in compared if r < 1.0]
    missing = [k for k, mine, _, _ in rows if mine is None]
    if not compared:
        line = "every ratio at least 1.00: nothing to compare (no gpuroof figure beside a peer's)"
    elif below:
        line = f"every ratio at least 1.00: no ({len(below)} of {len(compared)} below: {', '.join(below)})"
    else:
        line = f"every ratio at least 1.00: yes ({len(compared)} ceilings)"
    if missing:
        line += f"; no gpuroof figure for {', '.join(missing)}"
    return line


def whole(value):
    return f"{value:.0f}" if value is not None else "-"


def clock_text(spread):
    """The SM clock (MHz) and the board's power (W) gpuroof read while its
    figure ran: "1965  218", or "-     -"."""
    mhz, watts = (spread or {}).get("sm_clock_mhz"), (spread or {}).get("power_w")
    return f"{whole(mhz) if mhz else '-':>5} {whole(watts) if watts else '-':>4}"


def ceiling_lines(rows, spreads):
    if not rows:
        return ["(no gpuroof ceiling has a peer's figure beside it here: see the notes)"]
    lines = [f"{'ceiling':<30} {'gpuroof':>10} {'MHz':>5} {'W':>4} {'peer':>10} {'unit':<8} {'ratio':>6}  best peer"]
    for key, mine, best, ratio in rows:
        ratio_text = f"{ratio:.2f}" if ratio is not None else "-"
        note = "" if held(key) else "   (sustained: shown, not held to 1.00)"
        lines.append(f"{key:<30} {whole(mine):>10} {clock_text(spreads.get(key))} {whole(best.value):>10} "
                     f"{best.unit:<8} {ratio_text:>6}  {best.peer}{note}")
    return lines


def latency_lines(latency, figures):
    lines = []
    for key in LATENCY_ORDER:
        best = min((f for f in figures if f.key == "latency." + key), key=lambda f: f.value, default=None)
        if not best:
            continue
        mine = latency.get(key)
        ratio = f"{mine / best.value:.2f}" if mine is not None and best.value > 0 else "-"
        mine_text = f"{mine:.1f}" if mine is not None else "-"
        lines.append(f"{key:<30} {mine_text:>10} {best.value:>10.1f} {'ns':<8} {ratio:>6}  {best.peer}")
    if lines:
        lines.insert(0, "latency (a floor: gpuroof's at most the peer's; outside the verdict)")
        lines.insert(1, f"{'level':<30} {'gpuroof':>10} {'peer':>10} {'unit':<8} {'ratio':>6}  peer")
    return lines


def header_lines(sections, results_path, env, versions):
    device = sections.get("device", {})
    provenance = sections.get("provenance", {})
    lines = ["gpuroof's ceilings beside its peers, measured in one run (tools/peers)"]
    name = device.get("name") or env.get("gpu") or "unknown"
    lines.append(f"device:  {name}; SM clock {device.get('sm_clock_mhz', '?')} MHz "
                 f"({device.get('sm_clock_source', 'source unknown')}), max {device.get('max_sm_clock_mhz', '?')} MHz")
    lines.append(f"driver:  {env.get('driver') or '?'} (nvidia-smi); CUDA {device.get('driver', '?')} (the driver's), "
                 f"runtime {device.get('runtime', '?')} (gpuroof's)")
    clocks = "; ".join(env[k] for k in ("clocks", "clocks_after") if env.get(k))
    if clocks:
        lines.append(f"clocks:  {clocks} (nvidia-smi)")
    lines.append(f"date:    {env.get('date', '?')} (this run); gpuroof's measure began {provenance.get('date', '?')}")
    lines.append(f"gpuroof: {provenance.get('gpuroof', '?')}, commit {provenance.get('commit', '?')}; results {results_path or '-'}")
    for peer, version in versions:
        lines.append(f"peer:    {peer} {version}")
    return lines


def read_pairs(path):
    """A two-column TSV (name, text) as a list; [] where absent."""
    text = read_text(path) if path else None
    if text is None:
        return []
    return [tuple(line.split("\t", 1)) for line in text.splitlines() if "\t" in line]


def status_notes(logs, empty):
    """What became of each step, as the driver recorded it; a step that ran
    but printed nothing the table reads says so."""
    notes = []
    said = set()
    for peer, rest in read_pairs(os.path.join(logs, "status.tsv")) if logs else []:
        parts = rest.split("\t")
        seconds = f" ({parts[1]} s)" if len(parts) > 1 and parts[1] else ""
        detail = f": {parts[2]}" if len(parts) > 2 and parts[2] else ""
        if peer in empty and not parts[0].startswith(("failed", "did not", "not ", "skipped")):
            detail += ", but printed no figure this table reads"
        said.add(peer)
        notes.append(f"{peer}: {parts[0]}{seconds}{detail}")
    notes += [f"{peer}: its output holds no figure this table reads" for peer in empty if peer not in said]
    return notes


def tsv_lines(ceilings, latency, figures):
    lines = ["key\tgpuroof\tpeer\tfigure\tunit\tratio\tdetails"]
    for f in figures:
        source = latency if f.key.startswith("latency.") else ceilings
        mine = source.get(f.key.split(".", 1)[-1]) if f.key != NO_CEILING else None
        ratio = f"{mine / f.value:.4f}" if mine is not None and f.value > 0 else "-"
        lines.append(f"{f.key}\t{'-' if mine is None else f'{mine:.10g}'}\t{f.peer}\t{f.value:.10g}\t{f.unit}\t{ratio}\t{f.details}")
    return lines


def write_atomic(path, lines):
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(temporary, path)


def build(args):
    notes = []
    sections = read_results(args.results, notes)
    ceilings = numbers_of(sections.get("ceilings", {}))
    latency = numbers_of(sections.get("latency", {}))
    l2_bytes = int(number(sections.get("device", {}).get("l2_bytes")) or 50 << 20)
    versions = read_pairs(os.path.join(args.logs, "versions.tsv")) if args.logs else []
    figures, empty = peer_figures(args.logs, l2_bytes, notes, versions)
    rows = table_rows(ceilings, figures)
    env = dict(read_pairs(os.path.join(args.logs, "env.tsv"))) if args.logs else {}
    spreads = spread_rows(read_text(args.results)) if args.results else {}
    lines = header_lines(sections, args.results, env, versions) + [""] + ceiling_lines(rows, spreads) + [verdict(rows)]
    lat = latency_lines(latency, figures)
    if lat:
        lines += [""] + lat
    unpeered = [k for k in CEILING_ORDER if k in ceilings and k not in {r[0] for r in rows}]
    if unpeered:
        notes.append(f"gpuroof ceilings no peer here measured: {', '.join(unpeered)}")
    other = [f"{f.peer} {f.value:.0f} {f.unit}" for f in figures if f.key == NO_CEILING]
    if other:
        notes.append(f"peer figures with no gpuroof ceiling beside them (in peers.tsv): {', '.join(other)}")
    notes = status_notes(args.logs, empty) + notes
    lines += ["", "notes:"] + [f"  {n}" for n in notes] if notes else []
    return lines, tsv_lines(ceilings, latency, figures)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", help="gpuroof's results file (gpuroof measure -o)")
    parser.add_argument("--logs", help="the folder of the peers' outputs")
    parser.add_argument("-o", "--output", required=True, help="the table to write (- for stdout)")
    parser.add_argument("--tsv", help="every peer figure, one a row")
    args = parser.parse_args()
    if args.logs and not os.path.isdir(args.logs):
        print(f"peers-table: {args.logs}: no such folder", file=sys.stderr)
        return 1
    table, tsv = build(args)
    try:
        if args.output == "-":
            print("\n".join(table))
        else:
            write_atomic(args.output, table)
        if args.tsv:
            write_atomic(args.tsv, tsv)
    except OSError as e:
        print(f"peers-table: {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
