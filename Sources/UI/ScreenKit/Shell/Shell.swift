import DragPhysics

/// The window's whole interactive state as one value: the circle player floating over a stack of screens,
/// and a notice over them. Input events in, ``ShellOutput``s out; the app changes screens through the
/// methods under "App side"; time is passed in.
///
/// **Hit testing.** A press goes to the first of: the circle (it floats above everything and keeps its
/// drag and flick; not while hidden or under a screen that hides it, ``showsCircle``); the notice, if one shows (modal: a press outside its buttons does nothing); the top
/// screen's back button, tab bar, and content (the list, an action button, the Retry button). The owner
/// of a press keeps every move and the release, wherever they are; a button fires only if the release
/// is inside it.
///
/// **Keys.** Space taps the circle; arrows push it to an edge; Escape closes the notice, else goes back,
/// else (on the root screen, or with no screen) quits; Backspace deletes in a search field, else closes the
/// notice or goes back (never quits); Enter submits a search.
///
/// | state | event | outputs and changes |
/// |---|---|---|
/// | any, circle shown (``showsCircle``) | press on the circle … release without moving | ``ShellOutput/circleTapped`` |
/// | no notice, depth > 1 | tap on the back button, Escape, Backspace | top screen popped, ``ShellOutput/back(from:)`` |
/// | no notice, depth ≤ 1 | Escape | ``ShellOutput/quit`` |
/// | notice | tap on its button *i* | notice closed, ``ShellOutput/noticeAction(_:)`` with button *i*'s action |
/// | notice | Escape, Backspace | notice closed, ``ShellOutput/noticeAction(_:)`` `.dismiss` |
/// | notice | press elsewhere (not the circle), wheel | nothing |
/// | top screen `failed` | tap on Retry | state `loading`, ``ShellOutput/retryRequested(_:)`` |
/// | top screen `loading` | press in the content | nothing |
/// | top list | press, drag, wheel, tick | the list's outputs for this screen (``ScrollingList``); a pull to refresh also sets `refreshing` |
/// | top details | tap on an action button | ``ShellOutput/action(_:_:)`` |
/// | top details | tap on a slider's track | ``ShellOutput/sliderChanged(_:_:_:)`` with the fraction at the lift |
/// | top screen with tabs | tap on another tab | it is selected, ``ShellOutput/tabSelected(_:_:)`` |
/// | top search | text, Backspace (text not empty), Enter | ``ShellOutput/searchChanged(_:_:)``, ``ShellOutput/searchSubmitted(_:_:)`` |
/// | any | resize | the circle stays inside (docked stays docked), every screen is laid out again |
///
/// ```swift
/// var shell = Shell(size: Size(width: 800, height: 600), circleRadius: 60)
/// shell.push(Screen(id: "rows", title: "Rows", body: .list(ScrollingList(rows: rows))), at: 0)
/// shell.send(.pointerDown(Point(x: 100, y: 90), time: 1))
/// shell.send(.pointerUp(Point(x: 100, y: 90), time: 1.05))   // [.rowSelected("rows", rows[0].id)]
/// ```
public struct Shell: Sendable {
    private enum Gesture: Sendable {
        case circle
        case control(ShellControl)
        case list
        case absorbed
    }

    /// Where the circle rests until the user moves it.
    public enum CircleHome: Hashable, Sendable {
        /// In the middle of the window (the player alone: the circle is the whole app).
        case center
        /// Docked on the right edge at the bottom, above the tab bar (the feed apps: the circle covers no text
        /// there, as Material's floating action button; lists and details keep room for it, ``circleReserve``).
        case bottomTrailing
    }

    /// The room between the circle at ``CircleHome/bottomTrailing`` and the tab bar, in points.
    public static let homeMargin = 12.0

