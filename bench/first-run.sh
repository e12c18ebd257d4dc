#!/usr/bin/env bash
# Time to the first window on a fresh machine, as `scripts/bootstrap.sh run` meets it, in its three parts:
#
#   1. system packages   `scripts/bootstrap.sh deps` (apt-get; 0 s where they are installed already; with
#                        --chroot DIR, installed into a fresh Debian 12 made there by debootstrap, as a new machine)
#   2. Swift packages    `swift package resolve` into an empty scratch path with an empty SwiftPM cache (every
#                        package cloned anew from wherever git gets github.com: on the project's machines, the
#                        local mirror in /opt/swift-packages; over the internet, slower)
#   3. build             a cold `swift build --product SDLDemo` in that scratch path, in one configuration
#
#   bench/first-run.sh debug|release [SCRATCH] [--chroot DIR] [--system-only]   default SCRATCH: /tmp/first-run-<config>
#
# --system-only stops after part 1 (with --chroot: what the packages cost a new machine, without two more builds).
#
# Prints each part's wall time, the build's CPU time (user + system of every process it ran: far less dependent
# on the machine's load than the wall time) and how many compile jobs it ran, and the load average before, during
# and after (the machine may be shared: say so beside the figures).
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:?usage: bench/first-run.sh debug|release [SCRATCH] [--chroot DIR]}
shift
scratch=/tmp/first-run-$config
chroot_dir=""
system_only=0
while (($#)); do
    case "$1" in
        --chroot) chroot_dir=${2:?--chroot needs a folder}; shift 2 ;;
        --system-only) system_only=1; shift ;;
        *) scratch=$1; shift ;;
    esac
done
case "$config" in debug|release) ;; *) echo "first-run: debug or release, not $config" >&2; exit 2 ;; esac
rm -rf "$scratch" "$scratch.cache"
mkdir -p "$scratch.cache"
echo "first-run: $config, scratch $scratch, $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }
# The 1-minute load average every 15 s, to report its mean beside the times.
( while sleep 15; do cut -d' ' -f1 /proc/loadavg; done ) >"$scratch.load" &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT

# 1. System packages.
start=$(now)
if [ -n "$chroot_dir" ]; then
    # A new Debian 12 (the minimal base debootstrap makes, not counted), then the packages bootstrap.sh installs.
    packages=$(sed -n '/^PACKAGES=(/,/)/p' scripts/bootstrap.sh | tr -d '()' | sed 's/PACKAGES=//' | tr '\n' ' ')
    [ -x "$chroot_dir/usr/bin/apt-get" ] || debootstrap --variant=minbase bookworm "$chroot_dir" >"$scratch.debootstrap.log" 2>&1
    start=$(now)
    # shellcheck disable=SC2086
    chroot "$chroot_dir" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages" \
        >"$scratch.apt.log" 2>&1
    system_note="apt-get in a fresh Debian 12 chroot ($chroot_dir): $(grep -c '^Setting up' "$scratch.apt.log" || true) packages set up"
else
    scripts/bootstrap.sh deps >"$scratch.apt.log" 2>&1
    system_note="scripts/bootstrap.sh deps on this machine"
fi
system=$(seconds "$start" "$(now)")
if ((system_only)); then
    printf 'first-run: system packages %s s (%s); load after: %s\n' "$system" "$system_note" "$(cut -d' ' -f1-3 /proc/loadavg)"
    exit 0
fi

# 2. Swift packages, from an empty cache.
start=$(now)
swift package resolve --scratch-path "$scratch" --cache-path "$scratch.cache" >"$scratch.resolve.log" 2>&1
resolve=$(seconds "$start" "$(now)")
clones=$(find "$scratch/checkouts" -mindepth 1 -maxdepth 1 -type d | wc -l)

# CPU seconds of this shell's finished children so far (bash's `times`, second line: user and system, e.g.
# "12m3.5s 1m2.1s").
children_cpu() { times | tail -1 | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%.1f", t }'; }

# 3. The build (what `scripts/bootstrap.sh run` builds).
cpu_before=$(children_cpu)
start=$(now)
status=0
swift build -c "$config" --product SDLDemo --scratch-path "$scratch" --cache-path "$scratch.cache" >"$scratch.log" 2>&1 || status=$?
build=$(seconds "$start" "$(now)")
kill "$sampler" 2>/dev/null || true
if [ "$status" -ne 0 ]; then tail -20 "$scratch.log"; exit "$status"; fi
mean=$(awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n; else print "n/a" }' "$scratch.load")
cpu=$(seconds "$cpu_before" "$(children_cpu)")
jobs=$(grep -o '^\[[0-9]*/[0-9]*\]' "$scratch.log" | tail -1 | tr -d '[]' | cut -d/ -f2)
c_jobs=$(grep -cE '\] Compiling [^ ]+\.(c|cc|S)$' "$scratch.log" || true)
printf 'first-run: system packages %s s (%s)\n' "$system" "$system_note"
printf 'first-run: Swift packages %s s (%s packages cloned into an empty cache)\n' "$resolve" "$clones"
printf 'first-run: %s cold build of SDLDemo: %s s wall, %s s CPU, %s jobs (%s of them C and assembly files)\n' \
    "$config" "$build" "$cpu" "$jobs" "$c_jobs"
printf 'first-run: total %s s; mean load during it %s; load after: %s\n' \
    "$((system + resolve + build))" "$mean" "$(cut -d' ' -f1-3 /proc/loadavg)"
echo "first-run: binary $scratch/$config/SDLDemo"
