import Foundation
import Logging
import SafeText

/// swift-log's lines on stderr, terminal-safe: the one log handler of every program here (`SDLDemo`, `hlsfetch`,
/// `mediakit`, `streamplay`; ``bootstrap()``). Messages and metadata quote playlist text and servers' errors (a
/// master playlist's stray URI line, a body), so each line goes through `SafeText.printable`: one line, no terminal
/// control (ESC, BEL, CR, LF, BS, VT, FF and the C1 controls shown escaped; docs/security.md). Without it the
/// downloader's default logger wrote such text raw (issue 28). The format is swift-log's `StreamLogHandler`'s:
/// `TIME LEVEL LABEL: [KEY=VALUE ...] MESSAGE`.
///
/// ```swift
/// SafeLogHandler.bootstrap()                                   // first thing in main()
/// var logger = Logger(label: "hlsfetch")                       // now a SafeLogHandler at .info
/// logger.warning("playlist: \(warning)")                       // "… warning hlsfetch: playlist: URI line \"\\e]0;…\""
/// ```
public struct SafeLogHandler: LogHandler {
    /// The logger's label.
    public let label: String
    /// The least severe level written (swift-log's default, `.info`).
    public var logLevel: Logger.Level = .info
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]

    /// A handler for `label`.
    public init(label: String) {
        self.label = label
    }

    /// Metadata value for `key`.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the event as one safe line.
    public func log(event: LogEvent) {
        FileHandle.standardError.write(Data((Self.line(event: event, label: label, metadata: metadata) + "\n").utf8))
    }

    /// The line for `event`, without its newline.
    static func line(event: LogEvent, label: String, metadata: Logger.Metadata, time: Date = Date()) -> String {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let stamp = ISO8601DateFormatter().string(from: time)
        return SafeText.printable("\(stamp) \(event.level) \(label):\(fields.isEmpty ? "" : " " + fields) \(event.message)")
    }

    /// Makes ``SafeLogHandler`` every logger's handler, once per process (later calls do nothing): call it first in
    /// `main`, before any `Logger` is made.
    public static func bootstrap() { _ = bootstrapped }

    private static let bootstrapped: Void = {
        LoggingSystem.bootstrap { SafeLogHandler(label: $0) }
    }()
}
