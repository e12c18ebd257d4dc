import ArgumentParser

/// An `--ids` value: `1-5`, `3`, `1,3,5` or a mix (`1-3,5`), in the order given.
struct BuffIDs: ExpressibleByArgument, Sendable {
    var ids: [Int]

    init(ids: [Int]) {
        self.ids = ids
    }

    init?(argument: String) {
        var ids: [Int] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = bounds.first.flatMap({ Int($0) }), first >= 0 else { return nil }
            if bounds.count == 2 {
                guard let last = Int(bounds[1]), last >= first, last - first < 10_000 else { return nil }
                ids += Array(first...last)
            } else {
                ids.append(first)
            }
        }
        guard !ids.isEmpty else { return nil }
        self.ids = ids
    }

    var defaultValueDescription: String { "1-5" }
}
