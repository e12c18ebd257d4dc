import FeedCore
import Foundation

/// Reads a buff from `GET /buffs/{id}`'s body, in every shape the API has been seen to send:
///
/// - `{"result": {id, client_id, stream_id, time_to_show, priority, created_at, author{first_name,
///   last_name, image?}, question{id, title, category}, answers[{id, buff_id, title, image?}], language}}`
///   (the seed's sample);
/// - `author.image` present (a URL string) or missing; `last_name` `""`;
/// - `answers[].image` missing, or an object keyed `"0"`, `"1"`, `"2"` (1x, 2x, 3x) of `{id, key, url}`;
/// - `created_at` with six fractional digits (`2020-01-31T22:19:43.180391Z`, read by ``ISO8601Timestamp``);
/// - **the later API version** (accepted): the buff wrapped in `{"data": …}`, the time named `duration`,
///   and image URLs sent as arrays (`"image": ["…@1x", "…@2x"]` for the author, an array of URL strings
///   or of `{url}` objects for answers). The shape of that version is *inferred* from the issue's
///   description; our fixtures label it so.
///
/// Ids and numbers may be JSON numbers or numeric strings (FeedCore's lenient readers).
///
/// Refused with a typed ``BuffError`` (nothing is shown): malformed JSON, a document without `result` or
/// `data`, fewer than 2 or more than 5 answers, `time_to_show` ≤ 0 or over an hour.
///
/// ```swift
/// let buff = try BuffDecoder.decode(Data(#"{"result": {"id": 1, "time_to_show": 10, …}}"#.utf8))
/// ```
public enum BuffDecoder {
    /// The fewest answers a buff may have.
    public static let minAnswers = 2
    /// The most answers a buff may have.
    public static let maxAnswers = 5
    /// The longest a buff may be shown: one hour (a longer `time_to_show` is refused, not clamped, so a
    /// typo such as milliseconds sent as seconds is reported instead of pinning a panel for days).
    public static let maxTimeToShow: Duration = .seconds(3600)

    /// Decodes and checks one buff.
    /// - Throws: ``BuffError/json(_:)``, ``BuffError/noBuff``, ``BuffError/answerCount(_:)`` or
    ///   ``BuffError/nonPositiveTime(_:)``.
    public static func decode(_ data: Data) throws(BuffError) -> Buff {
        let document: BuffDocument
        do {
            document = try FeedJSON.decode(BuffDocument.self, from: data)
        } catch {
            throw .json(error.kind)
        }
        guard let raw = document.result.value ?? document.data.value else { throw .noBuff }
        return try raw.checked()
    }
}

/// `{"result": …}` (the seed) or `{"data": …}` (the later version).
struct BuffDocument: Decodable {
    var result: JSONField<RawBuff>
    var data: JSONField<RawBuff>
}

/// A buff as sent, before the checks.
struct RawBuff: Decodable {
    var id: Int
    var seconds: Double
    var priority: Int?
    var createdAt: Date?
    var language: String?
    var author: RawAuthor
    var question: RawQuestion
    var answers: [RawAnswer]

    enum CodingKeys: String, CodingKey {
        case id, priority, language, author, question, answers
        case timeToShow = "time_to_show", duration
        case createdAt = "created_at"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(LenientInt.self, forKey: .id).value
        if container.contains(.timeToShow) {
            seconds = try container.decode(LenientDouble.self, forKey: .timeToShow).value
        } else if container.contains(.duration) {
            seconds = try container.decode(LenientDouble.self, forKey: .duration).value
        } else {
            throw DecodingError.keyNotFound(CodingKeys.timeToShow, .init(
                codingPath: container.codingPath, debugDescription: "neither time_to_show nor duration"))
        }
        priority = try container.decodeLenientInt(forKey: .priority)
        createdAt = try container.decodeIfPresent(ISO8601Timestamp.self, forKey: .createdAt)?.date
        language = try container.decodeText(forKey: .language)
        author = try container.decode(RawAuthor.self, forKey: .author)
        question = try container.decode(RawQuestion.self, forKey: .question)
        answers = try container.decode([RawAnswer].self, forKey: .answers)
    }

