import Foundation
@testable import Downloader

/// Playlists modelled on the project's stream (http://pubcache1.arkiva.de/test/hls_index.m3u8): a master with
/// two audio renditions and several video variants, and version-4 audio playlists with byte ranges over one file.
enum PlaylistFixtures {
    static let masterURL = URL(string: "http://pubcache1.arkiva.de/test/hls_index.m3u8")!  // literal, not input
    static let audio256URL = URL(string: "http://pubcache1.arkiva.de/test/hls_a256K_v4.m3u8")!
    static let audio64URL = URL(string: "http://pubcache1.arkiva.de/test/hls_a64K_v4.m3u8")!

    /// Joins lines with LF so that element `i` is line `i + 1`.
    static func m3u(_ lines: String...) -> String { lines.joined(separator: "\n") + "\n" }

    static let master = m3u(
        "#EXTM3U",                                                                                   // 1
        "#EXT-X-VERSION:4",                                                                          // 2
        "#EXT-X-INDEPENDENT-SEGMENTS",                                                               // 3
        "# audio tracks",                                                                            // 4
        #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-lo",NAME="English 64K",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="hls_a64K_v4.m3u8""#, // 5
        #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-hi",NAME="English 256K",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="hls_a256K_v4.m3u8""#, // 6
        "",                                                                                          // 7
        #"#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25.000,AUDIO="aud-lo""#, // 8
        "hls_360p_v4.m3u8",                                                                          // 9
        #"#EXT-X-STREAM-INF:BANDWIDTH=1600000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=960x540,AUDIO="aud-lo""#, // 10
        "hls_540p_v4.m3u8",                                                                          // 11
        #"#EXT-X-STREAM-INF:BANDWIDTH=3200000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1280x720,AUDIO="aud-hi""#, // 12
        "hls_720p_v4.m3u8",                                                                          // 13
        #"#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,URI="hls_iframes.m3u8""#,                        // 14
        #"#EXT-X-STREAM-INF:BANDWIDTH=6000000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,AUDIO="aud-hi""#, // 15
        "hls_1080p_v4.m3u8")                                                                         // 16

    static let audio256 = m3u(
        "#EXTM3U",                          // 1
        "#EXT-X-VERSION:4",                 // 2
        "#EXT-X-TARGETDURATION:10",         // 3
        "#EXT-X-MEDIA-SEQUENCE:0",          // 4
        "#EXT-X-PLAYLIST-TYPE:VOD",         // 5
        "#EXTINF:10.0,",                    // 6
        "#EXT-X-BYTERANGE:320000@0",        // 7
        "hls_a256K.ts",                     // 8
        "#EXTINF:10.0,",                    // 9
        "#EXT-X-BYTERANGE:321000",          // 10 implicit offset 320000
        "hls_a256K.ts",                     // 11
        "#EXTINF:5.5,",                     // 12
        "#EXT-X-BYTERANGE:176000@641000",   // 13
        "hls_a256K.ts",                     // 14
        "#EXT-X-ENDLIST")                   // 15

    static let audio64 = m3u(
        "#EXTM3U",
        "#EXT-X-VERSION:4",
        "#EXT-X-TARGETDURATION:10",
        "#EXT-X-MEDIA-SEQUENCE:0",
        "#EXT-X-PLAYLIST-TYPE:VOD",
        "#EXTINF:10.0,",
        "#EXT-X-BYTERANGE:80000@0",
        "hls_a64K.ts",
        "#EXTINF:10.0,",
        "#EXT-X-BYTERANGE:80000",
        "hls_a64K.ts",
        "#EXT-X-ENDLIST")

    static func parseMaster(_ text: String, url: URL = masterURL) throws -> MasterPlaylist {
        guard case .master(let master) = try PlaylistParser.parse(text, url: url) else {
            throw PlaylistError(line: nil, message: "test expected a master playlist")
        }
        return master
    }

    static func parseMedia(_ text: String, url: URL = audio256URL) throws -> MediaPlaylist {
        guard case .media(let media) = try PlaylistParser.parse(text, url: url) else {
            throw PlaylistError(line: nil, message: "test expected a media playlist")
        }
        return media
    }

    /// The error a parse throws, or nil when it succeeds.
    static func parseError(_ text: String, url: URL = audio256URL) -> PlaylistError? {
        do {
            _ = try PlaylistParser.parse(text, url: url)
            return nil
        } catch {
            return error
        }
    }

    /// A minimal media playlist around the given body lines (header is lines 1-2, body starts at line 3).
    static func media(_ body: String...) -> String {
        (["#EXTM3U", "#EXT-X-TARGETDURATION:10"] + body).joined(separator: "\n") + "\n"
    }
}
