import AudioPlayback
import Foundation
import VideoCore

extension VideoEngine {
    /// Runs the engine's side of one window refresh at `now` (seconds, monotonic): handles what the session
    /// reported, moves decoded audio into the device, reads the master clock, picks the frame due, detects stalls
    /// and the end, and returns the frame to show (nil: keep the one on screen) with the status.
    public func pump(now: Double) -> Pump {
        let elapsed = lastNow.map { max(0, now - $0) } ?? 0
        if let last = lastNow, now > last { refresh += 0.1 * (min(0.05, max(1.0 / 240, now - last)) - refresh) }
        lastNow = now
        handleReports()
        guard let session, player.session == session.id else {
            status.state = player.state
            return Pump(frame: nil, status: status)
        }
        let kinds = session.queues.mediaKinds
        let hasAudio = kinds?.contains(.audio) ?? false
        let hasVideo = kinds?.contains(.video) ?? false

        // Audio into the device, and the clock it gives.
        if hasAudio { writeAudio(session: session, now: now, elapsed: elapsed) }
        let before = session.queues.snapshot
        // Audio that has ended (a track a little shorter than the video) hands the clock on to the wall clock.
        // The device clock stops one device latency short of the end of what was written (AudioClock subtracts
        // it, and an empty queue gives nothing more to count down), so "reached the end" allows that much: without
        // it a video played to a real device never ended (seen in bench/video-play.py, 2026-11-25).
        let endSlack = deviceLatency + 1e-3
        let audioExhausted = hasAudio && before.decoderEnded.contains(.audio) && before.pcmSeconds < 1e-6
            && (writtenEnd.map { (audioClock.time(at: now) ?? 0) >= $0 - endSlack } ?? true)
        let master = masterClock(now: now, hasAudio: hasAudio && !audioExhausted)

        // The frame due.
        var frame: VideoFrame?
        if hasVideo {
            if clockRunning, let master {
                let decision = FramePacer.decide(queue: session.queues.frameTimes, clock: master, lead: refresh / 2)
                frame = session.queues.takeFrames(drop: decision.drop, take: decision.show)
                status.framesDropped += decision.drop
                if let frame { status.avOffsetMs = (frame.time - master) * 1000 }
            } else if !shownThisGeneration {
                frame = session.queues.takeFrames(drop: 0, take: true)
            }
        }
        if let frame { show(frame) }

        // Position: the frame on screen; without video, the clock.
        if hasVideo, shownThisGeneration, let shown {
            status.position = shown.time
        } else if !hasVideo, clockRunning, let master {
            status.position = master
        }
        playhead.withLock { $0 = status.position }
        session.queues.setPosition(status.position)

        // Buffer, stalls, the end.
        let snapshot = session.queues.snapshot
        let tracks: [PipelineQueues.TrackKind] = session.queues.mediaKinds == nil ? [.main]
            : (snapshot.delivered[.audio] != nil || hasSeparateAudio ? [.main, .audio] : [.main])
        let deliveredEnd = tracks.compactMap { snapshot.delivered[$0] }.min()
        let inputEnded = tracks.allSatisfy { snapshot.inputEnded.contains($0) }
        status.buffered = max(0, (deliveredEnd ?? status.position) - status.position)
        status.bufferedRange = deliveredEnd.map { status.position ... max(status.position, $0) }
        status.inputEnded = inputEnded
        status.decodedToEnd = inputEnded && (!hasAudio || snapshot.decoderEnded.contains(.audio))
            && (!hasVideo || snapshot.decoderEnded.contains(.video))
        let audioReady = !hasAudio || snapshot.pcmSeconds >= 0.05 || snapshot.decoderEnded.contains(.audio)
            || (writtenEnd.map { $0 - (master ?? $0) > 0.05 } ?? false)
        let videoReady = !hasVideo || snapshot.frames > 0 || shownThisGeneration || snapshot.decoderEnded.contains(.video)
        let decodedReady = kinds != nil && audioReady && videoReady
        let audioAhead = hasAudio ? snapshot.pcmSeconds + max(0, (writtenEnd ?? 0) - (master ?? writtenEnd ?? 0)) : .infinity
        let videoAhead = hasVideo ? max(0, (snapshot.lastFrameEnd ?? status.position) - (master ?? status.position)) : .infinity
        status.decodedAhead = kinds == nil ? 0 : min(audioAhead, videoAhead).isFinite ? min(audioAhead, videoAhead) : 0
        send(.buffered(session.id, BufferReport(aheadSeconds: status.buffered, decodedReady: decodedReady, inputEnded: inputEnded)))

        if player.state == .playing, let master {
            let audioDry = hasAudio && snapshot.pcmSeconds < 1e-6 && (writtenEnd.map { master >= $0 - endSlack } ?? true)
            let audioDone = !hasAudio || (snapshot.decoderEnded.contains(.audio) && audioDry)
            let videoDone = !hasVideo || (snapshot.decoderEnded.contains(.video) && snapshot.frames == 0
                && master >= (shown?.end ?? 0) - endSlack)
            let videoDry = hasVideo && snapshot.frames == 0 && master >= (shown?.end ?? master) + 0.1
            if inputEnded && audioDone && videoDone {
                send(.reachedEnd(session.id))
            } else if hasAudio && !audioExhausted ? (audioDry && !snapshot.decoderEnded.contains(.audio))
                                                  : (videoDry && !snapshot.decoderEnded.contains(.video)) {
                send(.stalled(session.id))
            }
        }

        // The ABR learns from dropped frames.
        if configuration.capsOnDroppedFrames, let variants {
            session.abr.frames(now: now, decoded: session.framesDecoded, dropped: status.framesDropped, playing: shown?.variant,
                               variants: variants)
        }
        status.state = player.state
        status.stalls = player.stalls
        status.duration = player.info?.duration
        status.isLive = player.info?.isLive ?? false
        return Pump(frame: frame, status: status)
    }

