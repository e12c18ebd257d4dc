// TEMPORARY stand-in for the DragPhysics module (branch `physics`), same names, no animation.
// Deleted when `physics` is merged; nothing here is meant to stay.
struct Point: Equatable, Sendable { var x: Double; var y: Double }
struct Size: Equatable, Sendable { var width: Double; var height: Double }
enum Edge: String, Sendable { case left, right, top, bottom }
enum Release: Equatable, Sendable { case tap, dropped, flicked(Edge) }
struct DraggableCircle: Sendable {
    var radius: Double
    var bounds: Size
    var position: Point
    var docked: Edge?
    var grab: Point?
    var moved = false
    static func centered(in size: Size, radius: Double) -> DraggableCircle {
        DraggableCircle(radius: radius, bounds: size, position: Point(x: size.width / 2, y: size.height / 2))
    }
    func center(at time: Double) -> Point { position }
    func isMoving(at time: Double) -> Bool { false }
    func dockedEdge(at time: Double) -> Edge? { docked }
    func contains(_ p: Point, at time: Double) -> Bool {
        let dx = p.x - position.x, dy = p.y - position.y
        return dx * dx + dy * dy <= radius * radius
    }
    mutating func pointerDown(at p: Point, time: Double) -> Bool {
        guard contains(p, at: time) else { return false }
        grab = p; moved = false; return true
    }
    mutating func pointerMoved(to p: Point, time: Double) {
        guard let g = grab else { return }
        if abs(p.x - g.x) + abs(p.y - g.y) > 8 { moved = true }
        if moved { position = Point(x: position.x + p.x - g.x, y: position.y + p.y - g.y); grab = p; docked = nil }
    }
    mutating func pointerUp(at p: Point, time: Double) -> Release {
        defer { grab = nil }
        return moved ? .dropped : .tap
    }
    mutating func push(to edge: Edge, time: Double) {
        switch edge {
        case .left: position.x = radius
        case .right: position.x = bounds.width - radius
        case .top: position.y = radius
        case .bottom: position.y = bounds.height - radius
        }
        docked = edge
    }
    mutating func resize(to size: Size, time: Double) {
        bounds = size
        position.x = min(max(position.x, radius), size.width - radius)
        position.y = min(max(position.y, radius), size.height - radius)
    }
}
