/// The quality-of-experience score the simulator ranks rules by: the linear QoE of Yin, Jindal, Sekar and
/// Sinopoli, "A Control-Theoretic Approach for Dynamic Adaptive Video Streaming over HTTP" (SIGCOMM 2015, eq. 5),
/// with the weights Pensieve used (Mao, Netravali, Alizadeh, SIGCOMM 2017, "QoE_lin"):
///
///     QoE = Σ_k q(R_k) − λ Σ_k |q(R_{k+1}) − q(R_k)| − μ T_rebuffer − μ_s T_startup
///
/// with q(R) = R in Mbit/s per segment, λ = 1, and μ = μ_s = the ladder's top bit rate in Mbit/s (Pensieve: 4.3
/// for its 4.3 Mbit/s top), so one second of stall costs as much as one segment at the best quality gains.
/// Reported per segment (divided by the number of segments) so that traces of different lengths compare.
public struct QoEModel: Equatable, Sendable {
    /// Weight of a quality change, per Mbit/s of change.
    public var switchPenalty: Double
    /// Weight of a second of stall (Mbit/s).
    public var rebufferPenalty: Double
    /// Weight of a second of start-up delay (Mbit/s).
    public var startupPenalty: Double

    /// Weights; see the type's description for the defaults' sources.
    public init(switchPenalty: Double = 1, rebufferPenalty: Double, startupPenalty: Double? = nil) {
        self.switchPenalty = switchPenalty
        self.rebufferPenalty = rebufferPenalty
        self.startupPenalty = startupPenalty ?? rebufferPenalty
    }

    /// QoE_lin for `stream`: μ = μ_s = its top mean bit rate in Mbit/s.
    public static func linear(for stream: SimulatedStream) -> QoEModel {
        QoEModel(rebufferPenalty: (stream.variants.map(\.meanBandwidth).max() ?? 1e6) / 1e6)
    }

    /// The quality of one segment of `variant`: its mean bit rate in Mbit/s.
    public func quality(_ variant: ABRVariant) -> Double { variant.meanBandwidth / 1e6 }

    /// The per-segment QoE of a played sequence.
    public func score(qualities: [Double], rebuffer: Double, startup: Double) -> Double {
        guard !qualities.isEmpty else { return 0 }
        var total = qualities.reduce(0, +)
        for (a, b) in zip(qualities, qualities.dropFirst()) { total -= switchPenalty * abs(b - a) }
        total -= rebufferPenalty * rebuffer + startupPenalty * startup
        return total / Double(qualities.count)
    }
}
