import Foundation

/// The state of one parse: tags are fed in playlist order and `finish()` produces the playlist.
/// Media-segment tags accumulate until the URI line they apply to (RFC 8216 §4.3.2).
struct PlaylistBuilder {
    private let url: URL
    private let resolver: URIResolver
    private let maximumSegments: Int

    private var version: (value: Int, line: Int)?
    private var independentSegments = false
    private var firstMasterTag: (name: String, line: Int)?
    private var firstMediaTag: (name: String, line: Int)?

    // Master playlist state.
    private var variants: [VariantStream] = []
    private var renditions: [Rendition] = []
    private var pendingStreamInf: StreamInfTag?

    // Media playlist state.
    private var targetDuration: (value: Int, line: Int)?
    private var mediaSequence: (value: Int, line: Int)?
    private var discontinuitySequence: (value: Int, line: Int)?
    private var playlistType: (value: PlaylistType, line: Int)?
    private var hasEndList = false
    private var segments: [MediaSegment] = []
    private var pendingExtInf: (tag: ExtInfTag, line: Int)?
    private var pendingByteRange: (tag: ByteRangeTag, line: Int)?
    private var pendingDiscontinuity = false
    private var keysSinceLastSegment: [SegmentKey?] = []
    private var currentKey: SegmentKey?
    private var currentMap: InitSection?
    private var currentBitrate: Int?
    private var discontinuityCount = 0
    /// The previous segment's resource and range end, for implicit byte-range offsets (§4.3.2.2).
    private var previousRange: (uri: URL, end: Int)?
    /// Segment URIs already resolved: byte-range playlists repeat one URI for every segment.
    private var segmentURICache: [String: URL] = [:]

    init(url: URL, maximumSegments: Int) {
        self.url = url
        resolver = URIResolver(base: url)
        self.maximumSegments = maximumSegments
    }

    private static func fail(_ line: Int?, _ message: String) -> PlaylistError {
        PlaylistError(line: line, message: message)
    }

    // MARK: - Tags

    mutating func handle(_ tag: PlaylistTag, value: String, line: Int) throws(PlaylistError) {
        try checkKind(tag, line: line)
        switch tag {
        case .extM3U, .programDateTime, .dateRange, .gap, .iFramesOnly, .iFrameStreamInf, .sessionData,
             .sessionKey, .start:
            return  // recognised for the master/media check, otherwise not needed by an audio downloader
        case .version:
            let tagValue = try VersionTag(value: value, line: line)
            try once(version?.line, "EXT-X-VERSION", "§4.3.1.2", line: line)
            version = (tagValue.version, line)
        case .independentSegments:
            independentSegments = true
        case .media:
            renditions.append(try MediaTag(value: value, line: line, resolver: resolver).rendition)
        case .streamInf:
            if let pending = pendingStreamInf {
                throw Self.fail(pending.line, "EXT-X-STREAM-INF is not followed by its URI line (next tag at line \(line)) (RFC 8216 §4.3.4.2)")
            }
            pendingStreamInf = try StreamInfTag(value: value, line: line)
        case .targetDuration:
            let tagValue = try TargetDurationTag(value: value, line: line)
            try once(targetDuration?.line, "EXT-X-TARGETDURATION", "§4.3.3.1", line: line)
            targetDuration = (tagValue.seconds, line)
        case .mediaSequence:
            let tagValue = try MediaSequenceTag(value: value, line: line)
            try once(mediaSequence?.line, "EXT-X-MEDIA-SEQUENCE", "§4.3.3.2", line: line)
            try beforeFirstSegment("EXT-X-MEDIA-SEQUENCE", "§4.3.3.2", line: line)
            mediaSequence = (tagValue.number, line)
        case .discontinuitySequence:
            let tagValue = try DiscontinuitySequenceTag(value: value, line: line)
            try once(discontinuitySequence?.line, "EXT-X-DISCONTINUITY-SEQUENCE", "§4.3.3.3", line: line)
            try beforeFirstSegment("EXT-X-DISCONTINUITY-SEQUENCE", "§4.3.3.3", line: line)
            discontinuitySequence = (tagValue.number, line)
        case .playlistType:
            let tagValue = try PlaylistTypeTag(value: value, line: line)
            try once(playlistType?.line, "EXT-X-PLAYLIST-TYPE", "§4.3.3.5", line: line)
            playlistType = (tagValue.type, line)
        case .endList:
            hasEndList = true
        case .extInf:
            if let pending = pendingExtInf {
                throw Self.fail(pending.line, "EXTINF is not followed by a URI line before the next EXTINF at line \(line) (RFC 8216 §4.3.2.1)")
            }
            pendingExtInf = (try ExtInfTag(value: value, line: line), line)
        case .byteRange:
            if let pending = pendingByteRange {
                throw Self.fail(line, "second EXT-X-BYTERANGE for one segment (first at line \(pending.line)) (RFC 8216 §4.3.2.2)")
            }
            pendingByteRange = (try ByteRangeTag(value: value, line: line), line)
        case .discontinuity:
            pendingDiscontinuity = true
        case .key:
            keysSinceLastSegment.append(try KeyTag(value: value, line: line, resolver: resolver).key)
        case .map:
            var section = try MapTag(value: value, line: line, resolver: resolver).section
            // The key in effect at the EXT-X-MAP tag encrypts the section (§4.3.2.5); SAMPLE-AES and other
            // methods leave the container, and so the section, in the clear.
            applyPendingKeys()
            if let key = currentKey, key.method == .aes128 {
                guard key.iv != nil else {
                    throw Self.fail(line, "EXT-X-MAP follows an AES-128 EXT-X-KEY without IV; an encrypted initialization section requires an explicit IV (RFC 8216 §4.3.2.5)")
                }
                section.key = key
            }
            currentMap = section
        case .bitrate:
            currentBitrate = try BitrateTag(value: value, line: line).bitsPerSecond
        }
    }

