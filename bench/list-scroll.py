#!/usr/bin/env python3
"""SDLDemo list scrolling: 1,000 rows with thumbnails, flung under Xvfb and replayed offscreen, for the apps
with long lists (issue 19: "one script for both apps").

Each catalogue is generated into a temporary directory with 1,000 distinct 192×108 PNG thumbnails and served by
`streamserve DIR --routes routes.json` on 127.0.0.1:

  vimeo      a Vimeo library with one album of 1,000 videos in 40 pages of 25 (the API's JSON shapes, as issue 12
             lists them); `SDLDemo --app vimeo --base-url URL` opens the album (a click), then its list is flung
             and paged as it nears its end.
  iplayer    the Mini iPlayer: one category whose highlights feed (iBL's shapes) holds 1,000 elements, every
             tenth a `group_large` collection; `SDLDemo --app iplayer --base-url URL` selects the category (a
             click), then its highlights are flung (all 1,000 arrive in one feed, no paging).

For each app (`--app vimeo`, `--app iplayer`, or `--app both`, the default):

  flinging   in a real window under Xvfb; xdotool flings the list (press, five quick moves, release) every
             0.7 s, six towards the end then six back, for --seconds: CPU % and the frame rate and draw time
             from SDLDemo's `--stats` line, plus the peak RSS.
  scripted   SDL_VIDEODRIVER=offscreen, a script that flings 100 times through all 1,000 rows on the virtual clock (60 fps):
             draw time per frame, wall time per frame, rows at the end.

and once per run the reference: the same window, the same time, the circle alone pushed edge to edge with the
arrow keys (the default app): the cost of animating at the display rate with no list, measured in the same run.

CPU % is (utime + stime) from /proc/PID/stat over the phase's wall time, as a share of one core. Frame figures
are ratios to the 60 Hz budget (16.67 ms) and to the reference.

Usage: bench/list-scroll.py [--app vimeo|iplayer|both] [--bin .build/release] [--seconds 10] [--out REPORT.md]
Needs Xvfb, xdotool (Debian: xvfb, xdotool); bench/run installs them.
"""

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET_MS = 1000 / 60
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
WIDTH, HEIGHT = 800, 600
ROWS, PAGE = 1000, 25
FLINGS = 100


