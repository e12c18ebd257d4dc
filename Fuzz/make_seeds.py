#!/usr/bin/env python3
"""Regenerates the committed seed corpus under Fuzz/Corpus/ from the project's fixtures plus hand-written
edge cases. Run from the repository root: python3 Fuzz/make_seeds.py. Deterministic; existing files with
the same names are overwritten, others are left alone (libFuzzer-minimised additions can be committed too)."""
import pathlib, struct

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "Corpus"
STREAM = ROOT / "Sources" / "Samples" / "DefaultStream"
SAMPLES = ROOT / "Sources" / "Samples"


def write(target, name, data):
    path = CORPUS / target / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def m3u(*lines):
    return "\n".join(lines) + "\n"


# --- playlist: byte 0 selects the base URL (see Fuzz/Playlist/PlaylistFuzz.swift) ---
MASTER = m3u(
    "#EXTM3U", "#EXT-X-VERSION:4", "#EXT-X-INDEPENDENT-SEGMENTS", "# audio tracks",
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-lo",NAME="English 64K",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="hls_a64K_v4.m3u8"',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-hi",NAME="English 256K",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="hls_a256K_v4.m3u8"',
    "",
    '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25.000,AUDIO="aud-lo"',
    "hls_360p_v4.m3u8",
    '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,URI="hls_iframes.m3u8"',
    '#EXT-X-STREAM-INF:BANDWIDTH=6000000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,AUDIO="aud-hi"',
    "hls_1080p_v4.m3u8")
AUDIO256 = m3u(
    "#EXTM3U", "#EXT-X-VERSION:4", "#EXT-X-TARGETDURATION:10", "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXTINF:10.0,", "#EXT-X-BYTERANGE:320000@0", "hls_a256K.ts",
    "#EXTINF:10.0,", "#EXT-X-BYTERANGE:321000", "hls_a256K.ts",
    "#EXTINF:5.5,", "#EXT-X-BYTERANGE:176000@641000", "hls_a256K.ts", "#EXT-X-ENDLIST")
KEYED = m3u(
    "#EXTM3U", "#EXT-X-TARGETDURATION:10",
    '#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x000102030405060708090A0B0C0D0E0F',
    '#EXT-X-MAP:URI="i.mp4",BYTERANGE="10@0"', "#EXT-X-BITRATE:128", "#EXT-X-DISCONTINUITY",
    "#EXT-X-MEDIA-SEQUENCE:7", "#EXTINF:4.5,t", "#EXT-X-BYTERANGE:5@3", "a.ts")
MULTIKEY = m3u(
    "#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:6", "#EXT-X-DISCONTINUITY-SEQUENCE:3",
    '#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"',
    '#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/k?id=1"',
    "#EXT-X-PROGRAM-DATE-TIME:2020-01-01T00:00:00Z", "#EXTINF:6,", "seg1.ts", "#EXT-X-DISCONTINUITY",
    "#EXT-X-KEY:METHOD=NONE", "#EXT-X-GAP", "#EXTINF:6.000,title, with comma", "//cdn.example.com/seg2.ts?x=1",
    "#EXT-X-START:TIME-OFFSET=-3.5", "#EXTINF:2", "https://other.example.com:8443/seg3.ts", "#EXT-X-ENDLIST")
SPACES = "\ufeff#EXTM3U\r\n#EXT-X-TARGETDURATION:4\r\n  #EXTINF:3.9 , spaced  \r\n seg.ts \r#EXT-X-ENDLIST"

write("playlist", "master", b"\x00" + MASTER.encode())
write("playlist", "master-credentials-base", b"\x01" + MASTER.encode())
write("playlist", "audio256", b"\x00" + AUDIO256.encode())
write("playlist", "keyed-map", b"\x03" + KEYED.encode())
write("playlist", "multikey", b"\x04" + MULTIKEY.encode())
write("playlist", "crlf-bom-blanks", b"\x02" + SPACES.encode())
write("playlist", "file-base", b"\x06" + AUDIO256.encode())
write("playlist", "dotted-base", b"\x07" + KEYED.encode())
write("playlist", "custom-base", b"\x08" + b"https://u:p@h.example:1/x/y.m3u8?a=b\n" + AUDIO256.encode())
write("playlist", "mixed-kinds", b"\x00" + m3u("#EXTM3U", "#EXT-X-TARGETDURATION:1", '#EXT-X-STREAM-INF:BANDWIDTH=1', "a.m3u8").encode())
write("playlist", "bad-uris", b"\x05" + m3u(
    "#EXTM3U", "#EXT-X-TARGETDURATION:1", "#EXTINF:1,", "http://u:pw@[::1", "#EXTINF:1,", "ftp://h/x.ts",
    "#EXTINF:1,", "http://h:99999/x.ts", "#EXTINF:1,", "http:///nohost.ts").encode())
