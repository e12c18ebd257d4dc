import DragPhysics
import ScreenKit

/// Where the parts of the Buff panel go, in window points, for a window size and an answer count: the
/// seed's three sections top to bottom (sender, question with countdown, answers) and the close ✕ in the
/// top-right corner. Pure geometry; ``BuffPanel`` moves it for the slide.
///
/// The panel sits at the bottom-left of the window, ``margin`` from the edges, at most ``maxWidth`` wide;
/// its height grows with the number of answers (one ``answerHeight`` row each, ``answerGap`` apart), so 2
/// to 5 answers all fit without scrolling. A window too short for the panel gets it clipped at the top,
/// never past the bottom edge.
///
/// ```swift
/// let layout = BuffPanelLayout(window: Size(width: 800, height: 600), answers: 3)
/// layout.panel          // (12, 310, 340×278)
/// layout.answers[0]     // the first answer row
/// ```
public struct BuffPanelLayout: Sendable, Equatable {
    /// Space between the panel and the window's edges.
    public static let margin = 12.0
    /// The widest the panel gets.
    public static let maxWidth = 340.0
    /// Inner padding.
    public static let padding = 12.0
    /// Height of the sender section.
    public static let senderHeight = 40.0
    /// Height of the question section.
    public static let questionHeight = 64.0
    /// Height of one answer row.
    public static let answerHeight = 38.0
    /// Space between answer rows.
    public static let answerGap = 6.0
    /// Side of the close button's square (its hit area is this square).
    public static let closeSize = 28.0

    /// The whole panel.
    public var panel: Rect
    /// The sender section (image and name).
    public var sender: Rect
    /// The sender's image (or placeholder), a square.
    public var senderImage: Rect
    /// The sender's name.
    public var senderName: Rect
    /// The close ✕ (top right).
    public var close: Rect
    /// The question section.
    public var question: Rect
    /// The countdown ring's bounding square (the seconds are drawn in its middle).
    public var ring: Rect
    /// The question's text.
    public var questionText: Rect
    /// One row per answer, top to bottom.
    public var answers: [Rect]

    /// The layout for a window of `window` size and `answers` answers (clamped to 2…5).
    public init(window: Size, answers count: Int) {
        let count = min(max(count, BuffDecoder.minAnswers), BuffDecoder.maxAnswers)
        let m = Self.margin, p = Self.padding
        let width = max(160, min(Self.maxWidth, window.width - 2 * m))
        let answersHeight = Double(count) * Self.answerHeight + Double(count - 1) * Self.answerGap
        let height = p + Self.senderHeight + p + Self.questionHeight + p + answersHeight + p
        let x = m
        let y = window.height - m - height
        panel = Rect(x: x, y: y, width: width, height: height)
        sender = Rect(x: x + p, y: y + p, width: width - 2 * p, height: Self.senderHeight)
        senderImage = Rect(x: sender.x, y: sender.y + 2, width: Self.senderHeight - 4, height: Self.senderHeight - 4)
        close = Rect(x: panel.maxX - p - Self.closeSize + 4, y: y + p - 4 + (Self.senderHeight - Self.closeSize) / 2,
                     width: Self.closeSize, height: Self.closeSize)
        senderName = Rect(x: senderImage.maxX + 10, y: sender.y, width: close.x - 8 - (senderImage.maxX + 10),
                          height: Self.senderHeight)
        question = Rect(x: x + p, y: sender.maxY + p, width: width - 2 * p, height: Self.questionHeight)
        ring = Rect(x: question.x, y: question.y + (Self.questionHeight - 52) / 2, width: 52, height: 52)
        questionText = Rect(x: ring.maxX + 12, y: question.y, width: question.maxX - ring.maxX - 12, height: Self.questionHeight)
        let top = question.maxY + p
        answers = (0..<count).map { index in
            Rect(x: x + p, y: top + Double(index) * (Self.answerHeight + Self.answerGap), width: width - 2 * p,
                 height: Self.answerHeight)
        }
    }

    /// The same layout moved by `dx` points horizontally (the slide).
    public func offset(dx: Double) -> BuffPanelLayout {
        func move(_ rect: Rect) -> Rect { Rect(x: rect.x + dx, y: rect.y, width: rect.width, height: rect.height) }
        var moved = self
        moved.panel = move(panel)
        moved.sender = move(sender)
        moved.senderImage = move(senderImage)
        moved.senderName = move(senderName)
        moved.close = move(close)
        moved.question = move(question)
        moved.ring = move(ring)
        moved.questionText = move(questionText)
        moved.answers = answers.map(move)
        return moved
    }
}
