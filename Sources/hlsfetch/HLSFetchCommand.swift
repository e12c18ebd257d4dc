import ArgumentParser
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
                           [--group <group-id>] [--max-attempts <n>] [--idle-timeout <s>] [--quiet] [--verbose]
            hlsfetch <url> --list [--name <name>] [--language <language>] [--group <group-id>] [--verbose]
            """,
        discussion: """
            Reads a master playlist, ranks its audio tracks (best first; --list shows the ranking), \
            and downloads the chosen track's segments a few at a time (--concurrency), appending \
            them in order to FILE.part, which is renamed to FILE once complete. A media playlist is \
            downloaded as it is. AES-128 segments are decrypted; EXT-X-MAP sections are written \
            before the segments that use them.

            Examples:
              hlsfetch http://host/hls_index.m3u8 -o audio.ts
              hlsfetch http://host/hls_index.m3u8 --list
              hlsfetch http://host/hls_index.m3u8 -o audio.ts --language en --resume

            Exit status is 0 only when FILE is complete; otherwise 1 (130 when interrupted, 64 for \
            a usage error) with a one-line reason on standard error. An interrupted download \
            continues with --resume.
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

    @Flag(name: .shortAndLong, help: "Show no progress.")
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
        await main(nil)
    }

    func run() async throws {
        guard let playlistURL = URL(string: url) else { throw ExitCode.validationFailure }
        var logger = Logger(label: "hlsfetch") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .error

        var configuration = DownloadConfiguration()
        configuration.concurrency = concurrency
        configuration.maxAttempts = maxAttempts
        configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        let override = TrackOverride(name: name, language: language, groupID: group)
        configuration.track = override.isEmpty ? nil : override

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

    /// Runs the download with progress output and Ctrl-C handling; returns the exit status.
    private func download(_ downloader: HLSDownloader, url: URL, to path: String) async -> Int32 {
        let task = downloader.download(from: url, to: path, resume: resume)
        // Ctrl-C cancels the download cleanly (the partial file stays resumable) instead of killing it.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { task.cancel() }
        interrupt.resume()
        defer { interrupt.cancel() }

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
                StandardError.write("hlsfetch: error: interrupted; \(path).part is kept, continue with --resume\n")
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
}
