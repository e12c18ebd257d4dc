import Foundation
import Testing
@testable import Downloader

/// Inputs behind the `playlist` and `attributes` fuzz targets' findings (Fuzz/, `scripts/fuzz.sh`), reduced.
@Suite struct PlaylistFuzzRegressionTests {
    typealias F = PlaylistFixtures

    /// Found while writing the `playlist` target's credential invariant: URIs that do not parse as URLs were
    /// quoted in the error with their user-info, since redaction relied on `URL(string:)`.
    @Test("Credentials in URIs that do not parse are redacted in errors", arguments: [
        "http://user:secret@[::1",
        "http://user:secret@host:-1/a.ts",
        "http://user:secret@host:abc/a.ts",
        "http://user:secret@ho st/a.ts",
        "%zz://user:secret@host/a.ts",
    ])
    func unparsableURIRedacted(uri: String) throws {
        let error = try #require(F.parseError(F.media("#EXTINF:1,", uri)))
        #expect(error.line == 4)
        #expect(!error.description.contains("secret"), "\(error)")
        #expect(error.description.contains("://***@"), "\(error)")
    }

    /// Same finding: a URI line without `EXTINF` before it was quoted as written.
    @Test("A URI line without EXTINF is quoted without its credentials")
    func orphanURILineRedacted() throws {
        let error = try #require(F.parseError(F.media("https://me:secret@cdn.example.com/a.ts")))
        #expect(error.line == 3)
        #expect(!error.description.contains("secret"), "\(error)")
        #expect(error.description.contains("\"https://***@cdn.example.com/a.ts\""), "\(error)")
    }

    @Test("Redaction leaves URIs without user-info and '@' in paths alone")
    func redactionKeepsOtherText() {
        #expect(URIResolver.redacted("http://host/a@b.ts") == "http://host/a@b.ts")
        #expect(URIResolver.redacted("a/b//c@d") == "a/b//c@d")
        #expect(URIResolver.redacted("//u:p@[bad") == "//***@[bad")
    }
}
