#!/usr/bin/env python3
"""RSS over a long live video play: SDLDemo --video (release, offscreen, SDL dummy audio) and mpv (--vo=null --ao=null)
on the same endless live HLS stream (streamserve --live looping the sample's 480p variant), sampled every 30 s."""
import os, re, subprocess, sys, time, json
SECONDS = int(sys.argv[1]) if len(sys.argv) > 1 else 1800
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
serve = subprocess.Popen([f"{ROOT}/.build/debug/streamserve", "--live", f"{ROOT}/Sources/Samples/VideoSample/ts/v480p/index.m3u8",
                          "--window", "6", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
url = None
for line in serve.stdout:
    m = re.search(r"(http://127\.0\.0\.1:\d+/\S+\.m3u8)", line)
    if m: url = m.group(1); break
env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy")
ours = subprocess.Popen([os.environ.get("SDLDEMO", ROOT + "/.build/release/SDLDemo"), "--video", url, "--no-mpris", "--trace", "/tmp/live-rss-trace.jsonl"],
                        env=env, stdout=subprocess.DEVNULL, stderr=open("/tmp/live-rss-ours.err", "w"))
mpv = subprocess.Popen(["mpv", "--no-config", "--vo=null", "--ao=null", "--hwdec=no", url], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def rss(pid):
    try:
        for l in open(f"/proc/{pid}/status"):
            if l.startswith("VmRSS:"): return int(l.split()[1]) / 1024
    except OSError: return None
samples = []
start = time.time()
while time.time() - start < SECONDS:
    time.sleep(30)
    t = time.time() - start
    samples.append((round(t), rss(ours.pid), rss(mpv.pid), os.getloadavg()[0]))
    print(samples[-1], flush=True)
for p in (ours, mpv, serve): p.terminate()
def slope(points):
    pts = [(t, r) for t, r in points if r is not None and t >= 60]
    if len(pts) < 2: return None
    n = len(pts); mx = sum(t for t, _ in pts) / n; my = sum(r for _, r in pts) / n
    return sum((t - mx) * (r - my) for t, r in pts) / sum((t - mx) ** 2 for t, _ in pts) * 60
print(json.dumps({"url": url, "seconds": SECONDS, "ours_slope_mb_per_min": slope([(t, a) for t, a, _, _ in samples]),
                  "mpv_slope_mb_per_min": slope([(t, b) for t, _, b, _ in samples]), "samples": samples}))
