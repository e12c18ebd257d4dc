#!/bin/sh
# Builds the demo's embedded HLS stream in Sources/Samples/DefaultStream (see README.md there).
# Needs: sox, espeak-ng, lame-enabled ffmpeg with libx264. Deterministic: sox -R, ffmpeg bitexact flags.
# Usage: scripts/make-default-stream.sh   (from the package root)
set -eu
OUT=Sources/Samples/DefaultStream
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
FF="ffmpeg -hide_banner -loglevel error -y"
BITEXACT="-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1"
SOX="sox -R -q"

# --- 1. The music: a spoken title, a plucked melody and a closing chord (44.1 kHz stereo) -------------------
espeak-ng -v en-us -s 150 -p 45 -w "$WORK/voice.wav" "Circle Player demo"
$SOX "$WORK/voice.wav" -r 44100 -c 2 "$WORK/voice44.wav" gain -n -3 pad 0.2 0.3

# note <file> <pitch> <seconds> <pan: left-gain right-gain>
note() {
    $SOX -n -r 44100 -c 1 "$WORK/n.wav" synth "$3" pluck "$2" fade q 0.005 "$3" 0.25 gain -8
    $SOX "$WORK/n.wav" -c 2 "$1" remix "1v$4" "1v$5"
}
i=0
for spec in "C4 0.35 1.0 0.6" "E4 0.35 0.9 0.7" "G4 0.35 0.8 0.8" "C5 0.35 0.7 0.9" \
            "B4 0.35 0.6 1.0" "G4 0.35 0.7 0.9" "A4 0.35 0.8 0.8" "F4 0.35 0.9 0.7" \
            "E4 0.35 1.0 0.6" "G4 0.35 0.9 0.7" "C5 0.35 0.8 0.8" "E5 0.35 0.7 0.9" \
            "D5 0.35 0.6 1.0" "B4 0.35 0.7 0.9" "G4 0.35 0.8 0.8" "D4 0.35 0.9 0.7"; do
    set -- $spec
    note "$WORK/note$(printf %02d $i).wav" "$1" "$2" "$3" "$4"
    i=$((i + 1))
done
$SOX "$WORK"/note*.wav "$WORK/melody.wav"
# Closing C major chord, 2.5 s, with a slow decay; C3 bass in the middle.
$SOX -n -r 44100 -c 1 "$WORK/chord.wav" synth 2.5 pluck C3 pluck C4 pluck E4 pluck G4 pluck C5 \
    fade q 0.01 2.5 1.8 gain -n -4
$SOX "$WORK/chord.wav" -c 2 "$WORK/chord2.wav" remix 1v0.9 1v0.9
$SOX "$WORK/voice44.wav" "$WORK/melody.wav" "$WORK/chord2.wav" "$WORK/master.wav" gain -n -1

# --- 2. Audio renditions: MP3 in MPEG-TS, ~1 s segments, one .ts per rendition with byte ranges -------------
# hls <name> <ffmpeg input and codec args...>: writes $OUT/<name>.ts and $WORK/<name>.m3u8 (ffmpeg's playlist).
hls() {
    name=$1
    shift
    $FF "$@" $BITEXACT -f hls -hls_time 1 -hls_playlist_type vod -hls_flags single_file \
        -hls_segment_type mpegts -hls_segment_filename "$OUT/$name.ts" "$WORK/$name.m3u8"
}
hls hls_a64K -i "$WORK/master.wav" -c:a libmp3lame -b:a 64k -ac 1 -ar 44100
hls hls_a192K -i "$WORK/master.wav" -c:a libmp3lame -b:a 192k -ac 2 -ar 44100

