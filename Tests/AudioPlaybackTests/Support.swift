import Foundation
import Synchronization
@testable import AudioPlayback

/// Path of a fixture committed under Tests/AudioPlaybackTests/Fixtures.
func fixturePath(_ name: String) throws -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
        throw FixtureMissing(name: name)
    }
    return url.path
}

/// Bytes of a fixture.
func fixtureBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: try fixturePath(name))))
}

/// Little-endian s16 samples of a raw PCM fixture (ffmpeg `-f s16le`).
func fixtureSamples(_ name: String) throws -> [Int16] {
    let bytes = try fixtureBytes(name)
    return stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
}

struct FixtureMissing: Error { let name: String }

/// Thread-safe recorder for events and warnings.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// Largest absolute sample difference between `a` and `b` over their common length.
func maxDifference(_ a: ArraySlice<Int16>, _ b: ArraySlice<Int16>) -> Int {
    zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}
