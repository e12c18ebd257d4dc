import Foundation
import MPEGTS

/// Decides what to play for a file: the MP3 inside an MPEG-TS, the file itself if it is MP3, or a fallback MP3.
///
/// ```swift
/// let resolver = AudioSourceResolver(fallbackPath: "/usr/share/demo/fallback.mp3")
/// let audio = try resolver.resolve(path: "/tmp/track.ts")
/// // stderr, if the track is AAC: "/tmp/track.ts: audio is AAC (ADTS) in MPEG-TS, not MP3; playing fallback …"
/// ```
public struct AudioSourceResolver: Sendable {
    /// The MP3 played when a file has no playable MPEG audio; `nil` makes such files an error.
    public var fallbackPath: String?
    /// Receives the one-line notice when the fallback is used (default: stderr).
    public var warn: @Sendable (String) -> Void

    /// Creates a resolver.
    public init(fallbackPath: String? = nil, warn: @escaping @Sendable (String) -> Void = StandardError.writeLine) {
        self.fallbackPath = fallbackPath
        self.warn = warn
    }

    /// What a byte buffer contains, as far as playback is concerned.
    public enum Classification: Hashable, Sendable {
        /// MPEG audio frames (optionally after an ID3v2 tag).
        case mp3
        /// MPEG-TS whose first audio stream is MPEG audio; `data` is that elementary stream.
        case transportStreamMP3(pid: UInt16, codec: AudioCodec, data: [UInt8])
        /// Not playable; `reason` says why (e.g. `audio is AAC (ADTS) in MPEG-TS, not MP3`).
        case unplayable(reason: String)
    }

    /// Classifies file contents: MPEG-TS (sync bytes at 0, 188, 376) is demultiplexed; MP3 is recognised by an
    /// ID3v2 tag or two consecutive MPEG audio frame headers.
    public static func classify(_ bytes: [UInt8]) -> Classification {
        if bytes.isEmpty { return .unplayable(reason: "file is empty") }
        if TransportStreamDemuxer.isTransportStream(bytes) {
            do {
                let (stream, codec, data) = try TransportStreamDemuxer.extractAudioStream(from: bytes)
                guard codec.isMPEGAudio else { return .unplayable(reason: "audio is \(codec) in MPEG-TS, not MP3") }
                return .transportStreamMP3(pid: stream.pid, codec: codec, data: data)
            } catch {
                return .unplayable(reason: "MPEG-TS without playable audio (\(error))")
            }
        }
        if MPEGAudioFrameHeader.looksLikeMPEGAudio(bytes) { return .mp3 }
        let head = bytes.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
        return .unplayable(reason: "neither MP3 nor MPEG-TS (starts with \(head))")
    }

    /// Reads `path` and returns the MP3 to play, falling back to ``fallbackPath`` (with one line to ``warn``).
    ///
    /// - Throws: ``AudioPlaybackError/unplayable(path:reason:)`` when the file is unplayable and there is no
    ///   fallback, or ``AudioPlaybackError`` if the fallback itself cannot be read or is not MP3.
    public func resolve(path: String) throws(AudioPlaybackError) -> ResolvedAudio {
        let reason: String
        switch Self.read(path) {
        case .failure(let error):
            reason = "cannot read the file (\(error))"
        case .success(let bytes):
            switch Self.classify(bytes) {
            case .mp3:
                return ResolvedAudio(path: path, mp3: bytes, origin: .mp3File)
            case .transportStreamMP3(let pid, let codec, let data):
                return ResolvedAudio(path: path, mp3: data, origin: .transportStream(pid: pid, codec: codec))
            case .unplayable(let why):
                reason = why
            }
        }
        guard let fallbackPath else { throw .unplayable(path: path, reason: reason) }
        let fallback: [UInt8]
        switch Self.read(fallbackPath) {
        case .failure(let error): throw .unreadableFile(path: fallbackPath, reason: "\(error)")
        case .success(let bytes): fallback = bytes
        }
        guard MPEGAudioFrameHeader.looksLikeMPEGAudio(fallback) else {
            throw .unplayable(path: fallbackPath, reason: "the fallback is not an MP3 file")
        }
        warn("\(path): \(reason); playing fallback \(fallbackPath)")
        return ResolvedAudio(path: fallbackPath, mp3: fallback, origin: .fallback(reason: reason))
    }

    private static func read(_ path: String) -> Result<[UInt8], ReadError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            return .failure(ReadError(message: exists ? "not readable" : "no such file"))
        }
        return .success(Array(data))
    }

    private struct ReadError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
