#!/bin/sh
# Builds the embedded sample video in Sources/Samples/VideoSample (see README.md there). hls/ (step 5): what the
# apps play, 320x180, 640x360 and 1280x720 with two MP3 renditions, 12 s that loop. ts/ and fmp4/ (the engine's
# test ladders): a 10 s clip at 30 fps,
# ffmpeg's testsrc2 pattern with the time and frame number burnt in, and a tone whose pitch steps up every second
# (so A/V sync can be checked by eye and ear), as two HLS ladders of three H.264 variants (240p, 360p, 480p):
#   ts/    MPEG-TS segments, AAC audio muxed into every variant
#   fmp4/  fMP4/CMAF segments with an EXT-X-MAP init section, video-only variants and one separate AAC rendition
#          (EXT-X-MEDIA TYPE=AUDIO)
# 1 s segments, a key frame at the start of each (GOP 30, no scene-cut key frames), so every segment is independent.
# Needs: ffmpeg with libx264, libfreetype (drawtext) and the DejaVu fonts (fonts-dejavu-core).
# Usage: scripts/make-video-sample.sh [hls]   (from the package root; `hls`: step 5 alone, the other ladders untouched)
set -eu
OUT=Sources/Samples/VideoSample
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FF="ffmpeg -hide_banner -loglevel error -y"
BITEXACT="-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf
SECONDS_LONG=10
FPS=30

ONLY=${1:-}
if [ "$ONLY" != hls ]; then
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
#    as written.
fi

# 5. The ladder the apps play (hls/, issue 30): what `SDLDemo --video`, the Buff panel's video and every Watch and
#    Listen of the Vimeo and Interlochen samples open. Real resolutions (320x180, 640x360, 1280x720: the 180p
#    variant is the small one a slow link falls back to) at low bit rates, since the picture is easily compressed:
#    a rotating four-colour gradient (ffmpeg's `gradients`, one turn in 12 s), a bar and a post gliding on sine
#    paths (periods 12 s and 6 s) and a title. 12 s that loop without a seam: SampleServer's looped playlists repeat
#    them (EXT-X-DISCONTINUITY between passes) for as long as a video is listed. Sound: MP3 in MPEG-TS, a plucked
#    C major arpeggio (a note every 0.75 s), as two renditions of the group "aud" (128 kbit/s stereo DEFAULT, 64 kbit/s
#    mono), so Listen has MP3 to play (AudioPlayback decodes MP3) and picks the better one. 3 s segments: 90 frames
#    at 30 fps and 125 MP3 frames at 48 kHz (1152 samples each), so every segment of every rendition lasts exactly
#    3 s and a playlist of n segments exactly 3n s.
HLS_OUT="$OUT/hls"
rm -rf "$HLS_OUT"
mkdir -p "$HLS_OUT"
LOOP=12
$FF -f lavfi -i "gradients=s=1280x720:r=$FPS:d=$LOOP:c0=0x264653:c1=0x2a9d8f:c2=0xe9c46a:c3=0xf4a261:nb_colors=4:speed=$(python3 -c "import math; print(2 * math.pi / ($LOOP * $FPS))"):seed=7" \
    -f lavfi -i "color=c=white@0.55:s=280x28:r=$FPS:d=$LOOP,format=rgba" \
    -f lavfi -i "color=c=0x1b2233@0.45:s=28x160:r=$FPS:d=$LOOP,format=rgba" \
    -f lavfi -i "aevalsrc='0.25*sin(2*PI*261.63*pow(2\,if(eq(mod(floor(t/0.75)\,4)\,0)\,0\,if(eq(mod(floor(t/0.75)\,4)\,1)\,4\,if(eq(mod(floor(t/0.75)\,4)\,2)\,7\,12)))/12)*t)*exp(-4*mod(t\,0.75))':s=48000:c=stereo:d=$LOOP" \
    -filter_complex "[0:v][1:v]overlay=x='(main_w-overlay_w)*(0.5+0.45*sin(2*PI*t/$LOOP))':y=main_h*0.66:eval=frame[a];[a][2:v]overlay=x=main_w*0.12:y='(main_h-overlay_h)*(0.5+0.4*cos(2*PI*t/($LOOP/2)))':eval=frame,drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:fontsize=60:fontcolor=white@0.92:x=(w-tw)/2:y=h*0.3:text='CirclePlayer sample',format=yuv420p[v]" \
    -map "[v]" -map 3:a -c:v libx264 -qp 0 -preset ultrafast -c:a pcm_s16le $BITEXACT "$WORK/loop.mkv"
HLS_LADDER="-filter_complex [0:v]split=3[a][b][c];[a]scale=320:180[v0];[b]scale=640:360[v1];[c]copy[v2]"
HLS_X264="-c:v libx264 -profile:v main -preset medium -pix_fmt yuv420p -g 90 -keyint_min 90 -sc_threshold 0 -threads 1"
HLS_RATES="-b:v:0 60k -maxrate:v:0 80k -bufsize:v:0 160k -b:v:1 150k -maxrate:v:1 200k -bufsize:v:1 400k -b:v:2 400k -maxrate:v:2 520k -bufsize:v:2 1000k"
$FF -i "$WORK/loop.mkv" $HLS_LADDER \
    -map "[v0]" -map "[v1]" -map "[v2]" -map 0:a -map 0:a $HLS_X264 $HLS_RATES \
    -c:a libmp3lame -b:a:0 128k -ac:a:0 2 -b:a:1 64k -ac:a:1 1 -ar 48000 $BITEXACT \
    -f hls -hls_time 3 -hls_playlist_type vod -hls_flags independent_segments -master_pl_name master.m3u8 \
    -hls_segment_type mpegts -hls_segment_filename "$HLS_OUT/%v/seg%02d.ts" \
    -var_stream_map "a:0,agroup:aud,name:a128k,default:yes a:1,agroup:aud,name:a64k v:0,agroup:aud,name:v180p v:1,agroup:aud,name:v360p v:2,agroup:aud,name:v720p" \
    "$HLS_OUT/%v/index.m3u8"

# Print what was made.
du -sh "$OUT" "$HLS_OUT"
cat "$OUT/ts/master.m3u8" "$OUT/fmp4/master.m3u8" "$HLS_OUT/master.m3u8"
