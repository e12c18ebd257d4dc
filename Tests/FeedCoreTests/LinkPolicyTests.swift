import FeedCore
import Foundation
import Testing

/// Which feed URLs may be opened by the desktop or loaded as images (issue 20, "Links and images").
@Suite struct LinkPolicyTests {
    static let web = ["https://www.interlochen.org/give", "http://127.0.0.1:8080/a?b=c#d", "HTTPS://EXAMPLE.ORG/",
                      "https://[::1]:8443/x"]
    static let hostile = ["file:///etc/passwd", "FILE:///home/user/.ssh/id_ed25519", "smb://attacker.example/share",
                          "nfs://host/export", "sftp://host/x", "x-custom-handler://run?cmd=calc", "javascript:alert(1)",
                          "data:text/html,<b>x</b>", "vbscript:msgbox", "desktop:/usr/share/applications/xterm.desktop",
                          "-x-option", "--help", "relative/path.html", "//host/no-scheme", "http:///no-host", "https:",
                          "http://user:secret@www.example.org/", "http://user@www.example.org/", "ms-settings:",
                          "steam://run/1", "apt:sl", "ghelp:/etc/passwd", "help:x", "mailto:", "mailto:-oProxyCommand=x@y"]

    @Test func webLinksOpen() throws {
        for text in Self.web {
            let url = try #require(URL(string: text))
            #expect(LinkPolicy.link(url) == .open(url), "\(text)")
            #expect(LinkPolicy.image(url) == .open(url), "\(text)")
        }
    }

    @Test func mailLinksOpenButAreNoImages() throws {
        let url = try #require(URL(string: "mailto:info@interlochen.org?subject=Hi"))
        #expect(LinkPolicy.link(url) == .open(url))
        guard case .refuse(let reason) = LinkPolicy.image(url) else { Issue.record("a mail image loaded"); return }
        #expect(reason == "Not loaded: images load over http and https only, not mailto:.")
    }

    @Test func everythingElseIsRefusedWithAReason() throws {
        for text in Self.hostile {
            guard let url = URL(string: text) else { continue }  // not even a URL: nothing to open
            guard case .refuse(let reason) = LinkPolicy.link(url) else {
                Issue.record("\(text) would be opened")
                continue
            }
            #expect(reason.hasPrefix("Not opened: ") && reason.hasSuffix("."), "\(text): \(reason)")
            guard case .refuse(let image) = LinkPolicy.image(url) else {
                Issue.record("\(text) would be loaded as an image")
                continue
            }
            #expect(image.hasPrefix("Not loaded: "), "\(text): \(image)")
        }
    }

    @Test func reasonsSayWhy() throws {
        func reason(_ text: String) throws -> String {
            guard case .refuse(let reason) = LinkPolicy.link(try #require(URL(string: text))) else { return "opened" }
            return reason
        }
        #expect(try reason("file:///etc/passwd") == "Not opened: file: links open local files, not web pages. Only web (http, https) and mail links are opened.")
        #expect(try reason("smb://h/s").contains("file shares"))
        #expect(try reason("x-custom://a").contains("handed to a local program"))
        #expect(try reason("-x") == "Not opened: the address starts with \"-\".")
        #expect(try reason("http://u:p@h/") == "Not opened: the web address carries a user name or password.")
        #expect(try reason("https://h/" + String(repeating: "a", count: LinkPolicy.maximumLength)).contains("longer than"))
    }

    @Test func noOpenedLinkStartsWithADash() throws {
        // The opener passes the URL as one argument; xdg-open takes no "--", so this is what keeps it an operand.
        for text in Self.web + Self.hostile + ["mailto:a@b"] {
            guard let url = URL(string: text), case .open(let opened) = LinkPolicy.link(url) else { continue }
            #expect(!opened.absoluteString.hasPrefix("-"))
        }
    }
}
