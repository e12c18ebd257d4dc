import CDBus
import Foundation
import PlayerCore

/// Publishes the player on the session bus as an MPRIS media player (`org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player` at `/org/mpris/MediaPlayer2`), the interface behind GNOME's and KDE's media
/// widgets, media keys and `playerctl`.
///
/// - Runs on a thread of its own with a poll loop over libdbus's socket and a wake-up pipe: method calls are
///   answered there, and ``update(_:)`` (any thread) wakes it to announce changes with
///   `org.freedesktop.DBus.Properties.PropertiesChanged` at once.
/// - Method calls (`Play`, `Pause`, `PlayPause`, `Stop`, `Raise`, `Quit`, …) arrive as ``MediaControlCommand``s
///   through `onCommand`, on the service's thread; turn them into player events (``MediaControlCommand/streamEvent``).
/// - Implements `org.freedesktop.DBus.Properties` (`Get`, `GetAll`, `Set`, `PropertiesChanged`) and
///   `org.freedesktop.DBus.Introspectable`. Property values: ``MPRISProperties``.
/// - Bus name (MPRIS spec, "Bus Name Policy"): `org.mpris.MediaPlayer2.<name>`, or
///   `org.mpris.MediaPlayer2.<name>.instance<pid>` when another instance holds the first.
/// - Without a session bus (no `DBUS_SESSION_BUS_ADDRESS` and no `$XDG_RUNTIME_DIR/bus`, or unreachable) it says
///   so once through `log` and does nothing; the program works without it. If the bus goes away later, likewise.
///
/// ```swift
/// let mpris = MPRISService.start(identity: "CirclePlayer", name: "circleplayer") { command in
///     if let event = command.streamEvent { inbox.post(event) }   // to the loop that runs the stream machine
/// }
/// mpris.update(MediaControlsState(phase: .playing, nowPlaying: nowPlaying))   // whenever what plays changed
/// …
/// mpris.stop()   // releases the name; returns once the thread has finished
/// ```
public final class MPRISService: Sendable {
    private let core: Core?
    /// Why the service is not on the bus, if it is not.
    public let unavailableReason: MediaControlsError?

    private init(core: Core?, unavailableReason: MediaControlsError?) {
        self.core = core
        self.unavailableReason = unavailableReason
    }

    /// Connects to the session bus and publishes the player; never fails (see the type's description).
    /// - Parameters:
    ///   - identity: the `Identity` shown to people, e.g. `CirclePlayer`.
    ///   - name: the bus name's last part, e.g. `circleplayer` for `org.mpris.MediaPlayer2.circleplayer`.
    ///   - desktopEntry: the `DesktopEntry` property (the .desktop file's base name), if any.
    ///   - canQuit, canRaise: whether `Quit` and `Raise` are delivered as commands.
    ///   - address: the bus address; by default `DBUS_SESSION_BUS_ADDRESS`, else `unix:path=$XDG_RUNTIME_DIR/bus`.
    ///   - environment: where those variables are read (tests pass their own).
    ///   - log: receives the one line saying the controls are off (by default standard error).
    ///   - onCommand: receives method calls, on the service's thread; must return promptly.
    public static func start(
        identity: String = "CirclePlayer", name: String = "circleplayer", desktopEntry: String? = nil,
        canQuit: Bool = false, canRaise: Bool = false, address: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        log: @escaping @Sendable (String) -> Void = MPRISService.logToStandardError,
        onCommand: @escaping @Sendable (MediaControlCommand) -> Void
    ) -> MPRISService {
        guard let busAddress = address ?? sessionBusAddress(environment) else {
            log("media controls: \(MediaControlsError.noSessionBus); MPRIS is off")
            return MPRISService(core: nil, unavailableReason: .noSessionBus)
        }
        do throws(MediaControlsError) {
            let bus = try DBusBusConnection.open(address: busAddress)
            let properties = MPRISProperties(
                identity: identity, desktopEntry: desktopEntry, canQuit: canQuit, canRaise: canRaise)
            let core = Core(bus: bus, properties: properties, log: log, onCommand: onCommand)
            do throws(MediaControlsError) {
                try bus.registerObject(path: MPRISProperties.objectPath) { [unowned core] message in
                    core.handle(message)
                }
                let wellKnown = "org.mpris.MediaPlayer2.\(name)"
                if try bus.requestName(wellKnown) {
                    core.busName = wellKnown
                } else {
                    let instance = "\(wellKnown).instance\(getpid())"
                    guard try bus.requestName(instance) else {
                        throw MediaControlsError.nameRequestFailed(name: instance, reason: "already taken")
                    }
                    core.busName = instance
                }
            } catch {
                bus.close()
                throw error
            }
            core.start()
            return MPRISService(core: core, unavailableReason: nil)
        } catch {
            log("media controls: \(error); MPRIS is off")
            return MPRISService(core: nil, unavailableReason: error)
        }
    }

