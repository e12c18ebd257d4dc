#!/usr/bin/env python3
"""Generates a synthetic HLS stream in the layout of the spec's stream, for the download benchmark.

Layout (written into OUT_DIR):
  hls_index.m3u8                master: two audio renditions in GROUP-ID "audio" and several video variants
  hls_a64K_v4.m3u8  hls_a64K.ts     low-quality audio, DEFAULT=YES (the trap: DEFAULT is not quality)
  hls_a256K_v4.m3u8 hls_a256K.ts    high-quality audio, DEFAULT=NO (the track a correct tool picks)
  hls_<W>x<H>_v4.m3u8 hls_<W>x<H>.ts tiny H.264 video variants referencing the audio group
  stream.json                   the parameters and the figures of every rendition (for caching and reports)

Every media playlist is version 4 with #EXT-X-BYTERANGE over one .ts file per rendition (RFC 8216 §4.3.2.2).
The audio is real MP3 in MPEG-TS made by ffmpeg (libmp3lame, CBR), so ffmpeg and yt-dlp accept it. Segments
are cut on 188-byte packet boundaries, at the PES start whose PTS is nearest to each multiple of the segment
duration; PSI packets (PAT/PMT/SDT) right before that PES go with the new segment, so segments start cleanly.

Usage:
  bench/make-stream.py OUT_DIR --segments 20 --segment-seconds 6        # workload 1: ~20 x ~190 KB (256 kbit/s)
  bench/make-stream.py OUT_DIR --segments 2000 --segment-seconds 0.5    # workload 2: 2000 small segments
  bench/make-stream.py OUT_DIR --segments 600 --segment-seconds 6       # workload 4: one hour
Needs ffmpeg (with libmp3lame and libx264) and ffprobe on PATH; Python 3 standard library only.
"""

import argparse
import json
import math
import os
import subprocess
import sys
from dataclasses import dataclass, asdict

TS_PACKET = 188
PTS_HZ = 90_000
FFMPEG = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"]
BITEXACT = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1"]
# Video variants: (width, height, kbit/s). Tiny on purpose: only the audio is benchmarked.
VIDEO_VARIANTS = [(64, 36, 6), (128, 72, 12), (192, 108, 20)]


@dataclass
class Segment:
    """One byte range of a rendition's .ts file and its duration in seconds."""
    offset: int
    length: int
    duration: float


@dataclass
class PESStart:
    """A TS packet index where a PES packet with a PTS starts."""
    packet: int
    pts: int


def fail(message):
    print(f"make-stream: {message}", file=sys.stderr)
    sys.exit(1)


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"command failed ({result.returncode}): {' '.join(command)}\n{result.stderr.strip()}")
    return result.stdout


