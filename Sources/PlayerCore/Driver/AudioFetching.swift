/// Fetches the audio to a local file ("fetch the audio"); the HLS downloader plugs in here.
///
/// Implementations must return from both methods promptly (do the work on another thread or task) and
/// may report from any thread, including synchronously from inside ``startFetch(_:events:)``.
public protocol AudioFetching: Sendable {
    /// Starts fetch `id` and reports on it through `events` with ``PlayerEvent/fetchProgressed(_:fraction:)``
    /// (any number, fractions in `0...1`), then exactly one ``PlayerEvent/fetchFinished(_:file:)`` or
    /// ``PlayerEvent/fetchFailed(_:message:)``, all tagged with `id`.
    ///
    /// Write each fetch to its own path (e.g. one containing `id.rawValue`): the player deletes files of
    /// fetches it no longer wants. Partial files of failed or cancelled fetches are the fetcher's to remove.
    func startFetch(_ id: FetchID, events: @escaping @Sendable (PlayerEvent) -> Void)
    /// Stops fetch `id` if it is still running; unknown or finished IDs are ignored.
    func cancelFetch(_ id: FetchID)
}
