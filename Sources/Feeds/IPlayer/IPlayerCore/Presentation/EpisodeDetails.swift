import FeedCore
import Foundation

/// What the episode details show (seed 002), read from the episode element of the highlights feed:
/// channel, title, subtitle, synopsis, duration, first broadcast, time left to watch, and the image.
///
/// Duration, first broadcast and availability come from ``Episode/preferredVersion`` (the `original`
/// version, else the first listed).
///
/// ```swift
/// let details = EpisodeDetails(episode, now: now)
/// details.durationText    // "59 mins"
/// details.remaining       // "Available for 29 days"
/// ```
public struct EpisodeDetails: Sendable, Hashable {
    /// The episode id.
    public var id: String
    /// The channel (master brand), or `""`.
    public var channel: String
    /// The title.
    public var title: String
    /// The subtitle, `""` when the episode has none.
    public var subtitle: String
    /// The synopsis: medium, else small, else large, else `""`.
    public var synopsis: String
    /// The length in seconds (exact decimal value of the ISO 8601 duration), or `nil` when the feed gives none.
    public var durationSeconds: Double?
    /// The length in words: the feed's `duration.text` (`"59 mins"`), else ``DurationText`` of the value, else `""`.
    public var durationText: String
    /// When it was first broadcast, as the feed words it (`"9pm 1 Jul 2018"`), or `""`.
    public var firstBroadcast: String
    /// How long it can still be watched: the feed's `availability.remaining.text`, else worded from
    /// `availability.end` and `now` (``RemainingTime``), else `""`.
    public var remaining: String
    /// The programme image.
    public var image: ImageTemplate?

    /// The details of `episode`, judged at `now` (for the time left when the feed gives only an end date).
    public init(_ episode: Episode, now: Date) {
        let version = episode.preferredVersion
        id = episode.id
        channel = episode.channel
        title = episode.title
        subtitle = episode.subtitle ?? ""
        synopsis = episode.synopses.preferred
        durationSeconds = version?.duration?.seconds
        durationText = version?.durationText ?? version?.duration.map { DurationText.words($0.duration) } ?? ""
        firstBroadcast = version?.firstBroadcast ?? ""
        remaining = version?.remainingText
            ?? version?.availableUntil.map { RemainingTime.words(until: $0, now: now) } ?? ""
        image = episode.image
    }

    /// The image URL for a picture `width` pixels wide.
    public func imageURL(width: Int) -> URL? {
        image?.url(width: width)
    }
}
