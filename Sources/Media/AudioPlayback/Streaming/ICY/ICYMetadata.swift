import Foundation

/// One ICY metadata block, parsed: the `key='value';` pairs a SHOUTcast/Icecast server inserts into an MP3
/// stream every `icy-metaint` bytes (`StreamTitle='Artist - Title';StreamUrl='…';`).
///
/// The format has no escaping, so titles with quotes are common (`Guns N' Roses - Don't Cry`). A value therefore
/// ends only at a `';` that is followed by the end of the block (NUL padding included) or by the next
/// `key='`; any other `'` belongs to the value. Each value is decoded as UTF-8 when it is valid UTF-8 and as
/// ISO 8859-1 (Latin-1, byte = code point) otherwise, which is what servers that predate UTF-8 send.
///
/// ```swift
/// let block = Array("StreamTitle='Don't Stop';StreamUrl='';".utf8)
/// let metadata = ICYMetadata(block)
/// metadata.title          // "Don't Stop"
/// metadata.fields         // [("StreamTitle", "Don't Stop"), ("StreamUrl", "")]
/// ```
public struct ICYMetadata: Hashable, Sendable {
    /// One `key='value'` pair.
    public struct Field: Hashable, Sendable {
        /// The key, e.g. `StreamTitle`.
        public var key: String
        /// The value, decoded (UTF-8, else Latin-1).
        public var value: String
    }

    /// The pairs in the order they appear.
    public let fields: [Field]

    /// Parses one metadata block (the bytes after the length byte, NUL padding included).
    public init(_ block: [UInt8]) {
        fields = Self.parse(block)
    }

    /// The value of the first field named `key` (compared case-insensitively), if any.
    public func value(for key: String) -> String? {
        let wanted = key.lowercased()
        return fields.first { $0.key.lowercased() == wanted }?.value
    }

    /// `StreamTitle`: what is on now; `nil` if the block has no title, `""` if the station cleared it.
    public var title: String? { value(for: "StreamTitle") }

    /// `StreamUrl`, if present and not empty.
    public var url: String? {
        guard let url = value(for: "StreamUrl"), !url.isEmpty else { return nil }
        return url
    }

    // MARK: - Parsing

    private static let quote = UInt8(ascii: "'")
    private static let semicolon = UInt8(ascii: ";")
    private static let equals = UInt8(ascii: "=")

    private static func parse(_ raw: [UInt8]) -> [Field] {
        // NUL padding fills the block to a multiple of 16 bytes; a NUL anywhere ends the text.
        let bytes = raw.prefix { $0 != 0 }
        var fields: [Field] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            // Skip separators and spaces between fields.
            while index < bytes.endIndex, bytes[index] == semicolon || isSpace(bytes[index]) { index += 1 }
            guard let (key, valueStart) = keyStart(in: bytes, at: index) else { break }
            let valueEnd = endOfValue(in: bytes, from: valueStart)
            fields.append(Field(key: key, value: decode(bytes[valueStart..<valueEnd])))
            // Step over the closing `'` (and let the loop skip the `;`).
            index = min(valueEnd + 1, bytes.endIndex)
        }
        return fields
    }

    /// If `bytes[index...]` starts with `key='`, the key and the index just after the quote.
    private static func keyStart(in bytes: ArraySlice<UInt8>, at index: Int) -> (String, Int)? {
        var cursor = index
        while cursor < bytes.endIndex, isKeyByte(bytes[cursor]) { cursor += 1 }
        guard cursor > index, cursor + 1 < bytes.endIndex, bytes[cursor] == equals, bytes[cursor + 1] == quote
        else { return nil }
        let key = String(decoding: bytes[index..<cursor], as: UTF8.self)
        return (key, cursor + 2)
    }

    /// The index of the `'` that closes a value starting at `start`: a `'` followed by `;` and then the end of
    /// the block or another `key='`, or else the last `'` of the block, or else the end of the block.
    private static func endOfValue(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var lastQuote: Int?
        var cursor = start
        while cursor < bytes.endIndex {
            if bytes[cursor] == quote {
                lastQuote = cursor
                let next = cursor + 1
                if next == bytes.endIndex { return cursor }
                if bytes[next] == semicolon {
                    var after = next + 1
                    while after < bytes.endIndex, isSpace(bytes[after]) { after += 1 }
                    if after == bytes.endIndex || keyStart(in: bytes, at: after) != nil { return cursor }
                }
            }
            cursor += 1
        }
        return lastQuote ?? bytes.endIndex
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// UTF-8 if the bytes are valid UTF-8, else Latin-1 (every byte is the code point of the same number).
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(bytes: bytes, encoding: .utf8) { return text }
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }
        return String(text)
    }
}