    /// Master and media tags MUST NOT be mixed; clients MUST fail to parse such a playlist (RFC 8216 §4.3.4).
    private mutating func checkKind(_ tag: PlaylistTag, line: Int) throws(PlaylistError) {
        switch tag.kind {
        case .master:
            if let media = firstMediaTag {
                throw Self.fail(line, "master playlist tag \(tag.rawValue) in a media playlist (\(media.name) at line \(media.line)) (RFC 8216 §4.3.4)")
            }
            if firstMasterTag == nil { firstMasterTag = (tag.rawValue, line) }
        case .media:
            if let master = firstMasterTag {
                throw Self.fail(line, "media playlist tag \(tag.rawValue) in a master playlist (\(master.name) at line \(master.line)) (RFC 8216 §4.3.4)")
            }
            if firstMediaTag == nil { firstMediaTag = (tag.rawValue, line) }
        case .basic, .either:
            break
        }
    }

    private func once(_ previousLine: Int?, _ name: String, _ section: String, line: Int) throws(PlaylistError) {
        if let previousLine {
            throw Self.fail(line, "\(name) appears more than once (first at line \(previousLine)) (RFC 8216 \(section))")
        }
    }

    private func beforeFirstSegment(_ name: String, _ section: String, line: Int) throws(PlaylistError) {
        if let first = segments.first {
            throw Self.fail(line, "\(name) must appear before the first media segment (line \(first.line)) (RFC 8216 \(section))")
        }
    }

    // MARK: - URI lines

    mutating func handleURI(_ text: String, line: Int) throws(PlaylistError) {
        if let streamInf = pendingStreamInf {
            let uri = try resolver.resolve(text, line: line, what: "variant stream URI", httpOnly: true)
            variants.append(streamInf.variant(uri: uri))
            pendingStreamInf = nil
        } else if let extInf = pendingExtInf {
            try appendSegment(uriText: text, extInf: extInf.tag, line: line)
            pendingExtInf = nil
        } else {
            throw Self.fail(line, "URI line \"\(URIResolver.redacted(text))\" has no EXTINF or EXT-X-STREAM-INF before it (RFC 8216 §4.3.2.1, §4.3.4.2)")
        }
    }

