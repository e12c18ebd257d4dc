import Foundation

/// The media a ``LiveStream`` plays in a loop: segments with their durations, in order.
///
/// ```swift
/// let source = LiveSource(segments: [
///     .init(data: firstSegmentBytes, duration: 2.0),
///     .init(data: secondSegmentBytes, duration: 2.0),
/// ])
/// let fromDisk = try LiveSource(playlistFile: "stream/hls_a192K_v4.m3u8")   // a VOD media playlist
/// ```
public struct LiveSource: Sendable, Equatable {
    /// One source segment.
    public struct Segment: Sendable, Equatable {
        /// The segment's bytes (an MPEG transport stream to loop with continuous time stamps).
        public var data: [UInt8]
        /// Its duration in seconds (the `EXTINF` served, unless ``LiveLooping/continuousTimestamps`` measures it).
        public var duration: Double

        /// A segment of `duration` seconds.
        public init(data: [UInt8], duration: Double) {
            self.data = data
            self.duration = duration
        }
    }

    /// The segments in play order.
    public var segments: [Segment]

    /// A source made of `segments`.
    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// The segments of a VOD media playlist on disk: each `EXTINF` with its URI (relative to the playlist's
    /// directory) and optional `EXT-X-BYTERANGE` (`n[@o]`, RFC 8216 §4.3.2.2). Other tags are ignored.
    ///
    /// - Throws: ``LiveSourceError`` when the playlist or a segment file cannot be read, or a range lies
    ///   outside its file.
    public init(playlistFile path: String) throws(LiveSourceError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path)
        }
        let directory = (path as NSString).deletingLastPathComponent
        var files: [String: [UInt8]] = [:]
        var segments: [Segment] = []
        var duration: Double?
        var range: (length: Int, offset: Int?)?
        var nextOffset: [String: Int] = [:]
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#EXTINF:") {
                let value = line.dropFirst("#EXTINF:".count).prefix { $0 != "," }
                guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
                    throw .malformed(path: path, line: number + 1, reason: "EXTINF needs a duration")
                }
                duration = seconds
            } else if line.hasPrefix("#EXT-X-BYTERANGE:") {
                let parts = line.dropFirst("#EXT-X-BYTERANGE:".count).split(separator: "@")
                guard let length = parts.first.flatMap({ Int($0) }), length >= 0,
                      parts.count == 1 || (parts.count == 2 && Int(parts[1]) != nil)
                else {
                    throw .malformed(path: path, line: number + 1, reason: "EXT-X-BYTERANGE must be n[@o]")
                }
                range = (length, parts.count == 2 ? Int(parts[1]) : nil)
            } else if !line.isEmpty, !line.hasPrefix("#") {
                guard let seconds = duration else {
                    throw .malformed(path: path, line: number + 1, reason: "URI without a preceding EXTINF")
                }
                let file = line.hasPrefix("/") ? line : (directory as NSString).appendingPathComponent(line)
                if files[file] == nil {
                    guard let contents = FileManager.default.contents(atPath: file) else { throw .unreadable(path: file) }
                    files[file] = [UInt8](contents)
                }
                let bytes = files[file] ?? []
                var slice = bytes[...]
                if let range {
                    let offset = range.offset ?? nextOffset[file, default: 0]
                    guard offset >= 0, offset + range.length <= bytes.count else {
                        throw .malformed(path: path, line: number + 1,
                                         reason: "byte range \(range.length)@\(offset) lies outside \(file)")
                    }
                    slice = bytes[offset ..< offset + range.length]
                    nextOffset[file] = offset + range.length
                }
                segments.append(Segment(data: Array(slice), duration: seconds))
                duration = nil
                range = nil
            }
        }
        guard !segments.isEmpty else { throw .malformed(path: path, line: nil, reason: "no segments") }
        self.segments = segments
    }
}

/// Why a ``LiveSource`` or a ``LiveStream`` cannot be made.
public enum LiveSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file that does not exist or cannot be read.
    case unreadable(path: String)
    /// A playlist line that cannot be used.
    case malformed(path: String, line: Int?, reason: String)
    /// The source cannot be looped with continuous time stamps; use ``LiveLooping/discontinuity``.
    case cannotRetime(reason: String)
    /// A configuration value out of range.
    case invalidConfiguration(String)

    /// One line saying what is wrong.
    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read \(path)"
        case .malformed(let path, let line, let reason): "\(path)\(line.map { " line \($0)" } ?? ""): \(reason)"
        case .cannotRetime(let reason): "cannot loop with continuous time stamps: \(reason); use discontinuity looping"
        case .invalidConfiguration(let reason): "live stream: \(reason)"
        }
    }
}
