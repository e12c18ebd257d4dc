import ArgumentParser
import CommandLineSupport
import Downloader
import Foundation
import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `hlsfetch`: downloads the best audio track of an HLS stream into one file.
@main
struct HLSFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hlsfetch",
        abstract: "Download the best audio track of an HLS stream into one file.",
        // Written out because --output is required unless --list is given, which the generated line cannot say.
        usage: """
            hlsfetch <url> --output <FILE> [--concurrency <n>] [--resume] [--name <name>] [--language <language>]
                           [--group <group-id>] [--max-attempts <n>] [--idle-timeout <s>] [--duration <seconds>]
                           [--quiet] [--verbose]
            hlsfetch <url> --list [--name <name>] [--language <language>] [--group <group-id>] [--verbose]
            """,
        discussion: """
            Reads a master playlist, ranks its audio tracks (best first; --list shows the ranking), \
            and downloads the chosen track's segments a few at a time (--concurrency), appending \
            them in order to FILE.part, which is renamed to FILE once complete. A media playlist is \
            downloaded as it is. AES-128 segments are decrypted; EXT-X-MAP sections are written \
            before the segments that use them.

            A live playlist (no EXT-X-ENDLIST) is recorded: reloaded as RFC 8216 §6.3.4 says, each \
            new segment appended once and in order, until --duration seconds of media are recorded, \
            the stream ends (EXT-X-ENDLIST), or Ctrl-C / SIGTERM; FILE then holds whole segments and \
            plays from start to end. Segments the playlist dropped before they were fetched are \
            reported as gaps. --duration also limits a VOD download (from its first segment).

            Examples:
              hlsfetch http://host/hls_index.m3u8 -o audio.ts
              hlsfetch http://host/hls_index.m3u8 --list
              hlsfetch http://host/hls_index.m3u8 -o audio.ts --language en --resume
              hlsfetch http://host/live/index.m3u8 -o radio.ts --duration 60

            Exit status: 0 when FILE is complete (a live recording: nothing missed); 3 when a live \
            recording completed with gaps (FILE is playable, the final line says what was missed); \
            1 on failure (a live recording stopped by an error keeps what it recorded in FILE and \
            says so); 130 when a download is interrupted (FILE.part is kept; continue with \
            --resume); 64 for a usage error. Failures print a one-line reason on standard error.
            """)

    @Argument(help: "URL of a master or media playlist (http or https).")
    var url: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("File to write (required unless --list is given).", valueName: "FILE"))
    var output: String?

    @Option(help: "Most segments downloaded at once (1-16).")
    var concurrency: Int = 2

    @Flag(help: "List the audio tracks, best first, marking the one that would be downloaded; download nothing.")
    var list = false

    @Flag(help: "Continue an interrupted download of the same playlist into FILE.")
    var resume = false

    @Option(help: "Choose the audio track with this NAME.")
    var name: String?

    @Option(help: "Choose the audio track with this LANGUAGE.")
    var language: String?

    @Option(help: ArgumentHelp("Choose the audio track in this GROUP-ID.", valueName: "group-id"))
    var group: String?

    @Option(name: .customLong("max-attempts"), help: "Attempts per request before giving up.")
    var maxAttempts: Int = 5

    @Option(name: .customLong("idle-timeout"), help: "Seconds without data before a request is retried.")
    var idleTimeout: Double = 15

    @Option(help: ArgumentHelp("Stop after this many seconds of media (live: recorded seconds; the last segment is whole).",
                               valueName: "seconds"))
    var duration: Double?

    @Flag(name: .shortAndLong, help: "Show no progress and no retry lines (errors and gaps are still printed).")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Log requests, retries and decisions to standard error.")
    var verbose = false

    func validate() throws {
        guard list || output != nil else {
            throw ValidationError("Missing expected argument '--output <FILE>' (or use --list).")
        }
        guard (1 ... 16).contains(concurrency) else {
            throw ValidationError("--concurrency must be between 1 and 16.")
        }
        guard maxAttempts >= 1 else { throw ValidationError("--max-attempts must be at least 1.") }
        if let duration {
            guard duration > 0, duration <= 366 * 86_400 else {
                throw ValidationError("--duration must be a number of seconds above 0.")
            }
        }
        // Bounded so that the conversion to whole milliseconds cannot overflow (and inf/nan are refused).
        guard idleTimeout > 0, idleTimeout <= 86_400 else {
            throw ValidationError("--idle-timeout must be between 0 and 86400 seconds.")
        }
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https", parsed.host != nil
        else {
            throw ValidationError("URL must be an http or https URL.")
        }
    }

    /// Entry point: runs Swift concurrency's jobs on NIO's event loops, then parses and runs the command.
    ///
    /// The HTTP client's I/O happens on those loops, so a task consuming a response body no longer hops
    /// between NIO's threads and the cooperative pool for every chunk (CPU per segment, bench/ab-hlsfetch.py).
    /// It must happen before any task is created.
    static func main() async {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        SafeLogHandler.bootstrap()
        await main(nil)
    }

    func run() async throws {
        guard let playlistURL = URL(string: url) else { throw ExitCode.validationFailure }
        var logger = Logger(label: "hlsfetch") { SafeLogHandler(label: $0) }
        logger.logLevel = verbose ? .debug : .error

        var configuration = DownloadConfiguration()
        configuration.concurrency = concurrency
        configuration.maxAttempts = maxAttempts
        configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        let override = TrackOverride(name: name, language: language, groupID: group)
        configuration.track = override.isEmpty ? nil : override
        if !quiet {
            // One line per retry: what failed, attempt n of m, the wait.
            configuration.retryObserver = { notice in StandardError.write("hlsfetch: \(StandardError.oneLine(notice.description))\n") }
        }

        let downloader = HLSDownloader(configuration: configuration, logger: logger)
        let status: Int32
        if list {
            status = await listTracks(downloader, url: playlistURL)
        } else {
            status = await download(downloader, url: playlistURL, to: output ?? "")
        }
        try? await downloader.shutdown()
        if status != 0 { throw ExitCode(status) }
    }

    /// Prints the ranked track table; returns the exit status.
    private func listTracks(_ downloader: HLSDownloader, url: URL) async -> Int32 {
        do {
            guard let list = try await downloader.trackList(from: url) else {
                print("\(url.redactedString) is a media playlist: its segments are downloaded as they are.")
                return 0
            }
            print(TrackListing.render(list), terminator: "")
            return 0
        } catch {
            StandardError.writeError(error)
            return 1
        }
    }

    /// Resolves the stream, then downloads it (VOD) or records it (live, or `--duration`); returns the exit status.
    private func download(_ downloader: HLSDownloader, url: URL, to path: String) async -> Int32 {
        // Ctrl-C and SIGTERM end the run cleanly instead of killing it: a download is cancelled (its partial
        // file stays resumable), a recording is stopped (its file is finished).
        let stop = StopSignals()
        defer { stop.cancel() }
        let stream: ResolvedStream
        do {
            let resolving = Task { try await downloader.resolve(url) }
            stop.onSignal { resolving.cancel() }
            stream = try await resolving.value
        } catch let error as DownloadError where error.kind == .cancelled {
            StandardError.write("hlsfetch: error: interrupted\n")
            return 130
        } catch {
            StandardError.writeError(error)
            return 1
        }
        if stream.isLive || duration != nil {
            if resume {
                StandardError.write("hlsfetch: error: --resume continues downloads, not recordings: \(url.redactedString) is "
                    + (stream.isLive ? "live" : "limited by --duration") + "; run without --resume to record it\n")
                return 1
            }
            return await record(downloader, stream: stream, to: path, stop: stop)
        }
        return await downloadVOD(downloader, stream: stream, to: path, stop: stop)
    }

    /// Downloads a VOD stream with progress output; returns the exit status.
    private func downloadVOD(_ downloader: HLSDownloader, stream: ResolvedStream, to path: String,
                             stop: StopSignals) async -> Int32 {
        let task = downloader.download(stream, to: path, resume: resume)
        stop.onSignal { task.cancel() }

        // With --quiet nobody reads the progress stream (it keeps only the newest few values), which spares
        // a task wake-up per segment.
        let showProgress = !quiet
        let printer = Task {
            guard showProgress else { return }
            var printer = ProgressPrinter(interactive: isatty(STDERR_FILENO) == 1)
            for await progress in task.progress {
                printer.show(progress)
            }
            printer.finishLine()
        }
        do {
            let result = try await task.result()
            await printer.value
            let track = result.track.map { " track \"\(TrackListing.label($0))\"," } ?? ""
            print("\(result.path): \(result.bytes) bytes, \(result.segments) segments,\(track) sha256 \(result.sha256 ?? "-")")
            if verbose {
                StandardError.write("hlsfetch: \(result.requests) requests, \(result.retries) retries, "
                    + "\(result.rangeIgnoredResponses) ranges ignored by the server, peak buffered "
                    + "\(ByteCountText.format(result.peakBufferedBytes)), \(result.elapsed)\n")
            }
            return 0
        } catch let error as DownloadError {
            await printer.value
            if error.kind == .cancelled {
                let partial = HLSDownloader.partialFiles(for: path)[0]
                StandardError.write("hlsfetch: error: interrupted; \(partial) is kept, continue with --resume\n")
                return 130
            }
            StandardError.writeError(error)
            return 1
        } catch {
            await printer.value
            StandardError.writeError(error)
            return 1
        }
    }

    /// Records a live stream (or a VOD one up to `--duration`) with progress and gap lines; returns the
    /// exit status (``LiveExitStatus``).
    private func record(_ downloader: HLSDownloader, stream: ResolvedStream, to path: String,
                        stop: StopSignals) async -> Int32 {
        let recording = downloader.record(stream, to: path, options: LiveRecordingOptions(duration: duration))
        stop.onSignal { recording.stop() }
        let showProgress = !quiet
        let limit = duration
        // The events are read even with --quiet (gaps are always reported); they carry no bytes.
        let printer = Task {
            var printer = ProgressPrinter(interactive: isatty(STDERR_FILENO) == 1)
            for await event in recording.events {
                switch event {
                case .segment(let segment):
                    if showProgress { printer.showRecording(seconds: segment.recordedDuration, limit: limit,
                                                            bytes: (segment.file.map { $0.offset + Int64($0.length) }) ?? 0) }
                case .gap(let gap):
                    printer.finishLine()
                    StandardError.write("hlsfetch: gap: \(StandardError.oneLine(gap.description))\n")
                case .dropped:
                    continue
                }
            }
            printer.finishLine()
        }
        do {
            let result = try await recording.result()
            await printer.value
            print(LiveSummary.line(result))
            if verbose {
                StandardError.write("hlsfetch: \(result.playlistLoads) playlist loads, \(result.requests) requests, "
                    + "\(result.retries) retries, peak buffered \(ByteCountText.format(result.peakBufferedBytes)), "
                    + "\(result.elapsed)\n")
            }
            if case .failed(let error) = result.stopReason {
                StandardError.write("hlsfetch: error: \(StandardError.oneLine(error.description)); "
                    + "\(path) keeps the \(LiveSummary.seconds(result.recordedDuration)) s recorded\n")
                return LiveExitStatus.failed
            }
            if result.segments == 0 {
                StandardError.write("hlsfetch: error: nothing was recorded\n")
                return LiveExitStatus.failed
            }
            return result.gapCount > 0 ? LiveExitStatus.completedWithGaps : LiveExitStatus.complete
        } catch {
            await printer.value
            StandardError.writeError(error)
            return LiveExitStatus.failed
        }
    }
}

