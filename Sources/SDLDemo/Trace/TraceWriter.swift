import FeedCore
import MediaCore
import Foundation
import ScreenKit

/// Writes one JSON object per rendered frame ("JSON lines"):
/// `{"t":16.667,"state":"fetching","progress":0.25,"x":400,"y":300,"radius":60,"docked":null,"icon":"spinner","width":800,"height":600,"screen":null}`
/// `t` is in milliseconds; positions and sizes in window points; `docked` is an edge name or null;
/// `message` is added in the failed state. What the screens show follows (``screenFields(_:time:)``),
/// `outputs` lists what they reported since the previous frame (``ScreenKit/ShellOutput/traceName``), and
/// `windowTitle`, last, is the window's title (ScreenKit's ``ScreenKit/WindowTitle``).
final class TraceWriter {
    private let handle: FileHandle
    private var buffer = ""
    /// When the oldest line not yet written was buffered (the loop's monotonic clock), if any.
    private var bufferedSince: Double?
    /// Lines wait at most this long in the buffer once the window idles (a reader following the file sees the
    /// last frame, e.g. a video's end, within about the loop's idle wake-up, not at exit).
    static let maximumDelay = 0.25

    /// Creates (or truncates) the trace file at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw TraceError(message: "cannot create trace file \(path)")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw TraceError(message: "cannot open trace file \(path)")
        }
        self.handle = handle
    }

    /// Appends the frame's line; `now` is the loop's monotonic clock (seconds).
    func write(_ frame: FrameSnapshot, now: Double) {
        buffer += Self.line(for: frame)
        buffer += "\n"
        if bufferedSince == nil { bufferedSince = now }
        if buffer.utf8.count > 64 * 1024 { flush() }
    }

    /// Writes the buffered lines if the oldest has waited ``maximumDelay`` by `now` (the loop calls it on the
    /// frames it does not draw: a window that idles writes what it drew).
    func flushIfStale(now: Double) {
        if let since = bufferedSince, now - since >= Self.maximumDelay { flush() }
    }

    /// Writes buffered lines to the file.
    func flush() {
        bufferedSince = nil
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer.utf8))
        buffer = ""
    }

    /// Flushes and closes the file.
    func close() {
        flush()
        try? handle.close()
    }

    /// The JSON object for one frame, keys in a fixed order: the player's fields first (unchanged from
    /// the first version of the trace), then what the screens show.
    static func line(for frame: FrameSnapshot) -> String {
        var fields = [
            "\"t\":\(JSONText.number(frame.time * 1000, digits: 3))",
            "\"state\":\(JSONText.quoted(frame.phase.rawValue))",
            "\"progress\":\(JSONText.number(frame.progress, digits: 6))",
            "\"x\":\(JSONText.number(frame.x, digits: 3))",
            "\"y\":\(JSONText.number(frame.y, digits: 3))",
            "\"radius\":\(JSONText.number(frame.radius, digits: 3))",
            "\"docked\":\(frame.docked.map { JSONText.quoted($0.rawValue) } ?? "null")",
            "\"icon\":\(JSONText.quoted(frame.appearance.icon.rawValue))",
            "\"width\":\(JSONText.number(frame.windowWidth, digits: 3))",
            "\"height\":\(JSONText.number(frame.windowHeight, digits: 3))",
        ]
        if let message = frame.message { fields.append("\"message\":\(JSONText.quoted(message))") }
        fields.append(contentsOf: screenFields(frame.screens, time: frame.time))
        fields.append(contentsOf: audioFields(frame.audio, covered: frame.circleCovered))
        if let overlay = frame.overlay { fields.append(contentsOf: overlayFields(overlay)) }
        if let backdrop = frame.backdrop { fields.append(videoField(backdrop)) }
        if !frame.outputs.isEmpty {
            fields.append("\"outputs\":[" + frame.outputs.map { JSONText.quoted($0.traceName) }.joined(separator: ",") + "]")
        }
        fields.append("\"windowTitle\":\(JSONText.quoted(frame.title))")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `screen` (the top screen's name, or null), and with a screen: `load`, `depth`, `title`, and for a list
    /// `scroll` (offset in points), `rowCount` (rows loaded, headers not counted), `rows` (the visible rows' `id`
    /// and `title`, top to bottom, headers not listed), `headers` (the visible header rows' titles, when the list
    /// has any on screen) and `footer` (`loading`, `failed` or null); `spinner` while the screen loads or refreshes:
    /// the turning indicator's angle in degrees at the frame's time (what the loading animation draws), so a
    /// trace shows it turn; for details `actions` (the buttons' titles, e.g. `["Pause"]`), `facts` (the lines
    /// under the title, e.g. `["Playing","0:12 / 3:45"]`) and, when it has sliders, `sliders` (name to value, to
    /// thousandths: `{"volume":0.4}`);
    /// `tab`; `headphones` true while the now-playing mark shows; `titleButton` (`search`, `done`) and `modal` true
    /// when the screen has them; `notice` (its title) when one shows.
    static func screenFields(_ shell: ShellFrame, time: Double) -> [String] {
        guard let screen = shell.screen else {
            var fields = ["\"screen\":null"]
            if let notice = shell.notice { fields.append("\"notice\":\(JSONText.quoted(notice.title))") }
            return fields
        }
        var fields = [
            "\"screen\":\(JSONText.quoted(screen.id.rawValue))",
            "\"load\":\(JSONText.quoted(screen.load.name.rawValue))",
            "\"depth\":\(shell.depth)",
            "\"title\":\(JSONText.quoted(screen.title))",
        ]
        if case .failed(let message) = screen.load { fields.append("\"loadMessage\":\(JSONText.quoted(message))") }
        if let list = screen.load.showsContent ? screen.list : nil {
            fields.append("\"scroll\":\(JSONText.number(list.offset, digits: 3))")
            fields.append("\"rowCount\":\(list.rowCount)")
            let rows = list.rows.filter { !$0.row.isHeader }
                .map { "{\"id\":\(JSONText.quoted($0.row.id.rawValue)),\"title\":\(JSONText.quoted($0.row.title))}" }
            fields.append("\"rows\":[" + rows.joined(separator: ",") + "]")
            let headers = list.rows.filter(\.row.isHeader).map { JSONText.quoted($0.row.title) }
            if !headers.isEmpty { fields.append("\"headers\":[" + headers.joined(separator: ",") + "]") }
            let footer: String = switch list.footer {
            case .loading?: JSONText.quoted("loading")
            case .failed?: JSONText.quoted("failed")
            case nil: "null"
            }
            fields.append("\"footer\":\(footer)")
        }
        if screen.load == .loading || screen.load == .refreshing {
            fields.append("\"spinner\":\(JSONText.number(IconGeometry.spinnerStart(at: time) * 180 / .pi, digits: 1))")
        }
        if case .details(let details) = screen.body, screen.load.showsContent {
            fields.append("\"actions\":[" + details.actions.map { JSONText.quoted($0.title) }.joined(separator: ",") + "]")
            if !details.facts.isEmpty {
                fields.append("\"facts\":[" + details.facts.map { JSONText.quoted($0) }.joined(separator: ",") + "]")
            }
            if !details.sliders.isEmpty {
                let values = details.sliders.map { "\(JSONText.quoted($0.name)):\(JSONText.number($0.value, digits: 3))" }
                fields.append("\"sliders\":{" + values.joined(separator: ",") + "}")
            }
        }
        if let tabs = screen.tabs, let selected = tabs.selected { fields.append("\"tab\":\(JSONText.quoted(selected.rawValue))") }
        if shell.showsNowPlayingMark { fields.append("\"headphones\":true") }
        if let button = screen.trailingButton { fields.append("\"titleButton\":\(JSONText.quoted(button.rawValue))") }
        if screen.isModal { fields.append("\"modal\":true") }
        if let notice = shell.notice { fields.append("\"notice\":\(JSONText.quoted(notice.title))") }
        return fields
    }

    /// The global audio player, when it shows more than the file flow: `circle` `"hidden"` while nothing is
    /// selected, `"covered"` while a screen that shows the playback itself hides it (now playing); for a
    /// stream `stream` true, `live`, `nowPlaying` (the title shown, or null), `artist` (when shown), `buffer`
    /// (seconds decoded ahead) and `audible` (the headphones mark); for a download the app titled, `nowPlaying` and
    /// `artist` (when shown).
    static func audioFields(_ audio: MediaDisplay, covered: Bool = false) -> [String] {
        guard audio.isVisible else { return ["\"circle\":\"hidden\""] }
        let circle = covered ? ["\"circle\":\"covered\""] : []
        guard audio.isStream else {
            // A download the app titled (Vimeo's Listen): the title and second line under the circle.
            guard let title = audio.nowPlaying else { return circle }
            return circle + ["\"nowPlaying\":\(JSONText.quoted(title))"] + (audio.artist.map { ["\"artist\":\(JSONText.quoted($0))"] } ?? [])
        }
        var fields = circle + [
            "\"stream\":true",
            "\"live\":\(audio.isLive)",
            "\"nowPlaying\":\(audio.nowPlaying.map(JSONText.quoted) ?? "null")",
        ]
        if let artist = audio.artist { fields.append("\"artist\":\(JSONText.quoted(artist))") }
        fields.append("\"buffer\":\(JSONText.number(audio.bufferSeconds ?? 0, digits: 2))")
        fields.append("\"audible\":\(audio.isAudible)")
        return fields
    }

    /// With an overlay: the Buff panel's `buff` (the id drawn), `secondsLeft`, `highlighted` (the voted
    /// answer's id or null), `slide` (0…1, how far in), `leaving` (sliding out after a hide) and `panel` (where the
    /// card is drawn, `[x, y, width, height]` in window points).
    /// The `video` object (issue 18's contract): the engine's status under the contract's names, plus where the
    /// picture is drawn (`rect`, window points: pixels at scale 1), `fullscreen` and `controlsVisible`; `live` (a live
    /// playlist: LIVE on the seek bar, no duration); after a failure `failureText`, the sentence shown.
    static func videoField(_ video: VideoOverlayFrame) -> String {
        let s = video.status
        func number(_ value: Double?, digits: Int = 3) -> String { value.map { JSONText.number($0, digits: digits) } ?? "null" }
        let rect = video.layout.picture.map { r in
            "[" + [r.x, r.y, r.width, r.height].map { JSONText.number($0, digits: 1) }.joined(separator: ",") + "]"
        } ?? "null"
        let fields = [
            "\"state\":\(JSONText.quoted(s.state.name))",
            "\"position\":\(number(s.position))",
            "\"duration\":\(number(s.duration))",
            "\"bandwidth\":\(s.bandwidth.map(String.init) ?? "null")",
            "\"width\":\(s.width)",
            "\"height\":\(s.height)",
            "\"rect\":\(rect)",
            "\"framesShown\":\(s.framesShown)",
            "\"framesDropped\":\(s.framesDropped)",
            "\"avOffsetMs\":\(number(s.avOffsetMs, digits: 1))",
            "\"stalls\":\(s.stalls)",
            "\"buffered\":\(number(s.buffered))",
            "\"volume\":\(number(s.volume))",
            "\"muted\":\(s.muted)",
            "\"fullscreen\":\(video.fullscreen)",
            "\"controlsVisible\":\(video.layout.controlsVisible)",
            "\"error\":\(s.error.map(JSONText.quoted) ?? "null")",
            "\"live\":\(s.isLive)",
        ]
        // After a failure: the sentence the screen shows (the technical line is `error`).
        let failure = video.layout.failure.map { ["\"failureText\":\(JSONText.quoted($0.sentence))"] } ?? []
        return "\"video\":{" + (fields + failure).joined(separator: ",") + "}"
    }

    static func overlayFields(_ overlay: OverlayFrame) -> [String] {
        switch overlay {
        case .video(let video):
            return [videoField(video)]
        case .buff(let panel):
            let r = panel.layout.panel
            return [
                "\"buff\":\(panel.buff.id)", "\"secondsLeft\":\(panel.secondsLeft)",
                "\"highlighted\":\(panel.highlighted.map(String.init) ?? "null")",
                "\"slide\":\(JSONText.number(panel.slide, digits: 3))", "\"leaving\":\(panel.isLeaving)",
                "\"panel\":[" + [r.x, r.y, r.width, r.height].map { JSONText.number($0, digits: 1) }.joined(separator: ",") + "]",
            ]
        }
    }
}

/// The trace file could not be written.
struct TraceError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
