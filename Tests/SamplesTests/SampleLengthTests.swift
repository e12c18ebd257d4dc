import Foundation
import Samples
import Testing
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 30, item 5: every listed duration of the samples (the Vimeo and Interlochen videos, the NPR stories) is the
/// length of the media the sample server serves for it, checked over HTTP as a player fetches it.
@Suite("Samples: listed lengths are the media's", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct SampleLengthTests {
    /// One GET on `url` (bounded: a dead server fails the test instead of hanging it).
    static func get(_ url: URL, session: URLSession) async throws -> (Data, Int) {
        let (data, response) = try await session.data(from: url)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }

    /// The sum of the `EXTINF`s of a media playlist.
    static func length(of playlist: String) -> Double {
        playlist.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("#EXTINF:") }
            .compactMap { Double($0.dropFirst("#EXTINF:".count).split(separator: ",").first ?? "") }.reduce(0, +)
    }

    /// Every `(duration, HLS link)` of the Vimeo sample's videos (page and search files), `{{base_url}}` as is.
    static func vimeoVideos() throws -> [(seconds: Int, link: String)] {
        var found: [(Int, String)] = []
        let folder = PackagePaths.vimeoSample
        for sub in ["videos", "search"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path) where name.hasSuffix(".json") {
                let data = try Data(contentsOf: folder.appendingPathComponent(sub).appendingPathComponent(name))
                let page = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                for video in page?["data"] as? [[String: Any]] ?? [] {
                    let seconds = (video["duration"] ?? video["length"]) as? Int
                    let files = video["files"] as? [[String: Any]] ?? []
                    if let seconds, let hls = files.first(where: { $0["quality"] as? String == "hls" })?["link"] as? String {
                        found.append((seconds, hls))
                    }
                }
            }
        }
        return found
    }

    @Test("every Vimeo video with an HLS link plays as long as it is listed: each variant and rendition, 1280x720 on top")
    func vimeoVideosLastTheirListedDuration() async throws {
        let videos = try Self.vimeoVideos()
        #expect(videos.count > 100)
        let sample = try await SampleServer.start(.vimeo)
        let session = Self.session()
        defer { session.finishTasksAndInvalidate() }
        do {
            let base = sample.baseURL.absoluteString
            for seconds in Set(videos.map(\.seconds)).sorted() {
                let link = try #require(videos.first { $0.seconds == seconds }?.link)
                let master = try #require(URL(string: link.replacingOccurrences(of: "{{base_url}}", with: base)))
                let (body, status) = try await Self.get(master, session: session)
                #expect(status == 200, "\(master)")
                let text = String(decoding: body, as: UTF8.self)
                #expect(text.contains("RESOLUTION=1280x720") && text.contains("RESOLUTION=640x360"))
                let uris = text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
                    if line.hasPrefix("#EXT-X-MEDIA:"), let range = line.range(of: "URI=\"") {
                        return line[range.upperBound...].split(separator: "\"").first.map(String.init)
                    }
                    return line.hasPrefix("#") || line.isEmpty ? nil : String(line)
                }
                #expect(uris.count == 5, "three variants and two renditions")
                for uri in uris {
                    let url = try #require(URL(string: uri, relativeTo: master))
                    let (playlist, status) = try await Self.get(url, session: session)
                    #expect(status == 200)
                    let length = Self.length(of: String(decoding: playlist, as: UTF8.self))
                    // Video segments are exactly 3 s; the MP3 renditions add 24 ms of encoder padding a pass.
                    #expect(abs(length - Double(seconds)) < 0.05 + Double(seconds) / 12 * 0.025,
                            "\(url.path): \(length) s listed for \(seconds) s")
                }
            }
            // A segment of a looped playlist is really there.
            let (segment, status) = try await Self.get(sample.url(for: "/video/hls/v720p/seg00.ts"), session: session)
            #expect(status == 200 && segment.count > 10_000 && segment.first == 0x47)
        } catch {
            await sample.shutdown()
            throw error
        }
        await sample.shutdown()
    }

    @Test("every playable NPR story's MP3 lasts its listed duration (size over bit rate, as the stream player estimates)")
    func storiesLastTheirListedDuration() async throws {
        var stories: [(seconds: Int, link: String)] = []
        let folder = PackagePaths.interlochenSample
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("npr_query") {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any]
            for story in (document?["list"] as? [String: Any])?["story"] as? [[String: Any]] ?? [] {
                guard let audio = (story["audio"] as? [[String: Any]])?.first,
                      let seconds = ((audio["duration"] as? [String: Any])?["$text"] as? String).flatMap(Int.init), seconds > 0,
                      let format = audio["format"] as? [String: Any] else { continue }
                let mp3 = (format["mp3"] as? [[String: Any]])?.first ?? format["mp3"] as? [String: Any]
                if let link = mp3?["$text"] as? String { stories.append((seconds, link)) }
            }
        }
        #expect(stories.count > 10)
        let sample = try await SampleServer.start(.interlochen)
        let session = Self.session()
        defer { session.finishTasksAndInvalidate() }
        do {
            for (seconds, link) in stories {
                let url = try #require(URL(string: link.replacingOccurrences(of: "{{base_url}}", with: sample.baseURL.absoluteString)))
                let (body, status) = try await Self.get(url, session: session)
                #expect(status == 200)
                // MPEG-2 layer III at 32 kbit/s: 4,000 bytes a second, every frame 96 bytes.
                #expect(body.count == seconds * 4000, "\(url.path): \(body.count) bytes for \(seconds) s")
                #expect(body.first == 0xFF)
            }
        } catch {
            await sample.shutdown()
            throw error
        }
        await sample.shutdown()
    }
}
