import Foundation
import MediaCore
import PlayerCore
import Testing

/// Seeking a story: `seek` and `skip` on a stream known to end become `.seekStream` for its open session; live
/// radio, a story not opened yet and times that are not numbers ask for nothing.
@Suite("MediaPlayer: seeking a story")
struct StorySeekTests {
    static let story = StreamRequest(url: URL(string: "http://127.0.0.1:1/story.mp3")!, title: "Story", isLive: false)
    static let radio = StreamRequest(url: URL(string: "http://127.0.0.1:1/radio.mp3")!, title: "Radio", isLive: true)

    /// What was loaded and how far it got before the control.
    enum Start: String, CaseIterable, Sendable {
        /// A story whose connection opened: finite, 60 s.
        case storyOpened
        /// A story not opened yet (the player does not know it ends).
        case storyConnecting
        /// Live radio, opened.
        case radioOpened
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var start: Start
        var control: PlaybackControl
        /// The seek asked of the session, nil for none.
        var seek: StreamSeek?
        var testDescription: String { "\(start) + \(control) → \(seek.map { "\($0)" } ?? "nothing")" }
    }

    static let rows: [Row] = [
        Row(start: .storyOpened, control: .seek(to: 30), seek: .to(30)),
        Row(start: .storyOpened, control: .skip(by: 15), seek: .by(15)),
        Row(start: .storyOpened, control: .skip(by: -15), seek: .by(-15)),
        Row(start: .storyOpened, control: .seek(to: .nan), seek: nil),
        Row(start: .storyOpened, control: .skip(by: .infinity), seek: nil),
        Row(start: .storyConnecting, control: .seek(to: 30), seek: nil),
        Row(start: .storyConnecting, control: .skip(by: 15), seek: nil),
        Row(start: .radioOpened, control: .seek(to: 30), seek: nil),
        Row(start: .radioOpened, control: .skip(by: 15), seek: nil),
    ]

    @Test("seek and skip on a story, live radio, a story not opened yet", arguments: rows)
    func row(_ row: Row) throws {
        var player = MediaPlayer()
        let request = row.start == .radioOpened ? Self.radio : Self.story
        _ = player.send(.playRequested(.stream(request)), at: 0)
        let session = try #require(player.stream.session)
        switch row.start {
        case .storyOpened: _ = player.send(.stream(.opened(session, StreamDetails(isLive: false, duration: 60))), at: 1)
        case .radioOpened: _ = player.send(.stream(.opened(session, StreamDetails(isLive: true))), at: 1)
        case .storyConnecting: break
        }
        let before = player.active
        let commands = player.send(.controlRequested(row.control), at: 2)
        #expect(commands == (row.seek.map { [MediaCommand.seekStream(session, $0)] } ?? []))
        #expect(player.active == before)
    }
}