write("playlist", "credential-uris", b"\x00" + m3u(
    "#EXTM3U", "#EXT-X-TARGETDURATION:1", "http://user:s3cr3tPW@host/orphan.ts", "#EXTINF:1,", "http://user:s3cr3tPW@[::1",
    "#EXTINF:1,", "http://user:s3cr3tPW@host:-1/x.ts", "#EXTINF:1,", "//user:s3cr3tPW@host:0/x.ts",
    '#EXT-X-KEY:METHOD=AES-128,URI="%zz://user:s3cr3tPW@h/k"').encode())
write("playlist", "overflow", b"\x00" + m3u(
    "#EXTM3U", "#EXT-X-TARGETDURATION:99999999999999999999", "#EXT-X-MEDIA-SEQUENCE:9223372036854775807",
    "#EXTINF:1,", "#EXT-X-BYTERANGE:9223372036854775807@1", "a.ts", "#EXTINF:1,", "b.ts").encode())
for name in ["hls_index.m3u8", "hls_a64K_v4.m3u8", "hls_64x36_v4.m3u8"]:
    write("playlist", "default-" + name.replace(".m3u8", ""), b"\x00" + (STREAM / name).read_bytes())
# Real-world layouts and quirks (issue 9). Base 1 has a "?token=abc" query for EXT-X-DEFINE:QUERYPARAM.
REAL_WORLD = ROOT / "Tests" / "DownloaderTests" / "Fixtures" / "RealWorld"
for path in sorted(REAL_WORLD.glob("*.m3u8")):
    write("playlist", "realworld-" + path.stem, b"\x01" + path.read_bytes())
write("playlist", "quirks-media", b"\x00" + m3u(
    "", "# comment before the header", "#EXTM3U", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:3",
    '#EXT-X-KEY:METHOD=NONE,URI=""', '#EXT-X-KEY:METHOD=AES-128,URI="k",', '#EXT-X-MAP:URI="init.mp4",BYTERANGE="10@0",',
    "#EXTINF:4,", "a.m4s", "#EXTINF:4,", "#EXT-X-BYTERANGE:10").encode())
write("playlist", "variables-media", b"\x01" + m3u(
    "#EXTM3U", "#EXT-X-VERSION:8", '#EXT-X-DEFINE:QUERYPARAM="token"', '#EXT-X-DEFINE:IMPORT="auth"',
    '#EXT-X-DEFINE:NAME="p",VALUE="seg-{$token}"', "#EXT-X-TARGETDURATION:4",
    '#EXT-X-KEY:METHOD=AES-128,URI="k{$auth}",IV=0x{$empty}000102030405060708090A0B0C0D0E0F',
    '#EXT-X-MAP:URI="i.mp4{$auth}",BYTERANGE="{$empty}5@0"', "#EXTINF:4,{$p}", "{$p}/1.ts{$auth}", "#EXT-X-ENDLIST").encode())

