import DragPhysics
import Testing

@testable import ScreenKit

@Suite("PlayerScreen: the video player on the shell's stack")
struct PlayerScreenTests {
    @Test("the player screen: named player, empty, no tabs (they hide while it is open)")
    func screen() {
        let screen = PlayerScreen.screen(title: "Overture")
        #expect(screen.id == "player" && screen.title == "Overture")
        #expect(screen.body.kindName == "empty" && screen.tabs == nil)
    }

    @Test("close: pops the player when it is on top and reports back(from: player); the list below keeps its scroll")
    func close() {
        var shell = makeShell()
        shell.setScreens([listScreen("videos")], at: 0)
        shell.send(.wheel(dx: 0, dy: -3, at: Point(x: 400, y: 300), time: 0))
        let scrolled = shell.top?.list?.offset(at: 5)
        #expect((scrolled ?? 0) > 0)
        shell.push(PlayerScreen.screen(title: "Overture"), at: 5)
        #expect(shell.close("videos", at: 6).isEmpty, "not on top: nothing closes")
        #expect(shell.top?.id == PlayerScreen.id && shell.screens.count == 2)
        #expect(shell.close(PlayerScreen.id, at: 6) == [.back(from: PlayerScreen.id)])
        #expect(shell.top?.id == "videos" && shell.top?.list?.offset(at: 7) == scrolled)
        #expect(shell.close(PlayerScreen.id, at: 7).isEmpty, "already closed")
    }
}