    /// The circle player's position and motion.
    public private(set) var circle: DraggableCircle
    /// Where the circle rests until the user moves it.
    public let circleHome: CircleHome
    /// Whether the circle is still where ``circleHome`` put it: it follows a resize there until the user drags,
    /// flicks or pushes it (then it is the user's, and stays where they left it).
    public private(set) var isCircleAtHome = true
    /// The screens, bottom to top (empty: the player alone).
    public private(set) var screens: [Screen]
    /// The notice over the screens, if any.
    public private(set) var notice: Notice?
    /// The window's regions.
    public private(set) var layout: ShellLayout
    /// The control held down (drawn highlighted), if any.
    public private(set) var pressedControl: ShellControl?
    /// Whether the circle is hidden (nothing is selected to play): presses go to what is under it.
    public var isCircleHidden = false
    /// Whether the now-playing mark (the headphones) shows at the title bar's left, on every screen: the app sets
    /// it while its audio is loaded; a tap reports ``ShellOutput/titleButtonTapped(_:_:)`` with `.nowPlaying`.
    public var showsNowPlayingMark = false
    private var gesture: Gesture?

    /// A shell with the circle at `circleHome` (centred by default) in a window of `size`, and no screens.
    public init(size: Size, circleRadius: Double, circleConfiguration: DragConfiguration = .default,
                circleHome: CircleHome = .center) {
        self.circleHome = circleHome
        circle = Self.circle(at: circleHome, in: size, radius: circleRadius, configuration: circleConfiguration)
        screens = []
        notice = nil
        layout = ShellLayout(size: size)
        pressedControl = nil
        gesture = nil
    }

    /// The circle resting at `home` in a window of `size`.
    public static func circle(at home: CircleHome, in size: Size, radius: Double,
                              configuration: DragConfiguration = .default) -> DraggableCircle {
        switch home {
        case .center:
            return DraggableCircle.centered(in: size, radius: radius, configuration: configuration)
        case .bottomTrailing:
            let y = size.height - TabBar.height - homeMargin - radius
            return DraggableCircle(center: Point(x: size.width - radius, y: y), radius: radius, bounds: size,
                                   configuration: configuration, docked: .right)
        }
    }

    /// The room the circle at ``CircleHome/bottomTrailing`` takes, which the screens keep free of text: `width`, the
    /// column at the window's right a details paragraph wraps short of; `height`, what a list keeps free after its
    /// last row (the circle, the margins and two caption lines above it). Zero for ``CircleHome/center``.
    public var circleReserve: Size {
        guard circleHome == .bottomTrailing else { return Size(width: 0, height: 0) }
        let diameter = 2 * circle.radius
        let caption = 2 * TextStyle.caption.lineHeight + 8 + 10
        return Size(width: diameter + Self.homeMargin, height: diameter + 2 * Self.homeMargin + caption)
    }

    // MARK: Reading

    /// The screen on top, if any.
    public var top: Screen? { screens.last }
    /// Whether there is a screen to go back to (Escape goes back).
    public var canGoBack: Bool { screens.count > 1 }
    /// Whether the back button shows: there is a screen to go back to and the top one is not a modal (which has Done).
    public var showsBackButton: Bool { canGoBack && top?.isModal != true }
    /// Whether the circle shows and takes presses: something is selected to play (``isCircleHidden`` is false)
    /// and the top screen does not hide it (``Screen/hidesCircle``, a now-playing screen).
    public var showsCircle: Bool { !isCircleHidden && top?.hidesCircle != true }

    /// The topmost screen named `id`, if any.
    public func screen(_ id: ScreenID) -> Screen? { screens.last { $0.id == id } }

    /// The rows of the top screen's list visible at `t` (none while it loads or failed).
    public func visibleRows(at t: Double) -> [ScrollingList.VisibleRow] {
        guard let top, top.load.showsContent, let list = top.list else { return [] }
        return list.visibleRows(at: t)
    }

    /// Whether the picture changes on its own at `t`: the circle or a list moves, or a spinner turns.
    public func isAnimating(at t: Double) -> Bool {
        if circle.isMoving(at: t) { return true }
        guard let top else { return false }
        switch top.load {
        case .loading, .refreshing: return true
        case .failed: return false
        case .loaded: break
        }
        guard let list = top.list else { return false }
        return list.isMoving(at: t) || list.footerFrame(at: t) != nil && list.footer == .loading
    }

