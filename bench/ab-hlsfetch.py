#!/usr/bin/env python3
"""A/B timing of two hlsfetch binaries against ffmpeg on the same nginx-served stream, runs interleaved.

Usage: bench/ab-hlsfetch.py OLD_HLSFETCH NEW_HLSFETCH STREAM_DIR[:RATE] [STREAM_DIR[:RATE]...] [--runs 5]
STREAM_DIR is a bench/make-stream.py stream (e.g. bench/out/streams/w2 made by compare-quick.sh); with :RATE
(e.g. w1:1m) every response is paced to RATE bytes/s by bench/throttle.py, and one curl of the whole best
rendition is timed too (the single-connection floor; "× curl" is its time over each tool's). Per tool and
stream: median/min/max wall time (perf_counter around the process) and median CPU time (user+sys of the child,
from wait4). Every output must equal the best audio rendition's .ts byte for byte (ffmpeg's -c copy remux of
these files is byte-identical too, see bench/README.md), else the run is reported as failed.
"""
import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import pick_ffmpeg_best  # noqa: E402
from nginx import Nginx  # noqa: E402
from throttle import Throttle, parse_rate  # noqa: E402


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command, work):
    for name in os.listdir(work):
        os.remove(os.path.join(work, name))
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("streams", nargs="+")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print("| stream | tool | wall median (min–max) s | CPU median s | × curl | runs ok |")
    print("|---|---|---|---|---|---|")
    for spec in args.streams:
        stream, _, rate = spec.partition(":")
        expected = sha256(os.path.join(stream, "hls_a256K.ts"))
        with Nginx(stream) as server, tempfile.TemporaryDirectory(prefix="ab-out-") as work:
            proxy = Throttle(server.port, parse_rate(rate)).start() if rate else None
            url = (proxy or server).url("hls_index.m3u8")
            index = pick_ffmpeg_best(url)
            tools = [
                ("hlsfetch old", [os.path.abspath(args.old), url, "-o", "out.ts", "--concurrency", "2", "--quiet"]),
                ("hlsfetch new", [os.path.abspath(args.new), url, "-o", "out.ts", "--concurrency", "2", "--quiet"]),
                (f"ffmpeg -map 0:{index}", ["ffmpeg", "-y", "-v", "error", "-i", url, "-map", f"0:{index}",
                                            "-c", "copy", "-f", "mpegts", "out.ts"]),
            ]
            if proxy:
                tools.append(("curl (one GET)", ["curl", "-sS", "--fail", "-o", "out.ts",
                                                 (proxy or server).url("hls_a256K.ts")]))
            figures = {name: [] for name, _ in tools}
            failures = {name: 0 for name, _ in tools}
            for _ in range(args.runs):
                for name, command in tools:
                    wall, cpu, code, stderr = run(command, work)
                    output = os.path.join(work, "out.ts")
                    if code != 0 or not os.path.exists(output) or sha256(output) != expected:
                        failures[name] += 1
                        print(f"{name}: exit {code}, {stderr.strip()[-300:]}", file=sys.stderr)
                        continue
                    figures[name].append((wall, cpu))
            if proxy:
                proxy.stop()
            curl = figures.get("curl (one GET)")
            floor = statistics.median(wall for wall, _ in curl) if curl else None
            for name, _ in tools:
                runs = figures[name]
                if not runs:
                    print(f"| {os.path.basename(spec)} | {name} | failed | | | 0/{args.runs} |")
                    continue
                walls = [wall for wall, _ in runs]
                cpu = statistics.median(cpu for _, cpu in runs)
                speedup = f"{floor / statistics.median(walls):.2f}" if floor else "–"
                print(f"| {os.path.basename(spec)} | {name} | {statistics.median(walls):.3f} "
                      f"({min(walls):.3f}–{max(walls):.3f}) | {cpu:.3f} | {speedup} | {len(runs)}/{args.runs} |")


if __name__ == "__main__":
    main()
