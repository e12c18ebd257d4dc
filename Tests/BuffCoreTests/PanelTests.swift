import BuffCore
import DragPhysics
import ScreenKit
import Testing

@Suite("Panel model")
struct PanelTests {
    static let window = Size(width: 800, height: 600)

    @Test(arguments: 2...5) func theLayoutAdaptsToTheAnswersAndStaysInTheWindow(count: Int) {
        let layout = BuffPanelLayout(window: Self.window, answers: count)
        #expect(layout.answers.count == count)
        #expect(layout.panel.maxY == 600 - BuffPanelLayout.margin)
        #expect(layout.panel.y >= 0)
        for (upper, lower) in zip(layout.answers, layout.answers.dropFirst()) {
            #expect(lower.y >= upper.maxY)
        }
        #expect(layout.answers.last!.maxY < layout.panel.maxY)
        #expect(layout.close.maxX <= layout.panel.maxX)
        #expect(layout.sender.maxY <= layout.question.y)
        #expect(layout.question.maxY <= layout.answers[0].y)
        // Sections do not overlap the close button except the sender row it sits in.
        #expect(layout.senderName.maxX <= layout.close.x)
    }

    @Test func moreAnswersMakeATallerPanel() {
        let two = BuffPanelLayout(window: Self.window, answers: 2).panel.height
        let five = BuffPanelLayout(window: Self.window, answers: 5).panel.height
        #expect(five - two == 3 * (BuffPanelLayout.answerHeight + BuffPanelLayout.answerGap))
    }

    @Test func slidesInAndOutWithTheEasingAsAFunctionOfTime() throws {
        var panel = BuffPanel()
        let buff = Samples.buff(id: 1, seconds: 10)
        let t0 = Duration.seconds(30)
        panel.apply([.show(buff, secondsLeft: 10)], at: t0)
        let full = BuffPanelLayout(window: Self.window, answers: 2).panel
        #expect(panel.frame(at: t0, window: Self.window)?.slide == 0)
        #expect(panel.frame(at: t0, window: Self.window)?.layout.panel.maxX == 0)
        let half = try #require(panel.frame(at: t0 + .milliseconds(175), window: Self.window))
        #expect(abs(half.slide - PennerEasing.cubicOut.value(at: 0.5)) < 1e-12)
        #expect(panel.frame(at: t0 + BuffPanel.slideDuration, window: Self.window)?.layout.panel == full)
        #expect(panel.isAnimating(at: t0 + .seconds(1)))    // the ring empties
        panel.apply([.hide(buff: 1, reason: .expired)], at: t0 + .seconds(10))
        #expect(panel.current == nil)
        let out = try #require(panel.frame(at: t0 + .seconds(10) + .milliseconds(175), window: Self.window))
        #expect(abs(out.slide - (1 - PennerEasing.cubicIn.value(at: 0.5))) < 1e-12)
        #expect(out.isLeaving)
        #expect(panel.frame(at: t0 + .seconds(10) + BuffPanel.slideDuration, window: Self.window) == nil)
        #expect(!panel.isAnimating(at: t0 + .seconds(11)))
    }

    @Test func theRingEmptiesAndFreezesOnAVote() throws {
        var panel = BuffPanel()
        panel.apply([.show(Samples.buff(id: 1, seconds: 10), secondsLeft: 10)], at: .zero)
        #expect(panel.frame(at: .seconds(5), window: Self.window)?.ringFraction == 0.5)
        panel.apply([.countdown(buff: 1, secondsLeft: 6)], at: .seconds(4))
        panel.apply([.highlight(buff: 1, answer: 101)], at: .milliseconds(4200))
        let frame = try #require(panel.frame(at: .seconds(6), window: Self.window))
        #expect(abs(frame.ringFraction - 0.58) < 1e-12)
        #expect(frame.secondsLeft == 6)
        #expect(frame.highlighted == 101)
    }

