import FeedKit
import Foundation
import PrivateFiles
import Samples

/// An embedded sample served for the window (Samples' ``Samples/SampleServer``), started and stopped from the
/// synchronous SDL side: what every app serves when given no service of its own.
final class AppSample: Sendable {
    /// The running sample.
    let sample: SampleServer

    private init(sample: SampleServer) {
        self.sample = sample
    }

    /// Starts serving `name` on 127.0.0.1 and says so on stderr.
    static func start(_ name: SampleName) throws -> AppSample {
        let sample: SampleServer
        do {
            sample = try Blocking.run { try await SampleServer.start(name) }
        } catch {
            throw WiringError(message: "\(error)")
        }
        DemoLog.line("serving the embedded \(name.rawValue) at \(sample.baseURL.absoluteString)")
        return AppSample(sample: sample)
    }

    /// The server's root URL.
    var baseURL: URL { sample.baseURL }

    /// The URL of `path` on the server.
    func url(for path: String) -> URL { sample.url(for: path) }

    /// Stops the server.
    func shutdown() {
        let sample = self.sample
        _ = try? Blocking.run { await sample.shutdown() }
    }
}

/// An app's SQLite store: `--store PATH`, else a file in a fresh temporary directory that ``remove()``
/// deletes when the window closes (nothing of a demo run is left behind).
struct AppStore: Sendable {
    /// The store file.
    let path: String
    private let temporaryDirectory: URL?

    /// The store at `path` (its missing folders made 0700: FeedKit's ``FeedStore/makePrivateFolder(at:environment:)``),
    /// or `APP.sqlite` in a new private temporary directory when nil (`SDLDemo-APP-XXXXXX`, made by `mkdtemp`:
    /// PrivateFiles' ``PrivateDirectory/make(in:prefix:)``).
    init(path: String?, app: String) throws {
        if let path {
            self.path = path
            temporaryDirectory = nil
            try FeedStore.makePrivateFolder(at: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        } else {
            let directory = try PrivateDirectory.make(in: FileManager.default.temporaryDirectory, prefix: "SDLDemo-\(app)")
            self.path = directory.appendingPathComponent("\(app).sqlite").path
            temporaryDirectory = directory
        }
    }

    /// A second store next to this one (`STEM-NAME.sqlite`), e.g. Vimeo's beside Interlochen's.
    func sibling(_ name: String) -> String {
        let stem = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
        return stem + "-\(name).sqlite"
    }

    /// Deletes the temporary directory, if the store is in one.
    func remove() {
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
    }
}

/// The environment variables the apps read (credentials, tokens).
enum AppEnvironment {
    /// The variable's value, or nil when it is unset or empty.
    static func value(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
