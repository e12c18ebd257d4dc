/// Where a screen's content stands.
///
/// | state | drawn as | a tap… |
/// |---|---|---|
/// | `loading` | a spinner in the middle (nothing to show yet) | does nothing |
/// | `loaded` | the content | goes to the content |
/// | `failed(message)` | the message and a Retry button | on Retry: ``ShellOutput/retryRequested(_:)``, state `loading` |
/// | `refreshing` | the old content, a spinner in the title bar (and at the top of a list) | goes to the content |
///
/// A refresh that fails keeps the old content: the app sets `loaded` again and may show a ``Notice``.
public enum LoadState: Hashable, Sendable {
    /// Nothing to show yet.
    case loading
    /// The content is shown.
    case loaded
    /// Loading failed; `message` says what failed.
    case failed(message: String)
    /// The content is shown while a new copy loads.
    case refreshing

    /// The state's name as traces and scripts spell it.
    public var name: LoadStateName {
        switch self {
        case .loading: .loading
        case .loaded: .loaded
        case .failed: .failed
        case .refreshing: .refreshing
        }
    }

    /// Whether the content (not a spinner or a message) fills the screen.
    public var showsContent: Bool {
        switch self {
        case .loaded, .refreshing: true
        case .loading, .failed: false
        }
    }
}

/// ``LoadState`` without its message: what `wait-load` takes and traces write.
public enum LoadStateName: String, Hashable, Sendable, CaseIterable {
    /// ``LoadState/loading``.
    case loading
    /// ``LoadState/loaded``.
    case loaded
    /// ``LoadState/failed(message:)``.
    case failed
    /// ``LoadState/refreshing``.
    case refreshing
}