    // MARK: Input

    /// Applies one input event; returns what the player and the app must do.
    @discardableResult
    public mutating func send(_ event: ShellEvent) -> [ShellOutput] {
        switch event {
        case .pointerDown(let point, let t): return pointerDown(point, t)
        case .pointerMoved(let point, let t): pointerMoved(point, t)
        case .pointerUp(let point, let t): return pointerUp(point, t)
        case .pointerCancelled(let t): pointerCancelled(t)
        case .wheel(_, let dy, let point, let t): wheel(dy: dy, at: point, t)
        case .key(let key, let t): return self.key(key, t)
        case .text(let text, let t): return typed(text, t)
        case .resized(let size, let t): resize(size, t)
        case .tick(let t): return tick(t)
        case .windowClosed: return [.quit]
        case .fullscreenChanged: break   // the video screen's (the shell has no fullscreen)
        }
        return []
    }

    private mutating func pointerDown(_ point: Point, _ t: Double) -> [ShellOutput] {
        pressedControl = nil
        if showsCircle, circle.pointerDown(at: point, time: t) {
            gesture = .circle
            return []
        }
        if let notice {
            let index = NoticeLayout(notice, in: layout.size).button(at: point)
            startGesture(index.map { .control(.noticeButton($0)) } ?? .absorbed)
            return []
        }
        guard let top else {
            gesture = nil
            return []
        }
        if showsBackButton, layout.backButton.contains(point) {
            startGesture(.control(.back))
            return []
        }
        if let button = titleButton(at: point) {
            startGesture(.control(.titleButton(button)))
            return []
        }
        if layout.titleBar.contains(point) {
            startGesture(.absorbed)
            return []
        }
        if let tabs = top.tabs, layout.tabBar.contains(point) {
            startGesture(tabs.index(at: point, in: layout.tabBar).map { .control(.tab($0)) } ?? .absorbed)
            return []
        }
        let content = layout.content(of: top)
        switch top.load {
        case .loading:
            startGesture(.absorbed)
        case .failed:
            startGesture(layout.retryButton(in: content).contains(point) ? .control(.retry) : .absorbed)
        case .loaded, .refreshing:
            switch top.body {
            case .list, .search:
                if case .search = top.body, layout.searchButton(in: content).contains(point) {
                    startGesture(.control(.searchButton))
                } else if layout.listFrame(of: top).contains(point) {
                    updateTop { $0.updateList { $0.pointerDown(at: point, time: t) } }
                    startGesture(.list)
                } else {
                    startGesture(.absorbed)
                }
            case .details(let details):
                let layout = detailsLayout(details, in: content)
                if let index = layout.button(at: point) {
                    startGesture(.control(.action(index)))
                } else {
                    startGesture(layout.slider(at: point).map { .control(.slider($0)) } ?? .absorbed)
                }
            case .empty:
                startGesture(.absorbed)
            }
        }
        return []
    }

    private mutating func startGesture(_ newGesture: Gesture) {
        gesture = newGesture
        if case .control(let control) = newGesture { pressedControl = control }
    }

    private mutating func pointerMoved(_ point: Point, _ t: Double) {
        switch gesture {
        case .circle?: circle.pointerMoved(to: point, time: t)
        case .list?: updateTop { $0.updateList { $0.pointerMoved(to: point, time: t) } }
        default: break
        }
    }

