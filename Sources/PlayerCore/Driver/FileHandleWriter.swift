import Foundation

/// Writes diagnostics without going through `print`, which is not meant for standard error.
enum FileHandleWriter {
    /// Writes `text` (UTF-8) to standard error.
    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
