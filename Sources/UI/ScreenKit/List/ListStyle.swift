/// How a list lays its rows out: one row height for items and one for headers, thumbnails or not, and whether
/// a pull at the top asks for a refresh.
public struct ListStyle: Hashable, Sendable {
    /// Height of every item row, the loading row included, in points.
    public var rowHeight: Double
    /// Height of a header row (``ListRow/Kind/header``), in points.
    public var headerHeight: Double
    /// Whether rows keep room for a 16:9 thumbnail at their left.
    public var showsThumbnails: Bool
    /// Whether pulling the list down past ``refreshThreshold`` and releasing asks for a refresh.
    public var isRefreshable: Bool
    /// How far (in points, as shown) the content must be pulled down for a release to refresh.
    public var refreshThreshold: Double
    /// The room kept open at the top while refreshing (the spinner's place).
    public var refreshHoldHeight: Double
    /// The next page is asked for once the end is less than this many viewport heights below the
    /// bottom of the view.
    public var nearEndViewports: Double

    /// Creates a style; every parameter has the default's value.
    public init(rowHeight: Double = 72, showsThumbnails: Bool = true, isRefreshable: Bool = true,
                refreshThreshold: Double = 64, refreshHoldHeight: Double = 56, nearEndViewports: Double = 1,
                headerHeight: Double = 32) {
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.showsThumbnails = showsThumbnails
        self.isRefreshable = isRefreshable
        self.refreshThreshold = refreshThreshold
        self.refreshHoldHeight = refreshHoldHeight
        self.nearEndViewports = nearEndViewports
    }

    /// The height of `row`: ``headerHeight`` for a header, ``rowHeight`` for an item.
    public func height(of row: ListRow) -> Double { row.isHeader ? headerHeight : rowHeight }

    /// 72 pt rows (32 pt headers) with thumbnails, refreshable (64 pt pull, 56 pt spinner room), next page one viewport ahead.
    public static let `default` = ListStyle()

    /// Inner padding of a row, in points.
    public static let padding = 12.0

    /// Where a row's thumbnail goes, relative to the row's top-left corner: 16:9, as tall as the row less
    /// its padding (nil without thumbnails).
    public func thumbnailFrame() -> Rect? {
        guard showsThumbnails else { return nil }
        let height = max(0, rowHeight - 2 * Self.padding)
        return Rect(x: Self.padding, y: Self.padding, width: (height * 16 / 9).rounded(), height: height)
    }

    /// Where a row's text starts, relative to the row's left edge.
    public var textInset: Double {
        if let thumbnail = thumbnailFrame() { return thumbnail.maxX + Self.padding }
        return Self.padding + 4
    }
}
