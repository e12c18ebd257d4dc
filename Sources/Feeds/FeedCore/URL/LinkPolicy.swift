import Foundation

/// Which URLs from a feed may leave the app: the one rule for links the desktop is asked to open, and for images
/// the window loads (issue 20; docs/security.md). Pure: a URL in, a verdict out.
///
/// A feed is untrusted. Handed to `xdg-open`, a `file:` link opens a local file, `smb:` mounts a share, a
/// `.desktop` file or a custom scheme runs a local program, and a string starting with `-` is read as an
/// option. Browsers ask before leaving the web; the apps do not leave it at all:
///
/// | URL | link | image |
/// |---|---|---|
/// | absolute `http:` / `https:` with a host, no user name or password | opened | loaded |
/// | `mailto:` with an address | opened | refused |
/// | any other scheme (`file:`, `smb:`, `javascript:`, `data:`, custom) | refused | refused |
/// | relative, no host, credentials, control characters, longer than ``maximumLength`` | refused | refused |
///
/// ```swift
/// switch LinkPolicy.link(URL(string: "file:///etc/passwd")!) {
/// case .open(let url): opener.open(url)
/// case .refuse(let reason): showNotice(reason)   // "Not opened: file: links open local files, not web pages."
/// }
/// ```
public enum LinkPolicy {
    /// The longest URL accepted (browsers and servers commonly stop near 8 KB; no real link comes close).
    public static let maximumLength = 8192

    /// The verdict on a URL.
    public enum Verdict: Equatable, Sendable {
        /// Safe to hand on (the same URL).
        case open(URL)
        /// Refused; the reason is one sentence for a notice or a log line.
        case refuse(String)
    }

    /// Whether a feed's link may be handed to the desktop's opener.
    public static func link(_ url: URL) -> Verdict {
        if let refusal = refusal(url) ?? (isWeb(url) ? web(url) : nil) { return .refuse("Not opened: " + refusal) }
        switch url.scheme?.lowercased() {
        case "http", "https":
            return .open(url)
        case "mailto":
            let address = url.absoluteString.dropFirst("mailto:".count)
            guard address.contains("@"), !address.hasPrefix("-") else {
                return .refuse("Not opened: the mail link has no address.")
            }
            return .open(url)
        case let scheme?:
            return .refuse("Not opened: \(describe(scheme)) Only web (http, https) and mail links are opened.")
        case nil:
            return .refuse("Not opened: the link is not an absolute web address.")
        }
    }

    /// Whether an image a feed names may be loaded: `http` and `https` only.
    public static func image(_ url: URL) -> Verdict {
        if let refusal = refusal(url) ?? (isWeb(url) ? web(url) : nil) { return .refuse("Not loaded: " + refusal) }
        switch url.scheme?.lowercased() {
        case "http", "https":
            return .open(url)
        case let scheme?:
            return .refuse("Not loaded: images load over http and https only, not \(scheme):.")
        case nil:
            return .refuse("Not loaded: the image is not an absolute web address.")
        }
    }

    /// `text` as a URL when its scheme is http or https, else nil: what a player or a downloader may be handed from
    /// a feed (a stream, a playlist), so a link from the network never makes it open a local file.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), isWeb(url) else { return nil }
        return url
    }

    /// Refusals whatever the scheme: length, control characters, a leading `-`.
    private static func refusal(_ url: URL) -> String? {
        let text = url.absoluteString
        if text.utf8.count > maximumLength { return "the address is longer than \(maximumLength) bytes." }
        if text.hasPrefix("-") { return "the address starts with \"-\"." }
        if text.unicodeScalars.contains(where: { $0.value < 0x21 || (0x7F...0x9F).contains($0.value) }) {
            return "the address contains spaces or control characters."
        }
        return nil
    }

    private static func isWeb(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "http" || url.scheme?.lowercased() == "https"
    }

    /// What is wrong with an http(s) URL, if anything.
    private static func web(_ url: URL) -> String? {
        guard let host = url.host, !host.isEmpty else { return "the web address has no host." }
        if url.user != nil || url.password != nil {
            return "the web address carries a user name or password."
        }
        return nil
    }

    private static func describe(_ scheme: String) -> String {
        switch scheme.lowercased() {
        case "file": "file: links open local files, not web pages."
        case "smb", "nfs", "sftp", "ftp", "afp", "dav", "davs": "\(scheme.lowercased()): links reach file shares, not web pages."
        case "javascript", "data", "vbscript": "\(scheme.lowercased()): links carry code or content, not an address."
        default: "\(scheme): links are handed to a local program."
        }
    }
}
