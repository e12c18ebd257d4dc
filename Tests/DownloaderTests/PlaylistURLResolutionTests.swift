import Foundation
import Testing
@testable import Downloader

/// Relative URIs resolve against the playlist's final URL (RFC 8216 §4.1, RFC 3986 §5.2).
@Suite struct PlaylistURLResolutionTests {
    typealias F = PlaylistFixtures

    private func segmentURLs(_ uris: [String], base: String) throws -> [String] {
        var body: [String] = []
        for uri in uris { body += ["#EXTINF:4,", uri] }
        let text = (["#EXTM3U", "#EXT-X-TARGETDURATION:10"] + body).joined(separator: "\n")
        let media = try F.parseMedia(text, url: try #require(URL(string: base)))
        return media.segments.map(\.uri.absoluteString)
    }

    @Test func relativeAbsoluteParentAndQuery() throws {
        let urls = try segmentURLs(
            ["seg1.ts", "sub/seg2.ts?token=abc&x=1", "../other/seg3.ts", "/root/seg4.ts",
             "https://cdn.example.com/seg5.ts?sig=z", "//mirror.example.org/seg6.ts", "seg%207.ts"],
            base: "http://pubcache1.arkiva.de/test/audio/hls_a256K_v4.m3u8?session=42")
        #expect(urls == [
            "http://pubcache1.arkiva.de/test/audio/seg1.ts",
            "http://pubcache1.arkiva.de/test/audio/sub/seg2.ts?token=abc&x=1",
            "http://pubcache1.arkiva.de/test/other/seg3.ts",
            "http://pubcache1.arkiva.de/root/seg4.ts",
            "https://cdn.example.com/seg5.ts?sig=z",
            "http://mirror.example.org/seg6.ts",
            "http://pubcache1.arkiva.de/test/audio/seg%207.ts",
        ])
    }

    @Test func resolvesAgainstRedirectedURL() throws {
        // The caller passes the URL after redirects: relative URIs follow the new location, not the original one.
        let master = try F.parseMaster(F.master, url: try #require(URL(string: "https://edge7.cdn.example/live/v2/hls_index.m3u8")))
        #expect(master.variants[0].uri.absoluteString == "https://edge7.cdn.example/live/v2/hls_360p_v4.m3u8")
        #expect(master.renditions[1].uri?.absoluteString == "https://edge7.cdn.example/live/v2/hls_a256K_v4.m3u8")
    }

    @Test func httpsSchemeCaseInsensitive() throws {
        let urls = try segmentURLs(["HTTPS://Host.example/A.ts"], base: "http://h/x.m3u8")
        #expect(urls == ["HTTPS://Host.example/A.ts"])
    }

    @Test func mapAndKeyURIsResolved() throws {
        let media = try F.parseMedia(F.media(#"#EXT-X-MAP:URI="../init/i.mp4?v=2""#,
                                             #"#EXT-X-KEY:METHOD=AES-128,URI="/keys/1?a=b""#,
                                             "#EXTINF:4,", "a.m4s"))
        #expect(media.segments[0].initSection?.uri.absoluteString == "http://pubcache1.arkiva.de/init/i.mp4?v=2")
        #expect(media.segments[0].key?.uri.absoluteString == "http://pubcache1.arkiva.de/keys/1?a=b")
    }

    @Test func renditionURIWithOtherSchemeIsAnError() throws {
        let text = F.m3u("#EXTM3U", #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="x",URI="file:///tmp/a.m3u8""#,
                         "#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO=\"a\"", "v.m3u8")
        let error = try #require(F.parseError(text))
        #expect(error.line == 2)
        #expect(error.message.contains("only http and https"))
    }
}
