import AudioPlayback
import CFFmpeg
import Foundation
import SafeText

/// FFmpeg's own log lines (`[h264 @ 0x…] non-existing PPS 0 referenced`), taken from libavutil through
/// `av_log_set_callback` (a C shim formats each line, `cff_set_log_sink`) and written by us: made terminal-safe
/// with ``SafeText`` (ESC, BEL, CR, LF, BS, VT, FF and the C1 controls such as U+009B shown escaped, never raw),
/// prefixed `ffmpeg: ` (so a segment cannot forge one of the player's own `video:` lines), and at most
/// ``defaultLinesPerSecond`` a second. Without it libavutil writes them to stderr as they come: the text a hostile
/// segment or file put in a name or a tag would reach the terminal raw (issue 28).
///
/// Errors only by default; more with `CIRCLEPLAYER_FFMPEG_LOG=warning|info|verbose|debug` (or `quiet`) in the
/// environment, `SDLDemo --ffmpeg-log LEVEL`, or ``configure(level:write:)``. Installed by the first demuxer or
/// decoder the package opens; a program may configure it before.
///
/// ```swift
/// FFmpegLog.configure(level: .warning) { line in print("myapp: \(line)") }  // line: "ffmpeg: [mpegts @ 0x…] …"
/// ```
public enum FFmpegLog {
    /// How much of FFmpeg's log is written (libavutil's levels `AV_LOG_QUIET` … `AV_LOG_DEBUG`).
    public enum Level: String, CaseIterable, Sendable {
        /// Nothing.
        case quiet
        /// Errors (the default).
        case error
        /// And warnings.
        case warning
        /// And information.
        case info
        /// And verbose information.
        case verbose
        /// And debugging output.
        case debug

        var avLevel: Int32 {
            switch self {
            case .quiet: -8
            case .error: 16
            case .warning: 24
            case .info: 32
            case .verbose: 40
            case .debug: 48
            }
        }
    }

    /// The environment variable naming the level (one of ``Level``'s names).
    public static let environmentVariable = "CIRCLEPLAYER_FFMPEG_LOG"
    /// Most lines written in one second by default; the rest are counted and said in one line when the next
    /// second begins (a corrupt stream makes libavcodec log an error for every packet).
    public static let defaultLinesPerSecond = 20

    /// The default writer: `PROGRAM: ffmpeg: …` on stderr.
    public static let standardError: @Sendable (String) -> Void = { line in
        StandardError.writeLine(ProcessInfo.processInfo.processName + ": " + line)
    }

    private struct State {
        var write: @Sendable (String) -> Void = FFmpegLog.standardError
        var linesPerSecond = FFmpegLog.defaultLinesPerSecond
        var installed = false
        var windowStart: ContinuousClock.Instant?
        var linesInWindow = 0
        var leftOut = 0
    }

    private static let state = Locked(State())

    /// Sets the level (nil: keep the current one, the environment's or `error`), the most lines a second (nil:
    /// keep; ``defaultLinesPerSecond``) and where lines go (nil: keep; ``standardError`` by default). Each line
    /// handed to `write` is already terminal-safe and one line.
    public static func configure(level: Level? = nil, linesPerSecond: Int? = nil, write: (@Sendable (String) -> Void)? = nil) {
        let wasInstalled = state.withLock { state -> Bool in
            defer { state.installed = true }
            if let write { state.write = write }
            if let linesPerSecond { state.linesPerSecond = max(1, linesPerSecond) }
            return state.installed
        }
        let chosen = level ?? (wasInstalled ? installedLevel : environmentLevel ?? .error)
        cff_set_log_sink({ level, bytes, length in FFmpegLog.receive(level: level, bytes: bytes, length: length) },
                         chosen.avLevel)
    }

    /// Installs the default (the environment's level, stderr) unless a program configured the log already.
    static func installIfNeeded() { _ = installation }

    private static let installation: Void = {
        guard !state.withLock({ $0.installed }) else { return }
        configure()
    }()

    /// The level in effect: libavutil's, once configured; before that, the environment's (or `error`).
    public static var currentLevel: Level {
        state.withLock { $0.installed } ? installedLevel : environmentLevel ?? .error
    }

    private static var installedLevel: Level {
        let level = av_log_get_level()
        return Level.allCases.last { $0.avLevel <= level } ?? .quiet
    }

    /// The level `CIRCLEPLAYER_FFMPEG_LOG` names, if it names one.
    static var environmentLevel: Level? {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap { Level(rawValue: $0.lowercased()) }
    }

    /// One line from the C callback (any thread): decoded (invalid UTF-8 shown as U+FFFD), made safe, bounded.
    static func receive(level: Int32, bytes: UnsafePointer<CChar>?, length: Int) {
        guard let bytes, length > 0 else { return }
        let text = bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        let line = SafeText.printable("ffmpeg: " + text, limit: 600)
        let now = ContinuousClock.now
        let (writer, lines) = state.withLock { state -> (@Sendable (String) -> Void, [String]) in
            var lines: [String] = []
            if state.windowStart.map({ now - $0 >= .seconds(1) }) ?? true {
                if state.leftOut > 0 {
                    lines.append("ffmpeg: \(state.leftOut) more line(s) of FFmpeg's log left out (at most \(state.linesPerSecond) a second)")
                }
                state.windowStart = now
                state.linesInWindow = 0
                state.leftOut = 0
            }
            if state.linesInWindow < state.linesPerSecond {
                state.linesInWindow += 1
                lines.append(line)
            } else {
                state.leftOut += 1
            }
            return (state.write, lines)
        }
        for line in lines { writer(line) }
    }
}
