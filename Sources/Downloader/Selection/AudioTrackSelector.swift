import Foundation

/// Chooses the highest-quality audio track of a master playlist, in two pure phases so the caller can load
/// media playlists in between:
///
/// ```swift
/// let candidates = try AudioTrackSelector.candidates(in: master)
/// var media: [URL: MediaPlaylist] = [:]   // load each candidate.uri and parse it
/// let ranked = AudioTrackSelector.rank(candidates, mediaPlaylists: media)
/// let best = ranked[0]                    // best first; best.explanation says why
/// ```
///
/// Quality is the audio bit rate. `DEFAULT` and `AUTOSELECT` are playback hints and are ignored. A track the
/// playlist says is audio (a rendition, or `CODECS` that are all audio) always beats one guessed from its URI
/// (``AudioAdmission``).
public enum AudioTrackSelector {
    /// The `CHARACTERISTICS` value of audio-description tracks (RFC 8216 §4.3.4.1).
    public static let describesVideoCharacteristic = "public.accessibility.describes-video"

    /// The downloadable audio tracks of `master`: `EXT-X-MEDIA TYPE=AUDIO` renditions with a `URI`, and
    /// audio-only variants (see ``admission(of:)``). A URI listed twice yields one candidate (the rendition
    /// wins). Each candidate says why it was admitted (``AudioCandidate/admission``).
    /// - Throws: `SelectionError.audioOnlyInVideoVariants` when there is none.
    public static func candidates(in master: MasterPlaylist) throws(SelectionError) -> [AudioCandidate] {
        let audioRenditions = master.renditions.filter { $0.type == .audio }
        var result: [AudioCandidate] = []
        var seen = Set<URL>()
        for rendition in audioRenditions {
            guard let uri = rendition.uri, seen.insert(uri).inserted else { continue }
            let referencing = master.variants.filter { $0.audioGroupID == rendition.groupID }
            let audioCodecs = Set(referencing.flatMap { $0.codecs.filter(AudioCodec.isAudio) })
            let text = rendition.name + " " + uri.lastPathComponent
            result.append(AudioCandidate(
                name: rendition.name, groupID: rendition.groupID, language: rendition.language, uri: uri,
                channels: rendition.channels.flatMap(leadingInteger),
                codec: audioCodecs.count == 1 ? audioCodecs.first : nil,
                source: .rendition,
                bandwidthHint: referencing.map(\.bandwidth).min(),
                nameHint: QualityHints.bitrate(in: rendition.name) ?? QualityHints.bitrate(in: uri.lastPathComponent),
                sampleRateHint: QualityHints.sampleRate(in: text),
                isDefault: rendition.isDefault,
                describesVideo: rendition.characteristics.contains(describesVideoCharacteristic),
                line: rendition.line, admission: .audioRendition))
        }
        for variant in master.variants {
            guard let admission = admission(of: variant), seen.insert(variant.uri).inserted else { continue }
            let audioCodecs = Set(variant.codecs)
            let name = variant.uri.lastPathComponent
            let group = variant.audioGroupID.flatMap { id in audioRenditions.first { $0.groupID == id } }
            result.append(AudioCandidate(
                name: name, groupID: variant.audioGroupID, language: group?.language, uri: variant.uri,
                channels: group?.channels.flatMap(leadingInteger),
                codec: audioCodecs.count == 1 ? audioCodecs.first : nil,
                source: .variant, bandwidthHint: variant.bandwidth,
                nameHint: QualityHints.bitrate(in: name),
                sampleRateHint: QualityHints.sampleRate(in: name),
                line: variant.line, admission: admission))
        }
        guard !result.isEmpty else {
            throw .audioOnlyInVideoVariants(renditionLines: audioRenditions.map(\.line))
        }
        return result
    }

    /// Whether a variant carries audio only (``admission(of:)`` is not `nil`).
    public static func isAudioOnly(_ variant: VariantStream) -> Bool {
        admission(of: variant) != nil
    }