    private mutating func appendSegment(uriText: String, extInf: ExtInfTag, line: Int) throws(PlaylistError) {
        guard segments.count < maximumSegments else {
            throw Self.fail(line, "more than \(maximumSegments) media segments")
        }
        let uri: URL
        if let cached = segmentURICache[uriText] {
            uri = cached
        } else {
            uri = try resolver.resolve(uriText, line: line, what: "segment URI", httpOnly: true)
            if segmentURICache.count < 64 { segmentURICache[uriText] = uri }
        }

        var byteRange: ByteRange?
        if let (tag, tagLine) = pendingByteRange {
            let offset: Int
            if let explicit = tag.offset {
                offset = explicit
            } else if let previous = previousRange, previous.uri == uri {
                offset = previous.end
            } else {
                throw Self.fail(tagLine, "EXT-X-BYTERANGE without offset follows no range of the same resource (RFC 8216 §4.3.2.2)")
            }
            guard let range = ByteRange(checkedLength: tag.length, offset: offset) else {
                throw Self.fail(tagLine, "EXT-X-BYTERANGE offset \(offset) + length \(tag.length) overflows (RFC 8216 §4.3.2.2)")
            }
            byteRange = range
            pendingByteRange = nil
        }

        guard case (let sequenceNumber, false) = (mediaSequence?.value ?? 0).addingReportingOverflow(segments.count)
        else {
            throw Self.fail(line, "media sequence number overflows (RFC 8216 §4.3.3.2)")
        }
        if pendingDiscontinuity {
            discontinuityCount += 1
        }
        guard case (let discontinuityNumber, false) =
            (discontinuitySequence?.value ?? 0).addingReportingOverflow(discontinuityCount)
        else {
            throw Self.fail(line, "discontinuity sequence number overflows (RFC 8216 §4.3.3.3)")
        }
        applyPendingKeys()
        segments.append(MediaSegment(
            uri: uri, duration: extInf.duration, title: extInf.title, byteRange: byteRange,
            sequenceNumber: sequenceNumber, discontinuitySequence: discontinuityNumber, key: currentKey,
            initSection: currentMap, discontinuity: pendingDiscontinuity, bitrate: currentBitrate, line: line))
        pendingDiscontinuity = false
        previousRange = byteRange.map { (uri, $0.upperBound) }
    }

    /// Makes the `EXT-X-KEY` tags seen since the last segment (or `EXT-X-MAP`) the key in effect.
    /// Several in a row offer one key per KEYFORMAT (§4.3.2.4); the identity format is preferred.
    private mutating func applyPendingKeys() {
        guard !keysSinceLastSegment.isEmpty else { return }
        let identity = keysSinceLastSegment.first { $0?.keyFormat == "identity" }
        currentKey = identity ?? keysSinceLastSegment.last ?? nil
        keysSinceLastSegment = []
    }

    // MARK: - End

    func finish() throws(PlaylistError) -> Playlist {
        if let streamInf = pendingStreamInf {
            throw Self.fail(streamInf.line, "EXT-X-STREAM-INF is not followed by its URI line (RFC 8216 §4.3.4.2)")
        }
        if let extInf = pendingExtInf {
            throw Self.fail(extInf.line, "EXTINF is not followed by a URI line (RFC 8216 §4.3.2.1)")
        }
        if let byteRange = pendingByteRange {
            throw Self.fail(byteRange.line, "EXT-X-BYTERANGE applies to no media segment (RFC 8216 §4.3.2.2)")
        }
        if firstMasterTag != nil {
            guard !variants.isEmpty else {
                throw Self.fail(nil, "master playlist has no EXT-X-STREAM-INF variant stream (RFC 8216 §4.3.4.2)")
            }
            return .master(MasterPlaylist(url: url, version: version?.value ?? 1, variants: variants,
                                          renditions: renditions, independentSegments: independentSegments))
        }
        guard firstMediaTag != nil else {
            throw Self.fail(nil, "playlist has neither variant streams (EXT-X-STREAM-INF) nor media segments (EXTINF) (RFC 8216 §4.1)")
        }
        guard let targetDuration else {
            throw Self.fail(nil, "media playlist lacks the required EXT-X-TARGETDURATION tag (RFC 8216 §4.3.3.1)")
        }
        return .media(MediaPlaylist(
            url: url, version: version?.value ?? 1, targetDuration: targetDuration.value,
            mediaSequence: mediaSequence?.value ?? 0, discontinuitySequence: discontinuitySequence?.value ?? 0,
            playlistType: playlistType?.value, hasEndList: hasEndList, independentSegments: independentSegments,
            segments: segments))
    }
}
