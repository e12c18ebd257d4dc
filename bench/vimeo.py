#!/usr/bin/env python3
"""`mediakit vimeo`: `albums` and `videos` from the store against from a local server, and the store's size.

The Vimeo sample library (Sources/Samples/VimeoSample: 7 albums on 3 pages, an album of 60 videos)
plus a generated album of 1,000 videos (bench/list-scroll.py's) are served by `streamserve --routes` on
127.0.0.1. For each command, --runs runs of:

  network    a fresh store every run: the command fetches (albums: 3 pages; videos: one page of 25) and stores
  store      the same store, fetched a minute earlier: the command answers from SQLite, no request
  reference  `mediakit vimeo --help`: the process's start and exit alone, measured in the same run

Times are wall milliseconds per command (median and min of the runs, the whole process), and the ratio of the
median to the reference's. The store size is the SQLite file after storing all 40 pages of the 1,000-video
album (`videos 2001 --page 1..40`), minus the size of a store holding only the album list, per 1,000 videos.

Usage: bench/vimeo.py [--bin .build/release] [--runs 20] [--out REPORT.md]
"""

import argparse
import importlib.util
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "Sources", "Samples", "VimeoSample")
TOKEN = "sample-token"


def load_list_scroll():
    spec = importlib.util.spec_from_file_location("list_scroll", os.path.join(ROOT, "bench", "list-scroll.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Server:
    def __init__(self, binary, routes, directory):
        self.process = subprocess.Popen([binary, "--routes", routes, directory], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"at (http://\S+?)/? ", line + " ")
        if not match:
            self.process.kill()
            sys.exit(f"streamserve did not start: {line!r}")
        self.base = match[1].rstrip("/")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def timed(command, env):
    start = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    elapsed = (time.perf_counter() - start) * 1000
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}")
    return elapsed, result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--out")
    args = parser.parse_args()
    mediakit, streamserve = os.path.join(args.bin, "mediakit"), os.path.join(args.bin, "streamserve")
    for binary in (mediakit, streamserve):
        if not os.access(binary, os.X_OK):
            sys.exit(f"{binary} not found (swift build -c release --product mediakit; --product streamserve)")
    env = dict(os.environ, VIMEO_TOKEN=TOKEN)
    rows = []
    with tempfile.TemporaryDirectory(prefix="vimeo-bench-") as work:
        sample = Server(streamserve, os.path.join(SAMPLE, "routes.json"), SAMPLE)
        big_directory = os.path.join(work, "big")
        load_list_scroll().make_catalog(big_directory)
        big = Server(streamserve, os.path.join(big_directory, "routes.json"), big_directory)
        try:
            def vimeo(base, store, *rest):
                return [mediakit, "vimeo", "--base-url", base, "--store", store, "--json", *rest]

            reference = [timed([mediakit, "vimeo", "--help"], env)[0] for _ in range(args.runs)]
            ref = statistics.median(reference)
            rows.append(("reference: `mediakit vimeo --help` (start and exit)", f"{ref:.1f}", f"{min(reference):.1f}", "1.00"))
            for name, rest in (("albums (3 pages, 7 albums)", ["albums"]),
                               ("videos 1001 --page 2 (25 videos)", ["videos", "1001", "--page", "2"])):
                network, stored = [], []
                for run in range(args.runs):
                    store = os.path.join(work, f"{rest[0]}-{run}.sqlite")
                    elapsed, out = timed(vimeo(sample.base, store, *rest), env)
                    assert '"source": "network"' in out, out[:200]
                    network.append(elapsed)
                    elapsed, out = timed(vimeo(sample.base, store, *rest), env)
                    assert '"source": "store"' in out, out[:200]
                    stored.append(elapsed)
                for label, values in (("network (local server)", network), ("store", stored)):
                    median = statistics.median(values)
                    rows.append((f"`{name}` from the {label}", f"{median:.1f}", f"{min(values):.1f}", f"{median / ref:.2f}"))

            # Store size per 1,000 videos.
            store = os.path.join(work, "big.sqlite")
            timed(vimeo(big.base, store, "albums"), env)
            empty = os.path.getsize(store)
            for page in range(1, 41):
                timed(vimeo(big.base, store, "videos", "2001", "--page", str(page)), env)
            full = os.path.getsize(store)
        finally:
            sample.stop()
            big.stop()

    report = ["| command | median ms | min ms | median ÷ reference |", "|---|---:|---:|---:|"]
    report += [f"| {' | '.join(row)} |" for row in rows]
    report.append("")
    report.append(f"Store size: {full / 1024:.0f} KiB after 1,000 videos (40 pages of 25) against {empty / 1024:.0f} KiB with "
                  f"the album list only: {(full - empty) / 1024:.0f} KiB per 1,000 videos (SQLite through GRDB: one row per video, its pictures, tags and files as JSON, "
                  f"plus a row per page and per page position).")
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    text = "\n".join(report) + f"\n\nRuns per figure: {args.runs}. Load average at end: {load}\n"
    print(text)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
