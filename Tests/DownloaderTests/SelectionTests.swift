import Foundation
import Testing
@testable import Downloader

@Suite struct SelectionTests {
    typealias F = PlaylistFixtures

    private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    private func media(_ text: String, at address: String) throws -> (URL, MediaPlaylist) {
        let location = try url(address)
        return (location, try F.parseMedia(text, url: location))
    }

    @Test func fixtureCandidatesCarryTheirHints() throws {
        let candidates = try AudioTrackSelector.candidates(in: try F.parseMaster(F.master))
        #expect(candidates.map(\.name) == ["English 64K", "English 256K"])
        #expect(candidates.map(\.source) == [.rendition, .rendition])
        #expect(candidates.map(\.uri.lastPathComponent) == ["hls_a64K_v4.m3u8", "hls_a256K_v4.m3u8"])
        #expect(candidates.map(\.groupID) == ["aud-lo", "aud-hi"])
        #expect(candidates.map(\.bandwidthHint) == [900_000, 3_200_000])  // smallest referencing variant
        #expect(candidates.map(\.nameHint) == [64_000, 256_000])
        #expect(candidates.map(\.channels) == [2, 2])
        #expect(candidates.map(\.codec) == ["mp4a.40.2", "mp4a.40.2"])
        #expect(candidates.map(\.isDefault) == [true, false])
        #expect(candidates.map(\.line) == [5, 6])
    }

    @Test func defaultIsNotQualityAndMeasuredByteRangesDecide() throws {
        let candidates = try AudioTrackSelector.candidates(in: try F.parseMaster(F.master))
        let (url64, media64) = try media(F.audio64, at: "http://pubcache1.arkiva.de/test/hls_a64K_v4.m3u8")
        let (url256, media256) = try media(F.audio256, at: "http://pubcache1.arkiva.de/test/hls_a256K_v4.m3u8")
        let ranked = AudioTrackSelector.rank(candidates, mediaPlaylists: [url64: media64, url256: media256])
        #expect(ranked.map(\.candidate.name) == ["English 256K", "English 64K"])
        #expect(!ranked[0].candidate.isDefault)
        // (320000 + 321000 + 176000) bytes * 8 / 25.5 s = 256313.7 bit/s; 160000 * 8 / 20 s = 64000 bit/s.
        #expect(ranked[0].bitrate == 256_314)
        #expect(ranked[0].bitrateSource == .measuredByteRanges)
        #expect(ranked[1].bitrate == 64000)
        #expect(ranked[0].figures.variantBandwidth == 3_200_000)
        #expect(ranked[0].explanation.contains("256 kbit/s from measured byte ranges"))
        #expect(ranked[1].explanation.contains("DEFAULT=YES (a playback hint, not quality)"))
    }

    /// The 64K track sits in the group of the big video variants, so its BANDWIDTH hint is higher; measured
    /// byte ranges must still make the 256K track win.
    @Test func measuredByteRangesBeatHigherBandwidthHint() throws {
        let master = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="big",NAME="A",DEFAULT=YES,URI="hls_a64K_v4.m3u8""#,
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="small",NAME="B",URI="hls_a256K_v4.m3u8""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=6000000,AUDIO="big""#, "hls_1080p_v4.m3u8",
            #"#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="small""#, "hls_360p_v4.m3u8"))
        let candidates = try AudioTrackSelector.candidates(in: master)
        #expect(AudioTrackSelector.rank(candidates).first?.candidate.name == "A")  // only hints: BANDWIDTH
        let (url64, media64) = try media(F.audio64, at: "http://pubcache1.arkiva.de/test/hls_a64K_v4.m3u8")
        let (url256, media256) = try media(F.audio256, at: "http://pubcache1.arkiva.de/test/hls_a256K_v4.m3u8")
        let ranked = AudioTrackSelector.rank(candidates, mediaPlaylists: [url64: media64, url256: media256])
        #expect(ranked.map(\.candidate.name) == ["B", "A"])
        #expect(ranked.map(\.bitrateSource) == [.measuredByteRanges, .measuredByteRanges])
    }