# --- 3. Video variants: tiny H.264, 1 fps, a key frame per second, no audio ---------------------------------
DURATION=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$WORK/master.wav")
for variant in 64x36:6k 128x72:12k 192x108:20k; do
    size=${variant%%:*} rate=${variant##*:}
    hls "hls_$size" -f lavfi -i "testsrc2=size=$size:rate=1:duration=$DURATION" -an \
        -c:v libx264 -profile:v baseline -level 1.0 -preset veryslow -b:v "$rate" -maxrate "$rate" -bufsize "$rate" \
        -g 1 -keyint_min 1 -sc_threshold 0 -pix_fmt yuv420p -x264-params threads=1
done

# --- 4. Media playlists: version 4, byte ranges; every second range relies on the implicit offset ------------
# (RFC 8216 §4.3.2.2: without @o the sub-range starts right after the previous one of the same resource.)
for name in hls_a64K hls_a192K hls_64x36 hls_128x72 hls_192x108; do
    awk '
        /^#EXT-X-VERSION/ { print "#EXT-X-VERSION:4"; next }
        /^#EXT-X-BYTERANGE:/ {
            split(substr($0, 18), part, "@")
            if (n % 2 == 1 && part[2] + 0 == next_offset) print "#EXT-X-BYTERANGE:" part[1]
            else print $0
            next_offset = part[1] + part[2]; n++
            next
        }
        { print }
    ' "$WORK/$name.m3u8" > "$OUT/${name}_v4.m3u8"
done

# Peak and average bit rate of a media playlist (bytes of each range over its EXTINF duration), for BANDWIDTH.
rates() {
    awk '
        /^#EXTINF:/ { sub(/^#EXTINF:/, ""); sub(/,.*/, ""); duration = $0 + 0 }
        /^#EXT-X-BYTERANGE:/ { split(substr($0, 18), part, "@"); bytes = part[1] + 0
            total += bytes; seconds += duration
            if (duration > 0 && bytes * 8 / duration > peak) peak = bytes * 8 / duration }
        END { printf "%d %d\n", peak, total * 8 / seconds }
    ' "$1"
}
set -- $(rates "$OUT/hls_a192K_v4.m3u8")
AUDIO_PEAK=$1 AUDIO_AVERAGE=$2

# --- 5. Master playlist: two audio renditions (the worse one is DEFAULT), three video variants -------------
{
    echo "#EXTM3U"
    echo "#EXT-X-VERSION:4"
    echo "#EXT-X-INDEPENDENT-SEGMENTS"
    echo '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="English (mono, 64 kbit/s)",AUTOSELECT=YES,DEFAULT=YES,CHANNELS="1",URI="hls_a64K_v4.m3u8"'
    echo '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="English (stereo, 192 kbit/s)",AUTOSELECT=YES,DEFAULT=NO,CHANNELS="2",URI="hls_a192K_v4.m3u8"'
    for size in 64x36 128x72 192x108; do
        set -- $(rates "$OUT/hls_${size}_v4.m3u8")
        echo "#EXT-X-STREAM-INF:BANDWIDTH=$(($1 + AUDIO_PEAK)),AVERAGE-BANDWIDTH=$(($2 + AUDIO_AVERAGE)),CODECS=\"avc1.42c00a,mp4a.40.34\",RESOLUTION=$size,FRAME-RATE=1.000,AUDIO=\"audio\""
        echo "hls_${size}_v4.m3u8"
    done
} > "$OUT/hls_index.m3u8"

# --- 6. Fallback MP3 (played when a downloaded track is not MP3): a 4 s descending arpeggio -----------------
i=0
for pitch in C5 A4 F4 D4 B3 G3; do
    note "$WORK/fb$(printf %02d $i).wav" "$pitch" 0.4 0.8 0.8
    i=$((i + 1))
done
$SOX -n -r 44100 -c 1 "$WORK/fbchord.wav" synth 1.6 pluck G3 pluck B3 pluck D4 pluck F4 fade q 0.01 1.6 1.2 gain -n -4
$SOX "$WORK/fbchord.wav" -c 2 "$WORK/fbchord2.wav" remix 1v0.9 1v0.9
$SOX "$WORK"/fb0*.wav "$WORK/fbchord2.wav" "$WORK/fallback.wav" gain -n -1
$FF -i "$WORK/fallback.wav" -c:a libmp3lame -b:a 96k $BITEXACT -id3v2_version 0 "$OUT/fallback.mp3"

du -ab "$OUT" | sort -k2
