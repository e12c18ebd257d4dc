import Downloader
import Foundation

/// Init sections already fetched, by URI and byte range (the last 8): a variant's `EXT-X-MAP` is fetched once,
/// not before every segment — also when two segments ask for it at once (they share the one request).
actor InitSectionCache {
    private var entries: [String: Task<[UInt8], any Error>] = [:]
    private var order: [String] = []

    /// The section's bytes, fetched the first time.
    func bytes(for section: InitSection, sequenceNumber: Int, loader: HLSMediaLoader) async throws -> [UInt8] {
        let key = "\(section.uri.absoluteString)#\(section.byteRange?.description ?? "")"
        let task: Task<[UInt8], any Error>
        if let existing = entries[key] {
            task = existing
        } else {
            task = Task { try await loader.initSection(section, sequenceNumber: sequenceNumber, maxAttempts: 2) }
            entries[key] = task
            order.append(key)
            if order.count > 8 { entries[order.removeFirst()] = nil }
        }
        do {
            return try await task.value
        } catch {
            if entries[key] == task { entries[key] = nil }
            throw error
        }
    }
}
