import Foundation
import MediaCore
import ScreenKit

/// The now-playing screen (opened from the headphones mark) and what follows the player: Listen ↔ Pause on the
/// details, the mark itself, the screen's Pause/Play, volume, position and ±15 s (see ``InterlochenScreens``' table).
extension InterlochenScreens {
    /// What plays changed: the details' Listen reads Pause while its item runs (and Listen again otherwise); the
    /// headphones mark shows while audio is loaded and has not ended; the now-playing screen follows (and closes
    /// with no audio).
    public mutating func playbackChanged(_ playback: PlaybackStatus, _ shell: inout Shell, at t: Double) -> [Command] {
        self.playback = playback
        // The mark says audio is loaded; one that has ended (a story played out, a download done) is not.
        shell.showsNowPlayingMark = playback.audio != nil && playback.phase != .uninitialized
        if let details {
            let screen = self.details(details)
            shell.update(Self.detailsScreen, at: t) { $0.body = .details(screen) }
        }
        if let screen = nowPlaying() {
            shell.update(Self.nowPlayingScreen, at: t) { $0.body = .details(screen) }
        } else if shell.top?.id == Self.nowPlayingScreen {
            shell.pop(at: t)
        }
        return []
    }

    /// What the now-playing mark and screen reported: the mark tapped (the screen opens), a slider, a button.
    mutating func nowPlayingOutput(_ output: ShellOutput, _ shell: inout Shell, at t: Double) -> [Command] {
        switch output {
        case .titleButtonTapped(_, .nowPlaying):
            guard shell.top?.id != Self.nowPlayingScreen, let screen = nowPlaying() else { return [] }
            var playing = Screen(id: Self.nowPlayingScreen, title: "Now Playing", body: .details(screen))
            playing.hidesCircle = true
            shell.push(playing, at: t)
            return []
        case .sliderChanged(_, Self.volumeSlider, let level):
            guard playback.audio != nil else { return [] }
            return [.effect(.adjust(.setVolume(level)))]
        case .sliderChanged(_, Self.positionSlider, let fraction):
            guard playback.isFiniteStream, let duration = playback.duration, duration > 0, fraction.isFinite else { return [] }
            return [.effect(.adjust(.seek(to: min(1, max(0, fraction)) * duration)))]
        case .action(_, let action):
            switch action {
            case Self.back15 where playback.isFiniteStream: return [.effect(.adjust(.skip(by: -Self.skipSeconds)))]
            case Self.forward15 where playback.isFiniteStream: return [.effect(.adjust(.skip(by: Self.skipSeconds)))]
            case .pause where playback.isRunning: return [.effect(.control(.pause))]
            case .play where !playback.isRunning && playback.audio != nil: return [.effect(.control(.play))]
            default: return []
            }
        default:
            return []
        }
    }

    /// The now-playing screen for the audio loaded (nil: none): its artwork, title, station or story, what it
    /// does, a story's position and length, Pause or Play, and the volume (0 while muted); a story also has −15 s
    /// and +15 s, and with a known length a position slider (live radio has neither).
    func nowPlaying() -> DetailsScreen? {
        let title: String?, artist: String?, artwork: URL?, kind: String
        switch playback.active {
        case .stream(let request):
            (title, artist, artwork) = (request.title, request.artist, request.artworkURL)
            kind = request.isLive == true ? "STATION" : "STORY"
        case .download(let request):
            (title, artist, artwork, kind) = (request.title, request.artist, request.artworkURL, "VIDEO")
        case .nothing, .video:
            return nil
        }
        let state = switch playback.phase {
        case .fetching: "Loading…"
        case .playing: "Playing"
        case .paused: "Paused"
        case .failed: "Couldn't play"
        case .uninitialized, .completed: "Stopped"
        }
        // A story's place in it ("1:02 / 3:45", the time alone while the length is unknown); live radio has none.
        let place = playback.position.map { position in
            [VideoScreen.clock(position) + (playback.duration.map { " / " + VideoScreen.clock($0) } ?? "")]
        } ?? []
        var actions = [ActionButton(playback.isRunning ? .pause : .play)]
        var sliders = [DetailsSlider(name: Self.volumeSlider, label: "Volume", value: playback.volume.gain)]
        if playback.isFiniteStream {
            actions = [ActionButton(Self.back15, title: "−15 s")] + actions + [ActionButton(Self.forward15, title: "+15 s")]
            if let duration = playback.duration, duration > 0 {
                let fraction = (playback.position ?? 0) / duration
                sliders.insert(DetailsSlider(name: Self.positionSlider, label: "Position", value: fraction), at: 0)
            }
        }
        return DetailsScreen(image: artwork, overline: kind, title: title ?? "Now playing", subtitle: artist, facts: [state] + place,
                             actions: actions, sliders: sliders)
    }
}
