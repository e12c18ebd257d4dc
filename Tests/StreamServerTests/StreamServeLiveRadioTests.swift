import Foundation
import StreamServer
import Testing
import TestSupport

/// `streamserve --live …` and `streamserve --radio …`: the servers the live and radio tests use, from a shell.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct StreamServeLiveRadioTests {
    static let defaultStream = PackagePaths.root.appendingPathComponent("Sources/Samples/DefaultStream")

    /// Starts streamserve with `arguments`; returns it, its stdout up to the banner, and the port.
    static func start(_ arguments: [String]) async throws -> (ProcessRunner.Running, String, Int) {
        let streamserve = try #require(StreamServeCLITests.binary)
        let running = try await ProcessRunner.Running.start(streamserve, arguments)
        let banner = await running.waitForOutput(containing: "(Ctrl-C to stop)")
        let url = try #require(banner.split(whereSeparator: { $0 == " " || $0 == "\n" })
            .first { $0.hasPrefix("http://127.0.0.1:") }, "no URL in \(banner)")
        let port = try #require(Int(url.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }))
        return (running, banner, port)
    }

    @Test func liveServesASlidingWindowOfTheLoopedPlaylist() async throws {
        let playlist = Self.defaultStream.appendingPathComponent("hls_a64K_v4.m3u8").path
        let (running, banner, port) = try await Self.start(["--live", playlist, "--window", "3", "--live-path", "/radio1",
                                                            "--loop", "discontinuity"])
        #expect(banner.contains("Live HLS: http://127.0.0.1:\(port)/radio1/index.m3u8 (window 3, loop discontinuity)"))
        // The window slides in real time (about 1 s segments, 3 in the window): on a loaded machine the segment a
        // playlist listed can be gone by the time it is asked for, which is right. So a playlist and its newest
        // segment are fetched again until one pair meets (at most 10 times); every playlist is checked.
        var served: (status: Int, first: UInt8?)?
        for _ in 0..<10 where served?.status != 200 {
            let index = try await RawHTTPConnection.fetch(port: port, "GET", "/radio1/index.m3u8")
            let text = String(decoding: index.body, as: UTF8.self)
            #expect(index.status == 200)
            #expect(text.hasPrefix("#EXTM3U"))
            #expect(text.contains("#EXT-X-MEDIA-SEQUENCE:"))
            #expect(!text.contains("#EXT-X-ENDLIST"))
            let segments = text.split(separator: "\n").filter { $0.hasPrefix("seg") }
            #expect(segments.count == 3, "\(text)")
            let newest = try #require(segments.last)
            let segment = try await RawHTTPConnection.fetch(port: port, "GET", "/radio1/\(newest)")
            #expect(segment.status == 200 || segment.status == 404, "a listed segment is served or has slid out")
            served = (segment.status, segment.body.first)
        }
        #expect(served?.status == 200, "no listed segment was still in the window when asked for, 10 times")
        #expect(served?.first == 0x47, "an MPEG-TS sync byte")
        running.interrupt()
        let outcome = await running.finish()
        #expect(outcome.sanitizerReport == nil)
    }

    @Test func radioServesAnICYStationWithTheTitle() async throws {
        let mp3 = Self.defaultStream.appendingPathComponent("fallback.mp3").path
        let (running, banner, port) = try await Self.start(["--radio", mp3, "--radio-path", "/fm.mp3", "--metaint", "1000",
                                                            "--title", "Test song", "--burst", "2"])
        #expect(banner.contains("Radio: http://127.0.0.1:\(port)/fm.mp3 (icy-metaint 1000)"))
        let client = try await RawHTTPConnection.connect(port: port)
        try await client.sendRequest("GET", "/fm.mp3", headers: ["Icy-MetaData: 1"])
        let head = try await client.readHead()
        #expect(head.status == 200)
        #expect(head.headers["content-type"] == "audio/mpeg")
        #expect(head.headers["icy-metaint"] == "1000")
        // The burst (2 s of audio, far more than 1000 bytes) brings the first metadata block with the title.
        let titled = await client.wait { received in
            let body = RadioStationTests.dechunk(received.bytes[head.bodyStart...])
            return RadioStationTests.splitICY(body, metaInterval: 1000).blocks.contains {
                String(decoding: $0, as: UTF8.self).contains("StreamTitle='Test song';")
            }
        }
        #expect(titled)
        await client.close()
        running.interrupt()
        let outcome = await running.finish()
        #expect(outcome.sanitizerReport == nil)
    }

    @Test func badLiveAndRadioOptionsAreErrors() async throws {
        let streamserve = try #require(StreamServeCLITests.binary)
        let playlist = Self.defaultStream.appendingPathComponent("hls_a64K_v4.m3u8").path
        for arguments in [["--live", playlist, "--window", "0"], ["--live", playlist, "--loop", "sometimes"],
                          ["--live", playlist, "--live-path", "live"], ["/tmp", "--metaint", "100"],
                          ["/tmp", "--window", "3"], ["--radio", "x.mp3", "--metaint", "0"],
                          ["--live", playlist, "--radio", "x.mp3", "--live-path", "/a", "--radio-path", "/a"]] {
            let outcome = try await ProcessRunner.run(streamserve, arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
        }
        let missing = try await ProcessRunner.run(streamserve, ["--live", "/nonexistent/x.m3u8"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("--live /nonexistent/x.m3u8"), "\(missing.stderr)")
        let notMP3 = try await ProcessRunner.run(streamserve, ["--radio", playlist])
        #expect(notMP3.status == 1)
        #expect(notMP3.stderr.contains("--radio \(playlist)"), "\(notMP3.stderr)")
    }
}