# --- attributes: the whole input is the attribute-list text ---
attributes = {
    "stream-inf": 'BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25.000,AUDIO="aud-lo"',
    "media": 'TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",ASSOC-LANGUAGE="de",DEFAULT=YES,AUTOSELECT=NO,FORCED=NO,CHARACTERISTICS="public.accessibility.describes-video, x",CHANNELS="16/JOC",URI="a.m3u8"',
    "key": 'METHOD=AES-128,URI="https://k.example/key?id=1",IV=0X000102030405060708090a0b0c0d0e0f,KEYFORMAT="identity",KEYFORMATVERSIONS="1/2"',
    "key-none": "METHOD=NONE",
    "map": 'URI="init.mp4",BYTERANGE="1000@500"',
    "blanks": 'A=1, B="x,y=z",\tC=0x1',
    "start": "TIME-OFFSET=-12.5,PRECISE=YES",
    "extinf": "10.000,Title, with a comma",
    "byterange": "1000@9223372036854774807",
    "hex-odd": "0xABC",
    "float": ".5",
    "resolution": "RESOLUTION=1920x1080x1",
    "dup": "A=1,A=2",
    "unterminated": 'A="abc',
    "trailing-comma": "A=1,",
    "after-quote": 'A="x"y',
    "big-integer": "BANDWIDTH=99999999999999999999",
    "empty-value": "A=,B=1",
    "define-name": 'NAME="auth",VALUE="?t={$a}"',
    "define-import": 'IMPORT="auth"',
    "define-queryparam": 'QUERYPARAM="token"',
    "key-none-empty-uri": 'METHOD=NONE,URI=""',
    "bandwidth-float": 'BANDWIDTH=1280000.0,AVERAGE-BANDWIDTH=1000000.5,CODECS="mp4a.40.2",',
    "substitution": 'URI="a{$a}b{$long}{$}{$auth}",IV=0x{$a}1,BYTERANGE="1{$a}@0"',
}
for name, text in attributes.items():
    write("attributes", name, text)


# --- mpegts: 4-byte header + piece lengths, then the stream (see Fuzz/MPEGTS/MPEGTSFuzz.swift) ---
def ts_seed(control, pid, pieces, stream):
    header = bytes([control, pid >> 8 & 0x1F, pid & 0xFF, len(pieces)]) + b"".join(struct.pack("<H", p) for p in pieces)
    return header + stream


aac = (ROOT / "Tests" / "MPEGTSTests" / "Fixtures" / "aac.ts").read_bytes()
mp3video = (ROOT / "Tests" / "MPEGTSTests" / "Fixtures" / "video_mp3.ts").read_bytes()
tone_aac = (ROOT / "Tests" / "AudioPlaybackTests" / "Fixtures" / "tone_aac.ts").read_bytes()
a64 = (STREAM / "hls_a64K.ts").read_bytes()
v64 = (STREAM / "hls_64x36.ts").read_bytes()
write("mpegts", "aac-whole", ts_seed(0x00, 0, [], aac))
write("mpegts", "aac-pieces", ts_seed(0x1C, 0, [1, 187, 500, 3], aac))
write("mpegts", "tone-aac-all", ts_seed(0x01, 0, [188, 188], tone_aac))
write("mpegts", "video-mp3-8k", ts_seed(0x00, 0, [4000], mp3video[:8 * 188 * 5]))
write("mpegts", "video-mp3-all-4k", ts_seed(0x05, 0, [1000, 7], mp3video[:188 * 22]))
write("mpegts", "video-mp3-pid", ts_seed(0x02, 0x100, [376], mp3video[:188 * 30]))
write("mpegts", "a64k-6k", ts_seed(0x00, 0, [2000, 2000], a64[:188 * 32]))
write("mpegts", "v64-4k", ts_seed(0x01, 0, [], v64[:188 * 24]))
write("mpegts", "garbage-prefix", ts_seed(0x00, 0, [100], bytes(range(256)) * 2 + aac[:188 * 8]))
write("mpegts", "lost-sync", ts_seed(0x00, 0, [], aac[:188 * 4] + b"\x00" * 17 + aac[188 * 4:188 * 10]))
write("mpegts", "truncated-tail", ts_seed(0x00, 0, [5], aac[:188 * 6 + 100]))


# --- the decoders of network input (issue 20): the samples' bodies, cut to at most 16 KB, plus edge cases ---
def sample(path, limit=16384):
    return (SAMPLES / path).read_bytes()[:limit]


for path in sorted((SAMPLES / "BuffsSample" / "buffs").glob("*.json")):
    write("buffs", "sample-" + path.stem, sample(path.relative_to(SAMPLES)))
write("buffs", "edge-one-answer", '{"id": 1, "question": {"title": "Q?"}, "answers": [{"id": 1, "title": "A"}], "time_to_show": 10}')
write("buffs", "edge-escape-title", '{"id": 2, "question": {"title": "\\u001b]0;PWNED\\u0007"}, "answers": [{"id": 1, "title": "A"}, {"id": 2, "title": "B"}], "time_to_show": 1e308}')

