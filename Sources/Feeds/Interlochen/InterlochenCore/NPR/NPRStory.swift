import FeedCore
import Foundation

/// A story of the NPR Story API (`GET {npr}/query?…&output=JSON`, `list.story[]`).
///
/// The API's quirks, all handled here: every text is `{"$text": …}` (an empty one is `{}`); numbers and
/// booleans arrive as strings; `audio[].format.mp3` is an array or a single object, and `format` is `{}` when
/// nothing is playable; some stories have no `audio` at all; dates are RFC 822 with offsets
/// (`Tue, 11 Jun 2019 15:00:00 -0400`). A story without a playable MP3 has no ``audioURL``: no Listen action.
public struct NPRStory: Sendable, Hashable, Decodable {
    /// The story id.
    public var id: String
    /// The headline.
    public var title: String
    /// The teaser, if any.
    public var teaser: String?
    /// `storyDate` (or `pubDate` when there is none).
    public var date: Date?
    /// The primary image (or the first), if any.
    public var imageURL: String?
    /// The first playable MP3 of its audio, if any.
    public var audioURL: String?
    /// That audio's length in seconds, if given.
    public var duration: Int?
    /// The story's web page, if any.
    public var link: String?

    /// A story.
    public init(id: String, title: String, teaser: String? = nil, date: Date? = nil, imageURL: String? = nil,
                audioURL: String? = nil, duration: Int? = nil, link: String? = nil) {
        self.id = id
        self.title = title
        self.teaser = teaser
        self.date = date
        self.imageURL = imageURL
        self.audioURL = audioURL
        self.duration = duration
        self.link = link
    }

    /// Whether it can be listened to.
    public var isPlayable: Bool { audioURL != nil }

    enum CodingKeys: String, CodingKey { case id, title, teaser, storyDate, pubDate, image, audio, link }
    enum ImageKeys: String, CodingKey { case src, type }
    enum AudioKeys: String, CodingKey { case duration, format }
    enum FormatKeys: String, CodingKey { case mp3 }
    enum TextKeys: String, CodingKey { case text = "$text" }

    /// Decodes one story (see the type's description for the shapes accepted).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try container.decodeText(forKey: .id) else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "a story needs an id")
        }
        self.id = id
        title = try container.decodeText(forKey: .title) ?? ""
        teaser = try container.decodeText(forKey: .teaser)
        if try container.decodeText(forKey: .storyDate) != nil {
            date = try container.decode(RFC822Timestamp.self, forKey: .storyDate).date
        } else if try container.decodeText(forKey: .pubDate) != nil {
            date = try container.decode(RFC822Timestamp.self, forKey: .pubDate).date
        }
        let images = try container.decode(OneOrMany<Image>.self, forKey: .image).elements
        imageURL = (images.first { $0.type == "primary" } ?? images.first)?.src
        let audio = try container.decode(OneOrMany<Audio>.self, forKey: .audio).elements
        let playable = audio.first { $0.mp3 != nil }
        audioURL = playable?.mp3
        duration = (playable ?? audio.first)?.duration
        link = try container.decode(OneOrMany<LenientString>.self, forKey: .link).elements.first { $0.nonEmpty != nil }?.value
    }

    /// `image[]`: `{src, type}`.
    struct Image: Decodable {
        var src: String?
        var type: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ImageKeys.self)
            src = try container.decodeText(forKey: .src)
            type = try container.decodeText(forKey: .type)
        }
    }

    /// `audio[]`: `{duration: {"$text": "372"}, format: {mp3: [{"$text": url}] | {"$text": url}} | {}}`.
    struct Audio: Decodable {
        var duration: Int?
        var mp3: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AudioKeys.self)
            duration = try container.decodeLenientInt(forKey: .duration)
            if container.contains(.format), try !container.decodeNil(forKey: .format) {
                let format = try container.nestedContainer(keyedBy: FormatKeys.self, forKey: .format)
                mp3 = try format.decode(OneOrMany<LenientString>.self, forKey: .mp3).elements.lazy.compactMap(\.nonEmpty).first
            }
        }
    }
}

/// A page of an NPR query's answer: its stories, and the API's messages that came with them (warnings).
public struct NPRStoryPage: Sendable, Hashable {
    /// The stories, in the API's order.
    public var stories: [NPRStory]
    /// Messages sent alongside the stories (e.g. "some stories were not returned").
    public var warnings: [NPRMessage]

    /// A page.
    public init(stories: [NPRStory], warnings: [NPRMessage] = []) {
        self.stories = stories
        self.warnings = warnings
    }

