import BuffKit
import BuffCore

/// The lines `mediakit buffs watch` prints for each command: JSON lines (`--json`) or readable lines.
///
/// JSON: one object per line, `"t"` (seconds from the start, three decimals) and `"event"` first:
/// `request {id}`, `show {buff, question, author, answers: [{id, title}], seconds}`,
/// `countdown {buff, secondsLeft}`, `vote {buff, answer}`, `hide {buff, reason}`, `queued {buff}`,
/// `error {id, message}`.
enum BuffTranscript {
    static func json(_ timed: BuffRunner.Timed) -> String {
        var members: [(String, JSONValue)] = []
        switch timed.command {
        case .fetch(let id):
            members = [("event", .string("request")), ("id", .integer(id))]
        case .show(let buff, let seconds):
            members = [
                ("event", .string("show")), ("buff", .integer(buff.id)), ("question", .string(buff.question.title)),
                ("author", .string(buff.author.displayName)),
                ("answers", .array(buff.answers.map { .object([("id", .integer($0.id)), ("title", .string($0.title))]) })),
                ("seconds", .integer(seconds)),
            ]
        case .countdown(let buff, let secondsLeft):
            members = [("event", .string("countdown")), ("buff", .integer(buff)), ("secondsLeft", .integer(secondsLeft))]
        case .highlight(let buff, let answer):
            members = [("event", .string("vote")), ("buff", .integer(buff)), ("answer", .integer(answer))]
        case .hide(let buff, let reason):
            members = [("event", .string("hide")), ("buff", .integer(buff)), ("reason", .string(reason.rawValue))]
        case .queued(let buff):
            members = [("event", .string("queued")), ("buff", .integer(buff))]
        case .reportError(let id, let error):
            members = [("event", .string("error")), ("id", .integer(id)), ("message", .string(error.description))]
        }
        let rest = JSONValue.object(members).text(indent: nil).dropFirst()
        return "{\"t\":\(BuffClock.text3(timed.t)),\(rest)"
    }

    static func readable(_ timed: BuffRunner.Timed) -> String {
        let t = BuffClock.text3(timed.t)
        let time = String(repeating: " ", count: max(0, 8 - t.count)) + t
        let text: String
        switch timed.command {
        case .fetch(let id):
            text = "request   buff \(id)"
        case .show(let buff, let seconds):
            let answers = buff.answers.enumerated().map { "\($0.offset + 1)) \($0.element.title) [\($0.element.id)]" }
            text = "show      buff \(buff.id) (\(seconds) s) \(buff.author.displayName): \(buff.question.title) | "
                + answers.joined(separator: "  ")
        case .countdown(let buff, let secondsLeft):
            text = "countdown buff \(buff): \(secondsLeft) s left"
        case .highlight(let buff, let answer):
            text = "vote      buff \(buff): answer \(answer)"
        case .hide(let buff, let reason):
            text = "hide      buff \(buff) (\(reason.rawValue))"
        case .queued(let buff):
            text = "queued    buff \(buff)"
        case .reportError(let id, let error):
            text = "error     buff \(id): \(error.description)"
        }
        return "\(time)  \(text)"
    }
}
