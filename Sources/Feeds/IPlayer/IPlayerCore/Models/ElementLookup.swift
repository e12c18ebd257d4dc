/// What a highlights feed holds under an id: the episode details are read from the highlights element
/// (seed 002), so looking an episode up can find an episode, a collection, or nothing.
public enum ElementLookup: Sendable, Hashable {
    /// An episode with that id.
    case episode(Episode)
    /// A collection with that id (selecting a collection does nothing, so it has no details).
    case collection(Collection)
    /// No shown element has that id (skipped types count as absent).
    case notFound
}

extension CategoryHighlights {
    /// The element with id `id`.
    public func lookup(id: String) -> ElementLookup {
        for element in elements where element.id == id {
            switch element {
            case .episode(let episode): return .episode(episode)
            case .collection(let collection): return .collection(collection)
            }
        }
        return .notFound
    }
}
