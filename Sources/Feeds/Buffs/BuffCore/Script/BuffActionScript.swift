/// A viewer's action at a time, from an `--actions` file.
public struct BuffAction: Sendable, Equatable {
    /// What the viewer does.
    public enum Kind: Sendable, Equatable {
        /// Vote for the answer at this 1-based position in the buff shown.
        case vote(position: Int)
        /// Tap the close ✕.
        case close
    }

    /// When, from the start of the run.
    public var at: Duration
    /// What.
    public var kind: Kind
    /// The line it came from (1-based), for messages.
    public var line: Int

    /// An action.
    public init(at: Duration, kind: Kind, line: Int = 0) {
        self.at = at
        self.kind = kind
        self.line = line
    }
}

/// The `--actions FILE` format of `mediakit buffs watch`: one action per line,
///
/// ```
/// # comments start with '#', blank lines are skipped
/// 4.2 vote 1      # SECONDS vote N: the N-th answer (1-based) of the buff shown at that time
/// 65 close        # SECONDS close: the close ✕
/// ```
///
/// SECONDS is a non-negative decimal with at most three fractional digits (times are exact milliseconds).
/// Actions run in time order (a stable sort: two at the same time run in file order). A vote when no buff
/// is shown, or for a position the buff does not have, does nothing.
public enum BuffActionScript {
    /// A line that is not an action.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// 1-based line number.
        public var line: Int
        /// What is wrong.
        public var reason: String

        /// An error for `line`.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// `LINE: reason` (the caller prefixes the file name).
        public var description: String { "\(line): \(reason)" }
    }

    /// Parses `text`.
    /// - Throws: ``ParseError`` for the first bad line.
    public static func parse(_ text: String) throws(ParseError) -> [BuffAction] {
        var actions: [BuffAction] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            guard let at = milliseconds(words[0]) else {
                throw ParseError(line: number, reason: "expected SECONDS (e.g. 4.2), got \"\(words[0])\"")
            }
            guard words.count >= 2 else {
                throw ParseError(line: number, reason: "expected 'vote N' or 'close' after the time")
            }
            switch words[1] {
            case "vote":
                guard words.count == 3, let position = Int(words[2]), position >= 1 else {
                    throw ParseError(line: number, reason: "expected 'SECONDS vote N' with N = 1, 2, …")
                }
                actions.append(BuffAction(at: .milliseconds(at), kind: .vote(position: position), line: number))
            case "close":
                guard words.count == 2 else {
                    throw ParseError(line: number, reason: "unexpected \"\(words[2])\" after 'close'")
                }
                actions.append(BuffAction(at: .milliseconds(at), kind: .close, line: number))
            default:
                throw ParseError(line: number, reason: "unknown action \"\(words[1])\" (expected vote or close)")
            }
        }
        return actions.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// `12`, `4.2`, `0.125` as milliseconds; `nil` for anything else (signs, exponents, > 3 decimals).
    static func milliseconds(_ word: Substring) -> Int64? {
        let parts = word.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeText = parts.first, !wholeText.isEmpty, wholeText.allSatisfy(\.isASCII),
              wholeText.allSatisfy(\.isNumber), wholeText.count <= 9, let whole = Int64(wholeText)
        else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int64(digits) else { return nil }
            fraction = value * [100, 10, 1][digits.count - 1]
        }
        return whole * 1000 + fraction
    }
}
