import Downloader
import Foundation
import SafeText

/// Shows download progress on standard error: one updating line with a bar on a terminal, plain lines
/// (at most one a second, plus the last) otherwise.
struct ProgressPrinter {
    /// Whether standard error is a terminal (`isatty(3)`).
    let interactive: Bool
    private let started = ContinuousClock.now
    private var lastPrint: ContinuousClock.Instant?
    private var lineOpen = false

    init(interactive: Bool) {
        self.interactive = interactive
    }

    /// Shows `progress` if enough time passed since the last line (always for the final value).
    mutating func show(_ progress: DownloadProgress) {
        let now = ContinuousClock.now
        let isFinal = progress.fraction >= 1
        let minimumGap: Duration = interactive ? .milliseconds(100) : .seconds(1)
        if let lastPrint, now - lastPrint < minimumGap, !isFinal { return }
        lastPrint = now
        let text = Self.render(progress, elapsed: now - started, barWidth: interactive ? 24 : 0)
        if interactive {
            StandardError.write("\r\u{1B}[K" + text + (isFinal ? "\n" : ""))
            lineOpen = !isFinal
        } else {
            StandardError.write("hlsfetch: " + text + "\n")
        }
    }

    /// Shows a live recording's progress: recorded seconds (of the limit, if any) and bytes, at most every
    /// 100 ms on a terminal and every second otherwise.
    mutating func showRecording(seconds: Double, limit: Double?, bytes: Int64) {
        let now = ContinuousClock.now
        let minimumGap: Duration = interactive ? .milliseconds(100) : .seconds(1)
        if let lastPrint, now - lastPrint < minimumGap { return }
        lastPrint = now
        let text = Self.renderRecording(seconds: seconds, limit: limit, bytes: bytes)
        if interactive {
            StandardError.write("\r\u{1B}[K" + text)
            lineOpen = true
        } else {
            StandardError.write("hlsfetch: " + text + "\n")
        }
    }

    /// `recording  12.0 s / 60 s  1.2 MB`.
    static func renderRecording(seconds: Double, limit: Double?, bytes: Int64) -> String {
        let recorded = String(format: "%.1f s", seconds) + (limit.map { " / " + String(format: "%g s", $0) } ?? "")
        return "recording  \(recorded)  \(ByteCountText.format(bytes))"
    }

    /// Ends an open progress line so that a following message starts on its own line.
    mutating func finishLine() {
        if lineOpen { StandardError.write("\n") }
        lineOpen = false
    }

    /// `[########----------------]  33.3%  1.2 MB / 3.6 MB  9/27 segments  640.0 kB/s`; no bar when
    /// `barWidth` is 0.
    static func render(_ progress: DownloadProgress, elapsed: Duration, barWidth: Int) -> String {
        let fraction = min(max(progress.fraction, 0), 1)
        var parts: [String] = []
        if barWidth > 0 {
            let filled = Int((fraction * Double(barWidth)).rounded(.down))
            parts.append("[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]")
        }
        let percent = (fraction * 1000).rounded(.down) / 10
        parts.append(String(repeating: " ", count: max(0, 5 - "\(percent)".count)) + "\(percent)%")
        let total = progress.totalBytes.map { " / " + ByteCountText.format($0) } ?? ""
        parts.append(ByteCountText.format(progress.bytesWritten) + total)
        parts.append("\(progress.segmentsWritten)/\(progress.totalSegments) segments")
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if seconds > 0.05 {
            parts.append(ByteCountText.format(Int64(Double(progress.bytesWritten) / seconds)) + "/s")
        }
        return parts.joined(separator: "  ")
    }
}

/// Unbuffered writes to standard error.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes `hlsfetch: error: <reason>` as exactly one line: control characters in the reason (which
    /// may quote playlist text or an error body) are shown escaped, so it can neither span lines nor drive the terminal.
    static func writeError(_ error: any Error) {
        write("hlsfetch: error: \(oneLine(String(describing: error)))\n")
    }

    /// `text` made safe to print on one line: control characters (C0, DEL, C1) shown escaped, bidirectional
    /// overrides neutralised, the length bounded (`SafeText.printable`, docs/security.md).
    static func oneLine(_ text: String) -> String {
        SafeText.printable(text)
    }
}
