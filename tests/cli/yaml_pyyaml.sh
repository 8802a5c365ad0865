# Every YAML file gpuroof writes reads back the same in PyYAML (YAML 1.1,
# what most scripts read with) as in gpuroof: the committed files gpuroof
# wrote (the measurements of plots/data and tests/data/ncu/h100, a profile
# as profile detect writes it) and files written here by gpuroof's writer
# with every string a resolver could take for something else.  What gpuroof
# read comes from tests/yaml/results_json (a results file) or profile show
# --json (a profile); each of its values must be PyYAML's, of the same kind.
. "$top_srcdir/tests/cli/lib.sh"

results_json="${top_builddir:?}/tests/yaml/results_json"
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import yaml' 2>/dev/null; then
    last="yaml_pyyaml"
    skip "PyYAML" "no python3 with PyYAML here (Debian: python3-yaml, in tools/packages.txt)"
    exit 0
fi

# compare YAML JSON: every value gpuroof read (JSON) is PyYAML's, and
# PyYAML reads no key gpuroof does not (but a false or an empty list,
# which gpuroof reads as absent; and profile show's own "path").
cat >"$test_tmp/compare.py" <<'PY'
import json, math, sys, yaml

def same(path, ours, theirs, problems):
    if isinstance(ours, dict):
        if not isinstance(theirs, dict):
            problems.append(f"{path}: gpuroof read a mapping, PyYAML {theirs!r}")
            return
        for k, v in ours.items():
            if k not in theirs and not (k == "path" and path == ""):
                problems.append(f"{path}.{k}: gpuroof read {v!r}, PyYAML nothing")
            elif k in theirs:
                same(f"{path}.{k}", v, theirs[k], problems)
        for k, v in theirs.items():
            if k not in ours and v is not False and v != []:
                problems.append(f"{path}.{k}: PyYAML read {v!r}, gpuroof nothing")
    elif isinstance(ours, list):
        if not isinstance(theirs, list) or len(theirs) != len(ours):
            problems.append(f"{path}: gpuroof read {len(ours)} items, PyYAML {theirs!r:.60}")
            return
        for i, (a, b) in enumerate(zip(ours, theirs)):
            same(f"{path}[{i}]", a, b, problems)
    elif ours in (".nan", ".inf", "-.inf") and isinstance(theirs, float):
        if not (math.isnan(theirs) if ours == ".nan" else theirs == float(ours.replace(".inf", "inf"))):
            problems.append(f"{path}: gpuroof read {ours}, PyYAML {theirs!r}")
    elif isinstance(ours, bool) or isinstance(ours, str):
        if type(theirs) is not type(ours) or theirs != ours:
            problems.append(f"{path}: gpuroof read {ours!r}, PyYAML {theirs!r}")
    elif isinstance(ours, (int, float)):
        if isinstance(theirs, bool) or not isinstance(theirs, (int, float)) or float(theirs) != float(ours):
            problems.append(f"{path}: gpuroof read {ours!r}, PyYAML {theirs!r}")
    elif ours != theirs:
        problems.append(f"{path}: gpuroof read {ours!r}, PyYAML {theirs!r}")

with open(sys.argv[1], encoding="utf-8") as f:
    theirs = yaml.safe_load(f)
with open(sys.argv[2], encoding="utf-8") as f:
    ours = json.load(f)
problems = []
same("", ours, theirs, problems)
print("; ".join(problems[:3]) + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""))
sys.exit(1 if problems else 0)
PY

