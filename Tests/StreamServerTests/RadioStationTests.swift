import Foundation
import NIOHTTP1
import Testing
import TestSupport
@testable import StreamServer

/// The endless ICY radio: headers, exact framing of audio and metadata, bursts, titles, drops, going off the air.
@Suite("Radio station")
struct RadioStationTests {
    /// `count` MPEG-1 layer III frames (128 kbit/s, 44.1 kHz, 417 bytes), frame k's payload filled with k.
    static func frames(_ count: Int) -> [[UInt8]] {
        (0..<count).map { k in [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: UInt8(truncatingIfNeeded: k), count: 413) }
    }

    static func mp3(_ count: Int) -> [UInt8] { frames(count).flatMap { $0 } }

    /// The body of a chunked response, as far as complete chunks arrived (RFC 9112 §7.1).
    static func dechunk(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var body: [UInt8] = []
        var index = bytes.startIndex
        while let lineEnd = (index..<max(index, bytes.endIndex - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }) {
            guard let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16) else { break }
            let start = lineEnd + 2
            guard size > 0, start + size + 2 <= bytes.endIndex else { break }
            body += bytes[start..<(start + size)]
            index = start + size + 2
        }
        return body
    }

    /// Splits an ICY body into audio and metadata blocks (an implementation independent of the player's).
    static func splitICY(_ body: [UInt8], metaInterval: Int) -> (audio: [UInt8], blocks: [[UInt8]]) {
        var audio: [UInt8] = []
        var blocks: [[UInt8]] = []
        var index = 0
        while index < body.count {
            let count = min(metaInterval, body.count - index)
            audio += body[index..<(index + count)]
            index += count
            guard index < body.count else { break }
            let length = Int(body[index]) * 16
            blocks.append(Array(body[(index + 1)..<min(index + 1 + length, body.count)]))
            index += 1 + length
        }
        return (audio, blocks)
    }

    static func text(_ block: [UInt8]) -> String {
        String(decoding: block.prefix { $0 != 0 }, as: UTF8.self)
    }

    func startStation(_ station: RadioStation) async throws -> StreamServer {
        let server = try await StreamServer.start(content: .files([:]))
        server.mount(station, at: "/radio.mp3")
        return server
    }

    /// A listener of `station` on `server`: connected, its request's head read, and counted by the station.
    func listen(to station: RadioStation, on server: StreamServer) async throws
        -> (RawHTTPConnection, (status: Int, headers: [String: String], bodyStart: Int)) {
        let client = try await RawHTTPConnection.connect(port: server.port)
        try await client.sendRequest("GET", "/radio.mp3")
        let head = try await client.readHead()
        #expect(await waitUntil { station.statistics.listeners == 1 })
        return (client, head)
    }

    @Test("headers: audio/mpeg, no length, icy-name and icy-description; icy-metaint only when asked for")
    func headers() async throws {
        let station = try RadioStation(mp3: Self.mp3(4), name: "Test FM", description: "Tones", pacing: .manual)
        let server = try await startStation(station)
        defer { Task { try? await server.shutdown() } }
        let asking = try await RawHTTPConnection.connect(port: server.port)
        try await asking.sendRequest("GET", "/radio.mp3", headers: ["Icy-MetaData: 1"])
        let head = try await asking.readHead()
        #expect(head.status == 200)
        #expect(head.headers["content-type"] == "audio/mpeg")
        #expect(head.headers["content-length"] == nil)
        #expect(head.headers["icy-name"] == "Test FM")
        #expect(head.headers["icy-description"] == "Tones")
        #expect(head.headers["icy-metaint"] == "8192")
        #expect(head.headers["icy-br"] == "128")
        let plain = try await RawHTTPConnection.connect(port: server.port)
        try await plain.sendRequest("GET", "/radio.mp3")
        #expect(try await plain.readHead().headers["icy-metaint"] == nil)
        #expect(await waitUntil { station.statistics.listeners == 2 })
        await asking.close()
        await plain.close()
        #expect(await waitUntil { station.statistics.listeners == 0 })
    }

    @Test("released frames arrive in order with a metadata block every metaint bytes; a new title in the next block")
    func framing() async throws {
        let station = try RadioStation(
            mp3: Self.mp3(7), title: "First 'song'", metaInterval: 1000, pacing: .manual, burstSeconds: 0)
        let server = try await startStation(station)
        defer { Task { try? await server.shutdown() } }
        let client = try await RawHTTPConnection.connect(port: server.port)
        try await client.sendRequest("GET", "/radio.mp3", headers: ["Icy-MetaData: 1"])
        let head = try await client.readHead()
        #expect(await waitUntil { station.statistics.listeners == 1 })

        station.release(frames: 10)  // 4170 audio bytes: blocks after 1000, 2000, 3000 and 4000
        station.setTitle("Second")
        station.release(frames: 5)   // 2085 more: blocks after 5000 and 6000
        let expectedAudio = Array((0..<15).flatMap { Self.frames(7)[$0 % 7] })
        var split: (audio: [UInt8], blocks: [[UInt8]]) = ([], [])
        let complete = await client.wait { received in
            split = Self.splitICY(Self.dechunk(received.bytes[head.bodyStart...]), metaInterval: 1000)
            return split.audio.count >= expectedAudio.count
        }
        #expect(complete)
        #expect(split.audio == expectedAudio)
        #expect(split.blocks.map(Self.text) == ["StreamTitle='First 'song'';", "", "", "", "StreamTitle='Second';", ""])
        #expect(split.blocks.allSatisfy { $0.count % 16 == 0 })
        #expect(station.statistics.framesAired == 15)
        #expect(station.statistics.titleBlocksSent == 2)
        await client.close()
    }

    @Test("a listener joining late gets a burst of the frames aired just before, then the broadcast")
    func burst() async throws {
        let frameSeconds = 1152.0 / 44_100
        let station = try RadioStation(mp3: Self.mp3(50), pacing: .manual, burstSeconds: 3 * frameSeconds)
        #expect(station.burstFrames == 3)
        let server = try await startStation(station)
        defer { Task { try? await server.shutdown() } }
        station.release(frames: 20)
        let (client, head) = try await listen(to: station, on: server)
        station.release(frames: 2)
        let expected = Array((17..<22).flatMap { Self.frames(50)[$0] })
        var body: [UInt8] = []
        #expect(await client.wait { received in
            body = Self.dechunk(received.bytes[head.bodyStart...])
            return body.count >= expected.count
        })
        #expect(body == expected)
        await client.close()
    }

    @Test("dropping listeners closes their connections mid-stream; the station stays on the air")
    func drop() async throws {
        let station = try RadioStation(mp3: Self.mp3(5), pacing: .manual)
        let server = try await startStation(station)
        defer { Task { try? await server.shutdown() } }
        let (client, _) = try await listen(to: station, on: server)
        station.release(frames: 3)
        station.dropListeners(reset: true)
        #expect(await client.waitUntilClosed())
        #expect(station.statistics.listeners == 0)
        let again = try await RawHTTPConnection.connect(port: server.port)
        try await again.sendRequest("GET", "/radio.mp3")
        #expect(try await again.readHead().status == 200)
        #expect(station.statistics.listenersAccepted == 2)
        await again.close()
    }

    @Test("off the air: listeners are disconnected and requests answered 404; back on the air: 200")
    func offAir() async throws {
        let station = try RadioStation(mp3: Self.mp3(5), pacing: .manual)
        let server = try await startStation(station)
        defer { Task { try? await server.shutdown() } }
        let (client, _) = try await listen(to: station, on: server)
        station.stop()
        #expect(await client.waitUntilClosed())
        let refused = try await RawHTTPConnection.connect(port: server.port)
        try await refused.sendRequest("GET", "/radio.mp3")
        #expect(try await refused.readResponse().status == 404)
        station.start()
        try await refused.sendRequest("GET", "/radio.mp3")
        #expect(try await refused.readHead().status == 200)
        await refused.close()
    }

    @Test("fault rules apply to the station's path: a 503 first, then the stream")
    func faults() async throws {
        let station = try RadioStation(mp3: Self.mp3(5), pacing: .manual)
        let server = try await startStation(station)
        defer { Task { try? await server.shutdown() } }
        server.setFaults([FaultRule(path: "/radio.mp3", fault: .status(code: 503, times: 1, retryAfter: nil))])
        let client = try await RawHTTPConnection.connect(port: server.port)
        try await client.sendRequest("GET", "/radio.mp3")
        #expect(try await client.readResponse().status == 503)
        try await client.sendRequest("GET", "/radio.mp3")
        #expect(try await client.readHead().status == 200)
        await client.close()
    }

    @Test("in real time the station airs frames as the clock passes")
    func realTime() async throws {
        let station = try RadioStation(mp3: Self.mp3(5), pacing: .realTime)
        #expect(await waitUntil { station.statistics.framesAired >= 10 })
    }

    @Test("metadata blocks: length byte, text padded with NULs to 16 bytes; no title is an empty block")
    func blocks() throws {
        let block = RadioStation.metadataBlock(title: "Ab")
        #expect(block[0] == 2)  // "StreamTitle='Ab';" is 17 bytes: two units of 16
        #expect(block.count == 33)
        #expect(Self.text(Array(block.dropFirst())) == "StreamTitle='Ab';")
        #expect(RadioStation.metadataBlock(title: nil) == [0])
        let long = RadioStation.metadataBlock(title: String(repeating: "x", count: 5000))
        #expect(long[0] == 255 && long.count == 1 + 255 * 16)
        #expect(throws: RadioStationError.self) { try RadioStation(mp3: [1, 2, 3]) }
    }
}
