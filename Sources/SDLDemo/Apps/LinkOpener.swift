import FeedCore
import Foundation

/// Opens a feed's link with a program (`xdg-open` by default, `--open-with CMD`), without waiting for it.
///
/// Only what ``FeedCore/LinkPolicy`` lets through is opened (absolute http/https, mailto); the screens ask
/// the policy first and show a notice instead, and the opener asks again, so no path reaches the desktop with
/// a `file:`, `smb:` or custom-scheme link. The program runs directly (looked up in `PATH`, no shell, no
/// `env`), with the URL as one argument: after `--` for programs that take it; `xdg-open` does not (xdg-utils
/// 1.1.3 exits with "unexpected option '--'"), and there the policy's rule that no URL starts with `-` keeps it
/// from being read as an option. Secrets the window was given in the environment (`VIMEO_TOKEN`, …) are not
/// passed on. Tests give a harmless command (docs/security.md).
struct LinkOpener: Sendable {
    /// The program, looked up in `PATH` (or a path).
    var command: String

    /// Programs known to refuse `--` before the URL.
    static let programsWithoutDoubleDash: Set<String> = ["xdg-open"]
    /// Environment variables holding secrets, never handed to the opener.
    static let secretVariables: Set<String> = ["VIMEO_TOKEN", "INTERLOCHEN_PASSWORD", "NPR_API_KEY"]

    /// The arguments the program is given for `url`.
    func arguments(for url: URL) -> [String] {
        let name = URL(fileURLWithPath: command).lastPathComponent
        return Self.programsWithoutDoubleDash.contains(name) ? [url.absoluteString] : ["--", url.absoluteString]
    }

    /// Opens `url` if the policy allows it; returns the refusal, or why the program could not be started,
    /// otherwise. Says on stderr what it did. The program gets `environment` less its secrets. When it was started
    /// and later exits with a failure (xdg-open's 3 or 4: no program for the link, or it failed; xdg-utils'
    /// manual), `failed` hears why, in one line, on the process's termination thread.
    @discardableResult
    func open(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
              failed: @escaping @Sendable (String) -> Void = { _ in }) -> String? {
        if case .refuse(let reason) = LinkPolicy.link(url) {
            DemoLog.line("interlochen: \(url.absoluteString): \(reason)")
            return reason
        }
        guard let executable = Self.locate(command) else {
            DemoLog.line("interlochen: could not run \(command): not found in PATH")
            return "Not opened: \(command) was not found."
        }
        DemoLog.line("interlochen: opening \(url.absoluteString) with \(command)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments(for: url)
        process.environment = Self.environment(environment)
        process.standardInput = FileHandle.nullDevice
        let command = self.command
        process.terminationHandler = { process in
            guard let reason = Self.failure(of: command, status: process.terminationStatus,
                                            signalled: process.terminationReason == .uncaughtSignal) else { return }
            DemoLog.line("interlochen: \(command) could not open \(url.absoluteString): \(reason)")
            failed(reason)
        }
        do {
            try process.run()
        } catch {
            DemoLog.line("interlochen: could not run \(command): \(error)")
            return "Not opened: \(command) could not be started."
        }
        return nil
    }

    /// Why `command` exiting with `status` means the link was not opened (nil: it was). xdg-open's statuses
    /// (xdg-utils' xdg-open(1)): 1 a syntax error, 2 a file that does not exist, 3 no program was found for it, 4
    /// the program failed.
    static func failure(of command: String, status: Int32, signalled: Bool) -> String? {
        if signalled { return "Not opened: \(command) was stopped (signal \(status))." }
        switch status {
        case 0: return nil
        case 3: return "Not opened: no program to open it was found (\(command) exit status 3)."
        case 4: return "Not opened: the program for it failed (\(command) exit status 4)."
        default: return "Not opened: \(command) failed (exit status \(status))."
        }
    }

    /// `environment` without the variables that hold secrets.
    static func environment(_ environment: [String: String]) -> [String: String] {
        environment.filter { !secretVariables.contains($0.key) }
    }

    /// `command` as an executable file: itself when it contains a `/`, else the first match in `PATH`.
    static func locate(_ command: String) -> URL? {
        let files = FileManager.default
        if command.contains("/") { return files.isExecutableFile(atPath: command) ? URL(fileURLWithPath: command) : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(command)"
            if files.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}
