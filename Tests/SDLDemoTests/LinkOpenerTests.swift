import Foundation
import Testing
import TestSupport
@testable import SDLDemo

/// The program that opens More's links (issue 20): only web and mail links, the URL one argument (after `--`
/// where the program takes it), no shell, no secret in its arguments or environment.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct LinkOpenerTests {
    @Test func argumentsAreTheURLAlone() throws {
        let url = try #require(URL(string: "https://www.interlochen.org/give?a=1&b=$(rm -rf ~)"))
        #expect(LinkOpener(command: "xdg-open").arguments(for: url) == [url.absoluteString], "xdg-open takes no --")
        #expect(LinkOpener(command: "/usr/bin/xdg-open").arguments(for: url) == [url.absoluteString])
        #expect(LinkOpener(command: "gio").arguments(for: url) == ["--", url.absoluteString])
    }

    @Test func hostileLinksAreNotOpened() throws {
        let opener = LinkOpener(command: "/bin/false")
        for text in ["file:///etc/passwd", "smb://host/share", "x-handler://run", "-oProxyCommand=calc", "javascript:alert(1)"] {
            let url = try #require(URL(string: text))
            #expect(opener.open(url)?.hasPrefix("Not opened: ") == true, "\(text)")
        }
    }

    @Test("a real child: its argv is [--, URL], its environment has no secret")
    func childSeesOneArgumentAndNoSecret() async throws {
        let directory = try makeTemporaryDirectory("opener")
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = directory.appendingPathComponent("record")
        let source = directory.appendingPathComponent("opener.txt")
        let script = directory.appendingPathComponent("opener.sh")
        try """
            #!/bin/sh
            { for argument in "$@"; do printf '%s\\n' "$argument"; done; echo ---; env; } > "\(record.path).tmp"
            mv "\(record.path).tmp" "\(record.path)"
            """.write(to: source, atomically: true, encoding: .utf8)
        // The executable is written by a child (install), never by this process: a file this process held open
        // for writing can be inherited by a child another test spawns at that moment, and executing it then fails
        // with ETXTBSY ("Text file busy"; seen once under a from-scratch build beside the suite).
        let install = try await ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/install"),
                                                  ["-m", "700", source.path, script.path])
        try #require(install.status == 0, "install: \(install.stderr)")
        var environment = ProcessInfo.processInfo.environment
        environment["VIMEO_TOKEN"] = "secret-token-1234"
        let url = try #require(URL(string: "https://www.interlochen.org/give?x=1;y=2"))
        #expect(LinkOpener(command: script.path).open(url, environment: environment) == nil)
        #expect(await waitUntil { FileManager.default.fileExists(atPath: record.path) }, "the opener never ran")
        let text = try String(contentsOf: record, encoding: .utf8)
        let parts = text.components(separatedBy: "---\n")
        #expect(parts.first == "--\n\(url.absoluteString)\n")
        #expect(!text.contains("secret-token-1234"))
        #expect(LinkOpener.environment(["VIMEO_TOKEN": "t", "INTERLOCHEN_PASSWORD": "p", "NPR_API_KEY": "k", "PATH": "/bin"]) == ["PATH": "/bin"])
    }
}