    /// The session bus address from the environment: `DBUS_SESSION_BUS_ADDRESS`, else the systemd user bus
    /// socket `$XDG_RUNTIME_DIR/bus` if it exists; `nil` if neither.
    public static func sessionBusAddress(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
           FileManager.default.fileExists(atPath: runtime + "/bus") {
            return "unix:path=\(runtime)/bus"
        }
        return nil
    }

    /// Writes `message` to standard error (the default `log`).
    public static let logToStandardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Whether the player is on the bus now.
    public var isPublished: Bool { core?.isRunning ?? false }

    /// The bus name owned, e.g. `org.mpris.MediaPlayer2.circleplayer`; `nil` when not on the bus.
    public var busName: String? { core?.busName }

    /// Publishes `state`; clients are told what changed with `PropertiesChanged`. Any thread; returns at once.
    public func update(_ state: MediaControlsState) {
        core?.update(state)
    }

    /// Leaves the bus (the name is released) and ends the thread; returns once it has (at once when called from
    /// `onCommand`, on the service's own thread). Later calls do nothing.
    public func stop() {
        core?.stop()
    }

    /// Stops the service if ``stop()`` was not called.
    deinit {
        core?.stop()
    }

    // MARK: - The service's thread

    private final class Core: @unchecked Sendable {
        let bus: DBusBusConnection
        let log: @Sendable (String) -> Void
        let onCommand: @Sendable (MediaControlCommand) -> Void
        /// Touched on the service's thread only (after start).
        private var published: MPRISProperties
        private let lock = NSCondition()
        private var pending: MediaControlsState?
        private var stopping = false
        private var running = false
        private var finished = false
        private var name: String?
        private var thread: Thread?

        init(bus: DBusBusConnection, properties: MPRISProperties, log: @escaping @Sendable (String) -> Void,
             onCommand: @escaping @Sendable (MediaControlCommand) -> Void) {
            self.bus = bus
            self.published = properties
            self.log = log
            self.onCommand = onCommand
        }

        var busName: String? {
            get { lock.withLock { name } }
            set { lock.withLock { name = newValue } }
        }

        var isRunning: Bool { lock.withLock { running } }

        func start() {
            lock.withLock { running = true }
            let thread = Thread { [self] in
                let stoppedOnRequest = bus.run { [self] in applyPending() }
                // No wake-up can reach the pipe once `running` is false (wakes happen under the lock), so closing
                // it cannot race a write.
                lock.withLock {
                    running = false
                    name = nil
                }
                if !stoppedOnRequest { log("media controls: the session bus went away; MPRIS is off") }
                bus.close()
                lock.withLock {
                    finished = true
                    self.thread = nil  // the thread's block holds the core: break the cycle
                    lock.broadcast()
                }
            }
            thread.name = "MPRISService"
            lock.withLock { self.thread = thread }
            thread.start()
        }

        func update(_ state: MediaControlsState) {
            lock.withLock {
                guard running, !stopping else { return }
                pending = state
                bus.wake()
            }
        }

        func stop() {
            lock.withLock {
                if running, !stopping {
                    stopping = true
                    bus.wake()
                }
                // Called from a command handler (the service's own thread): the loop ends after this call returns.
                guard Thread.current !== thread else { return }
                while !finished { lock.wait() }
            }
        }

