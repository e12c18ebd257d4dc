import Foundation

/// One Buff (seed 004): a timed question with 2–5 answers, shown over the stream for ``timeToShow``.
///
/// Built by ``BuffDecoder`` from the API's JSON; every value here has been checked (2…5 answers, a
/// positive time), so a `Buff` can always be shown.
///
/// ```swift
/// let buff = try BuffDecoder.decode(body)
/// buff.author.displayName   // "Pedro Luz", or "Pedro" when last_name is ""
/// buff.timeToShow           // .seconds(10)
/// ```
public struct Buff: Sendable, Equatable, Identifiable {
    /// The buff's id (`result.id`).
    public var id: Int
    /// How long the buff is shown without a vote (`time_to_show`, or `duration` in the later API version).
    public var timeToShow: Duration
    /// Who asked the question.
    public var author: BuffAuthor
    /// The question.
    public var question: BuffQuestion
    /// The answers, 2…5 of them, in the order the API sent them.
    public var answers: [BuffAnswer]
    /// `priority`, when sent.
    public var priority: Int?
    /// `created_at` (six fractional digits in the API's samples), when sent.
    public var createdAt: Date?
    /// `language`, when sent.
    public var language: String?

    /// A buff with these values (the caller is responsible for 2…5 answers and a positive time; use
    /// ``BuffDecoder`` for API data).
    public init(id: Int, timeToShow: Duration, author: BuffAuthor, question: BuffQuestion, answers: [BuffAnswer],
                priority: Int? = nil, createdAt: Date? = nil, language: String? = nil) {
        self.id = id
        self.timeToShow = timeToShow
        self.author = author
        self.question = question
        self.answers = answers
        self.priority = priority
        self.createdAt = createdAt
        self.language = language
    }

    /// The answer with `id`, if this buff has it.
    public func answer(id: Int) -> BuffAnswer? {
        answers.first { $0.id == id }
    }
}

/// The sender of a buff: name and optional picture.
public struct BuffAuthor: Sendable, Equatable {
    /// `first_name`.
    public var firstName: String
    /// `last_name`; may be empty.
    public var lastName: String
    /// `image`, when sent (a placeholder is drawn otherwise).
    public var image: URL?

    /// An author.
    public init(firstName: String, lastName: String, image: URL? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.image = image
    }

    /// First and last name joined by one space; no trailing space when the last name is empty.
    public var displayName: String {
        [firstName, lastName].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}

/// The question of a buff.
public struct BuffQuestion: Sendable, Equatable {
    /// `question.id`.
    public var id: Int?
    /// `question.title`: the text shown.
    public var title: String
    /// `question.category`, when sent.
    public var category: Int?

    /// A question.
    public init(id: Int? = nil, title: String, category: Int? = nil) {
        self.id = id
        self.title = title
        self.category = category
    }
}

/// One answer of a buff.
public struct BuffAnswer: Sendable, Equatable, Identifiable {
    /// `answers[].id`: the id a vote names.
    public var id: Int
    /// `answers[].title`: the text shown.
    public var title: String
    /// The answer's picture at 1x, 2x, 3x (`image."0"`, `"1"`, `"2"`), in that order; empty when none.
    public var images: [URL]

    /// An answer.
    public init(id: Int, title: String, images: [URL] = []) {
        self.id = id
        self.title = title
        self.images = images
    }
}
