import Foundation

/// Fetches an HLS stream piece by piece for a player that chooses the pieces itself (VideoPlayback's engine
/// switches variants between segments, which a whole-file download cannot): playlists, media segments and their
/// `EXT-X-MAP` init sections, whole or by byte range, AES-128 decrypted — with the same requests, redirects,
/// limits, retries and error messages as a download (``DownloadConfiguration``), on the ``HLSDownloader``'s
/// connection pool. Every call is independent and may run concurrently; cancelling the calling task cancels
/// its request.
///
/// ```swift
/// let loader = HLSMediaLoader(downloader: downloader)
/// guard case .media(let media) = try await loader.playlist(at: url) else { ... }
/// let segment = media.segments[0]
/// let initBytes = try await segment.initSection.map { try await loader.initSection($0, sequenceNumber: segment.sequenceNumber) }
/// let bytes = try await loader.segment(segment, label: 0) { received in meter.received(0, bytes: received, at: now()) }
/// ```
///
/// Errors are ``DownloadError``s naming what failed and where: `segment 3 (http://h/v1/seg03.ts): HTTP 404 Not
/// Found`, `playlist http://h/master.m3u8 line 4: …`.
public final class HLSMediaLoader: Sendable {
    private let fetcher: HTTPFetcher
    private let keys: KeyStore
    private let configuration: DownloadConfiguration

    /// A loader on `downloader`'s connection pool and configuration (shut the downloader down after the last use).
    public init(downloader: HLSDownloader) {
        configuration = downloader.configuration
        fetcher = HTTPFetcher(client: downloader.client, configuration: downloader.configuration, logger: downloader.logger)
        keys = KeyStore(fetcher: fetcher)
    }

    /// The playlist at `url`, parsed (RFC 8216), its relative URIs resolved against the URL that finally served
    /// it. `masterVariables`: the master playlist's variables, for a media playlist's `EXT-X-DEFINE:IMPORT`.
    /// `maxAttempts` bounds the attempts (default: the configuration's); a 4xx fails at once.
    public func playlist(at url: URL, masterVariables: [String: String]? = nil, maxAttempts: Int? = nil) async throws -> Playlist {
        let loader = PlaylistLoader(fetcher: fetcher, configuration: configuration)
        return try await loader.load(url, masterVariables: masterVariables, maxAttempts: maxAttempts).playlist
    }

    /// The bytes of `segment` (its byte range if it has one), decrypted when an AES-128 key is in effect (IV: the
    /// key's, or the media sequence number, RFC 8216 §5.2). `label` names it in errors (its index or sequence
    /// number); `progress` is told the size of every chunk as it arrives (before decryption, including attempts
    /// that fail and are retried).
    public func segment(_ segment: MediaSegment, label: Int, maxAttempts: Int? = nil,
                        progress: (@Sendable (Int) -> Void)? = nil) async throws -> [UInt8] {
        let request = FetchRequest(url: segment.uri, range: segment.byteRange, maxBytes: configuration.maxSegmentBytes) {
            .segment(index: label, url: $0, byteRange: segment.byteRange)
        }
        let body = try await fetcher.fetch(request, meter: BufferMeter(onAdd: progress), maxAttempts: maxAttempts).bytes
        guard let key = segment.key else { return body }
        return try await decrypt(body, key: key, iv: key.initializationVector(forSequenceNumber: segment.sequenceNumber),
                                 subject: .segment(index: label, url: segment.uri.redactedString, byteRange: segment.byteRange))
    }

    /// The bytes of an `EXT-X-MAP` init section, decrypted with the key in effect at its tag (whose IV is explicit,
    /// RFC 8216 §4.3.2.5; `sequenceNumber` only matters when it is not).
    public func initSection(_ section: InitSection, sequenceNumber: Int, maxAttempts: Int? = nil) async throws -> [UInt8] {
        let request = FetchRequest(url: section.uri, range: section.byteRange, maxBytes: configuration.maxSegmentBytes) {
            .initSection(url: $0, byteRange: section.byteRange)
        }
        let body = try await fetcher.fetch(request, maxAttempts: maxAttempts).bytes
        guard let key = section.key else { return body }
        return try await decrypt(body, key: key, iv: key.initializationVector(forSequenceNumber: sequenceNumber),
                                 subject: .initSection(url: section.uri.redactedString, byteRange: section.byteRange))
    }

    private func decrypt(_ ciphertext: [UInt8], key: SegmentKey, iv: [UInt8], subject: DownloadError.Subject) async throws -> [UInt8] {
        guard key.method == .aes128, key.keyFormat == "identity" else {
            throw DownloadError(.unsupportedEncryption, subject,
                                "\(key.method) with KEYFORMAT \"\(key.keyFormat)\" is not supported (AES-128 only)")
        }
        let keyBytes = try await keys.key(at: key.uri)
        return try SegmentDecryptor.decrypt(ciphertext, key: keyBytes, iv: iv, subject: subject)
    }
}
