import Foundation
@testable import Downloader

/// The playlists under `Tests/DownloaderTests/Fixtures/RealWorld` (see the README there): our own files in
/// the layouts other HLS projects publish.
enum RealWorldFixtures {
    /// The text of `Fixtures/RealWorld/<name>`.
    static func text(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/RealWorld")
        else {
            throw FixtureMissing(name: name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The master playlist `name` parsed as if served from `base`.
    static func master(_ name: String, base: String = "http://media.example/hls/master.m3u8") throws -> MasterPlaylist {
        guard case .master(let master) = try parse(name, base: base) else { throw NotA(kind: "master", name: name) }
        return master
    }

    /// The playlist `name` parsed as if served from `base`.
    static func parse(_ name: String, base: String, masterVariables: [String: String]? = nil) throws -> Playlist {
        guard let url = URL(string: base) else { throw FixtureMissing(name: base) }
        return try PlaylistParser.parse(try text(name), url: url, masterVariables: masterVariables)
    }

    struct FixtureMissing: Error { let name: String }
    struct NotA: Error { let kind: String, name: String }
}
