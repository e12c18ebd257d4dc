import Foundation

/// The sanitizer report in a child process's stderr, from its first line on, or `nil` when there is none.
///
/// The end-to-end tests start `SDLDemo` and `hlsfetch`; built with `--sanitize`, those report races and memory
/// errors on stderr, and a test must fail on such a report even where it expects a failing exit status.
public func sanitizerReport(in stderr: String) -> Substring? {
    let markers = ["WARNING: ThreadSanitizer", "ERROR: AddressSanitizer", "ERROR: LeakSanitizer"]
    guard let start = markers.compactMap({ stderr.range(of: $0)?.lowerBound }).min() else { return nil }
    return stderr[start...]
}