def psi_pids(data):
    """PIDs of PSI tables: PAT (0), SDT/others below 0x20, and the PMT PIDs listed in the first PAT."""
    pids = set(range(0x20))
    for index in range(len(data) // TS_PACKET):
        packet = data[index * TS_PACKET:(index + 1) * TS_PACKET]
        pid = ((packet[1] & 0x1F) << 8) | packet[2]
        if pid != 0 or not packet[1] & 0x40:
            continue
        payload = payload_of(packet)
        if not payload:
            continue
        section = payload[1 + payload[0]:]          # skip pointer_field (ISO/IEC 13818-1 §2.4.4.2)
        section_length = ((section[1] & 0x0F) << 8) | section[2]
        programs = section[8:3 + section_length - 4]  # after the 8-byte header, before CRC_32
        for entry in range(0, len(programs) - 3, 4):
            program_number = (programs[entry] << 8) | programs[entry + 1]
            if program_number != 0:
                pids.add(((programs[entry + 2] & 0x1F) << 8) | programs[entry + 3])
        return pids
    return pids


def payload_of(packet):
    """The payload bytes of one TS packet (after the adaptation field, if any), or b'' when it has none."""
    control = (packet[3] >> 4) & 0x3
    if not control & 0x1:
        return b""
    start = 4
    if control & 0x2:
        start += 1 + packet[4]
    return packet[start:] if start < TS_PACKET else b""


def pes_starts(data):
    """Every packet where an audio or video PES with a PTS starts (ISO/IEC 13818-1 §2.4.3.7, PTS in §2.4.3.8)."""
    starts = []
    for index in range(len(data) // TS_PACKET):
        packet = data[index * TS_PACKET:(index + 1) * TS_PACKET]
        if packet[0] != 0x47:
            fail(f"lost TS sync at packet {index} (byte {index * TS_PACKET})")
        if not packet[1] & 0x40:
            continue
        payload = payload_of(packet)
        if len(payload) < 14 or payload[0:3] != b"\x00\x00\x01" or not 0xC0 <= payload[3] <= 0xEF:
            continue
        if not payload[7] & 0x80:
            continue
        p = payload[9:14]
        pts = ((p[0] >> 1) & 0x7) << 30 | p[1] << 22 | (p[2] >> 1) << 15 | p[3] << 7 | p[4] >> 1
        starts.append(PESStart(index, pts))
    return starts


def cut_segments(path, count, seconds):
    """Splits a TS file into `count` byte ranges of about `seconds` each, on PES starts (see the module doc)."""
    with open(path, "rb") as handle:
        data = handle.read()
    if len(data) % TS_PACKET:
        fail(f"{path}: size {len(data)} is not a multiple of {TS_PACKET}")
    starts = pes_starts(data)
    if not starts:
        fail(f"{path}: no PES with a PTS found")
    psi = psi_pids(data)
    probe = run(["ffprobe", "-v", "error", "-show_entries", "format=start_time,duration", "-of", "json", path])
    fmt = json.loads(probe)["format"]
    end_pts = round((float(fmt["start_time"]) + float(fmt["duration"])) * PTS_HZ)
    first_pts = starts[0].pts

    chosen = [starts[0]]
    cursor = 1
    for k in range(1, count):
        target = first_pts + k * seconds * PTS_HZ
        best = None
        while cursor < len(starts):
            candidate = starts[cursor]
            if best is None or abs(candidate.pts - target) <= abs(best.pts - target):
                best = candidate
                cursor += 1
            else:
                break
        if best is None:
            fail(f"{path}: only {len(chosen)} PES starts for {count} segments; use longer segments")
        chosen.append(best)

    def cut_packet(start):
        index = start.packet
        while index > 0:                              # take the PSI packets just before the PES along
            previous = data[(index - 1) * TS_PACKET:index * TS_PACKET]
            if ((previous[1] & 0x1F) << 8 | previous[2]) not in psi:
                break
            index -= 1
        return index

    cuts = [0] + [cut_packet(start) for start in chosen[1:]] + [len(data) // TS_PACKET]
    pts_marks = [start.pts for start in chosen] + [end_pts]
    segments = []
    for k in range(count):
        offset, end = cuts[k] * TS_PACKET, cuts[k + 1] * TS_PACKET
        if end <= offset:
            fail(f"{path}: segment {k} would be empty")
        segments.append(Segment(offset, end - offset, (pts_marks[k + 1] - pts_marks[k]) / PTS_HZ))
    return segments


def write_media_playlist(path, ts_name, segments, implicit_offsets):
    """A version-4 VOD media playlist of byte ranges over one file (RFC 8216 §4.3.2.2, §4.3.3)."""
    target = max(1, math.ceil(max(segment.duration for segment in segments)))
    lines = ["#EXTM3U", "#EXT-X-VERSION:4", f"#EXT-X-TARGETDURATION:{target}", "#EXT-X-MEDIA-SEQUENCE:0",
             "#EXT-X-PLAYLIST-TYPE:VOD"]
    previous_end = None
    for segment in segments:
        lines.append(f"#EXTINF:{segment.duration:.6f},")
        if implicit_offsets and previous_end == segment.offset:
            lines.append(f"#EXT-X-BYTERANGE:{segment.length}")
        else:
            lines.append(f"#EXT-X-BYTERANGE:{segment.length}@{segment.offset}")
        lines.append(ts_name)
        previous_end = segment.offset + segment.length
    lines.append("#EXT-X-ENDLIST")
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def rates(segments):
    """(peak, average) bit rate in bit/s over the segments (RFC 8216 §4.3.4.2 BANDWIDTH/AVERAGE-BANDWIDTH)."""
    peak = max(segment.length * 8 / segment.duration for segment in segments if segment.duration > 0)
    average = sum(s.length for s in segments) * 8 / sum(s.duration for s in segments)
    return math.ceil(peak), math.ceil(average)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out_dir")
    parser.add_argument("--segments", type=int, default=20, help="segments per rendition (default 20)")
    parser.add_argument("--segment-seconds", type=float, default=6.0, help="segment duration (default 6)")
    parser.add_argument("--low-kbps", type=int, default=64, help="DEFAULT=YES audio bit rate (default 64)")
    parser.add_argument("--high-kbps", type=int, default=256, help="DEFAULT=NO audio bit rate (default 256)")
    parser.add_argument("--implicit-offsets", action="store_true",
                        help="write #EXT-X-BYTERANGE:<n> without @offset when the range follows the previous one")
    args = parser.parse_args()
    if args.segments < 1 or args.segment_seconds <= 0:
        fail("--segments must be >= 1 and --segment-seconds > 0")
    out = args.out_dir
    os.makedirs(out, exist_ok=True)
    total = args.segments * args.segment_seconds
    info = {"parameters": vars(args) | {"total_seconds": total}, "renditions": {}}

    audio = {}
    for kbps in (args.low_kbps, args.high_kbps):
        name = f"hls_a{kbps}K"
        ts = os.path.join(out, f"{name}.ts")
        run(FFMPEG + ["-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=44100:duration={total}",
                      "-ac", "2", "-c:a", "libmp3lame", "-b:a", f"{kbps}k"] + BITEXACT + ["-f", "mpegts", ts])
        segments = cut_segments(ts, args.segments, args.segment_seconds)
        write_media_playlist(os.path.join(out, f"{name}_v4.m3u8"), f"{name}.ts", segments, args.implicit_offsets)
        audio[kbps] = (name, segments)
        info["renditions"][name] = {"ts": f"{name}.ts", "playlist": f"{name}_v4.m3u8", "bytes": os.path.getsize(ts),
                                    "segments": len(segments), "rates": rates(segments)}

    fps = max(1, math.ceil(2 / args.segment_seconds))     # at least two frames (PES starts) per segment
    video = []
    for width, height, kbps in VIDEO_VARIANTS:
        name = f"hls_{width}x{height}"
        ts = os.path.join(out, f"{name}.ts")
        run(FFMPEG + ["-f", "lavfi", "-i", f"testsrc2=size={width}x{height}:rate={fps}:duration={total}", "-an",
                      "-c:v", "libx264", "-profile:v", "baseline", "-preset", "ultrafast", "-b:v", f"{kbps}k",
                      "-g", "1", "-pix_fmt", "yuv420p", "-x264-params", "threads=1"] + BITEXACT + ["-f", "mpegts", ts])
        segments = cut_segments(ts, args.segments, args.segment_seconds)
        write_media_playlist(os.path.join(out, f"{name}_v4.m3u8"), f"{name}.ts", segments, args.implicit_offsets)
        video.append((name, width, height, segments))
        info["renditions"][name] = {"ts": f"{name}.ts", "playlist": f"{name}_v4.m3u8", "bytes": os.path.getsize(ts),
                                    "segments": len(segments), "rates": rates(segments)}

    best_audio_peak, best_audio_average = rates(audio[max(audio)][1])
    lines = ["#EXTM3U", "#EXT-X-VERSION:4", "#EXT-X-INDEPENDENT-SEGMENTS"]
    for kbps, default in ((args.low_kbps, "YES"), (args.high_kbps, "NO")):
        name = audio[kbps][0]
        lines.append(f'#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="{name[4:]}",LANGUAGE="en",'
                     f'DEFAULT={default},AUTOSELECT=YES,CHANNELS="2",URI="{name}_v4.m3u8"')
    for name, width, height, segments in video:
        peak, average = rates(segments)
        lines.append(f"#EXT-X-STREAM-INF:BANDWIDTH={peak + best_audio_peak},"
                     f"AVERAGE-BANDWIDTH={average + best_audio_average},"
                     f'CODECS="avc1.42c00d,mp4a.40.34",RESOLUTION={width}x{height},AUDIO="audio"')
        lines.append(f"{name}_v4.m3u8")
    with open(os.path.join(out, "hls_index.m3u8"), "w") as handle:
        handle.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "stream.json"), "w") as handle:
        json.dump(info, handle, indent=2)
    for name, figures in info["renditions"].items():
        print(f"{name}: {figures['segments']} segments, {figures['bytes']} bytes, "
              f"peak/avg {figures['rates'][0]}/{figures['rates'][1]} bit/s")


if __name__ == "__main__":
    main()
