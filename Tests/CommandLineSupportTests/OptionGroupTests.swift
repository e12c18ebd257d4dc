import ArgumentParser
import CommandLineSupport
import FeedKit
import Foundation
import Testing

/// The option groups `mediakit` and `SDLDemo` share: parsing, validation, secrets from files.
@Suite("Shared option groups")
struct OptionGroupTests {
    /// A file holding `text`, mode 0600, removed by the caller.
    static func secretFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        return url
    }

    @Test("BaseURL: absolute http(s) with a host; anything else is a usage error naming the option and the value")
    func baseURL() throws {
        #expect(BaseURL(argument: "https://api.vimeo.com")?.url.host == "api.vimeo.com")
        for bad in ["not a url", "ftp://x/y", "http://", "/relative"] {
            #expect(BaseURL(argument: bad) == nil, "\(bad)")
            #expect(throws: ValidationError.self) { try BaseURL.parse(bad, option: "--content-url") }
        }
        do {
            _ = try BaseURL.parse("not a url", option: "--content-url")
        } catch let error as ValidationError {
            #expect(error.message == "--content-url not a url is not an absolute URL (http or https, with a host)")
        }
    }

    @Test("VimeoTokenOptions: one word; not both options; the file's content, trimmed; never both")
    func vimeoToken() throws {
        #expect(try VimeoTokenOptions.parse(["--token", "abc"]).resolved() == "abc")
        #expect(throws: (any Error).self) { try VimeoTokenOptions.parse(["--token", "a b"]) }
        let file = try Self.secretFile("  s3cret\n")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try VimeoTokenOptions.parse(["--token-file", file.path]).resolved() == "s3cret")
        #expect(throws: (any Error).self) { try VimeoTokenOptions.parse(["--token", "a", "--token-file", file.path]) }
        #expect(try VimeoTokenOptions.parse([]).isGiven == false)
        #expect(throws: SecretFile.Failure.self) { try VimeoTokenOptions.parse(["--token-file", "/nonexistent"]).resolved() }
    }

    @Test("InterlochenServiceOptions: URLs checked at parse time; ':' in the user refused; credentials and the NPR key from files")
    func interlochen() throws {
        #expect(throws: (any Error).self) { try InterlochenServiceOptions.parse(["--content-url", "not a url"]) }
        #expect(throws: (any Error).self) { try InterlochenServiceOptions.parse(["--user", "a:b"]) }
        let password = try Self.secretFile("pw")
        defer { try? FileManager.default.removeItem(at: password) }
        let options = try InterlochenServiceOptions.parse(["--content-url", "http://127.0.0.1:1/c.json", "--user", "u",
                                                           "--password-file", password.path, "--npr-key", "k"])
        #expect(options.resolvedContentURL?.absoluteString == "http://127.0.0.1:1/c.json")
        #expect(try options.credentials() == .basic(user: "u", password: "pw"))
        #expect(try options.resolvedNPRKey() == "k")
        #expect(options.givesServices)
        #expect(options.givenNames == ["--content-url", "--user", "--password-file", "--npr-key"])
        #expect(try InterlochenServiceOptions.parse([]).givenNames.isEmpty)
    }

    @Test("StoreOptions: --store names a file; --offline")
    func store() throws {
        #expect(try StoreOptions.parse(["--store", "/tmp/x.sqlite", "--offline"]).isGiven)
        #expect(throws: (any Error).self) { try StoreOptions.parse(["--store", ""]) }
        #expect(try StoreOptions.parse([]).isGiven == false)
    }
}
