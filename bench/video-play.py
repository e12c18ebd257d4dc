#!/usr/bin/env python3
"""Video in the window against mpv and ffplay (issue 18): the same HLS streams, played by each player in turn under
one Xvfb display with software rendering, RUNS times per player per stream; time to first frame, CPU per minute of
media, peak RSS, dropped frames and the A/V offset.

The media (made once with ffmpeg and cached under --cache): 60 s of `testsrc2` at 1280x720 and at 1920x1080, 30 fps,
H.264 (libx264, preset veryfast, 3 and 6 Mb/s, a key frame every 60 frames) with a stereo AAC sine, each cut into one
HLS media playlist of 2 s MPEG-TS segments plus a master playlist with that single variant. Every player opens the
same master playlist on a local HTTP server (127.0.0.1, ephemeral port, started and stopped here), so every player
plays the same bytes; our player's ABR has only one variant to pick.

The players (one at a time; SDL's software renderer for the two SDL players, mpv's x11 output which scales and
converts in software with libswscale; no hardware decoding anywhere; audio consumed in real time and thrown away):
  ours    SDLDemo --video URL --trace T --width W --height H --no-mpris   SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy
  mpv     mpv --no-config --vo=x11 --hwdec=no --ao=null --script=probe.lua URL
  ffplay  ffplay -autoexit -stats URL                                     SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy

Figures and where they come from:
  first frame  the same method for all three: wall time from starting the process until its window shows the
               picture, i.e. until 9 of 12 pixels sampled over the middle of the window (XGetImage through libX11,
               polled every 10 ms, then stopped) are bright, as testsrc2's bars are and a black window or a player's
               controls are not. Ours is also given from the trace (first line with video.framesShown >= 1; `t` is the
               session clock, which starts after the window is created, so it is the shorter figure).
  CPU          user + system seconds of the process and all its threads (wait4's rusage when it exits), divided by
               the minutes of media played (ours: the last trace position; mpv: the last time-pos its probe script
               saw; ffplay: the clock on its last status line).
  Xvfb CPU     the X server's user + system seconds during the run, per media minute (every picture a player
               puts on screen is copied through it: none of the three gets MIT-SHM under this Xvfb, as mpv warns).
  peak RSS     ru_maxrss from wait4 (the kernel's high-water mark of the resident set, VmHWM).
  dropped      ours: the trace's video.framesDropped at the end; mpv: frame-drop-count + decoder-frame-drop-count
               (read by the probe script); ffplay: fd= on its last status line (early + late drops).
  A/V offset   |offset| p50 and p95 over play: ours avOffsetMs on each drawn frame; mpv's avsync property sampled
               every 100 ms by the probe script; ffplay's A-V on its status lines (about every 30 ms).
SDLDemo does not exit at the end of a video: it is sent SIGTERM once its trace shows `ended` or the last frame (within
two frames of the duration) on screen. The trace is written in 64 kB batches, so it idles a few seconds on the last
frame before that; its CPU figure is therefore taken at the last frame's showing, interpolated between /proc/PID/stat
samples taken every 0.25 s (the whole process's figure is kept in --json as cpu_whole_process_s). mpv and ffplay exit
by themselves at the end (their CPU includes their teardown).

Usage: bench/video-play.py [--sdldemo .build/release/SDLDemo] [--runs 3] [--streams 720p,1080p]
                           [--players ours,mpv,ffplay] [--cache DIR] [--out REPORT.md]
Needs ffmpeg, ffplay, mpv and Xvfb (Debian: ffmpeg, mpv, xvfb); bench/run installs them.
"""

import argparse
import ctypes
import functools
import http.server
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SECONDS = 60
STREAMS = {  # name: (width, height, video bits per second, CODECS of the master playlist)
    "720p": (1280, 720, 3_000_000, "avc1.64001f,mp4a.40.2"),    # High profile, level 3.1
    "1080p": (1920, 1080, 6_000_000, "avc1.640028,mp4a.40.2"),  # High profile, level 4.0
}
AUDIO_BPS = 128_000
# Where the first-frame probe looks: a 4 x 3 grid over the middle of the window (away from the edges, where
# controls and titles are drawn, and from the exact centre, where a spinner is).
GRID = [(fx, fy) for fy in (0.3, 0.45, 0.6) for fx in (0.2, 0.4, 0.6, 0.8)]
BRIGHT_NEEDED = 9


