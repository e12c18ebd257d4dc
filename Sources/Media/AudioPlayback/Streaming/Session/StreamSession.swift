import Foundation
import PlayerCore

/// One stream session: reads its source connection by connection, decodes the MP3 as it arrives and writes the
/// PCM into a bounded ``PCMBuffer``; reports what happens as PlayerCore ``StreamEvent``s tagged with its ID.
///
/// Back-pressure runs the whole way: the buffer's writer waits when it is full, so the decoder stops, so the
/// connection is not pulled, so AsyncHTTPClient stops reading and TCP holds the server back. Memory is the
/// buffer, one compressed chunk, and libmpg123's frame.
///
/// A connection that ends without ``AudioStreamElement/end`` or breaks reports
/// ``StreamEvent/connectionLost(_:message:)`` and the session waits for ``connect()`` again; one that cannot be
/// played reports ``StreamEvent/failed(_:message:)``. After ``close()`` nothing more is reported.
final class StreamSession: @unchecked Sendable {
    let id: StreamSessionID
    let buffer: PCMBuffer
    let source: any AudioStreamSource
    private let format: PCMFormat
    private let configuration: StreamEngineConfiguration
    private let events: @Sendable (StreamEvent) -> Void
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private var closed = false
    private var ended = false
    /// The decoder, used by one connection task at a time (each waits for the previous one to finish).
    private var decoder: MP3Decoder?

    init(
        id: StreamSessionID, source: any AudioStreamSource, format: PCMFormat, configuration: StreamEngineConfiguration,
        events: @escaping @Sendable (StreamEvent) -> Void
    ) {
        self.id = id
        self.source = source
        self.format = format
        self.configuration = configuration
        self.events = events
        buffer = PCMBuffer(
            capacityFrames: Int(configuration.bufferSeconds * Double(format.sampleRate)), channels: format.channels)
    }

    /// Whether the source delivered all its audio (a finite stream read to its end).
    var inputEnded: Bool { lock.withLock { ended } }

    /// Starts a connection: the first one, or a reconnection after a reported loss. Ignored once closed or ended.
    func connect() {
        lock.withLock {
            guard !closed, !ended else { return }
            let previous = task
            task = Task { [weak self] in
                // One connection at a time: the previous task may still be finishing after its last report.
                await previous?.value
                await self?.runConnection()
            }
        }
    }

    /// Starts over where the source was repositioned (a seek): cancels the connection, empties the buffer, and
    /// connects again with a fresh decoder, also after the input had ended. Ignored once closed.
    func restart() {
        let previous: Task<Void, Never>? = lock.withLock {
            guard !closed else { return nil }
            ended = false
            let previous = task
            task = Task { [weak self] in
                await previous?.value
                guard let self else { return }
                // The cancelled connection may have written one last block after the buffer was emptied.
                self.buffer.removeAll()
                self.decoder = nil
                await self.runConnection()
            }
            return previous
        }
        previous?.cancel()
        buffer.removeAll()
    }

    /// Ends the session: cancels the connection, closes the buffer; nothing more is reported.
    func close() {
        let running: Task<Void, Never>? = lock.withLock {
            closed = true
            defer { task = nil }
            return task
        }
        running?.cancel()
        buffer.close()
    }

    private func emit(_ event: StreamEvent) {
        guard lock.withLock({ !closed }) else { return }
        events(event)
    }

    private func runConnection() async {
        do {
            let connection = try await source.connect()
            try await read(connection)
        } catch is CancellationError {
            return
        } catch let error as AudioStreamError {
            if Task.isCancelled { return }
            emit(error.isRetryable ? .connectionLost(id, message: error.message) : .failed(id, message: error.message))
        } catch let error as AudioPlaybackError {
            // Undecodable from the start: not an MP3 stream. After audio played: a damaged stretch; reconnecting
            // with a fresh decoder may cure it.
            let decoded = decoder?.decodedFrames ?? 0
            decoder = nil
            if decoded == 0 {
                emit(.failed(id, message: "no MP3 audio in the stream (\(error))"))
            } else {
                emit(.connectionLost(id, message: "\(error)"))
            }
        } catch {
            if Task.isCancelled { return }
            emit(.connectionLost(id, message: "\(error)"))
        }
    }

    private func read(_ connection: any AudioStreamConnection) async throws {
        var undecodable = 0
        while let element = try await connection.next() {
            try Task.checkCancellation()
            switch element {
            case .opened(let details):
                emit(.opened(id, details))
            case .metadata(let metadata):
                emit(.metadata(id, metadata))
            case .discontinuity:
                decoder = nil
            case .audio(let bytes):
                let decoder = try currentDecoder()
                try decoder.feed(bytes)
                let before = decoder.decodedFrames
                guard try await drain(decoder) else { return }
                undecodable = decoder.decodedFrames > before || decoder.decodedFrames > 0 ? 0 : undecodable + bytes.count
                if undecodable > configuration.maximumUndecodableBytes {
                    throw AudioStreamError(retryable: false, "no MP3 audio in the first \(undecodable) bytes of the stream")
                }
            case .end:
                if let decoder { guard try await drain(decoder) else { return } }
                lock.withLock { ended = true }
                emit(.inputEnded(id))
                return
            }
        }
        try Task.checkCancellation()
        throw AudioStreamError(retryable: true, "the server closed the stream")
    }

    private func currentDecoder() throws(AudioPlaybackError) -> MP3Decoder {
        if let decoder { return decoder }
        let fresh = try MP3Decoder(format: format)
        decoder = fresh
        return fresh
    }

    /// Decodes everything fed so far into the buffer; false if the buffer closed meanwhile.
    private func drain(_ decoder: MP3Decoder) async throws -> Bool {
        while let pcm = try decoder.decode(maxFrames: 4096) {
            // Cancelled (a seek or a close): nothing more of the old connection reaches the buffer.
            try Task.checkCancellation()
            guard await buffer.write(pcm) else { return false }
        }
        return true
    }
}
