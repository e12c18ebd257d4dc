import Foundation
import Testing
import TestSupport
@testable import Downloader

@Suite struct FetchSupportTests {
    @Test func credentialsAreRedacted() throws {
        let secret = try #require(URL(string: "https://me:s3cret@example.com:8443/a/b.m3u8?x=1"))
        #expect(secret.redactedString == "https://***@example.com:8443/a/b.m3u8?x=1")
        let userOnly = try #require(URL(string: "http://token@example.com/a.ts"))
        #expect(userOnly.redactedString == "http://***@example.com/a.ts")
        let plain = try #require(URL(string: "http://example.com/a.ts"))
        #expect(plain.redactedString == "http://example.com/a.ts")
    }

    @Test func errorDescriptionNamesSegmentURLAndRange() {
        let error = DownloadError(.httpStatus(404),
                                  .segment(index: 7, url: "http://127.0.0.1:9/hls_a256K.ts",
                                           byteRange: ByteRange(length: 334, offset: 123)),
                                  "HTTP 404 Not Found")
        #expect(error.description == "segment 7 (http://127.0.0.1:9/hls_a256K.ts bytes 123-456): HTTP 404 Not Found")
        #expect(error.segmentIndex == 7)
        #expect(error.httpStatus == 404)
        #expect(error.with(attempts: 3).description.hasSuffix("HTTP 404 Not Found (after 3 attempts)"))
    }

    @Test func partialProgressStaysBelowOne() {
        let almost = DownloadProgress.partial(bytesWritten: 100, totalBytes: 100, segmentsWritten: 4, totalSegments: 4)
        #expect(almost.fraction < 1)
        #expect(almost.fraction > 0.999)
        let byBytes = DownloadProgress.partial(bytesWritten: 25, totalBytes: 100, segmentsWritten: 1, totalSegments: 2)
        #expect(byBytes.fraction == 0.25)
        let bySegments = DownloadProgress.partial(bytesWritten: 25, totalBytes: nil, segmentsWritten: 1, totalSegments: 4)
        #expect(bySegments.fraction == 0.25)
    }

    @Test func byteCountsUseSIUnits() {
        #expect(ByteCountText.format(999) == "999 B")
        #expect(ByteCountText.format(1234) == "1.2 kB")
        #expect(ByteCountText.format(2_600_000) == "2.6 MB")
    }

    @Test func planKnowsInitSectionsAndTotalBytes() throws {
        let base = try #require(URL(string: "http://h/a.mp4"))
        let initA = InitSection(uri: base, byteRange: ByteRange(length: 10, offset: 0))
        let initB = InitSection(uri: base, byteRange: ByteRange(length: 12, offset: 10))
        func segment(_ offset: Int, _ section: InitSection?) -> MediaSegment {
            MediaSegment(uri: base, duration: 1, byteRange: ByteRange(length: 100, offset: offset),
                         sequenceNumber: offset, initSection: section)
        }
        let plan = SegmentPlan(segments: [segment(22, initA), segment(122, initA), segment(222, initB),
                                          segment(322, initB)])
        #expect([0, 1, 2, 3].map(plan.needsInitSection(before:)) == [true, false, true, false])
        #expect(plan.totalBytes == Int64(400 + 10 + 12))
        let whole = SegmentPlan(segments: [MediaSegment(uri: base, duration: 1, sequenceNumber: 0)])
        #expect(whole.totalBytes == nil)
    }

    @Test func planRefusesSampleAESAndOtherMethods() throws {
        let base = try #require(URL(string: "http://h/a.ts"))
        let sample = SegmentKey(method: .sampleAES, uri: base)
        let plan = SegmentPlan(segments: [MediaSegment(uri: base, duration: 1, sequenceNumber: 0, line: 5),
                                          MediaSegment(uri: base, duration: 1, sequenceNumber: 1, key: sample, line: 8)])
        let error = try #require(plan.unsupportedEncryption(playlistURL: base))
        #expect(error.kind == .unsupportedEncryption)
        #expect(error.description.contains("line 8"))
        #expect(error.description.contains("SAMPLE-AES"))
        let aes = SegmentPlan(segments: [MediaSegment(uri: base, duration: 1, sequenceNumber: 0,
                                                      key: SegmentKey(method: .aes128, uri: base))])
        #expect(aes.unsupportedEncryption(playlistURL: base) == nil)
    }

    @Test func resumeStateRoundTripsAndFingerprintTracksContent() throws {
        let directory = try makeTemporaryDirectory("resume")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("x.part.resume").path
        let url = try #require(URL(string: "http://user:pw@h/a.m3u8"))
        let state = ResumeState(fingerprint: PlaylistFingerprint.make(url: url, bytes: Array("#EXTM3U\n".utf8)),
                                segmentsWritten: 3, byteOffset: 4096)
        try state.save(to: path)
        #expect(ResumeState.load(from: path) == state)
        #expect(state.fingerprint.count == 64)
        #expect(PlaylistFingerprint.make(url: url, bytes: Array("#EXTM3U\n#".utf8)) != state.fingerprint)
        #expect(ResumeState.load(from: path + ".missing") == nil)
    }
}