    @Test func extXBitrateIsDurationWeighted() throws {
        let master = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="X",URI="x.m3u8""#,
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Y",URI="y.m3u8""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="a""#, "v.m3u8"))
        // X: 10 s at 128 kbit/s and 5 s at 192 kbit/s -> (1280 + 960) / 15 = 149.333 kbit/s.
        let (xURL, x) = try media(F.media("#EXT-X-BITRATE:128", "#EXTINF:10,", "x1.aac",
                                          "#EXT-X-BITRATE:192", "#EXTINF:5,", "x2.aac"), at: "http://pubcache1.arkiva.de/test/x.m3u8")
        // Y: 160 kbit/s throughout.
        let (yURL, y) = try media(F.media("#EXT-X-BITRATE:160", "#EXTINF:10,", "y1.aac", "#EXTINF:5,", "y2.aac"),
                                  at: "http://pubcache1.arkiva.de/test/y.m3u8")
        #expect(BitrateMeasurement.extXBitrate(of: x) == 149_333)
        #expect(BitrateMeasurement.byteRangeBitrate(of: x) == nil)
        let ranked = AudioTrackSelector.rank(try AudioTrackSelector.candidates(in: master), mediaPlaylists: [xURL: x, yURL: y])
        #expect(ranked.map(\.candidate.name) == ["Y", "X"])
        #expect(ranked.map(\.bitrate) == [160_000, 149_333])
        #expect(ranked[0].bitrateSource == .extXBitrate)
    }

    @Test func partialMeasurementFallsBackToACommonSource() throws {
        let candidates = try AudioTrackSelector.candidates(in: try F.parseMaster(F.master))
        // Only the 64K playlist is known: 64 kbit/s measured cannot be compared with nothing, so both are
        // compared by BANDWIDTH (900k vs 3200k), which every candidate has.
        let (url64, media64) = try media(F.audio64, at: "http://pubcache1.arkiva.de/test/hls_a64K_v4.m3u8")
        let ranked = AudioTrackSelector.rank(candidates, mediaPlaylists: [url64: media64])
        #expect(ranked.map(\.candidate.name) == ["English 256K", "English 64K"])
        #expect(ranked.map(\.bitrateSource) == [.variantBandwidth, .variantBandwidth])
        #expect(ranked[1].figures.measuredByteRanges == 64000)
        #expect(ranked[0].explanation.contains("3200 kbit/s from variant BANDWIDTH"))
    }

    @Test func variantBandwidthDecidesWithoutMediaPlaylists() throws {
        let ranked = AudioTrackSelector.rank(try AudioTrackSelector.candidates(in: try F.parseMaster(F.master)))
        #expect(ranked.map(\.candidate.name) == ["English 256K", "English 64K"])
        #expect(ranked.map(\.bitrate) == [3_200_000, 900_000])
    }

    @Test func nameHintsBreakEqualBandwidth() throws {
        let master = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Stereo",DEFAULT=YES,URI="audio_a128k.m3u8""#,
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Stereo HQ 320kbps",URI="audio_hq.m3u8""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="a""#, "v.m3u8"))
        let ranked = AudioTrackSelector.rank(try AudioTrackSelector.candidates(in: master))
        #expect(ranked.map(\.candidate.name) == ["Stereo HQ 320kbps", "Stereo"])
        #expect(ranked.map(\.figures.nameHint) == [320_000, 128_000])
        #expect(ranked[0].bitrate == 900_000)  // compared by BANDWIDTH first, the tie broken by the name hint
    }

    @Test func onlyNameHintsKnown() {
        let candidates = [
            AudioCandidate(name: "low 96K", uri: URL(fileURLWithPath: "/a"), source: .rendition, nameHint: 96000),
            AudioCandidate(name: "none", uri: URL(fileURLWithPath: "/b"), source: .rendition),
            AudioCandidate(name: "high 192K", uri: URL(fileURLWithPath: "/c"), source: .rendition, nameHint: 192_000),
        ]
        let ranked = AudioTrackSelector.rank(candidates)
        #expect(ranked.map(\.candidate.name) == ["high 192K", "low 96K", "none"])
        #expect(ranked.map(\.bitrateSource) == [.nameHint, .nameHint, .unknown])
        #expect(ranked[2].explanation.hasPrefix("bit rate unknown"))
    }

