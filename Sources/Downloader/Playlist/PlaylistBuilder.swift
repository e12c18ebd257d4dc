import Foundation

/// The state of one parse: tags are fed in playlist order and `finish()` produces the playlist.
/// Media-segment tags accumulate until the URI line they apply to (RFC 8216 §4.3.2).
struct PlaylistBuilder {
    private let url: URL
    private let maximumSegments: Int
    /// URI resolution, variables defined so far, warnings so far.
    private var scope: TagScope
    /// The variables of the master playlist that loaded this one, for `EXT-X-DEFINE:IMPORT`; `nil` when the
    /// playlist was not loaded through a master playlist (rfc8216bis §4.4.2.3).
    private let masterVariables: [String: String]?
    /// Line of the first `EXT-X-DEFINE:IMPORT`: master playlists must not have one.
    private var firstImportLine: Int?

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

    init(url: URL, maximumSegments: Int, masterVariables: [String: String]? = nil) {
        self.url = url
        scope = TagScope(resolver: URIResolver(base: url))
        self.maximumSegments = maximumSegments
        self.masterVariables = masterVariables
    }

    /// Records a warning found outside a tag (e.g. by the line reader).
    mutating func warn(_ kind: PlaylistWarning.Kind, line: Int?, rule: String, _ message: String) {
        scope.warn(kind, line: line, rule: rule, message)
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
        case .define:
            try define(DefineTag(value: value, line: line, scope: &scope).definition, line: line)
        case .version:
            let tagValue = try VersionTag(value: value, line: line)
            try once(version?.line, "EXT-X-VERSION", "§4.3.1.2", line: line)
            version = (tagValue.version, line)
        case .independentSegments:
            independentSegments = true
        case .media:
            renditions.append(try MediaTag(value: value, line: line, scope: &scope).rendition)
        case .streamInf:
            if let pending = pendingStreamInf {
                throw Self.fail(pending.line, "EXT-X-STREAM-INF is not followed by its URI line (next tag at line \(line)) (RFC 8216 §4.3.4.2)")
            }
            pendingStreamInf = try StreamInfTag(value: value, line: line, scope: &scope)
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
            keysSinceLastSegment.append(try KeyTag(value: value, line: line, scope: &scope).key)
        case .map:
            var section = try MapTag(value: value, line: line, scope: &scope).section
            // The key in effect at the EXT-X-MAP tag encrypts the section (§4.3.2.5); SAMPLE-AES and other
            // methods leave the container, and so the section, in the clear.
            applyPendingKeys()
            if var key = currentKey, key.method == .aes128 {
                if key.iv == nil {
                    // §4.3.2.5 requires an explicit IV here (a section has no media sequence number to derive
                    // one from). hls.js decrypts such a section with IV 0 and warns "missing IV for
                    // initialization segment ... compliance issue" (`LevelKey.getDecryptData` in
                    // src/loader/level-key.ts); doing the same makes the section's bytes match what players
                    // play. Setting it here keeps the rest of the downloader unaware of the quirk.
                    key.iv = [UInt8](repeating: 0, count: 16)
                    scope.warn(.initSectionWithoutIV, line: line, rule: "RFC 8216 §4.3.2.5",
                               "EXT-X-MAP follows an AES-128 EXT-X-KEY without IV; the initialization section is decrypted with IV 0, as hls.js does")
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

    /// `EXT-X-DEFINE` (rfc8216bis §4.4.2.3): adds the variable to the table.
    private mutating func define(_ definition: DefineTag.Definition, line: Int) throws(PlaylistError) {
        switch definition {
        case .value(let name, let value):
            try scope.variables.define(name, value: value, line: line)
        case .imported(let name):
            if let master = firstMasterTag {
                throw Self.fail(line, "EXT-X-DEFINE IMPORT is for media playlists, but this is a master playlist (\(master.name) at line \(master.line)) (rfc8216bis §4.4.2.3)")
            }
            guard let masterVariables else {
                throw Self.fail(line, "EXT-X-DEFINE IMPORT=\"\(name)\" imports from the master playlist, but this playlist was not loaded through one (rfc8216bis §4.4.2.3)")
            }
            guard let value = masterVariables[name] else {
                throw Self.fail(line, "EXT-X-DEFINE IMPORT=\"\(name)\": the master playlist defines no variable \"\(name)\" (rfc8216bis §4.4.2.3)")
            }
            if firstImportLine == nil { firstImportLine = line }
            try scope.variables.define(name, value: value, line: line)
        case .queryParameter(let name):
            let values = Self.queryValues(named: name, in: url)
            guard let value = values.first else {
                throw Self.fail(line, "EXT-X-DEFINE QUERYPARAM=\"\(name)\": the playlist URL has no query parameter \"\(name)\" (rfc8216bis §4.4.2.3)")
            }
            if Set(values).count > 1 {
                scope.warn(.repeatedQueryParameter, line: line, rule: "rfc8216bis §4.4.2.3",
                           "EXT-X-DEFINE QUERYPARAM=\"\(name)\": the playlist URL has \(values.count) different values for it; the first is used, as hls.js's URLSearchParams.get does")
            }
            try scope.variables.define(name, value: value, line: line)
        }
    }

    /// The values of the query parameters called `name` in `url`'s query, in order, as written: still
    /// percent-encoded, so that substituting one into a URI reproduces the original bytes exactly. (hls.js
    /// decodes them through `URLSearchParams.get`, which also turns `+` into a space; a decoded `&` or `#`
    /// would change the meaning of the URI it is put in.) Names are compared after percent-decoding.
    static func queryValues(named name: String, in url: URL) -> [String] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else {
            return []
        }
        return query.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            guard (key.removingPercentEncoding ?? key) == name else { return nil }
            return parts.count == 2 ? String(parts[1]) : ""
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
            let uri = try scope.resolve(text, line: line, what: "variant stream URI", httpOnly: true)
            variants.append(streamInf.variant(uri: uri))
            pendingStreamInf = nil
        } else if let extInf = pendingExtInf {
            try appendSegment(uriText: text, extInf: extInf.tag, line: line)
            pendingExtInf = nil
        } else if let master = firstMasterTag {
            // A URI line after EXT-X-MEDIA or EXT-X-I-FRAME-STREAM-INF (seen in rutgersc/m3u8-rs's
            // sample-playlists/masterplaylist.m3u8). hls.js reads a master playlist by regular expression and
            // never looks at such a line; no variant depends on it, so no byte of a download can.
            scope.warn(.strayURIInMaster, line: line, rule: "RFC 8216 §4.3.4.2",
                       "URI line \"\(URIResolver.redacted(text))\" in a master playlist (\(master.name) at line \(master.line)) follows no EXT-X-STREAM-INF; ignored")
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
            uri = try scope.resolve(uriText, line: line, what: "segment URI", httpOnly: true)
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
        var warnings = scope.warnings
        if let streamInf = pendingStreamInf {
            throw Self.fail(streamInf.line, "EXT-X-STREAM-INF is not followed by its URI line (RFC 8216 §4.3.4.2)")
        }
        if firstMediaTag != nil, !hasEndList, pendingExtInf != nil || pendingByteRange != nil {
            // A live playlist caught while the packager was appending a segment: its EXTINF (or
            // EXT-X-BYTERANGE) is written, its URI line not yet. The segment cannot be fetched, and the next
            // reload lists it whole, so leave it out. hls.js does the same without a word (it pushes a
            // fragment only when its URI line arrives, `parseLevelPlaylist` in src/loader/m3u8-parser.ts).
            // With EXT-X-ENDLIST the list is final and a segment would be missing: that stays an error.
            let line = [pendingExtInf?.line, pendingByteRange?.line].compactMap { $0 }.min()
            warnings.append(PlaylistWarning(
                kind: .lastSegmentWithoutURI, line: line, rule: "RFC 8216 §4.3.2.1",
                message: "the last media segment has no URI line yet (a live playlist read while being written); it is left out until a reload lists it whole"))
        } else {
            if let extInf = pendingExtInf {
                throw Self.fail(extInf.line, "EXTINF is not followed by a URI line (RFC 8216 §4.3.2.1)")
            }
            if let byteRange = pendingByteRange {
                throw Self.fail(byteRange.line, "EXT-X-BYTERANGE applies to no media segment (RFC 8216 §4.3.2.2)")
            }
        }
        warnings = warnings.map { warning in
            var located = warning
            located.url = url
            return located
        }
        if let master = firstMasterTag {
            if let importLine = firstImportLine {
                throw Self.fail(importLine, "EXT-X-DEFINE IMPORT is for media playlists, but this is a master playlist (\(master.name) at line \(master.line)) (rfc8216bis §4.4.2.3)")
            }
            guard !variants.isEmpty else {
                throw Self.fail(nil, "master playlist has no EXT-X-STREAM-INF variant stream (RFC 8216 §4.3.4.2)")
            }
            return .master(MasterPlaylist(url: url, version: version?.value ?? 1, variants: variants,
                                          renditions: renditions, independentSegments: independentSegments,
                                          variables: scope.variables.values, warnings: warnings))
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
            segments: segments, variables: scope.variables.values, warnings: warnings))
    }
}
