/// The text styles screens use, with the sizes layouts reserve for them. Layouts (pure) and renderers
/// (SDL2_ttf) both read this table, so a line laid out here is the line drawn there.
///
/// | style | size (pt) | line height (pt) | weight |
/// |---|---:|---:|---|
/// | `overline` | 12 | 16 | bold |
/// | `rowTitle` | 16 | 21 | bold |
/// | `body` | 14 | 19 | regular |
/// | `title` | 22 | 30 | bold |
/// | `barTitle` | 17 | 24 | bold |
/// | `button` | 15 | 20 | bold |
/// | `caption` | 13 | 17 | regular |
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    /// Small line above a title (channel, "COLLECTION").
    case overline
    /// A row's title.
    case rowTitle
    /// Subtitles, facts and paragraphs.
    case body
    /// A details screen's title.
    case title
    /// The title bar's title.
    case barTitle
    /// Button labels.
    case button
    /// Small notes (the player's failure message, the loading row).
    case caption

    /// Font size in points.
    public var pointSize: Double {
        switch self {
        case .overline: 12
        case .rowTitle: 16
        case .body: 14
        case .title: 22
        case .barTitle: 17
        case .button: 15
        case .caption: 13
        }
    }

    /// The height a line of this style takes in a layout.
    public var lineHeight: Double {
        switch self {
        case .overline: 16
        case .rowTitle: 21
        case .body: 19
        case .title: 30
        case .barTitle: 24
        case .button: 20
        case .caption: 17
        }
    }

    /// Whether the style is set in the bold face.
    public var isBold: Bool {
        switch self {
        case .overline, .rowTitle, .title, .barTitle, .button: true
        case .body, .caption: false
        }
    }
}