    @Test func tiesGoToChannelsThenSampleRateThenCodecThenOrder() throws {
        func candidate(_ name: String, channels: Int? = 2, rate: Int? = nil, codec: String? = "mp4a.40.2") -> AudioCandidate {
            AudioCandidate(name: name, uri: URL(fileURLWithPath: "/" + name), channels: channels, codec: codec,
                           source: .rendition, bandwidthHint: 500_000, sampleRateHint: rate)
        }
        let channels = AudioTrackSelector.rank([candidate("stereo"), candidate("surround", channels: 6), candidate("mono", channels: 1)])
        #expect(channels.map(\.candidate.name) == ["surround", "stereo", "mono"])
        let rates = AudioTrackSelector.rank([candidate("44", rate: 44100), candidate("48", rate: 48000), candidate("none")])
        #expect(rates.map(\.candidate.name) == ["48", "44", "none"])
        let codecs = AudioTrackSelector.rank([candidate("mp3", codec: "mp4a.40.34"), candidate("he", codec: "mp4a.40.5"),
                                              candidate("lc"), candidate("ec3", codec: "ec-3"), candidate("flac", codec: "fLaC"),
                                              candidate("opus", codec: "opus"), candidate("ac3", codec: "ac-3")])
        #expect(codecs.map(\.candidate.name) == ["flac", "ec3", "ac3", "opus", "lc", "he", "mp3"])
        let order = AudioTrackSelector.rank([candidate("first"), candidate("second"), candidate("third")])
        #expect(order.map(\.candidate.name) == ["first", "second", "third"])
        // Channels outrank sample rate and codec.
        let mixed = AudioTrackSelector.rank([candidate("flac48", rate: 48000, codec: "flac"), candidate("six", channels: 6)])
        #expect(mixed.map(\.candidate.name) == ["six", "flac48"])
    }

    @Test func channelsFromRenditionAttribute() throws {
        let master = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Stereo",CHANNELS="2",URI="s.m3u8""#,
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Atmos",CHANNELS="16/JOC",URI="atmos.m3u8""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.640028,ec-3",AUDIO="a""#, "v.m3u8"))
        let candidates = try AudioTrackSelector.candidates(in: master)
        #expect(candidates.map(\.channels) == [2, 16])
        #expect(candidates.map(\.codec) == ["ec-3", "ec-3"])
        #expect(AudioTrackSelector.rank(candidates).first?.candidate.name == "Atmos")
    }

    @Test func audioDescriptionPassedOverUnlessAlone() throws {
        let master = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Described 256K",CHARACTERISTICS="public.accessibility.describes-video",URI="ad.m3u8""#,
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Main 64K",URI="main.m3u8""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="a""#, "v.m3u8"))
        let candidates = try AudioTrackSelector.candidates(in: master)
        #expect(candidates.map(\.describesVideo) == [true, false])
        #expect(AudioTrackSelector.rank(candidates).map(\.candidate.name) == ["Main 64K", "Described 256K"])
        let alone = AudioTrackSelector.rank([candidates[0]])
        #expect(alone.map(\.candidate.name) == ["Described 256K"])
        #expect(alone[0].explanation.contains("audio description"))
    }

    @Test func muxedAudioIsAClearError() throws {
        let muxed = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",DEFAULT=YES"#,
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Deutsch",LANGUAGE="de""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="a""#, "v.m3u8"))
        #expect(throws: SelectionError.audioOnlyInVideoVariants(renditionLines: [2, 3])) {
            try AudioTrackSelector.candidates(in: muxed)
        }
        let plain = try F.parseMaster(F.m3u("#EXTM3U", #"#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360"#, "v.m3u8"))
        do {
            _ = try AudioTrackSelector.candidates(in: plain)
            Issue.record("expected an error")
        } catch {
            #expect(error == .audioOnlyInVideoVariants(renditionLines: []))
            #expect(error.description.contains("muxed into the video variants"))
            #expect(error.description.contains("there is no EXT-X-MEDIA TYPE=AUDIO rendition"))
        }
        #expect(SelectionError.audioOnlyInVideoVariants(renditionLines: [2, 3]).description
            .contains("rendition(s) at line(s) 2, 3 have no URI"))
    }

    @Test func audioOnlyVariants() throws {
        let master = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-STREAM-INF:BANDWIDTH=140000,CODECS="mp4a.40.2""#, "aac_128.m3u8",
            #"#EXT-X-STREAM-INF:BANDWIDTH=70000,CODECS="mp4a.40.5""#, "aac_64.m3u8",
            #"#EXT-X-STREAM-INF:BANDWIDTH=2000000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720"#, "video.m3u8",
            #"#EXT-X-STREAM-INF:BANDWIDTH=300000"#, "audio/hq.m3u8",
            #"#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x180"#, "audio/tiny_video.m3u8"))
        let candidates = try AudioTrackSelector.candidates(in: master)
        #expect(candidates.map(\.name) == ["aac_128.m3u8", "aac_64.m3u8", "hq.m3u8"])
        #expect(candidates.allSatisfy { $0.source == .variant })
        #expect(candidates.map(\.codec) == ["mp4a.40.2", "mp4a.40.5", nil])
        let ranked = AudioTrackSelector.rank(candidates)
        // hq.m3u8 is only guessed to be audio (no CODECS): it ranks after both known audio variants, however
        // high its BANDWIDTH (issue 9).
        #expect(candidates.map(\.admission.isKnown) == [true, true, false])
        #expect(ranked.map(\.candidate.name) == ["aac_128.m3u8", "aac_64.m3u8", "hq.m3u8"])
        #expect(ranked.map(\.bitrate) == [140_000, 70_000, 300_000])
    }

