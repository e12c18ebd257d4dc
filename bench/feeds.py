#!/usr/bin/env python3
"""Feed benchmarks of BENCHMARKS.md ("Feeds"), each next to a reference measured in the same run.

1. Decoding a highlights feed: FeedBenchmarks (release) prints µs per element for IPlayerCore's decoding,
   a plain synthesized Codable model and JSONSerialization of the same bytes.
2. A cold `mediakit iplayer highlights arts --json` process against the sample catalog served by
   `streamserve --routes` on 127.0.0.1, against `curl` of the same URL, and `mediakit iplayer --help` (the
   process start-up without a request): interleaved runs, wall and CPU time (user + system of the child,
   from wait4), medians and 90th percentiles.

Usage: bench/feeds.py [--runs N] [--bin DIR]      (default: 30 runs, the release build folder)
Builds nothing: run `swift build -c release --product P` for P in FeedBenchmarks, mediakit and streamserve
first (bench/feeds.py says so if a binary is missing).
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROUTES = os.path.join(ROOT, "Sources/Samples/IPlayerSample/routes.json")


def timed(command):
    """Wall and CPU seconds of one run of `command` (stdout discarded); fails on a non-zero exit."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    stderr = process.stderr.read().decode()
    process.stderr.close()
    if process.returncode != 0:
        sys.exit(f"bench/feeds.py: {' '.join(command)} exited {process.returncode}: {stderr}")
    return wall, usage.ru_utime + usage.ru_stime


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release"))
    args = parser.parse_args()
    binaries = {name: os.path.join(args.bin, name) for name in ("FeedBenchmarks", "mediakit", "streamserve")}
    for name, path in binaries.items():
        if not os.access(path, os.X_OK):
            sys.exit(f"bench/feeds.py: {path} is missing; swift build -c release --product {name}")
    curl = shutil.which("curl") or sys.exit("bench/feeds.py: curl is missing (apt-get install curl)")

    print("## Decoding a highlights feed\n")
    print(f"`{os.path.relpath(binaries['FeedBenchmarks'], ROOT)}`\n")
    sys.stdout.flush()
    subprocess.run([binaries["FeedBenchmarks"]], check=True)

    server = subprocess.Popen([binaries["streamserve"], "--routes", ROUTES], stdout=subprocess.PIPE, text=True)
    try:
        banner = server.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", banner)
        if not match:
            sys.exit(f"bench/feeds.py: streamserve said {banner!r}")
        base = match.group(1)
        url = f"{base}/ibl/v1/categories/arts/highlights?lang=en&rights=mobile&availability=available"
        tools = {
            "mediakit iplayer highlights arts --json": [binaries["mediakit"], "iplayer", "highlights", "arts",
                                                        "--base-url", base, "--json"],
            "curl -s (same URL)": [curl, "-sf", url],
            "mediakit iplayer --help (start-up floor, no request)": [binaries["mediakit"], "iplayer", "--help"],
        }
        for command in tools.values():  # warm the page cache
            timed(command)
        results = {name: ([], []) for name in tools}
        for _ in range(args.runs):
            for name, command in tools.items():
                wall, cpu = timed(command)
                results[name][0].append(wall)
                results[name][1].append(cpu)
    finally:
        server.terminate()
        server.wait()

    curl_wall = statistics.median(results["curl -s (same URL)"][0])
    print(f"\n## Cold `mediakit iplayer highlights` against a local server, {args.runs} interleaved runs each\n")
    print("| command | wall median (ms) | wall p90 (ms) | CPU median (ms) | wall × curl |")
    print("|---|---|---|---|---|")
    for name, (walls, cpus) in results.items():
        print(f"| `{name}` | {statistics.median(walls) * 1000:.1f} | {percentile(walls, 0.9) * 1000:.1f} | "
              f"{statistics.median(cpus) * 1000:.1f} | {statistics.median(walls) / curl_wall:.2f} |")


if __name__ == "__main__":
    main()