write("iplayer", "categories", b"\x00" + sample("IPlayerSample/ibl/categories.json"))
for path in sorted((SAMPLES / "IPlayerSample" / "ibl" / "highlights").glob("*.json"))[:3]:
    write("iplayer", "highlights-" + path.stem, b"\x01" + sample(path.relative_to(SAMPLES)))
write("iplayer", "error", b"\x02" + b'{"fault_code": "404", "details": "Not found"}')

write("vimeo", "me", b"\x00" + sample("VimeoSample/me.json"))
write("vimeo", "albums-1", b"\x01" + sample("VimeoSample/albums/page-1.json"))
write("vimeo", "videos-1002", b"\x02" + sample("VimeoSample/videos/1002-page-1.json"))
write("vimeo", "error-401", b"\x03" + sample("VimeoSample/errors/401.json"))
write("vimeo", "whitelist", b"\x04" + sample("VimeoSample/albums.json"))
write("vimeo", "tree", b"\x05" + b'{"a": [1, 2.5e3, true, null, {"b": "\\u00e9"}], "c": -0}')

for path in sorted((SAMPLES / "InterlochenSample").glob("npr_*.json"))[:3]:
    write("npr", path.stem, sample(path.relative_to(SAMPLES)))
write("contentmeta", "sample", sample("InterlochenSample/content-meta.json"))
write("contentmeta", "edge-hostile-links", '{"sections": [{"name": "More", "links": [{"name": "x", "link": "file:///etc/passwd"}, {"name": "\\u001b[2J", "link": "-x"}]}]}')
write("contentmeta", "edge-hdrelay", '{"featured": {"hdrelayStreams": {"id": 1, "title": "T", "hlsUrl": "https://h/a.m3u8", "live": "yes"}}, '
      '"performances": [{"category": "C", "content": [{"type": "hdrelay", "id": "a", "title": ["x"], "hlsUrl": "file:///etc/passwd"}, '
      '{"type": "HDRELAY", "id": "b", "title": "\\u001b[2J", "hlsUrl": "https://u:p@h/b.m3u8", "image": "javascript:x"}, '
      '{"type": "hdrelay", "id": "c", "title": "C", "hlsUrl": "https://h/c d.m3u8", "live": {}}]}]}')
# Several bad members in npr params: the error must name the same one every time (a dictionary's hash order
# once made it differ between two decodings).
write("contentmeta", "edge-npr-params-bad-members", '{"extras": [{"category": "x", "content": [{"type": "npr", '
      '"params": {"streamUrl": [], "id": [1], "numResults": [], "a": {"b": 1}}}]}]}')
for path in sorted((SAMPLES / "InterlochenSample").glob("livestream_*.json")):
    write("livestream", path.stem, sample(path.relative_to(SAMPLES)))

for name, text in [("iso-z", "2026-11-23T10:00:00Z"), ("iso-offset-frac", "2024-02-29T23:59:60.123456789+05:30"),
                   ("iso-date", "1999-12-31"), ("rfc822", "Tue, 23 Nov 2026 10:00:00 -0500"),
                   ("rfc822-zone", "Mon, 1 Jan 2001 00:00 GMT"), ("duration", "PT1H2M3.5S"),
                   ("duration-days", "P1DT12H"), ("duration-week", "P2W"), ("huge", "P99999999999999999999Y")]:
    write("dates", name, text)

