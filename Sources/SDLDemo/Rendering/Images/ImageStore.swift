import CSDL2
import Foundation
import ScreenKit

/// The window's images: an in-memory cache of textures whose bookkeeping (what to fetch, what to evict,
/// when to retry) is ScreenKit's ``ScreenKit/ImageCacheBook``, fed with the URLs each frame shows.
///
/// Fetching runs in the background through a ``ResourceFetching``; decoding runs on one serial background
/// queue (``DecodedImage/decode(_:)``); the texture is made on the main thread at the next frame (through
/// the ``MainThreadQueue``), which also redraws. Main thread only, except what it sends off.
final class ImageStore {
    /// What a renderer draws for a URL.
    enum Look {
        /// The image.
        case image(texture: OpaquePointer, width: Int, height: Int)
        /// A placeholder while it loads (or before it is asked for).
        case loading
        /// A placeholder marked as failed.
        case failed
    }

    private struct Texture {
        var texture: OpaquePointer
        var width: Int
        var height: Int
    }

    private let canvas: Canvas
    private let fetcher: any ResourceFetching
    private let queue: MainThreadQueue
    private let decodeQueue = DispatchQueue(label: "SDLDemo.image-decode")
    private var book: ImageCacheBook<URL>
    private var textures: [URL: Texture] = [:]
    private var tasks: [URL: Task<Void, Never>] = [:]
    private var isShutDown = false
    /// Changes whenever an image arrives or fails, so a frame that shows it is drawn again.
    private(set) var generation = 0

    /// A store that fetches with `fetcher`, holds at most `byteBudget` bytes of textures and runs at most
    /// `maximumConcurrentFetches` fetches at once.
    init(canvas: Canvas, fetcher: any ResourceFetching, queue: MainThreadQueue, byteBudget: Int = 48 << 20,
         maximumConcurrentFetches: Int = 4, retryInterval: Double = 30) {
        self.canvas = canvas
        self.fetcher = fetcher
        self.queue = queue
        self.book = ImageCacheBook(byteBudget: byteBudget, maximumConcurrentFetches: maximumConcurrentFetches,
                                   retryInterval: retryInterval)
    }

    deinit {
        for texture in textures.values { SDL_DestroyTexture(texture.texture) }
        for task in tasks.values { task.cancel() }
    }

    /// Whether fetches are in flight (a scripted run keeps virtual time with real time meanwhile).
    var isFetching: Bool { book.fetchingCount > 0 }
    /// Bytes of textures held, and how many.
    var statistics: (bytes: Int, count: Int) { (book.totalBytes, textures.count) }

    /// A frame at `t` shows `urls` (most important first): starts the fetches they need.
    func show(_ urls: [URL], at t: Double) {
        guard !isShutDown else { return }
        for command in book.want(urls, at: t) { run(command) }
    }

    /// What to draw for `url`.
    func look(for url: URL) -> Look {
        if let texture = textures[url] { return .image(texture: texture.texture, width: texture.width, height: texture.height) }
        if case .failed = book.state(of: url) { return .failed }
        return .loading
    }

    /// Cancels fetches and frees every texture.
    func shutdown() {
        isShutDown = true
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        for command in book.removeAll() { run(command) }
    }

    private func run(_ command: ImageCacheBook<URL>.Command) {
        switch command {
        case .evict(let url):
            if let texture = textures.removeValue(forKey: url) { SDL_DestroyTexture(texture.texture) }
        case .fetch(let url):
            let fetcher = self.fetcher
            let decodeQueue = self.decodeQueue
            let queue = self.queue
            // The store is main-thread only; the task only carries a weak reference back to the main thread.
            let owner = UncheckedBox(WeakReference(self))
            // Hands `result` to the main thread (the queue's lock orders the decode before the texture upload).
            let deliver: @Sendable (Result<DecodedImage, ResourceError>) -> Void = { result in
                let delivered = UncheckedBox(result)
                queue.async { t in owner.value.object?.finish(url, delivered.value, at: t) }
            }
            tasks[url] = Task.detached {
                let bytes: [UInt8]
                do {
                    bytes = try await fetcher.bytes(at: url)
                } catch let error as ResourceError {
                    return deliver(.failure(error))
                } catch {
                    return deliver(.failure(ResourceError(message: "\(url.absoluteString): \(error)")))
                }
                // Decoded on the serial decode queue and delivered from there, straight to the main thread.
                decodeQueue.async {
                    do {
                        deliver(.success(try DecodedImage.decode(bytes)))
                    } catch {
                        deliver(.failure(ResourceError(message: "\(url.lastPathComponent): \(error)")))
                    }
                }
            }
        }
    }

    private func finish(_ url: URL, _ result: Result<DecodedImage, ResourceError>, at t: Double) {
        tasks[url] = nil
        guard !isShutDown else { return }
        generation &+= 1
        switch result {
        case .success(let image):
            guard let texture = SDL_CreateTextureFromSurface(canvas.renderer, image.surface) else {
                book.failed(url, message: "SDL_CreateTextureFromSurface: \(String(cString: SDL_GetError()))", at: t)
                return
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            // Linear filtering: thumbnails are drawn smaller or larger than their pixels.
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            textures[url] = Texture(texture: texture, width: image.width, height: image.height)
            for command in book.fetched(url, bytes: image.byteCount, at: t) { run(command) }
        case .failure(let error):
            book.failed(url, message: error.message, at: t)
            DemoLog.line("image \(error.message)")
        }
    }
}

/// A weak reference (to hand a main-thread object's address through a background task without retaining it).
final class WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

/// Carries a value that is handed from one thread to another exactly once.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
