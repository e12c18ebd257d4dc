/// The bookkeeping of a cache bounded by cost and by count, least recently used out first: which keys are in,
/// in what order they were last used, and which to drop when a new one comes in. The owner keeps the values
/// (e.g. the window's text textures) and frees what ``insert(_:cost:)`` names.
///
/// Every operation is O(1) (a doubly linked list threaded through a dictionary), except that an insertion
/// returns each key it evicts.
///
/// ```swift
/// var book = LRUBook<String>(maxCost: 100, maxCount: 10)
/// book.insert("a", cost: 60)            // []
/// book.insert("b", cost: 30)            // []
/// book.use("a")                         // true: "a" is now the most recent
/// book.insert("c", cost: 20)            // ["b"]: 110 > 100, and "b" was used least recently
/// ```
public struct LRUBook<Key: Hashable & Sendable>: Sendable {
    private struct Node: Sendable {
        var cost: Int
        /// The next older and the next newer key.
        var older: Key?
        var newer: Key?
    }

    /// The most the costs of the keys in the book may add up to (a key costing more on its own stays alone).
    public let maxCost: Int
    /// The most keys in the book.
    public let maxCount: Int
    /// The costs of the keys in the book, added up.
    public private(set) var totalCost = 0
    private var nodes: [Key: Node] = [:]
    private var newest: Key?
    private var oldest: Key?

    /// An empty book; `maxCount` is at least 1.
    public init(maxCost: Int, maxCount: Int) {
        self.maxCost = maxCost
        self.maxCount = max(1, maxCount)
    }

    /// The number of keys in the book.
    public var count: Int { nodes.count }

    /// Whether `key` is in the book.
    public func contains(_ key: Key) -> Bool { nodes[key] != nil }

    /// The keys from the least to the most recently used.
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        var key = oldest
        while let current = key {
            keys.append(current)
            key = nodes[current]?.newer
        }
        return keys
    }

    /// Marks `key` as used now; returns whether it is in the book.
    @discardableResult
    public mutating func use(_ key: Key) -> Bool {
        guard let node = nodes[key] else { return false }
        unlink(key, node)
        link(key, cost: node.cost)
        return true
    }

    /// Adds `key` as used now with `cost` (replacing its cost if it is in the book), then drops the least
    /// recently used keys until the book is within both bounds; returns the dropped keys, oldest first. The key
    /// just inserted is never dropped.
    public mutating func insert(_ key: Key, cost: Int) -> [Key] {
        if let node = nodes[key] {
            unlink(key, node)
            totalCost -= node.cost
        }
        link(key, cost: max(0, cost))
        totalCost += max(0, cost)
        var evicted: [Key] = []
        while totalCost > maxCost || nodes.count > maxCount, let victim = oldest, victim != key {
            remove(victim)
            evicted.append(victim)
        }
        return evicted
    }

    /// Takes `key` out of the book (if it is in).
    public mutating func remove(_ key: Key) {
        guard let node = nodes[key] else { return }
        unlink(key, node)
        nodes[key] = nil
        totalCost -= node.cost
    }

    /// Puts `key` at the newest end.
    private mutating func link(_ key: Key, cost: Int) {
        nodes[key] = Node(cost: cost, older: newest, newer: nil)
        if let newest { nodes[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    /// Takes `key` (whose node is `node`) out of the order; its node stays.
    private mutating func unlink(_ key: Key, _ node: Node) {
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
    }
}
