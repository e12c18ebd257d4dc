// docs/media.md, "MPEGTS": the whole-file helpers and the streaming demuxer.
import MPEGTS

// snippet.hide
func use(_ data: [UInt8], _ pts: UInt64?) {}
func demux(tsBytes: [UInt8], pieces: [[UInt8]], prefix: [UInt8]) throws {
// snippet.show
// Whole file in memory:
let (codec, data) = try TransportStreamDemuxer.extractAudio(from: tsBytes)       // first audio stream
let (stream, codec2, data2) = try TransportStreamDemuxer.extractAudioStream(from: tsBytes) // + PID/type/language
if codec.isMPEGAudio { /* data is a sequence of MP3 frames */ }

// Streaming, any piece sizes:
var demuxer = TransportStreamDemuxer(selection: .firstAudio)   // or .pid(0x101), .all
for piece in pieces { for chunk in try demuxer.feed(piece) { use(chunk.data, chunk.pts) } }
for chunk in demuxer.finish() { use(chunk.data, chunk.pts) }
demuxer.streams          // [StreamInfo(programNumber, pid, streamType, kind, language)]
demuxer.statistics       // packets, bytesSkipped, resyncs, continuityErrors, droppedPES, crcErrors, damagedPackets
demuxer.diagnostics      // [DemuxDiagnostic(offset, message)] — what was skipped and where
TransportStreamDemuxer.isTransportStream(prefix) // 0x47 at 0, 188, 376
// snippet.hide
_ = (data, stream, codec2, data2)
}
// snippet.show
