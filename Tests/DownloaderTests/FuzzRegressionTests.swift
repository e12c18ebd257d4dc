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

    /// Found by the `playlist` target in CI (seed 1): for `://user:pw@host/…` (an empty scheme) Foundation's
    /// `URL` reports a user and a password but `URLComponents` none, so the components-based redaction quoted
    /// the URI line whole.
    @Test("An empty scheme before '//' still has its user-info redacted", arguments: [
        "://user:secret@host/orph#EXT-X-KEY:METH-X-TARGETDURATI\u{FFFD}",
        "://user:secret@host/a.ts",
    ])
    func emptySchemeRedacted(uri: String) throws {
        let orphan = try #require(F.parseError(F.media(uri)))
        #expect(!orphan.description.contains("secret"), "\(orphan)")
        #expect(orphan.description.contains("\"://***@host/"), "\(orphan)")
        let segment = try #require(F.parseError(F.media("#EXTINF:1,", uri)))
        #expect(!segment.description.contains("secret"), "\(segment)")
        let url = try #require(URL(string: uri))
        #expect(url.redactedString.hasPrefix("://***@host/"), "\(url.redactedString)")
    }

    @Test("Redaction leaves URIs without user-info and '@' in paths alone")
    func redactionKeepsOtherText() {
        #expect(URIResolver.redacted("http://host/a@b.ts") == "http://host/a@b.ts")
        #expect(URIResolver.redacted("a/b//c@d") == "a/b//c@d")
        #expect(URIResolver.redacted("//u:p@[bad") == "//***@[bad")
    }
}
