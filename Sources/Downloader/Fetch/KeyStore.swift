import Foundation

/// Fetches each AES-128 key once per URI and shares it between the segments that use it.
///
/// Concurrent requests for the same key wait for the one fetch in flight. If a waiter is cancelled the
/// shared fetch is cancelled too: the pipeline only cancels when the whole download stops.
actor KeyStore {
    private let fetcher: HTTPFetcher
    private var keys: [URL: Task<[UInt8], any Error>] = [:]

    init(fetcher: HTTPFetcher) {
        self.fetcher = fetcher
    }

    /// The 16 key bytes at `uri`.
    func key(at uri: URL) async throws -> [UInt8] {
        let task: Task<[UInt8], any Error>
        if let existing = keys[uri] {
            task = existing
        } else {
            let fetcher = fetcher
            task = Task {
                let request = FetchRequest(url: uri, range: nil, maxBytes: 1024) { .key(url: $0) }
                let body = try await fetcher.fetch(request)
                guard body.bytes.count == SegmentDecryptor.keySize else {
                    throw DownloadError(.invalidKey, .key(url: body.finalURL.redactedString),
                                        "AES-128 key is \(body.bytes.count) bytes, not 16 (RFC 8216 §5.2)")
                }
                return body.bytes
            }
            keys[uri] = task
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
