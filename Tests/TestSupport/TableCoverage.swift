/// The (state, event) pairs of an exhaustive transition table that do not have exactly one row, as
/// `"N rows for (state, event)"`; empty when the rows cover the cross product of `State` and `Event` once each.
///
/// ```swift
/// #expect(rowCountProblems(Self.rows.map { ($0.0, $0.1) }) == [])
/// ```
public func rowCountProblems<State: CaseIterable & Hashable, Event: CaseIterable & Hashable>(
    _ pairs: [(State, Event)]
) -> [String] {
    var seen: [State: [Event: Int]] = [:]
    for (state, event) in pairs { seen[state, default: [:]][event, default: 0] += 1 }
    var problems: [String] = []
    for state in State.allCases {
        for event in Event.allCases {
            let count = seen[state]?[event] ?? 0
            if count != 1 { problems.append("\(count) rows for (\(state), \(event))") }
        }
    }
    return problems
}
