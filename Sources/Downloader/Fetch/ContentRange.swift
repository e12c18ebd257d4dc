import Foundation

/// A parsed `Content-Range` response header for a satisfied byte range (RFC 9110 §14.4):
/// `bytes first-last/complete-length` where `complete-length` may be `*`.
///
/// ```swift
/// ContentRange(headerValue: "bytes 100-199/5000")   // first 100, last 199, completeLength 5000
/// ```
struct ContentRange: Sendable, Hashable {
    /// First byte position (inclusive).
    var first: Int
    /// Last byte position (inclusive).
    var last: Int
    /// Length of the whole representation, `nil` for `*`.
    var completeLength: Int?

    /// Parses the header value; `nil` for anything that is not a well-formed satisfied byte range
    /// (including the unsatisfied form `bytes */length`, RFC 9110 §14.4).
    init?(headerValue: String) {
        let value = headerValue.trimmingCharacters(in: .whitespaces)
        guard value.count > 6, value.lowercased().hasPrefix("bytes ") else { return nil }
        let rest = value.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let halves = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2,
              bounds[0].allSatisfy(\.isASCIIDigit), bounds[1].allSatisfy(\.isASCIIDigit),
              let first = Int(bounds[0]), let last = Int(bounds[1]), first <= last
        else { return nil }
        var completeLength: Int?
        if halves[1] != "*" {
            guard halves[1].allSatisfy(\.isASCIIDigit), let length = Int(halves[1]), last < length else {
                return nil
            }
            completeLength = length
        }
        self.first = first
        self.last = last
        self.completeLength = completeLength
    }

    /// Creates a value directly.
    init(first: Int, last: Int, completeLength: Int?) {
        self.first = first
        self.last = last
        self.completeLength = completeLength
    }

    /// Whether this is exactly the requested range (`offset ... offset + length - 1`).
    func matches(_ range: ByteRange) -> Bool {
        first == range.offset && last == range.upperBound - 1
    }
}

extension Character {
    /// `0`–`9` only (not other Unicode digits).
    var isASCIIDigit: Bool { ("0" ... "9").contains(self) }
}
