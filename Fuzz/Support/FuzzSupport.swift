import Foundation

// Shared by every fuzz target: compiled into each target's executable next to the sources under test.

/// Reports a broken invariant on standard error and aborts, so libFuzzer records the input as a crash.
///
/// A harness must not only survive its input: the properties below hold for every input, and a violation
/// is a bug as real as a trap.
func fuzzRequire(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("FUZZ INVARIANT VIOLATED at \(file):\(line): \(message())\n".utf8))
    abort()
}

/// Reads control values off the front of a fuzz input; running out yields zeros, never a failure.
struct FuzzReader {
    private(set) var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    mutating func byte() -> UInt8 {
        guard let first = bytes.first else { return 0 }
        bytes = bytes.dropFirst()
        return first
    }

    /// Little-endian 16-bit value.
    mutating func uint16() -> UInt16 {
        let low = UInt16(byte())
        return UInt16(byte()) << 8 | low
    }

    /// Everything not read yet.
    var rest: [UInt8] { Array(bytes) }
}

/// The input libFuzzer hands over, as an array (copied: the harness may outlive the pointer's guarantees).
func fuzzBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}
