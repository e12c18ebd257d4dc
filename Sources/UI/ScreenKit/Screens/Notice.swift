import DragPhysics

/// A modal notice over the screens ("No internet connection"): a title, a message and buttons.
///
/// While a notice shows, taps on the screens below do nothing (the circle player still works: it floats
/// above everything). A button reports its ``NoticeAction`` and closes the notice; Escape and Backspace
/// close it as ``NoticeAction/dismiss``.
public struct Notice: Hashable, Sendable {
    /// Bold first line.
    public var title: String
    /// The explanation, wrapped inside the card.
    public var message: String
    /// The buttons, right-aligned at the bottom of the card (at least one: a notice without buttons gets "OK").
    public var buttons: [NoticeButton]

    /// Creates a notice; with no buttons it gets an "OK" that dismisses it.
    public init(title: String, message: String, buttons: [NoticeButton] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons.isEmpty ? [NoticeButton(.dismiss, title: "OK")] : buttons
    }

    /// "No internet connection" with an OK button (the seeds' offline notice).
    public static func offline(message: String = "Check your connection and try again.") -> Notice {
        Notice(title: "No internet connection", message: message)
    }
}

/// What a notice's button does.
public enum NoticeAction: Hashable, Sendable {
    /// Close the notice.
    case dismiss
    /// Try again what failed.
    case retry
    /// Anything else, named by the app.
    case custom(String)
}

/// A button of a ``Notice``.
public struct NoticeButton: Hashable, Sendable {
    /// What a tap reports.
    public var action: NoticeAction
    /// What it says.
    public var title: String

    /// Creates a button.
    public init(_ action: NoticeAction, title: String) {
        self.action = action
        self.title = title
    }
}

/// Where a ``Notice`` is drawn in a window of `size`: a centred card, its text and its buttons.
public struct NoticeLayout: Hashable, Sendable {
    /// The card.
    public var card: Rect
    /// The title line.
    public var title: Rect
    /// The message's box (wrapped text).
    public var message: Rect
    /// The buttons, in the notice's order, laid out right to left from the card's bottom-right corner.
    public var buttons: [Rect]

    /// Lays `notice` out in a window of `size`.
    public init(_ notice: Notice, in size: Size) {
        let width = min(max(size.width - 48, 0), 420)
        let height = min(max(size.height - 48, 0), 190)
        let card = Rect(x: ((size.width - width) / 2).rounded(), y: ((size.height - height) / 2).rounded(), width: width, height: height)
        let padding = 20.0
        self.card = card
        title = Rect(x: card.x + padding, y: card.y + padding, width: max(0, width - 2 * padding), height: TextStyle.title.lineHeight)
        let buttonHeight = 40.0, buttonWidth = 104.0, gap = 10.0
        let buttonTop = card.maxY - padding - buttonHeight
        message = Rect(x: title.x, y: title.maxY + 8, width: title.width, height: max(0, buttonTop - 12 - title.maxY - 8))
        var right = card.maxX - padding
        var frames: [Rect] = []
        for _ in notice.buttons {
            frames.append(Rect(x: right - buttonWidth, y: buttonTop, width: buttonWidth, height: buttonHeight))
            right -= buttonWidth + gap
        }
        buttons = frames
    }

    /// The index of the button containing `point`, if any.
    public func button(at point: Point) -> Int? { buttons.firstIndex { $0.contains(point) } }
}
