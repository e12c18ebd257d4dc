#!/bin/sh
# Peak RSS of hlsfetch (release) for a 20-segment and a 2000-segment stream (~320 kB segments, byte ranges),
# served by nginx on 127.0.0.1; also checks each output against the source file.
#   bench/rss.sh          (from the package root; writes ~800 MB under /tmp/hlsfetch-rss)
set -eu
ROOT=/tmp/hlsfetch-rss
HLSFETCH=$(pwd)/.build/release/hlsfetch
[ -x "$HLSFETCH" ] || { echo "build first: swift build -c release --product hlsfetch" >&2; exit 1; }
for n in 20 2000; do
    [ -f "$ROOT/s$n/test/hls_index.m3u8" ] || python3 bench/make-stream.py "$ROOT/s$n" "$n"
done
bench/serve.sh "$ROOT"
trap 'bench/serve.sh stop; rm -f "$ROOT"/out*.ts' EXIT
for n in 20 2000; do
    /usr/bin/time -v "$HLSFETCH" "http://127.0.0.1:18432/s$n/test/hls_index.m3u8" -o "$ROOT/out$n.ts" -q \
        > /dev/null 2> "$ROOT/time$n.txt"
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$ROOT/time$n.txt")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$ROOT/time$n.txt")
    same=$(cmp -s "$ROOT/out$n.ts" "$ROOT/s$n/test/hls_a256K.ts" && echo identical || echo DIFFERENT)
    printf '%5s segments  %10s bytes  peak RSS %6s kB  wall %s  output %s\n' \
        "$n" "$(stat -c %s "$ROOT/out$n.ts")" "$rss" "$wall" "$same"
done
