// FeedBenchmarks: decoding a highlights feed with IPlayerCore (FeedCore's tolerant decoding on JSONDecoder),
// in µs per element, next to references measured in the same run on the same bytes:
//   - JSONSerialization.jsonObject: parsing into Foundation objects, no model;
//   - JSONDecoder with a plain synthesized Codable model of the same fields (no tolerance, no skipping).
//
//   swift run -c release FeedBenchmarks [--elements N] [--runs R]
import FeedCore
import Foundation
import IPlayerCore

/// Reads `--name value` from the command line.
func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]),
          number > 0
    else { return value }
    return number
}

let elementCount = option("--elements", default: 1000)
let runs = option("--runs", default: 7)

/// A highlights document of `count` elements in the real shapes: 5 of every 8 are episodes (with one or two
/// versions, fractional durations, availability), 2 collections, 1 of a skipped type.
func makeFeed(count: Int) -> Data {
    var elements: [String] = []
    for index in 0..<count {
        let id = String(format: "b%07d", index)
        switch index % 8 {
        case 2:
            elements.append(#"{"id": "\#(id)", "type": "group_large", "title": "Collection \#(index)", "count": \#(index % 40 + 1), "stacked": true, "synopses": {"small": "A collection."}, "images": {"type": "image", "standard": "https://ichef.bbci.co.uk/images/ic/{recipe}/p06b6l8p.jpg"}}"#)
        case 5:
            elements.append(#"{"id": "\#(id)", "type": "group_large", "title": "Collection \#(index)", "count": "\#(index % 12)", "master_brand": {"id": "bbc_two", "titles": {"small": "BBC Two", "medium": "BBC Two", "large": "BBC Two"}}, "images": {"type": "image", "standard": "https://ichef.bbci.co.uk/images/ic/{recipe}/p06c1vbx.jpg"}}"#)
        case 7:
            elements.append(#"{"id": "\#(id)", "type": "promotion", "title": "Promotion \#(index)", "url": "https://www.bbc.co.uk/iplayer"}"#)
        default:
            let second = index % 3 == 0
                ? #", {"id": "v\#(index)b", "kind": "audio-described", "duration": {"text": "59 mins", "value": "PT58M34.440S"}, "availability": {"start": "2018-07-01T21:00:00Z", "end": "2018-07-31T21:00:00Z", "remaining": {"text": "Available for 29 days"}}, "first_broadcast": "9pm 1 Jul 2018"}"#
                : ""
            elements.append(#"{"id": "\#(id)", "live": false, "type": "episode", "title": "Programme \#(index)", "subtitle": "Series \#(index % 9 + 1): \#(index % 12 + 1). Episode", "synopses": {"small": "A short synopsis of programme \#(index).", "medium": "The medium synopsis of programme \#(index), a sentence or two long.", "large": "The large synopsis of programme \#(index), with more about it and the people in it."}, "images": {"type": "image", "standard": "https://ichef.bbci.co.uk/images/ic/{recipe}/p06cfvzl.jpg"}, "master_brand": {"id": "bbc_four", "titles": {"small": "BBC Four", "medium": "BBC Four", "large": "BBC Four"}, "attribution": "bbc_four"}, "release_date_time": "2018-07-01T20:00:00.\#(index % 1000)Z", "versions": [{"id": "v\#(index)", "kind": "original", "hd": true, "download": true, "duration": {"text": "59 mins", "value": "PT58M\#(index % 60).440S"}, "availability": {"start": "2018-07-01T21:00:00Z", "end": "2018-07-31T21:00:00.000Z", "remaining": {"text": "Available for 29 days"}}, "first_broadcast": "9pm 1 Jul 2018"}\#(second)], "tleo_id": "b0\#(index)", "tleo_type": "brand"}"#)
        }
    }
    let document = #"{"version": "1.0", "schema": "/ibl/v1/schema/ibl.json", "category_highlights": {"category": {"type": "category", "id": "arts", "title": "Arts", "kind": "genre"}, "elements": [\#(elements.joined(separator: ", "))]}}"#
    return Data(document.utf8)
}

/// The same fields as plain synthesized Codable (a strict model: every element decoded as one shape).
struct PlainDocument: Decodable {
    struct Highlights: Decodable {
        struct Category: Decodable { var id: String; var title: String }
        var category: Category
        var elements: [Element]
    }
    struct Element: Decodable {
        struct Titles: Decodable { var small: String?; var medium: String?; var large: String? }
        struct Brand: Decodable { var id: String?; var titles: Titles? }
        struct Images: Decodable { var standard: String? }
        struct Version: Decodable {
            struct DurationBox: Decodable { var text: String?; var value: String? }
            struct Remaining: Decodable { var text: String? }
            struct Availability: Decodable { var start: String?; var end: String?; var remaining: Remaining? }
            var id: String?; var kind: String?; var duration: DurationBox?; var availability: Availability?
            var first_broadcast: String?
        }
        var id: String; var type: String; var title: String; var subtitle: String?
        var synopses: Titles?; var master_brand: Brand?; var images: Images?; var release_date_time: String?
        var versions: [Version]?
    }
    var category_highlights: Highlights
}

/// Median of `runs` timings of `iterations` calls of `work`, in seconds per call.
func measure(iterations: Int, _ work: () throws -> Int) rethrows -> (seconds: Double, check: Int) {
    var check = 0
    for _ in 0..<max(1, iterations / 4) { check &+= try work() }  // warm-up
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        for _ in 0..<iterations { check &+= try work() }
        let elapsed = ContinuousClock.now - start
        samples.append((Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(iterations))
    }
    samples.sort()
    return (samples[samples.count / 2], check)
}

let feed = makeFeed(count: elementCount)
let iterations = max(3, 200_000 / elementCount)
let decoded = try IBLFeed.highlights(from: feed)
precondition(decoded.elements.count + decoded.skipped.count == elementCount)

let ours = try measure(iterations: iterations) {
    let highlights = try IBLFeed.highlights(from: feed)
    return highlights.elements.count + highlights.elements.map(HighlightRow.init).count
}
let serialization = try measure(iterations: iterations) {
    let object = try JSONSerialization.jsonObject(with: feed) as? [String: Any]
    return object?.count ?? 0
}
let plain = try measure(iterations: iterations) {
    try JSONDecoder().decode(PlainDocument.self, from: feed).category_highlights.elements.count
}

func micros(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1e6 / Double(elementCount)) }
print("Highlights feed: \(elementCount) elements, \(feed.count) bytes (\(feed.count / elementCount) bytes per element); median of \(runs) runs of \(iterations) decodes")
print("")
print("| decoder | µs per element | × JSONSerialization |")
print("|---|---|---|")
print("| IPlayerCore (`IBLFeed.highlights` + rows: tolerant, durations and dates parsed, skipping) | \(micros(ours.seconds)) | \(String(format: "%.2f", ours.seconds / serialization.seconds)) |")
print("| JSONDecoder, plain synthesized Codable of the same fields (strings kept as text) | \(micros(plain.seconds)) | \(String(format: "%.2f", plain.seconds / serialization.seconds)) |")
print("| JSONSerialization.jsonObject (reference: parse only) | \(micros(serialization.seconds)) | 1.00 |")
