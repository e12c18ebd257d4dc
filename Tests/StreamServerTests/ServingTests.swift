import Foundation
import Testing
import TestSupport
@testable import StreamServer

@Suite("Serving files")
struct ServingTests {
    static let segment = Fixtures.bytes(10_000, seed: 7)
    static let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg0.ts\n#EXT-X-ENDLIST\n"
    static let content = ServerContent.files([
        "/audio/seg0.ts": ServedFile(data: segment, path: "/audio/seg0.ts"),
        "/audio/index.m3u8": ServedFile(string: playlist, contentType: ContentTypes.m3u8),
        "/empty.bin": ServedFile(data: [], contentType: "application/octet-stream"),
        "/a b.mp3": ServedFile(data: [1, 2, 3], path: "/a b.mp3"),
    ])

    @Test func fullGet() async throws {
        try await withStreamServer(content: Self.content) { server in
            let response = try await RawHTTPConnection.fetch(port: server.port, "GET", "/audio/seg0.ts")
            #expect(response.status == 200)
            #expect(response.body == Self.segment)
            #expect(response.headers["content-length"] == "10000")
            #expect(response.headers["content-type"] == "video/mp2t")
            #expect(response.headers["accept-ranges"] == "bytes")
            #expect(response.headers["content-range"] == nil)

            let list = try await RawHTTPConnection.fetch(port: server.port, "GET", "/audio/index.m3u8?token=abc")
            #expect(list.status == 200)
            #expect(String(decoding: list.body, as: UTF8.self) == Self.playlist)
            #expect(list.headers["content-type"] == "application/vnd.apple.mpegurl")

            let encoded = try await RawHTTPConnection.fetch(port: server.port, "GET", "/a%20b.mp3")
            #expect(encoded.status == 200)
            #expect(encoded.body == [1, 2, 3])
            #expect(encoded.headers["content-type"] == "audio/mpeg")

            let empty = try await RawHTTPConnection.fetch(port: server.port, "GET", "/empty.bin")
            #expect(empty.status == 200)
            #expect(empty.body.isEmpty)
            #expect(empty.headers["content-length"] == "0")
        }
    }

    @Test(arguments: [
        // (Range header, first byte, last byte) against a 10 000-byte file
        ("bytes=0-99", 0, 99),
        ("bytes=9990-", 9990, 9999),
        ("bytes=-10", 9990, 9999),
        ("bytes=500-20000", 500, 9999),
        ("bytes=-20000", 0, 9999),
        ("bytes=1234-1234", 1234, 1234),
    ])
    func singleRange(header: String, first: Int, last: Int) async throws {
        try await withStreamServer(content: Self.content) { server in
            let response = try await RawHTTPConnection.fetch(
                port: server.port, "GET", "/audio/seg0.ts", headers: ["Range: \(header)"])
            #expect(response.status == 206)
            #expect(response.body == Array(Self.segment[first...last]))
            #expect(response.headers["content-range"] == "bytes \(first)-\(last)/10000")
            #expect(response.headers["content-length"] == String(last - first + 1))
            #expect(response.headers["accept-ranges"] == "bytes")
            #expect(response.headers["content-type"] == "video/mp2t")
        }
    }

    @Test func unsatisfiableRange() async throws {
        try await withStreamServer(content: Self.content) { server in
            for header in ["bytes=10000-", "bytes=20000-30000", "bytes=-0"] {
                let response = try await RawHTTPConnection.fetch(
                    port: server.port, "GET", "/audio/seg0.ts", headers: ["Range: \(header)"])
                #expect(response.status == 416, "\(header)")
                #expect(response.headers["content-range"] == "bytes */10000", "\(header)")
            }
        }
    }

    @Test func multipleRangesAndIfRangeGetWholeFile() async throws {
        try await withStreamServer(content: Self.content) { server in
            let multiple = try await RawHTTPConnection.fetch(
                port: server.port, "GET", "/audio/seg0.ts", headers: ["Range: bytes=0-1,5-9"])
            #expect(multiple.status == 200)
            #expect(multiple.body == Self.segment)
            let ifRange = try await RawHTTPConnection.fetch(
                port: server.port, "GET", "/audio/seg0.ts", headers: ["Range: bytes=0-1", "If-Range: \"abc\""])
            #expect(ifRange.status == 200)
            #expect(ifRange.body == Self.segment)
        }
    }

    @Test func missingFileIs404() async throws {
        try await withStreamServer(content: Self.content) { server in
            let response = try await RawHTTPConnection.fetch(port: server.port, "GET", "/audio/seg9.ts")
            #expect(response.status == 404)
            let directory = try await RawHTTPConnection.fetch(port: server.port, "GET", "/audio")
            #expect(directory.status == 404)
        }
    }

