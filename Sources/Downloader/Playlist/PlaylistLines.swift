/// Splits playlist text into numbered lines (RFC 8216 §4.1): line ends are LF, CRLF or a lone CR; a leading
/// UTF-8 byte-order mark is dropped; surrounding spaces and tabs are trimmed.
enum PlaylistLines {
    struct Line {
        /// 1-based.
        let number: Int
        let text: String
    }

    static func split(_ text: String) -> [Line] {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var lines: [Line] = []
        var start = 0
        var index = 0
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func emit(_ end: Int) {
            var lower = start
            var upper = end
            while lower < upper, isBlank(bytes[lower]) { lower += 1 }
            while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
            lines.append(Line(number: lines.count + 1, text: String(decoding: bytes[lower ..< upper], as: UTF8.self)))
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                emit(index)
                index += 1
                start = index
            case UInt8(ascii: "\r"):
                emit(index)
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                start = index
            default:
                index += 1
            }
        }
        if start < bytes.count { emit(bytes.count) }
        return lines
    }
}
