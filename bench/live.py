#!/usr/bin/env python3
"""Records one live HLS stream with hlsfetch, ffmpeg and streamlink at the same time, for the same duration,
and reports segments missed, duplicates, decode errors, CPU time and peak RSS per tool.

The stream: make-stream.py's 256 kbit/s MP3-in-TS rendition (one continuous timeline, 2 s segments), published
in real time by a small packager thread like a radio station's: every segment duration it writes the next
`index.m3u8` (a sliding window of WINDOW segments, EXT-X-MEDIA-SEQUENCE growing, written to a temporary file
and renamed) next to the segment files. Each tool reads it through its own nginx (same directory), so each
access log holds one tool's requests. The source is long enough that the window never loops within a run, so
the recorded audio's time stamps are continuous and any jump or overlap in an output is the tool's doing:

- segments missed: forward jumps in the output's audio packet times (ffprobe), in segment durations;
- duplicates: audio packets whose time does not advance (a segment written twice), in segment durations; and
  segment URLs requested more than once (nginx log);
- decode errors: lines of `ffmpeg -v error -i OUT -f null -`;
- CPU time (user + sys) and peak RSS: `/usr/bin/time -f "%U %S %M"`.

Usage:
  bench/live.py --hlsfetch .build/release/hlsfetch [--seconds 60] [--runs 3] [--window 6]
Needs ffmpeg, ffprobe, nginx and /usr/bin/time; streamlink from bench/.venv (bench/setup-venv.sh).
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nginx import Nginx  # noqa: E402

BENCH = os.path.dirname(os.path.abspath(__file__))
SEGMENT_SECONDS = 2.0


def read_source(stream_dir):
    """The 256K rendition's segments as (duration, bytes), from its byte-range playlist."""
    playlist = open(os.path.join(stream_dir, "hls_a256K_v4.m3u8")).read().splitlines()
    data = open(os.path.join(stream_dir, "hls_a256K.ts"), "rb").read()
    segments, duration, offset, length = [], None, 0, None
    for line in playlist:
        if line.startswith("#EXTINF:"):
            duration = float(line[8:].split(",")[0])
        elif line.startswith("#EXT-X-BYTERANGE:"):
            value = line[17:]
            length, _, at = value.partition("@")
            length = int(length)
            if at:
                offset = int(at)
        elif line and not line.startswith("#"):
            segments.append((duration, data[offset:offset + length]))
            offset += length
    return segments


class Packager(threading.Thread):
    """Publishes `segments` into `root` in real time: WINDOW listed at start, one more every segment duration."""

    def __init__(self, root, segments, window):
        super().__init__(daemon=True)
        self.root, self.segments, self.window = root, segments, window
        self.newest = window - 1
        self.stopped = threading.Event()
        for index, (_, data) in enumerate(segments):
            with open(os.path.join(root, f"seg{index}.ts"), "wb") as handle:
                handle.write(data)
        self.publish()

    def publish(self):
        first = max(0, self.newest - self.window + 1)
        target = max(round(duration) for duration, _ in self.segments)
        lines = ["#EXTM3U", "#EXT-X-VERSION:3", f"#EXT-X-TARGETDURATION:{target}", f"#EXT-X-MEDIA-SEQUENCE:{first}"]
        for index in range(first, self.newest + 1):
            lines += [f"#EXTINF:{self.segments[index][0]:.6f},", f"seg{index}.ts"]
        temporary = os.path.join(self.root, "index.m3u8.tmp")
        with open(temporary, "w") as handle:
            handle.write("\n".join(lines) + "\n")
        os.rename(temporary, os.path.join(self.root, "index.m3u8"))

    def run(self):
        due = time.monotonic()
        while not self.stopped.is_set() and self.newest + 1 < len(self.segments):
            due += self.segments[self.newest + 1][0]
            if self.stopped.wait(max(0, due - time.monotonic())):
                return
            self.newest += 1
            self.publish()

    def stop(self):
        self.stopped.set()


def audio_times(path):
    """(pts_time, duration_time) of every audio packet of `path`."""
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
                          "packet=pts_time,duration_time", "-of", "json", path],
                         capture_output=True, text=True).stdout
    packets = json.loads(out or "{}").get("packets", [])
    return [(float(p["pts_time"]), float(p.get("duration_time", 0) or 0)) for p in packets if "pts_time" in p]


def continuity(path):
    """Recorded seconds, seconds missed (forward jumps) and seconds duplicated (time going back or standing)."""
    packets = audio_times(path)
    if len(packets) < 2:
        return 0.0, 0.0, 0.0
    step = statistics.median(d for _, d in packets if d > 0) if any(d > 0 for _, d in packets) else 0.026
    missed = duplicated = 0.0
    for (previous, duration), (current, _) in zip(packets, packets[1:]):
        delta = current - previous
        if delta > 1.5 * max(duration, step):
            missed += delta - max(duration, step)
        elif delta <= 0:
            duplicated += step
    recorded = packets[-1][0] + packets[-1][1] - packets[0][0] - missed + duplicated
    return recorded, missed, duplicated


def decode_errors(path):
    result = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "null", "-"], capture_output=True, text=True)
    return len([line for line in result.stderr.splitlines() if line.strip()])


