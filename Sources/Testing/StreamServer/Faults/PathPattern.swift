/// A path pattern for ``FaultRule``: an exact path, or a glob where `*` matches any run of
/// characters, including `/`.
///
/// ```swift
/// PathPattern("*").matches("/a/b.ts")          // true
/// PathPattern("*.ts").matches("/a/b.ts")       // true
/// PathPattern("/audio/*").matches("/audio/x")  // true
/// PathPattern("/a/b.ts").matches("/a/b.tsx")   // false
/// ```
struct PathPattern: Sendable, Equatable {
    /// The pattern text as given.
    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// Whether `path` (percent-decoded, without query) matches the whole pattern.
    func matches(_ path: String) -> Bool {
        Self.glob(Array(text.utf8)[...], Array(path.utf8)[...])
    }

    /// Iterative glob matching with single-star backtracking: O(pattern × path) worst case.
    private static func glob(_ pattern: ArraySlice<UInt8>, _ subject: ArraySlice<UInt8>) -> Bool {
        let star = UInt8(ascii: "*")
        var p = pattern.startIndex
        var s = subject.startIndex
        var lastStar: Int?
        var resumeAt = subject.startIndex
        while s < subject.endIndex {
            if p < pattern.endIndex, pattern[p] == star {
                lastStar = p
                resumeAt = s
                p += 1
            } else if p < pattern.endIndex, pattern[p] == subject[s] {
                p += 1
                s += 1
            } else if let starIndex = lastStar {
                p = starIndex + 1
                resumeAt += 1
                s = resumeAt
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == star {
            p += 1
        }
        return p == pattern.endIndex
    }
}
