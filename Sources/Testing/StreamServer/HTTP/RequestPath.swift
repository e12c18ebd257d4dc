/// The path of a request target, percent-decoded and checked for traversal.
///
/// Accepts origin-form (`/a/b.ts?x=1`) and absolute-form (`http://host/a/b.ts`) targets
/// (RFC 9112 §3.2); the query and fragment are dropped because lookups ignore them.
enum RequestPath: Equatable {
    /// A decoded absolute path such as `/a/b c.ts`.
    case valid(String)
    /// Malformed: bad percent-encoding, invalid UTF-8, a NUL byte, or no leading `/` (answered with 400).
    case malformed
    /// Contains a `..` segment, possibly percent-encoded (answered with 403).
    case traversal

    /// Parses a request target as received in the request line.
    init(target: String) {
        var rest = Substring(target)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            rest = rest[..<end]
        }
        // Absolute-form: drop "scheme://authority".
        if let schemeEnd = rest.range(of: "://") {
            let afterAuthority = rest[schemeEnd.upperBound...]
            rest = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? "/"
        }
        guard rest.first == "/", let decoded = Self.percentDecode(rest) else {
            self = .malformed
            return
        }
        if decoded.contains("\0") || decoded.contains("\\") {
            self = .malformed
            return
        }
        if decoded.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            self = .traversal
            return
        }
        self = .valid(decoded)
    }

    /// Decodes `%XX` escapes (RFC 3986 §2.1); `nil` for a malformed escape or non-UTF-8 result.
    static func percentDecode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