def log(message):
    print(message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------------- media

def make_media(cache):
    """The two streams under `cache`/NAME/ (master.m3u8, media.m3u8, seg_NNN.ts), made once."""
    for name, (width, height, bps, codecs) in STREAMS.items():
        folder = os.path.join(cache, name)
        master = os.path.join(folder, "master.m3u8")
        if os.path.exists(master):
            continue
        log(f"making the {name} stream in {folder} (ffmpeg, once)")
        os.makedirs(folder, exist_ok=True)
        subprocess.run([
            "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", f"testsrc2=size={width}x{height}:rate=30",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
            "-t", str(SECONDS), "-map", "0:v", "-map", "1:a",
            "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-pix_fmt", "yuv420p",
            "-b:v", str(bps), "-maxrate", str(bps), "-bufsize", str(2 * bps),
            "-g", "60", "-keyint_min", "60", "-sc_threshold", "0",
            "-c:a", "aac", "-b:a", str(AUDIO_BPS), "-ac", "2",
            "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
            "-hls_segment_filename", os.path.join(folder, "seg_%03d.ts"),
            os.path.join(folder, "media.m3u8"),
        ], check=True)
        with open(master + ".tmp", "w") as handle:
            handle.write("#EXTM3U\n#EXT-X-VERSION:3\n"
                         f"#EXT-X-STREAM-INF:BANDWIDTH={bps + AUDIO_BPS},RESOLUTION={width}x{height},"
                         f"CODECS=\"{codecs}\",FRAME-RATE=30.000\nmedia.m3u8\n")
        os.replace(master + ".tmp", master)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {".m3u8": "application/vnd.apple.mpegurl", ".ts": "video/mp2t", "": "application/octet-stream"}

    def log_message(self, *args):
        pass


class Server:
    """The cache served on 127.0.0.1 at an ephemeral port, in a thread, stopped on exit."""

    def __init__(self, directory):
        handler = functools.partial(QuietHandler, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


# ---------------------------------------------------------------------------------------------------- X

def free_display():
    for number in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            return number
    sys.exit("no free X display number between :90 and :199")


class Xvfb:
    """An Xvfb server (1920x1080x24, black root) on a free display, stopped on exit."""

    def __enter__(self):
        self.display = f":{free_display()}"
        self.process = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1920x1080x24", "-br", "-nolisten", "tcp"],
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


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p)]  # the rest of the struct is not read


class WindowProbe:
    """Reads single pixels of windows through libX11 (XGetImage, ZPixmap); X errors (a window not mapped yet, or
    gone) are ignored rather than ending the process, as Xlib's default handler would."""

    ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)

    def __init__(self, display):
        self.x = ctypes.CDLL("libX11.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XGetImage.restype = ctypes.POINTER(XImage)
        self.x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                     ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.x.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong)] + \
            [ctypes.POINTER(ctypes.c_int)] * 2 + [ctypes.POINTER(ctypes.c_uint)] * 4
        self.x.XFree.argtypes = [ctypes.c_void_p]
        self.x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self._handler = self.ERROR_HANDLER(lambda display, event: 0)
        self.x.XSetErrorHandler(self._handler)
        self.display = self.x.XOpenDisplay(display.encode())
        if not self.display:
            sys.exit(f"cannot open X display {display}")

    def size(self, window):
        root, x, y = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_int()
        width, height, border, depth = (ctypes.c_uint() for _ in range(4))
        if not self.x.XGetGeometry(self.display, window, ctypes.byref(root), ctypes.byref(x), ctypes.byref(y),
                                   ctypes.byref(width), ctypes.byref(height), ctypes.byref(border), ctypes.byref(depth)):
            return None
        return width.value, height.value

    def pixel(self, window, x, y):
        image = self.x.XGetImage(self.display, window, x, y, 1, 1, 0xFFFFFFFF, 2)  # AllPlanes, ZPixmap
        if not image:
            return None
        value = ctypes.cast(image.contents.data, ctypes.POINTER(ctypes.c_uint32))[0]
        self.x.XFree(image.contents.data)
        self.x.XFree(image)
        return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF

    def shows_picture(self, window):
        """Whether 9 of the 12 grid points are bright (a channel above 64)."""
        size = self.size(window)
        if not size or size[0] < 50 or size[1] < 50:
            return False
        bright = 0
        for fx, fy in GRID:
            rgb = self.pixel(window, int(fx * size[0]), int(fy * size[1]))
            if rgb and max(rgb) > 64:
                bright += 1
        return bright >= BRIGHT_NEEDED