    @Test func audioOnlyVariantSharingARenditionURIIsListedOnce() throws {
        let master = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Main",LANGUAGE="en",URI="a.m3u8""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=130000,CODECS="mp4a.40.2",AUDIO="a""#, "a.m3u8",
            #"#EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="a""#, "v.m3u8"))
        let candidates = try AudioTrackSelector.candidates(in: master)
        #expect(candidates.count == 1)
        #expect(candidates[0].source == .rendition)
        #expect(candidates[0].bandwidthHint == 130_000)
    }

    @Test func filterOverrides() throws {
        let candidates = [
            AudioCandidate(name: "English 256K", groupID: "aud-hi", language: "en-US", uri: URL(fileURLWithPath: "/a"), source: .rendition),
            AudioCandidate(name: "Deutsch", groupID: "aud-de", language: "de", uri: URL(fileURLWithPath: "/b"), source: .rendition),
        ]
        #expect(try AudioTrackSelector.filter(candidates, name: "english 256k").map(\.name) == ["English 256K"])
        #expect(try AudioTrackSelector.filter(candidates, language: "EN").map(\.name) == ["English 256K"])
        #expect(try AudioTrackSelector.filter(candidates, language: "de").map(\.name) == ["Deutsch"])
        #expect(try AudioTrackSelector.filter(candidates, groupID: "AUD-DE").map(\.name) == ["Deutsch"])
        #expect(try AudioTrackSelector.filter(candidates).count == 2)
        do {
            _ = try AudioTrackSelector.filter(candidates, name: "French", language: "fr")
            Issue.record("expected no match")
        } catch {
            #expect(error.description == #"no audio track matches name "French" and language "fr"; available: "#
                + #"name "English 256K", language "en-US", group "aud-hi"; name "Deutsch", language "de", group "aud-de""#)
        }
    }

    @Test func qualityHints() {
        #expect(QualityHints.bitrate(in: "English 256K") == 256_000)
        #expect(QualityHints.bitrate(in: "hls_a64K_v4.m3u8") == 64000)
        #expect(QualityHints.bitrate(in: "aac_128kbps") == 128_000)
        #expect(QualityHints.bitrate(in: "320 kbit/s") == 320_000)
        #expect(QualityHints.bitrate(in: "96kb.m3u8") == 96000)
        #expect(QualityHints.bitrate(in: "1.5Mbps") == 1_500_000)
        #expect(QualityHints.bitrate(in: "48kHz stereo") == nil)
        #expect(QualityHints.bitrate(in: "hls_1080p_v4") == nil)
        #expect(QualityHints.bitrate(in: "a 64K and 128K mix") == 128_000)
        #expect(QualityHints.bitrate(in: "") == nil)
        #expect(QualityHints.sampleRate(in: "AAC 48kHz") == 48000)
        #expect(QualityHints.sampleRate(in: "44.1 kHz") == 44100)
        #expect(QualityHints.sampleRate(in: "audio_44100Hz") == 44100)
        #expect(QualityHints.sampleRate(in: "256K") == nil)
    }

    @Test func audioCodecClassification() {
        for codec in ["mp4a.40.2", "mp4a.40.5", "mp4a.40.34", "mp4a.6B", "mp3", "ac-3", "ec-3", "opus", "Opus", "fLaC"] {
            #expect(AudioCodec.isAudio(codec), "\(codec)")
        }
        for codec in ["avc1.4d401f", "hvc1.2.4.L123.B0", "vp09.00.10.08", "av01.0.04M.08", "stpp.ttml.im1t", "wvtt"] {
            #expect(!AudioCodec.isAudio(codec), "\(codec)")
        }
    }

    @Test func byteRangeMeasurementNeedsEveryRange() throws {
        let partial = try F.parseMedia(F.media("#EXTINF:10,", "#EXT-X-BYTERANGE:1000@0", "a.ts", "#EXTINF:10,", "b.ts"))
        #expect(BitrateMeasurement.byteRangeBitrate(of: partial) == nil)
        let zero = try F.parseMedia(F.media("#EXTINF:0,", "#EXT-X-BYTERANGE:1000@0", "a.ts"))
        #expect(BitrateMeasurement.byteRangeBitrate(of: zero) == nil)
        let empty = try F.parseMedia(F.media())
        #expect(BitrateMeasurement.byteRangeBitrate(of: empty) == nil)
        #expect(BitrateMeasurement.extXBitrate(of: empty) == nil)
    }
}
