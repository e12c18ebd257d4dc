import Foundation

/// An ISO 8601 / RFC 3339 date-time as APIs send them, read without `DateFormatter`: with or without
/// fractional seconds (any number of digits, e.g. six: `2024-06-01T12:30:05.123456Z`) in the same feed,
/// `Z` or a numeric offset (`+01:00`, `+0100`, `+01`), `T`, `t` or a space between date and time.
///
/// - A date alone (`2018-07-01`) is midnight UTC; a time without a zone is taken as UTC (the APIs this
///   package reads always send `Z` or an offset; document any that does not).
/// - Fractions are kept to the nanosecond (the precision `Date` holds near today is about 0.1 µs).
/// - Field ranges are checked (month 1…12, the day against the month and leap years, 00:00…23:59:60).
///
/// ```swift
/// try ISO8601Timestamp.parse("2018-07-01T21:00:00Z")
/// try ISO8601Timestamp.parse("2024-06-01T12:30:05.123456+02:00")
/// ```
public struct ISO8601Timestamp: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The instant.
    public var date: Date

    /// Wraps `date`.
    public init(_ date: Date) {
        self.date = date
    }

    /// Decodes a JSON string holding a date-time.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            date = try Self.parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// The instant in RFC 3339 form, UTC, with milliseconds when it has a fraction.
    public var description: String {
        Self.format(date)
    }

    private static let formatName = "an ISO 8601 date-time"

    /// Parses `text` (surrounding whitespace ignored).
    /// - Throws: ``TimeParseError`` naming what is wrong.
    public static func parse(_ text: String) throws(TimeParseError) -> Date {
        var reader = ByteReader(Array(text.trimmingWhitespace.utf8))
        func fail(_ reason: String) -> TimeParseError {
            TimeParseError(input: text, format: formatName, reason: reason)
        }
        guard let year = reader.digits(4) else { throw fail("expected a four-digit year") }
        guard reader.take("-"), let month = reader.digits(2) else { throw fail("expected -MM after the year") }
        guard reader.take("-"), let day = reader.digits(2) else { throw fail("expected -DD after the month") }
        guard (1...12).contains(month) else { throw fail("month \(month) is not 1...12") }
        guard (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day) else {
            throw fail("day \(day) does not exist in \(year)-\(month < 10 ? "0" : "")\(month)")
        }
        var hour = 0, minute = 0, second = 0
        var nanoseconds = 0
        var offsetSeconds = 0
        if !reader.isAtEnd {
            guard reader.take("T") || reader.take("t") || reader.take(" ") else {
                throw fail("expected T between date and time")
            }
            guard let h = reader.digits(2), reader.take(":"), let m = reader.digits(2) else {
                throw fail("expected HH:MM after T")
            }
            (hour, minute) = (h, m)
            if reader.take(":") {
                guard let s = reader.digits(2) else { throw fail("expected two-digit seconds") }
                second = s
                if reader.take(".") || reader.take(",") {
                    let digits = reader.digitRun()
                    guard !digits.isEmpty else { throw fail("a decimal sign without digits") }
                    nanoseconds = digits.prefix(9).reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                    for _ in 0..<max(0, 9 - digits.count) { nanoseconds *= 10 }
                }
            }
            guard hour <= 23, minute <= 59, second <= 60 else {
                throw fail("time \(hour):\(minute):\(second) is out of range")
            }
            if reader.take("Z") || reader.take("z") {
                offsetSeconds = 0
            } else if let sign = reader.takeSign() {
                guard let oh = reader.digits(2) else { throw fail("expected a two-digit offset hour") }
                var om = 0
                if reader.take(":") {
                    guard let m = reader.digits(2) else { throw fail("expected offset minutes after :") }
                    om = m
                } else if let m = reader.digits(2) {
                    om = m
                }
                guard oh <= 23, om <= 59 else { throw fail("offset out of range") }
                offsetSeconds = sign * (oh * 3600 + om * 60)
            }
            guard reader.isAtEnd else { throw fail("unexpected text after the time") }
        }
        let seconds = CivilCalendar.epochSeconds(year: year, month: month, day: day, hour: hour, minute: minute,
                                                 second: second) - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    /// `2018-07-01T21:00:00Z`, or `2018-07-01T21:00:00.250Z` when the instant has a fraction of a second.
    public static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        var seconds = Int(whole)
        var millis = Int(((interval - whole) * 1000).rounded())
        if millis == 1000 { seconds += 1; millis = 0 }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(String(format: "%04d", year))-\(two(month))-\(two(day))T"
        text += "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if millis != 0 { text += String(format: ".%03d", millis) }
        return text + "Z"
    }

    /// The civil date of a day number (Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