    /// Decodes an answer of the Story API.
    ///
    /// - `{"list": {"story": […]}, "message": […]}`: the stories, the messages as warnings;
    /// - `{"messages": {"message": {"id": "…", …}}}` or `{"message": […]}` with no `list`: the query failed,
    ///   thrown as ``NPRAPIError`` with the messages;
    /// - anything else that is not the API's shape: ``FeedJSON/Failure`` naming the path.
    public static func decode(from data: [UInt8]) throws -> NPRStoryPage {
        let document = try FeedJSON.decode(NPRDocument.self, from: Data(data))
        guard let stories = document.stories else {
            throw NPRAPIError(messages: document.messages)
        }
        return NPRStoryPage(stories: stories, warnings: document.messages)
    }
}

/// A message of the NPR API: `{"id": "351", "level": "warning", "text": {"$text": "…"}}` (all optional but id).
public struct NPRMessage: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The message id (e.g. `"351"`).
    public var id: String
    /// `warning`, `error`, … when given.
    public var level: String?
    /// The text, when given.
    public var text: String?

    /// A message.
    public init(id: String, level: String? = nil, text: String? = nil) {
        self.id = id
        self.level = level
        self.text = text
    }

    enum CodingKeys: String, CodingKey { case id, level, text }

    /// Decodes a message; the id may be a number or a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeText(forKey: .id) ?? "?"
        level = try container.decodeText(forKey: .level)
        text = try container.decodeText(forKey: .text)
    }

    /// `message 351: some text` or `message 351`.
    public var description: String {
        text.map { "message \(id): \($0)" } ?? "message \(id)"
    }
}

/// The NPR API answered with messages and no stories.
public struct NPRAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The messages sent (possibly none).
    public var messages: [NPRMessage]

    /// An error with `messages`.
    public init(messages: [NPRMessage]) {
        self.messages = messages
    }

    /// `the query returned no stories (message 1: Invalid API key)`.
    public var description: String {
        messages.isEmpty
            ? "the query returned no story list"
            : "the query returned no stories (\(messages.map(\.description).joined(separator: "; ")))"
    }
}

/// The Story API's document: `list.story` (one or many), and messages under `message` or `messages.message`.
struct NPRDocument: Decodable {
    var stories: [NPRStory]?
    var messages: [NPRMessage]

    enum Keys: String, CodingKey { case list, message, messages }
    enum ListKeys: String, CodingKey { case story }
    enum MessagesKeys: String, CodingKey { case message }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if container.contains(.list), try !container.decodeNil(forKey: .list) {
            let list = try container.nestedContainer(keyedBy: ListKeys.self, forKey: .list)
            stories = try list.decode(OneOrMany<NPRStory>.self, forKey: .story).elements
        }
        var messages = try container.decode(OneOrMany<NPRMessage>.self, forKey: .message).elements
        if container.contains(.messages), try !container.decodeNil(forKey: .messages) {
            let nested = try container.nestedContainer(keyedBy: MessagesKeys.self, forKey: .messages)
            messages += try nested.decode(OneOrMany<NPRMessage>.self, forKey: .message).elements
        }
        self.messages = messages
    }
}

/// A page of an NPR query: `startNum` is 1-based (page 1 starts at 1, page 2 at `numResults + 1`).
public struct NPRPage: Sendable, Hashable {
    /// The query.
    public var query: NPRQuery
    /// The page number, from 1.
    public var number: Int

    /// Page `number` (at least 1) of `query`.
    public init(query: NPRQuery, number: Int) {
        self.query = query
        self.number = max(1, number)
    }

    /// `startNum`: `(number - 1) × pageSize + 1`.
    public var startNum: Int { (number - 1) * query.pageSize + 1 }

    /// The request's query items in a stable order: the query's parameters sorted by name (without
    /// `numResults`), then `startNum`, `numResults`, the key and `output=JSON` (the seed's URL form:
    /// `query?id=…&startNum=…&numResults=…&apiKey=…&output=JSON`).
    public func queryItems(apiKey: String?) -> [(name: String, value: String)] {
        var items = query.parameters.filter { $0.key != "numResults" && $0.key != "apiKey" && $0.key != "output" }
            .sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        items.append(("startNum", String(startNum)))
        items.append(("numResults", String(query.pageSize)))
        if let apiKey { items.append(("apiKey", apiKey)) }
        items.append(("output", "JSON"))
        return items
    }

    /// Whether a page that returned `count` stories may have a next one (a full page).
    public func mayHaveNext(afterReceiving count: Int) -> Bool { count >= query.pageSize }
}