        /// On the service's thread: publishes a pending state; returns false to leave the loop.
        private func applyPending() -> Bool {
            let (state, stop): (MediaControlsState?, Bool) = lock.withLock {
                defer { pending = nil }
                return (pending, stopping)
            }
            if stop { return false }
            guard let state else { return true }
            var next = published
            next.state = state
            let old = published.state
            let sameTrack = old.hasTrack == state.hasTrack && old.nowPlaying.title == state.nowPlaying.title
                && old.nowPlaying.artist == state.nowPlaying.artist
                && old.nowPlaying.artworkURL == state.nowPlaying.artworkURL
            if !sameTrack { next.trackNumber += 1 }
            let before = published
            published = next
            let changes = next.changes(since: before, in: MPRISProperties.playerInterface)
            if !changes.isEmpty { emitPropertiesChanged(MPRISProperties.playerInterface, changes) }
            // "Seeked: Indicates that the track position has changed in a way that is inconsistent with the
            // current playing state" (spec): a seek, not the position moving on its own.
            if sameTrack, state.seeks != old.seeks { emitSeeked(next.position(at: .now)) }
            return true
        }

        private func emitSeeked(_ microseconds: Int64) {
            guard let signal = dbus_message_new_signal(MPRISProperties.objectPath, MPRISProperties.playerInterface, "Seeked")
            else { return }
            defer { dbus_message_unref(signal) }
            var iter = DBusMessageIter()
            dbus_message_iter_init_append(signal, &iter)
            guard DBusCoding.append(.int64(microseconds), to: &iter) else { return }
            bus.send(signal)
        }

        private func emitPropertiesChanged(_ interface: String, _ changes: [DBusEntry]) {
            guard let signal = dbus_message_new_signal(
                MPRISProperties.objectPath, "org.freedesktop.DBus.Properties", "PropertiesChanged")
            else { return }
            defer { dbus_message_unref(signal) }
            var iter = DBusMessageIter()
            dbus_message_iter_init_append(signal, &iter)
            guard DBusCoding.append(.string(interface), to: &iter),
                  DBusCoding.append(.dictionary(changes), to: &iter),
                  DBusCoding.append(.stringArray([]), to: &iter)
            else { return }
            bus.send(signal)
        }

        // MARK: Method calls

        /// On the service's thread: answers a method call on the MPRIS object; false if it is not ours.
        func handle(_ message: OpaquePointer) -> Bool {
            guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL,
                  let memberText = dbus_message_get_member(message)
            else { return false }
            let member = String(cString: memberText)
            let interface = dbus_message_get_interface(message).map { String(cString: $0) }
                ?? Self.interface(declaring: member)
            switch (interface, member) {
            case ("org.freedesktop.DBus.Introspectable", "Introspect"):
                reply(to: message, [.string(MPRISIntrospection.xml)])
            case ("org.freedesktop.DBus.Properties", "Get"):
                let arguments = DBusCoding.stringArguments(of: message)
                guard arguments.count >= 2 else { return invalidArguments(message, "Get takes (s interface, s name)") }
                guard let value = published.value(of: arguments[1], in: arguments[0]) else {
                    return error(message, "org.freedesktop.DBus.Error.UnknownProperty",
                                 "no property \(arguments[1]) in \(arguments[0])")
                }
                replyVariant(to: message, value)
            case ("org.freedesktop.DBus.Properties", "GetAll"):
                let arguments = DBusCoding.stringArguments(of: message)
                guard let name = arguments.first else { return invalidArguments(message, "GetAll takes (s interface)") }
                reply(to: message, [.dictionary(published.all(of: name))])
            case ("org.freedesktop.DBus.Properties", "Set"):
                let arguments = DBusCoding.stringArguments(of: message)
                guard arguments.count >= 2, let signature = DBusCoding.variantSignature(ofArgument: 2, in: message) else {
                    return invalidArguments(message, "Set takes (s interface, s name, v value)")
                }
                guard let current = published.value(of: arguments[1], in: arguments[0]) else {
                    return error(message, "org.freedesktop.DBus.Error.UnknownProperty",
                                 "no property \(arguments[1]) in \(arguments[0])")
                }
                guard MPRISProperties.writable.contains(arguments[1]) else {
                    return error(message, "org.freedesktop.DBus.Error.PropertyReadOnly", "\(arguments[1]) is read-only")
                }
                guard signature == current.signature else {
                    return invalidArguments(message, "\(arguments[1]) has type \(current.signature), not \(signature)")
                }
                // "Volume: … values below 0.0 … should be clamped to 0.0"; above 1.0 this player clamps too.
                if arguments[1] == "Volume", case .double(let volume)? = DBusCoding.variantValue(ofArgument: 2, in: message),
                   volume.isFinite, published.state.hasTrack {
                    onCommand(.setVolume(min(1, max(0, volume))))
                }
                reply(to: message, [])  // Rate is accepted and ignored: normal rate only
            case (MPRISProperties.rootInterface, "Raise"):
                if published.canRaise { onCommand(.raise) }
                reply(to: message, [])
            case (MPRISProperties.rootInterface, "Quit"):
                if published.canQuit { onCommand(.quit) }
                reply(to: message, [])
            case (MPRISProperties.playerInterface, "Play"):
                command(.play, message)
            case (MPRISProperties.playerInterface, "Pause"):
                command(.pause, message)
            case (MPRISProperties.playerInterface, "PlayPause"):
                command(.playPause, message)
            case (MPRISProperties.playerInterface, "Stop"):
                command(.stop, message)
            case (MPRISProperties.playerInterface, "Seek"):
                guard case .int64(let offset)? = DBusCoding.basicArguments(of: message).first else {
                    return invalidArguments(message, "Seek takes (x offset)")
                }
                // "If the CanSeek property is false, this has no effect."
                if published.state.hasTrack, published.state.canSeek { onCommand(.seek(by: Double(offset) / 1_000_000)) }
                reply(to: message, [])
            case (MPRISProperties.playerInterface, "SetPosition"):
                let arguments = DBusCoding.basicArguments(of: message)
                guard arguments.count >= 2, case .objectPath(let track) = arguments[0], case .int64(let position) = arguments[1]
                else { return invalidArguments(message, "SetPosition takes (o track, x position)") }
                // "If the TrackId argument is not the same as the current track id, the call is ignored as stale";
                // a position below 0 is ignored too.
                if published.state.hasTrack, published.state.canSeek, track == published.trackID, position >= 0 {
                    onCommand(.setPosition(Double(position) / 1_000_000))
                }
                reply(to: message, [])
            case (MPRISProperties.playerInterface, "Next"), (MPRISProperties.playerInterface, "Previous"):
                // CanGoNext and CanGoPrevious are false: "calling this method should have no effect".
                reply(to: message, [])
            case (MPRISProperties.playerInterface, "OpenUri"):
                return error(message, "org.freedesktop.DBus.Error.NotSupported", "OpenUri is not supported")
            default:
                return false
            }
            return true
        }

