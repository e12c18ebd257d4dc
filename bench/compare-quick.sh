#!/bin/sh
# First rough side-by-side download comparison (issue #3): hlsfetch, ffmpeg, yt-dlp and one curl of the same bytes,
# on synthetic HLS streams in the spec's layout served by nginx on 127.0.0.1. See bench/README.md.
#
# Usage: bench/compare-quick.sh [HLSFETCH_BINARY]
#   HLSFETCH_BINARY  defaults to $HLSFETCH, then to .build/release/hlsfetch of this package (row left out if none)
#   WORKLOADS="1 2"  which workloads: 1 = 20 x ~190 kB segments, 2 = 2000 small segments,
#                    3 = workload 1 with nginx limit_rate 1m per request, 4 = a one-hour track (~130 MB)
#   RUNS=5           runs per tool (median, min and max are reported)
# Installs what is missing (Debian: nginx-light, time, curl, ffmpeg; PyPI: pinned yt-dlp in bench/.venv).
# Generated streams are cached in bench/out/streams; the report goes to stdout and bench/out/.
set -eu
BENCH=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$BENCH")
HLSFETCH_BIN=${1:-${HLSFETCH:-}}
if [ -z "$HLSFETCH_BIN" ] && [ -x "$ROOT/.build/release/hlsfetch" ]; then
    HLSFETCH_BIN=$ROOT/.build/release/hlsfetch
fi
WORKLOADS=${WORKLOADS:-1 2}
RUNS=${RUNS:-5}

missing=""
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx-light"
[ -x /usr/bin/time ] || missing="$missing time"
command -v curl >/dev/null 2>&1 || missing="$missing curl"
command -v ffmpeg >/dev/null 2>&1 || missing="$missing ffmpeg"
if [ -n "$missing" ]; then
    echo "installing:$missing" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >&2
fi
"$BENCH/setup-venv.sh" >&2

# stream NAME ARGS...: makes bench/out/streams/NAME unless it exists with the same arguments and generator.
stream() {
    dir=$BENCH/out/streams/$1
    shift
    want="$* $(sha256sum "$BENCH/make-stream.py" | cut -c1-16)"
    if [ -f "$dir/stream.json" ] && [ -f "$dir/.params" ] && [ "$(cat "$dir/.params")" = "$want" ]; then
        return 0
    fi
    rm -rf "$dir"
    echo "generating $dir ($*)" >&2
    python3 "$BENCH/make-stream.py" "$dir" "$@" >&2
    echo "$want" > "$dir/.params"
}

set --
for workload in $WORKLOADS; do
    case $workload in
        1) stream w1 --segments 20 --segment-seconds 5.2; set -- "$@" --stream "$BENCH/out/streams/w1" ;;
        2) stream w2 --segments 2000 --segment-seconds 0.5; set -- "$@" --stream "$BENCH/out/streams/w2" ;;
        3) stream w1 --segments 20 --segment-seconds 5.2; set -- "$@" --stream "$BENCH/out/streams/w1:1m" ;;
        4) stream w4 --segments 693 --segment-seconds 5.2; set -- "$@" --stream "$BENCH/out/streams/w4" ;;
        *) echo "unknown workload: $workload (1-4)" >&2; exit 2 ;;
    esac
done
if [ -n "$HLSFETCH_BIN" ]; then
    set -- "$@" --hlsfetch "$HLSFETCH_BIN"
else
    echo "no hlsfetch binary given or built (.build/release/hlsfetch): comparing the other tools only" >&2
fi
mkdir -p "$BENCH/out"
exec python3 "$BENCH/compare.py" --runs "$RUNS" --out "$BENCH/out/compare-quick-$(date -u +%Y%m%dT%H%M%SZ).md" "$@"
