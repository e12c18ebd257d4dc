import ArgumentParser
import FeedKit
import Foundation

/// Where a secret (a token, a password, an API key) comes from, in order: the option (`--token T`: visible to
/// other users in `ps`), the file option (`--token-file FILE`: the safe way), the environment variable. An
/// empty variable counts as none. The secret itself never appears in output, errors or traces
/// (docs/security.md, "Secrets").
public enum Secrets {
    /// The secret from `value`, else the file at `file` (read with ``FeedKit/SecretFile``), else the
    /// environment variable `variable`.
    /// - Throws: ``FeedKit/SecretFile/Failure`` naming the file option and the file when the file cannot be used.
    public static func resolve(_ value: String?, file: String?, fileOption: String,
                               variable: String) throws(SecretFile.Failure) -> String? {
        if let value { return value }
        if let file { return try SecretFile.read(file, option: fileOption) }
        return environment(variable)
    }

    /// A usage error when both the option and its file option are given, or the file option names nothing.
    public static func validate(_ value: String?, _ option: String, file: String?, _ fileOption: String) throws {
        if value != nil, file != nil { throw ValidationError("give \(option) or \(fileOption), not both") }
        if let file, file.isEmpty { throw ValidationError("\(fileOption) must name a file") }
    }

    /// The environment variable `name`, trimmed, or nil when unset or empty.
    public static func environment(_ name: String) -> String? {
        let value = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines)
        return value?.isEmpty == false ? value : nil
    }
}
