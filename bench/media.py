#!/usr/bin/env python3
"""MPEG-TS demux and MP3 decode throughput, ours (MediaBenchmark) next to ffmpeg's on the same file, same run.

ffmpeg reference commands (one thread, output discarded, input looped so that the run lasts about as long):
  demux:  ffmpeg -threads 1 -stream_loop N -i FILE -map 0:a -c copy -f null -
  decode: ffmpeg -threads 1 -stream_loop N -i FILE -map 0:a -c:a pcm_s16le -ar 44100 -ac 2 -f null -
Throughput is "× real time": seconds of audio handled per second of wall time. ffmpeg's figure includes its
process start (a few ms, small against runs of a second or more).

Usage: bench/media.py [--bin .build/release/MediaBenchmark] [FILE.ts] [--out REPORT.md]
"""

import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_FILE = os.path.join(ROOT, "Sources", "Samples", "DefaultStream", "hls_a192K.ts")


def audio_seconds(path):
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "format=duration",
                            "-of", "default=nw=1:nk=1", path], capture_output=True, text=True, check=True)
    return float(probe.stdout.strip())


def ffmpeg_rate(path, loops, extra):
    """Best of three: seconds of audio per wall second for ffmpeg over `loops` + 1 passes of `path`."""
    duration = audio_seconds(path) * (loops + 1)
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-threads", "1", "-stream_loop", str(loops), "-i", path,
                        "-map", "0:a"] + extra + ["-f", "null", "-"], check=True)
        best = max(best, duration / (time.perf_counter() - start))
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", default=DEFAULT_FILE)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "MediaBenchmark"))
    parser.add_argument("--out")
    args = parser.parse_args()
    ours = {"demux": [], "decode": []}
    for _ in range(3):
        output = subprocess.run([args.bin, args.file], capture_output=True, text=True, check=True).stdout
        for line in output.splitlines():
            if match := re.match(r"(demux|decode): .*?= ([\d.]+)× real time", line):
                ours[match[1]].append(float(match[2]))
            print(line, file=sys.stderr)
    if not ours["demux"] or not ours["decode"]:
        sys.exit(f"unexpected MediaBenchmark output:\n{output}")
    size = os.path.getsize(args.file)
    demux_loops = max(1, 100_000_000 // size)                 # about as many bytes as MediaBenchmark demuxes
    decode_loops = 19                                          # MediaBenchmark decodes 20 passes
    ffmpeg = {"demux": ffmpeg_rate(args.file, demux_loops, ["-c", "copy"]),
              "decode": ffmpeg_rate(args.file, decode_loops, ["-c:a", "pcm_s16le", "-ar", "44100", "-ac", "2"])}
    version = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout.splitlines()[0]
    lines = [f"Input: `{os.path.relpath(args.file, ROOT)}` ({size} bytes, {audio_seconds(args.file):.2f} s of audio). "
             f"Reference: {version}, one thread.", "",
             "| operation | ours: × real time (3 runs) | ffmpeg: × real time (best of 3) | ours ÷ ffmpeg (best) |",
             "|---|---|---|---:|"]
    names = {"demux": "MPEG-TS demux (PAT/PMT/PES, CRC checked) vs `-c copy`",
             "decode": "MP3 decode to 44.1 kHz stereo s16 (libmpg123) vs ffmpeg's mp3float + s16"}
    for key in ("demux", "decode"):
        values = ours[key]
        lines.append(f"| {names[key]} | {min(values):.0f}–{max(values):.0f} | {ffmpeg[key]:.0f} "
                     f"| {max(values) / ffmpeg[key]:.2f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
