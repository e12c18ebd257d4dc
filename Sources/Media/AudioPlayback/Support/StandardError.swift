#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes diagnostic lines to the process's standard error.
public enum StandardError {
    /// Writes `line` and a newline to stderr in one call.
    public static func writeLine(_ line: String) {
        let text = line + "\n"
        var bytes = Array(text.utf8)
        // write(2) on file descriptor 2: no shared FILE* state, one call per line.
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}
