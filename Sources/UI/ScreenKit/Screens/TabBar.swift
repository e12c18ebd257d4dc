import DragPhysics

/// A tab's identity (a section of an app: `featured`, `radio`…).
public struct TabID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name.
    public var rawValue: String
    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a literal name.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The name.
    public var description: String { rawValue }
}

/// A row of tabs along the bottom of a screen; one is selected.
///
/// A tap on another tab selects it and reports ``ShellOutput/tabSelected(_:_:)`` (the app then shows that
/// section's content); a tap on the selected tab does nothing.
///
/// ```swift
/// var tabs = TabBar(items: [.init(id: "featured", title: "Featured"), .init(id: "radio", title: "Radio")])
/// tabs.select("radio")   // true: it changed
/// ```
public struct TabBar: Hashable, Sendable {
    /// One tab.
    public struct Item: Hashable, Sendable {
        /// What a selection reports.
        public var id: TabID
        /// What the tab says.
        public var title: String
        /// Creates a tab.
        public init(id: TabID, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// Height of the bar in points.
    public static let height = 56.0

    /// The tabs, left to right.
    public private(set) var items: [Item]
    /// The selected tab (the first one initially).
    public private(set) var selected: TabID?

    /// A bar with `items`, the first selected.
    public init(items: [Item], selected: TabID? = nil) {
        self.items = items
        self.selected = selected.flatMap { id in items.contains { $0.id == id } ? id : nil } ?? items.first?.id
    }

    /// Selects `id`; returns whether the selection changed (unknown ids and the selected tab change nothing).
    @discardableResult
    public mutating func select(_ id: TabID) -> Bool {
        guard id != selected, items.contains(where: { $0.id == id }) else { return false }
        selected = id
        return true
    }

    /// The tabs' frames in `bar`: equal widths, left to right.
    public func frames(in bar: Rect) -> [Rect] {
        guard !items.isEmpty else { return [] }
        let width = bar.width / Double(items.count)
        return items.indices.map { Rect(x: bar.x + Double($0) * width, y: bar.y, width: width, height: bar.height) }
    }

    /// The index of the tab under `point` in `bar`, if any.
    public func index(at point: Point, in bar: Rect) -> Int? {
        frames(in: bar).firstIndex { $0.contains(point) }
    }
}
