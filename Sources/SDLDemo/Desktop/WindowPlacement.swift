import ScreenKit

/// A window's size and place in points, as remembered in ``Settings``: the size of its contents, and the outer
/// top-left corner, the window manager's frame included (what a new window's position names on X11; nil: the
/// window is centred on the display).
///
/// ```swift
/// let start = WindowPlacement.start(saved: WindowPlacement(width: 900, height: 700, x: 2000, y: 80),
///                                   width: nil, height: nil,
///                                   displays: [Rect(x: 0, y: 0, width: 1280, height: 800)])
/// // 900 × 700, centred: the saved place is on a display that is gone
/// ```
struct WindowPlacement: Equatable, Sendable, Codable {
    var width: Int
    var height: Int
    var x: Int?
    var y: Int?

    /// The window size used when neither the command line nor the settings give one (`SDLDemo --help`).
    static let defaultSize = (width: 800, height: 600)
    /// The largest side remembered (points): beyond any display of today (16K is 15 360).
    static let maxSide = 16_384
    /// The farthest a remembered place may be from the origin (points).
    static let maxOffset = 100_000
    /// How much of a window must lie on a display for its remembered place to be kept (points, each way): enough
    /// of the title bar to grab and move it.
    static let minimumVisible = 64

    /// Whether the values could be a real window's (sizes 1…``maxSide``, places within ``maxOffset``).
    var isSane: Bool {
        (1...Self.maxSide).contains(width) && (1...Self.maxSide).contains(height)
            && [x, y].allSatisfy { $0.map { abs($0) <= Self.maxOffset } ?? true }
    }

    /// Where and how large the window opens: the command line's size wins (`--width`, `--height`, each on its own),
    /// then the saved size, then ``defaultSize``; a saved size larger than every display is shrunk to the largest.
    /// The saved place is kept only when at least ``minimumVisible`` points of the window each way lie on one of
    /// `displays` (a display unplugged since, a changed layout: centred instead). No displays known: the saved
    /// place is kept as it is.
    static func start(saved: WindowPlacement?, width: Int?, height: Int?, displays: [Rect]) -> WindowPlacement {
        var placement = WindowPlacement(width: width ?? saved?.width ?? defaultSize.width,
                                        height: height ?? saved?.height ?? defaultSize.height,
                                        x: saved?.x, y: saved?.y)
        if width == nil, height == nil, let largest = displays.max(by: { $0.width * $0.height < $1.width * $1.height }) {
            placement.width = min(placement.width, Int(largest.width))
            placement.height = min(placement.height, Int(largest.height))
        }
        guard let x = placement.x, let y = placement.y else {
            (placement.x, placement.y) = (nil, nil)
            return placement
        }
        if !displays.isEmpty {
            let visible = displays.contains { display in
                let overlapX = min(Double(x + placement.width), display.maxX) - max(Double(x), display.x)
                let overlapY = min(Double(y + placement.height), display.maxY) - max(Double(y), display.y)
                return overlapX >= Double(minimumVisible) && overlapY >= Double(minimumVisible)
            }
            if !visible { (placement.x, placement.y) = (nil, nil) }
        }
        return placement
    }
}
