// docs/SDLDemo.md, "Wiring a feed app": a whole app's screens as a ScreenKit ScreenModel.
import DragPhysics
import Foundation
import ScreenKit

struct ItemScreens: ScreenModel {
    struct Request: ScreenLoadRequest { var serial: Int }
    typealias Outcome = Result<[ListRow], LoadFailure>
    typealias Effect = NoEffect
    private var serial = 0

    mutating func send(_ event: ScreenModelEvent<Request, Outcome>, _ shell: inout Shell, at t: Double, now: Date)
        -> [ScreenModelCommand<Request, Effect>] {
        switch event {
        case .started:                                   // the first screen, loading; ask for its rows
            shell.push(Screen(id: "items", title: "Items", load: .loading, body: .list(ScrollingList())), at: t)
            serial += 1
            return [.load(Request(serial: serial))]
        case .finished(_, .success(let rows)):
            shell.update("items", at: t) { $0.load = .loaded; $0.body = .list(ScrollingList(rows: rows)) }
        case .finished(_, .failure(let failure)):
            shell.update("items", at: t) { $0.load = .failed(message: failure.message) }
        case .output:                                    // a row selected, Retry, a refresh…: more of the same
            break
        }
        return []
    }
}

// snippet.hide
// What ScreenAppHost does with it, on one frame's time: start, then hand back the load's outcome.
var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
var model = ItemScreens()
for case .load(let request) in model.send(.started, &shell, at: 0, now: Date()) {
    _ = model.send(.finished(request, .success([ListRow(id: "1", title: "One")])), &shell, at: 0.1, now: Date())
}
// snippet.show
