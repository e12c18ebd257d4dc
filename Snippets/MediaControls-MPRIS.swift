// docs/MediaControls.md: a stream player published on the session bus, its commands sent back to it.
import MediaControls
// snippet.hide
import PlayerCore

func publish(driver: StreamPlayerDriver) {
// snippet.show

let mpris = MPRISService.start(identity: "CirclePlayer", name: "circleplayer") { command in
    if let event = command.streamEvent { driver.send(event) }        // Play, Pause, PlayPause, Stop
}
Task { for await player in driver.updates { mpris.update(MediaControlsState(player)) } }
// …
mpris.stop()        // leaves the bus (the name is released); returns once its thread has ended
// snippet.hide
}
// snippet.show
