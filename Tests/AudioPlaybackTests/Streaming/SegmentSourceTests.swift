import Foundation
import MPEGTS
import PlayerCore
import Testing
@testable import AudioPlayback

/// The segment source a live HLS recording plugs into: MPEG-TS segments demultiplexed and decoded as a stream.
@Suite("MPEG-TS segment source")
struct SegmentSourceTests {
    /// `ts` cut into `count` segments at packet boundaries.
    static func segments(_ ts: [UInt8], count: Int) -> [TransportStreamSegment] {
        let packets = ts.count / 188
        return (0..<count).map { k in
            let from = packets * k / count * 188, to = packets * (k + 1) / count * 188
            return TransportStreamSegment(bytes: Array(ts[from..<to]))
        }
    }

    static func source(_ segments: [TransportStreamSegment], live: Bool = false)
        -> TransportSegmentAudioSource<AsyncStream<TransportStreamSegment>>
    {
        TransportSegmentAudioSource(details: StreamDetails(isLive: live)) {
            AsyncStream { continuation in
                for segment in segments { continuation.yield(segment) }
                continuation.finish()
            }
        }
    }

    @Test("a connection yields opened, a discontinuity, the MPEG audio of every segment, and the end")
    func elements() async throws {
        let ts = try fixtureBytes("tone_mp3.ts")
        let (_, audio) = try TransportStreamDemuxer.extractAudio(from: ts)
        var second = Self.segments(ts, count: 1)[0]
        second.discontinuity = true
        let connection = try await Self.source(Self.segments(ts, count: 3) + [second]).connect()
        var elements: [AudioStreamElement] = []
        while let element = try await connection.next() { elements.append(element) }
        #expect(elements.first == .opened(StreamDetails(isLive: false)))
        #expect(elements.last == .end)
        let discontinuities = elements.enumerated().filter { $0.element == .discontinuity }.map(\.offset)
        #expect(discontinuities.count == 2)
        var parts: [[UInt8]] = [[]]
        for element in elements {
            if case .audio(let bytes) = element { parts[parts.count - 1] += bytes }
            if element == .discontinuity, !parts[parts.count - 1].isEmpty { parts.append([]) }
        }
        let same = parts == [audio, audio]
        #expect(same, "\(parts.map(\.count)) bytes instead of 2 × \(audio.count)")
    }

    @Test("AAC in MPEG-TS is refused, not retried")
    func aac() async throws {
        let connection = try await Self.source([TransportStreamSegment(bytes: try fixtureBytes("tone_aac.ts"))]).connect()
        await #expect(throws: AudioStreamError(retryable: false, "the live stream's audio is AAC (ADTS); only MPEG audio is decoded")) {
            while try await connection.next() != nil {}
        }
    }

    @Test("played through the engine: the PCM is the decode of each stretch, the decoder restarted at the discontinuity")
    func throughTheEngine() async throws {
        let ts = try fixtureBytes("tone_mp3.ts")
        let (_, audio) = try TransportStreamDemuxer.extractAudio(from: ts)
        var again = TransportStreamSegment(bytes: ts)
        again.discontinuity = true
        let segments = Self.segments(ts, count: 4) + [again]
        let rig = StreamRig(source: { source, _ throws(AudioStreamError) in
            guard case .liveHLS = source else { throw AudioStreamError(retryable: false, "unexpected \(source)") }
            return Self.source(segments)
        })
        rig.send(.selected(StreamRequest(source: .liveHLS(playlist: URL(string: "http://127.0.0.1/live.m3u8")!))))
        let expected = try referenceDecode(audio) + (try referenceDecode(audio))
        #expect(await rig.wait { $0.inputEnded })
        // The input ending is not the PCM being decoded (a loaded machine decodes later): play only once all
        // of it is decoded, then for as long as it lasts plus a second, so that the end is reached.
        #expect(await rig.waitDecoded(expected.count / 2))
        rig.advance(Double(expected.count / 2) / 44_100 + 1)
        #expect(await rig.wait { $0.state == .idle })
        let same = rig.output.samples == expected
        #expect(same, "\(firstDifference(rig.output.samples, expected[...]))")
        await rig.shutdown()
    }
}
