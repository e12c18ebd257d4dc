// docs/Downloader.md, "Live recording": a recording whose events feed a player while it records.
import Downloader
import Foundation

// snippet.hide
/// Stands in for the player's decoder.
final class Decoder: Sendable {
    func reset() {}
    func feed(_ bytes: [UInt8]) {}
}

func record(downloader: HLSDownloader) async throws {
let decoder = Decoder()
// snippet.show
var options = LiveRecordingOptions(duration: 60)
options.deliversBytes = true                            // a player decodes from the events
let recording = downloader.record(from: URL(string: "http://127.0.0.1:8080/live/index.m3u8")!,
                                  to: "/tmp/radio.ts", options: options)
let player = Task {
    for await event in recording.events {
        switch event {
        case .segment(let segment):
            if segment.discontinuity { decoder.reset() }           // timeline may jump here
            decoder.feed(segment.bytes ?? [])                      // or read segment.file (offset, length)
        case .gap(let gap):
            print("missed \(gap.missedSegments) segment(s): \(gap.reason)")
        case .dropped(let drop):
            print("fell behind: \(drop.segments) segment(s) only in the file")
        }
    }
}
let result = try await recording.result()   // .duration, .endList, .stopped or .failed(error)
print(result.recordedDuration, result.gapCount, result.missedSegments, result.isComplete)
await player.value
// snippet.hide
}
// snippet.show
