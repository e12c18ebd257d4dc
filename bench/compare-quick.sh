#!/bin/sh
# Rough side-by-side of best-audio HLS fetchers on one local stream served by nginx on 127.0.0.1:
# hlsfetch (release build), ffmpeg (default stream selection, and -map 0:a:?), yt-dlp -f bestaudio.
# Prints wall time (hyperfine, mean of N runs), peak RSS (/usr/bin/time -v) and the track each picked.
#
#   bench/compare-quick.sh [RUNS]        (from the package root; default 5 runs)
#
# Needs: nginx, ffmpeg, hyperfine, yt-dlp in .venv (python3 -m venv .venv && .venv/bin/pip install yt-dlp),
# and `swift build -c release --product hlsfetch`.
set -eu
RUNS=${1:-5}
ROOT=/tmp/hlsfetch-bench-root
OUT=/tmp/hlsfetch-bench-out
HLSFETCH=$(pwd)/.build/release/hlsfetch
YTDLP=$(pwd)/.venv/bin/yt-dlp
[ -x "$HLSFETCH" ] || { echo "build first: swift build -c release --product hlsfetch" >&2; exit 1; }
[ -x "$YTDLP" ] || { echo "install yt-dlp: python3 -m venv .venv && .venv/bin/pip install yt-dlp" >&2; exit 1; }
[ -f "$ROOT/media/test/hls_index.m3u8" ] || bench/make-media-stream.sh "$ROOT/media" 600
bench/serve.sh "$ROOT"
trap 'bench/serve.sh stop' EXIT
URL=http://127.0.0.1:18432/media/test/hls_index.m3u8
SRC=$ROOT/media/test
mkdir -p "$OUT"

HLS="$HLSFETCH $URL -o $OUT/hlsfetch.ts -q"
FFDEF="ffmpeg -nostdin -hide_banner -loglevel error -y -i $URL -vn -c:a copy $OUT/ffmpeg-default.ts"
FFALL="ffmpeg -nostdin -hide_banner -loglevel error -y -i $URL -map 0:a:? -c copy $OUT/ffmpeg-all-audio.ts"
YT="$YTDLP -q --no-progress --force-overwrites -f bestaudio --concurrent-fragments 2 -o '$OUT/yt-dlp.%(ext)s' $URL"

echo "== wall time ($RUNS runs each)"
hyperfine --warmup 1 --runs "$RUNS" --export-markdown "$OUT/hyperfine.md" \
    -n hlsfetch "$HLS" -n "ffmpeg (default selection)" "$FFDEF" -n "ffmpeg -map 0:a:?" "$FFALL" \
    -n "yt-dlp bestaudio" "$YT" > "$OUT/hyperfine.txt" 2>&1 || { cat "$OUT/hyperfine.txt"; exit 1; }
cat "$OUT/hyperfine.md"

echo "== peak RSS and output"
for tool in hlsfetch ffmpeg-default ffmpeg-all yt-dlp; do
    case $tool in
        hlsfetch) cmd=$HLS; file=$OUT/hlsfetch.ts ;;
        ffmpeg-default) cmd=$FFDEF; file=$OUT/ffmpeg-default.ts ;;
        ffmpeg-all) cmd=$FFALL; file=$OUT/ffmpeg-all-audio.ts ;;
        yt-dlp) cmd=$YT; file=$(ls "$OUT"/yt-dlp.* | head -1) ;;
    esac
    /usr/bin/time -v sh -c "$cmd" 2> "$OUT/$tool.time" > /dev/null
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$OUT/$tool.time")
    sum=$(sha256sum "$file" | cut -c1-16)
    if cmp -s "$file" "$SRC/hls_a256K.ts"; then track="English 256K (byte-identical to hls_a256K.ts)"
    elif cmp -s "$file" "$SRC/hls_a64K.ts"; then track="English 64K (byte-identical to hls_a64K.ts)"
    else
        track=$(ffprobe -v error -select_streams a -show_entries stream=index,bit_rate -of csv=p=0 "$file" | sort -u | tr '\n' ' ')
        track="remuxed; audio streams (index,bit_rate): $track"
    fi
    printf '%-15s peak RSS %6s kB  %10s bytes  sha256 %s...  %s\n' "$tool" "$rss" "$(stat -c %s "$file")" "$sum" "$track"
done
