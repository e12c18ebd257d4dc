/// Which buffs a ``BuffEngine`` requests, and when.
///
/// The seed's schedule is the default: ids 1…5, one request every 30 s from the start, the first at 0 s;
/// after the last id the engine **stops** requesting (``loop`` starts again at the first id, one interval
/// after the last request).
public struct BuffSchedule: Sendable, Equatable {
    /// The buff ids requested, in order (`--ids 1-5`).
    public var ids: [Int]
    /// Time between two requests (`--interval 30`).
    public var interval: Duration
    /// Whether to start again at the first id after the last (`--loop`); off by default.
    public var loop: Bool
    /// How long a request may take before the engine reports it as timed out and ignores its late answer.
    public var fetchDeadline: Duration

    /// A schedule; the defaults are the seed's.
    public init(ids: [Int] = Array(1...5), interval: Duration = .seconds(30), loop: Bool = false,
                fetchDeadline: Duration = .seconds(10)) {
        self.ids = ids
        self.interval = interval
        self.loop = loop
        self.fetchDeadline = fetchDeadline
    }

    /// How long a voted buff stays on screen, frozen, with the chosen answer highlighted (the seed: 2 s).
    public static let voteLinger: Duration = .seconds(2)
}
