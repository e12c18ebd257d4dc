import Testing

@testable import ScreenKit

@Suite("Image cache bookkeeping")
struct ImageCacheBookTests {
    @Test("wanted keys are fetched at most N at a time; the rest wait for a later frame")
    func concurrency() {
        var book = ImageCacheBook<String>(byteBudget: 1000, maximumConcurrentFetches: 2)
        do { let result = book.want(["a", "b", "c"], at: 0); #expect(result == [.fetch("a"), .fetch("b")]) }
        #expect(book.state(of: "c") == .absent)
        do { let result = book.want(["a", "b", "c"], at: 0.016); #expect(result.isEmpty) }  // both slots busy
        do { let result = book.fetched("a", bytes: 100, at: 0.1); #expect(result.isEmpty) }
        do { let result = book.want(["a", "b", "c"], at: 0.116); #expect(result == [.fetch("c")]) }
        #expect(book.state(of: "a") == .ready(bytes: 100) && book.fetchingCount == 2)
    }

    @Test("a key that scrolled away before its slot came is never fetched")
    func scrolledAway() {
        var book = ImageCacheBook<String>(byteBudget: 1000, maximumConcurrentFetches: 1)
        _ = book.want(["a", "b"], at: 0)
        _ = book.fetched("a", bytes: 10, at: 0.1)
        do { let result = book.want(["z"], at: 0.2); #expect(result == [.fetch("z")]) }
        #expect(book.state(of: "b") == .absent)
    }

    @Test("over the budget, the least recently shown images are evicted first")
    func lru() {
        var book = ImageCacheBook<String>(byteBudget: 300, maximumConcurrentFetches: 8)
        _ = book.want(["a", "b", "c"], at: 0)
        _ = book.fetched("a", bytes: 100, at: 0)
        _ = book.fetched("b", bytes: 100, at: 0)
        _ = book.fetched("c", bytes: 100, at: 0)
        #expect(book.totalBytes == 300)
        _ = book.want(["b"], at: 1)
        _ = book.want(["a"], at: 2)   // order of use now: c (0), b (1), a (2)
        _ = book.want(["d"], at: 3)
        do { let result = book.fetched("d", bytes: 150, at: 3); #expect(result == [.evict("c"), .evict("b")]) }
        #expect(book.totalBytes == 250)
        #expect(book.state(of: "a") == .ready(bytes: 100) && book.state(of: "c") == .absent)
    }

    @Test("images on screen are spared; one that cannot fit without evicting them is refused and not refetched at once")
    func tooLarge() {
        var book = ImageCacheBook<String>(byteBudget: 250, maximumConcurrentFetches: 8, retryInterval: 30)
        _ = book.want(["a", "b", "c"], at: 0)
        _ = book.fetched("a", bytes: 100, at: 0)
        _ = book.fetched("b", bytes: 100, at: 0)
        do { let result = book.fetched("c", bytes: 100, at: 0); #expect(result == [.evict("c")]) }
        #expect(book.totalBytes == 200)
        guard case .failed(let message, _) = book.state(of: "c") else {
            Issue.record("c is \(book.state(of: "c"))")
            return
        }
        #expect(message.contains("does not fit"))
        do { let result = book.want(["a", "b", "c"], at: 1); #expect(result.isEmpty) }
    }

    @Test("a failure is not retried before retryInterval, and then only when still wanted")
    func failures() {
        var book = ImageCacheBook<String>(byteBudget: 1000, retryInterval: 30)
        _ = book.want(["a"], at: 0)
        book.failed("a", message: "HTTP 404", at: 0.5)
        #expect(book.state(of: "a") == .failed(message: "HTTP 404", time: 0.5))
        for frame in 1...600 { do { let result = book.want(["a"], at: 0.5 + Double(frame) / 60); #expect(result.isEmpty) } }
        do { let result = book.want(["a"], at: 30.5); #expect(result == [.fetch("a")]) }
        #expect(book.fetchingCount == 1)
    }

    @Test("results for keys that are not being fetched are ignored")
    func strayResults() {
        var book = ImageCacheBook<String>(byteBudget: 1000)
        do { let result = book.fetched("x", bytes: 10, at: 0); #expect(result.isEmpty) }
        book.failed("y", message: "?", at: 0)
        #expect(book.state(of: "x") == .absent && book.state(of: "y") == .absent && book.totalBytes == 0)
        _ = book.want(["a"], at: 0)
        _ = book.fetched("a", bytes: 10, at: 0)
        do { let result = book.fetched("a", bytes: 10, at: 0); #expect(result.isEmpty) }  // twice: counted once
        #expect(book.totalBytes == 10)
    }

    @Test("removeAll evicts every ready image")
    func removeAll() {
        var book = ImageCacheBook<String>(byteBudget: 1000)
        _ = book.want(["a", "b"], at: 0)
        _ = book.fetched("a", bytes: 10, at: 0)
        do { let result = book.removeAll(); #expect(result == [.evict("a")]) }
        #expect(book.totalBytes == 0 && book.fetchingCount == 0 && book.readyCount == 0)
    }
}
