#!/usr/bin/env python3
"""SDLDemo frame time and CPU use: a real window under Xvfb, driven with xdotool, plus a scripted offscreen run.

Phases (each on a fresh SDLDemo process, release build):
  idle       the window shows the circle and nothing happens: CPU % over --seconds
  animating  the arrow keys push the circle from edge to edge without pause: CPU %, frame rate and draw time
             (from SDLDemo's own `--stats` line)
  playing    a click fetches the embedded stream and plays it (SDL's dummy audio driver, which consumes
             samples in real time): CPU % while playing
  scripted   SDL_VIDEODRIVER=offscreen, a script of flicks on the virtual clock at 60 fps: wall time per frame

CPU % is (utime + stime) from /proc/PID/stat over the phase's wall time, as a share of one core. The frame
figures are given as ratios to the frame budget at 60 Hz (16.67 ms), which is the reference that matters for
a desktop program; the machine is shared, so absolute times move with its load.

Usage: bench/sdl-frame.py [--sdldemo .build/release/SDLDemo] [--seconds 10] [--out REPORT.md]
Needs Xvfb, xdotool and xprop (Debian: xvfb, xdotool, x11-utils); bench/run installs them.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET_MS = 1000 / 60
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
WIDTH, HEIGHT = 800, 600


def cpu_seconds(pid):
    """utime + stime of `pid` in seconds (fields 14 and 15 of /proc/PID/stat, after the command name)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def free_display():
    for number in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            return number
    sys.exit("no free X display number between :90 and :199")