    @Test func headSendsHeadersOnly() async throws {
        try await withStreamServer(content: Self.content) { server in
            let connection = try await RawHTTPConnection.connect(port: server.port)
            try await connection.sendRequest("HEAD", "/audio/seg0.ts", headers: ["Range: bytes=0-9"])
            let head = try await connection.readResponse(expectBody: false)
            // Range is only defined for GET (RFC 9110 §14.2), so HEAD describes the full GET.
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == "10000")
            #expect(head.headers["content-type"] == "video/mp2t")
            // The next response on the same connection must start right after the head: no body bytes.
            try await connection.sendRequest("GET", "/a%20b.mp3")
            let next = try await connection.readResponse()
            #expect(next.status == 200)
            #expect(next.body == [1, 2, 3])
            await connection.close()
        }
    }

    @Test func otherMethodsAre405() async throws {
        try await withStreamServer(content: Self.content) { server in
            for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
                let response = try await RawHTTPConnection.fetch(port: server.port, method, "/audio/seg0.ts")
                #expect(response.status == 405, "\(method)")
                #expect(response.headers["allow"] == "GET, HEAD", "\(method)")
            }
        }
    }

    @Test func keepAliveReusesOneConnection() async throws {
        try await withStreamServer(content: Self.content) { server in
            let connection = try await RawHTTPConnection.connect(port: server.port)
            try await connection.sendRequest("GET", "/audio/seg0.ts", headers: ["Range: bytes=0-9"])
            let first = try await connection.readResponse()
            try await connection.sendRequest("GET", "/audio/index.m3u8")
            let second = try await connection.readResponse()
            // Pipelined: two requests written back to back before reading.
            try await connection.sendRequest("GET", "/a%20b.mp3")
            try await connection.sendRequest("GET", "/audio/seg0.ts", headers: ["Range: bytes=-1"])
            let third = try await connection.readResponse()
            let fourth = try await connection.readResponse()
            #expect(first.body == Array(Self.segment[0...9]))
            #expect(second.body == Array(Self.playlist.utf8))
            #expect(third.body == [1, 2, 3])
            #expect(fourth.body == [Self.segment[9999]])
            #expect(!fourth.connectionClosed)
            await connection.close()

            let stats = await server.waitForStatistics { $0.openConnections == 0 }
            #expect(stats.connectionsAccepted == 1)
            #expect(stats.maxOpenConnections == 1)
            #expect(stats.requestCount == 4)
            #expect(stats.requests.map(\.connectionID) == [1, 1, 1, 1])
            #expect(stats.requests.map(\.path) == ["/audio/seg0.ts", "/audio/index.m3u8", "/a b.mp3", "/audio/seg0.ts"])
            #expect(stats.requests.map(\.rangeHeader) == ["bytes=0-9", nil, nil, "bytes=-1"])
            #expect(stats.requests.map(\.bytesSent) == [10, Self.playlist.utf8.count, 3, 1])
            #expect(stats.requests.allSatisfy { $0.status == 200 || $0.status == 206 })
        }
    }

    @Test func keepAliveAfterMultiChunkBodies() async throws {
        // Bodies longer than one 64 KiB write finish from a writability callback; the connection
        // must then accept the next request.
        let big = Fixtures.bytes(200_000, seed: 13)
        try await withStreamServer(content: .files(["/big.ts": ServedFile(data: big, path: "/big.ts")])) { server in
            let connection = try await RawHTTPConnection.connect(port: server.port)
            for round in 0..<3 {
                try await connection.sendRequest("GET", "/big.ts")
                let response = try await connection.readResponse()
                #expect(response.status == 200, "round \(round)")
                #expect(response.body.count == big.count, "round \(round)")
                #expect(Fixtures.mismatch(response.body, big) == nil, "round \(round)")
            }
            // Pipelined: the second body starts while the first one's end is being written.
            try await connection.sendRequest("GET", "/big.ts")
            try await connection.sendRequest("GET", "/big.ts", headers: ["Range: bytes=70000-"])
            let first = try await connection.readResponse()
            let second = try await connection.readResponse()
            #expect(Fixtures.mismatch(first.body, big) == nil)
            #expect(second.status == 206)
            #expect(second.body == Array(big[70000...]))
            await connection.close()
            #expect(server.statistics.connectionsAccepted == 1)
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withStreamServer(content: Self.content) { server in
            let connection = try await RawHTTPConnection.connect(port: server.port)
            try await connection.sendRequest("GET", "/a%20b.mp3", headers: ["Connection: close"])
            let response = try await connection.readResponse()
            #expect(response.body == [1, 2, 3])
            #expect(response.headers["connection"] == "close")
            #expect(await connection.waitUntilClosed())
        }
    }

    @Test func http10ClientsGetOneResponsePerConnection() async throws {
        try await withStreamServer(content: Self.content) { server in
            let connection = try await RawHTTPConnection.connect(port: server.port)
            try await connection.send("GET /audio/seg0.ts HTTP/1.0\r\nRange: bytes=-3\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 206)
            #expect(response.body == Array(Self.segment[9997...]))
            #expect(await connection.waitUntilClosed())
        }
    }

    @Test func largeBodyArrivesIntact() async throws {
        let big = Fixtures.bytes(3_000_000, seed: 3)
        try await withStreamServer(content: .files(["/big.mp4": ServedFile(data: big, path: "/big.mp4")])) { server in
            let response = try await RawHTTPConnection.fetch(port: server.port, "GET", "/big.mp4")
            #expect(response.status == 200)
            #expect(response.body.count == big.count)
            #expect(Fixtures.mismatch(response.body, big) == nil)
            #expect(response.headers["content-type"] == "video/mp4")
        }
    }

    @Test func setContentReplacesFiles() async throws {
        try await withStreamServer(content: Self.content) { server in
            server.setContent(.files(["/new.ts": ServedFile(data: [9, 8, 7], path: "/new.ts")]))
            let new = try await RawHTTPConnection.fetch(port: server.port, "GET", "/new.ts")
            #expect(new.body == [9, 8, 7])
            let old = try await RawHTTPConnection.fetch(port: server.port, "GET", "/audio/seg0.ts")
            #expect(old.status == 404)
        }
    }

    @Test func urls() async throws {
        try await withStreamServer(content: Self.content) { server in
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            #expect(server.url(for: "/audio/index.m3u8").absoluteString
                == "http://127.0.0.1:\(server.port)/audio/index.m3u8")
            #expect(server.url(for: "x.ts").absoluteString == "http://127.0.0.1:\(server.port)/x.ts")
            #expect(server.url(for: "/a b.mp3").absoluteString == "http://127.0.0.1:\(server.port)/a%20b.mp3")
        }
    }
}

