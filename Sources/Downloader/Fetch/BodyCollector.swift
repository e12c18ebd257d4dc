import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Collects one HTTP response on the connection's event loop: validates the head against the request
/// (status, `Content-Range`, `Content-Length`, size limit), keeps the requested bytes of the body, and
/// hands the result to the waiting task once, when the response is complete.
///
/// Why a delegate and not `HTTPClientResponse.body`: the async body sequence resumes the fetching task
/// for every chunk, a thread hop each; collecting on the event loop costs one hop per response, which is
/// what matters for streams of many small segments and on a busy machine (bench/ab-hlsfetch.py).
///
/// Thread safety: AsyncHTTPClient calls a delegate's methods one at a time on the request's event loop,
/// and the task reads ``received`` only after the request's future completed, so the mutable state
/// needs no lock (hence `@unchecked Sendable`).
final class BodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    /// What the exchange produced.
    enum Outcome: Sendable {
        /// A redirect status with its `Location` header, if any (the body is not read).
        case redirect(status: Int, location: String?)
        /// A status other than 200/206 or a redirect, with its `Retry-After` header (the body is not read).
        case status(Int, retryAfter: String?)
        /// The requested bytes of a successful response.
        case body([UInt8])
    }

    /// Marks a response that needs no more body: its outcome is already decided (the requested slice of a
    /// `200` to a Range request, or a long body of an error status). Failing the body future with it stops
    /// the transfer (and closes the connection); ``HTTPFetcher`` then takes ``outcome``.
    struct Finished: Error {}

    private let request: FetchRequest
    private let subject: DownloadError.Subject
    private let meter: BufferMeter?
    private let onRangeIgnored: @Sendable () -> Void

    /// The outcome once decided before the body's end: a redirect or an error status from the head, or
    /// the slice of a `200` to a Range request (see ``Finished``).
    private(set) var outcome: Outcome?
    /// Bytes kept so far (reported to the meter; the caller removes them again if the attempt fails).
    var received: Int { bytes.count }
    /// Bytes expected, when known from the request's range or `Content-Length`.
    private(set) var expected: Int?

    private var bytes: [UInt8] = []
    private var skip = 0          // body offset of the first byte to keep
    private var slicing = false   // a 200 to a Range request: keep only the range, then stop
    private var position = 0      // body offset of the next chunk
    private var discarded = 0     // body bytes of a redirect or error status read so far

    /// Most bytes of a redirect's or an error status's body read (and dropped) to keep the connection open;
    /// a longer body closes it instead.
    static let maxDiscardedBytes = 64 * 1024

    /// A collector for `request`; `onRangeIgnored` is called when a server answers a Range request with
    /// the whole resource.
    init(request: FetchRequest, subject: DownloadError.Subject, meter: BufferMeter?,
         onRangeIgnored: @escaping @Sendable () -> Void) {
        self.request = request
        self.subject = subject
        self.meter = meter
        self.onRangeIgnored = onRangeIgnored
    }

    func didReceiveHead(task: HTTPClient.Task<Outcome>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let status = Int(head.status.code)
        if [301, 302, 303, 307, 308].contains(status) {
            outcome = .redirect(status: status, location: head.headers.first(name: "Location"))
            return task.eventLoop.makeSucceededVoidFuture()
        }
        guard status == 200 || status == 206 else {
            outcome = .status(status, retryAfter: head.headers.first(name: "Retry-After"))
            return task.eventLoop.makeSucceededVoidFuture()
        }
        do {
            try plan(status: status, headers: head.headers)
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Outcome>, _ chunk: ByteBuffer) -> EventLoopFuture<Void> {
        if let outcome {
            // The body of a redirect or an error status: read past it to keep the connection, unless it is long.
            discarded += chunk.readableBytes
            return discarded > Self.maxDiscardedBytes ? finish(outcome, on: task) : task.eventLoop.makeSucceededVoidFuture()
        }
        let chunkStart = position
        position += chunk.readableBytes
        let end = expected.map { skip + $0 }
        let keepFrom = max(chunkStart, skip)
        let keepTo = end.map { min(position, $0) } ?? position
        if keepTo > keepFrom {
            let count = keepTo - keepFrom
            guard bytes.count + count <= request.maxBytes else {
                return task.eventLoop.makeFailedFuture(HTTPFetcher.AttemptFailure(
                    error: DownloadError(.tooLarge, subject, "body exceeds the limit of \(request.maxBytes) bytes"),
                    retryable: false))
            }
            chunk.withUnsafeReadableBytes { buffer in
                let from = keepFrom - chunkStart
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[from ..< from + count]))
            }
            meter?.add(count)
        }
        if slicing, let end, position >= end {
            // The rest of an ignored-Range body is not needed.
            return finish(.body(bytes), on: task)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Outcome>) throws -> Outcome {
        if let outcome { return outcome }
        if let expected, bytes.count != expected {
            throw HTTPFetcher.AttemptFailure(
                error: DownloadError(.incompleteBody, subject, "body ended after \(bytes.count) of \(expected) bytes"),
                retryable: true)
        }
        return .body(bytes)
    }

    /// Decides from the head which bytes of the body to keep and how many must arrive (RFC 9110 §14.4, §15.3.7).
    private func plan(status: Int, headers: HTTPHeaders) throws {
        let contentLength = headers.first(name: "Content-Length").flatMap { Int($0) }
        if let range = request.range {
            if status == 206 {
                guard let header = headers.first(name: "Content-Range"),
                      let contentRange = ContentRange(headerValue: header), contentRange.matches(range)
                else {
                    let got = headers.first(name: "Content-Range") ?? "none"
                    throw HTTPFetcher.AttemptFailure(
                        error: DownloadError(.badContentRange, subject,
                                             "asked for \(range.httpRangeHeaderValue), got Content-Range: \(got)"),
                        retryable: true)
                }
                if let contentLength, contentLength != range.length {
                    throw HTTPFetcher.AttemptFailure(
                        error: DownloadError(.badContentRange, subject,
                                             "Content-Length \(contentLength) does not match \(range.httpRangeHeaderValue)"),
                        retryable: true)
                }
            } else {
                // 200 to a Range request: the server sent the whole resource (RFC 9110 §14.2 allows
                // ignoring Range). Keep only the requested bytes and stop reading after them.
                onRangeIgnored()
                skip = range.offset
                slicing = true
                if let contentLength, contentLength < range.upperBound {
                    throw HTTPFetcher.AttemptFailure(
                        error: DownloadError(.incompleteBody, subject,
                                             "whole resource is \(contentLength) bytes, shorter than the range end \(range.upperBound)"),
                        retryable: false)
                }
            }
            expected = range.length
        } else {
            guard status == 200 else {
                throw HTTPFetcher.AttemptFailure(
                    error: DownloadError(.badContentRange, subject, "HTTP 206 to a request without Range"),
                    retryable: true)
            }
            expected = contentLength
        }
        if let expected, expected > request.maxBytes {
            throw HTTPFetcher.AttemptFailure(
                error: DownloadError(.tooLarge, subject, "\(expected) bytes, more than the limit of \(request.maxBytes)"),
                retryable: false)
        }
        bytes.reserveCapacity(expected ?? 0)
    }

    /// Records `outcome` and stops the transfer.
    private func finish(_ outcome: Outcome, on task: HTTPClient.Task<Outcome>) -> EventLoopFuture<Void> {
        self.outcome = outcome
        return task.eventLoop.makeFailedFuture(Finished())
    }
}
