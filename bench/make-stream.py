#!/usr/bin/env python3
"""Writes a synthetic HLS stream modelled on hls_index.m3u8 into a directory.

    make-stream.py DIR SEGMENTS [SEGMENT_BYTES]

DIR/test/hls_index.m3u8 is a master playlist with two audio renditions, "English 64K" (DEFAULT=YES) and
"English 256K" (not default, the better one), and two video variants; each rendition is a version-4 media
playlist of SEGMENTS byte-range segments over one file (hls_a64K.ts, hls_a256K.ts). The video variants are
real too: each one has a media playlist over its own file (hls_360p.ts, hls_720p.ts, 4 segments), so tools
that pick a variant can run. Contents are pseudo-random bytes (not decodable media): tools must copy them
as they are. Segment sizes vary by +-25 % around SEGMENT_BYTES (default 320000, i.e. 10 s at 256 kbit/s).
"""
import os
import random
import sys


def write_rendition(directory, name, count, average, rng):
    lengths = [average + rng.randint(-average // 4, average // 4) for _ in range(count)]
    with open(os.path.join(directory, f"hls_{name}.ts"), "wb") as out:
        remaining = sum(lengths)
        while remaining:
            chunk = min(remaining, 1 << 20)
            out.write(rng.randbytes(chunk))
            remaining -= chunk
    lines = ["#EXTM3U", "#EXT-X-VERSION:4", "#EXT-X-TARGETDURATION:10", "#EXT-X-MEDIA-SEQUENCE:0",
             "#EXT-X-PLAYLIST-TYPE:VOD"]
    offset = 0
    for index, length in enumerate(lengths):
        lines += ["#EXTINF:10.0,", f"#EXT-X-BYTERANGE:{length}@{offset}" if index == 0 else f"#EXT-X-BYTERANGE:{length}",
                  f"hls_{name}.ts"]
        offset += length
    lines.append("#EXT-X-ENDLIST")
    with open(os.path.join(directory, f"hls_{name}_v4.m3u8"), "w") as out:
        out.write("\n".join(lines) + "\n")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    directory = os.path.join(sys.argv[1], "test")
    count = int(sys.argv[2])
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 320_000
    os.makedirs(directory, exist_ok=True)
    rng = random.Random(count * 7919 + size)
    write_rendition(directory, "a256K", count, size, rng)
    write_rendition(directory, "a64K", count, size // 4, rng)
    write_rendition(directory, "360p", 4, 100_000, rng)
    write_rendition(directory, "720p", 4, 200_000, rng)
    with open(os.path.join(directory, "hls_index.m3u8"), "w") as out:
        out.write("""#EXTM3U
#EXT-X-VERSION:4
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-lo",NAME="English 64K",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="hls_a64K_v4.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-hi",NAME="English 256K",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="hls_a256K_v4.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aud-lo"
hls_360p_v4.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=3200000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1280x720,AUDIO="aud-hi"
hls_720p_v4.m3u8
""")


main()
