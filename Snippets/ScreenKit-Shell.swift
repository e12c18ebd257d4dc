// docs/ScreenKit.md: a screen pushed, its first page, a tick and a tap on a row, the frame to draw.
import DragPhysics
import ScreenKit

// snippet.hide
let rows = (0..<25).map { ListRow(id: RowID("v\($0)"), title: "Video \($0)") }
// snippet.show
var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
shell.push(Screen(id: "videos", title: "Night Drives", load: .loading, body: .list(ScrollingList())), at: 0)
// … the app's first page arrives:
shell.update("videos", at: 0.3) { screen in
    screen.load = .loaded
    screen.body = .list(ScrollingList(rows: rows, hasMore: true))
}
shell.send(.tick(time: 0.32))                                   // [.nearEnd("videos", rowCount: 25)] if the end is near
shell.send(.pointerDown(Point(x: 100, y: 90), time: 1))
shell.send(.pointerUp(Point(x: 100, y: 90), time: 1.05))        // [.rowSelected("videos", "v0")]
let frame = shell.frame(at: 1.05)                               // what to draw: ShellFrame
