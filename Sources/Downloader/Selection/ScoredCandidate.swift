/// An audio candidate with the figures behind its rank. Produced by `AudioTrackSelector.rank`.
public struct ScoredCandidate: Sendable, Hashable {
    /// The candidate.
    public var candidate: AudioCandidate
    /// The bit rate (bits per second) the ranking compared, `nil` when nothing is known.
    public var bitrate: Int?
    /// Where `bitrate` came from.
    public var bitrateSource: BitrateSource
    /// Every figure known for the candidate, whether or not it decided the rank.
    public var figures: Figures
    /// One human sentence: the figure used, where it came from, and the tie-breakers.
    public var explanation: String

    /// All bit-rate figures known for a candidate, in bits per second.
    public struct Figures: Sendable, Hashable {
        /// From byte ranges of its media playlist.
        public var measuredByteRanges: Int?
        /// From `EXT-X-BITRATE` tags of its media playlist.
        public var extXBitrate: Int?
        /// From variant `BANDWIDTH`.
        public var variantBandwidth: Int?
        /// From its name or URI.
        public var nameHint: Int?

        /// Creates a set of figures.
        public init(measuredByteRanges: Int? = nil, extXBitrate: Int? = nil, variantBandwidth: Int? = nil,
                    nameHint: Int? = nil) {
            self.measuredByteRanges = measuredByteRanges
            self.extXBitrate = extXBitrate
            self.variantBandwidth = variantBandwidth
            self.nameHint = nameHint
        }

        /// The figure from `source` (`nil` for `.unknown`).
        public func value(for source: BitrateSource) -> Int? {
            switch source {
            case .measuredByteRanges: return measuredByteRanges
            case .extXBitrate: return extXBitrate
            case .variantBandwidth: return variantBandwidth
            case .nameHint: return nameHint
            case .unknown: return nil
            }
        }

        /// The most reliable figure known.
        public var best: (value: Int, source: BitrateSource)? {
            for source in BitrateSource.allCases { if let value = value(for: source) { return (value, source) } }
            return nil
        }
    }

    /// Creates a scored candidate.
    public init(candidate: AudioCandidate, bitrate: Int?, bitrateSource: BitrateSource, figures: Figures,
                explanation: String) {
        self.candidate = candidate
        self.bitrate = bitrate
        self.bitrateSource = bitrateSource
        self.figures = figures
        self.explanation = explanation
    }
}
