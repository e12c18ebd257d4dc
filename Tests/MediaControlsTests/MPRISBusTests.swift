import Foundation
import PlayerCore
import Testing
import TestSupport
@testable import MediaControls

/// MPRIS for real: a private session bus, the service on it, and Debian's `playerctl` and `dbus-send` as clients.
@Suite("MPRIS on a real session bus", .serialized)
struct MPRISBusTests {
    static let radio = StreamRequest(
        source: .http(url: URL(string: "http://127.0.0.1:1/live.mp3")!), title: "Classical IPR",
        artworkURL: URL(string: "http://127.0.0.1:1/logo.png"), isLive: true)

    /// A stream machine fed by hand (no I/O): it makes the states the service publishes.
    final class Machine: @unchecked Sendable {
        private let lock = NSLock()
        private var player = StreamPlayer(policy: StreamPolicy(startSeconds: 1))

        func send(_ event: StreamEvent) -> MediaControlsState {
            lock.withLock {
                _ = player.send(event)
                return MediaControlsState(player)
            }
        }

        var session: StreamSessionID? { lock.withLock { player.session } }
    }

    /// A machine playing the radio with an ICY title.
    static func playingMachine() -> (Machine, MediaControlsState) {
        let machine = Machine()
        _ = machine.send(.selected(radio))
        let s1 = StreamSessionID(1)
        _ = machine.send(.opened(s1, StreamDetails(isLive: true)))
        _ = machine.send(.buffered(s1, seconds: 1))
        let state = machine.send(.metadata(s1, StreamMetadata(title: "Bach - Cello Suite No. 1")))
        return (machine, state)
    }