    private mutating func pointerUp(_ point: Point, _ t: Double) -> [ShellOutput] {
        let owner = gesture
        gesture = nil
        pressedControl = nil
        switch owner {
        case .circle?:
            guard circle.pointerUp(at: point, time: t) == .tap else {
                isCircleAtHome = false   // dropped or flicked somewhere: the user's place now
                return []
            }
            return [.circleTapped]
        case .list?:
            guard let id = top?.id else { return [] }
            let outputs = updateTop { $0.updateList { $0.pointerUp(at: point, time: t) } ?? [] } ?? []
            return map(outputs, of: id, at: t)
        case .control(let control)?:
            guard let frame = frame(of: control), frame.contains(point) else { return [] }
            if case .slider(let index) = control, let top, case .details(let details) = top.body {
                return [.sliderChanged(top.id, details.sliders[index].name, frame.fraction(atX: point.x))]
            }
            return fire(control, at: t)
        case .absorbed?, nil:
            return []
        }
    }

    private mutating func pointerCancelled(_ t: Double) {
        switch gesture {
        case .circle?: circle.pointerCancelled(time: t)
        case .list?: updateTop { $0.updateList { $0.pointerCancelled(time: t) } }
        default: break
        }
        gesture = nil
        pressedControl = nil
    }

    private mutating func wheel(dy: Double, at point: Point, _ t: Double) {
        guard notice == nil, let top, top.load.showsContent, top.list != nil,
              layout.listFrame(of: top).contains(point) else { return }
        // SDL's dy > 0 scrolls towards the start; the list's notches count towards the end.
        updateTop { $0.updateList { $0.wheel(notches: -dy, time: t) } }
    }

    private mutating func key(_ key: ShellKey, _ t: Double) -> [ShellOutput] {
        let searching: Bool = if case .search? = top?.body, notice == nil { true } else { false }
        switch key {
        case .space:
            return searching ? [] : [.circleTapped]
        case .left, .right, .up, .down:
            isCircleAtHome = false
            let edge: Edge = switch key {
            case .left: .left
            case .right: .right
            case .up: .top
            default: .bottom
            }
            circle.push(to: edge, time: t)
        case .escape:
            if notice != nil { return dismissNotice(with: .dismiss) }
            if canGoBack { return goBack(at: t) }
            return [.quit]
        case .backspace:
            if notice != nil { return dismissNotice(with: .dismiss) }
            if searching, case .search(let search)? = top?.body, !search.field.text.isEmpty {
                return edit(.deleteBackward, t)
            }
            if canGoBack { return goBack(at: t) }
        case .enter:
            if searching { return edit(.submit, t) }
        case .f, .k, .m:
            // The video screen's keys. Here they do nothing anywhere: on a search screen the letter is typed
            // through the `.text` event SDL sends alongside the key.
            break
        }
        return []
    }

    private mutating func typed(_ text: String, _ t: Double) -> [ShellOutput] {
        guard notice == nil, case .search? = top?.body else { return [] }
        return edit(.insert(text), t)
    }

    private mutating func edit(_ event: TextField.Event, _ t: Double) -> [ShellOutput] {
        guard let id = top?.id, case .search(var search)? = top?.body else { return [] }
        let outputs = search.field.send(event)
        updateTop { $0.body = .search(search) }
        return outputs.map { output in
            switch output {
            case .changed(let text): .searchChanged(id, text)
            case .submitted(let text): .searchSubmitted(id, text)
            }
        }
    }

    private mutating func resize(_ size: Size, _ t: Double) {
        layout = ShellLayout(size: size)
        if isCircleAtHome, circleHome != .center, !circle.isDragging {
            circle = Self.circle(at: circleHome, in: size, radius: circle.radius, configuration: circle.configuration)
        } else {
            circle.resize(to: size, time: t)
        }
        for index in screens.indices { relayout(&screens[index], at: t) }
    }

    private mutating func tick(_ t: Double) -> [ShellOutput] {
        guard let top, top.load.showsContent, top.list != nil else { return [] }
        let outputs = updateTop { $0.updateList { $0.tick(at: t) } ?? [] } ?? []
        return map(outputs, of: top.id, at: t)
    }

    // MARK: Controls

    /// The title-bar button under `point`, if any: the now-playing mark, or the top screen's trailing button.
    private func titleButton(at point: Point) -> TitleBarButton? {
        if showsNowPlayingMark, layout.nowPlayingMark(afterBack: showsBackButton).contains(point) { return .nowPlaying }
        if let button = top?.trailingButton, layout.trailingButton.contains(point) { return button }
        return nil
    }