        private func command(_ command: MediaControlCommand, _ message: OpaquePointer) {
            if published.state.hasTrack || command == .stop { onCommand(command) }
            reply(to: message, [])
        }

        /// The interface that declares `member`, for calls that name none (allowed by the D-Bus specification).
        private static func interface(declaring member: String) -> String? {
            switch member {
            case "Introspect": "org.freedesktop.DBus.Introspectable"
            case "Get", "GetAll", "Set": "org.freedesktop.DBus.Properties"
            case "Raise", "Quit": MPRISProperties.rootInterface
            case "Play", "Pause", "PlayPause", "Stop", "Next", "Previous", "Seek", "SetPosition", "OpenUri":
                MPRISProperties.playerInterface
            default: nil
            }
        }

        private func reply(to message: OpaquePointer, _ values: [DBusValue]) {
            guard dbus_message_get_no_reply(message) == 0, let reply = dbus_message_new_method_return(message) else {
                return
            }
            defer { dbus_message_unref(reply) }
            var iter = DBusMessageIter()
            dbus_message_iter_init_append(reply, &iter)
            for value in values { guard DBusCoding.append(value, to: &iter) else { return } }
            bus.send(reply)
        }

        private func replyVariant(to message: OpaquePointer, _ value: DBusValue) {
            guard dbus_message_get_no_reply(message) == 0, let reply = dbus_message_new_method_return(message) else {
                return
            }
            defer { dbus_message_unref(reply) }
            var iter = DBusMessageIter()
            dbus_message_iter_init_append(reply, &iter)
            guard DBusCoding.appendVariant(value, to: &iter) else { return }
            bus.send(reply)
        }

        @discardableResult
        private func error(_ message: OpaquePointer, _ name: String, _ text: String) -> Bool {
            if dbus_message_get_no_reply(message) == 0, let reply = dbus_message_new_error(message, name, text) {
                bus.send(reply)
                dbus_message_unref(reply)
            }
            return true
        }

        private func invalidArguments(_ message: OpaquePointer, _ text: String) -> Bool {
            error(message, "org.freedesktop.DBus.Error.InvalidArgs", text)
        }
    }
}
