import Foundation
import NIOCore
import NIOPosix
import StreamServer
import Testing
import TestSupport
@testable import Downloader

/// Which failures are retried and how often (``FailureClass``), judged against real sockets on 127.0.0.1:
/// the number of attempts and connections, the kind of error and its words.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) struct FetchFailureClassTests {
    @Test func anUnknownHostFailsAtOnceInWords() throws {
        // An empty host name fails in getaddrinfo(3) itself with EAI_NONAME: a real resolver error, without
        // asking any name server.
        let error = #expect(throws: (any Error).self) { try SocketAddress.makeAddressResolvingHost("", port: 80) }
        let thrown = try #require(error)
        let failure = try #require(TransportFailure.classify(thrown, url: URL(string: "http://x.invalid/")!,
                                                            configuration: .init()))
        #expect(failure.failureClass == .never)
        #expect(failure.kind == .unknownHost)
        #expect(failure.message == "cannot resolve host \"\": no such host")
    }

    @Test func aRefusedConnectionGetsAQuickBoundedRetry() async throws {
        // A port that was just listening and is closed now refuses connections.
        let server = try await StreamServer.start(content: .files([:]))
        let url = server.url(for: "/a.m3u8")
        try await server.shutdown()
        let notices = NoticeLog()
        var configuration = DownloadConfiguration.fastTests
        configuration.maxAttempts = 5
        configuration.retryObserver = { notices.append($0) }
        try await withDownloader(configuration) { downloader in
            let error = await #expect(throws: DownloadError.self) { try await downloader.resolve(url) }
            #expect(error?.kind == .connectionRefused)
            #expect(error?.attempts == FailureClass.quickAttempts)
            #expect(error?.description == "playlist \(url.absoluteString): connection refused by 127.0.0.1:\(server.port) "
                + "(is a server listening there?) (after 3 attempts)")
        }
        #expect(notices.lines.count == 2)
        #expect(notices.lines.first?.hasPrefix("playlist \(url.absoluteString): connection refused by 127.0.0.1:") == true)
        #expect(notices.lines.first?.contains("(attempt 1 of 3); retrying in ") == true)
    }

    @Test func aFailedTLSHandshakeIsNotRetried() async throws {
        // https to a plain HTTP server: the handshake cannot succeed, and retrying cannot change that.
        let server = try await StreamServer.start(content: .files([:]))
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/a.m3u8"))
        try await withDownloader(.fastTests) { downloader in
            let error = await #expect(throws: DownloadError.self) { try await downloader.resolve(url) }
            #expect(error?.kind == .tls)
            #expect(error?.attempts == 1)
            #expect(error?.message == "TLS handshake with 127.0.0.1 failed: wrong version number")
            // Words, not a Swift type dump.
            #expect(error?.message.contains("NIOSSL") == false)
            #expect(error?.message.contains("BoringSSL") == false, "\(error?.message ?? "")")
        }
        #expect(server.statistics.connectionsAccepted == 1)
        try await server.shutdown()
    }

    @Test func statusesFollowTheTable() {
        func kind(_ kind: DownloadError.Kind) -> FailureClass { FailureClass.of(DownloadError(kind, .download, "")) }
        for status in [400, 401, 403, 404, 410, 451] { #expect(kind(.httpStatus(status)) == .never) }
        for status in [408, 429, 500, 502, 503, 504] { #expect(kind(.httpStatus(status)) == .backoff) }
        #expect(kind(.unknownHost) == .never)
        #expect(kind(.tls) == .never)
        #expect(kind(.connectionRefused) == .quick)
        #expect(kind(.network) == .backoff)
        #expect(kind(.timeout) == .backoff)
        #expect(FailureClass.quick.attempts(configured: 5) == 3)
        #expect(FailureClass.quick.attempts(configured: 2) == 2)
        #expect(FailureClass.never.attempts(configured: 5) == 1)
    }

    @Test func caseNamesBecomeWords() {
        #expect(TransportFailure.words("HTTPClientError.remoteConnectionClosed") == "remote connection closed")
        #expect(TransportFailure.words("something odd (x)") == "something odd (x)")
        #expect(TransportFailure.reasonWords(in: "sslError([Error: 268435703 error:100000f7:SSL routines:OPENSSL_internal:"
            + "WRONG_VERSION_NUMBER at /x/CNIOBoringSSL/ssl/tls_record.cc:127])") == "wrong version number")
    }
}