    @Test("playerctl sees the player, reads title, artist, art and status; play-pause reaches the player both ways")
    func playerctl() async throws {
        let bus = try await SessionBus.start()
        defer { bus.stop() }
        let commands = Inbox<MediaControlCommand>()
        let (machine, playing) = Self.playingMachine()
        let box = ServiceBox()
        let service = MPRISService.start(identity: "CirclePlayer", name: "circleplayer", address: bus.address) { command in
            // As an app would: the command becomes a player event, the new state is published. Then it is
            // recorded, so a test that sees the command also sees the machine that handled it.
            if let event = command.streamEvent { box.service?.update(machine.send(event)) }
            commands.append(command)
        }
        box.service = service
        defer { service.stop() }
        #expect(service.isPublished)
        #expect(service.busName == "org.mpris.MediaPlayer2.circleplayer")
        service.update(playing)

        #expect(try await bus.run("playerctl", ["-l"]).output.split(separator: "\n").contains("circleplayer"))
        let follow = try await bus.follow("playerctl", ["-p", "circleplayer", "--follow", "status"])
        defer { follow.stop() }
        #expect(await follow.waitForLines { $0 == ["Playing"] }.found)
        #expect(try await bus.output(of: "playerctl", ["-p", "circleplayer", "status"], becomes: "Playing") == "Playing")
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "metadata", "title"]).output == "Bach - Cello Suite No. 1")
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "metadata", "artist"]).output == "Classical IPR")
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "metadata", "mpris:artUrl"]).output == "http://127.0.0.1:1/logo.png")
        let length = try await bus.run("playerctl", ["-p", "circleplayer", "metadata", "mpris:length"])
        #expect(length.status != 0 && !length.output.contains("0"), "live: no length, got \(length)")

        // play-pause pauses (a live stream: its session closes) and the status change is signalled…
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "play-pause"]).status == 0)
        #expect(await commands.wait(count: 1))
        #expect(commands.all == [.playPause])
        #expect(machine.session == nil)
        #expect(await follow.waitForLines { $0 == ["Playing", "Paused"] }.found, "PropertiesChanged reached playerctl --follow")
        #expect(try await bus.output(of: "playerctl", ["-p", "circleplayer", "status"], becomes: "Paused") == "Paused")
        // …and resumes.
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "play-pause"]).status == 0)
        #expect(await commands.wait(count: 2))
        #expect(machine.session == StreamSessionID(2))
        let resumed = await follow.waitForLines { $0.count >= 3 }
        #expect(resumed.lines == ["Playing", "Paused", "Playing"])
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "stop"]).status == 0)
        #expect(await commands.wait(count: 3))
        #expect(try await bus.output(of: "playerctl", ["-p", "circleplayer", "status"], becomes: "Stopped") == "Stopped")

        // A finite story publishes its length, in microseconds.
        var story = NowPlaying(request: StreamRequest(source: .http(url: URL(string: "http://n.test/s.mp3")!), title: "A story", artist: "NPR"))
        story.update(with: StreamDetails(isLive: false, duration: 95.25))
        service.update(MediaControlsState(phase: .paused, nowPlaying: story))
        #expect(try await bus.output(of: "playerctl", ["-p", "circleplayer", "metadata", "mpris:length"], becomes: "95250000") == "95250000")
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "metadata", "--format", "{{artist}}: {{title}}"]).output == "NPR: A story")
    }

    @Test("Properties.GetAll, Get, Set and Introspect with dbus-send; errors for read-only and unknown properties")
    func properties() async throws {
        let bus = try await SessionBus.start()
        defer { bus.stop() }
        let service = MPRISService.start(identity: "CirclePlayer", name: "circleplayer", address: bus.address) { _ in }
        defer { service.stop() }
        service.update(Self.playingMachine().1)
        #expect(try await bus.output(of: "playerctl", ["-p", "circleplayer", "status"], becomes: "Playing") == "Playing")
        let destination = "--dest=org.mpris.MediaPlayer2.circleplayer"
        func call(_ arguments: [String]) async throws -> (output: String, status: Int32) {
            try await bus.run("dbus-send", ["--session", "--print-reply", destination, "/org/mpris/MediaPlayer2"] + arguments)
        }
        let all = try await call(["org.freedesktop.DBus.Properties.GetAll", "string:org.mpris.MediaPlayer2.Player"])
        #expect(all.status == 0)
        for name in ["PlaybackStatus", "Metadata", "CanPlay", "CanPause", "CanControl", "CanGoNext", "Rate", "Volume", "Position"] {
            #expect(all.output.contains("\"\(name)\""), "\(name) missing from GetAll")
        }
        #expect(all.output.contains("xesam:artist"))
        let identity = try await call(["org.freedesktop.DBus.Properties.Get", "string:org.mpris.MediaPlayer2", "string:Identity"])
        #expect(identity.output.contains("variant       string \"CirclePlayer\""), "\(identity.output)")
        let readOnly = try await call(["org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player",
                                 "string:PlaybackStatus", "variant:string:Paused"])
        #expect(readOnly.status != 0)
        #expect(readOnly.output.contains("PropertyReadOnly"))
        let volume = try await call(["org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player",
                               "string:Volume", "variant:double:0.5"])
        #expect(volume.status == 0)
        let unknown = try await call(["org.freedesktop.DBus.Properties.Get", "string:org.mpris.MediaPlayer2.Player", "string:Nope"])
        #expect(unknown.output.contains("UnknownProperty"))
        let xml = try await call(["org.freedesktop.DBus.Introspectable.Introspect"])
        #expect(xml.output.contains("<interface name=\"org.mpris.MediaPlayer2.Player\">"))
        let openUri = try await call(["org.mpris.MediaPlayer2.Player.OpenUri", "string:http://x/"])
        #expect(openUri.output.contains("NotSupported"))
    }

    @Test("a video: playerctl reads the position, seeks by and to an offset (Seek, SetPosition), sets the volume; Seeked is sent")
    func seekAndVolume() async throws {
        let bus = try await SessionBus.start()
        defer { bus.stop() }
        let commands = Inbox<MediaControlCommand>()
        let service = MPRISService.start(identity: "CirclePlayer", name: "circleplayer", address: bus.address) { commands.append($0) }
        defer { service.stop() }
        let film = NowPlaying(title: "Overture", artist: "Performances", artworkURL: nil, duration: 600)
        let paused = MediaControlsState(phase: .paused, nowPlaying: film,
                                        position: PlaybackPosition(seconds: 42, at: .now, rate: 0), volume: 0.8, canSeek: true)
        service.update(paused)
        #expect(try await bus.output(of: "playerctl", ["-p", "circleplayer", "position"], becomes: "42.000000") == "42.000000")
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "volume"]).output.hasPrefix("0.8"))
        let follow = try await bus.follow("playerctl", ["-p", "circleplayer", "--follow", "position"])
        defer { follow.stop() }
        #expect(await follow.waitForLines { $0.contains { $0.hasPrefix("42") } }.found)

        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "position", "10+"]).status == 0)
        #expect(await commands.wait(count: 1))
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "position", "90"]).status == 0)
        #expect(await commands.wait(count: 2))
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "volume", "0.25"]).status == 0)
        #expect(await commands.wait(count: 3))
        #expect(commands.all == [.seek(by: 10), .setPosition(90), .setVolume(0.25)])

        // The player seeks: the new anchor and a new seek count; clients following the position hear Seeked.
        var seeked = paused
        seeked.position = PlaybackPosition(seconds: 90, at: .now, rate: 0)
        seeked.seeks = 1
        service.update(seeked)
        #expect(await follow.waitForLines { $0.contains { $0.hasPrefix("90") } }.found, "Seeked reached playerctl --follow")

        // Without CanSeek, Seek and SetPosition change nothing.
        var live = seeked
        live.canSeek = false
        service.update(live)
        var canSeek = ""
        _ = try await waitUntil(interval: .milliseconds(50)) {
            canSeek = try await bus.run("dbus-send", ["--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.circleplayer",
                                                      "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties.Get",
                                                      "string:org.mpris.MediaPlayer2.Player", "string:CanSeek"]).output
            return canSeek.contains("boolean false")
        }
        #expect(canSeek.contains("boolean false"), "\(canSeek)")
        // (playerctl refuses to seek when CanSeek is false; the call itself, sent anyway, must change nothing.)
        #expect(try await bus.run("dbus-send", ["--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.circleplayer",
                                          "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player.Seek",
                                          "int64:5000000"]).status == 0)
        #expect(try await bus.run("playerctl", ["-p", "circleplayer", "volume", "0.5"]).status == 0)
        #expect(await commands.wait(count: 4))
        #expect(commands.all == [.seek(by: 10), .setPosition(90), .setVolume(0.25), .setVolume(0.5)], "the seek was dropped")
    }

    @Test("a second instance takes org.mpris.MediaPlayer2.<name>.instance<pid>; stopping releases the names")
    func secondInstance() async throws {
        let bus = try await SessionBus.start()
        defer { bus.stop() }
        let first = MPRISService.start(name: "circleplayer", address: bus.address) { _ in }
        let second = MPRISService.start(name: "circleplayer", address: bus.address) { _ in }
        #expect(first.busName == "org.mpris.MediaPlayer2.circleplayer")
        #expect(second.busName == "org.mpris.MediaPlayer2.circleplayer.instance\(getpid())")
        first.stop()
        second.stop()
        second.stop()  // a second stop does nothing
        #expect(!first.isPublished && !second.isPublished)
        let names = try await bus.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus",
                                              "/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames"]).output
        #expect(!names.contains("org.mpris.MediaPlayer2.circleplayer"))
    }

    @Test("no session bus: one line, and everything works without it")
    func noBus() {
        let lines = Inbox<String>()
        let service = MPRISService.start(environment: [:], log: { lines.append($0) }) { _ in }
        service.update(Self.playingMachine().1)
        service.stop()
        #expect(!service.isPublished)
        #expect(service.unavailableReason == .noSessionBus)
        #expect(lines.all == ["media controls: no session bus (DBUS_SESSION_BUS_ADDRESS is not set); MPRIS is off"])
        let unreachable = MPRISService.start(address: "unix:path=/nonexistent/bus", log: { lines.append($0) }) { _ in }
        #expect(!unreachable.isPublished)
        #expect(lines.all.count == 2)
        #expect(lines.all.last?.hasPrefix("media controls: cannot reach the session bus at unix:path=/nonexistent/bus: ") == true)
    }

    @Test("the bus going away: one line; updates and stop still work")
    func busGone() async throws {
        let bus = try await SessionBus.start()
        let lines = Inbox<String>()
        let service = MPRISService.start(address: bus.address, log: { lines.append($0) }) { _ in }
        #expect(service.isPublished)
        bus.stop()
        #expect(await lines.wait(count: 1))
        #expect(lines.all == ["media controls: the session bus went away; MPRIS is off"])
        service.update(.empty)
        service.stop()
        #expect(!service.isPublished)
    }
}

/// Lets the command callback reach the service it was registered with.
final class ServiceBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: MPRISService?
    var service: MPRISService? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