    private func frame(of control: ShellControl) -> Rect? {
        switch control {
        case .back:
            return showsBackButton ? layout.backButton : nil
        case .titleButton(.nowPlaying):
            return showsNowPlayingMark && top != nil ? layout.nowPlayingMark(afterBack: showsBackButton) : nil
        case .titleButton(let button):
            return top?.trailingButton == button ? layout.trailingButton : nil
        case .searchButton:
            guard let top, case .search = top.body else { return nil }
            return layout.searchButton(in: layout.content(of: top))
        case .retry:
            guard let top else { return nil }
            return layout.retryButton(in: layout.content(of: top))
        case .action(let index):
            guard let top, case .details(let details) = top.body else { return nil }
            let buttons = detailsLayout(details, in: layout.content(of: top)).buttons
            return buttons.indices.contains(index) ? buttons[index] : nil
        case .slider(let index):
            guard let top, case .details(let details) = top.body else { return nil }
            let sliders = detailsLayout(details, in: layout.content(of: top)).sliders
            return sliders.indices.contains(index) ? sliders[index].track : nil
        case .tab(let index):
            guard let tabs = top?.tabs else { return nil }
            let frames = tabs.frames(in: layout.tabBar)
            return frames.indices.contains(index) ? frames[index] : nil
        case .noticeButton(let index):
            guard let notice else { return nil }
            let buttons = NoticeLayout(notice, in: layout.size).buttons
            return buttons.indices.contains(index) ? buttons[index] : nil
        }
    }

    private mutating func fire(_ control: ShellControl, at t: Double) -> [ShellOutput] {
        switch control {
        case .back, .titleButton(.done):
            return goBack(at: t)
        case .titleButton(let button):
            guard let top else { return [] }
            return [.titleButtonTapped(top.id, button)]
        case .searchButton:
            return edit(.submit, t)
        case .slider:
            return []   // a slider reports where the pointer lifted (``pointerUp``), never without a point
        case .retry:
            guard let top, case .failed = top.load else { return [] }
            setLoad(.loading, of: top.id, at: t)
            return [.retryRequested(top.id)]
        case .action(let index):
            guard let top, case .details(let details) = top.body, details.actions.indices.contains(index) else { return [] }
            return [.action(top.id, details.actions[index].action)]
        case .tab(let index):
            guard let top, var tabs = top.tabs, tabs.items.indices.contains(index) else { return [] }
            let id = tabs.items[index].id
            guard tabs.select(id) else { return [] }
            updateTop { $0.tabs = tabs }
            return [.tabSelected(top.id, id)]
        case .noticeButton(let index):
            guard let notice, notice.buttons.indices.contains(index) else { return [] }
            return dismissNotice(with: notice.buttons[index].action)
        }
    }

    private mutating func goBack(at t: Double) -> [ShellOutput] {
        guard canGoBack, let popped = pop(at: t) else { return [] }
        return [.back(from: popped.id)]
    }

    private mutating func dismissNotice(with action: NoticeAction) -> [ShellOutput] {
        notice = nil
        return [.noticeAction(action)]
    }

    private mutating func map(_ outputs: [ScrollingList.Output], of id: ScreenID, at t: Double) -> [ShellOutput] {
        outputs.map { output in
            switch output {
            case .rowSelected(let row): return .rowSelected(id, row)
            case .nearEnd(let count): return .nearEnd(id, rowCount: count)
            case .refreshRequested:
                if let index = screens.lastIndex(where: { $0.id == id }) { screens[index].load = .refreshing }
                return .refreshRequested(id)
            }
        }
    }

    @discardableResult
    private mutating func updateTop<R>(_ change: (inout Screen) -> R) -> R? {
        guard !screens.isEmpty else { return nil }
        return change(&screens[screens.count - 1])
    }

