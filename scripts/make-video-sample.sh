#!/bin/sh
# Builds the embedded sample video in Sources/Samples/VideoSample (see README.md there): a 10 s clip at 30 fps,
# ffmpeg's testsrc2 pattern with the time and frame number burnt in, and a tone whose pitch steps up every second
# (so A/V sync can be checked by eye and ear), as two HLS ladders of three H.264 variants (240p, 360p, 480p):
#   ts/    MPEG-TS segments, AAC audio muxed into every variant
#   fmp4/  fMP4/CMAF segments with an EXT-X-MAP init section, video-only variants and one separate AAC rendition
#          (EXT-X-MEDIA TYPE=AUDIO)
# 1 s segments, a key frame at the start of each (GOP 30, no scene-cut key frames), so every segment is independent.
# Needs: ffmpeg with libx264, libfreetype (drawtext) and the DejaVu fonts (fonts-dejavu-core).
# Usage: scripts/make-video-sample.sh   (from the package root)
set -eu
OUT=Sources/Samples/VideoSample
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FF="ffmpeg -hide_banner -loglevel error -y"
BITEXACT="-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf
SECONDS_LONG=10
FPS=30

rm -rf "$OUT/ts" "$OUT/fmp4"
mkdir -p "$OUT/ts" "$OUT/fmp4"

# 1. The master: 854x480 testsrc2, "t=SS.mmm  f=NNN" burnt in (time and frame number of the frame itself), and a
#    tone at 440 Hz x 2^(k/12) during second k (k = 0, 1, ...): one semitone up per second. Lossless H.264.
$FF -f lavfi -i "testsrc2=size=854x480:rate=$FPS:duration=$SECONDS_LONG" \
    -f lavfi -i "aevalsrc=0.4*sin(2*PI*440*pow(2\,floor(t)/12)*t):s=48000:c=stereo:d=$SECONDS_LONG" \
    -vf "drawtext=fontfile=$FONT:fontsize=44:fontcolor=white:box=1:boxcolor=black@0.7:boxborderw=8:x=(w-tw)/2:y=h-th-24:text='t=%{eif\:n/$FPS\:d}.%{eif\:mod(n\,$FPS)*100/$FPS\:d\:2}  f=%{frame_num}'" \
    -c:v libx264 -qp 0 -preset ultrafast -pix_fmt yuv420p -c:a pcm_s16le $BITEXACT "$WORK/master.mkv"

X264="-c:v libx264 -profile:v main -preset medium -pix_fmt yuv420p -g $FPS -keyint_min $FPS -sc_threshold 0 -threads 1"
LADDER="-filter_complex [0:v]split=3[a][b][c];[a]scale=426:240[v0];[b]scale=640:360[v1];[c]scale=854:480[v2]"
RATES="-b:v:0 150k -maxrate:v:0 180k -bufsize:v:0 300k -b:v:1 300k -maxrate:v:1 360k -bufsize:v:1 600k -b:v:2 600k -maxrate:v:2 720k -bufsize:v:2 1200k"
AAC="-c:a aac -b:a 64k -ac 2 -ar 48000"
HLS="-f hls -hls_time 1 -hls_playlist_type vod -hls_flags independent_segments -master_pl_name master.m3u8"

# 2. MPEG-TS ladder, audio muxed into each variant.
$FF -i "$WORK/master.mkv" $LADDER \
    -map "[v0]" -map 0:a -map "[v1]" -map 0:a -map "[v2]" -map 0:a $X264 $RATES $AAC $BITEXACT \
    $HLS -hls_segment_type mpegts -hls_segment_filename "$OUT/ts/v%v/seg%02d.ts" \
    -var_stream_map "v:0,a:0,name:240p v:1,a:1,name:360p v:2,a:2,name:480p" "$OUT/ts/v%v/index.m3u8"

# 3. fMP4 ladder: video-only variants plus one AAC rendition in the group "aud".
$FF -i "$WORK/master.mkv" $LADDER \
    -map "[v0]" -map "[v1]" -map "[v2]" -map 0:a $X264 $RATES $AAC $BITEXACT \
    $HLS -hls_segment_type fmp4 -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$OUT/fmp4/v%v/seg%02d.m4s" \
    -var_stream_map "a:0,agroup:aud,name:audio,default:yes v:0,agroup:aud,name:240p v:1,agroup:aud,name:360p v:2,agroup:aud,name:480p" \
    "$OUT/fmp4/v%v/index.m3u8"

# 4. ffmpeg (5.1) writes the same master for both, without FRAME-RATE; our players do not need it, so it is kept
#    as written. Print what was made.
du -sh "$OUT"
cat "$OUT/ts/master.m3u8" "$OUT/fmp4/master.m3u8"
