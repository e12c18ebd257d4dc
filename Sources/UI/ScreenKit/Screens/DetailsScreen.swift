import DragPhysics
import Foundation

/// A details screen: an image, a title block, facts, action buttons and a paragraph.
///
/// ```swift
/// DetailsScreen(image: url, overline: "BBC Two", title: "Mock the Week", subtitle: "Series 17: Episode 8",
///               facts: ["29 min", "First broadcast: 9pm 1 Jul 2018", "Available for 29 days"],
///               paragraph: "Dara Ó Briain hosts…", actions: [ActionButton(.play)])
/// ```
public struct DetailsScreen: Hashable, Sendable {
    /// The picture (16:9), if any; a placeholder while it loads or when it failed.
    public var image: URL?
    /// Small line above the title.
    public var overline: String?
    /// The title.
    public var title: String
    /// A line under the title.
    public var subtitle: String?
    /// Short lines of facts (duration, dates, availability).
    public var facts: [String]
    /// The synopsis, wrapped to the width; what does not fit ends in an ellipsis.
    public var paragraph: String
    /// The buttons, left to right.
    public var actions: [ActionButton]
    /// Sliders under the buttons, top to bottom (the now-playing screen's position, for a story of known length,
    /// and volume).
    public var sliders: [DetailsSlider]

    /// Creates a details screen.
    public init(image: URL? = nil, overline: String? = nil, title: String, subtitle: String? = nil,
                facts: [String] = [], paragraph: String = "", actions: [ActionButton] = [], sliders: [DetailsSlider] = []) {
        self.sliders = sliders
        self.image = image
        self.overline = overline
        self.title = title
        self.subtitle = subtitle
        self.facts = facts
        self.paragraph = paragraph
        self.actions = actions
    }
}

/// Where the parts of a ``DetailsScreen`` go inside a content rectangle: the same rectangles are drawn and
/// hit-tested. Wide content (≥ 560 pt) puts the image left of the title block; narrower content stacks them.
public struct DetailsLayout: Hashable, Sendable {
    /// Margin around everything and gap between blocks, in points.
    public static let margin = 24.0
    /// Button size and spacing.
    public static let buttonHeight = 40.0
    /// Width of a button.
    public static let buttonWidth = 128.0
    /// Gap between buttons.
    public static let buttonGap = 12.0
    /// A slider's row height (its hit area), its label's width and its row's widest.
    public static let sliderHeight = 32.0, sliderLabelWidth = 88.0, sliderMaxWidth = 420.0

    /// The image's frame (nil without an image).
    public var image: Rect?
    /// One rectangle per text line of the title block, with its style: overline, title, subtitle, facts.
    public var lines: [(style: TextStyle, text: String, frame: Rect)]
    /// One rectangle per action button, in order.
    public var buttons: [Rect]
    /// One row per slider, in order: its label's frame and its track's (the hit area; the bar is drawn along
    /// its middle, filled to the value).
    public var sliders: [(label: Rect, track: Rect)]
    /// The paragraph's box (its text wraps inside; the last line that fits ends in an ellipsis).
    public var paragraph: Rect

    /// Lays `details` out in `content`.
    /// `details` laid out in `content`; the paragraph wraps `reservingTrailing` points short of the content's right
    /// edge (the column the docked circle takes, ``Shell/circleReserve``), where nothing else reaches.
    public init(_ details: DetailsScreen, in content: Rect, reservingTrailing: Double = 0) {
        let margin = Self.margin
        let inner = content.insetBy(dx: margin, dy: margin)
        let wide = content.width >= 560
        var image: Rect?
        var column: Rect
        if details.image != nil {
            if wide {
                let width = min(inner.width * 0.45, inner.height * 0.45 * 16 / 9).rounded()
                image = Rect(x: inner.x, y: inner.y, width: width, height: (width * 9 / 16).rounded())
                column = Rect(x: inner.x + width + margin, y: inner.y, width: max(0, inner.width - width - margin), height: inner.height)
            } else {
                let width = min(inner.width, inner.height * 0.35 * 16 / 9).rounded()
                let frame = Rect(x: inner.x, y: inner.y, width: width, height: (width * 9 / 16).rounded())
                image = frame
                column = Rect(x: inner.x, y: frame.maxY + margin / 2, width: inner.width, height: max(0, inner.maxY - frame.maxY - margin / 2))
            }
        } else {
            column = inner
        }
        var lines: [(style: TextStyle, text: String, frame: Rect)] = []
        var y = column.y
        func add(_ style: TextStyle, _ text: String?) {
            guard let text, !text.isEmpty else { return }
            lines.append((style, text, Rect(x: column.x, y: y, width: column.width, height: style.lineHeight)))
            y += style.lineHeight
        }
        add(.overline, details.overline)
        add(.title, details.title)
        add(.body, details.subtitle)
        if !details.facts.isEmpty { y += 6 }
        for fact in details.facts { add(.caption, fact) }
        let blockBottom = max(y, wide ? (image?.maxY ?? y) : y)
        var buttons: [Rect] = []
        var buttonsBottom = blockBottom
        if !details.actions.isEmpty {
            let top = blockBottom + margin / 2
            for index in details.actions.indices {
                let x = inner.x + Double(index) * (Self.buttonWidth + Self.buttonGap)
                buttons.append(Rect(x: x, y: top, width: Self.buttonWidth, height: Self.buttonHeight))
            }
            buttonsBottom = top + Self.buttonHeight
        }
        var sliders: [(label: Rect, track: Rect)] = []
        for _ in details.sliders {
            let top = buttonsBottom + margin / 2
            let width = min(inner.width, Self.sliderMaxWidth)
            let label = Rect(x: inner.x, y: top, width: min(width, Self.sliderLabelWidth), height: Self.sliderHeight)
            sliders.append((label, Rect(x: label.maxX, y: top, width: max(0, width - label.width), height: Self.sliderHeight)))
            buttonsBottom = top + Self.sliderHeight
        }
        self.sliders = sliders
        let paragraphTop = buttonsBottom + margin / 2
        self.image = image
        self.lines = lines
        self.buttons = buttons
        let reserved = reservingTrailing.isFinite ? max(0, reservingTrailing - margin) : 0
        self.paragraph = Rect(x: inner.x, y: paragraphTop, width: max(0, inner.width - reserved),
                              height: max(0, inner.maxY - paragraphTop))
    }

    /// The index of the button containing `point`, if any.
    public func button(at point: Point) -> Int? {
        buttons.firstIndex { $0.contains(point) }
    }

    /// The index of the slider whose track contains `point`, if any.
    public func slider(at point: Point) -> Int? {
        sliders.firstIndex { $0.track.contains(point) }
    }

    public static func == (a: DetailsLayout, b: DetailsLayout) -> Bool {
        a.image == b.image && a.buttons == b.buttons && a.paragraph == b.paragraph
            && a.lines.map(\.style) == b.lines.map(\.style) && a.lines.map(\.text) == b.lines.map(\.text)
            && a.lines.map(\.frame) == b.lines.map(\.frame)
            && a.sliders.map(\.label) == b.sliders.map(\.label) && a.sliders.map(\.track) == b.sliders.map(\.track)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(image)
        hasher.combine(buttons)
        hasher.combine(paragraph)
    }
}
