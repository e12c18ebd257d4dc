#!/usr/bin/env bash
# Time to the first window on a fresh machine: a cold build of what `scripts/bootstrap.sh run` builds, from an
# empty scratch path (dependencies resolved and compiled from nothing), in one configuration.
#
#   bench/first-run.sh debug|release [SCRATCH]     default SCRATCH: /tmp/first-run-<config>
#
# Prints the wall time and the load average before and after (the machine may be shared: say so beside the
# figure). The packages are cloned from SwiftPM's shared repository cache when it has them; a machine that has
# never resolved this package also downloads them (not counted here).
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:?usage: bench/first-run.sh debug|release [SCRATCH]}
scratch=${2:-/tmp/first-run-$config}
case "$config" in debug|release) ;; *) echo "first-run: debug or release, not $config" >&2; exit 2 ;; esac
rm -rf "$scratch"
echo "first-run: $config, scratch $scratch, $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# The 1-minute load average every 15 s during the build, to report its mean beside the time.
( while sleep 15; do cut -d' ' -f1 /proc/loadavg; done ) >"$scratch.load" &
sampler=$!
start=$(date +%s.%N)
status=0
swift build -c "$config" --product SDLDemo --scratch-path "$scratch" >"$scratch.log" 2>&1 || status=$?
end=$(date +%s.%N)
kill "$sampler" 2>/dev/null || true
if [ "$status" -ne 0 ]; then tail -20 "$scratch.log"; exit "$status"; fi
mean=$(awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n; else print "n/a" }' "$scratch.load")
# CPU time of the build (user + system of every child process), which depends far less on the machine's load
# than the wall time: bash's `times` prints the children's totals on its second line, e.g. "12m3.5s 1m2.1s".
cpu=$(times | tail -1 | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%.0f", t }')
printf 'first-run: %s cold build of SDLDemo: %.0f s wall, %s s CPU; mean load during it %s; load after: %s\n' \
    "$config" "$(echo "$end - $start" | bc)" "$cpu" "$mean" "$(cut -d' ' -f1-3 /proc/loadavg)"
echo "first-run: binary $scratch/$config/SDLDemo"
