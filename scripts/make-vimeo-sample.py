#!/usr/bin/env python3
"""Writes the Vimeo sample library (seed 001): our own fixtures in Vimeo's API shapes, served by StreamServer
fixture routes (routes.json, docs/server.md) with the embedded HLS stream as the server's fallback content.

Usage:
  scripts/make-vimeo-sample.py                      # regenerates Sources/Samples/VimeoSample
  scripts/make-vimeo-sample.py --out DIR --big-album 1000 --no-pictures
                                                    # adds an album of 1,000 videos (bench/list-scroll.py)

Every request needs `Authorization: Bearer sample-token` (a 401 with Vimeo's short `{"error": …}` body
otherwise). Pictures are solid-colour JPEGs made with ImageMagick (`convert`), one per colour at 200x113 and
640x360. The JSON is deterministic: running the script twice writes the same bytes.
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "Sources", "Samples", "VimeoSample")
TOKEN = "sample-token"
PER_PAGE = 25
ALBUMS_PER_PAGE = 3
USER = "/users/4242"

COLOURS = [("red", "#D04030"), ("green", "#40A060"), ("blue", "#3060C0"), ("orange", "#E09030"),
           ("purple", "#8050B0"), ("pink", "#C04080"), ("yellow", "#D0C040"), ("slate", "#607080")]

# id, name, description, video count, pictures shape ("object", "array-of-pictures", "array-of-sizes", "null"), colour
ALBUMS = [
    ("1001", "Night Drives", "Sixty short films shot between dusk and dawn.", 60, "object", 0),
    ("1002", "Jazz Ensemble", None, 12, "array-of-pictures", 2),
    ("1003", "Campus View", "The lakes and woods around the campus, in every season.", 3, "array-of-sizes", 1),
    ("1004", "Orchestra", "Concerts of the World Youth Symphony Orchestra.", 25, "object", 4),
    ("1005", "Theatre", "Coming soon.", 0, "null", 7),
    ("1006", "Dance", "", 8, "object", 5),
    ("1007", "Staff Only", "Not in albums.json: never stored or shown.", 2, "object", 6),
]
WHITELIST = {"albums": ["1001", f"{USER}/albums/1002", "https://vimeo.com/album/1003", 1004, "1005", "1006", "9999"]}
# Known queries (any other finds nothing): two from the seed's examples, and each listed album's first word, so a
# user trying the sample finds what the albums show.
SEARCHES = {"night": ("1001", range(0, 30)), "piano": ("1002", range(0, 3)), "jazz": ("1002", range(0, 12)),
            "campus": ("1003", range(0, 3)), "orchestra": ("1004", range(0, 25)), "dance": ("1006", range(0, 8))}

TITLES = ["Harbour Lights", "Empty Motorway", "Rain on the Windscreen", "Tunnel", "Petrol Station", "Bridge at 3 AM",
          "Fog", "City Limits", "Neon", "Last Ferry", "Level Crossing", "Dawn"]


def stable_md5(text):
    return hashlib.md5(text.encode()).hexdigest()


def date(day, hour=18):
    return f"2016-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}T{hour:02d}:{(day * 7) % 60:02d}:17+00:00"


def picture_sizes(colour):
    small, large = f"{{{{base_url}}}}/pictures/{colour}_200.jpg", f"{{{{base_url}}}}/pictures/{colour}_640.jpg"
    return [{"width": 100, "height": 75, "link": small, "link_with_play_button": small},
            {"width": 200, "height": 113, "link": small, "link_with_play_button": small},
            {"width": 295, "height": 166, "link": large, "link_with_play_button": large},
            {"width": 640, "height": 360, "link": large, "link_with_play_button": large}]


def pictures(shape, colour, uri):
    sizes = picture_sizes(colour)
    if shape == "null":
        return None
    if shape == "array-of-pictures":
        return [{"uri": f"{uri}/pictures/1", "active": True, "type": "custom", "sizes": sizes}]
    if shape == "array-of-sizes":
        return sizes
    return {"uri": f"{uri}/pictures/1", "active": True, "type": "custom", "sizes": sizes, "resource_key": stable_md5(uri)[:12]}


# The lengths of the videos with an HLS link, written to video-lengths.json for SampleServer.
VIDEO_LENGTHS = set()


def video(album_id, index, colour_names, big=False):
    number = int(album_id) * 1000 + index
    vid = str(200000 + number)
    uri = f"/videos/{vid}"
    album_name = next((a[1] for a in ALBUMS if a[0] == album_id), "Big Album")
    title = f"{album_name} {index + 1}: {TITLES[index % len(TITLES)]}"
    colour = colour_names[index % len(colour_names)]
    owner = index % 7 != 3               # every seventh video is someone else's: no `files`
    data = {
        "uri": uri,
        "name": title,
        "description": None if index % 5 == 2 else f"{title}. Filmed for the {album_name} album, take {index + 1}.",
        "link": f"https://vimeo.com/{vid}",
        # A whole number of the sample video's 3 s segments: its HLS link plays exactly this long (LoopedMedia).
        "duration": 60 + 3 * ((index * 37) % 300),
        # The served ladder's largest variant (Sources/Samples/VideoSample/hls).
        "width": 1280,
        "height": 720,
        "language": None,
        "created_time": date(index),
        "modified_time": date(index, 20),
        "pictures": {"uri": f"{uri}/pictures/{300000 + number}", "active": True, "type": "custom",
                     "sizes": picture_sizes(colour)},
        "tags": [{"uri": f"/tags/{tag}", "name": tag, "tag": tag, "canonical": tag,
                  "metadata": {"connections": {"videos": {"uri": f"/tags/{tag}/videos", "options": ["GET"], "total": 12}}}}
                 for tag in (["night", "drive"] if album_id == "1001" else [album_name.lower().split()[0]])[: 1 + index % 2]],
        "metadata": {
            "connections": {
                "comments": {"uri": f"{uri}/comments", "options": ["GET", "POST"], "total": index % 4},
                "credits": {"uri": f"{uri}/credits", "options": ["GET", "POST"], "total": 1},
                "likes": {"uri": f"{uri}/likes", "options": ["GET"], "total": index % 3},
                "pictures": {"uri": f"{uri}/pictures", "options": ["GET", "POST"], "total": 1},
                "texttracks": None,
                "related": {"uri": f"{uri}?offset=10&container=related", "options": ["GET"]},
            },
            "interactions": {"watchlater": {"added": False, "added_time": None, "uri": f"/users/4242/watchlater/{vid}"}},
        },
        "status": "available",
    }
    if index == 4 and not big:
        # An older API version's `length` instead of `duration` (inferred variant, accepted).
        data["length"] = data.pop("duration")
    if owner:
        # The sample video looped to the listed length (Samples' LoopedMedia serves every length in video-lengths.json).
        seconds = data.get("duration", data.get("length"))
        VIDEO_LENGTHS.add(seconds)
        hls = f"{{{{base_url}}}}/video/{seconds}/master.m3u8"
        data["files"] = [
            {"quality": "hls", "type": "video/mp4", "link": hls, "link_secure": hls, "created_time": date(index),
             "fps": 30, "size": None, "md5": None, "link_expiration_time": None},
            {"quality": "hd", "type": "video/mp4", "width": data["width"], "height": data["height"],
             "link": f"{{{{base_url}}}}/files/{vid}-hd.mp4", "link_secure": f"{{{{base_url}}}}/files/{vid}-hd.mp4",
             "created_time": date(index), "fps": 25, "size": 40_000_000 + number * 1234, "md5": stable_md5(vid + "hd"),
             "link_expiration_time": "2016-12-31T00:00:00+00:00"},
            {"quality": "sd", "type": "video/mp4", "width": 640, "height": 360,
             "link": f"{{{{base_url}}}}/files/{vid}-sd.mp4", "link_secure": f"{{{{base_url}}}}/files/{vid}-sd.mp4",
             "created_time": date(index), "fps": 25, "size": 9_000_000 + number * 321, "md5": stable_md5(vid + "sd"),
             "link_expiration_time": "2016-12-31T00:00:00+00:00"},
        ]
    return data


def video_page(path, album_id, indices, page, total, colour_names, big=False, query=None):
    base = f"/me/albums/{album_id}/videos" if query is None else "/me/videos"
    def link(n):
        if query is None:
            return f"{base}?page={n}&per_page={PER_PAGE}"
        return f"{base}?query={query}&page={n}&per_page={PER_PAGE}"
    last = max(1, -(-total // PER_PAGE))
    return {
        "total": total, "page": page, "per_page": PER_PAGE,
        "paging": {"next": link(page + 1) if page < last else None, "previous": link(page - 1) if page > 1 else None,
                   "first": link(1), "last": link(last)},
        "data": [video(album_id, i, colour_names, big) for i in indices],
    }


def album(entry):
    aid, name, description, count, shape, colour = entry
    uri = f"{USER}/albums/{aid}"
    connections = {
        "videos": {"uri": f"/albums/{aid}/videos", "options": ["GET"], "total": count},
        "available_videos": {"uri": f"{USER}/albums/{aid}/available_videos", "options": ["GET"], "total": count},
        "pictures": None,
    }
    return {
        "uri": uri, "name": name, "description": description, "link": f"https://vimeo.com/album/{aid}",
        "duration": count * 300, "created_time": date(int(aid) % 100, 9), "modified_time": date(int(aid) % 100, 11),
        "privacy": {"view": "anybody"},
        "pictures": pictures(shape, COLOURS[colour][0], uri),
        "metadata": {"connections": connections, "interactions": None},
    }


def write_json(out, relative, value, compact=False):
    """Writes `value` sorted by key: indented, or one line per list item for the large video pages."""
    path = os.path.join(out, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        if compact and isinstance(value.get("data"), list):
            head = {k: v for k, v in value.items() if k != "data"}
            text = json.dumps(head, sort_keys=True)[:-1]
            items = ",\n  ".join(json.dumps(item, sort_keys=True, separators=(",", ":")) for item in value["data"])
            handle.write(f"{text}, \"data\": [\n  {items}\n]}}\n" if value["data"] else f"{text}, \"data\": []}}\n")
        else:
            json.dump(value, handle, indent=1, sort_keys=True)
            handle.write("\n")
    return relative


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--big-album", type=int, default=0, help="add album 1999 with this many videos")
    parser.add_argument("--no-pictures", action="store_true", help="do not make the JPEGs (the caller serves its own)")
    args = parser.parse_args()
    out = args.out
    os.makedirs(out, exist_ok=True)
    auth = {"bearer": TOKEN}
    unauthorized = write_json(out, "errors/401.json", {"error": "A valid user token must be passed."})
    routes = []

    def route(path, file, query=None, **extra):
        entry = {"path": path, "file": file, "template": True, "auth": auth, "unauthorizedFile": unauthorized}
        if query is not None:
            entry["query"] = query
        entry.update(extra)
        routes.append(entry)

    # The user.
    me = {
        "uri": USER, "name": "Interlochen Center for the Arts", "link": "https://vimeo.com/interlochen",
        "location": "Interlochen, Michigan", "bio": "Arts education and performances since 1928.",
        "short_bio": None, "created_time": "2011-03-01T16:00:00+00:00",
        "pictures": {"uri": f"{USER}/pictures/1", "active": True, "type": "custom", "sizes": picture_sizes("slate")},
        "websites": [
            {"uri": f"{USER}/links/1", "name": "Interlochen", "link": "https://www.interlochen.org",
             "description": "The arts centre", "type": "link"},
            {"uri": f"{USER}/links/2", "name": "Interlochen Public Radio", "link": "https://www.interlochenpublicradio.org",
             "description": None, "type": "link"},
        ],
        "metadata": {
            "connections": {
                "albums": {"uri": f"{USER}/albums", "options": ["GET"], "total": len(ALBUMS)},
                "videos": {"uri": f"{USER}/videos", "options": ["GET"], "total": sum(a[3] for a in ALBUMS)},
                "followers": {"uri": f"{USER}/followers", "options": ["GET"], "total": 1200},
                "pictures": None,
            },
            "interactions": {"follow": None},
        },
    }
    route("/me", write_json(out, "me.json", me), query={})

    # The albums, three to a page (the big album, when asked for, comes first).
    albums = list(ALBUMS)
    if args.big_album:
        albums.insert(0, ("1999", "Big Album", f"{args.big_album} videos for the scrolling benchmark.", args.big_album, "object", 3))
    pages = [albums[i:i + ALBUMS_PER_PAGE] for i in range(0, len(albums), ALBUMS_PER_PAGE)]
    for number, chunk in enumerate(pages, 1):
        def link(n):
            return f"/me/albums?page={n}"
        page = {"total": len(albums), "page": number, "per_page": ALBUMS_PER_PAGE,
                "paging": {"next": link(number + 1) if number < len(pages) else None,
                           "previous": link(number - 1) if number > 1 else None, "first": link(1), "last": link(len(pages))},
                "data": [album(a) for a in chunk]}
        route("/me/albums", write_json(out, f"albums/page-{number}.json", page), query={"page": str(number)})

    # Each album's videos, 25 to a page.
    colour_names = [c[0] for c in COLOURS]
    for aid, _, _, count, _, _ in albums:
        big = aid == "1999"
        last = max(1, -(-count // PER_PAGE))
        for number in range(1, last + 1):
            indices = range((number - 1) * PER_PAGE, min(count, number * PER_PAGE))
            page = video_page(None, aid, indices, number, count, colour_names, big)
            route(f"/me/albums/{aid}/videos", write_json(out, f"videos/{aid}-page-{number}.json", page, compact=True),
                  query={"page": str(number), "per_page": str(PER_PAGE)})

    # Searches: the known queries (SEARCHES), then any other query finds nothing.
    for query, (aid, indices) in SEARCHES.items():
        indices = list(indices)
        last = max(1, -(-len(indices) // PER_PAGE))
        for number in range(1, last + 1):
            chunk = indices[(number - 1) * PER_PAGE: number * PER_PAGE]
            page = video_page(None, aid, chunk, number, len(indices), colour_names, query=query)
            route("/me/videos", write_json(out, f"search/{query}-page-{number}.json", page, compact=True),
                  query={"query": query, "page": str(number), "per_page": str(PER_PAGE)})
    empty = {"total": 0, "page": 1, "per_page": PER_PAGE,
             "paging": {"next": None, "previous": None, "first": "/me/videos?page=1", "last": "/me/videos?page=1"},
             "data": []}
    route("/me/videos", write_json(out, "search/nothing.json", empty))

    # Anything else below /me/albums: Vimeo's long error shape.
    route("/me/albums/*", write_json(out, "errors/404.json", {
        "error": "The requested album couldn't be found.",
        "developer_message": "The album either does not exist, or you do not have access to it.",
        "error_code": 5000, "link": None}), status=404)

    # Pictures.
    if not args.no_pictures:
        os.makedirs(os.path.join(out, "pictures"), exist_ok=True)
        for name, colour in COLOURS:
            for width, height in ((200, 113), (640, 360)):
                path = os.path.join(out, "pictures", f"{name}_{width}.jpg")
                subprocess.run(["convert", "-size", f"{width}x{height}", f"xc:{colour}", "-strip", "-quality", "90", path],
                               check=True)
    if os.path.isdir(os.path.join(out, "pictures")):
        for name in sorted(os.listdir(os.path.join(out, "pictures"))):
            routes.append({"path": f"/pictures/{name}", "file": f"pictures/{name}"})

    write_json(out, "albums.json", WHITELIST)
    write_json(out, "video-lengths.json", {
        "comment": "The lengths (seconds) of the videos with an HLS link: Samples' LoopedMedia serves the sample video looped "
                   "to each at /video/SECONDS/master.m3u8. Made by scripts/make-vimeo-sample.py.",
        "seconds": sorted(VIDEO_LENGTHS)})
    with open(os.path.join(out, "routes.json"), "w") as handle:
        json.dump({"comment": "Vimeo sample library (seed 001), made by scripts/make-vimeo-sample.py. "
                              "Serve with the embedded stream as fallback: streamserve --routes routes.json DefaultStream "
                              "(the videos' /video/SECONDS/ ladders are added by Samples' SampleServer, see video-lengths.json)",
                   "routes": routes}, handle, indent=1)
        handle.write("\n")
    print(f"{out}: {len(routes)} routes, {len(albums)} albums", file=sys.stderr)


if __name__ == "__main__":
    main()
