#!/usr/bin/env bash
# Runs the test suite RUNS times in a row while something else loads the machine, and tallies the runs: the
# campaigns of docs/testing.md ("Twenty runs in a row", "Under load").
#
#   scripts/test-campaign.sh [--runs 20] [--rev HEAD] [--work /tmp/test-campaign] [--in-place]
#                            [--beside build|spin] [--command readme|swift-test] [-- SWIFT_TEST_ARGS...]
#
#   --beside build      (default) a second clean clone is built from scratch again and again beside the runs
#                       (issue 17: "20 consecutive full swift test runs with 0 failures on a 2-core machine while
#                       another build runs beside them")
#   --beside spin       one core kept busy by a spinning process (issue 31: "each with one core kept busy")
#   --command readme    (default) each run is the README's test command, `scripts/bootstrap.sh test`, which
#                       bounds how many tests run at once (scripts/test-environment.sh)
#   --command swift-test  each run is plain `swift test`, as a developer types it: Swift Testing's own
#                       parallelism, every test at once (SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH unset)
#   --in-place          run in this checkout (its .build, built once first) instead of a clean clone of REV
#   -- ARGS             passed to every run, e.g. `-- --filter DownloadConcurrencyTests` for a focused loop
#
# One line per run in WORK/tally.txt (exit status, seconds, load average, swift-testing's summary); the log of a
# failed run is kept as WORK/run-N.log with its failing tests listed in the tally. Exits 1 if any run failed.
# Needs what `scripts/bootstrap.sh test` installs. A whole-suite run takes about 3-4 minutes on 2 cores.
set -euo pipefail
RUNS=20
REV=HEAD
WORK=/tmp/test-campaign
BESIDE=build
COMMAND=readme
IN_PLACE=0
EXTRA=()
usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --rev) REV=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --beside) BESIDE=$2; shift 2 ;;
    --command) COMMAND=$2; shift 2 ;;
    --in-place) IN_PLACE=1; shift ;;
    --) shift; EXTRA=("$@"); break ;;
    *) usage ;;
  esac
done
case "$BESIDE" in build|spin) ;; *) usage ;; esac
case "$COMMAND" in readme|swift-test) ;; *) usage ;; esac
REPO=$(git rev-parse --show-toplevel)
rm -rf "$WORK"; mkdir -p "$WORK"
if [ "$IN_PLACE" = 1 ]; then
  RUNDIR=$REPO
  COMMIT="$(git -C "$REPO" rev-parse HEAD) (in place$(git -C "$REPO" diff --quiet HEAD || echo ', with uncommitted changes'))"
else
  COMMIT=$(git -C "$REPO" rev-parse "$REV")
  RUNDIR=$WORK/runs
  git clone -q "$REPO" "$RUNDIR"; git -C "$RUNDIR" checkout -q "$COMMIT"
fi
echo "commit $COMMIT, $RUNS runs of '$COMMAND${EXTRA[*]:+ ${EXTRA[*]}}', beside them: $BESIDE" | tee "$WORK/tally.txt"
(cd "$RUNDIR" && swift build --build-tests > "$WORK/build.log" 2>&1)

# What loads the machine beside the runs, until they are done. Both are started here and stopped by their ids.
pids=()
case "$BESIDE" in
  build)
    git clone -q "$REPO" "$WORK/side"; git -C "$WORK/side" checkout -q "$(git -C "$REPO" rev-parse "$REV")"
    (
      cd "$WORK/side"
      while [ ! -e "$WORK/done" ]; do
        rm -rf .build
        rc=0; swift build > "$WORK/side-last.log" 2>&1 || rc=$?
        echo "side build finished $(date -u +%T) rc=$rc" >> "$WORK/side.txt"
      done
    ) &
    pids+=($!)
    ;;
  spin)
    # One process spinning on one core for as long as the runs last (a busy program beside the tests).
    ( exec bash -c 'while :; do :; done' ) &
    pids+=($!)
    ;;
esac
stop_beside() {
  touch "$WORK/done"
  for pid in "${pids[@]}"; do
    # The build's subshell first, then its swift build (a child of that subshell only).
    pkill -P "$pid" 2>/dev/null || true
    kill "$pid" 2>/dev/null || true
  done
}
trap stop_beside EXIT
[ "$BESIDE" = build ] && sleep 30   # let the build beside get going

failed=0
for i in $(seq 1 "$RUNS"); do
  start=$(date +%s); rc=0
  case "$COMMAND" in
    readme) (cd "$RUNDIR" && scripts/bootstrap.sh test "${EXTRA[@]}" > "$WORK/run-$i.log" 2>&1) || rc=$? ;;
    swift-test)
      (cd "$RUNDIR" && env -u SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH swift test "${EXTRA[@]}" \
        > "$WORK/run-$i.log" 2>&1) || rc=$? ;;
  esac
  summary=$(grep -E "Test run with .* (passed|failed)" "$WORK/run-$i.log" | tail -1 || true)
  echo "run $i: rc=$rc $(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg) | $summary" | tee -a "$WORK/tally.txt"
  if [ "$rc" -eq 0 ]; then
    rm -f "$WORK/run-$i.log"
  else
    failed=$((failed + 1))
    grep -E '✘ Test .* failed|recorded an issue' "$WORK/run-$i.log" | head -20 | sed 's/^/    /' | tee -a "$WORK/tally.txt" || true
  fi
done
echo "total: $((RUNS - failed)) passed, $failed failed" | tee -a "$WORK/tally.txt"
[ "$failed" -eq 0 ]