def windows_of(pid, env):
    found = subprocess.run(["xdotool", "search", "--pid", str(pid)], env=env, capture_output=True, text=True)
    return [int(w) for w in found.stdout.split()]


# ---------------------------------------------------------------------------------------------------- players

MPV_PROBE = r"""
-- Writes the figures bench/video-play.py reads: avsync every 100 ms while playing, the drop counters and time-pos.
local out = io.open(mp.get_opt("probe-out"), "w")
local function line(kind)
    local avsync = mp.get_property_number("avsync")
    out:write(string.format("%s %s %s %s %s\n", kind, tostring(mp.get_property_number("time-pos")),
        tostring(avsync), tostring(mp.get_property_number("frame-drop-count")),
        tostring(mp.get_property_number("decoder-frame-drop-count"))))
    out:flush()
end
mp.add_periodic_timer(0.1, function() if not mp.get_property_bool("pause") then line("sample") end end)
mp.register_event("end-file", function() line("end") end)
mp.register_event("shutdown", function() line("end") end)
"""


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def run_player(player, url, stream, args, x, probe, work):
    """One play; returns a dict of figures."""
    width, height = STREAMS[stream][:2]
    env = dict(os.environ, DISPLAY=x.display, SDL_RENDER_DRIVER="software", SDL_AUDIODRIVER="dummy")
    for name in ("SDL_VIDEODRIVER", "DBUS_SESSION_BUS_ADDRESS", "SDL_DISKAUDIOFILE", "SDL_DISKAUDIODELAY"):
        env.pop(name, None)
    trace = os.path.join(work, f"trace-{player}-{stream}.jsonl")
    probe_out = os.path.join(work, f"mpv-{stream}.txt")
    if player == "ours":
        command = [args.sdldemo, "--video", url, "--trace", trace, "--width", str(width), "--height", str(height),
                   "--no-mpris"]
    elif player == "mpv":
        script = os.path.join(work, "probe.lua")
        with open(script, "w") as handle:
            handle.write(MPV_PROBE)
        command = ["mpv", "--no-config", "--vo=x11", "--hwdec=no", "--ao=null", "--msg-level=all=warn",
                   f"--script={script}", f"--script-opts=probe-out={probe_out}", url]
    else:
        command = ["ffplay", "-autoexit", "-stats", "-loglevel", "warning", url]
    stderr = tempfile.TemporaryFile(mode="w+", dir=work)
    load_start = os.getloadavg()[0]
    xvfb_start = cpu_seconds(x.process.pid)
    start = time.monotonic()
    process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr)
    first_frame = None
    window = None
    deadline = start + SECONDS + 60
    peak_hwm = None
    cpu_samples = []  # (wall seconds since start, CPU seconds of the process), every 0.25 s after the first frame
    waited = None  # (status, rusage) once reaped: Popen.poll would reap the child and lose its rusage

    def running():
        nonlocal waited
        if waited is None:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                waited = (status, usage)
        return waited is None

    while time.monotonic() < deadline and running():
        if first_frame is None:
            if window is None or not probe.size(window):
                ids = windows_of(process.pid, env)
                window = ids[-1] if ids else None
            if window is not None and probe.shows_picture(window):
                first_frame = time.monotonic() - start
            time.sleep(0.01)
            continue
        time.sleep(0.25)
        cpu_samples.append((time.monotonic() - start, cpu_seconds(process.pid)))
        if player == "ours" and trace_at_end(trace):
            peak_hwm = vm_hwm_mb(process.pid)
            process.send_signal(signal.SIGTERM)
            break
    timed_out = waited is None and peak_hwm is None
    if timed_out and running():
        peak_hwm = vm_hwm_mb(process.pid)
        process.send_signal(signal.SIGTERM if player == "ours" else signal.SIGINT)
    if waited is None:
        try:
            _, status, usage = os.wait4(process.pid, 0)
        except KeyboardInterrupt:
            process.kill()
            raise
        waited = (status, usage)
    status, usage = waited
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    xvfb_cpu = cpu_seconds(x.process.pid) - xvfb_start
    result = {"player": player, "stream": stream, "first_frame_s": first_frame, "cpu_s": usage.ru_utime + usage.ru_stime,
              "peak_rss_mb": usage.ru_maxrss / 1024, "wall_s": wall, "timed_out": timed_out,
              "load": (load_start, os.getloadavg()[0]), "exit": process.returncode, "xvfb_cpu_s": xvfb_cpu}
    stderr.seek(0)
    text = stderr.read()
    if player == "ours":
        result.update(read_trace(trace))
        result["vm_hwm_mb"] = peak_hwm
        # CPU up to the last frame's showing (mapped from the session clock to the wall clock through the first
        # frame), not the seconds idling on it until the batched trace shows the end and SIGTERM arrives.
        if first_frame is not None and result.get("trace_end_s") is not None and result.get("trace_first_frame_s"):
            end_wall = first_frame + result["trace_end_s"] - result["trace_first_frame_s"]
            at_end = interpolate(cpu_samples, end_wall)
            if at_end is not None:
                result["cpu_whole_process_s"] = result["cpu_s"]
                result["cpu_s"] = at_end
    elif player == "mpv":
        result.update(read_mpv(probe_out))
    else:
        result.update(read_ffplay(text))
    result["stderr_tail"] = text[-300:].replace("\r", "\n").strip().splitlines()[-3:] if text.strip() else []
    return result


