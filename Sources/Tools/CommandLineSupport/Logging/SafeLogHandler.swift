import Foundation
import Logging
import SafeText

/// hlsfetch's log lines on stderr (`--verbose`, and errors otherwise). Messages and metadata quote playlist
/// text and servers' errors, so each line goes through `SafeText.printable`: one line, no terminal control
/// (docs/security.md). The format is swift-log's `StreamLogHandler`'s: `TIME LEVEL LABEL: [KEY=VALUE ...] MESSAGE`.
struct SafeLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let time = ISO8601DateFormatter().string(from: Date())
        let text = "\(time) \(event.level) \(label):\(fields.isEmpty ? "" : " " + fields) \(event.message)"
        FileHandle.standardError.write(Data((SafeText.printable(text) + "\n").utf8))
    }
}