    @Test func tapsHitAnswersCloseOrThePanelAndNothingOutside() {
        var panel = BuffPanel()
        panel.apply([.show(Samples.buff(id: 1, seconds: 10, answers: 3), secondsLeft: 10)], at: .zero)
        let t = Duration.seconds(1)
        let layout = BuffPanelLayout(window: Self.window, answers: 3)
        #expect(panel.hit(layout.answers[2].center, at: t, window: Self.window) == .answer(102))
        #expect(panel.hit(layout.close.center, at: t, window: Self.window) == .close)
        #expect(panel.hit(layout.question.center, at: t, window: Self.window) == .panel)
        #expect(panel.hit(Point(x: 700, y: 100), at: t, window: Self.window) == nil)
        // While sliding in, the panel is where it is drawn: its final place is not yet covered.
        #expect(panel.hit(layout.close.center, at: .zero, window: Self.window) == nil)
        // Sliding out: swallowed, but no longer a button.
        panel.apply([.hide(buff: 1, reason: .closed)], at: .seconds(2))
        #expect(panel.hit(layout.answers[0].center, at: .seconds(2), window: Self.window) == .panel)
        #expect(panel.hit(layout.answers[0].center, at: .seconds(3), window: Self.window) == nil)
    }
}

@Suite("Panel pointer")
struct PanelPointerTests {
    static let window = Size(width: 800, height: 600)
    static let layout = BuffPanelLayout(window: window, answers: 2)

    var panel: BuffPanel {
        var panel = BuffPanel()
        panel.apply([.show(Samples.buff(id: 1, seconds: 10), secondsLeft: 10)], at: .zero)
        return panel
    }

    @Test func aTapOnAnAnswerVotesOnTheCloseButtonCloses() {
        var pointer = BuffPanelPointer()
        let t = Duration.seconds(1), answer = Self.layout.answers[1].center, close = Self.layout.close.center
        #expect(pointer.down(at: answer, panel: panel, now: t, window: Self.window) == .consumed)
        #expect(pointer.moved() == .consumed)
        #expect(pointer.up(at: answer, panel: panel, now: t, window: Self.window) == .vote(answer: 101))
        #expect(pointer.down(at: close, panel: panel, now: t, window: Self.window) == .consumed)
        #expect(pointer.up(at: close, panel: panel, now: t, window: Self.window) == .close)
        #expect(pointer.captured == nil)
    }

    @Test func slidingOffCancelsAndNothingReachesThePlayer() {
        var pointer = BuffPanelPointer()
        let t = Duration.seconds(1)
        #expect(pointer.down(at: Self.layout.answers[0].center, panel: panel, now: t, window: Self.window) == .consumed)
        // Released on the other answer, then outside the panel: consumed, no vote.
        #expect(pointer.up(at: Self.layout.answers[1].center, panel: panel, now: t, window: Self.window) == .consumed)
        #expect(pointer.down(at: Self.layout.question.center, panel: panel, now: t, window: Self.window) == .consumed)
        #expect(pointer.moved() == .consumed)
        #expect(pointer.up(at: Point(x: 600, y: 100), panel: panel, now: t, window: Self.window) == .consumed)
    }

    @Test func aGestureStartedOutsidePassesThroughEvenOverThePanel() {
        var pointer = BuffPanelPointer()
        let t = Duration.seconds(1)
        #expect(pointer.down(at: Point(x: 400, y: 300), panel: panel, now: t, window: Self.window) == .passThrough)
        #expect(pointer.moved() == .passThrough)
        #expect(pointer.up(at: Self.layout.answers[0].center, panel: panel, now: t, window: Self.window) == .passThrough)
        #expect(pointer.wheel(at: Self.layout.answers[0].center, panel: panel, now: t, window: Self.window) == .consumed)
        #expect(pointer.wheel(at: Point(x: 600, y: 100), panel: panel, now: t, window: Self.window) == .passThrough)
        // No panel: everything passes.
        #expect(pointer.down(at: Self.layout.answers[0].center, panel: BuffPanel(), now: t, window: Self.window) == .passThrough)
    }
}
