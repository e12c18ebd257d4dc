import Foundation

/// A date in the Internet message format of RFC 822 §5 as revised by RFC 2822 §3.3 and RFC 5322 §3.3,
/// as RSS feeds and NPR's API send them: `Tue, 11 Jun 2019 15:00:00 -0400`.
///
/// - The weekday is optional (and not checked against the date: feeds get it wrong and the date wins);
///   day and month names may be abbreviated or full, in any case.
/// - Seconds are optional (`15:00`).
/// - Zones: numeric offsets (`+0100`, `-0400`, also `+01:00`), `UT`, `UTC`, `GMT`, `Z`, and the US zones
///   `EST EDT CST CDT MST MDT PST PDT` (RFC 822 §5.1). Single-letter military zones are read as UTC, as
///   RFC 2822 §4.3 advises (RFC 822 defined their signs backwards). A missing zone is taken as UTC.
/// - Two-digit years follow RFC 2822 §4.3: 00–49 → 2000–2049, 50–99 → 1950–1999; three digits add 1900.
/// - A trailing comment such as `(EDT)` is ignored.
///
/// ```swift
/// try RFC822Timestamp.parse("Tue, 11 Jun 2019 15:00:00 -0400")   // 2019-06-11T19:00:00Z
/// try RFC822Timestamp.parse("1 Jul 2018 21:00 GMT")
/// ```
public struct RFC822Timestamp: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The instant.
    public var date: Date

    /// Wraps `date`.
    public init(_ date: Date) {
        self.date = date
    }

    /// Decodes a JSON string (or NPR's `{"$text": …}`) holding an RFC 822 date.
    public init(from decoder: any Decoder) throws {
        let text = try LenientString(from: decoder).value
        do {
            date = try Self.parse(text)
        } catch {
            let container = try decoder.singleValueContainer()
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// The instant in RFC 3339 form, UTC.
    public var description: String {
        ISO8601Timestamp.format(date)
    }

    private static let formatName = "an RFC 822 date"

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let namedZones: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0,
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    ]

    /// Parses `text`.
    /// - Throws: ``TimeParseError`` naming what is wrong.
    public static func parse(_ text: String) throws(TimeParseError) -> Date {
        func fail(_ reason: String) -> TimeParseError {
            TimeParseError(input: text, format: formatName, reason: reason)
        }
        var body = Substring(text.trimmingWhitespace)
        // A trailing comment, e.g. "(EDT)".
        if body.hasSuffix(")"), let open = body.lastIndex(of: "(") {
            body = body[..<open]
        }
        var tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map { $0.lowercased() }
        guard !tokens.isEmpty else { throw fail("empty") }
        if let first = tokens.first, first.first?.isLetter == true {
            guard weekdays.contains(String(first.prefix(3))) else { throw fail("\"\(first)\" is not a day name") }
            tokens.removeFirst()
        }
        guard tokens.count >= 4 else { throw fail("expected DAY MONTH YEAR HH:MM[:SS] ZONE") }
        guard let day = Int(tokens[0]), (1...31).contains(day) else { throw fail("bad day \"\(tokens[0])\"") }
        guard let monthIndex = months.firstIndex(of: String(tokens[1].prefix(3))),
              tokens[1].count == 3 || fullMonthNames[monthIndex] == tokens[1] || tokens[1] == "sept"
        else { throw fail("bad month \"\(tokens[1])\"") }
        let month = monthIndex + 1
        guard tokens[2].allSatisfy(\.isASCIIDigit), (2...4).contains(tokens[2].count), var year = Int(tokens[2]) else {
            throw fail("bad year \"\(tokens[2])\"")
        }
        switch tokens[2].count {
        case 2: year += year < 50 ? 2000 : 1900
        case 3: year += 1900
        default: break
        }
        guard day <= CivilCalendar.daysInMonth(year: year, month: month) else {
            throw fail("day \(day) does not exist in that month")
        }
        let clock = tokens[3].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), hour <= 23, minute <= 59
        else { throw fail("bad time \"\(tokens[3])\"") }
        let second = clock.count == 3 ? Int(clock[2]) ?? 99 : 0
        guard second <= 60 else { throw fail("bad seconds in \"\(tokens[3])\"") }
        var offset = 0
        if tokens.count >= 5 {
            offset = try zoneOffset(tokens[4].uppercased()).get()
        }
        guard tokens.count <= 5 else { throw fail("unexpected text after the zone") }
        let seconds = CivilCalendar.epochSeconds(year: year, month: month, day: day, hour: hour, minute: minute,
                                                 second: second) - offset
        return Date(timeIntervalSince1970: Double(seconds))

        func zoneOffset(_ zone: String) -> Result<Int, TimeParseError> {
            if let hours = namedZones[zone] { return .success(hours * 3600) }
            if zone.count == 1, zone.first?.isLetter == true { return .success(0) }  // military: RFC 2822 §4.3
            let sign: Int
            switch zone.first {
            case "+": sign = 1
            case "-": sign = -1
            default: return .failure(fail("unknown zone \"\(zone)\""))
            }
            let digits = zone.dropFirst().filter { $0 != ":" }
            guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
                  let hh = Int(digits.prefix(2)), let mm = Int(digits.suffix(2)), hh <= 23, mm <= 59
            else { return .failure(fail("bad zone offset \"\(zone)\"")) }
            return .success(sign * (hh * 3600 + mm * 60))
        }
    }

    private static let fullMonthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                         "september", "october", "november", "december"]
}

extension Character {
    /// `0`…`9` only (not other Unicode digits).
    var isASCIIDigit: Bool {
        guard let ascii = asciiValue else { return false }
        return ascii >= 0x30 && ascii <= 0x39
    }
}
