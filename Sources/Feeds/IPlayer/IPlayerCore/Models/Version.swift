import FeedCore
import Foundation

/// One version of an episode (original, audio-described, signed, editorial…), with its duration,
/// availability and first broadcast.
///
/// ```json
/// {"id": "b0bb8kkr", "kind": "original",
///  "duration": {"text": "59 mins", "value": "PT58M34.440S"},
///  "availability": {"start": "2018-07-01T21:00:00Z", "end": "2018-07-31T21:00:00Z",
///                   "remaining": {"text": "Available for 29 days"}},
///  "first_broadcast": "9pm 1 Jul 2018"}
/// ```
///
/// Every field is optional; a `duration.value` or an availability date that is present but malformed is a
/// decoding error naming its path (`…versions[0].duration.value`).
public struct Version: Sendable, Hashable, Decodable {
    /// The version id.
    public var id: String?
    /// `"original"`, `"audio-described"`, `"signed"`, `"editorial"`, …
    public var kind: String?
    /// The length, from `duration.value` (ISO 8601).
    public var duration: ISO8601Duration?
    /// The length as iBL words it, from `duration.text` (`"59 mins"`).
    public var durationText: String?
    /// `availability.remaining.text`, e.g. `"Available for 29 days"`.
    public var remainingText: String?
    /// `availability.start`.
    public var availableFrom: Date?
    /// `availability.end`: when the version stops being available.
    public var availableUntil: Date?
    /// `first_broadcast` as sent, e.g. `"9pm 1 Jul 2018"` (free text, kept as it is).
    public var firstBroadcast: String?

    /// A version; see the properties.
    public init(id: String? = nil, kind: String? = nil, duration: ISO8601Duration? = nil, durationText: String? = nil,
                remainingText: String? = nil, availableFrom: Date? = nil, availableUntil: Date? = nil,
                firstBroadcast: String? = nil) {
        self.id = id
        self.kind = kind
        self.duration = duration
        self.durationText = durationText
        self.remainingText = remainingText
        self.availableFrom = availableFrom
        self.availableUntil = availableUntil
        self.firstBroadcast = firstBroadcast
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, duration, availability
        case firstBroadcast = "first_broadcast"
    }

    private enum DurationKeys: String, CodingKey {
        case text, value
    }

    private enum AvailabilityKeys: String, CodingKey {
        case start, end, remaining
    }

    private enum RemainingKeys: String, CodingKey {
        case text
    }

    /// Decodes a version; see the type's description.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeText(forKey: .id)
        kind = try container.decodeText(forKey: .kind)
        firstBroadcast = try container.decodeText(forKey: .firstBroadcast)
        if let duration = try container.nestedIfPresent(keyedBy: DurationKeys.self, forKey: .duration) {
            durationText = try duration.decodeText(forKey: .text)
            if try duration.decodeText(forKey: .value) != nil {
                self.duration = try duration.decode(ISO8601Duration.self, forKey: .value)
            }
        }
        if let availability = try container.nestedIfPresent(keyedBy: AvailabilityKeys.self, forKey: .availability) {
            if try availability.decodeText(forKey: .start) != nil {
                availableFrom = try availability.decode(ISO8601Timestamp.self, forKey: .start).date
            }
            if try availability.decodeText(forKey: .end) != nil {
                availableUntil = try availability.decode(ISO8601Timestamp.self, forKey: .end).date
            }
            if let remaining = try availability.nestedIfPresent(keyedBy: RemainingKeys.self, forKey: .remaining) {
                remainingText = try remaining.decodeText(forKey: .text)
            }
        }
    }
}

extension KeyedDecodingContainer {
    /// The nested object at `key`, or `nil` when the key is missing or `null`.
    func nestedIfPresent<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try nestedContainer(keyedBy: type, forKey: key)
    }
}
