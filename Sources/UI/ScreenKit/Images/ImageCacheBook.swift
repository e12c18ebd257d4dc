/// The bookkeeping of an in-memory image cache, as a value: which images are wanted, which are being
/// fetched, which are ready (and how many bytes they hold), which failed — and so which to fetch and
/// which to evict. The program that owns the pixels (textures) follows its commands; this type never
/// touches an image.
///
/// Rules:
/// - **Fetching.** ``want(_:at:)`` takes the keys a frame shows, most important first. Each that is neither
///   ready, fetching, nor failed recently gets a ``Command/fetch(_:)``, while fewer than
///   `maximumConcurrentFetches` are in flight; the rest wait for a later frame (only what is still shown
///   then is fetched). A fetch that completes after its key scrolled away is still stored.
/// - **LRU by bytes.** Every key a frame shows is "used" at that frame. When ``fetched(_:bytes:at:)``
///   pushes the total over `byteBudget`, the least recently used ready images are evicted
///   (``Command/evict(_:)``) until it fits. An image that does not fit even after evicting everything
///   not shown in the last frame is refused: it is evicted at once and recorded as failed.
/// - **Failures.** ``failed(_:message:at:)`` records the time; the key is shown as a placeholder and is not
///   fetched again before `retryInterval` has passed (never in a hot loop), and then only if still wanted.
///
/// ```swift
/// var book = ImageCacheBook<String>(byteBudget: 1_000_000)
/// book.want(["a", "b"], at: 0)          // [.fetch("a"), .fetch("b")]
/// book.fetched("a", bytes: 600_000, at: 0.1)
/// book.fetched("b", bytes: 600_000, at: 0.2)   // [.evict("a")] if "a" was not shown more recently
/// ```
public struct ImageCacheBook<Key: Hashable & Sendable>: Sendable {
    /// What the owner of the pixels must do.
    public enum Command: Hashable, Sendable {
        /// Fetch and decode this image; report with ``fetched(_:bytes:at:)`` or ``failed(_:message:at:)``.
        case fetch(Key)
        /// Free this image's pixels.
        case evict(Key)
    }

    /// Where one image stands.
    public enum State: Hashable, Sendable {
        /// Not in the cache (never wanted, or evicted).
        case absent
        /// Being fetched.
        case fetching
        /// In memory, holding `bytes`.
        case ready(bytes: Int)
        /// The last fetch failed at `time` with `message`.
        case failed(message: String, time: Double)
    }

    private struct Entry: Sendable {
        var state: State
        /// Frame counter of the last use (LRU order).
        var lastUse: UInt64
    }

    /// The most bytes the ready images may hold together.
    public let byteBudget: Int
    /// The most fetches in flight at once.
    public let maximumConcurrentFetches: Int
    /// How long a failed image waits before it may be fetched again, in seconds.
    public let retryInterval: Double
    /// Bytes held by ready images.
    public private(set) var totalBytes = 0
    /// Fetches in flight.
    public private(set) var fetchingCount = 0
    private var entries: [Key: Entry] = [:]
    private var useCounter: UInt64 = 0
    private var lastWanted: Set<Key> = []

    /// An empty book.
    public init(byteBudget: Int, maximumConcurrentFetches: Int = 4, retryInterval: Double = 30) {
        self.byteBudget = max(0, byteBudget)
        self.maximumConcurrentFetches = max(1, maximumConcurrentFetches)
        self.retryInterval = retryInterval
    }

    /// Where `key` stands.
    public func state(of key: Key) -> State { entries[key]?.state ?? .absent }

    /// The number of ready images.
    public var readyCount: Int { entries.values.reduce(0) { if case .ready = $1.state { $0 + 1 } else { $0 } } }

    /// A frame at `now` shows `keys` (most important first): marks them used and returns the fetches to start.
    public mutating func want(_ keys: [Key], at now: Double) -> [Command] {
        useCounter += 1
        lastWanted = Set(keys)
        var commands: [Command] = []
        for key in keys {
            var entry = entries[key] ?? Entry(state: .absent, lastUse: useCounter)
            entry.lastUse = useCounter
            switch entry.state {
            case .ready, .fetching:
                break
            case .failed(_, let time) where now - time < retryInterval:
                break
            case .absent, .failed:
                if fetchingCount < maximumConcurrentFetches {
                    entry.state = .fetching
                    fetchingCount += 1
                    commands.append(.fetch(key))
                } else if case .absent = entry.state {
                    entries[key] = nil  // waits for a later frame; no entry for what is not fetched
                    continue
                }
            }
            entries[key] = entry
        }
        return commands
    }

    /// The fetch of `key` completed at `now` with an image of `bytes`; returns the evictions it causes.
    public mutating func fetched(_ key: Key, bytes: Int, at now: Double) -> [Command] {
        guard case .fetching? = entries[key]?.state else { return [] }  // not asked for (or forgotten): ignore
        fetchingCount -= 1
        let size = max(0, bytes)
        entries[key]?.state = .ready(bytes: size)
        totalBytes += size
        var commands: [Command] = []
        // Evict least recently used first; images shown in the last frame only when nothing else is left.
        while totalBytes > byteBudget {
            guard let victim = leastRecentlyUsed(excluding: key, sparing: lastWanted) else { break }
            commands.append(.evict(victim))
            remove(victim)
        }
        if totalBytes > byteBudget {
            commands.append(.evict(key))
            remove(key)
            entries[key] = Entry(state: .failed(message: "image of \(size) bytes does not fit the cache of \(byteBudget) bytes", time: now),
                                 lastUse: useCounter)
        }
        return commands
    }

    /// The fetch of `key` failed at `now`.
    public mutating func failed(_ key: Key, message: String, at now: Double) {
        guard case .fetching? = entries[key]?.state else { return }
        fetchingCount -= 1
        entries[key]?.state = .failed(message: message, time: now)
    }

    /// Forgets everything; returns an eviction for every ready image.
    public mutating func removeAll() -> [Command] {
        let ready = entries.compactMap { key, entry -> Command? in
            if case .ready = entry.state { return .evict(key) }
            return nil
        }
        entries.removeAll()
        totalBytes = 0
        fetchingCount = 0
        lastWanted = []
        return ready
    }

    private func leastRecentlyUsed(excluding excluded: Key, sparing spared: Set<Key>) -> Key? {
        var best: (key: Key, use: UInt64, spared: Bool)?
        for (key, entry) in entries where key != excluded {
            guard case .ready = entry.state else { continue }
            let isSpared = spared.contains(key)
            if let current = best {
                // Unspared before spared; then older before newer.
                if (current.spared && !isSpared) || (current.spared == isSpared && entry.lastUse < current.use) {
                    best = (key, entry.lastUse, isSpared)
                }
            } else {
                best = (key, entry.lastUse, isSpared)
            }
        }
        if let best, best.spared {
            // Everything left is on screen: evicting it would make the next frame fetch it again.
            return nil
        }
        return best?.key
    }

    private mutating func remove(_ key: Key) {
        if case .ready(let bytes)? = entries[key]?.state { totalBytes -= bytes }
        entries[key] = nil
    }
}
