// docs/MediaControls.md: a stream player published on the session bus, its commands sent back to it.
import MediaControls
// snippet.hide
import PlayerCore

func publish(player: StreamPlayer, post: @escaping @Sendable (StreamEvent) -> Void) {
// snippet.show

let mpris = MPRISService.start(identity: "CirclePlayer", name: "circleplayer") { command in
    if let event = command.streamEvent { post(event) }        // Play, Pause, PlayPause, Stop: to the player's loop
}
mpris.update(MediaControlsState(player))    // after every change of the player that shows
// …
mpris.stop()        // leaves the bus (the name is released); returns once its thread has ended
// snippet.hide
}
// snippet.show
