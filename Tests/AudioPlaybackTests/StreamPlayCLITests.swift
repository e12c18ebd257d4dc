import Foundation
import StreamServer
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `streamplay`, the built binary, against stations on 127.0.0.1 (issue 20): a hostile ICY title is printed
/// escaped; SIGTERM and SIGINT stop it cleanly; a station that drops every connection inside a metadata block
/// makes it fail after its attempts, not reconnect forever.
@Suite(.enabled(if: ProcessRunner.executable(named: "streamplay") != nil, "streamplay binary not built"),
       .timeLimit(.minutes(3)))
struct StreamPlayCLITests {
    static let hostileTitle = "Evil\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mRED"
    /// No sound card in tests: SDL's dummy driver plays in real time to nowhere.
    static var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["SDL_AUDIODRIVER": "dummy"]) { _, new in new }
    }

    static func start(_ arguments: [String]) async throws -> ProcessRunner.Running {
        try await ProcessRunner.Running.start(try #require(ProcessRunner.executable(named: "streamplay")), arguments,
                                              environment: environment)
    }

    @Test("a station whose ICY title carries terminal escapes: printed escaped, no ESC byte")
    func hostileTitleIsEscaped() async throws {
        // The title travels in the stream's metadata blocks, where any byte may appear (a header such as
        // icy-name cannot carry ESC: HTTP parsers refuse control characters in field values, RFC 9110 §5.5).
        let station = try RadioStation(mp3: try fixtureBytes("tone.mp3"), name: "Station",
                                       title: Self.hostileTitle, metaInterval: 2000, pacing: .realTime)
        let server = try await StreamServer.start(content: .files([:]))
        server.mount(station, at: "/radio.mp3")
        let running = try await Self.start([server.url(for: "/radio.mp3").absoluteString, "--seconds", "30"])
        let seen = await running.waitForOutput(containing: "now playing: Evil")
        running.interrupt()
        let outcome = await running.finish()
        try await server.shutdown()
        #expect(seen.contains(#"now playing: Evil\e]0;PWNED\x07\e[2J\e[31mRED"#), "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(!outcome.stdout.utf8.contains(0x1B) && !outcome.stderr.utf8.contains(0x1B))
        #expect(!outcome.stdout.utf8.contains(0x07))
        #expect(outcome.sanitizerReport == nil)
    }

    @Test("SIGTERM and SIGINT while playing: a clean stop, exit 143 and 130", arguments: [SIGTERM, SIGINT])
    func signalsStopPlayback(_ signal: Int32) async throws {
        let station = try RadioStation(mp3: try fixtureBytes("tone.mp3"), title: "Song", pacing: .realTime)
        let server = try await StreamServer.start(content: .files([:]))
        server.mount(station, at: "/radio.mp3")
        let running = try await Self.start([server.url(for: "/radio.mp3").absoluteString])
        let seen = await running.waitForOutput(containing: "playing (live)")
        #expect(seen.contains("playing (live)"), "\(seen)")
        running.send(signal: signal)
        let (outcome, timedOut) = await running.finishReportingTimeout()
        try await server.shutdown()
        #expect(!timedOut, "streamplay ignored the signal")
        #expect(!outcome.signaled)
        #expect(outcome.status == 128 + signal, "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(outcome.stdout.contains(signal == SIGTERM ? "stopped by SIGTERM" : "stopped by SIGINT"))
    }

    @Test("a station that closes every connection inside a metadata block: 5 attempts, then a clear failure")
    func droppedInsideMetadataFails() async throws {
        // Real MP3 frames up to icy-metaint, a length byte promising 32 bytes of metadata, 5 of them, the end.
        let mp3 = try fixtureBytes("tone.mp3")
        let audio = Array(mp3.prefix(4000))
        let body = audio + [2] + Array("Strea".utf8)
        let route = Route(path: "/cut.mp3", response: RouteResponse(headers: ["icy-metaint": "\(audio.count)"], data: body,
                                                                    contentType: "audio/mpeg"))
        let server = try await StreamServer.start(content: .files([:]))
        server.setRoutes(RouteTable(routes: [route]))
        let running = try await Self.start([server.url(for: "/cut.mp3").absoluteString, "--seconds", "120"])
        let (outcome, timedOut) = await running.finishReportingTimeout(timeout: .seconds(100))
        let requests = server.statistics.requests.filter { $0.path == "/cut.mp3" }.count
        try await server.shutdown()
        #expect(!timedOut)
        #expect(outcome.status == 1, "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(outcome.stderr.contains("failed: Connection lost: ") && outcome.stderr.contains("gave up after 5 attempts"),
                "\(outcome.stderr)")
        #expect(requests == 6, "the first connection and 5 attempts, not \(requests)")
    }

    @Test("the documented exit statuses: 0 when the time is up, 2 for an unreadable --radio file, 64 for bad options")
    func exitStatuses() async throws {
        let binary = try #require(ProcessRunner.executable(named: "streamplay"))
        let timeUp = try await ProcessRunner.run(binary, ["--radio", try fixturePath("tone.mp3"), "--seconds", "2"],
                                                 environment: Self.environment, timeout: .seconds(60))
        #expect(timeUp.status == 0, "\(timeUp.stderr)")
        let unreadable = try await ProcessRunner.run(binary, ["--radio", "/nonexistent/tone.mp3"], environment: Self.environment)
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.contains("streamplay: cannot read /nonexistent/tone.mp3"))
        for arguments in [[], ["http://127.0.0.1:1/x.mp3", "--buffer", "99"], ["--serve-only", "http://127.0.0.1:1/"],
                          ["http://127.0.0.1:1/x.mp3", "--seconds", "0"]] {
            let usage = try await ProcessRunner.run(binary, arguments, environment: Self.environment)
            #expect(usage.status == 64, "\(arguments): \(usage.stderr)")
        }
    }
}
