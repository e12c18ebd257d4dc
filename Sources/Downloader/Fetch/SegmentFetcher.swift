/// Fetches one media segment (and the `EXT-X-MAP` section written before it, when asked), decrypting
/// AES-128 (RFC 8216 §4.3.2.4, §5.2) and keeping the buffer meter exact: the returned bytes are counted in
/// it until the caller removes them.
struct SegmentFetcher: Sendable {
    let fetcher: HTTPFetcher
    let keys: KeyStore
    let meter: BufferMeter
    let configuration: DownloadConfiguration

    /// The bytes to append for `segment`: its init section first when `withInitSection`, then the
    /// (decrypted) segment. `label` names the segment in errors (its position in a VOD playlist, its media
    /// sequence number in a live recording).
    func payload(for segment: MediaSegment, label index: Int, withInitSection: Bool) async throws -> [UInt8] {
        var payload: [UInt8] = []
        if withInitSection, let section = segment.initSection {
            let request = FetchRequest(url: section.uri, range: section.byteRange,
                                       maxBytes: configuration.maxSegmentBytes) {
                .initSection(url: $0, byteRange: section.byteRange)
            }
            payload = try await fetcher.fetch(request, meter: meter).bytes
            if let key = section.key {
                // Encrypted with the key in effect at its EXT-X-MAP tag, whose IV is explicit (§4.3.2.5).
                let subject = DownloadError.Subject.initSection(url: section.uri.redactedString,
                                                                byteRange: section.byteRange)
                payload = try await decrypt(payload, key: key,
                                            iv: key.initializationVector(forSequenceNumber: segment.sequenceNumber),
                                            subject: subject)
            }
        }
        let request = FetchRequest(url: segment.uri, range: segment.byteRange,
                                   maxBytes: configuration.maxSegmentBytes) {
            .segment(index: index, url: $0, byteRange: segment.byteRange)
        }
        var body: [UInt8]
        do {
            body = try await fetcher.fetch(request, meter: meter).bytes
        } catch {
            meter.remove(payload.count)
            throw error
        }
        if let key = segment.key {
            let subject = DownloadError.Subject.segment(index: index, url: segment.uri.redactedString,
                                                        byteRange: segment.byteRange)
            do {
                body = try await decrypt(body, key: key,
                                         iv: key.initializationVector(forSequenceNumber: segment.sequenceNumber),
                                         subject: subject)
            } catch {
                meter.remove(payload.count)
                throw error
            }
        }
        if payload.isEmpty { return body }
        payload.append(contentsOf: body)
        return payload
    }

    /// Decrypts `ciphertext` (already counted by the meter) with the AES-128 key at `key.uri`, replacing its
    /// count by the plaintext's; on failure the ciphertext's count is removed.
    private func decrypt(_ ciphertext: [UInt8], key: SegmentKey, iv: [UInt8],
                         subject: DownloadError.Subject) async throws -> [UInt8] {
        do {
            let keyBytes = try await keys.key(at: key.uri)
            let plain = try SegmentDecryptor.decrypt(ciphertext, key: keyBytes, iv: iv, subject: subject)
            meter.remove(ciphertext.count)
            meter.add(plain.count)
            return plain
        } catch {
            meter.remove(ciphertext.count)
            throw error
        }
    }
}
