#!/usr/bin/env python3
"""How hlsfetch, ffmpeg and yt-dlp behave on two server faults from issue #3 (one run each, not timed).

  1. A segment answers 404: the 256K playlist's 5th segment (index 4) points at a file that does not exist.
     Right: a non-zero exit status naming the segment, and no complete-looking output file.
  2. The server ignores Range (nginx `max_ranges 0`: 200 with the whole file for every byte range).
     Right: the track's exact bytes (sliced locally), or a clear error; never the whole file once per segment.

Each tool is told to fetch the 256K track explicitly (ffmpeg `-map` by ffprobe's highest bit rate, yt-dlp
`-f` by its playlist URL), so the test is about the fault, not the pick. Uses the workload-1 stream made by
compare-quick.sh (bench/out/streams/w1) and copies it to bench/out/streams/w1-faults.

Usage: bench/faults-quick.py [HLSFETCH_BINARY]     (after bench/compare-quick.sh has made the w1 stream)
"""

import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import YT_DLP, file_sha256, pick_ffmpeg_best, pick_ytdlp_best, streamhash  # noqa: E402
from nginx import Nginx  # noqa: E402

BENCH = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(BENCH, "out", "streams", "w1")
FAULTS = os.path.join(BENCH, "out", "streams", "w1-faults")
BROKEN_SEGMENT = 4


def make_fault_stream():
    """Copies w1 and adds hls_index_404.m3u8, whose 256K playlist has one segment on a missing file."""
    shutil.rmtree(FAULTS, ignore_errors=True)
    shutil.copytree(SOURCE, FAULTS)
    with open(os.path.join(FAULTS, "hls_a256K_v4.m3u8")) as handle:
        lines = handle.read().split("\n")
    uris = [index for index, line in enumerate(lines) if line == "hls_a256K.ts"]
    lines[uris[BROKEN_SEGMENT]] = "missing_a256K.ts"
    with open(os.path.join(FAULTS, "hls_a256K_404_v4.m3u8"), "w") as handle:
        handle.write("\n".join(lines))
    with open(os.path.join(FAULTS, "hls_index.m3u8")) as handle:
        master = handle.read().replace("hls_a256K_v4.m3u8", "hls_a256K_404_v4.m3u8")
    with open(os.path.join(FAULTS, "hls_index_404.m3u8"), "w") as handle:
        handle.write(master)


def commands(url, high_playlist, hlsfetch):
    rows = []
    if hlsfetch:
        rows.append(("hlsfetch", [hlsfetch, url, "-o", "out.ts", "--quiet"]))
    index = pick_ffmpeg_best(url)
    rows.append((f"ffmpeg -map 0:{index}", ["ffmpeg", "-y", "-v", "error", "-i", url, "-map", f"0:{index}", "-c",
                                          "copy", "-f", "mpegts", "out.ts"]))
    format_id = pick_ytdlp_best(url, high_playlist)
    rows.append((f"yt-dlp -f {format_id}", [YT_DLP, "--ignore-config", "--no-cache-dir", "-q", "--no-progress",
                                            "--concurrent-fragments", "2", "--hls-use-mpegts", "-o", "out.%(ext)s",
                                            "-f", str(format_id), url]))
    return rows


def main():
    hlsfetch = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
    if not os.path.exists(os.path.join(SOURCE, "stream.json")):
        sys.exit(f"no stream in {SOURCE}: run WORKLOADS=1 bench/compare-quick.sh first")
    make_fault_stream()
    source = os.path.join(FAULTS, "hls_a256K.ts")
    source_size, source_sha, source_stream = os.path.getsize(source), file_sha256(source), streamhash(source)
    print("| fault | tool | exit | output files (bytes) | = source? | statuses served | bytes served | stderr (tail) |")
    print("|---|---|---|---|---|---|---|---|")
    cases = [("404 on segment 4 (0-based)", "hls_index_404.m3u8", "hls_a256K_404_v4.m3u8", False),
             ("Range ignored (200 + whole file)", "hls_index.m3u8", "hls_a256K_v4.m3u8", True)]
    for label, master, high_playlist, ignore_range in cases:
        with Nginx(FAULTS, ignore_range=ignore_range) as server, tempfile.TemporaryDirectory() as work:
            for name, command in commands(server.url(master), high_playlist, hlsfetch):
                for entry in os.listdir(work):
                    os.remove(os.path.join(work, entry))
                server.clear_log()
                result = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=600)
                log = server.read_log()
                files = {entry: os.path.getsize(os.path.join(work, entry)) for entry in sorted(os.listdir(work))}
                finals = [entry for entry in files if entry.startswith("out.") and ".part" not in entry
                          and not entry.endswith(".ytdl")]
                verdict = "no final file"
                if finals:
                    path = os.path.join(work, finals[0])
                    if file_sha256(path) == source_sha:
                        verdict = "yes, identical"
                    elif streamhash(path) == source_stream:
                        verdict = "same audio"
                    else:
                        verdict = f"NO ({files[finals[0]]} vs {source_size} bytes)"
                statuses = dict(sorted(collections.Counter(request.status for request in log).items()))
                stderr = result.stderr.strip().replace("\n", " ")[-160:].replace("|", "/")
                print(f"| {label} | {name} | {result.returncode} | {json.dumps(files)} | {verdict} | "
                      f"{statuses} | {sum(request.bytes_sent for request in log)} | {stderr} |", flush=True)


if __name__ == "__main__":
    main()
