#!/bin/sh
# Regenerates the small reference fixtures of MPEGTSTests and AudioPlaybackTests with ffmpeg (independent of our code).
# Usage: scripts/make-test-fixtures.sh   (run from the package root; needs ffmpeg with libmp3lame and libx264)
set -eu
TS_DIR=Tests/MPEGTSTests/Fixtures
AP_DIR=Tests/AudioPlaybackTests/Fixtures
mkdir -p "$TS_DIR" "$AP_DIR"
FF="ffmpeg -hide_banner -loglevel error -y"
BITEXACT="-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1"

# 1. MPEG-TS with a tiny H.264 video stream and an MP3 audio stream (1.5 s).
$FF -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=1.5" \
    -f lavfi -i "testsrc=size=32x32:rate=2:duration=1.5" \
    -map 1:v -map 0:a -c:v libx264 -preset ultrafast -b:v 8k -g 2 \
    -c:a libmp3lame -b:a 64k -ac 2 $BITEXACT -f mpegts "$TS_DIR/video_mp3.ts"
# ffmpeg's own extraction of the audio elementary stream: raw MPEG audio frames (no ID3, no Xing frame).
$FF -i "$TS_DIR/video_mp3.ts" -map 0:a -c copy -id3v2_version 0 -write_xing 0 $BITEXACT -f mp3 "$TS_DIR/video_mp3.audio.mp3"

# 2. MPEG-TS with AAC (ADTS) audio only (0.5 s), for codec detection.
$FF -f lavfi -i "sine=frequency=330:sample_rate=44100:duration=0.5" -c:a aac -b:a 32k $BITEXACT \
    -f mpegts "$TS_DIR/aac.ts"

# 3. A 1 s stereo MP3 (left 440 Hz, right 660 Hz) and ffmpeg's decode of it as raw s16le 44.1 kHz stereo.
$FF -f lavfi -i "aevalsrc=0.5*sin(2*PI*440*t)|0.5*sin(2*PI*660*t):s=44100:d=1" \
    -c:a libmp3lame -b:a 128k $BITEXACT "$AP_DIR/tone.mp3"
$FF -i "$AP_DIR/tone.mp3" -f s16le -ac 2 -ar 44100 "$AP_DIR/tone.s16le"
# 4. The same tone muxed into MPEG-TS, and as AAC in MPEG-TS.
$FF -i "$AP_DIR/tone.mp3" -c copy $BITEXACT -f mpegts "$AP_DIR/tone_mp3.ts"
$FF -f lavfi -i "sine=frequency=330:sample_rate=44100:duration=0.3" -c:a aac -b:a 32k $BITEXACT \
    -f mpegts "$AP_DIR/tone_aac.ts"
# 5. A 0.5 s mono 48 kHz MP3 of a 440 Hz sine (the decoder must resample it to 44.1 kHz stereo).
$FF -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.5" -c:a libmp3lame -b:a 48k -ac 1 $BITEXACT \
    "$AP_DIR/sine48k_mono.mp3"
ls -l "$TS_DIR" "$AP_DIR"
