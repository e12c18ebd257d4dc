import ScreenKit
import TestSupport
import Testing

/// ``LRUBook``: least recently used out first, within the cost and the count bounds; against a plain model
/// over random operations.
@Suite struct LRUBookTests {
    @Test("the least recently used keys go first, until both the cost and the count fit")
    func evictsLeastRecentlyUsed() {
        var book = LRUBook<String>(maxCost: 100, maxCount: 3)
        let r1 = book.insert("a", cost: 60)
        #expect(r1 == [])
        let r2 = book.insert("b", cost: 30)
        #expect(r2 == [])
        let r3 = book.use("a")
        #expect(r3)
        let r4 = book.insert("c", cost: 20)
        #expect(r4 == ["b"])
        #expect(book.keysByRecency == ["a", "c"])
        #expect(book.totalCost == 80)
        let r5 = book.insert("d", cost: 1)
        #expect(r5 == [])
        // A fourth key breaks the count bound: the oldest ("a") goes although the cost fits.
        let r6 = book.insert("e", cost: 1)
        #expect(r6 == ["a"])
        #expect(book.keysByRecency == ["c", "d", "e"])
        #expect(book.count == 3 && book.totalCost == 22)
        let usedAfterEviction = book.use("a")
        #expect(!usedAfterEviction)
    }

    @Test("a key costing more than the budget stays alone; inserting a key again replaces its cost")
    func oversizedAndReplaced() {
        var book = LRUBook<Int>(maxCost: 10, maxCount: 100)
        let r7 = book.insert(1, cost: 4)
        #expect(r7 == [])
        let r8 = book.insert(2, cost: 4)
        #expect(r8 == [])
        let r9 = book.insert(3, cost: 50)
        #expect(r9 == [1, 2])
        #expect(book.keysByRecency == [3])
        let r10 = book.insert(4, cost: 1)
        #expect(r10 == [3])
        let r11 = book.insert(4, cost: 9)
        #expect(r11 == [])
        #expect(book.totalCost == 9 && book.count == 1)
        book.remove(4)
        book.remove(4)
        #expect(book.count == 0 && book.totalCost == 0 && book.keysByRecency.isEmpty)
    }

    @Test("random operations agree with a plain list kept in order of use")
    func randomAgainstModel() {
        var random = SplitMix64(seed: 17)
        var book = LRUBook<Int>(maxCost: 500, maxCount: 12)
        var model: [(key: Int, cost: Int)] = []  // oldest first
        for _ in 0 ..< 5_000 {
            let key = Int(random.next() % 30)
            switch random.next() % 3 {
            case 0:
                let used = book.use(key)
                #expect(used == model.contains { $0.key == key })
                if let index = model.firstIndex(where: { $0.key == key }) { model.append(model.remove(at: index)) }
            case 1:
                let cost = Int(random.next() % 120)
                let evicted = book.insert(key, cost: cost)
                model.removeAll { $0.key == key }
                model.append((key, cost))
                var expected: [Int] = []
                while model.count > 1, model.reduce(0, { $0 + $1.cost }) > 500 || model.count > 12 {
                    expected.append(model.removeFirst().key)
                }
                #expect(evicted == expected)
            default:
                book.remove(key)
                model.removeAll { $0.key == key }
            }
            #expect(book.keysByRecency == model.map(\.key))
            #expect(book.totalCost == model.reduce(0) { $0 + $1.cost })
        }
    }
}
