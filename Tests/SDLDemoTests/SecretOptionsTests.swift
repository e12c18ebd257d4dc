import Foundation
import Testing
import TestSupport

/// SDLDemo's secret files (issue 20): `--token-file`, `--password-file`, `--npr-key-file` are read before the
/// window opens; a bad file is one line naming the option and the file, never its content.
@Suite(.enabled(if: ProcessRunner.executable(named: "SDLDemo") != nil, "SDLDemo not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct SecretOptionsTests {
    @Test func badSecretFilesAndDoubleSecretsAreRefusedBeforeTheWindow() async throws {
        let binary = try #require(ProcessRunner.executable(named: "SDLDemo"))
        let directory = try makeTemporaryDirectory("sdldemo-secrets")
        defer { try? FileManager.default.removeItem(at: directory) }
        let twoLines = directory.appendingPathComponent("two").path
        try "secret-one\nsecret-two\n".write(toFile: twoLines, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--app", "vimeo", "--token-file", twoLines], "--token-file \(twoLines): more than one line"),
            (["--app", "vimeo", "--token-file", directory.appendingPathComponent("missing").path], "--token-file"),
            (["--app", "interlochen", "--content-url", "http://127.0.0.1:1/c.json", "--user", "u", "--password-file", twoLines],
             "--password-file \(twoLines): more than one line"),
            (["--app", "vimeo", "--token", "t", "--token-file", twoLines], "give --token or --token-file, not both"),
            (["--app", "interlochen", "--npr-key", "k", "--npr-key-file", twoLines], "give --npr-key or --npr-key-file, not both"),
        ]
        for (arguments, message) in cases {
            let outcome = try await ProcessRunner.run(binary, arguments)
            #expect(outcome.status != 0, "\(arguments)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(!outcome.stderr.contains("secret-one") && !outcome.stdout.contains("secret-one"))
        }
    }
}
