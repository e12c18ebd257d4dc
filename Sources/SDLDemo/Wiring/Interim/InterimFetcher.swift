// TEMPORARY stand-in for the Downloader-backed fetcher: copies 8 chunks of zeros to a temp file, 50 ms apart.
// Deleted when `fetch` is merged.
import Foundation
import PlayerCore
final class InterimFetcher: AudioFetching, @unchecked Sendable {
    let waker: Waker
    init(waker: Waker) { self.waker = waker }
    func startFetch(_ id: FetchID, events: @escaping @Sendable (PlayerEvent) -> Void) {
        let waker = self.waker
        Thread.detachNewThread {
            let path = NSTemporaryDirectory() + "/interim-\(id.rawValue).bin"
            FileManager.default.createFile(atPath: path, contents: nil)
            for i in 1...8 {
                usleep(50_000)
                events(.fetchProgressed(id, fraction: Double(i) / 8))
                waker.signal()
            }
            events(.fetchFinished(id, file: path))
            waker.signal()
        }
    }
    func cancelFetch(_ id: FetchID) {}
}
