import Foundation
@testable import StreamServer

/// Test data whose every byte is known without asking the server.
enum Fixtures {
    /// `count` bytes of a fixed pseudo-random pattern (differs per `seed`, never all-equal).
    static func bytes(_ count: Int, seed: UInt32 = 1) -> [UInt8] {
        var x = seed &* 2_654_435_761 | 1
        return (0..<count).map { _ in
            // xorshift32
            x ^= x << 13
            x ^= x >> 17
            x ^= x << 5
            return UInt8(truncatingIfNeeded: x)
        }
    }

    /// `nil` if the byte arrays are equal, else a short description of the first difference
    /// (so a failing comparison of megabyte bodies does not print megabytes).
    static func mismatch(_ actual: [UInt8], _ expected: [UInt8]) -> String? {
        if let index = (0..<min(actual.count, expected.count)).first(where: { actual[$0] != expected[$0] }) {
            return "first difference at byte \(index) (\(actual.count) vs \(expected.count) bytes)"
        }
        return actual.count == expected.count ? nil : "\(actual.count) bytes instead of \(expected.count)"
    }
}
