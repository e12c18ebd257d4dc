import FeedCore
import Foundation
import Testing

/// ``JSONText``, the package's one JSON string and number writer: exact bytes for every class of character,
/// and every literal read back by Foundation's parser as the string it came from.
@Suite struct JSONTextTests {
    /// Parses `literal` (a JSON string literal) with JSONSerialization.
    static func parsed(_ literal: String) throws -> String? {
        try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
    }

    @Test("quotes, backslash and the short escapes; slash and DEL stay as they are", arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"C:\dir\"#, #""C:\\dir\\""#),
        ("a\nb\rc\td", #""a\nb\rc\td""#),
        ("a/b", #""a/b""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("", #""""#),
    ])
    func escapes(text: String, expected: String) throws {
        #expect(JSONText.quoted(text) == expected)
        #expect(try Self.parsed(JSONText.quoted(text)) == text)
    }

    @Test("every other control character below U+0020 as \\u00XX with upper-case hex")
    func controlCharacters() throws {
        #expect(JSONText.quoted("\u{0}") == #""\u0000""#)
        #expect(JSONText.quoted("\u{8}\u{C}") == #""\u0008\u000C""#)
        #expect(JSONText.quoted("\u{1B}[31m") == #""\u001B[31m""#)
        #expect(JSONText.quoted("\u{1F}") == #""\u001F""#)
        for value in 0 ..< 0x20 {
            let text = String(Unicode.Scalar(UInt8(value)))
            let literal = JSONText.quoted(text)
            #expect(literal.unicodeScalars.allSatisfy { $0.value >= 0x20 }, "U+\(value) written raw")
            #expect(try Self.parsed(literal) == text, "U+\(value)")
        }
    }

    @Test("characters beyond ASCII, beyond the BMP and the line separators are written raw, as UTF-8")
    func unicode() throws {
        let text = "Café – 日本 🎵 \u{1F3B6}\u{2028}\u{2029} e\u{301}"
        #expect(JSONText.quoted(text) == "\"" + text + "\"")
        #expect(try Self.parsed(JSONText.quoted(text)) == text)
        #expect(Array(JSONText.quoted("🎵").utf8) == [0x22, 0xF0, 0x9F, 0x8E, 0xB5, 0x22])
    }

    @Test("a lone surrogate cannot reach the writer: decoding one gives U+FFFD, written raw")
    func loneSurrogate() throws {
        let text = String(decoding: [0x61, 0xD800, 0x62] as [UInt16], as: UTF16.self)
        #expect(JSONText.quoted(text) == "\"a\u{FFFD}b\"")
        #expect(try Self.parsed(JSONText.quoted(text)) == "a\u{FFFD}b")
    }

    @Test("appending writes the same literal after what is there")
    func appending() {
        var output = "{\"k\":"
        JSONText.appendQuoted("v\"", to: &output)
        #expect(output == #"{"k":"v\"""#)
    }

    @Test("numbers: whole without a fraction, the shortest text otherwise, null when not finite", arguments: [
        (3.0, "3"), (-0.0, "0"), (2.5, "2.5"), (0.1, "0.1"), (-17.25, "-17.25"), (1e15, "1000000000000000.0"), (1.5e300, "1.5e+300"),
        (999_999_999_999_999, "999999999999999"), (1.0 / 3, "0.3333333333333333"),
        (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
    ])
    func numbers(value: Double, expected: String) {
        #expect(JSONText.number(value) == expected)
    }

    @Test("numbers rounded to a number of decimals", arguments: [
        (16.666666, 3, "16.667"), (400.0, 3, "400"), (0.2500004, 6, "0.25"), (1.234, 2, "1.23"),
        (2.5, 0, "3"), (.nan, 3, "null"), (1e306, 3, "null"),
    ])
    func roundedNumbers(value: Double, digits: Int, expected: String) {
        #expect(JSONText.number(value, digits: digits) == expected)
    }
}
