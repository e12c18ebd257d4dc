/// One rung of the bit-rate ladder as the ABR sees it: what it costs and what it shows.
///
/// Built from an `EXT-X-STREAM-INF` (RFC 8216 §4.3.4.2): `BANDWIDTH` is the peak bit rate, `AVERAGE-BANDWIDTH` the
/// mean, `RESOLUTION` the picture size; ``isDecodable`` says whether every codec in its `CODECS` can be decoded
/// here (a variant that cannot is never chosen, whatever the bandwidth).
public struct ABRVariant: Equatable, Sendable, CustomStringConvertible {
    /// The caller's identifier of the variant (the index in the master playlist); the ABR answers with it.
    public var id: Int
    /// Peak bit rate in bits per second (`BANDWIDTH`).
    public var bandwidth: Double
    /// Mean bit rate in bits per second (`AVERAGE-BANDWIDTH`), when the playlist gives one.
    public var averageBandwidth: Double?
    /// Picture width in pixels, when known.
    public var width: Int?
    /// Picture height in pixels, when known.
    public var height: Int?
    /// Whether every codec of the variant can be decoded.
    public var isDecodable: Bool

    /// A variant; `averageBandwidth`, `width` and `height` are optional as in the playlist.
    public init(id: Int, bandwidth: Double, averageBandwidth: Double? = nil, width: Int? = nil, height: Int? = nil,
                isDecodable: Bool = true) {
        self.id = id
        self.bandwidth = bandwidth
        self.averageBandwidth = averageBandwidth
        self.width = width
        self.height = height
        self.isDecodable = isDecodable
    }

    /// The mean bit rate when known, else the peak.
    public var meanBandwidth: Double { averageBandwidth ?? bandwidth }

    /// `#2 730k 854x480`.
    public var description: String {
        let size = width.flatMap { w in height.map { "\(w)x\($0)" } } ?? "?x?"
        return "#\(id) \(Int(bandwidth / 1000))k \(size)\(isDecodable ? "" : " (cannot decode)")"
    }
}