    /// Why a variant counts as audio only, or `nil` when it does not:
    /// - with `CODECS`: every entry is an audio codec (``AudioAdmission/audioCodecs(_:)``), whatever its URI
    ///   says; one video codec excludes it;
    /// - without `CODECS`, a guess (``AudioAdmission/uriGuess(hint:)``), made only when nothing says video: no
    ///   `RESOLUTION`, no `FRAME-RATE`, no `VIDEO` group, and no video word in the URI's path (``VideoHints``:
    ///   `video`, `audio-video`, `av`, `avc`, `h264`, a resolution such as `1280x720` or `720p`, ...); and the
    ///   path says audio (`audio`, `aac`, `mp3`, `opus`, `flac`) or its file name a bit rate (`128k`).
    ///
    /// So RFC 8216 §8.5's `low/audio-video.m3u8` is no audio track, while `audio-only.m3u8` with
    /// `CODECS="mp4a.40.5"` is one.
    public static func admission(of variant: VariantStream) -> AudioAdmission? {
        if !variant.codecs.isEmpty {
            return variant.codecs.allSatisfy(AudioCodec.isAudio) ? .audioCodecs(variant.codecs) : nil
        }
        guard variant.resolution == nil, variant.frameRate == nil, variant.videoGroupID == nil else { return nil }
        let path = variant.uri.path.lowercased()
        guard VideoHints.word(in: path) == nil else { return nil }
        if let word = ["audio", "aac", "mp3", "opus", "flac"].first(where: { path.contains($0) }) {
            return .uriGuess(hint: word)
        }
        if let bitrate = QualityHints.bitrate(in: variant.uri.lastPathComponent) {
            return .uriGuess(hint: CandidateTable.kbps(bitrate))
        }
        return nil
    }

