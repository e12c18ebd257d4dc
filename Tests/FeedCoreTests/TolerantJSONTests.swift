import Foundation
import Testing
@testable import FeedCore

/// Missing vs null vs empty, one-or-many, numbers and booleans sent as strings, NPR's `{"$text": …}`.
@Suite struct TolerantJSONTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    struct Described: Decodable { var description: JSONField<String> }

    @Test func aFieldIsMissingNullEmptyOrPresent() throws {
        #expect(try decode(Described.self, "{}").description == .missing)
        #expect(try decode(Described.self, #"{"description": null}"#).description == .null)
        #expect(try decode(Described.self, #"{"description": ""}"#).description == .value(""))
        #expect(try decode(Described.self, #"{"description": "x"}"#).description == .value("x"))
        #expect(try decode(Described.self, #"{"description": "  "}"#).description.nonEmpty == nil)
        #expect(try decode(Described.self, #"{"description": "x"}"#).description.nonEmpty == "x")
        #expect(try !decode(Described.self, "{}").description.isPresent)
        #expect(try decode(Described.self, #"{"description": null}"#).description.isPresent)
        // Present with the wrong type is still an error, not "missing".
        #expect(throws: DecodingError.self) { try decode(Described.self, #"{"description": 5}"#) }
    }

    struct Format: Decodable { var mp3: OneOrMany<String> }

    @Test func oneOrManyReadsAnObjectOrAnArrayAsAnArray() throws {
        #expect(try decode(Format.self, #"{"mp3": "a.mp3"}"#).mp3.elements == ["a.mp3"])
        #expect(try decode(Format.self, #"{"mp3": ["a.mp3", "b.mp3"]}"#).mp3.elements == ["a.mp3", "b.mp3"])
        #expect(try decode(Format.self, #"{"mp3": []}"#).mp3.elements == [])
        #expect(try decode(Format.self, #"{"mp3": null}"#).mp3.elements == [])
        #expect(try decode(Format.self, "{}").mp3.elements == [])
        #expect(throws: DecodingError.self) { try decode(Format.self, #"{"mp3": [1]}"#) }
    }

    struct Numbers: Decodable {
        var count: LenientInt
        var ratio: LenientDouble
        var live: LenientBool
    }

    @Test func numbersAndBooleansMayArriveAsStrings() throws {
        let native = try decode(Numbers.self, #"{"count": 10, "ratio": 1.5, "live": true}"#)
        let strings = try decode(Numbers.self, #"{"count": "10", "ratio": "1.5", "live": "true"}"#)
        let wrapped = try decode(Numbers.self, #"{"count": {"$text": "10"}, "ratio": {"$text": 1.5}, "live": {"$text": "1"}}"#)
        for numbers in [native, strings, wrapped] {
            #expect(numbers.count.value == 10)
            #expect(numbers.ratio.value == 1.5)
            #expect(numbers.live.value)
        }
        let other = try decode(Numbers.self, #"{"count": " 7 ", "ratio": 2, "live": "FALSE"}"#)
        #expect(other.count.value == 7)
        #expect(other.ratio.value == 2)
        #expect(!other.live.value)
        #expect(try decode(Numbers.self, #"{"count": 3.0, "ratio": "-0.25", "live": 0}"#).count.value == 3)
    }

    @Test func numbersThatAreNotNumbersAreErrorsNamingTheValue() {
        for json in [#"{"count": "ten", "ratio": 1, "live": true}"#, #"{"count": 1.5, "ratio": 1, "live": true}"#,
                     #"{"count": "1.5", "ratio": 1, "live": true}"#, #"{"count": 1, "ratio": "nan", "live": true}"#,
                     #"{"count": 1, "ratio": 1, "live": "maybe"}"#, #"{"count": 1, "ratio": 1, "live": 2}"#,
                     #"{"count": [1], "ratio": 1, "live": true}"#] {
            #expect(throws: DecodingError.self, "\(json)") { try decode(Numbers.self, json) }
        }
        do {
            _ = try FeedJSON.decode(Numbers.self, from: Data(#"{"count": "ten", "ratio": 1, "live": true}"#.utf8))
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .decoding(path: "count", reason: "expected an integer, got \"ten\""))
        }
    }

    struct Story: Decodable {
        var id: LenientString
        var title: LenientString
        var teaser: LenientString
    }

    @Test func nprTextsAreUnwrappedAndEmptyObjectsAreEmpty() throws {
        let story = try decode(Story.self, #"{"id": 1001, "title": {"$text": "Morning Edition"}, "teaser": {}}"#)
        #expect(story.id.value == "1001")
        #expect(story.title.value == "Morning Edition")
        #expect(story.teaser.value == "")
        #expect(story.teaser.nonEmpty == nil)
        let plain = try decode(Story.self, #"{"id": "x1", "title": "Plain", "teaser": null}"#)
        #expect(plain.title.value == "Plain")
        #expect(plain.teaser.value == "")
        #expect(throws: DecodingError.self) { try decode(Story.self, #"{"id": 1, "title": {"text": "no"}, "teaser": ""}"#) }
    }

    struct Optionals: Decodable {
        var subtitle: String?
        var count: Int?
        var live: Bool?
        var ratio: Double?
        enum CodingKeys: String, CodingKey { case subtitle, count, live, ratio }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            subtitle = try container.decodeText(forKey: .subtitle)
            count = try container.decodeLenientInt(forKey: .count)
            live = try container.decodeLenientBool(forKey: .live)
            ratio = try container.decodeLenientDouble(forKey: .ratio)
        }
    }

    @Test func containerHelpersTreatMissingNullEmptyAndBlankAsAbsent() throws {
        for json in ["{}", #"{"subtitle": null, "count": null, "live": null, "ratio": null}"#,
                     #"{"subtitle": "", "count": "", "live": "", "ratio": " "}"#,
                     #"{"subtitle": {}, "count": {}, "live": {}, "ratio": {}}"#] {
            let value = try decode(Optionals.self, json)
            #expect(value.subtitle == nil && value.count == nil && value.live == nil && value.ratio == nil, "\(json)")
        }
        let full = try decode(Optionals.self, #"{"subtitle": {"$text": "S"}, "count": "4", "live": "yes", "ratio": "0.5"}"#)
        #expect(full.subtitle == "S")
        #expect(full.count == 4)
        #expect(full.live == true)
        #expect(full.ratio == 0.5)
        #expect(throws: DecodingError.self) { try decode(Optionals.self, #"{"count": "many"}"#) }
    }

    struct Required: Decodable {
        var id: String
        enum CodingKeys: String, CodingKey { case id }
        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decodeLenientString(forKey: .id)
        }
    }

    @Test func requiredTextTakesStringsNumbersAndWrappedTextButNotAMissingKey() throws {
        #expect(try decode(Required.self, #"{"id": "a1"}"#).id == "a1")
        #expect(try decode(Required.self, #"{"id": 1001}"#).id == "1001")
        #expect(try decode(Required.self, #"{"id": {"$text": "x"}}"#).id == "x")
        #expect(try decode(Required.self, #"{"id": null}"#).id == "")
        do {
            _ = try FeedJSON.decode(Required.self, from: Data("{}".utf8))
            Issue.record("accepted a missing key")
        } catch {
            #expect(error.kind == .decoding(path: "id", reason: "missing"))
        }
    }
}