def icy(interval, piece, audio_parts, titles):
    stream = b""
    for audio, title in zip(audio_parts, titles):
        block = ("StreamTitle='%s';" % title).encode()
        block += b"\x00" * (-len(block) % 16)
        stream += audio + bytes([len(block) // 16]) + block
    return bytes([interval, piece]) + stream

write("icy", "two-blocks", icy(16, 7, [b"A" * 16, b"B" * 16], ["Classical IPR", "Evil\x1b]0;PWNED\x07\x1b[2J"]))
write("icy", "empty-block", bytes([8, 0]) + b"C" * 8 + b"\x00" + b"D" * 8 + b"\x00")
write("icy", "cut-in-block", bytes([4, 2]) + b"EEEE" + b"\x02" + b"StreamTitle='cut")
write("icy", "no-metadata", bytes([0, 3]) + b"FFFFFFFFFF")

write("mp3header", "tone", (ROOT / "Tests/AudioPlaybackTests/Fixtures/tone.mp3").read_bytes()[:4096])
write("mp3header", "sine", (ROOT / "Tests/AudioPlaybackTests/Fixtures/sine48k_mono.mp3").read_bytes()[:4096])
write("mp3header", "id3", b"ID3\x04\x00\x00\x00\x00\x00\x10" + b"\x00" * 16 + b"\xff\xfb\x90\x64" + b"\x00" * 413)
write("mp3header", "mpeg25-l3", b"\xff\xe3\xe8\xc4" + b"\x00" * 2900)

for path in sorted(SAMPLES.glob("*/routes.json")):
    write("routes", path.parent.name, sample(path.relative_to(SAMPLES)))
write("routes", "edge-traversal", '{"routes": [{"path": "/x", "file": "../../../../etc/passwd"}]}')
write("routes", "edge-faults", '{"routes": [{"path": "/y", "status": 503, "body": "no", "faults": [{"status": 500, "times": 2}]}]}')

# --- issue 28: the video engine on a parsed playlist (videoplaylist) and a segment from memory (segment) ---
VIDEO = SAMPLES / "VideoSample"
HOSTILE = ROOT / "Tests" / "VideoPlaybackTests" / "Hostile"   # scripts/make-hostile-media.py


def video_playlist(control, knob, text):
    """videoplaylist: byte 0 the live slide (bits 0-2) and rule (bits 3-4), bytes 1-2 a knob, then the playlist."""
    return bytes([control]) + struct.pack("<H", knob) + (text.encode() if isinstance(text, str) else text)


for name, path in [("ts-240p", "ts/v240p/index.m3u8"), ("fmp4-240p", "fmp4/v240p/index.m3u8"),
                   ("ts-master", "ts/master.m3u8"), ("fmp4-master", "fmp4/master.m3u8")]:
    write("videoplaylist", name, video_playlist(0x0A, 1500, (VIDEO / path).read_bytes()))
TINY = "0." + "0" * 60 + "1"   # 1e-61: the parser reads at most 64 characters
for index, (name, text) in enumerate([
        # The playlists of issue 28 that trapped the player (the first four are refused by the parser now).
        ("issue-extinf-1e21", m3u("#EXTM3U", "#EXT-X-TARGETDURATION:1", "#EXTINF:1000000000000000000000,", "a.ts", "#EXTINF:1,", "b.ts")),
        ("issue-sequence-near-max", m3u("#EXTM3U", "#EXT-X-TARGETDURATION:1", "#EXT-X-MEDIA-SEQUENCE:9223372036854775805",
                                        "#EXTINF:1,", "a.ts", "#EXTINF:1,", "b.ts", "#EXTINF:1,", "c.ts")),
        ("issue-extinf-5e12", m3u("#EXTM3U", "#EXT-X-TARGETDURATION:1", '#EXT-X-MAP:URI="init.mp4"', "#EXTINF:5000000000000,", "a.m4s")),
        ("issue-discontinuity-max", m3u("#EXTM3U", "#EXT-X-TARGETDURATION:1", "#EXT-X-DISCONTINUITY-SEQUENCE:9223372036854775807",
                                        "#EXTINF:1,", "a.ts")),
        ("issue-tiny-extinf", m3u("#EXTM3U", "#EXT-X-TARGETDURATION:1", "#EXT-X-MEDIA-SEQUENCE:7",
                                  *[line for n in range(6) for line in ("#EXTINF:%s," % TINY, "s%d.ts" % n)])),
        ("issue-tiny-master", m3u("#EXTM3U", '#EXT-X-STREAM-INF:BANDWIDTH=9223372036854775807,RESOLUTION=426x240', "a.m3u8",
                                  '#EXT-X-STREAM-INF:BANDWIDTH=1,AVERAGE-BANDWIDTH=9223372036854775807,RESOLUTION=99999999x99999999', "b.m3u8")),
        # At the limits: accepted, and every sum of them fits.
        ("limits", m3u("#EXTM3U", "#EXT-X-TARGETDURATION:86400", "#EXT-X-MEDIA-SEQUENCE:9007199254740991",
                       "#EXT-X-DISCONTINUITY-SEQUENCE:9007199254740991", "#EXTINF:86400,", "a.ts", "#EXT-X-DISCONTINUITY",
                       "#EXTINF:0,", "b.ts", "#EXTINF:86400.000,", "c.ts")),
        ("byteranges-huge", m3u("#EXTM3U", "#EXT-X-TARGETDURATION:4", "#EXTINF:4,", "#EXT-X-BYTERANGE:4611686018427387904@0", "a.ts",
                                "#EXTINF:4,", "#EXT-X-BYTERANGE:4611686018427387903", "a.ts", "#EXT-X-BITRATE:9007199254740991",
                                "#EXTINF:4,", "#EXT-X-BYTERANGE:1@0", "b.ts", "#EXT-X-ENDLIST")),
        ("live-slide", m3u("#EXTM3U", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:1700000000",
                           *[line for n in range(8) for line in ("#EXTINF:%s," % ("5.97" if n % 2 else "6.006"), "s%d.ts" % n)])),
]):
    write("videoplaylist", name, video_playlist(index % 8 | (index % 4) << 3, [0, 1, 65535, 3000][index % 4], text))


def segment_seed(control, data):
    """segment: byte 0 the container (see Fuzz/Segment/SegmentFuzz.swift), then the bytes."""
    return bytes([control]) + data


def adts_from_ts(ts, pid=0x101):
    """The ADTS frames of the sample's audio PID (PES headers removed)."""
    payload, out = b"", bytearray()
    for i in range(0, len(ts) - 187, 188):
        packet = ts[i:i + 188]
        if ((packet[1] & 0x1F) << 8 | packet[2]) != pid or not packet[3] & 0x10:
            continue
        start = 4 + (1 + packet[4] if packet[3] & 0x20 else 0)
        body = packet[start:]
        if packet[1] & 0x40:
            out += payload
            payload = body[9 + body[8]:]
        else:
            payload += body
    return bytes(out + payload)


ts00 = (VIDEO / "ts/v240p/seg00.ts").read_bytes()
init = (VIDEO / "fmp4/v240p/init_1.mp4").read_bytes()
write("segment", "ts-240p", segment_seed(0x00, ts00))
write("segment", "fmp4-240p", segment_seed(0x04, init + (VIDEO / "fmp4/v240p/seg00.m4s").read_bytes()))
write("segment", "fmp4-audio", segment_seed(0x04, (VIDEO / "fmp4/vaudio/init_0.mp4").read_bytes() + (VIDEO / "fmp4/vaudio/seg00.m4s").read_bytes()))
# Packed audio (RFC 8216 §3.4): an ID3 PRIV tag with the transport stream timestamp, then ADTS frames.
priv = b"com.apple.streaming.transportStreamTimestamp\x00" + struct.pack(">Q", 126000)
frame = b"PRIV" + struct.pack(">I", len(priv)) + b"\x00\x00" + priv
write("segment", "packed-aac", segment_seed(0x00, b"ID3\x04\x00\x00" + bytes([0, 0, 0, len(frame)]) + frame + adts_from_ts(ts00)))
write("segment", "issue-bomb-16000x16000", segment_seed(0x00, (HOSTILE / "bomb-16000x16000.ts").read_bytes()))
write("segment", "issue-tfdt-2e62", segment_seed(0x04, init + (HOSTILE / "tfdt-2e62.m4s").read_bytes()))
ESCAPES = " x\x1b]0;PWNED\x07\x1b[2J\x1b[31mRED\xc2\x9b31m\rSDLDemo: video: forged"
for name, text in [
        ("issue-ffconcat", "ffconcat version 1.0\nfile secret.ts\nfile '/tmp/canary/secret.ts'\n"),
        ("issue-concat-escape", "ffconcat version 1.0\nfile '/x%s.ts'\n" % ESCAPES),
        ("issue-dash", '<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S">'
                       "<Period><AdaptationSet><Representation id=\"1\" bandwidth=\"1\"><BaseURL>http://127.0.0.1:9/x.ts</BaseURL>"
                       "</Representation></AdaptationSet></Period></MPD>"),
        ("issue-sdp", "v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 0.0.0.0\nt=0 0\nm=video 5004 RTP/AVP 96\na=rtpmap:96 H264/90000\n"),
        ("issue-hls", "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:9/x.ts\n#EXT-X-ENDLIST\n")]:
    for control in (0x00, 0x02):   # as the engine decides (MPEG-TS), and forced through the mov demuxer
        write("segment", "%s-%d" % (name, control), segment_seed(control, text.encode()))
