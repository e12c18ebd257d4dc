import MediaCore
import Testing

/// What the window does with a playlist a person opens: audio only → the circle (download or stream), video or
/// not known → the video player.
@Suite("PlaylistOpening: audio-only playlists go to the circle, the rest to the video player")
struct PlaylistOpeningTests {
    typealias Variant = PlaylistOpening.Variant

    @Test("masters", arguments: [
        // Audio only: every variant names audio codecs and has no RESOLUTION.
        ([Variant(codecs: ["mp4a.40.2"], hasResolution: false), Variant(codecs: ["mp4a.40.5"], hasResolution: false)], false, PlaylistOpening.download),
        ([Variant(codecs: ["mp4a.40.34"], hasResolution: false)], true, .stream),                 // MP3 in TS, live
        ([Variant(codecs: ["ec-3", "mp4a.40.2"], hasResolution: false)], false, .download),
        ([Variant(codecs: [" MP4A.40.2 ", "wvtt"], hasResolution: false)], false, .download),     // subtitles carry no picture
        // Video: a video codec, a RESOLUTION, or nothing said.
        ([Variant(codecs: ["avc1.64001f", "mp4a.40.2"], hasResolution: true)], false, .video),
        ([Variant(codecs: ["mp4a.40.2"], hasResolution: false), Variant(codecs: ["hvc1.1.6.L93.B0", "mp4a.40.2"], hasResolution: false)], false, .video),
        ([Variant(codecs: ["mp4a.40.2"], hasResolution: true)], false, .video),
        ([Variant(codecs: [], hasResolution: false)], false, .video),                             // no CODECS: cannot tell
        ([Variant(codecs: ["wvtt"], hasResolution: false)], false, .video),                       // no audio at all
        ([Variant(codecs: ["xyz1"], hasResolution: false)], false, .video),                       // unknown codec
        ([], false, .video),
    ])
    func master(_ row: ([Variant], Bool, PlaylistOpening)) {
        #expect(PlaylistOpening.master(row.0, audioIsLive: row.1) == row.2)
    }

    @Test("media playlists: packed audio only goes to the circle; TS and fMP4 may hold video", arguments: [
        (["/a/0.aac", "/a/1.AAC"], false, PlaylistOpening.download),
        (["/radio/0001.mp3"], true, .stream),
        (["/a/0.ts", "/a/1.ts"], false, .video),
        (["/a/0.aac", "/a/1.ts"], false, .video),
        (["/a/seg.m4s"], true, .video),
        (["/a/noextension"], false, .video),
        ([], false, .video),
    ])
    func media(_ row: ([String], Bool, PlaylistOpening)) {
        #expect(PlaylistOpening.media(segmentPaths: row.0, isLive: row.1) == row.2)
    }

    @Test("audio codec names (RFC 6381 families)", arguments: [
        ("mp4a.40.2", true), ("mp4a.40.34", true), ("ac-3", true), ("ec-3", true), ("opus", true), ("fLaC", true),
        ("avc1.4d401e", false), ("hev1.1.6.L93.B0", false), ("vp09.00.10.08", false), ("av01.0.04M.08", false), ("", false),
    ])
    func audioCodec(_ row: (String, Bool)) {
        #expect(PlaylistOpening.isAudioCodec(row.0) == row.1)
    }
}
