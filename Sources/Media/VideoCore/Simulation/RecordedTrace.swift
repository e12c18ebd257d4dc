/// Recorded bandwidth traces in the two-column text format that ABR research shares them in: Pensieve's
/// `cooked_traces` (Mao et al., SIGCOMM 2017, github.com/hongzimao/pensieve), made from the HSDPA commute logs of
/// Riiser et al. ("Commute Path Bandwidth Traces from 3G Networks", MMSys 2013) and the FCC's broadband data.
///
/// Each line holds a time in seconds and the throughput then in Mbit/s, separated by spaces or a tab; the rate
/// holds until the next line's time. Times must rise; blank lines are skipped; anything else is an error naming
/// its line. The trace loops, as in Pensieve's simulator.
///
/// ```swift
/// let trace = try BandwidthTrace.recorded("0.0\t4.0\n0.5\t1.0\n1.5\t2.0\n", name: "bus")
/// trace.steps.count            // 2: 4 Mbit/s for 0.5 s, then 1 Mbit/s for 1 s
/// ```
extension BandwidthTrace {
    /// What is wrong with a recorded trace's text.
    public struct RecordedTraceError: Error, Equatable, CustomStringConvertible {
        /// The trace's name.
        public var name: String
        /// The 1-based line, or nil when the fault is the whole text.
        public var line: Int?
        /// What is wrong.
        public var reason: String

        /// An error about line `line` (nil: the whole text) of the trace `name`.
        public init(name: String, line: Int? = nil, reason: String) {
            self.name = name
            self.line = line
            self.reason = reason
        }

        /// `name:line: reason`.
        public var description: String {
            line.map { "\(name):\($0): \(reason)" } ?? "\(name): \(reason)"
        }
    }

    /// Most lines read from one text: a day of one sample a second is far below it, and it bounds the memory a
    /// hostile file can ask for.
    public static let maxRecordedLines = 200_000

    /// The trace in `text` (see the extension's description), named `name`.
    ///
    /// - Throws: ``RecordedTraceError`` for a line without two finite numbers, a negative rate, a time that does not
    ///   rise, more than ``maxRecordedLines`` lines, fewer than two lines, or no time with a rate above zero.
    public static func recorded(_ text: String, name: String) throws -> BandwidthTrace {
        var rows: [(time: Double, mbps: Double)] = []
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.isEmpty { continue }
            let number = offset + 1
            guard rows.count < maxRecordedLines else {
                throw RecordedTraceError(name: name, line: number, reason: "more than \(maxRecordedLines) lines")
            }
            guard fields.count == 2, let time = Double(fields[0]), let mbps = Double(fields[1]),
                  time.isFinite, mbps.isFinite else {
                throw RecordedTraceError(name: name, line: number, reason: "expected two numbers: seconds and Mbit/s")
            }
            guard mbps >= 0 else { throw RecordedTraceError(name: name, line: number, reason: "negative rate \(mbps)") }
            if let last = rows.last, time <= last.time {
                throw RecordedTraceError(name: name, line: number, reason: "time \(time) does not rise after \(last.time)")
            }
            rows.append((time, mbps))
        }
        guard rows.count >= 2 else { throw RecordedTraceError(name: name, reason: "fewer than two lines") }
        let steps = zip(rows, rows.dropFirst()).map { Step(seconds: $1.time - $0.time, bitsPerSecond: $0.mbps * 1e6) }
        guard steps.contains(where: { $0.bitsPerSecond > 0 }) else {
            throw RecordedTraceError(name: name, reason: "no rate above zero")
        }
        return BandwidthTrace(name: name, steps: steps, loops: true, note: "recorded")
    }
}