# expect_same_reading FILE KIND: KIND results or profile.
expect_same_reading() {
    last="$2 $1: PyYAML and gpuroof"
    if [ "$2" = results ]; then
        "$results_json" "$1" >"$test_tmp/ours.json" 2>"$err" || {
            fail "gpuroof reads it" "$(shown "$err")" "a results file"
            return
        }
    else
        "$GPUROOF" profile show "$1" --json >"$test_tmp/ours.json" 2>"$err" || {
            fail "gpuroof reads it" "$(shown "$err")" "a profile"
            return
        }
    fi
    if python3 "$test_tmp/compare.py" "$1" "$test_tmp/ours.json" >"$test_tmp/problems" 2>&1; then
        pass "read the same"
    else
        fail "read the same" "$(shown "$test_tmp/problems")" "every value the same"
    fi
}

# The committed files gpuroof wrote.
for file in "$top_srcdir"/plots/data/*.yaml "$top_srcdir/tests/data/ncu/h100/measure.yaml"; do
    expect_same_reading "$file" results
done
# The latency keys, in the hand-made file until a measured one is committed.
expect_same_reading "$top_srcdir/tests/data/results/latency-synthetic.yaml" results
expect_same_reading "$top_srcdir/tests/data/cli/detected.yaml" profile

# A file gpuroof's writer writes here, from a results file whose strings a
# resolver could each take for something else (quoted in the input, as
# gpuroof's reader needs none of that), and numbers at their edges.
cat >"$test_tmp/hostile.yaml" <<'YAML'
device:
  name: "yes"
  pci_bus_id: "0000:00:06.0"
  uuid: "1:20"
  profile: "on"
  compute_capability: "9.0"
  sm_clock_source: "~"
  driver: "0x1f"
  runtime: "0o17"
  memory_bytes: 1125899906842624
provenance:
  gpuroof: "1_000"
  commit: "1234567"
  date: "2026-11-26"
  command: " leading and trailing spaces "
  bytes: ".inf"
  timing: "Null"
ceilings:
  dram_read_gbs: 1e-6
  fp32_gflops: 123456789.5
kernels:
- name: "n"
  intensity: 1e-300
  gflops: 1e9
  verified: true
  check: "- a list? # no, a comment? key: value"
- name: "2026-11-26T03:28:24Z"
  intensity: 0.5
  gflops: 7
  verified: false
  check: ".nan"
- name: "-.inf"
  intensity: 2
  gflops: 3
  verified: true
  check: "OFF"
- name: "1e3"
  intensity: 2
  gflops: 3
  verified: true
  check: "@at"
YAML
"$results_json" --rewrite "$test_tmp/hostile.yaml" >"$test_tmp/written.yaml" 2>"$err"
last="results_json --rewrite hostile.yaml"
check "gpuroof writes it" "$?" 0
expect_same_reading "$test_tmp/written.yaml" results
# the written file is read the same by gpuroof as the one it came from
"$results_json" "$test_tmp/hostile.yaml" >"$test_tmp/before.json"
"$results_json" "$test_tmp/written.yaml" >"$test_tmp/after.json"
last="results_json hostile.yaml, then written again"
check "gpuroof reads what it wrote" "$([ -s "$test_tmp/before.json" ] && cmp -s "$test_tmp/before.json" "$test_tmp/after.json" && echo same)" same

# The comparison sees what the old writer wrote: an unquoted PCI address,
# which PyYAML reads as the base-60 number 6.0, and an unquoted date.
sed 's/^  pci_bus_id: .*/  pci_bus_id: 0000:00:06.0/' "$top_srcdir/plots/data/h100-sxm.yaml" >"$test_tmp/old.yaml"
"$results_json" "$test_tmp/old.yaml" >"$test_tmp/ours.json"
last="an unquoted pci_bus_id: 0000:00:06.0"
if python3 "$test_tmp/compare.py" "$test_tmp/old.yaml" "$test_tmp/ours.json" >"$test_tmp/problems"; then
    fail "PyYAML reads it otherwise" "(no difference found)" "a difference"
else
    expect_grep=$(grep -c "pci_bus_id: gpuroof read '0000:00:06.0', PyYAML 6.0" "$test_tmp/problems")
    check "PyYAML reads it otherwise" "$expect_grep" 1
fi
