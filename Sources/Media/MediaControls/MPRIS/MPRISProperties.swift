import PlayerCore

/// The MPRIS property values for a state: a pure table, so what is published can be tested without a bus.
///
/// MPRIS D-Bus Interface Specification 2.2: `org.mpris.MediaPlayer2` ("MediaPlayer2" interface: Identity,
/// DesktopEntry, CanQuit, CanRaise, HasTrackList, SupportedUriSchemes, SupportedMimeTypes) and
/// `org.mpris.MediaPlayer2.Player` ("Player" interface: PlaybackStatus, Rate, Metadata, Volume, Position,
/// MinimumRate, MaximumRate, CanGoNext, CanGoPrevious, CanPlay, CanPause, CanSeek, CanControl).
public struct MPRISProperties: Hashable, Sendable {
    /// `org.mpris.MediaPlayer2`
    public static let rootInterface = "org.mpris.MediaPlayer2"
    /// `org.mpris.MediaPlayer2.Player`
    public static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// The object path every MPRIS player uses ("Entry point": `/org/mpris/MediaPlayer2`).
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The track ID meaning "no track" (spec, "Track_Id": `/org/mpris/MediaPlayer2/TrackList/NoTrack`).
    public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// The player's name for people (`Identity`), e.g. `CirclePlayer`.
    public var identity: String
    /// The desktop file's base name (`DesktopEntry`), if the app installs one.
    public var desktopEntry: String?
    /// Whether `Quit` does something (`CanQuit`).
    public var canQuit: Bool
    /// Whether `Raise` does something (`CanRaise`).
    public var canRaise: Bool
    /// What is published.
    public var state: MediaControlsState
    /// Identifies the current track in `mpris:trackid`; changes whenever the title, artist or art change.
    public var trackNumber: Int

    /// Creates a table.
    public init(
        identity: String, desktopEntry: String? = nil, canQuit: Bool = false, canRaise: Bool = false,
        state: MediaControlsState = .empty, trackNumber: Int = 0
    ) {
        self.identity = identity
        self.desktopEntry = desktopEntry
        self.canQuit = canQuit
        self.canRaise = canRaise
        self.state = state
        self.trackNumber = trackNumber
    }

    /// `PlaybackStatus` (spec, "Playback_Status"): `Playing` while playing and while buffering toward playing
    /// (the user asked to play; Pause works then), `Paused` when paused, `Stopped` otherwise.
    public var playbackStatus: String {
        guard state.hasTrack else { return "Stopped" }
        switch state.phase {
        case .playing, .fetching: return "Playing"
        case .paused: return "Paused"
        case .uninitialized, .completed, .failed: return "Stopped"
        }
    }

    /// `Metadata` (spec, "Metadata_Map"): `mpris:trackid` always; `xesam:title`; `xesam:artist` as a list of
    /// strings; `mpris:artUrl`; `mpris:length` in microseconds when the length is known and the stream is not live.
    public var metadata: DBusValue {
        guard state.hasTrack else { return .dictionary([DBusEntry("mpris:trackid", .objectPath(Self.noTrack))]) }
        let now = state.nowPlaying
        var entries = [DBusEntry("mpris:trackid", .objectPath(trackID))]
        entries.append(DBusEntry("xesam:title", .string(now.title)))
        if let artist = now.artist { entries.append(DBusEntry("xesam:artist", .stringArray([artist]))) }
        if let art = now.artworkURL { entries.append(DBusEntry("mpris:artUrl", .string(art.absoluteString))) }
        if !now.isLive, let duration = now.duration, duration.isFinite, duration >= 0 {
            entries.append(DBusEntry("mpris:length", .int64(Int64((duration * 1_000_000).rounded()))))
        }
        return .dictionary(entries)
    }

    /// `Position` in microseconds at `now` (spec, "Time_In_Us"): the anchor extrapolated at its rate, 0 when unknown.
    public func position(at now: ContinuousClock.Instant) -> Int64 {
        guard state.hasTrack, let position = state.position else { return 0 }
        return Int64((position.seconds(at: now) * 1_000_000).rounded())
    }

    /// The track ID of the current track (`mpris:trackid`), as `SetPosition` must name it.
    public var trackID: String {
        state.hasTrack ? "/org/circleplayer/track/\(trackNumber)" : Self.noTrack
    }

    /// All properties of `interface`, in the order of the specification, `Position` as at `now`; empty for
    /// other interfaces.
    public func all(of interface: String, at now: ContinuousClock.Instant = .now) -> [DBusEntry] {
        switch interface {
        case Self.rootInterface:
            var entries = [
                DBusEntry("CanQuit", .boolean(canQuit)),
                DBusEntry("CanRaise", .boolean(canRaise)),
                DBusEntry("HasTrackList", .boolean(false)),
                DBusEntry("Identity", .string(identity)),
            ]
            if let desktopEntry { entries.append(DBusEntry("DesktopEntry", .string(desktopEntry))) }
            entries += [
                DBusEntry("SupportedUriSchemes", .stringArray(["http", "https"])),
                DBusEntry("SupportedMimeTypes", .stringArray(["audio/mpeg"])),
            ]
            return entries
        case Self.playerInterface:
            return [
                DBusEntry("PlaybackStatus", .string(playbackStatus)),
                DBusEntry("Rate", .double(1)),
                DBusEntry("Metadata", metadata),
                DBusEntry("Volume", .double(min(1, max(0, state.volume)))),
                DBusEntry("Position", .int64(position(at: now))),
                DBusEntry("MinimumRate", .double(1)),
                DBusEntry("MaximumRate", .double(1)),
                DBusEntry("CanGoNext", .boolean(false)),
                DBusEntry("CanGoPrevious", .boolean(false)),
                // "should not depend on whether the track is currently paused or playing" (CanPlay, CanPause).
                DBusEntry("CanPlay", .boolean(state.hasTrack)),
                DBusEntry("CanPause", .boolean(state.hasTrack)),
                DBusEntry("CanSeek", .boolean(state.hasTrack && state.canSeek)),
                DBusEntry("CanControl", .boolean(true)),
            ]
        default:
            return []
        }
    }

    /// One property (`Position` as at `now`), or `nil` if `interface` has no property `name`.
    public func value(of name: String, in interface: String, at now: ContinuousClock.Instant = .now) -> DBusValue? {
        all(of: interface, at: now).first { $0.key == name }?.value
    }

    /// Properties that change at run time and are announced with `PropertiesChanged` when they do (the spec marks
    /// `Position` as never announced, and `CanControl` as constant).
    static let announced: [String: [String]] = [
        playerInterface: ["PlaybackStatus", "Metadata", "Volume", "CanPlay", "CanPause", "CanSeek"],
    ]

    /// The announced properties of `interface` whose values differ between `old` and `self`.
    public func changes(since old: MPRISProperties, in interface: String) -> [DBusEntry] {
        (Self.announced[interface] ?? []).compactMap { name in
            let now = value(of: name, in: interface)
            guard let now, now != old.value(of: name, in: interface) else { return nil }
            return DBusEntry(name, now)
        }
    }

    /// Properties a client may set (spec: `Rate`, `Volume` are read/write): a `Volume` becomes
    /// ``MediaControlCommand/setVolume(_:)``; `Rate` is accepted and ignored (normal rate only).
    static let writable: Set<String> = ["Rate", "Volume"]
}
