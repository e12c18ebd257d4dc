#!/usr/bin/env python3
"""Writes the Mini iPlayer sample's collection documents (Sources/Samples/IPlayerSample/ibl/groups/{id}.json) and
their routes: for every `group_large` element of the sample's highlights, `count` episodes in the shape of iBL's
episode elements (as in the highlights), under `group_episodes` (inferred, see README.md there). Deterministic:
running it again writes the same bytes. Usage: scripts/make-iplayer-collections.py (from the package root)."""
import glob
import json
import os

ROOT = "Sources/Samples/IPlayerSample"
PER_PAGE = 100   # IPlayerClient.collectionPageSize

# Invented programme names; the sample's images (the collection's own is used where it has one).
SHOWS = ["Late Night Session", "Live at the Festival", "The Story of the Song", "Studio Sessions", "On the Road",
         "Portraits", "The Lost Tapes", "Masters at Work"]
CHANNELS = [("bbc_four", "BBC Four"), ("bbc_two", "BBC Two"), ("bbc_one", "BBC One")]
IMAGES = sorted(os.path.basename(p) for p in glob.glob(f"{ROOT}/images/*.jpg"))


def episode(group_id, title, index, image):
    show = SHOWS[index % len(SHOWS)]
    channel_id, channel = CHANNELS[index % len(CHANNELS)]
    minutes = 28 + (index * 7) % 32
    seconds = (index * 13) % 60
    day = 1 + index % 28
    ident = f"{group_id}e{index + 1:02d}"
    return {
        "id": ident,
        "live": False,
        "type": "episode",
        "title": f"{title}: {show}",
        "subtitle": f"Episode {index + 1}",
        "synopses": {
            "small": f"{show}, from the collection {title}.",
            "medium": f"{show}: episode {index + 1} of the collection {title}.",
            "large": f"{show}: episode {index + 1} of the collection {title}, a sample programme made for the Mini iPlayer's fixtures.",
        },
        "images": {"type": "image", "standard": image},
        "master_brand": {"id": channel_id, "titles": {"small": channel, "medium": channel, "large": channel},
                         "attribution": channel_id, "ident_id": "p02lrnkt"},
        "release_date_time": f"2018-06-{day:02d}T20:00:00.000Z",
        "versions": [{
            "id": ident + "v",
            "kind": "original",
            "type": "version",
            "hd": index % 2 == 0,
            "download": True,
            "duration": {"text": f"{minutes + 1} mins", "value": f"PT{minutes}M{seconds}S"},
            "availability": {"start": f"2018-06-{day:02d}T21:00:00Z", "end": "2018-08-31T21:00:00Z",
                             "remaining": {"text": "Available for 2 months"}},
            "first_broadcast": f"9pm {day} Jun 2018",
        }],
        "tleo_id": ident,
        "tleo_type": "episode",
    }


def main():
    os.makedirs(f"{ROOT}/ibl/groups", exist_ok=True)
    routes_path = f"{ROOT}/routes.json"
    table = json.load(open(routes_path))
    table["routes"] = [r for r in table["routes"] if not r["path"].startswith("/ibl/v1/groups/")]
    for path in sorted(glob.glob(f"{ROOT}/ibl/highlights/*.json")):
        for element in json.load(open(path))["category_highlights"]["elements"]:
            if element.get("type") != "group_large":
                continue
            group_id, title = element["id"], element["title"]
            # The collection's own picture for its episodes (the sample's pictures carry their programme's name).
            image = element.get("images", {}).get("standard") or "{{base_url}}/images/ic/{recipe}/" + IMAGES[0]
            count = int(element.get("count", 0))
            group = {k: element[k] for k in ("id", "type", "title", "synopses", "images", "master_brand") if k in element}
            group["type"] = "group"
            document = {"version": "1.0", "schema": "/ibl/v1/schema/ibl.json", "timestamp": "2018-07-01T21:00:00.000Z",
                        "group_episodes": {"count": count, "page": 1, "per_page": PER_PAGE, "group": group,
                                           "elements": [episode(group_id, title, i, image) for i in range(min(count, PER_PAGE))]}}
            with open(f"{ROOT}/ibl/groups/{group_id}.json", "w") as out:
                json.dump(document, out, separators=(",", ":"), ensure_ascii=False)
                out.write("\n")
            table["routes"].append({
                "comment": f"GET {{base}}/ibl/v1/groups/{group_id}/episodes: {title} (scripts/make-iplayer-collections.py)",
                "path": f"/ibl/v1/groups/{group_id}/episodes",
                "query": {"rights": "mobile", "availability": "available", "page": "1", "per_page": str(PER_PAGE)},
                "file": f"ibl/groups/{group_id}.json",
                "template": True,
            })
    with open(routes_path, "w") as out:
        json.dump(table, out, indent=2, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