def run_tools(hlsfetch, streamlink, seconds, window, stream_dir, work):
    """One run: a fresh packager, three nginx instances, the three tools at once. Returns a row per tool."""
    root = os.path.join(work, "live")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    # nginx.py probes hls_index.m3u8 to know it is up.
    open(os.path.join(root, "hls_index.m3u8"), "w").write("#EXTM3U\n")
    packager = Packager(root, read_source(stream_dir), window)
    servers = {name: Nginx(root).start() for name in ("hlsfetch", "ffmpeg", "streamlink")}
    outputs = {name: os.path.join(work, f"{name}.ts") for name in servers}
    for path in outputs.values():
        if os.path.exists(path):
            os.remove(path)
    commands = {
        "hlsfetch": [hlsfetch, servers["hlsfetch"].url("index.m3u8"), "-o", outputs["hlsfetch"],
                     "--duration", str(seconds), "--quiet"],
        "ffmpeg": ["ffmpeg", "-y", "-v", "error", "-i", servers["ffmpeg"].url("index.m3u8"), "-c", "copy",
                   "-t", str(seconds), "-f", "mpegts", outputs["ffmpeg"]],
        "streamlink": [streamlink, "--loglevel", "error", "--hls-duration", str(seconds), "-o", outputs["streamlink"],
                       "hls://" + servers["streamlink"].url("index.m3u8"), "best"],
    }
    for server in servers.values():
        server.clear_log()
    packager.start()
    processes = {}
    for name, command in commands.items():
        processes[name] = subprocess.Popen(["/usr/bin/time", "-f", "TIME %e %U %S %M"] + command,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    rows = {}
    for name, process in processes.items():
        try:
            _, stderr = process.communicate(timeout=seconds * 4 + 60)
        except subprocess.TimeoutExpired:
            process.kill()                 # this run's own child, by its pid
            _, stderr = process.communicate()
            stderr += "\n(killed: no end after the time limit)"
        match = re.search(r"TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)", stderr)
        wall, user, system, rss = (float(match[1]), float(match[2]), float(match[3]), int(match[4])) if match else (0, 0, 0, 0)
        requests = [r for r in servers[name].read_log() if re.fullmatch(r"/seg\d+\.ts", r.uri)]
        counts = {}
        for request in requests:
            counts[request.uri] = counts.get(request.uri, 0) + 1
        recorded, missed, duplicated = continuity(outputs[name]) if os.path.exists(outputs[name]) else (0, 0, 0)
        rows[name] = {
            "status": process.returncode, "wall": wall, "cpu": user + system, "rss_mb": rss / 1024,
            "recorded": recorded, "missed": missed / SEGMENT_SECONDS, "duplicated": duplicated / SEGMENT_SECONDS,
            "refetched": sum(count - 1 for count in counts.values()), "segments_requested": len(counts),
            "decode_errors": decode_errors(outputs[name]) if os.path.exists(outputs[name]) else -1,
            "stderr": "\n".join(line for line in stderr.splitlines() if not line.startswith("TIME "))[-300:],
        }
    packager.stop()
    for server in servers.values():
        server.stop()
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hlsfetch", required=True)
    parser.add_argument("--streamlink", default=os.path.join(BENCH, ".venv", "bin", "streamlink"))
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--window", type=int, default=6)
    args = parser.parse_args()

    stream_dir = os.path.join(BENCH, "out", "streams", "live-source")
    # Each run starts the packager afresh at segment 0: the window, the recording and a margin must fit.
    segments_needed = args.window + int(args.seconds / SEGMENT_SECONDS) + 20
    playlist = os.path.join(stream_dir, "hls_a256K_v4.m3u8")
    if not os.path.exists(playlist) or len(read_source(stream_dir)) < segments_needed:
        shutil.rmtree(stream_dir, ignore_errors=True)
        os.makedirs(stream_dir, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(BENCH, "make-stream.py"), stream_dir, "--segments",
                        str(segments_needed), "--segment-seconds", str(SEGMENT_SECONDS)],
                       check=True, stdout=subprocess.DEVNULL)
    work = tempfile.mkdtemp(prefix="bench-live-")
    runs = []
    try:
        for run in range(args.runs):
            print(f"live: run {run + 1} of {args.runs} ({args.seconds} s)", file=sys.stderr)
            runs.append(run_tools(args.hlsfetch, args.streamlink, args.seconds, args.window, stream_dir, work))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    tools = ["hlsfetch", "ffmpeg", "streamlink"]
    commands = {
        "hlsfetch": f"hlsfetch URL -o out.ts --duration {args.seconds} --quiet",
        "ffmpeg": f"ffmpeg -i URL -c copy -t {args.seconds} -f mpegts out.ts",
        "streamlink": f"streamlink --hls-duration {args.seconds} -o out.ts hls://URL best",
    }
    print(f"Live recording of one real-time stream ({SEGMENT_SECONDS:g} s segments, window {args.window}, "
          f"256 kbit/s MP3 in MPEG-TS, served by nginx on 127.0.0.1), {args.seconds} s per tool, the three tools "
          f"at once, {args.runs} runs; medians (min-max).\n")
    print("| tool | command | exit | recorded s | segments missed | duplicated segments | segments re-requested "
          "| decode errors | CPU s | peak RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")

    def cell(name, key, fmt="{:.1f}"):
        values = [run[name][key] for run in runs]
        middle = statistics.median(values)
        if min(values) == max(values):
            return fmt.format(middle)
        return f"{fmt.format(middle)} ({fmt.format(min(values))}-{fmt.format(max(values))})"

    for name in tools:
        exits = ",".join(sorted({str(run[name]["status"]) for run in runs}))
        print(f"| {name} | `{commands[name]}` | {exits} | {cell(name, 'recorded')} | {cell(name, 'missed')} "
              f"| {cell(name, 'duplicated')} | {cell(name, 'refetched', '{:.0f}')} | {cell(name, 'decode_errors', '{:.0f}')} "
              f"| {cell(name, 'cpu', '{:.2f}')} | {cell(name, 'rss_mb')} |")
    for name in tools:
        notes = {run[name]["stderr"] for run in runs if run[name]["stderr"].strip()}
        for note in notes:
            print(f"\n{name} stderr: `{note.strip()[:200]}`")


if __name__ == "__main__":
    main()
