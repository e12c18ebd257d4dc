/// A bit-rate adaptation rule: given an ``ABRContext`` for the next segment, the id of the variant to fetch it
/// from. Rules may keep state between calls (hysteresis), so ``choose(_:)`` is mutating.
///
/// Implementations: ``AdaptiveRule`` (the player's); for comparison ``PredictiveRule`` (RobustMPC), ``HlsJsRule``
/// (a model of hls.js) and ``BolaRule`` (buffer-based, alone).
public protocol ABRRule: Sendable {
    /// A short name for tables (`adaptive`, `MPC`, `hls.js-like`, `BOLA`).
    var name: String { get }
    /// The variant id for the next segment; nil only when ``ABRLadder/candidates(_:)`` is empty.
    mutating func choose(_ context: ABRContext) -> Int?
    /// Why the last choice came out as it did, for logs (empty when the rule does not say).
    var lastNote: String { get }
    /// The margins the simulator abandons this rule's downloads with (``AbandonRule/Margins``).
    var abandonMargins: AbandonRule.Margins { get }
}

extension ABRRule {
    /// Rules that do not explain themselves say nothing.
    public var lastNote: String { "" }
    /// The player's margins, unless the rule models a player with its own.
    public var abandonMargins: AbandonRule.Margins { .standard }
}
