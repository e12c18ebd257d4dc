import Foundation
import TestSupport

/// Summary of raw interleaved signed 16-bit stereo PCM at 44.1 kHz (what SDL's disk driver writes for the
/// demo's device format, and what ffmpeg is asked to decode the reference to).
struct PCMStats: Sendable {
    /// Frames in which at least one channel is not exactly zero, in seconds. SDL fills gaps in the queue
    /// with exact digital silence, so this counts the audio that was actually played.
    var nonSilentSeconds: Double
    /// Sum of |sample| over all samples divided by 44,100 (a loudness integral that ignores inserted silence).
    var energy: Double
    /// Largest |sample|.
    var peak: Int

    static let sampleRate = 44_100.0

    /// Reads a raw PCM file.
    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url, options: .alwaysMapped)
        var nonSilent = 0
        var energy = 0.0
        var peak = 0
        data.withUnsafeBytes { raw in
            let samples = raw.bindMemory(to: Int16.self)
            var i = 0
            while i + 1 < samples.count {
                let left = Int(Int16(littleEndian: samples[i]))
                let right = Int(Int16(littleEndian: samples[i + 1]))
                if left != 0 || right != 0 { nonSilent += 1 }
                energy += Double(abs(left) + abs(right))
                peak = max(peak, abs(left), abs(right))
                i += 2
            }
        }
        self.nonSilentSeconds = Double(nonSilent) / Self.sampleRate
        self.energy = energy / Self.sampleRate
        self.peak = peak
    }

    /// Whether ffmpeg is on PATH.
    static var hasFFmpeg: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg") }
    }

    /// Decodes `file` with ffmpeg (independent of the demo's libmpg123 path) and summarises it.
    static func reference(decoding file: URL) async throws -> PCMStats {
        let output = TestScratch.root
            .appendingPathComponent("SDLDemoTests-reference-\(UUID().uuidString).raw")
        let outcome = try await ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "ffmpeg", "-loglevel", "error", "-y", "-i", file.path, "-f", "s16le", "-ac", "2", "-ar", "44100", output.path,
        ])
        guard outcome.status == 0 else {
            throw DemoRunError(message: "ffmpeg could not decode \(file.path) (status \(outcome.status)): \(outcome.stderr)")
        }
        defer { try? FileManager.default.removeItem(at: output) }
        return try PCMStats(contentsOf: output)
    }
}
