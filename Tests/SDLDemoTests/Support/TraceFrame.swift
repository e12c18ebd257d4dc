import Foundation

/// One line of an SDLDemo trace (TraceWriter), decoded with Foundation's JSON decoder: every test reads its fields
/// from this one type.
struct TraceFrame: Decodable, Equatable {
    var t: Double
    var state: String
    var progress: Double
    var x: Double
    var y: Double
    var radius: Double
    var docked: String?
    var icon: String
    var width: Double
    var height: Double
    /// The top screen's name (null with the player alone).
    var screen: String?
    var load: String?
    var loadMessage: String?
    var depth: Int?
    var title: String?
    var scroll: Double?
    var rowCount: Int?
    /// The visible rows.
    var rows: [Row]?
    /// The visible header rows' titles (a list with categories), when any show.
    var headers: [String]?
    /// The loading indicator's angle in degrees, while the screen loads or refreshes.
    var spinner: Double?
    var footer: String?
    /// A details screen's buttons, by title.
    var actions: [String]?
    /// A details screen's facts (the lines under its title).
    var facts: [String]?
    /// A details screen's sliders, name to value (the now-playing screen's `volume`).
    var sliders: [String: Double]?
    var notice: String?
    var tab: String?
    /// True while the now-playing mark (the headphones) shows at the top left.
    var headphones: Bool?
    /// The title bar's right button (`search`, `done`), and whether the screen is a modal.
    var titleButton: String?
    var modal: Bool?
    /// What the screens reported since the previous frame.
    var outputs: [String]?
    /// `"hidden"` while the global audio player shows nothing.
    var circle: String?
    /// True while the circle plays a stream (not a downloaded file).
    var stream: Bool?
    /// A stream's title as shown.
    var nowPlaying: String?
    /// The failed state's message.
    var message: String?
    /// A stream: live (no length), its artist or station, seconds buffered, whether audio is heard.
    var live: Bool?
    var artist: String?
    var buffer: Double?
    var audible: Bool?
    /// The Buff panel (`--app buffs`): the buff shown, its countdown, the answer voted, the slide (0 out, 1 in),
    /// whether it is leaving, and where the card is drawn (`[x, y, width, height]`).
    var buff: Int?
    var secondsLeft: Int?
    var highlighted: Int?
    var slide: Double?
    var leaving: Bool?
    var panel: [Double]?
    /// The video player (issue 18's contract), while a video is open.
    var video: Video?
    /// The window's title (issue 30).
    var windowTitle: String?

    /// The trace's `video` object.
    struct Video: Decodable, Equatable {
        var state: String
        var position: Double
        var duration: Double?
        var bandwidth: Int?
        var width: Int
        var height: Int
        var rect: [Double]?
        var framesShown: Int
        var framesDropped: Int
        var avOffsetMs: Double?
        var stalls: Int
        var buffered: Double
        var volume: Double
        var muted: Bool
        var fullscreen: Bool
        var controlsVisible: Bool
        var error: String?
        /// The sentence the failure shows (issue 30).
        var failureText: String?
        /// A live playlist (LIVE on the seek bar); absent in traces older than issue 19.
        var live: Bool?
    }

    /// A visible row: its id and title.
    struct Row: Decodable, Equatable {
        var id: String
        var title: String
    }
}

extension Array where Element == TraceFrame {
    /// Every output reported, in order.
    var allOutputs: [String] { flatMap { $0.outputs ?? [] } }

    /// The screens in order, consecutive repeats collapsed (nil: no screen).
    var screenRuns: [String?] {
        var runs: [String?] = []
        for frame in self where runs.isEmpty || runs.last! != frame.screen { runs.append(frame.screen) }
        return runs
    }

    /// The states in order, consecutive repeats collapsed.
    var stateRuns: [String] {
        var runs: [String] = []
        for frame in self where runs.last != frame.state { runs.append(frame.state) }
        return runs
    }
}
