extension FrameSnapshot {
    /// Whether `other` would draw the same picture and trace the same outputs: everything but what is not drawn
    /// (the frame's time, a stream's buffer level, whether work waits in real time, the next wake-up) is equal.
    /// The live loop draws a frame only when this is false (a stream reports its buffer level many times a
    /// second, and none of it shows).
    func showsSame(as other: FrameSnapshot) -> Bool {
        var mine = self
        mine.time = other.time
        mine.audio.bufferSeconds = other.audio.bufferSeconds
        mine.audio.awaitsRealWork = other.audio.awaitsRealWork
        mine.awaitsRealWork = other.awaitsRealWork
        mine.listensForMediaControls = other.listensForMediaControls
        mine.wakeAt = other.wakeAt
        return mine == other
    }
}
