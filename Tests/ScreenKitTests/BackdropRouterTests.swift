import DragPhysics
import ScreenKit
import Testing

/// `BackdropRouter`: every row of its table, with the circle shown and hidden, and a screen or a notice over the
/// backdrop (`SDLDemo --app buffs`: the circle over a playing video).
@Suite("BackdropRouter: the circle and screens over a video")
struct BackdropRouterTests {
    /// An 800 × 600 window, the circle (radius 60) at its centre.
    static let shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
    static let onCircle = Point(x: 400, y: 300), offCircle = Point(x: 100, y: 500)

    @Test("keys, text and the window manager's fullscreen changes go to the backdrop, wheel, resize, tick and close to the shell")
    func nonPointer() {
        var router = BackdropRouter()
        #expect(router.route(.key(.space, time: 0), shell: Self.shell) == .backdrop)
        #expect(router.route(.key(.escape, time: 0), shell: Self.shell) == .backdrop)
        #expect(router.route(.text("k", time: 0), shell: Self.shell) == .backdrop)
        #expect(router.route(.fullscreenChanged(false, time: 0), shell: Self.shell) == .backdrop)
        #expect(router.route(.wheel(dx: 0, dy: 1, at: Self.offCircle, time: 0), shell: Self.shell) == .shell)
        #expect(router.route(.resized(Size(width: 640, height: 400), time: 0), shell: Self.shell) == .shell)
        #expect(router.route(.tick(time: 0), shell: Self.shell) == .shell)
        #expect(router.route(.windowClosed(time: 0), shell: Self.shell) == .shell)
        #expect(router.pressOwner == nil)
    }

    @Test("a press on the circle is the shell's until it ends, wherever it moves")
    func pressOnCircle() {
        var router = BackdropRouter()
        #expect(router.route(.pointerDown(Self.onCircle, time: 1), shell: Self.shell) == .shell)
        #expect(router.pressOwner == .shell)
        #expect(router.route(.pointerMoved(Self.offCircle, time: 1.1), shell: Self.shell) == .shell)
        #expect(router.route(.pointerUp(Self.offCircle, time: 1.2), shell: Self.shell) == .shell)
        #expect(router.pressOwner == nil)
        // After the release, a hover is the video's (it shows the controls).
        #expect(router.route(.pointerMoved(Self.onCircle, time: 1.3), shell: Self.shell) == .backdrop)
    }

    @Test("a press off the circle is the backdrop's until it ends, even over the circle; a cancel ends it")
    func pressOffCircle() {
        var router = BackdropRouter()
        #expect(router.route(.pointerDown(Self.offCircle, time: 1), shell: Self.shell) == .backdrop)
        #expect(router.route(.pointerMoved(Self.onCircle, time: 1.1), shell: Self.shell) == .backdrop)
        #expect(router.route(.pointerCancelled(time: 1.2), shell: Self.shell) == .backdrop)
        #expect(router.pressOwner == nil)
        #expect(router.route(.pointerUp(Self.onCircle, time: 1.3), shell: Self.shell) == .backdrop, "a release without a press")
    }

    @Test("a hidden circle takes no press; a screen or a notice takes every press")
    func shellTakes() {
        var hidden = Self.shell
        hidden.isCircleHidden = true
        #expect(!hidden.takesPress(at: Self.onCircle, time: 0))
        #expect(Self.shell.takesPress(at: Self.onCircle, time: 0))
        #expect(!Self.shell.takesPress(at: Self.offCircle, time: 0))
        var router = BackdropRouter()
        #expect(router.route(.pointerDown(Self.onCircle, time: 0), shell: hidden) == .backdrop)
        _ = router.route(.pointerUp(Self.onCircle, time: 0.1), shell: hidden)

        var screen = hidden
        screen.push(Screen(id: "rows", title: "Rows", body: .list(ScrollingList())), at: 0)
        #expect(screen.takesPress(at: Self.offCircle, time: 0))
        #expect(router.route(.pointerDown(Self.offCircle, time: 1), shell: screen) == .shell)
        _ = router.route(.pointerUp(Self.offCircle, time: 1.1), shell: screen)

        var notice = hidden
        notice.show(Notice(title: "Offline", message: "No network"), at: 0)
        #expect(notice.takesPress(at: Self.offCircle, time: 0))
    }

    @Test("the circle is hit where it is at the press's time (it moves)")
    func movingCircle() {
        var shell = Self.shell
        _ = shell.send(.key(.left, time: 0))   // pushed to the left edge
        let later = 10.0
        let centre = shell.circle.center(at: later)
        #expect(centre.x < 400)
        #expect(shell.takesPress(at: centre, time: later))
        #expect(!shell.takesPress(at: Self.onCircle, time: later))
    }
}
