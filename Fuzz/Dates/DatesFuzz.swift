import Foundation

// Fuzz target `dates`: FeedCore's ISO 8601 date-time and duration parsers and its RFC 822 date parser
// (every feed's dates and lengths go through them). The whole input is the text; all three parse it.
// Invariants: deterministic; a parsed date is finite and prints back (ISO 8601) to text that parses to the
// same instant; a parsed duration is finite and not negative; errors quote the input's format.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    checkISO8601Timestamp(text)
    checkRFC822Timestamp(text)
    checkDuration(text)
    return 0
}

private func checkISO8601Timestamp(_ text: String) {
    let first = Result { () throws(TimeParseError) in try ISO8601Timestamp.parse(text) }
    let second = Result { () throws(TimeParseError) in try ISO8601Timestamp.parse(text) }
    fuzzRequire("\(first)" == "\(second)", "ISO 8601 parsing is not deterministic")
    guard case .success(let date) = first else { return }
    fuzzRequire(date.timeIntervalSince1970.isFinite, "ISO 8601: non-finite date")
    let printed = ISO8601Timestamp.format(date)
    guard let again = try? ISO8601Timestamp.parse(printed) else {
        fuzzRequire(false, "ISO 8601: \(printed) (printed from \(text.debugDescription)) does not parse")
        return
    }
    // format() prints whole seconds or milliseconds: the instants agree to the millisecond.
    fuzzRequire(abs(again.timeIntervalSince(date)) < 0.001, "ISO 8601: \(text.debugDescription) → \(printed) → another instant")
}

private func checkRFC822Timestamp(_ text: String) {
    let first = Result { () throws(TimeParseError) in try RFC822Timestamp.parse(text) }
    let second = Result { () throws(TimeParseError) in try RFC822Timestamp.parse(text) }
    fuzzRequire("\(first)" == "\(second)", "RFC 822 parsing is not deterministic")
    if case .success(let date) = first {
        fuzzRequire(date.timeIntervalSince1970.isFinite, "RFC 822: non-finite date")
    }
}

private func checkDuration(_ text: String) {
    let first = Result { () throws(TimeParseError) in try ISO8601Duration(parsing: text) }
    let second = Result { () throws(TimeParseError) in try ISO8601Duration(parsing: text) }
    fuzzRequire("\(first)" == "\(second)", "duration parsing is not deterministic")
    guard case .success(let duration) = first else { return }
    fuzzRequire(duration.seconds.isFinite && duration.seconds >= 0, "duration \(text.debugDescription) → \(duration.seconds) s")
}
