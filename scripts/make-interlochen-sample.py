#!/usr/bin/env python3
"""Writes the embedded Interlochen sample (issue 14) to Sources/Samples/InterlochenSample.

Our own fixtures in the shapes issue 14 describes (content-meta.json is inferred from seed 000: no public copy
exists; its "hdrelay" entry's shape is inferred too, issue 19). Vimeo albums are the Vimeo sample's (1001, 1002, 1003: served by its routes, same bearer token), so
the two route tables are served together. Run from the package root; the output is committed.
"""
import json, os, subprocess

OUT = "Sources/Samples/InterlochenSample"
USER, PASSWORD = "interlochen", "sample-password"

def text(value):
    return {"$text": value} if value else {}

# The lengths (seconds) of the playable stories: SampleServer serves each story's MP3 at /npr/audio/story-SECONDS.mp3,
# story-loop.mp3 repeated that long (Samples' LoopedMedia), so a "3 min" story lasts 3 minutes.
STORY_LENGTHS = set()

def story(sid, title, minutes, playable=True, mp3_as_object=False, date="Tue, 11 Jun 2019 15:00:00 -0400"):
    s = {"id": str(sid), "title": text(title), "teaser": text(f"{title}: from the Interlochen stage."),
         "storyDate": text(date), "link": [{"type": "html", "$text": f"https://www.npr.org/{sid}"}],
         "image": [{"type": "primary", "src": "{{base_url}}/pictures/orange_200.jpg"}]}
    if playable:
        STORY_LENGTHS.add(minutes * 60)
        mp3 = {"type": "mp3", "$text": f"{{{{base_url}}}}/npr/audio/story-{minutes * 60}.mp3"}
        s["audio"] = [{"id": f"a{sid}", "duration": text(str(minutes * 60)),
                       "format": {"mp3": mp3 if mp3_as_object else [mp3]}}]
    else:
        s["audio"] = [{"id": f"a{sid}", "duration": text("0"), "format": {}}]
    return s

def page(stories, messages=None):
    doc = {"version": "0.94", "list": {"title": text("Interlochen"), "story": stories}}
    if messages:
        doc["message"] = messages
    return doc

def event(eid, name, live, in_progress=None):
    info = None
    if live is not None:
        info = {"m3u8_url": "{{base_url}}/live-video/index.m3u8", "secure_m3u8_url": None, "is_live": live}
    return {"id": eid, "full_name": name, "description": f"{name} at Interlochen", "in_progress": in_progress if in_progress is not None else bool(live),
            "logo": {"url": "{{base_url}}/pictures/purple_200.jpg"}, "stream_info": info}

content_meta = {
    "featured": {"album": ["1002"], "audio": ["901"], "livestreamCasts": [{"account": "5001", "event": "6001"}]},
    "radio": {"stations": [
        {"id": "classical", "name": "Classical IPR", "streamUrl": "{{base_url}}/radio/classical.mp3",
         "image": "{{base_url}}/pictures/blue_200.jpg", "tagline": "Classical music, around the clock"},
        {"id": "news", "name": "IPR News", "streamUrl": "{{base_url}}/live/index.m3u8",
         "image": "{{base_url}}/pictures/green_200.jpg", "tagline": "News and talk, live"}],
        "nprQueryParams": {"id": "1039", "numResults": "10"}},
    "performances": [
        {"category": "Orchestra", "content": [{"type": "vimeo", "album": "1001"}, {"type": "npr", "params": {"id": "2001", "numResults": "5"}}]},
        {"category": "Live", "content": [{"type": "livestream", "account": "5001", "event": "6002"},
                                         # HDRelay: the entry's shape is inferred (issue 19; seed 000 shows none).
                                         {"type": "hdrelay", "id": "chapel", "title": "Chapel concert (HDRelay)",
                                          "image": "{{base_url}}/pictures/pink_200.jpg",
                                          "hlsUrl": "{{base_url}}/live-video/index.m3u8", "live": True,
                                          "description": "The chapel concert, relayed live in HD."}]}],
    "extras": [
        {"category": "Campus View", "content": [{"type": "vimeo", "album": "1003"}, {"type": "livestream", "account": "5001", "event": "6001"}]},
        {"category": "Interviews", "content": [{"type": "npr", "params": {"id": "3001", "numResults": "5"}}, {"type": "podcast", "feed": "x"}]}],
    "more": [{"name": "Support Interlochen", "link": "https://www.interlochen.org/give"},
             {"name": "Interlochen Public Radio", "link": "https://www.interlochenpublicradio.org"}],
}

