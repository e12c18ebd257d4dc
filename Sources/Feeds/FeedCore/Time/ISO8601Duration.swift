/// An ISO 8601 duration (ISO 8601-1:2019 §5.5.2.4, the `PnW`/`PnDTnHnMnS` forms), as APIs send programme
/// lengths: `PT58M34.440S`, `PT23M17.162666S`, `PT1H14M3S`, `P1DT2H`, `P2W`.
///
/// - Any component may carry a fraction, with `.` or `,` and any number of digits (kept exactly to the
///   nanosecond; further digits are dropped).
/// - Weeks are 7 days and days 24 hours (nominal: no daylight-saving changes, since no date is attached).
/// - Years and months have no fixed length, so a non-zero `Y` or the date-part `M` is an error rather than
///   a guess; `P0Y0M…` is fine. Negative durations are errors too.
/// - Designators must come in order (`Y M W D T H M S`), each once; `P` alone and a `T` with nothing
///   after it are errors, as the standard says.
///
/// ```swift
/// try ISO8601Duration(parsing: "PT58M34.440S").seconds    // 3514.44
/// try ISO8601Duration(parsing: "PT1H14M3S").duration      // .seconds(4443)
/// ```
public struct ISO8601Duration: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The length, exact to the nanosecond.
    public var duration: Duration
    /// The text it was read from (`""` when made from a `Duration`).
    public var text: String

    /// A duration of `duration` (without source text).
    public init(_ duration: Duration) {
        self.duration = duration
        text = ""
    }

    /// The length in seconds, the closest `Double` to the exact decimal value (`3514.44` for `PT58M34.440S`).
    public var seconds: Double {
        Double(Self.decimalText(duration)) ?? Double(duration.components.seconds)
    }

    /// The source text, or the decimal seconds when there is none.
    public var description: String {
        text.isEmpty ? "\(Self.decimalText(duration)) s" : text
    }

    /// Decodes a JSON string holding a duration.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try ISO8601Duration(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    private static let format = "an ISO 8601 duration"

    /// Parses `text` (surrounding whitespace ignored).
    /// - Throws: ``TimeParseError`` naming what is wrong.
    public init(parsing text: String) throws(TimeParseError) {
        let trimmed = text.trimmingWhitespace
        let bytes = Array(trimmed.utf8)
        func fail(_ reason: String) -> TimeParseError {
            TimeParseError(input: text, format: Self.format, reason: reason)
        }
        guard let first = bytes.first else { throw fail("empty") }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            throw fail("signed durations are not supported")
        }
        guard first == UInt8(ascii: "P") || first == UInt8(ascii: "p") else { throw fail("does not start with P") }

        // Designator ranks enforce the order Y M W D (date part) then H M S (time part).
        var index = 1
        var inTimePart = false
        var componentsInTimePart = 0
        var lastRank = -1
        var total = Duration.zero
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") {
                guard !inTimePart else { throw fail("a second T") }
                inTimePart = true
                index += 1
                continue
            }
            // Number: digits, optionally a fraction.
            let numberStart = index
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            let integerEnd = index
            guard integerEnd > numberStart else {
                throw fail("expected a number at offset \(numberStart)")
            }
            var fractionDigits: ArraySlice<UInt8> = []
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                index += 1
                let fractionStart = index
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
                guard index > fractionStart else { throw fail("a decimal sign without digits") }
                fractionDigits = bytes[fractionStart..<index]
            }
            guard index < bytes.count else { throw fail("a number without a designator at the end") }
            let designator = bytes[index] & ~0x20  // upper case
            index += 1
            let (rank, unitSeconds): (Int, Int64)
            switch (inTimePart, designator) {
            case (false, UInt8(ascii: "Y")): (rank, unitSeconds) = (0, 0)
            case (false, UInt8(ascii: "M")): (rank, unitSeconds) = (1, 0)
            case (false, UInt8(ascii: "W")): (rank, unitSeconds) = (2, 604_800)
            case (false, UInt8(ascii: "D")): (rank, unitSeconds) = (3, 86_400)
            case (true, UInt8(ascii: "H")): (rank, unitSeconds) = (4, 3600)
            case (true, UInt8(ascii: "M")): (rank, unitSeconds) = (5, 60)
            case (true, UInt8(ascii: "S")): (rank, unitSeconds) = (6, 1)
            case (false, UInt8(ascii: "H")), (false, UInt8(ascii: "S")):
                throw fail("\(Character(UnicodeScalar(designator))) before T")
            default:
                throw fail("unknown designator \"\(Character(UnicodeScalar(bytes[index - 1])))\"")
            }
            guard rank > lastRank else { throw fail("designators out of order or repeated") }
            lastRank = rank
            if inTimePart { componentsInTimePart += 1 }
            let integerDigits = bytes[numberStart..<integerEnd].drop { $0 == UInt8(ascii: "0") }
            guard integerDigits.count <= 12 else { throw fail("number too large") }
            let integer = integerDigits.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
            let fractionIsZero = fractionDigits.allSatisfy { $0 == UInt8(ascii: "0") }
            if unitSeconds == 0 {
                guard integer == 0, fractionIsZero else {
                    throw fail("years and months have no fixed length; use weeks, days or hours")
                }
                continue
            }
            total += .seconds(integer * unitSeconds)
            if !fractionIsZero {
                // fraction × unit, exact: digits / 10^n seconds per unit, in attoseconds (n ≤ 18).
                let kept = fractionDigits.prefix(18)
                let numerator = kept.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
                let scale = (0..<(18 - kept.count)).reduce(Int64(1)) { value, _ in value * 10 }
                let perUnit = Duration(secondsComponent: 0, attosecondsComponent: numerator * scale)
                total += perUnit * Int(unitSeconds)
            }
        }
        guard !inTimePart || componentsInTimePart > 0 else { throw fail("T without hours, minutes or seconds") }
        guard lastRank >= 0 else { throw fail("no components after P") }
        // Keep nanoseconds, the precision every consumer can use.
        let parts = total.components
        duration = Duration(secondsComponent: parts.seconds,
                            attosecondsComponent: parts.attoseconds / 1_000_000_000 * 1_000_000_000)
        self.text = trimmed
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `3514.44`, `4443`: whole seconds and up to nine decimals, trailing zeros dropped.
    static func decimalText(_ duration: Duration) -> String {
        let parts = duration.components
        let nanos = parts.attoseconds / 1_000_000_000
        guard nanos != 0 else { return String(parts.seconds) }
        var fraction = String(nanos)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(parts.seconds).\(fraction)"
    }
}