def cpu_seconds(pid):
    """utime + stime of `pid` and its threads in seconds (fields 14 and 15 of /proc/PID/stat)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    except (OSError, IndexError, ValueError):
        return None


def interpolate(samples, t):
    samples = [s for s in samples if s[1] is not None]
    for (t0, c0), (t1, c1) in zip(samples, samples[1:]):
        if t0 <= t <= t1:
            return c0 + (c1 - c0) * (t - t0) / (t1 - t0) if t1 > t0 else c1
    return None


def at_end(video):
    """The video's end: the `ended` state, or the last frame (within 2 frames of the duration) on screen."""
    duration = video.get("duration")
    return video.get("state") == "ended" or (duration is not None and (video.get("position") or 0) >= duration - 0.07)


def trace_at_end(path):
    """Whether the last complete line of the trace (written in batches) shows the video's end."""
    try:
        with open(path, "rb") as handle:
            handle.seek(max(0, os.path.getsize(path) - 8192))
            lines = handle.read().split(b"\n")
    except OSError:
        return False
    for text in reversed(lines[1:-1] if len(lines) > 2 else lines[:-1]):
        try:
            video = json.loads(text).get("video")
        except ValueError:
            continue
        return bool(video) and at_end(video)
    return False


def vm_hwm_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def read_trace(path):
    offsets, last, first_t, end_t, states, playing_ts = [], None, None, None, set(), []
    with open(path) as handle:
        for text in handle:
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                continue  # a line cut by the SIGTERM
            video = line.get("video")
            if not video:
                continue
            states.add(video.get("state"))
            if first_t is None and (video.get("framesShown") or 0) >= 1:
                first_t = line["t"] / 1000
            if end_t is None and video.get("state") == "playing" and video.get("avOffsetMs") is not None:
                offsets.append(abs(video["avOffsetMs"]))  # while playing, up to the last frame
            if end_t is None and at_end(video):
                end_t = line["t"] / 1000
            last = video
            if video.get("state") == "playing" and end_t is None:
                playing_ts.append(line["t"] / 1000)
    if last is None:
        return {"media_s": None, "dropped": None, "offsets": [], "note": "no video object in the trace"}
    return {"media_s": last.get("position"), "dropped": last.get("framesDropped"), "shown": last.get("framesShown"),
            "stalls": last.get("stalls"), "offsets": offsets, "trace_first_frame_s": first_t, "trace_end_s": end_t,
            "draws_per_s": (len(playing_ts) - 1) / (playing_ts[-1] - playing_ts[0]) if len(playing_ts) > 2 else None,
            "final_state": last.get("state"), "states": sorted(s for s in states if s)}


def read_mpv(path):
    if not os.path.exists(path):
        return {"media_s": None, "dropped": None, "offsets": [], "note": "the probe script wrote nothing"}
    offsets, pos, dropped = [], None, None
    with open(path) as handle:
        for text in handle:
            kind, time_pos, avsync, drops, decoder_drops = text.split()
            if time_pos != "nil":
                pos = float(time_pos)
            if drops != "nil" or decoder_drops != "nil":
                dropped = sum(int(float(v)) for v in (drops, decoder_drops) if v != "nil")
            if kind == "sample" and avsync != "nil":
                offsets.append(abs(float(avsync)) * 1000)
    return {"media_s": pos, "dropped": dropped, "offsets": offsets}


