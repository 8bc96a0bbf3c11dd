#!/usr/bin/env bash
# The daemon's CPU per captured request, this tree against another commit, interleaved in one
# run, so a regression shows as a ratio rather than as two figures from two noisy runs
# (`make bench-compare REF=<commit>`).
#
# It builds REF (a git worktree under target/compare/, its own target dir) and this tree, both
# with the release profile, then runs load-tests/daemon-cost.sh for each, alternating base,
# head, head, base, … ROUNDS times per scenario:
#
#   flood          the bench's flood page (2 bursts of 200, then 200/s for 10 s) × PAGES, one
#                  capture with --profile load
#   flood+acting   the same with an agent acting: `bsk evaluate` every 500 ms
#   operations     no traffic: 160 operations on an idle page, CPU per operation
#
# and prints each run, the medians and head ÷ base. A ratio above 1 is head costing more.
#
#   load-tests/bench-compare.sh REF [ROUNDS] [PAGES]
#
# ROUNDS defaults to 3 (each build runs 3 times per scenario), PAGES to 5. About 10 minutes of
# runs past the two release builds on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

ref=${1:?usage: bench-compare.sh REF [ROUNDS] [PAGES]}
rounds=${2:-3}
pages=${3:-5}
base_sha=$(git rev-parse --verify "$ref^{commit}")
short=${base_sha:0:10}
work=target/compare
mkdir -p "$work"

# The base: its own worktree and target dir, built once per commit.
base_bin="$work/bsk-$short"
if [ ! -x "$base_bin" ]; then
  tree="$work/tree-$short"
  [ -d "$tree" ] || git worktree add --detach --quiet "$tree" "$base_sha"
  echo "building $short (release) in $tree" >&2
  target_dir="$PWD/$work/target-$short"
  (cd "$tree" && CARGO_TARGET_DIR="$target_dir" cargo build --release --quiet -p bsk-runtime --bin bsk)
  cp "$work/target-$short/release/bsk" "$base_bin"
  git worktree remove --force "$tree"
fi
echo "building this tree (release)" >&2
cargo build --release --quiet -p bsk-runtime -p bsk-load-tests --bins
head_bin=target/release/bsk
export BSK_SITE=target/release/bsk-site

flood='bursts=2&burst=200&rate=200&secs=10'
# One run: prints the figure the scenario compares (s per 1,000 requests, or ms per operation).
run() { # BIN SCENARIO
  local line
  case "$2" in
    flood) line=$(BSK_COST_PROFILE=load load-tests/daemon-cost.sh "$1" "$pages" "$flood") ;;
    flood+acting) line=$(BSK_COST_PROFILE=load BSK_COST_EVALUATE_MS=500 load-tests/daemon-cost.sh "$1" "$pages" "$flood") ;;
    # 160 operations: /proc counts CPU in 10 ms ticks, 0.06 ms per operation at this count.
    operations) line=$(BSK_COST_OPERATIONS=160 load-tests/daemon-cost.sh "$1" 0) ;;
  esac
  echo "  $2 $(basename "$1"): $line" >&2
  # The daemon's figure, not the browser's that follows it on the same line.
  local figure
  case "$2" in
    operations) figure=$(sed -E 's/.*daemon CPU [0-9.]+ s = ([0-9.]+) ms per operation.*/\1/' <<<"$line") ;;
    *) figure=$(sed -E 's/.*daemon CPU [0-9.]+ s = ([0-9.]+) s per 1,000.*/\1/' <<<"$line") ;;
  esac
  [[ $figure =~ ^[0-9.]+$ ]] || { echo "error: no daemon CPU figure in: $line" >&2; exit 1; }
  echo "$figure"
}

results=$(mktemp)
trap 'rm -f "$results"' EXIT
for scenario in flood flood+acting operations; do
  for round in $(seq "$rounds"); do
    # ABBA: neither build always runs first on a warming machine.
    if [ $((round % 2)) = 1 ]; then order=(base head); else order=(head base); fi
    for which in "${order[@]}"; do
      bin=$base_bin; [ "$which" = head ] && bin=$head_bin
      figure=$(run "$bin" "$scenario")   # a run with no figure stops the comparison
      echo "$scenario $which $figure" >>"$results"
    done
  done
done

python3 - "$results" "$short" "$(git rev-parse --short=10 HEAD)" "$(git status --porcelain | grep -q . && echo ' + changes' || true)" <<'EOF'
import statistics, sys
path, base, head, dirty = sys.argv[1:5]
runs = {}
for line in open(path):
    scenario, which, value = line.split()
    runs.setdefault(scenario, {}).setdefault(which, []).append(float(value))
units = {"flood": "ms per request", "flood+acting": "ms per request", "operations": "ms per operation"}
print(f"daemon CPU, {base} (base) against {head}{dirty} (head), release builds, interleaved")
print(f"| scenario | base | head | head ÷ base |")
print(f"|---|---|---|---|")
for scenario, by in runs.items():
    b, h = statistics.median(by["base"]), statistics.median(by["head"])
    each = lambda xs: ", ".join(f"{x:.3f}" for x in xs)
    print(f"| {scenario} ({units[scenario]}, median of {len(by['base'])}) | {b:.3f} ({each(by['base'])}) "
          f"| {h:.3f} ({each(by['head'])}) | **{h / b:.2f}** |")
EOF