/// Exit statuses of a live recording (documented in `--help` and docs/Downloader.md).
enum LiveExitStatus {
    /// FILE is complete and nothing was missed.
    static let complete: Int32 = 0
    /// An error stopped the recording (FILE keeps what was recorded, if anything), or nothing was recorded.
    static let failed: Int32 = 1
    /// FILE is complete and playable, but segments were missed (gaps).
    static let completedWithGaps: Int32 = 3
}

/// The final line of a live recording.
enum LiveSummary {
    /// `out.ts: 1234 bytes, 20.1 s recorded (20 segments, media sequence 17-36), no gaps; requested duration recorded`.
    static func line(_ result: LiveRecordingResult) -> String {
        let range = result.sequences.map { ", media sequence \($0.lowerBound)-\($0.upperBound)" } ?? ""
        let track = result.track.map { ", track \"\(TrackListing.label($0))\"" } ?? ""
        let gaps: String
        if result.gapCount == 0 {
            gaps = "no gaps"
        } else {
            let seconds = result.gaps.reduce(0) { $0 + $1.estimatedDuration }
            gaps = "\(result.gapCount) gap\(result.gapCount == 1 ? "" : "s"): \(result.missedSegments) segment"
                + "\(result.missedSegments == 1 ? "" : "s") (~\(Self.seconds(seconds)) s) missed"
        }
        return "\(result.path ?? "-"): \(result.bytes) bytes, \(Self.seconds(result.recordedDuration)) s recorded "
            + "(\(result.segments) segments\(range)\(track)), \(gaps); \(result.stopReason.summary), sha256 \(result.sha256)"
    }

    /// Seconds with one decimal.
    static func seconds(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}

extension LiveStopReason {
    /// Short form for the final line.
    var summary: String {
        switch self {
        case .duration: "stopped at --duration"
        case .endList: "the stream ended"
        case .stopped: "stopped by a signal"
        case .failed: "stopped by an error"
        }
    }
}
