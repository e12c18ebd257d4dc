/// A script could not be read or failed while running. The description is `file:line: message`.
struct ScriptError: Error, CustomStringConvertible, Equatable {
    /// The script's file name as given on the command line.
    var file: String
    /// 1-based line number, or 0 when the failure concerns the whole file.
    var line: Int
    var message: String

    var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