    /// Ranks candidates, best first.
    ///
    /// Figures per candidate, most reliable first: byte ranges measured from its media playlist (if given in
    /// `mediaPlaylists`, keyed by `candidate.uri`), `EXT-X-BITRATE`, the `BANDWIDTH` hint, a name hint.
    /// To compare like with like, all candidates are compared by the most reliable source that **every**
    /// candidate has, then by each less reliable source in turn (a missing figure counts as 0). If no source
    /// is common to all, each candidate's own best figure is compared. Ties go to more channels, then higher
    /// sample rate, then codec (`AudioCodec.rank`), then playlist order.
    ///
    /// Before any figure: audio-description tracks (`describesVideo`) come after all others, then tracks
    /// only guessed to be audio (``AudioAdmission/isKnown`` is false) after every known one, whatever their
    /// bit rates: a guessed variant's `BANDWIDTH` may include video, and may be 100 times a real audio
    /// track's.
    public static func rank(_ candidates: [AudioCandidate], mediaPlaylists: [URL: MediaPlaylist] = [:])
        -> [ScoredCandidate]
    {
        let figures = candidates.map { candidate in
            let media = mediaPlaylists[candidate.uri]
            return ScoredCandidate.Figures(
                measuredByteRanges: media.flatMap(BitrateMeasurement.byteRangeBitrate),
                extXBitrate: media.flatMap(BitrateMeasurement.extXBitrate),
                variantBandwidth: candidate.bandwidthHint,
                nameHint: candidate.nameHint)
        }
        let rankedSources = BitrateSource.allCases.filter { $0 != .unknown }
        let common = rankedSources.first { source in figures.allSatisfy { $0.value(for: source) != nil } }

        struct Entry {
            let index: Int
            let scored: ScoredCandidate
            let key: [Int]
        }
        var entries: [Entry] = []
        for (index, candidate) in candidates.enumerated() {
            let figure = figures[index]
            let used: (value: Int, source: BitrateSource)? = common.flatMap { source in
                figure.value(for: source).map { ($0, source) }
            } ?? figure.best
            var key = [candidate.describesVideo ? 0 : 1, candidate.admission.isKnown ? 1 : 0]
            if let common {
                let from = rankedSources.firstIndex(of: common) ?? 0
                key += rankedSources[from...].map { figure.value(for: $0) ?? 0 }
            } else {
                key.append(used?.value ?? -1)
            }
            key += [candidate.channels ?? 0, candidate.sampleRateHint ?? 0, AudioCodec.rank(candidate.codec)]
            let explanation = explain(candidate, used: used, common: common)
            entries.append(Entry(
                index: index,
                scored: ScoredCandidate(candidate: candidate, bitrate: used?.value,
                                        bitrateSource: used?.source ?? .unknown, figures: figure,
                                        explanation: explanation),
                key: key))
        }
        entries.sort { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key.lexicographicallyPrecedes(rhs.key) == false }
            return lhs.index < rhs.index
        }
        return entries.map(\.scored)
    }

    private static func explain(_ candidate: AudioCandidate, used: (value: Int, source: BitrateSource)?,
                                common: BitrateSource?) -> String {
        var parts: [String] = []
        if !candidate.admission.isKnown {
            parts.append("only \(candidate.admission), ranked after every known audio track")
        }
        if let used {
            let basis = common == nil ? "its best figure (no source is known for every track)"
                : "the most reliable source known for every track"
            parts.append("\(formatKbps(used.value)) from \(used.source.label), \(basis)")
        } else {
            parts.append("bit rate unknown")
        }
        parts.append(candidate.channels.map { "\($0) channel(s)" } ?? "channels unknown")
        if let rate = candidate.sampleRateHint { parts.append("\(rate) Hz (from name)") }
        parts.append("codec " + (candidate.codec ?? "unknown"))
        if candidate.describesVideo { parts.append("audio description, used only if nothing else") }
        if candidate.isDefault { parts.append("DEFAULT=YES (a playback hint, not quality)") }
        return parts.joined(separator: "; ")
    }

    /// `256000` → `"256 kbit/s"`; below 10 kbit/s one decimal.
    public static func formatKbps(_ bitsPerSecond: Int) -> String {
        let kilobits = Double(bitsPerSecond) / 1000
        if kilobits < 10 { return String(format: "%.1f kbit/s", kilobits) }
        return "\(Int(kilobits.rounded())) kbit/s"
    }

    /// Keeps the candidates matching every given filter, case-insensitively: `name` and `groupID` exactly,
    /// `language` exactly or by primary subtag (`en` matches `en-US`). `nil` filters are not applied.
    /// - Throws: `SelectionError.noMatch` listing every candidate when nothing matches.
    public static func filter(_ candidates: [AudioCandidate], name: String? = nil, language: String? = nil,
                              groupID: String? = nil) throws(SelectionError) -> [AudioCandidate] {
        func same(_ lhs: String?, _ rhs: String) -> Bool { lhs?.lowercased() == rhs.lowercased() }
        let matches = candidates.filter { candidate in
            if let name, !same(candidate.name, name) { return false }
            if let groupID, !same(candidate.groupID, groupID) { return false }
            if let language {
                let wanted = language.lowercased()
                let have = candidate.language?.lowercased() ?? ""
                if have != wanted, have.split(separator: "-").first.map(String.init) != wanted { return false }
            }
            return true
        }
        guard matches.isEmpty else { return matches }
        var filters: [String] = []
        if let name { filters.append("name \"\(name)\"") }
        if let language { filters.append("language \"\(language)\"") }
        if let groupID { filters.append("group \"\(groupID)\"") }
        let available = candidates.map { candidate in
            "name \"\(candidate.name)\", language \(candidate.language.map { "\"\($0)\"" } ?? "none"), group "
                + (candidate.groupID.map { "\"\($0)\"" } ?? "none")
        }
        throw .noMatch(filter: filters.joined(separator: " and "), available: available)
    }

    /// Leading decimal integer of a `CHANNELS` value (`"6"` → 6, `"16/JOC"` → 16).
    static func leadingInteger(_ text: String) -> Int? {
        Int(text.prefix { $0.isASCII && $0.isNumber }.prefix(6))
    }
}