STATUS = re.compile(r"^\s*(-?[\d.]+|nan)\s+(A-V|M-V|M-A):\s*(-?[\d.]+|nan|-?inf)\s+fd=\s*(\d+)")


def read_ffplay(text):
    offsets, clock, dropped, kinds = [], None, None, set()
    for piece in re.split(r"[\r\n]", text):
        match = STATUS.match(piece)
        if not match:
            continue
        kinds.add(match[2])
        if match[1] != "nan":
            clock = float(match[1])
        dropped = int(match[4])
        if match[2] == "A-V" and match[3] not in ("nan", "inf", "-inf"):
            offsets.append(abs(float(match[3])) * 1000)
    return {"media_s": clock, "dropped": dropped, "offsets": offsets, "status_kinds": sorted(kinds)}


# ---------------------------------------------------------------------------------------------------- report

def fmt(value, digits=2, suffix=""):
    return "n/a" if value is None else f"{value:.{digits}f}{suffix}"


def summarize(runs):
    """Medians over the runs of one player on one stream."""
    def median(key):
        values = [r[key] for r in runs if r.get(key) is not None]
        return statistics.median(values) if values else None
    cpu_per_min = [r["cpu_s"] / (r["media_s"] / 60) for r in runs if r.get("media_s")]
    offsets = [o for r in runs for o in r.get("offsets", [])]
    xvfb = [r["xvfb_cpu_s"] / (r["media_s"] / 60) for r in runs if r.get("media_s") and r.get("xvfb_cpu_s") is not None]
    return {
        "first_frame_s": median("first_frame_s"),
        "trace_first_frame_s": median("trace_first_frame_s"),
        "cpu_per_min": statistics.median(cpu_per_min) if cpu_per_min else None,
        "cpu_spread": (min(cpu_per_min), max(cpu_per_min)) if cpu_per_min else None,
        "peak_rss_mb": max((r["peak_rss_mb"] for r in runs), default=None),
        "dropped": median("dropped"),
        "dropped_all": [r.get("dropped") for r in runs],
        "media_s": median("media_s"),
        "xvfb_per_min": statistics.median(xvfb) if xvfb else None,
        "draws_per_s": median("draws_per_s"),
        "wall_s": median("wall_s"),
        "p50": percentile(offsets, 50), "p95": percentile(offsets, 95), "samples": len(offsets),
    }


def ratio(ours, best, lower_is_better=True):
    if ours is None or best is None or best == 0:
        return "n/a"
    return f"{ours / best:.2f} ×"


