import Foundation

/// A secret (a token, a password, an API key) read from a file: the safe way to give one to a command line
/// (`--token-file FILE`, `--password-file FILE`, `--npr-key-file FILE`). A secret given as an argument is
/// visible to every user of the machine in `ps` and `/proc/PID/cmdline`; a file with mode 0600 is not
/// (docs/security.md, "Secrets").
///
/// The file holds the secret alone; surrounding white space and the final line break are dropped. Errors
/// name the option and the file, never the content.
///
/// ```swift
/// let token = try SecretFile.read("/run/user/1000/vimeo-token", option: "--token-file")
/// ```
public enum SecretFile {
    /// The largest secret file read (tokens and passwords are far shorter; anything larger is not a secret file).
    public static let maximumBytes = 4096

    /// Why a secret file could not be used.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// One line: the option, the file, what is wrong (never the content).
        public var description: String
    }

    /// The secret in the file at `path`, given with `option` (named in errors).
    /// - Throws: ``Failure`` when the file cannot be read, is larger than ``maximumBytes``, is empty, or holds
    ///   more than one line.
    public static func read(_ path: String, option: String) throws(Failure) -> String {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw Failure(description: "\(option) \(path): cannot read the file (\((error as NSError).localizedDescription))")
        }
        guard data.count <= maximumBytes else {
            throw Failure(description: "\(option) \(path): more than \(maximumBytes) bytes; the file must hold the secret alone")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(description: "\(option) \(path): not UTF-8 text")
        }
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty else { throw Failure(description: "\(option) \(path): the file is empty") }
        guard !secret.contains(where: \.isNewline) else {
            throw Failure(description: "\(option) \(path): more than one line; the file must hold the secret alone")
        }
        return secret
    }
}
