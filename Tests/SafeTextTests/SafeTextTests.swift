import SafeText
import Testing

/// The one function that makes outside text safe to print (issue 20, "Text from the network on a terminal").
@Suite struct SafeTextTests {
    /// The hostile station name: title change (OSC 0), clear screen (CSI 2J), colour (SGR 31).
    static let hostileTitle = "Evil\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mRED"

    @Test func escapeSequencesAreShownNotSent() {
        let safe = SafeText.printable(Self.hostileTitle)
        #expect(safe == "Evil\\e]0;PWNED\\x07\\e[2J\\e[31mRED")
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func everyC0AndC1ControlIsEscaped() {
        let controls = (0x00...0x1F).map { Unicode.Scalar($0)! } + [Unicode.Scalar(0x7F)!]
            + (0x80...0x9F).map { Unicode.Scalar($0)! }
        for scalar in controls {
            let safe = SafeText.printable("a\(Character(scalar))b")
            #expect(safe.hasPrefix("a\\") && safe.hasSuffix("b"), "U+\(String(scalar.value, radix: 16)) → \(safe)")
            #expect(safe.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, "U+\(String(scalar.value, radix: 16))")
        }
        #expect(SafeText.printable("\u{9B}31m") == "\\u{9b}31m")
        #expect(SafeText.printable("\u{00}") == "\\x00")
        #expect(SafeText.printable("a\tb\r\nc") == "a\\tb\\r\\nc")
    }

    @Test func bidiOverridesAndIsolatesAreNeutralised() {
        for value in Array(0x202A...0x202E) + Array(0x2066...0x2069) {
            let scalar = Unicode.Scalar(value)!
            let safe = SafeText.printable("x\(Character(scalar))y")
            #expect(safe == "x\\u{\(String(value, radix: 16))}y")
        }
    }

    @Test func ordinaryTextIsUnchanged() {
        for text in ["Arts & Culture", "Élan — Köln 2024", "日本語のタイトル", "emoji 🎻🎺", "back\\slash", ""] {
            #expect(SafeText.printable(text) == text)
            #expect(SafeText.isPrintable(text))
        }
        #expect(!SafeText.isPrintable(Self.hostileTitle))
    }

    @Test func lineBreaksKeptOnlyWhenAsked() {
        #expect(SafeText.printable("one\ntwo", keepingLineBreaks: true) == "one\ntwo")
        #expect(SafeText.printable("one\r\ntwo", keepingLineBreaks: true) == "one\\r\ntwo")
        #expect(SafeText.printable("one\ntwo") == "one\\ntwo")
    }

    @Test func lengthIsBoundedWithAnEllipsis() {
        #expect(SafeText.printable(String(repeating: "a", count: 10), limit: 10) == String(repeating: "a", count: 10))
        #expect(SafeText.printable(String(repeating: "a", count: 11), limit: 10) == String(repeating: "a", count: 9) + "…")
        let huge = String(repeating: "\u{1B}", count: 1_000_000)
        let safe = SafeText.printable(huge)
        #expect(safe.unicodeScalars.count <= SafeText.defaultLimit)
        #expect(safe.hasSuffix("…"))
        // A million combining marks on one letter: one Character, but bounded all the same.
        let zalgo = "a" + String(repeating: "\u{0301}", count: 1_000_000)
        #expect(SafeText.printable(zalgo, limit: 50).unicodeScalars.count == 50)
        #expect(SafeText.printable("abc", limit: 0) == "…")
    }
}
