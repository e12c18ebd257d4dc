/// A one-line text entry as a value: the text, a cursor, and the edits a keyboard makes.
///
/// The cursor counts Characters (grapheme clusters), so an edit never splits an accented letter or an
/// emoji. Every edit returns what changed (``Output``); moving the cursor reports nothing.
///
/// ```swift
/// var field = TextField(placeholder: "Search")
/// field.send(.insert("jazz"))      // [.changed("jazz")]
/// field.send(.deleteBackward)      // [.changed("jaz")]
/// field.send(.submit)              // [.submitted("jaz")]
/// ```
public struct TextField: Hashable, Sendable {
    /// An edit or a cursor move.
    public enum Event: Hashable, Sendable {
        /// Text typed (or pasted) at the cursor.
        case insert(String)
        /// Delete the character before the cursor (Backspace).
        case deleteBackward
        /// Delete the character after the cursor (Delete).
        case deleteForward
        /// Cursor one character left / right.
        case moveLeft, moveRight
        /// Cursor to the start / end.
        case moveToStart, moveToEnd
        /// Empty the field.
        case clear
        /// Enter: submit the text.
        case submit
    }

    /// What an event changed.
    public enum Output: Hashable, Sendable {
        /// The text is now this.
        case changed(String)
        /// Enter was pressed with this text.
        case submitted(String)
    }

    /// The text.
    public private(set) var text: String
    /// The cursor, in Characters from the start (0...text.count).
    public private(set) var cursor: Int
    /// Shown greyed while the text is empty.
    public var placeholder: String
    /// Longest text accepted, in Characters (longer inserts are cut).
    public var maximumLength: Int

    /// An empty field (or one holding `text`, the cursor at its end).
    public init(text: String = "", placeholder: String = "", maximumLength: Int = 200) {
        let kept = String(text.filter { !$0.isNewline }.prefix(maximumLength))
        self.text = kept
        self.cursor = kept.count
        self.placeholder = placeholder
        self.maximumLength = maximumLength
    }

    /// Applies `event`; returns what changed.
    @discardableResult
    public mutating func send(_ event: Event) -> [Output] {
        switch event {
        case .insert(let typed):
            let clean = typed.filter { !$0.isNewline && $0 != "\t" }
            let room = maximumLength - text.count
            guard room > 0, !clean.isEmpty else { return [] }
            let kept = String(clean.prefix(room))
            text.insert(contentsOf: kept, at: index(cursor))
            cursor += kept.count
            return [.changed(text)]
        case .deleteBackward:
            guard cursor > 0 else { return [] }
            text.remove(at: index(cursor - 1))
            cursor -= 1
            return [.changed(text)]
        case .deleteForward:
            guard cursor < text.count else { return [] }
            text.remove(at: index(cursor))
            return [.changed(text)]
        case .moveLeft:
            cursor = max(0, cursor - 1)
        case .moveRight:
            cursor = min(text.count, cursor + 1)
        case .moveToStart:
            cursor = 0
        case .moveToEnd:
            cursor = text.count
        case .clear:
            guard !text.isEmpty else { return [] }
            text = ""
            cursor = 0
            return [.changed(text)]
        case .submit:
            return [.submitted(text)]
        }
        return []
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }
}