class Xvfb:
    """An Xvfb server on a free display, stopped on exit."""

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
    """One interactive SDLDemo process in the Xvfb display, with its window id for xdotool."""

    def __init__(self, binary, display, extra_env=None):
        self.env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", **(extra_env or {}))
        self.env.pop("SDL_VIDEODRIVER", None)
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([binary, "--stats", "--width", str(WIDTH), "--height", str(HEIGHT)],
                                        env=self.env, stdout=subprocess.DEVNULL, stderr=self.stderr)
        self.window = self._find_window()

    def _find_window(self):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.stderr.seek(0)
                sys.exit(f"SDLDemo exited early: {self.stderr.read()[-500:]}")
            found = subprocess.run(["xdotool", "search", "--pid", str(self.process.pid)], env=self.env,
                                   capture_output=True, text=True)
            ids = found.stdout.split()
            if ids:
                return ids[-1]
            time.sleep(0.1)
        sys.exit("SDLDemo's window did not appear within 60 s")

    def xdotool(self, *args):
        subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True)

    def key(self, name):
        self.xdotool("key", "--window", self.window, name)

    def click_center(self):
        self.xdotool("mousemove", "--window", self.window, str(WIDTH // 2), str(HEIGHT // 2))
        self.xdotool("click", "1")

    def title(self):
        """The window title as WM_NAME (SDL 2.26 under Xvfb updates it on every title change, while
        _NET_WM_NAME keeps the first title); the state name is its last word."""
        found = subprocess.run(["xprop", "-id", self.window, "WM_NAME"], env=self.env, capture_output=True,
                               text=True).stdout
        return found.split("=", 1)[1].strip().strip('"') if "=" in found else ""

    def quit(self):
        """Escape, then the `--stats` summary line from stderr."""
        try:
            self.key("Escape")
            self.process.wait(timeout=20)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self.stderr.seek(0)
        text = self.stderr.read()
        lines = [line for line in text.splitlines() if line.startswith("SDLDemo: frames:")]
        return lines[-1] if lines else ""


def measure_cpu(pid, seconds, during=None):
    """CPU % of one core used by `pid` over `seconds` of wall time; `during(elapsed)` is called ~every 10 ms."""
    start_cpu, start = cpu_seconds(pid), time.monotonic()
    while (elapsed := time.monotonic() - start) < seconds:
        if during:
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


def scripted_run(binary, virtual_seconds):
    """Offscreen scripted flicks; returns (frames, wall seconds)."""
    steps = ["0 size 800 600"]
    t = 100
    right = True
    while t < virtual_seconds * 1000 - 1000:
        y, start_x = 300, 400
        direction = 1 if right else -1
        steps += [f"{t} down {start_x} {y}", f"{t + 20} move {start_x + 30 * direction} {y}",
                  f"{t + 40} move {start_x + 70 * direction} {y}", f"{t + 50} up {start_x + 80 * direction} {y}"]
        # After the push docks, drag the circle back to the middle for the next flick.
        edge_x = 760 if right else 40
        steps += [f"{t + 700} down {edge_x} {y}", f"{t + 720} move {edge_x - 20 * direction} {y}"]
        steps += [f"{t + 700 + 20 * k} move {edge_x + (400 - edge_x) * k // 10} {y}" for k in range(2, 11)]
        steps += [f"{t + 1000} up 400 {y}"]
        t += 1200
        right = not right
    steps.append(f"{virtual_seconds * 1000} quit")
    with tempfile.TemporaryDirectory(prefix="sdl-frame-") as work:
        script = os.path.join(work, "flicks.txt")
        trace = os.path.join(work, "trace.jsonl")
        with open(script, "w") as handle:
            handle.write("\n".join(steps) + "\n")
        env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy")
        env.pop("DISPLAY", None)
        start = time.monotonic()
        result = subprocess.run([binary, "--script", script, "--trace", trace, "--script-fps", "60"], env=env,
                                capture_output=True, text=True, timeout=600)
        wall = time.monotonic() - start
        if result.returncode != 0:
            sys.exit(f"scripted run failed ({result.returncode}): {result.stderr[-500:]}")
        with open(trace) as handle:
            frames = sum(1 for _ in handle)
    return frames, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sdldemo", default=os.path.join(ROOT, ".build", "release", "SDLDemo"))
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--out")
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool", "xprop"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing (apt-get install xvfb xdotool x11-utils)")
    if not os.access(args.sdldemo, os.X_OK):
        sys.exit(f"SDLDemo binary not found: {args.sdldemo} (swift build -c release --product SDLDemo)")

    def log(message):
        print(message, file=sys.stderr, flush=True)

    rows = []
    with Xvfb() as x:
        log(f"Xvfb on {x.display}")
        demo = Demo(args.sdldemo, x.display)
        time.sleep(2)                                       # first frames, fonts, GL set-up
        idle = measure_cpu(demo.process.pid, args.seconds)
        demo.quit()
        log(f"  idle: {idle:.2f} % CPU")
        rows.append(("idle (window shown, nothing moves)", f"{idle:.2f} %", "–", "–"))

        demo = Demo(args.sdldemo, x.display)
        time.sleep(2)
        keys = {"next": 0.0, "right": True}

        def push(elapsed):
            if elapsed >= keys["next"]:
                demo.key("Right" if keys["right"] else "Left")
                keys["right"] = not keys["right"]
                keys["next"] = elapsed + 0.6
        animating = measure_cpu(demo.process.pid, args.seconds, push)
        stats = parse_stats(demo.quit())
        log(f"  animating: {animating:.2f} % CPU, {stats}")
        if "fps" in stats:
            rows.append(("animating (arrow keys push it edge to edge)", f"{animating:.2f} %",
                         f"{stats['fps']:.1f} fps, mean interval {stats['interval']:.2f} ms "
                         f"(÷ 16.67 ms budget: {stats['interval'] / BUDGET_MS:.3f})",
                         f"draw mean {stats['draw_mean']:.2f} ms, max {stats['draw_max']:.2f} ms "
                         f"(mean ÷ budget: {stats['draw_mean'] / BUDGET_MS:.3f})"))
        else:
            rows.append(("animating", f"{animating:.2f} %", "no --stats line", ""))

        demo = Demo(args.sdldemo, x.display)
        time.sleep(1)
        demo.click_center()
        deadline = time.monotonic() + 60
        while not demo.title().endswith("playing") and time.monotonic() < deadline:
            time.sleep(0.05)
        if not demo.title().endswith("playing"):
            sys.exit(f"SDLDemo did not reach the playing state within 60 s (title: {demo.title()!r})")
        time.sleep(0.5)
        playing = measure_cpu(demo.process.pid, min(args.seconds, 4))
        title = demo.title()
        demo.quit()
        log(f"  playing ({title!r}): {playing:.2f} % CPU")
        rows.append((f"playing (the embedded stream, SDL dummy audio driver; state at the end: {title.split()[-1]})",
                     f"{playing:.2f} %", "–", "–"))

    frames, wall = scripted_run(args.sdldemo, 30)
    per_frame = wall * 1000 / frames
    log(f"  scripted: {frames} frames in {wall:.2f} s")
    rows.append((f"scripted flicks, offscreen, 30 s virtual at 60 fps", f"{frames} frames in {wall:.2f} s wall",
                 f"{per_frame:.3f} ms per frame (÷ budget: {per_frame / BUDGET_MS:.4f})",
                 f"{30 / wall:.1f} × real time"))

    report = ["| phase | CPU (share of one core) | frame rate / time | draw time |", "|---|---|---|---|"]
    report += [f"| {' | '.join(row)} |" for row in rows]
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    text = "\n".join(report) + f"\n\nLoad average at end: {load}\n"
    print(text)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
