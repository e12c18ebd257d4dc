#!/usr/bin/env python3
"""Plays one live stream for a long time with our players and a reference player at once, sampling CPU and RSS
every few seconds, and reports the totals and the slopes (a flat line is the goal: no leak, no creeping work).

The stream: `streamplay --radio FILE --serve-only` serves FILE in a loop as an endless ICY MP3 radio on 127.0.0.1
(real-time pacing, a title change every 10 s), like an Icecast mount. Playing it at the same time:

- `streamplay URL` (our headless player: StreamPlayer + StreamAudioEngine, SDL's disk audio driver);
- `SDLDemo --stream URL` (the window, SDL's offscreen video driver or --video-driver, disk audio), unless --no-sdldemo;
- with --baseline DIR: DIR's `SDLDemo --stream URL` too, the same way (a build before a change, measured in the
  same run as the build after it);
- the reference: `mpv --no-video --ao=null URL` (or `ffplay -nodisp -autoexit -loglevel error URL` with SDL's disk
  audio driver when mpv is missing).

Each process's CPU time (utime + stime from /proc/PID/stat) and RSS (/proc/PID/status VmRSS) are sampled every
--interval seconds; the report gives the CPU share over the run, the RSS at the end, and least-squares slopes of RSS
(MB per minute) and of the CPU share per interval (percentage points per minute) after the first minute (warm-up).

Usage:
  bench/stream-play.py --bin .build/release [--baseline DIR] [--seconds 600] [--interval 10] [--mp3 FILE]
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime (fields 14 and 15)


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def slope(xs, ys):
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    var = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var if var else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="directory with streamplay and SDLDemo (release build)")
    parser.add_argument("--seconds", type=int, default=600)
    parser.add_argument("--interval", type=float, default=10)
    parser.add_argument("--mp3", default="Sources/Samples/DefaultStream/fallback.mp3")
    parser.add_argument("--port", type=int, default=18400)
    parser.add_argument("--no-sdldemo", action="store_true")
    parser.add_argument("--baseline", help="directory with another SDLDemo build to play the stream at the same time")
    parser.add_argument("--video-driver", default="offscreen",
                        help="SDL video driver of the SDLDemo windows (x11 under xvfb-run: a real window)")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="stream-play-")
    url = f"http://127.0.0.1:{args.port}/radio.mp3"
    server = subprocess.Popen([os.path.join(args.bin, "streamplay"), "--radio", args.mp3, "--serve-only",
                               "--port", str(args.port), "--seconds", str(args.seconds + 60)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    server.stdout.readline()  # "serving … at URL": the server is up
    # The disk driver paced in real time (its default delay), as a sound card would consume the audio.
    env = dict(os.environ, SDL_AUDIODRIVER="disk")
    env.pop("SDL_DISKAUDIODELAY", None)
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    players = {}
    players["streamplay"] = subprocess.Popen(
        [os.path.join(args.bin, "streamplay"), url, "--seconds", str(args.seconds + 30), "--quiet"],
        env=dict(env, SDL_DISKAUDIOFILE=os.path.join(work, "streamplay.raw")),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not args.no_sdldemo:
        players["SDLDemo --stream"] = subprocess.Popen(
            [os.path.join(args.bin, "SDLDemo"), "--stream", url, "--title", "bench", "--no-mpris"],
            env=dict(env, SDL_VIDEODRIVER=args.video_driver, SDL_DISKAUDIOFILE=os.path.join(work, "sdldemo.raw")),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if args.baseline:
        players["SDLDemo --stream (baseline)"] = subprocess.Popen(
            [os.path.join(args.baseline, "SDLDemo"), "--stream", url, "--title", "bench", "--no-mpris"],
            env=dict(env, SDL_VIDEODRIVER=args.video_driver, SDL_DISKAUDIOFILE=os.path.join(work, "baseline.raw")),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if shutil.which("mpv"):
        reference = "mpv --no-video --ao=null"
        players[reference] = subprocess.Popen(["mpv", "--no-video", "--ao=null", "--really-quiet", "--no-config", url],
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        reference = "ffplay -nodisp"
        players[reference] = subprocess.Popen(["ffplay", "-nodisp", "-loglevel", "error", url],
                                              env=dict(env, SDL_DISKAUDIOFILE=os.path.join(work, "ffplay.raw")),
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    samples = {name: [] for name in players}
    start = time.monotonic()
    try:
        while time.monotonic() - start < args.seconds:
            time.sleep(args.interval)
            t = time.monotonic() - start
            for name, process in players.items():
                if process.poll() is None:
                    samples[name].append((t, cpu_seconds(process.pid), rss_mb(process.pid)))
            # The disk audio files grow at 176 kB/s each; keep the disk free.
            for raw in ("streamplay.raw", "sdldemo.raw", "baseline.raw", "ffplay.raw"):
                path = os.path.join(work, raw)
                if os.path.exists(path):
                    os.truncate(path, 0)
    finally:
        for process in players.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM if os.path.basename(process.args[0]) == "SDLDemo" else signal.SIGINT)
        for process in players.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        server.kill()
        shutil.rmtree(work, ignore_errors=True)

    print(f"SDLDemo's video driver: {args.video_driver}.")
    print(f"Playing one endless ICY MP3 radio ({os.path.basename(args.mp3)} looped, real time, served on 127.0.0.1) for "
          f"{args.seconds} s, all players at once; sampled every {args.interval:g} s; slopes after the first minute.\n")
    print("| player | samples | CPU % (whole run) | vs reference | RSS MB at end | peak RSS MB | RSS slope MB/min | CPU-share slope pp/min | alive at end |")
    print("|---|---|---|---|---|---|---|---|---|")
    def share(rows):
        return 100 * (rows[-1][1] - rows[0][1]) / (rows[-1][0] - rows[0][0]) if len(rows) >= 2 else None
    reference_cpu = share(samples[reference])
    for name, rows in samples.items():
        if len(rows) < 2:
            print(f"| {name} | {len(rows)} | – | – | – | – | – | – | no |")
            continue
        t0, c0, _ = rows[0]
        t1, c1, r1 = rows[-1]
        cpu = 100 * (c1 - c0) / (t1 - t0)
        late = [r for r in rows if r[0] >= 60] or rows
        rss_slope = slope([r[0] / 60 for r in late], [r[2] for r in late])
        shares = [(b[0], 100 * (b[1] - a[1]) / (b[0] - a[0])) for a, b in zip(late, late[1:])]
        cpu_slope = slope([s[0] / 60 for s in shares], [s[1] for s in shares])
        alive = "yes" if rows[-1][0] >= args.seconds - 2 * args.interval else f"until {rows[-1][0]:.0f} s"
        ratio = f"{cpu / reference_cpu:.2f} ×" if reference_cpu else "–"
        peak = max(r[2] for r in rows)
        print(f"| {name} | {len(rows)} | {cpu:.2f} | {ratio} | {r1:.1f} | {peak:.1f} | {rss_slope:+.3f} | {cpu_slope:+.3f} | {alive} |")


if __name__ == "__main__":
    sys.exit(main())
