#!/usr/bin/env python3
"""Side-by-side download comparison: hlsfetch, ffmpeg, yt-dlp and a single curl, on streams served by nginx.

For each workload, each tool runs `--runs` times (the tools interleaved, so load on the machine hits all alike)
against the same master playlist on 127.0.0.1. Per tool it reports wall time (median, min, max), peak RSS
(/usr/bin/time %M, the largest process of the run), bytes written, the audio track it fetched (from nginx's
access log and from the payload hash), whether the audio payload equals the source rendition (ffmpeg streamhash
of the audio packets, which is independent of remuxing), the requests it made, the bytes it pulled from the
server and the most requests it had in flight at once. Ratios are against ffmpeg and yt-dlp *from the same
run*, both set to fetch the best track explicitly (the "picked by hand" rows), so that like is compared with like.

Usage: bench/compare.py --stream DIR[:RATE] [--stream ...] [--hlsfetch BIN] [--runs 5] [--out REPORT.md]
       (normally run through bench/compare-quick.sh, which makes the streams and the venv first)
"""

import argparse
import hashlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nginx import Nginx, Request, max_in_flight  # noqa: E402
from throttle import Throttle, parse_rate  # noqa: E402

BENCH = os.path.dirname(os.path.abspath(__file__))
YT_DLP = os.path.join(BENCH, ".venv", "bin", "yt-dlp")
TIME = "/usr/bin/time"
RUN_TIMEOUT = 900


@dataclass
class Tool:
    """One command line to benchmark; `{url}` and `{out}` are filled in per run."""
    name: str
    command: list
    reference: str = ""      # "ffmpeg" or "yt-dlp" when this row is the ratio reference for that peer
    note: str = ""


@dataclass
class Run:
    wall: float
    rss_kb: int
    exit_code: int
    bytes_written: int
    requests: int
    bytes_served: int
    in_flight: int
    connections: int
    files: Counter
    stderr: str


@dataclass
class Result:
    tool: Tool
    runs: list = field(default_factory=list)
    track: str = "?"
    payload_ok: str = "?"


def streamhash(path):
    """SHA-256 of the first audio stream's packets (`ffmpeg -f streamhash`), or '' when ffmpeg finds none."""
    result = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-map", "0:a:0", "-c", "copy", "-f", "streamhash",
                             "-hash", "sha256", "-"], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        if ",a," in line:
            return line.split("=", 1)[1]
    return ""


def file_sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def output_file(directory, stem):
    """The file a tool wrote for `stem` (yt-dlp may add an extension); None when it wrote none."""
    candidates = [name for name in os.listdir(directory) if name.startswith(stem) and not name.endswith(".part")
                  and ".part-Frag" not in name and not name.endswith(".ytdl")]
    return os.path.join(directory, sorted(candidates)[0]) if candidates else None


def time_one(command, work, stem):
    """Runs `command` under /usr/bin/time; returns (wall seconds, peak RSS kB, exit code, stderr tail, file)."""
    for name in os.listdir(work):
        os.remove(os.path.join(work, name))
    stats = os.path.join(work, ".time-stats")
    start = time.perf_counter()
    try:
        process = subprocess.run([TIME, "-f", "%M", "-o", stats] + command, cwd=work, capture_output=True,
                                 text=True, timeout=RUN_TIMEOUT)
        code, stderr = process.returncode, process.stderr
    except subprocess.TimeoutExpired as timeout:
        code, stderr = -1, f"timed out after {RUN_TIMEOUT} s: {timeout}"
    wall = time.perf_counter() - start
    try:
        with open(stats) as handle:
            rss = int(handle.read().strip().splitlines()[-1])
    except (OSError, ValueError, IndexError):
        rss = 0
    return wall, rss, code, stderr.strip()[-400:], output_file(work, stem)