@Suite("Serving a directory")
struct DirectoryTests {
    /// root/ holds the served files; secret.txt sits next to root/, outside it.
    static func makeTree() throws -> (parent: URL, root: URL) {
        let parent = try makeTemporaryDirectory("StreamServerTests")
        let root = parent.appendingPathComponent("root", isDirectory: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("audio"), withIntermediateDirectories: true)
        try Data("top secret".utf8).write(to: parent.appendingPathComponent("secret.txt"))
        try Data(Fixtures.bytes(5000, seed: 11)).write(to: root.appendingPathComponent("audio/seg1.ts"))
        try Data("#EXTM3U\n".utf8).write(to: root.appendingPathComponent("index.m3u8"))
        return (parent, root)
    }

    @Test func servesFilesBelowTheRoot() async throws {
        let (parent, root) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: parent) }
        try await withStreamServer(content: .directory(root.path)) { server in
            let segment = try await RawHTTPConnection.fetch(
                port: server.port, "GET", "/audio/seg1.ts", headers: ["Range: bytes=100-199"])
            #expect(segment.status == 206)
            #expect(segment.body == Array(Fixtures.bytes(5000, seed: 11)[100...199]))
            #expect(segment.headers["content-type"] == "video/mp2t")
            #expect(segment.headers["content-range"] == "bytes 100-199/5000")

            let playlist = try await RawHTTPConnection.fetch(port: server.port, "GET", "/index.m3u8?x=1")
            #expect(playlist.status == 200)
            #expect(playlist.body == Array("#EXTM3U\n".utf8))
            #expect(playlist.headers["content-type"] == "application/vnd.apple.mpegurl")

            let status1 = try await RawHTTPConnection.fetch(port: server.port, "GET", "/audio").status
            #expect(status1 == 404)
            let status2 = try await RawHTTPConnection.fetch(port: server.port, "GET", "/audio/").status
            #expect(status2 == 404)
            let status3 = try await RawHTTPConnection.fetch(port: server.port, "GET", "/nothing.ts").status
            #expect(status3 == 404)

            // Files written after start are served (read per request).
            try Data([42]).write(to: root.appendingPathComponent("late.key"))
            let late = try await RawHTTPConnection.fetch(port: server.port, "GET", "/late.key")
            #expect(late.body == [42])
            #expect(late.headers["content-type"] == "application/octet-stream")
        }
    }

    @Test(arguments: [
        "/../secret.txt",
        "/audio/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E%2Fsecret.txt",
        "/audio/..%2f..%2fsecret.txt",
        "http://127.0.0.1/../secret.txt",
    ])
    func traversalIsRefused(target: String) async throws {
        let (parent, root) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: parent) }
        try await withStreamServer(content: .directory(root.path)) { server in
            let response = try await RawHTTPConnection.fetch(port: server.port, "GET", target)
            #expect(response.status == 403)
            #expect(!response.body.elementsEqual("top secret".utf8))
        }
    }

    @Test func missingRootDirectoryIsRejected() async throws {
        let parent = try makeTemporaryDirectory("StreamServerTests")
        defer { try? FileManager.default.removeItem(at: parent) }
        let missing = parent.appendingPathComponent("nope").path
        await #expect(throws: StreamServerError.self) {
            _ = try await StreamServer.start(content: .directory(missing))
        }
    }

    @Test func malformedTargetIs400() async throws {
        let (parent, root) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: parent) }
        try await withStreamServer(content: .directory(root.path)) { server in
            let status4 = try await RawHTTPConnection.fetch(port: server.port, "GET", "/a%zz").status
            #expect(status4 == 400)
            let status5 = try await RawHTTPConnection.fetch(port: server.port, "GET", "/index.m3u8%00.ts").status
            #expect(status5 == 400)
        }
    }
}
