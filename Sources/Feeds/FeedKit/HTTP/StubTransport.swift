import FeedCore
import Foundation

/// An ``HTTPTransport`` for unit tests: answers from a table or a closure, and records every request.
///
/// ```swift
/// let stub = StubTransport([
///     "http://ibl.test/ibl/v1/categories?rights=mobile": .json(#"{"categories": []}"#),
///     "http://ibl.test/gone": .status(404, body: #"{"error": {"details": "gone"}}"#),
///     "http://ibl.test/slow": .failure(.timeout),
/// ])
/// … run the client …
/// await stub.requests.map(\.url.absoluteString)   // what was asked, in order
/// ```
///
/// URLs not in the table get 404 with an empty body. The body cap is applied as the real transport does.
public actor StubTransport: HTTPTransport {
    /// One canned answer.
    public enum Reply: Sendable {
        /// A response.
        case response(TransportResponse)
        /// A transport failure.
        case failure(TransportError)

        /// 200 with a JSON body.
        public static func json(_ text: String) -> Reply {
            .response(TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8)))
        }

        /// `status` with a body.
        public static func status(_ status: Int, body: String = "", headers: HeaderFields = HeaderFields()) -> Reply {
            .response(TransportResponse(status: status, headers: headers, body: Data(body.utf8)))
        }

        /// A redirect to `location`.
        public static func redirect(_ status: Int = 302, to location: String) -> Reply {
            .response(TransportResponse(status: status, headers: ["Location": location]))
        }
    }

    private let answer: @Sendable (TransportRequest) -> Reply
    /// Every request received, in order.
    public private(set) var requests: [TransportRequest] = []

    /// A stub answering with `answer(request)`.
    public init(_ answer: @escaping @Sendable (TransportRequest) -> Reply) {
        self.answer = answer
    }

    /// A stub answering from `table`, keyed by absolute URL text; others get 404.
    public init(_ table: [String: Reply]) {
        self.init { request in table[request.url.absoluteString] ?? .status(404) }
    }

    /// Records `request` and returns its canned answer.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        requests.append(request)
        switch answer(request) {
        case .response(let response):
            if response.body.count > request.maxBodyBytes {
                throw TransportError.tooLarge(limit: request.maxBodyBytes)
            }
            return response
        case .failure(let error):
            throw error
        }
    }
}
