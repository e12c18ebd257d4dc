/// Proleptic Gregorian calendar arithmetic in UTC, without `Calendar` (pure, fast, and the same on every
/// platform): days between a civil date and 1970-01-01.
///
/// `daysFromCivil` is Howard Hinnant's algorithm ("chrono-Compatible Low-Level Date Algorithms",
/// https://howardhinnant.github.io/date_algorithms.html#days_from_civil): years are split into 400-year
/// eras of 146 097 days, and months counted from March so that the leap day falls at the end of a year.
enum CivilCalendar {
    /// Days from 1970-01-01 to `year`-`month`-`day` (negative before it). `month` is 1...12.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400                                       // [0, 399]
        let monthFromMarch = (month + 9) % 12                               // March = 0
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1            // [0, 365]
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // [0, 146096]
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether `year` has 29 February.
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` (1...12) of `year`.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Seconds since 1970-01-01T00:00:00Z of a civil UTC time (whole seconds; `second` may be 60 for a
    /// leap second, which lands on the next second).
    static func epochSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
        daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }
}