def png(width, height, pixel):
    """A PNG (RGB, 8 bits, filter 0) of `pixel(x, y) -> (r, g, b)`, zlib-compressed."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            raw.extend(pixel(x, y))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b"")


ALBUM = "2001"
TOKEN = "bench-token"


def make_catalog(directory):
    """A Vimeo library: one album of 1,000 videos in 40 pages of 25, each video with its own thumbnail (a
    gradient whose hue follows the video), and routes.json serving it (the thumbnails are files)."""
    os.makedirs(os.path.join(directory, "thumbs"), exist_ok=True)
    os.makedirs(os.path.join(directory, "pages"), exist_ok=True)
    for index in range(ROWS):
        r, g, b = (index * 37) % 256, (index * 91) % 256, (index * 53) % 256
        data = png(192, 108, lambda x, y: (min(255, r + x // 2), min(255, g + y), b))
        with open(os.path.join(directory, "thumbs", f"{index}.png"), "wb") as handle:
            handle.write(data)
    videos_path = f"/me/albums/{ALBUM}/videos"
    album = {"uri": f"/users/1/albums/{ALBUM}", "name": "1,000 videos", "description": None,
             "created_time": "2020-01-01T00:00:00+00:00",
             "pictures": {"sizes": [{"width": 192, "height": 108, "link": "{{base_url}}/thumbs/0.png"}]},
             "metadata": {"connections": {"videos": {"uri": f"/albums/{ALBUM}/videos", "options": ["GET"], "total": ROWS}}}}
    with open(os.path.join(directory, "pages", "albums.json"), "w") as handle:
        json.dump({"total": 1, "page": 1, "per_page": 25, "data": [album],
                   "paging": {"next": None, "previous": None, "first": "/me/albums?page=1", "last": "/me/albums?page=1"}}, handle)
    routes = [{"path": "/me/albums", "query": {"page": "1"}, "file": "pages/albums.json", "template": True}]
    pages = ROWS // PAGE
    for number in range(1, pages + 1):
        videos = [{"uri": f"/videos/{300000 + i}", "name": f"Video {i}: a title long enough to be cut at the end of the row",
                   "description": f"Take {i}.", "duration": 60 + i, "width": 1280, "height": 720,
                   "created_time": "2020-01-01T00:00:00+00:00", "status": "available",
                   "tags": [{"name": "bench", "tag": "bench"}],
                   "pictures": {"sizes": [{"width": 192, "height": 108, "link": "{{base_url}}/thumbs/%d.png" % i}]}}
                  for i in range((number - 1) * PAGE, number * PAGE)]
        next_page = f"{videos_path}?page={number + 1}&per_page={PAGE}" if number < pages else None
        page = {"total": ROWS, "page": number, "per_page": PAGE, "data": videos,
                "paging": {"next": next_page, "previous": None, "first": f"{videos_path}?page=1&per_page={PAGE}",
                           "last": f"{videos_path}?page={pages}&per_page={PAGE}"}}
        with open(os.path.join(directory, "pages", f"videos-{number}.json"), "w") as handle:
            json.dump(page, handle)
        routes.append({"path": videos_path, "query": {"page": str(number), "per_page": str(PAGE)},
                       "file": f"pages/videos-{number}.json", "template": True})
    with open(os.path.join(directory, "routes.json"), "w") as handle:
        json.dump({"routes": routes}, handle)


def make_iplayer_catalog(directory):
    """A routes.json serving one category ("bench") whose highlights hold 1,000 elements in iBL's shapes (every
    tenth a `group_large` collection), and the thumbnails at the ImageChef path the app asks for (192x108)."""
    images = os.path.join(directory, "images", "ic", "192x108")
    os.makedirs(images, exist_ok=True)
    for index in range(ROWS):
        r, g, b = (index * 37) % 256, (index * 91) % 256, (index * 53) % 256
        with open(os.path.join(images, f"t{index}.png"), "wb") as handle:
            handle.write(png(192, 108, lambda x, y: (min(255, r + x // 2), min(255, g + y), b)))
    elements = []
    for i in range(ROWS):
        image = {"type": "image", "standard": "{{base_url}}/images/ic/{recipe}/t%d.png" % i}
        if i % 10 == 9:
            elements.append({"type": "group_large", "id": f"c{i}", "title": f"Collection {i}", "count": i % 9 + 2,
                             "images": image})
        else:
            elements.append({"type": "episode", "id": f"e{i}", "title": f"Programme {i}: a title long enough to be cut at the end of the row",
                             "subtitle": f"Series {i % 5 + 1}: Episode {i % 12 + 1}",
                             "master_brand": {"titles": {"small": "BBC %s" % ["One", "Two", "Four"][i % 3]}},
                             "synopses": {"small": f"Synopsis {i}."}, "images": image,
                             "versions": [{"kind": "original", "duration": {"value": "PT29M", "text": "29 mins"},
                                           "first_broadcast": "9pm 1 Jul 2018",
                                           "availability": {"remaining": {"text": "Available for 29 days"}}}]})
    with open(os.path.join(directory, "categories.json"), "w") as handle:
        json.dump({"version": "1.0", "categories": [{"type": "category", "id": "bench", "title": "1,000 highlights", "kind": "genre"}]}, handle)
    with open(os.path.join(directory, "highlights.json"), "w") as handle:
        json.dump({"version": "1.0", "category_highlights": {"category": {"id": "bench", "title": "1,000 highlights"},
                                                             "elements": elements}}, handle)
    routes = {"routes": [
        {"path": "/ibl/v1/categories", "query": {"rights": "mobile"}, "file": "categories.json"},
        {"path": "/ibl/v1/categories/bench/highlights", "query": {"lang": "en", "rights": "mobile", "availability": "available"},
         "file": "highlights.json", "template": True},
    ]}
    with open(os.path.join(directory, "routes.json"), "w") as handle:
        json.dump(routes, handle)


class App:
    """What differs between the apps: the catalogue, the window's arguments, the tap that opens the list."""

    def __init__(self, name, label, make, arguments, open_y, opened_screen):
        self.name, self.label, self.make, self.arguments = name, label, make, arguments
        self.open_y, self.opened_screen = open_y, opened_screen


