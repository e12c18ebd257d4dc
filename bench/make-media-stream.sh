#!/bin/sh
# Writes a real (decodable) HLS stream modelled on hls_index.m3u8 for the tool comparison:
#   DIR/test/hls_index.m3u8        master: "English 64K" (DEFAULT=YES) and "English 256K" (better, not default)
#                                  audio renditions, two video variants
#   DIR/test/hls_a{64,256}K_v4.m3u8 + .ts   AAC-LC in MPEG-TS, 10 s segments, byte ranges over one file (v4)
#   DIR/test/hls_{360p,720p}_v4.m3u8 + .ts  tiny H.264 video-only variants
# Usage: bench/make-media-stream.sh DIR [SECONDS]   (default 600 s). Needs ffmpeg.
set -eu
DIR=$1/test
SECONDS_TOTAL=${2:-600}
mkdir -p "$DIR"
FF="ffmpeg -hide_banner -loglevel error -y"
hls() {
    name=$1
    shift
    $FF "$@" -f hls -hls_time 10 -hls_playlist_type vod -hls_flags single_file \
        -hls_segment_filename "$DIR/hls_$name.ts" "$DIR/hls_${name}_v4.m3u8"
    sed -i 's/^#EXT-X-VERSION:.*/#EXT-X-VERSION:4/' "$DIR/hls_${name}_v4.m3u8"
}
TONE="sine=frequency=440:sample_rate=48000:duration=$SECONDS_TOTAL"
hls a256K -f lavfi -i "$TONE" -f lavfi -i "sine=frequency=660:sample_rate=48000:duration=$SECONDS_TOTAL" \
    -filter_complex "[0:a][1:a]join=inputs=2:channel_layout=stereo[a]" -map "[a]" -c:a aac -b:a 256k
hls a64K -f lavfi -i "$TONE" -ac 2 -c:a aac -b:a 64k
hls 360p -f lavfi -i "testsrc2=size=64x36:rate=1:duration=$SECONDS_TOTAL" -an -c:v libx264 -g 10 -b:v 20k
hls 720p -f lavfi -i "testsrc2=size=128x72:rate=1:duration=$SECONDS_TOTAL" -an -c:v libx264 -g 10 -b:v 40k
cat > "$DIR/hls_index.m3u8" <<'M3U'
#EXTM3U
#EXT-X-VERSION:4
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-lo",NAME="English 64K",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="hls_a64K_v4.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-hi",NAME="English 256K",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="hls_a256K_v4.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=120000,CODECS="avc1.42c00a,mp4a.40.2",RESOLUTION=64x36,AUDIO="aud-lo"
hls_360p_v4.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=320000,CODECS="avc1.42c00b,mp4a.40.2",RESOLUTION=128x72,AUDIO="aud-hi"
hls_720p_v4.m3u8
M3U
echo "wrote $DIR"