routes = []
files = {}
def add(path, body, query=None, auth=False, name=None):
    fname = name or (path.strip("/").replace("/", "_") + ("_" + "_".join(f"{k}-{v}" for k, v in sorted(query.items())) if query else "") + ".json")
    files[fname] = body
    r = {"path": path, "file": fname, "template": True}
    if query is not None:
        r["query"] = query
        r["queryMatch"] = "subset"
    if auth:
        r["auth"] = {"basic": {"user": USER, "password": PASSWORD}}
        r["unauthorizedBody"] = "Unauthorized"
    routes.append(r)

add("/data/content-meta.json", content_meta, auth=True, name="content-meta.json")
# Radio stories: 23 stories, 10 a page (pages start at 1, 11, 21).
radio = [story(1100 + i, f"Radio story {i + 1}", 3 + i % 5, playable=(i % 7 != 6), mp3_as_object=(i % 4 == 1)) for i in range(23)]
for start in (1, 11, 21):
    add("/npr/query", page(radio[start - 1:start + 9]), {"id": "1039", "startNum": str(start), "numResults": "10"})
add("/npr/query", page([story(901, "Featured concert", 12)]), {"id": "901", "startNum": "1"})
add("/npr/query", page([story(2101 + i, f"Orchestra story {i + 1}", 8) for i in range(3)],
                       messages=[{"id": "351", "level": "warning", "text": text("Some stories were not returned")}]),
    {"id": "2001", "startNum": "1"})
add("/npr/query", page([story(3101, "An interview", 20, playable=False)]), {"id": "3001", "startNum": "1"})
add("/livestream/accounts/5001/events/6001", event(6001, "Campus webcam", True))
add("/livestream/accounts/5001/events/6002", event(6002, "Commencement (coming up)", False, in_progress=True))

files["story-lengths.json"] = {"comment": "The lengths (seconds) of the playable stories (see make-interlochen-sample.py).",
                               "seconds": sorted(STORY_LENGTHS)}

os.makedirs(OUT, exist_ok=True)
# The story loop: 6 s of MP3 (MPEG-2 layer III, 24 kHz mono, 32 kbit/s: 250 frames of 24 ms, no Xing frame), a
# soft two-note chime every 1.5 s; LoopedMedia repeats it to each story's length.
subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                "aevalsrc='0.2*(sin(2*PI*392*t)+0.6*sin(2*PI*587.33*t))*exp(-2.5*mod(t,1.5))':s=24000:c=mono:d=6",
                "-c:a", "libmp3lame", "-b:a", "32k", "-write_xing", "0", "-id3v2_version", "0", "-fflags", "+bitexact",
                "-flags:a", "+bitexact", "-map_metadata", "-1", os.path.join(OUT, "story-loop.mp3")], check=True)
# LAME pads the end with whole frames: keep exactly 250 frames of 96 bytes (72 * 32000 / 24000, no padding bit), 6 s.
with open(os.path.join(OUT, "story-loop.mp3"), "rb") as f:
    loop = f.read()
assert len(loop) >= 250 * 96 and loop[0] == 0xFF, "unexpected story loop"
with open(os.path.join(OUT, "story-loop.mp3"), "wb") as f:
    f.write(loop[:250 * 96])
for name, body in files.items():
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(body, f, indent=1, sort_keys=True)
        f.write("\n")
with open(os.path.join(OUT, "routes.json"), "w") as f:
    json.dump({"comment": "The embedded Interlochen sample (issue 14): content-meta.json (Basic auth "
               f"{USER}/{PASSWORD}), NPR and LiveStream. Serve with the VimeoSample routes (its albums 1001-1003). "
               "content-meta.json's \"hdrelay\" entry (performances, Live) has an inferred shape (issue 19). "
               "Made by scripts/make-interlochen-sample.py.", "routes": routes}, f, indent=1)
    f.write("\n")
print(f"{len(files)} files, {len(routes)} routes in {OUT}")