APPS = {
    # The album is the first row of the albums list (rows 76 pt tall under a 46 pt title bar).
    "vimeo": App("vimeo", "a Vimeo album of 1,000 videos", make_catalog,
                 lambda base: ["--app", "vimeo", "--base-url", base, "--token", TOKEN], 84, "videos"),
    # The category is the first row of the categories list (56 pt rows).
    "iplayer": App("iplayer", "1,000 iPlayer highlights", make_iplayer_catalog,
                   lambda base: ["--app", "iplayer", "--base-url", base], 76, "highlights"),
}


def demo_arguments(base):
    """The Vimeo app's arguments (bench/vimeo.py shares the catalogue and these)."""
    return APPS["vimeo"].arguments(base)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def free_display():
    for number in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            return number
    sys.exit("no free X display number between :90 and :199")


class Server:
    """streamserve on the catalogue, stopped on exit."""

    def __init__(self, binary, directory):
        self.process = subprocess.Popen([binary, directory, "--routes", os.path.join(directory, "routes.json")],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"at (http://\S+?)/? ", line + " ")
        if not match:
            self.process.kill()
            sys.exit(f"streamserve did not start: {line!r}")
        self.base = match[1].rstrip("/")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class Xvfb:
    def __enter__(self):
        self.display = f":{free_display()}"
        self.process = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not os.path.exists(f"/tmp/.X11-unix/X{self.display[1:]}"):
            if time.monotonic() > deadline or self.process.poll() is not None:
                sys.exit("Xvfb did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(timeout=10)


class Demo:
    """An interactive SDLDemo in the Xvfb display."""

    def __init__(self, binary, display, arguments):
        self.env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy")
        self.env.pop("SDL_VIDEODRIVER", None)
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([binary, "--stats", "--width", str(WIDTH), "--height", str(HEIGHT), *arguments],
                                        env=self.env, stdout=subprocess.DEVNULL, stderr=self.stderr)
        deadline = time.monotonic() + 60
        self.window = None
        while time.monotonic() < deadline and not self.window:
            if self.process.poll() is not None:
                self.stderr.seek(0)
                sys.exit(f"SDLDemo exited early: {self.stderr.read()[-500:]}")
            ids = subprocess.run(["xdotool", "search", "--pid", str(self.process.pid)], env=self.env,
                                 capture_output=True, text=True).stdout.split()
            self.window = ids[-1] if ids else None
            time.sleep(0.1)
        if not self.window:
            sys.exit("SDLDemo's window did not appear within 60 s")

    def xdotool(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True)

    def fling(self, up):
        """Press at the lower (or upper) part of the list, five quick moves, release: a flick of ~350 pt."""
        start, end = (520, 170) if up else (170, 520)
        steps = ["mousemove", "--window", self.window, "200", str(start), "mousedown", "1"]
        for k in range(1, 6):
            steps += ["sleep", "0.008", "mousemove", "--window", self.window, "200", str(start + (end - start) * k // 5)]
        steps += ["mouseup", "1"]
        self.xdotool(*steps)

    def quit(self):
        rss = peak_rss_mb(self.process.pid)
        # Escape goes back a screen, and quits on the first one (the runs are one or two screens deep).
        for _ in range(4):
            try:
                self.xdotool("key", "--window", self.window, "Escape")
                self.process.wait(timeout=5)
                break
            except subprocess.CalledProcessError:
                break
            except subprocess.TimeoutExpired:
                continue
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.stderr.seek(0)
        lines = [line for line in self.stderr.read().splitlines() if line.startswith("SDLDemo: frames:")]
        return (lines[-1] if lines else ""), rss


def measure_cpu(pid, seconds, during):
    start_cpu, start = cpu_seconds(pid), time.monotonic()
    while (elapsed := time.monotonic() - start) < seconds:
        during(elapsed)
        time.sleep(0.01)
    return 100 * (cpu_seconds(pid) - start_cpu) / (time.monotonic() - start)


def parse_stats(line):
    numbers = {}
    if match := re.search(r"frames: (\d+), draw time mean ([\d.]+) ms, max ([\d.]+) ms", line):
        numbers.update(frames=int(match[1]), draw_mean=float(match[2]), draw_max=float(match[3]))
    if match := re.search(r"mean ([\d.]+) ms \(([\d.]+) fps\)", line):
        numbers.update(interval=float(match[1]), fps=float(match[2]))
    return numbers


def scripted(binary, app, base):
    """Flicks through every row on the virtual clock; returns (frames, wall s, stats, last trace frame)."""
    steps = ["0 size 800 600", "0 wait-load loaded 30000", "0 wait-still 30000", f"50 tap 200 {app.open_y}",
             f"50 wait-screen {app.opened_screen} 30000", "50 wait-load loaded 30000", "50 wait-still 30000"]
    # 60 flings reach the end when every page arrives before the list gets there; page loads run in real time
    # while the flings are on the virtual clock, so a slow load leaves some flings bouncing at the end: up to
    # 100 flings, then wait for all the rows.
    t = 100
    for _ in range(FLINGS):
        steps += [f"{t} down 200 520"] + [f"{t + 8 * k} move 200 {520 - 70 * k}" for k in range(1, 6)] + [f"{t + 48} up 200 170"]
        t += 700
    steps += [f"{t} wait-rows {ROWS} 60000", f"{t} wait-still 60000", f"{t + 100} quit"]
    with tempfile.TemporaryDirectory(prefix="list-scroll-") as work:
        script, trace = os.path.join(work, "flings.txt"), os.path.join(work, "trace.jsonl")
        with open(script, "w") as handle:
            handle.write("\n".join(steps) + "\n")
        env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy")
        env.pop("DISPLAY", None)
        start = time.monotonic()
        result = subprocess.run([binary, *app.arguments(base), "--script", script, "--trace", trace, "--stats"],
                                env=env, capture_output=True, text=True, timeout=900)
        wall = time.monotonic() - start
        if result.returncode != 0:
            sys.exit(f"scripted run failed ({result.returncode}): {result.stderr[-800:]}")
        with open(trace) as handle:
            lines = handle.read().splitlines()
        stats = parse_stats(next((l for l in result.stderr.splitlines() if l.startswith("SDLDemo: frames:")), ""))
        return len(lines), wall, stats, json.loads(lines[-1])


def frame_cells(stats):
    if "fps" not in stats:
        return "no --stats line", ""
    return (f"{stats['fps']:.1f} fps, mean interval {stats['interval']:.2f} ms ({stats['interval'] / BUDGET_MS:.3f} × budget)",
            f"mean {stats['draw_mean']:.2f} ms ({stats['draw_mean'] / BUDGET_MS:.3f} × budget), max {stats['draw_max']:.2f} ms")


def log(message):
    print(message, file=sys.stderr, flush=True)


def fling_list(binary, display, app, base, seconds):
    """The flinging phase: returns (CPU %, stats, peak RSS MB)."""
    demo = Demo(binary, display, app.arguments(base))
    time.sleep(3)  # the first list (albums, categories) and its thumbnails
    demo.xdotool("mousemove", "--window", demo.window, "200", str(app.open_y), "click", "1")   # open the long list
    time.sleep(3)  # its first rows and thumbnails
    state = {"next": 0.0, "count": 0}

    def fling(elapsed):
        if elapsed >= state["next"]:
            demo.fling(up=(state["count"] // 6) % 2 == 0)
            state["count"] += 1
            state["next"] = elapsed + 0.7
    cpu = measure_cpu(demo.process.pid, seconds, fling)
    line, rss = demo.quit()
    return cpu, parse_stats(line), rss


def push_circle(binary, display, seconds):
    """The reference: the circle alone pushed edge to edge; returns (CPU %, stats, peak RSS MB)."""
    reference = Demo(binary, display, [])
    time.sleep(2)
    keys = {"next": 0.0, "right": True}

    def push(elapsed):
        if elapsed >= keys["next"]:
            reference.xdotool("key", "--window", reference.window, "Right" if keys["right"] else "Left")
            keys["right"] = not keys["right"]
            keys["next"] = elapsed + 0.6
    cpu = measure_cpu(reference.process.pid, seconds, push)
    line, rss = reference.quit()
    return cpu, parse_stats(line), rss


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--app", choices=["vimeo", "iplayer", "both"], default="both")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--out")
    args = parser.parse_args()
    sdldemo, streamserve = os.path.join(args.bin, "SDLDemo"), os.path.join(args.bin, "streamserve")
    for binary in (sdldemo, streamserve):
        if not os.access(binary, os.X_OK):
            sys.exit(f"{binary} not found (swift build -c release --product SDLDemo; --product streamserve)")
    for tool in ("Xvfb", "xdotool"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing (apt-get install xvfb xdotool)")
    apps = [APPS[name] for name in (["vimeo", "iplayer"] if args.app == "both" else [args.app])]

    rows = []
    with Xvfb() as x:
        ref_cpu, ref_stats, ref_rss = push_circle(sdldemo, x.display, args.seconds)
        log(f"  reference: {ref_cpu:.2f} % CPU, {ref_stats}, peak RSS {ref_rss:.0f} MB")
        rows.append(("reference: the circle alone pushed edge to edge, same run", f"{ref_cpu:.2f} %",
                     *frame_cells(ref_stats), f"{ref_rss:.0f} MB"))
        for app in apps:
            with tempfile.TemporaryDirectory(prefix=f"list-{app.name}-") as catalog:
                app.make(catalog)
                server = Server(streamserve, catalog)
                log(f"{app.name}: {app.label} at {server.base}")
                try:
                    cpu, stats, rss = fling_list(sdldemo, x.display, app, server.base, args.seconds)
                    log(f"  flinging: {cpu:.2f} % CPU, {stats}, peak RSS {rss:.0f} MB")
                    rows.append((f"{app.name}: flinging {app.label} with thumbnails, Xvfb, {args.seconds:.0f} s",
                                 f"{cpu:.2f} %", *frame_cells(stats), f"{rss:.0f} MB"))
                    if "draw_mean" in stats and "draw_mean" in ref_stats and ref_cpu > 0:
                        rows.append((f"{app.name} ÷ reference", f"{cpu / ref_cpu:.2f}", "",
                                     f"draw mean {stats['draw_mean'] / ref_stats['draw_mean']:.2f}", ""))
                    frames, wall, scripted_stats, last = scripted(sdldemo, app, server.base)
                    per_frame = wall * 1000 / frames
                    log(f"  scripted: {frames} frames in {wall:.2f} s, {scripted_stats}, rows {last.get('rowCount')}")
                    mean = scripted_stats.get("draw_mean", 0)
                    rows.append((f"{app.name}, scripted, offscreen: {FLINGS} flings through all 1,000 rows (virtual 60 fps; rows at the end: {last.get('rowCount')})",
                                 "–", f"{frames} frames in {wall:.2f} s wall: {per_frame:.3f} ms per frame ({per_frame / BUDGET_MS:.3f} × budget)",
                                 f"mean {mean:.3f} ms ({mean / BUDGET_MS:.3f} × budget), max {scripted_stats.get('draw_max', 0):.2f} ms", "–"))
                finally:
                    server.stop()

    report = ["| phase | CPU (share of one core) | frame rate / time | draw time (build, draw, present) | peak RSS |",
              "|---|---:|---|---|---:|"]
    report += [f"| {' | '.join(row)} |" for row in rows]
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    text = "\n".join(report) + f"\n\nLoad average at end: {load}\n"
    print(text)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
