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
        func emit(_ end: Int) {
            let line = String(decoding: bytes[start ..< end], as: UTF8.self)
            lines.append(Line(number: lines.count + 1, text: line.trimmingBlanks))
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
