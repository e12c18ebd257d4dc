import Foundation

/// Fetches each AES-128 key once per URI and shares it between the segments that use it.
///
/// Concurrent requests for the same key wait for the one fetch in flight. If a waiter is cancelled the
/// shared fetch is cancelled too: the pipeline only cancels when the whole download stops. A fetch that
/// failed is forgotten, so a later segment (of a live recording) asks again. At most ``capacity`` keys are
/// kept, the oldest forgotten first: a live stream that rotates keys forever keeps memory bounded.
actor KeyStore {
    private let fetcher: HTTPFetcher
    private var keys: [URL: Task<[UInt8], any Error>] = [:]
    private var order: [URL] = []

    /// Most keys kept.
    static let capacity = 64

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
            order.append(uri)
            if order.count > Self.capacity {
                keys[order.removeFirst()] = nil
            }
        }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            forget(uri, ifStill: task)
            throw error
        }
    }

    /// Removes the entry for `uri` if it is still `task`.
    private func forget(_ uri: URL, ifStill task: Task<[UInt8], any Error>) {
        guard keys[uri] == task else { return }
        keys[uri] = nil
        order.removeAll { $0 == uri }
    }
}
