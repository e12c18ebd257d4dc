/// How a `Range` request header applies to a representation of a given length (RFC 9110 §14).
///
/// Only single byte ranges are honoured. A header with several ranges is answered with the whole
/// representation (200), which RFC 9110 §14.2 allows ("a server MAY ignore the Range header field").
/// Syntactically invalid headers and other range units are likewise ignored.
enum RangeSelection: Equatable {
    /// Send the whole representation with 200.
    case full
    /// Send bytes `first...last` (inclusive, 0-based) with 206 and `Content-Range: bytes first-last/length` (§14.4).
    case partial(first: Int, last: Int)
    /// Answer 416 with `Content-Range: bytes */length` (§15.5.17).
    case unsatisfiable

    /// Evaluates `header` (the `Range` field value, `nil` if absent) against `length` bytes.
    ///
    /// ```swift
    /// RangeSelection(header: "bytes=0-99", length: 1000)  // .partial(first: 0, last: 99)
    /// RangeSelection(header: "bytes=-100", length: 1000)  // .partial(first: 900, last: 999)
    /// RangeSelection(header: "bytes=1000-", length: 1000) // .unsatisfiable
    /// ```
    init(header: String?, length: Int) {
        guard let header, let equals = header.firstIndex(of: "=") else {
            self = .full
            return
        }
        // §14.1: range unit is case-insensitive; only "bytes" is defined.
        guard header[..<equals].trimmingASCIISpaces().lowercased() == "bytes" else {
            self = .full
            return
        }
        // §5.6.1: list elements may be empty and surrounded by optional whitespace.
        let specs = header[header.index(after: equals)...]
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingASCIISpaces() }
            .filter { !$0.isEmpty }
        guard specs.count == 1, let spec = specs.first, let dash = spec.firstIndex(of: "-") else {
            self = .full
            return
        }
        let firstText = spec[..<dash]
        let lastText = spec[spec.index(after: dash)...]
        if firstText.isEmpty {
            // suffix-range = "-" suffix-length (§14.1.2)
            guard let suffix = Self.parseDigits(lastText) else {
                self = .full
                return
            }
            guard suffix > 0, length > 0 else {
                self = .unsatisfiable
                return
            }
            self = .partial(first: max(0, length - suffix), last: length - 1)
            return
        }
        guard let first = Self.parseDigits(firstText) else {
            self = .full
            return
        }
        var last = length - 1
        if !lastText.isEmpty {
            guard let parsedLast = Self.parseDigits(lastText), parsedLast >= first else {
                // §14.1.2: last-pos < first-pos makes the range-spec invalid, so the header is ignored.
                self = .full
                return
            }
            last = min(parsedLast, length - 1)
        }
        // §14.1.1: satisfiable only if first-pos is less than the current length.
        guard first < length else {
            self = .unsatisfiable
            return
        }
        self = .partial(first: first, last: last)
    }

    /// Parses 1*DIGIT, saturating at `Int.max` for absurdly long numbers; `nil` for anything else.
    private static func parseDigits(_ text: Substring) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            value = (overflow1 || overflow2) ? Int.max : sum
        }
        return value
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and horizontal tabs (HTTP "OWS").
    func trimmingASCIISpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = self.firstIndex(where: { !isSpace($0) }),
              let end = self.lastIndex(where: { !isSpace($0) })
        else { return Substring() }
        return Substring(self[start...end])
    }
}
