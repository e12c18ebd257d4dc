import Foundation
import Testing
@testable import Downloader

/// Which variants count as audio, and why (issue 9, item 1): `CODECS` that say audio beat any guess from a URI,
/// and a guess never admits a variant whose URI or attributes say video.
@Suite struct SelectionAdmissionTests {
    typealias R = RealWorldFixtures

    /// RFC 8216 §8.5's layout (open-m3u8's `masterPlaylistWithIFrames.m3u8`): three `audio-video.m3u8` variants
    /// without `CODECS` and `audio-only.m3u8` with `CODECS="mp4a.40.5"`. The audio-only one is the only candidate.
    @Test(arguments: ["iframes-master.m3u8", "iframes-master-odd-iframe-tags.m3u8"])
    func audioVideoVariantsAreNotAudio(fixture: String) throws {
        let master = try R.master(fixture)
        #expect(master.variants.count == 4)
        #expect(master.variants.prefix(3).allSatisfy { AudioTrackSelector.admission(of: $0) == nil })
        let candidates = try AudioTrackSelector.candidates(in: master)
        #expect(candidates.map(\.uri.absoluteString) == ["http://media.example/hls/audio-only.m3u8"])
        #expect(candidates.first?.admission == .audioCodecs(["mp4a.40.5"]))
        let best = try #require(AudioTrackSelector.rank(candidates).first)
        #expect(best.candidate.name == "audio-only.m3u8")
        #expect(best.bitrate == 64000)
        #expect(master.warnings.isEmpty)
    }

    /// RFC 8216 §8.4's layout with absolute URIs (rutgersc/m3u8-rs) and with lines before the header and
    /// comments after it (carlanton/m3u8-parser): `low/mid/hi.m3u8` say nothing, the audio-only one is chosen.
    @Test(arguments: ["absolute-master-blank-line.m3u8", "blank-lines-before-header-master.m3u8"])
    func plainVariantsAreNotGuessedToBeAudio(fixture: String) throws {
        let master = try R.master(fixture)
        let candidates = try AudioTrackSelector.candidates(in: master)
        #expect(candidates.map(\.uri.lastPathComponent) == ["audio-only.m3u8"])
        #expect(candidates.map(\.admission) == [.audioCodecs(["mp4a.40.5"])])
    }

    private func variant(_ path: String, codecs: [String] = [], resolution: Resolution? = nil,
                         frameRate: Double? = nil, video: String? = nil, bandwidth: Int = 100_000) throws -> VariantStream {
        VariantStream(uri: try #require(URL(string: "http://h.example" + path)), bandwidth: bandwidth,
                      codecs: codecs, resolution: resolution, frameRate: frameRate, videoGroupID: video)
    }

    @Test(arguments: [
        // path, expected admission label (nil: not audio)
        ("/hls/audio-only.m3u8", "guess:audio"),
        ("/hls/aac_hi.m3u8", "guess:aac"),
        ("/radio/stream_128k.m3u8", "guess:128k"),
        ("/low/audio-video.m3u8", nil),
        ("/hls/audiovideo_128k.m3u8", nil),
        ("/av/audio.m3u8", nil),
        ("/audio/av-stream.m3u8", nil),
        ("/audio_1280x720.m3u8", nil),
        ("/audio/720p/index.m3u8", nil),
        ("/audio_1080p60.m3u8", nil),
        ("/audio/avc1/index.m3u8", nil),
        ("/audio/h264_128k.m3u8", nil),
        ("/audio/iframes.m3u8", nil),
        ("/wave/audio.m3u8", "guess:audio"),        // "wave" is no video word, "av" only as a whole token
        ("/hls/chunklist-b300000.m3u8", nil),         // no hint at all
    ] as [(String, String?)])
    func uriGuess(path: String, label: String?) throws {
        #expect(AudioTrackSelector.admission(of: try variant(path))?.label == label)
    }

