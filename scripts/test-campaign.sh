#!/usr/bin/env bash
# Runs the full test suite RUNS times in a row on a clean clone of REV while a second clean clone is built from
# scratch in a loop beside it (issue 17: "20 consecutive full swift test runs with 0 failures on a 2-core machine
# while another build runs beside them"). One line per run in WORK/tally.txt (exit status, seconds, load average,
# swift-testing's summary); the log of a failed run is kept as WORK/run-N.log. Exits 1 if any run failed.
#
#   scripts/test-campaign.sh [--runs 20] [--rev HEAD] [--work /tmp/test-campaign]
#
# Needs what `scripts/bootstrap.sh test` installs. Takes about RUNS × 3 minutes on 2 cores, plus one cold build.
set -euo pipefail
RUNS=20
REV=HEAD
WORK=/tmp/test-campaign
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --rev) REV=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--rev REV] [--work DIR]" >&2; exit 64 ;;
  esac
done
REPO=$(git rev-parse --show-toplevel)
COMMIT=$(git -C "$REPO" rev-parse "$REV")
rm -rf "$WORK"; mkdir -p "$WORK"
git clone -q "$REPO" "$WORK/runs"; git -C "$WORK/runs" checkout -q "$COMMIT"
git clone -q "$REPO" "$WORK/side"; git -C "$WORK/side" checkout -q "$COMMIT"
echo "commit $COMMIT, $RUNS runs, a from-scratch build of a second clone in a loop beside them" | tee "$WORK/tally.txt"
(cd "$WORK/runs" && swift build --build-tests > "$WORK/build.log" 2>&1)
# The build beside: from scratch, again and again, until the runs are done.
(
  cd "$WORK/side"
  while [ ! -e "$WORK/done" ]; do
    rm -rf .build
    rc=0; swift build > "$WORK/side-last.log" 2>&1 || rc=$?
    echo "side build finished $(date -u +%T) rc=$rc" >> "$WORK/side.txt"
  done
) &
side=$!
trap 'touch "$WORK/done"; kill $side 2>/dev/null || true; pkill -f "$WORK/side" 2>/dev/null || true' EXIT
sleep 30   # let the build beside get going
failed=0
for i in $(seq 1 "$RUNS"); do
  start=$(date +%s); rc=0
  (cd "$WORK/runs" && . "$REPO/scripts/test-environment.sh" && swift test --skip-build > "$WORK/run-$i.log" 2>&1) || rc=$?
  summary=$(grep -E "Test run with .* (passed|failed)" "$WORK/run-$i.log" | tail -1 || true)
  echo "run $i: rc=$rc $(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg) | $summary" | tee -a "$WORK/tally.txt"
  if [ "$rc" -eq 0 ]; then rm -f "$WORK/run-$i.log"; else failed=$((failed + 1)); fi
done
echo "total: $((RUNS - failed)) passed, $failed failed" | tee -a "$WORK/tally.txt"
[ "$failed" -eq 0 ]