def pick_ffmpeg_best(url):
    """The ffmpeg input stream index of the audio stream with the highest bit rate, from ffprobe (not timed)."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a", "-show_entries",
                            "stream=index,bit_rate", "-of", "json", url], capture_output=True, text=True)
    streams = json.loads(probe.stdout or "{}").get("streams", [])
    best = max(streams, key=lambda s: int(s.get("bit_rate") or 0), default=None)
    return best["index"] if best else None


def pick_ytdlp_best(url, high_playlist):
    """The yt-dlp format id whose playlist is the high-quality rendition (found by hand: yt-dlp cannot rank it)."""
    dump = subprocess.run([YT_DLP, "--ignore-config", "--no-cache-dir", "-J", url], capture_output=True, text=True)
    formats = json.loads(dump.stdout or "{}").get("formats", [])
    for fmt in formats:
        if fmt.get("url", "").endswith(high_playlist):
            return fmt["format_id"]
    return None


def ytdlp_pick(url, selector):
    result = subprocess.run([YT_DLP, "--ignore-config", "--no-cache-dir", "-f", selector, "--print",
                             "%(format_id)s", url], capture_output=True, text=True)
    return result.stdout.strip() or f"error: {result.stderr.strip()[-200:]}"


def tools_for(url, stream_dir, info, hlsfetch, notes):
    renditions = info["renditions"]
    audio = sorted((name for name in renditions if name.startswith("hls_a")),
                   key=lambda name: renditions[name]["rates"][1])
    high = audio[-1]
    tools = []
    if hlsfetch:
        listing = subprocess.run([hlsfetch, "--list", url], capture_output=True, text=True, timeout=120)
        notes.append("`hlsfetch --list` (exit %d):\n\n```\n%s\n```" % (
            listing.returncode, (listing.stdout + listing.stderr).strip().replace(url.rsplit("/", 1)[0], "URL")))
        tools.append(Tool("hlsfetch", [hlsfetch, "{url}", "-o", "{out}.ts", "--concurrency", "2", "--quiet"]))
    tools.append(Tool("ffmpeg (its own pick)", ["ffmpeg", "-y", "-v", "error", "-i", "{url}", "-vn", "-c", "copy",
                                                "-f", "mpegts", "{out}.ts"]))
    index = pick_ffmpeg_best(url)
    if index is not None:
        tools.append(Tool(f"ffmpeg -map 0:{index} (picked by hand)",
                          ["ffmpeg", "-y", "-v", "error", "-i", "{url}", "-map", f"0:{index}", "-c", "copy",
                           "-f", "mpegts", "{out}.ts"], reference="ffmpeg",
                          note="index of the highest bit_rate audio stream per ffprobe (probe not timed)"))
    if os.path.exists(YT_DLP):
        common = [YT_DLP, "--ignore-config", "--no-cache-dir", "-q", "--no-warnings", "--no-progress",
                  "--concurrent-fragments", "2", "--hls-use-mpegts", "-o", "{out}.%(ext)s"]
        notes.append(f"yt-dlp -f bestaudio resolves to format `{ytdlp_pick(url, 'bestaudio')}`")
        tools.append(Tool("yt-dlp -f bestaudio", common + ["-f", "bestaudio", "{url}"]))
        format_id = pick_ytdlp_best(url, renditions[high]["playlist"])
        if format_id:
            tools.append(Tool(f"yt-dlp -f {format_id} (picked by hand)", common + ["-f", format_id, "{url}"],
                              reference="yt-dlp"))
    tools.append(Tool("curl (floor: one GET of the .ts)",
                      ["curl", "-sS", "--fail", "-o", "{out}.ts", url.rsplit("/", 1)[0] + "/" + renditions[high]["ts"]]))
    return tools, audio


def describe_track(files, audio, renditions):
    """The audio rendition the run fetched most from, plus the other .ts files it touched (probing)."""
    counts = {name: files.get("/" + renditions[name]["ts"], 0) for name in renditions}
    fetched = [name for name in audio if counts[name]]
    if not fetched:
        return "none"
    main = max(fetched, key=lambda name: counts[name])
    extra = [f"{name[4:]}×{counts[name]}" for name in audio if counts[name] and name != main]
    video = sum(count for name, count in counts.items() if name not in audio)
    if video:
        extra.append(f"video×{video}")
    return main[4:] + (f" (also {', '.join(extra)})" if extra else "")


def bench_stream(stream_dir, rate, hlsfetch, runs, log):
    with open(os.path.join(stream_dir, "stream.json")) as handle:
        info = json.load(handle)
    renditions = info["renditions"]
    notes = []
    source_hash = {name: streamhash(os.path.join(stream_dir, figures["ts"]))
                   for name, figures in renditions.items() if name.startswith("hls_a")}
    source_file_hash = {name: file_sha256(os.path.join(stream_dir, renditions[name]["ts"])) for name in source_hash}
    with Nginx(stream_dir) as server, tempfile.TemporaryDirectory(prefix="bench-out-") as work:
        proxy = Throttle(server.port, parse_rate(rate)).start() if rate else None
        url = (proxy or server).url("hls_index.m3u8")
        tools, audio = tools_for(url, stream_dir, info, hlsfetch, notes)
        results = [Result(tool) for tool in tools]
        for round_index in range(runs):
            order = results[round_index % len(results):] + results[:round_index % len(results)]
            for result in order:
                command = [part.replace("{url}", url).replace("{out}", "out") for part in result.tool.command]
                server.clear_log()
                if proxy:
                    proxy.take_requests()
                wall, rss, code, stderr, written = time_one(command, work, "out")
                time.sleep(0.05)                             # let nginx flush the last log lines
                requests = server.read_log()
                files = Counter(request.uri for request in requests)
                if proxy:                                  # the proxy's times are the paced ones the client saw
                    paced = [Request(r.end, r.end - r.start, 0, r.status, r.bytes_sent, r.uri, "")
                             for r in proxy.take_requests()]
                    in_flight = max_in_flight(paced)
                else:
                    in_flight = max_in_flight(requests)
                run = Run(wall, rss, code, os.path.getsize(written) if written else 0, len(requests),
                          sum(request.bytes_sent for request in requests), in_flight,
                          len({request.connection for request in requests}), files, stderr)
                result.runs.append(run)
                log(f"  {result.tool.name}: {wall:.3f} s, {rss} kB, exit {code}, {run.bytes_written} B, "
                    f"{run.requests} req, {run.in_flight} in flight" + (f" | {stderr}" if code else ""))
                if round_index == 0:                       # payload check once per tool
                    result.track = describe_track(files, audio, renditions)
                    digest = streamhash(written) if written and code == 0 else ""
                    matches = [name[4:] for name, value in source_hash.items() if value and value == digest]
                    result.payload_ok = f"= {matches[0]}" if matches else ("no output" if not digest else "differs")
                    if matches and file_sha256(written) == source_file_hash[f"hls_{matches[0]}"]:
                        result.payload_ok += ", file identical"
        if proxy:
            proxy.stop()
    return info, results, notes


def fmt_ratio(value, reference):
    return f"{value / reference:.2f}" if reference else "–"


def table(results):
    medians = {r.tool.name: statistics.median(run.wall for run in r.runs) for r in results}
    rss = {r.tool.name: max(run.rss_kb for run in r.runs) for r in results}
    refs = {}
    for r in results:
        if r.tool.reference:
            refs[r.tool.reference] = r.tool.name
    f_ref, y_ref = refs.get("ffmpeg"), refs.get("yt-dlp")
    lines = ["| tool | track fetched | payload | wall median s (min–max) | time ÷ ffmpeg | time ÷ yt-dlp "
             "| peak RSS MB | RSS ÷ ffmpeg | RSS ÷ yt-dlp | bytes written | requests (conns) | bytes served "
             "| max in flight | exit |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        walls = [run.wall for run in r.runs]
        name = r.tool.name
        first = r.runs[0]
        exits = ",".join(sorted({str(run.exit_code) for run in r.runs}))
        lines.append(
            f"| {name} | {r.track} | {r.payload_ok} | {medians[name]:.3f} ({min(walls):.3f}–{max(walls):.3f}) "
            f"| {fmt_ratio(medians[name], medians.get(f_ref))} | {fmt_ratio(medians[name], medians.get(y_ref))} "
            f"| {rss[name] / 1024:.1f} | {fmt_ratio(rss[name], rss.get(f_ref))} "
            f"| {fmt_ratio(rss[name], rss.get(y_ref))} | {first.bytes_written} | {first.requests} ({first.connections}) "
            f"| {first.bytes_served} | {first.in_flight} | {exits} |")
    return "\n".join(lines)


def versions(hlsfetch):
    def first_line(command):
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=30)
            return (result.stdout or result.stderr).strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "unavailable"
    found = {"ffmpeg": first_line(["ffmpeg", "-version"]), "yt-dlp": first_line([YT_DLP, "--version"]),
             "curl": first_line(["curl", "--version"]), "nginx": first_line(["nginx", "-v"]),
             "python": sys.version.split()[0], "kernel": platform.release()}
    if hlsfetch:
        found["hlsfetch"] = f"{hlsfetch} ({first_line(['git', '-C', BENCH, 'rev-parse', '--short', 'HEAD'])})"
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stream", action="append", required=True,
                        help="a stream directory from make-stream.py, optionally :RATE for nginx limit_rate")
    parser.add_argument("--hlsfetch", help="path of the hlsfetch binary (row left out when absent)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", help="also write the Markdown report to this file")
    args = parser.parse_args()
    if not os.access(TIME, os.X_OK):
        sys.exit(f"{TIME} missing: apt-get install -y time")
    hlsfetch = os.path.abspath(args.hlsfetch) if args.hlsfetch else None
    if hlsfetch and not os.access(hlsfetch, os.X_OK):
        sys.exit(f"hlsfetch binary not executable: {hlsfetch}")

    def log(message):
        print(message, file=sys.stderr, flush=True)

    report = [f"# Download comparison, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", "",
              f"Machine: {platform.machine()}, {os.cpu_count()} cores, load average at start "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}. Runs per tool: {args.runs}, tools interleaved.", "",
              "Versions: " + "; ".join(f"{k}: {v}" for k, v in versions(hlsfetch).items()), ""]
    for spec in args.stream:
        directory, _, rate = spec.partition(":")
        log(f"{directory}{' at ' + rate + '/s per request' if rate else ''}:")
        info, results, notes = bench_stream(directory, rate or None, hlsfetch, args.runs, log)
        p = info["parameters"]
        high = max((n for n in info["renditions"] if n.startswith("hls_a")), key=lambda n: info["renditions"][n]["rates"][1])
        figures = info["renditions"][high]
        report += [f"## {os.path.basename(os.path.normpath(directory))}: {p['segments']} segments × "
                   f"{p['segment_seconds']} s ({p['total_seconds'] / 60:.1f} min), best track {high} "
                   f"{figures['bytes']} bytes (~{figures['bytes'] // figures['segments'] // 1000} kB per segment)"
                   + (f", each response paced to {rate} = {parse_rate(rate)} bytes/s by bench/throttle.py in front of nginx" if rate else ""), "",
                   table(results), ""]
        report += [f"- {note}" for note in notes]
        for r in results:
            if r.tool.note:
                report.append(f"- {r.tool.name}: {r.tool.note}")
            failed = [run for run in r.runs if run.exit_code != 0]
            if failed:
                report.append(f"- {r.tool.name}: {len(failed)} failed run(s): {failed[0].stderr!r}")
            report.append(f"- {r.tool.name} requests by file (first run): "
                          + ", ".join(f"{uri} {count}" for uri, count in sorted(r.runs[0].files.items())))
        report.append("")
    report.append(f"Load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    text = "\n".join(report) + "\n"
    print(text)
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