    @Test func attributesThatSayVideoExcludeAGuess() throws {
        #expect(AudioTrackSelector.admission(of: try variant("/audio.m3u8")) != nil)
        #expect(AudioTrackSelector.admission(of: try variant("/audio.m3u8", resolution: Resolution(width: 2, height: 2))) == nil)
        #expect(AudioTrackSelector.admission(of: try variant("/audio.m3u8", frameRate: 25)) == nil)
        #expect(AudioTrackSelector.admission(of: try variant("/audio.m3u8", video: "v")) == nil)
    }

    @Test func codecsDecideWhateverTheURISays() throws {
        // Audio codecs admit even a URI that says video; one video codec excludes even a URI that says audio.
        #expect(AudioTrackSelector.admission(of: try variant("/video/main.m3u8", codecs: ["mp4a.40.2"]))
                    == .audioCodecs(["mp4a.40.2"]))
        #expect(AudioTrackSelector.admission(of: try variant("/audio.m3u8", codecs: ["avc1.4d401e", "mp4a.40.2"])) == nil)
    }

    /// A variant known to be audio by its `CODECS` wins over a guessed one with a far higher `BANDWIDTH`, and
    /// the explanation of the guessed one says why it ranks second.
    @Test func knownAudioOutranksEveryGuess() throws {
        let master = MasterPlaylist(
            url: try #require(URL(string: "http://h.example/master.m3u8")),
            variants: [try variant("/audio_hq.m3u8", bandwidth: 7_680_000),
                       try variant("/main.m3u8", codecs: ["mp4a.40.5"], bandwidth: 65000)],
            renditions: [])
        let ranked = AudioTrackSelector.rank(try AudioTrackSelector.candidates(in: master))
        #expect(ranked.map(\.candidate.name) == ["main.m3u8", "audio_hq.m3u8"])
        #expect(ranked[1].explanation.hasPrefix("only guessed from \"audio\" in its URI (no CODECS), ranked after every known audio track"))
        // With no known track the guess is used.
        let guessedOnly = MasterPlaylist(url: master.url, variants: [master.variants[0]], renditions: [])
        #expect(AudioTrackSelector.rank(try AudioTrackSelector.candidates(in: guessedOnly)).first?.candidate.name == "audio_hq.m3u8")
    }

    @Test func tableSaysWhyEachCandidateWasAdmitted() throws {
        let master = MasterPlaylist(
            url: try #require(URL(string: "http://h.example/master.m3u8")),
            variants: [try variant("/radio_128k.m3u8"), try variant("/a.m3u8", codecs: ["mp4a.40.2"])],
            renditions: [Rendition(type: .audio, groupID: "g", name: "Main", uri: URL(string: "http://h.example/r.m3u8"))])
        let ranked = AudioTrackSelector.rank(try AudioTrackSelector.candidates(in: master))
        let lines = CandidateTable.render(ranked, chosen: ranked[0].candidate).split(separator: "\n").map(String.init)
        let column = try #require(lines[0].range(of: "ADMITTED")).lowerBound.utf16Offset(in: lines[0])
        #expect(lines.dropFirst().map { String($0.dropFirst(column).prefix { $0 != " " }) }
                    == ["CODECS", "EXT-X-MEDIA", "guess:128k"])  // the rendition has no figure at all
    }

    @Test(arguments: [
        ("/x/audio-video.m3u8", "video"), ("/av/x.m3u8", "av"), ("/x_640x360.m3u8", "640x360"),
        ("/x/1080p/i.m3u8", "1080p"), ("/x/hevc.m3u8", "hevc"), ("/x/audio_64k.m3u8", nil), ("/x/wav.m3u8", nil),
        ("/x/0x1.m3u8", nil), ("/x/mp3.m3u8", nil), ("/x/128k.m3u8", nil),
    ] as [(String, String?)])
    func videoHints(path: String, word: String?) {
        #expect(VideoHints.word(in: path) == word)
    }
}
