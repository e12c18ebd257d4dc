import Foundation
import ScreenKit

/// `--app fixture --fixture FILE_OR_URL`: lists and details described by JSON pages (``FixturePage``), from
/// files or a local server, with thumbnails, paging, pull to refresh, Retry, details and notices — the
/// screens of a feed app without a feed, to try, test and benchmark the shell. The logic is
/// ``FixtureBrowser`` (pure); this class runs its page loads in the background and hands the results back
/// to the main thread.
final class FixtureApp: HostedApp {
    private var browser = FixtureBrowser()
    private let startURL: URL
    private let context: AppContext
    private let fetcher: any ResourceFetching
    private var tasks: [Int: Task<Void, Never>] = [:]

    init(start: URL, context: AppContext, fetcher: any ResourceFetching = StandardResourceFetcher()) {
        self.startURL = start
        self.context = context
        self.fetcher = fetcher
    }

    /// The URL for `--fixture`: an absolute `file:`/`http:`/`https:` URL, or a path to an existing file.
    static func url(for argument: String) throws -> URL {
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased(), ["file", "http", "https"].contains(scheme) {
            return url
        }
        let url = URL(fileURLWithPath: argument)
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw ResourceError(message: "--fixture \(argument): no such readable file")
        }
        return url.standardizedFileURL
    }

    func start(_ shell: inout Shell, at t: Double) {
        run(browser.start(startURL, shell: &shell, at: t))
    }

    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {
        run(browser.handle(output, shell: &shell, at: t))
    }

    var isWorking: Bool { !tasks.isEmpty }
    var resources: (any ResourceFetching)? { fetcher }

    func shutdown() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
    }

    private func run(_ commands: [FixtureBrowser.Command]) {
        for case .load(let request) in commands { load(request) }
    }

    private func load(_ request: FixtureBrowser.Request) {
        let fetcher = self.fetcher
        let context = self.context
        let owner = UncheckedBox(WeakReference(self))
        tasks[request.serial] = Task.detached {
            let result: Result<FixturePage, ResourceError>
            do {
                let bytes = try await fetcher.bytes(at: request.url)
                result = .success(try FixturePage.decode(bytes, from: request.url))
            } catch let error as ResourceError {
                result = .failure(error)
            } catch {
                result = .failure(ResourceError(message: "\(request.url.absoluteString): \(error)"))
            }
            context.update { shell, t in owner.value.object?.finish(request, result, shell: &shell, at: t) }
        }
    }

    private func finish(_ request: FixtureBrowser.Request, _ result: Result<FixturePage, ResourceError>,
                        shell: inout Shell, at t: Double) {
        tasks[request.serial] = nil
        switch result {
        case .success(let page):
            run(browser.loaded(request, page: page, shell: &shell, at: t))
        case .failure(let error):
            FileHandle.standardError.write(Data("SDLDemo: fixture \(error.message)\n".utf8))
            run(browser.failed(request, message: error.message, shell: &shell, at: t))
        }
    }
}