    func checked() throws(BuffError) -> Buff {
        guard seconds > 0 else { throw .nonPositiveTime(seconds) }
        guard seconds <= Double(BuffDecoder.maxTimeToShow.components.seconds) else { throw .timeTooLong(seconds) }
        guard (BuffDecoder.minAnswers...BuffDecoder.maxAnswers).contains(answers.count) else {
            throw .answerCount(answers.count)
        }
        return Buff(
            id: id, timeToShow: BuffClock.duration(seconds: seconds),
            author: BuffAuthor(firstName: author.firstName, lastName: author.lastName, image: author.image.first),
            question: BuffQuestion(id: question.id, title: question.title, category: question.category),
            answers: answers.map { BuffAnswer(id: $0.id, title: $0.title, images: $0.images) },
            priority: priority, createdAt: createdAt, language: language)
    }
}

struct RawAuthor: Decodable {
    var firstName: String
    var lastName: String
    var image: [URL]

    enum CodingKeys: String, CodingKey {
        case firstName = "first_name", lastName = "last_name", image
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        firstName = try container.decodeText(forKey: .firstName) ?? ""
        lastName = try container.decodeText(forKey: .lastName) ?? ""
        image = try container.decodeIfPresent(ImageURLs.self, forKey: .image)?.urls ?? []
    }
}

struct RawQuestion: Decodable {
    var id: Int?
    var title: String
    var category: Int?

    enum CodingKeys: String, CodingKey { case id, title, category }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeLenientInt(forKey: .id)
        title = try container.decodeLenientString(forKey: .title)
        category = try container.decodeLenientInt(forKey: .category)
    }
}

struct RawAnswer: Decodable {
    var id: Int
    var title: String
    var images: [URL]

    enum CodingKeys: String, CodingKey { case id, title, image }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(LenientInt.self, forKey: .id).value
        title = try container.decodeLenientString(forKey: .title)
        images = try container.decodeIfPresent(ImageURLs.self, forKey: .image)?.urls ?? []
    }
}

/// Image URLs in any of the shapes seen: a URL string; an object keyed `"0"`, `"1"`, `"2"` (1x, 2x, 3x,
/// read in numeric key order) of `{id, key, url}` or of URL strings; an array of URL strings or of `{url}`
/// objects (the later API version). `null`, `""` and `{}` read as no image.
struct ImageURLs: Decodable {
    var urls: [URL]

    struct Keyed: CodingKey {
        var stringValue: String
        var intValue: Int? { Int(stringValue) }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { stringValue = String(intValue) }
    }

    /// One image: a URL string, or an object with `url`.
    struct One: Decodable {
        var url: URL?

        enum CodingKeys: String, CodingKey { case url }

        init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
                url = ImageURLs.url(text)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decodeText(forKey: .url).flatMap(ImageURLs.url)
        }
    }

    static func url(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let url = URL(string: trimmed), url.scheme != nil else { return nil }
        return url
    }

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            urls = []
        } else if let text = try? single.decode(String.self) {
            urls = Self.url(text).map { [$0] } ?? []
        } else if var array = try? decoder.unkeyedContainer() {
            var found: [URL] = []
            while !array.isAtEnd {
                if let url = try array.decode(One.self).url { found.append(url) }
            }
            urls = found
        } else {
            let container = try decoder.container(keyedBy: Keyed.self)
            let keys = container.allKeys.sorted { ($0.intValue ?? Int.max, $0.stringValue) < ($1.intValue ?? Int.max, $1.stringValue) }
            urls = try keys.compactMap { try container.decode(One.self, forKey: $0).url }
        }
    }
}