    private var hasSeparateAudio: Bool { separateAudio }

    /// The device's own latency the audio clock subtracts (0 when the engine paces the audio itself).
    private var deviceLatency: Double {
        if case .device(let latency) = clockMode { return latency }
        return 0
    }

    /// Applies what the session reported since the last pump.
    private func handleReports() {
        guard let session else { return }
        for report in session.takeReports() {
            switch report {
            case .opened(let info, let variants, let separate):
                self.variants = variants
                separateAudio = separate
                send(.opened(session.id, info))
            case .failed(let message):
                send(.failed(session.id, message))
                configuration.log("video: \(message)")
            case .skipped(let message):
                status.segmentsSkipped += 1
                configuration.log("video: skipped \(message)")
            case .variantFailed(let id, let message):
                configuration.log("video: variant \(id) failed: \(message)")
            }
            guard self.session != nil else { return }
        }
        for message in session.takeDecodeErrors() {
            send(.failed(session.id, message))
            configuration.log("video: \(message)")
            return
        }
    }

    /// Tops the device up to the queue policy's target with decoded audio (volume applied, gaps filled with silence),
    /// and updates the audio clock.
    private func writeAudio(session: PlaybackSession, now: Double, elapsed: Double) {
        let format = output.format
        if case .paced = clockMode, clockRunning { virtualQueued = max(0, virtualQueued - elapsed) }
        let queued: Double
        switch clockMode {
        case .paced, .automatic: queued = virtualQueued
        case .device: queued = format.seconds(frames: output.queuedFrames)
        }
        if clockRunning || writtenEnd == nil {
            let want = clockRunning ? configuration.queues.audioToQueue(deviceQueued: queued) : 0
            var written = 0.0
            for chunk in session.queues.takePCM(seconds: want) {
                var samples = chunk.samples
                var start = chunk.time
                if let end = writtenEnd {
                    let gap = chunk.time - end
                    if gap > 0.05 {
                        // A missing stretch (a skipped segment): silence, so the clock keeps time with the video.
                        let frames = Int(min(gap, 2) * Double(format.sampleRate))
                        enqueue([Int16](repeating: 0, count: frames * format.channels))
                        written += Double(frames) / Double(format.sampleRate)
                    } else if gap < -0.05 {
                        let overlap = Int(min(-gap, chunk.duration) * Double(format.sampleRate))
                        samples.removeFirst(min(samples.count, overlap * format.channels))
                        start += Double(overlap) / Double(format.sampleRate)
                    }
                }
                if writtenEnd == nil { writtenEnd = start }
                enqueue(scaled(samples))
                let seconds = Double(samples.count / max(1, format.channels)) / Double(format.sampleRate)
                written += seconds
                writtenEnd = max(writtenEnd ?? start, start + seconds)
            }
            if case .paced = clockMode { virtualQueued += written }
            if case .automatic = clockMode { virtualQueued += written }
        }
        guard let writtenEnd else { return }
        let nowQueued: Double
        switch clockMode {
        case .device: nowQueued = format.seconds(frames: output.queuedFrames)
        default: nowQueued = virtualQueued
        }
        let latency: Double = if case .device(let l) = clockMode { l } else { 0 }
        audioClock.update(now: now, writtenEnd: writtenEnd, queuedSeconds: nowQueued, latency: latency, playing: clockRunning)
    }

    private func enqueue(_ samples: [Int16]) {
        guard !samples.isEmpty else { return }
        try? output.enqueue(samples)
    }

    private func scaled(_ samples: [Int16]) -> [Int16] {
        PCMGain.apply(status.muted ? 0 : status.volume, to: samples)
    }

    /// The audio clock once audio plays; otherwise an external clock started where the audio ended, or at the
    /// position when the clock started.
    private func masterClock(now: Double, hasAudio: Bool) -> Double? {
        if hasAudio, let time = audioClock.time(at: now) {
            external = nil
            return time
        }
        guard clockRunning else { return nil }
        if external == nil { external = (audioClock.time(at: now) ?? status.position, now) }
        guard let external else { return nil }
        return external.position + (now - external.now)
    }

    private func show(_ frame: VideoFrame) {
        if let previous = shown?.variant, let current = frame.variantID, previous != current { status.variantSwitches += 1 }
        shown = (frame.time, frame.time + frame.duration, frame.variantID, frame.width, frame.height)
        shownThisGeneration = true
        pendingSeek = nil
        status.framesShown += 1
        status.width = frame.width
        status.height = frame.height
        status.variant = variants == nil ? nil : frame.variantID
        status.bandwidth = frame.variantID.flatMap { id in variants?.first { $0.id == id }.map { Int(saturating: $0.bandwidth) } }
    }
}
