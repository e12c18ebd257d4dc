#!/usr/bin/env bash
# Runs the test suite under a sanitizer (see docs/sanitizers.md).
#
#   scripts/sanitize.sh thread  [swift test options...]   ThreadSanitizer, scratch path .build-tsan
#   scripts/sanitize.sh address [swift test options...]   AddressSanitizer (leak checking off), scratch path .build-asan
#
# Installs nothing (run `scripts/bootstrap.sh deps` and install ffmpeg first). Exits non-zero on a test
# failure or on any sanitizer report, including reports from the child processes the end-to-end tests
# spawn (SDLDemo, hlsfetch): every report goes to a file under a fresh log directory (log_path), so a
# child whose stderr a test does not look at cannot hide one; the files are printed at the end.
#
# A sanitizer makes every process several times slower, so the tests' anti-hang bounds (their waits, the
# timeouts of SDLDemo scripts' waits, the suites' time limits; Tests/TestSupport/TestBounds.swift) are scaled
# by CIRCLEPLAYER_TEST_BOUND_SCALE: 4 under ThreadSanitizer, 3 under AddressSanitizer, unless set already.
# No test judges by the wall clock, so a larger bound only lets a slow run finish instead of failing it.
set -uo pipefail
cd "$(dirname "$0")/.."

kind="${1:-}"; shift || true
logdir="$(mktemp -d "${TMPDIR:-/tmp}/sanitize-${kind:-none}.XXXXXX")"

case "$kind" in
    thread)
        scratch=.build-tsan
        # halt_on_error=0: keep running to collect every race in one run; exitcode=66 (TSan's default, made
        # explicit) turns any report into a non-zero exit of the process at its end.
        # second_deadlock_stack=1: both stacks for lock-order reports.
        # suppressions: scripts/tsan-suppressions.txt, by its absolute path (the end-to-end tests start children
        # in other working directories); each entry says why it is not a race in this package.
        export TSAN_OPTIONS="log_path=$logdir/tsan:halt_on_error=0:exitcode=66:second_deadlock_stack=1:history_size=4:suppressions=$PWD/scripts/tsan-suppressions.txt${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
        export CIRCLEPLAYER_TEST_BOUND_SCALE="${CIRCLEPLAYER_TEST_BOUND_SCALE:-4}"
        ;;
    address)
        scratch=.build-asan
        # halt_on_error=1 (ASan's default): a memory error ends the process with a non-zero status.
        # detect_leaks=0: LeakSanitizer only reports false positives and toolchain leaks here (see
        # docs/sanitizers.md); turn it on with ASAN_OPTIONS=detect_leaks=1 to look at leaks by hand.
        export ASAN_OPTIONS="log_path=$logdir/asan:halt_on_error=1:detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
        export CIRCLEPLAYER_TEST_BOUND_SCALE="${CIRCLEPLAYER_TEST_BOUND_SCALE:-3}"
        ;;
    *) echo "usage: scripts/sanitize.sh thread|address [swift test options...]" >&2; exit 2 ;;
esac

. scripts/test-environment.sh   # how many tests run at once (--no-parallel: one)
echo "sanitize.sh: $kind sanitizer, scratch path $scratch, reports in $logdir, bounds scaled by $CIRCLEPLAYER_TEST_BOUND_SCALE, at most $SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH tests at once" >&2
swift test --sanitize="$kind" --scratch-path "$scratch" "$@"
status=$?

reports=("$logdir"/*)
if [ -e "${reports[0]}" ]; then
    for f in "${reports[@]}"; do
        echo "==== sanitizer report: $f ====" >&2
        cat "$f" >&2
    done
    echo "sanitize.sh: ${#reports[@]} process(es) wrote $kind sanitizer reports (kept in $logdir)" >&2
    [ "$status" -ne 0 ] || status=1
else
    rmdir "$logdir"
fi
[ "$status" -eq 0 ] && echo "sanitize.sh: $kind sanitizer: no reports, tests passed" >&2
exit "$status"