    private func relayout(_ screen: inout Screen, at t: Double) {
        let frame = layout.listFrame(of: screen)
        let refreshing = screen.load == .refreshing
        let endInset = circleReserve.height
        screen.updateList { list in
            if list.frame != frame { list.setFrame(frame, at: t) }
            list.setEndInset(endInset, at: t)
            list.setRefreshing(refreshing, at: t)
        }
    }

    /// Where `details` is laid out in `content`: its paragraph wraps short of the circle's column
    /// (``circleReserve``).
    func detailsLayout(_ details: DetailsScreen, in content: Rect) -> DetailsLayout {
        DetailsLayout(details, in: content, reservingTrailing: circleReserve.width)
    }

    /// Ends a press in progress on the top screen (it is being covered or removed).
    private mutating func cancelScreenGesture(at t: Double) {
        switch gesture {
        case .list?: updateTop { $0.updateList { $0.pointerCancelled(time: t) } }
        case .control?, .absorbed?: break
        case .circle?, nil: return
        }
        gesture = nil
        pressedControl = nil
    }

    // MARK: App side

    /// Shows `screen` on top at `t` (laid out for the window).
    public mutating func push(_ screen: Screen, at t: Double) {
        cancelScreenGesture(at: t)
        var screen = screen
        relayout(&screen, at: t)
        screens.append(screen)
    }

    /// Removes the top screen at `t` and returns it (nil with no screen).
    @discardableResult
    public mutating func pop(at t: Double) -> Screen? {
        guard !screens.isEmpty else { return nil }
        cancelScreenGesture(at: t)
        return screens.removeLast()
    }

    /// Replaces every screen with `newScreens` (bottom to top) at `t`.
    public mutating func setScreens(_ newScreens: [Screen], at t: Double) {
        cancelScreenGesture(at: t)
        screens = newScreens.map { screen in
            var screen = screen
            relayout(&screen, at: t)
            return screen
        }
    }

    /// Changes the topmost screen named `id` at `t` (nothing if there is none) and lays it out again;
    /// returns whether there was one.
    @discardableResult
    public mutating func update(_ id: ScreenID, at t: Double, _ change: (inout Screen) -> Void) -> Bool {
        guard let index = screens.lastIndex(where: { $0.id == id }) else { return false }
        change(&screens[index])
        relayout(&screens[index], at: t)
        return true
    }

    /// Sets the load state of the topmost screen named `id` at `t`.
    @discardableResult
    public mutating func setLoad(_ load: LoadState, of id: ScreenID, at t: Double) -> Bool {
        update(id, at: t) { $0.load = load }
    }

    /// Changes the list of the topmost screen named `id` at `t`; returns whether it has one.
    @discardableResult
    public mutating func updateList(of id: ScreenID, at t: Double, _ change: (inout ScrollingList) -> Void) -> Bool {
        var found = false
        update(id, at: t) { screen in found = screen.updateList(change) != nil }
        return found
    }

    /// Selects the top screen's tab `id` at `t` as a tap on it would (the window restoring the tab a person left an
    /// app on): it is selected and ``ShellOutput/tabSelected(_:_:)`` returned, for the app to hear as usual.
    /// Nothing for a tab the top screen does not have, the tab already selected, or a top screen without tabs.
    ///
    /// ```swift
    /// shell.selectTab("radio", at: 0)   // [.tabSelected("featured", "radio")]
    /// ```
    public mutating func selectTab(_ id: TabID, at t: Double) -> [ShellOutput] {
        guard let index = top?.tabs?.items.firstIndex(where: { $0.id == id }) else { return [] }
        return fire(.tab(index), at: t)
    }

    /// Shows `notice` over the screens (replacing one that shows); a press on the screens in progress ends.
    public mutating func show(_ notice: Notice, at t: Double) {
        cancelScreenGesture(at: t)
        self.notice = notice
    }

    /// Closes the notice without reporting an action.
    public mutating func closeNotice() {
        notice = nil
        if case .control(.noticeButton)? = gesture {
            gesture = nil
            pressedControl = nil
        }
    }
}