def report(results, args):
    lines = []
    players = [p for p in ("ours", "mpv", "ffplay") if p in args.players]
    for stream in args.streams:
        width, height, bps, _ = STREAMS[stream]
        lines.append(f"\n### {stream}: {width}x{height} 30 fps, H.264 {bps / 1e6:g} Mb/s + AAC, {SECONDS} s, "
                     f"{args.runs} run(s) per player\n")
        lines.append("| player | first frame s (window pixels) | CPU s per media minute (min–max) | Xvfb CPU s per media minute "
                     "| peak RSS MB | dropped frames (each run) | A/V offset ms p50 / p95 (samples) | media s played | wall s |")
        lines.append("|---|---|---|---|---|---|---|---|---|")
        summaries = {p: summarize([r for r in results if r["player"] == p and r["stream"] == stream]) for p in players}
        for player in players:
            s = summaries[player]
            first = fmt(s["first_frame_s"])
            if player == "ours" and s["trace_first_frame_s"] is not None:
                first += f" (trace t {s['trace_first_frame_s']:.2f})"
            spread = f" ({s['cpu_spread'][0]:.2f}–{s['cpu_spread'][1]:.2f})" if s["cpu_spread"] else ""
            name = {"ours": "ours (SDLDemo --video)", "mpv": "mpv --vo=x11", "ffplay": "ffplay"}[player]
            if player == "ours" and s["draws_per_s"] is not None:
                name += f", {s['draws_per_s']:.0f} draws/s"
            lines.append(f"| {name} | {first} | {fmt(s['cpu_per_min'])}{spread} | {fmt(s['xvfb_per_min'])} | {fmt(s['peak_rss_mb'], 1)} "
                         f"| {', '.join('n/a' if d is None else str(d) for d in s['dropped_all'])} "
                         f"| {fmt(s['p50'], 1)} / {fmt(s['p95'], 1)} ({s['samples']}) | {fmt(s['media_s'], 1)} "
                         f"| {fmt(s['wall_s'], 1)} |")
        if "ours" in players and len(players) > 1:
            others = [summaries[p] for p in players if p != "ours"]
            def best(key):
                values = [o[key] for o in others if o[key] is not None]
                return min(values) if values else None
            o = summaries["ours"]
            lines.append(f"\nOurs ÷ the best of the others ({stream}): first frame {ratio(o['first_frame_s'], best('first_frame_s'))}, "
                         f"CPU per media minute {ratio(o['cpu_per_min'], best('cpu_per_min'))}, "
                         f"Xvfb CPU per media minute {ratio(o['xvfb_per_min'], best('xvfb_per_min'))}, "
                         f"peak RSS {ratio(o['peak_rss_mb'], best('peak_rss_mb'))}, "
                         f"A/V p95 against ffplay's {ratio(o['p95'], summaries['ffplay']['p95']) if 'ffplay' in summaries else 'n/a'} "
                         f"(not against mpv's: its avsync, with --ao=null, is the gap its own scheduler leaves, about "
                         f"0.01 ms, not a measure of what reached the screen).")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sdldemo", default=os.path.join(ROOT, ".build", "release", "SDLDemo"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--streams", default="720p,1080p")
    parser.add_argument("--players", default="ours,mpv,ffplay")
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "circleplayer-video-play-media"))
    parser.add_argument("--json", help="also write every run's figures to this file")
    parser.add_argument("--out")
    args = parser.parse_args()
    args.streams = args.streams.split(",")
    args.players = args.players.split(",")
    for stream in args.streams:
        if stream not in STREAMS:
            sys.exit(f"unknown stream {stream} ({', '.join(STREAMS)})")
    for tool in ("ffmpeg", "Xvfb", "xdotool") + tuple(p for p in args.players if p != "ours"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing (apt-get install ffmpeg mpv xvfb xdotool)")
    if "ours" in args.players and not os.access(args.sdldemo, os.X_OK):
        sys.exit(f"SDLDemo binary not found: {args.sdldemo} (swift build -c release --product SDLDemo)")

    make_media(args.cache)
    results = []
    load_start = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with tempfile.TemporaryDirectory(prefix="video-play-") as work, Server(args.cache) as server, Xvfb() as x:
        probe = WindowProbe(x.display)
        log(f"serving {args.cache} at {server.base}; Xvfb on {x.display}")
        for run in range(1, args.runs + 1):
            for stream in args.streams:
                for player in args.players:  # interleaved, so a change in the machine's load hits every player
                    url = f"{server.base}/{stream}/master.m3u8"
                    result = run_player(player, url, stream, args, x, probe, work)
                    result["run"] = run
                    results.append(result)
                    log(f"  run {run} {stream} {player}: first frame {fmt(result['first_frame_s'])} s, "
                        f"cpu {result['cpu_s']:.1f} s, xvfb {result['xvfb_cpu_s']:.1f} s, media {fmt(result.get('media_s'), 1)} s, "
                        f"rss {result['peak_rss_mb']:.0f} MB, dropped {result.get('dropped')}, "
                        f"wall {result['wall_s']:.1f} s, load {result['load'][0]:.2f}→{result['load'][1]:.2f}"
                        + (" TIMED OUT" if result["timed_out"] else "")
                        + (f", trace states {result.get('states')}" if player == "ours" else "")
                        + (f", stderr {result['stderr_tail']}" if result["stderr_tail"] and player != "ffplay" else ""))
    load_end = os.getloadavg()
    loads = [r["load"][0] for r in results] + [r["load"][1] for r in results]
    text = (f"Run {started}, {os.cpu_count()} cores; 1-minute load average {min(loads):.2f}–{max(loads):.2f} during "
            f"the runs (5-minute {load_start[1]:.2f} at start, {load_end[1]:.2f} at end). Medians over the runs; peak "
            f"RSS is the largest. The A/V offset is |offset| pooled over the runs.\n" + report(results, args) + "\n")
    print(text)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump([{k: v for k, v in r.items() if k != "offsets"} for r in results], handle, indent=1)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
