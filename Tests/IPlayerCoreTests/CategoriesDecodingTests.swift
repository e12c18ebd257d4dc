import FeedCore
import Foundation
import Testing
@testable import IPlayerCore

/// `GET /ibl/v1/categories?rights=mobile`: `{version, schema, categories: [{id, title, type, kind}]}`.
@Suite struct CategoriesDecodingTests {
    @Test func theSampleHasSixCategoriesInFeedOrder() throws {
        let list = try IBLFeed.categories(from: Sample.data("ibl/categories.json"))
        #expect(list.version == "1.0")
        #expect(list.schema == "/ibl/v1/schema/ibl.json")
        #expect(list.categories.map(\.id) == Sample.categoryIDs)
        #expect(list.categories.map(\.title) == ["Arts", "CBBC", "Comedy", "Documentaries", "Drama & Soaps", "Sport"])
        #expect(list.categories[0] == Category(id: "arts", title: "Arts", type: "category", kind: "genre"))
        #expect(list.categories[1].kind == "channel")
    }

    @Test func minimalAndOddCategoriesDecode() throws {
        let list = try IBLFeed.categories(from: Data(#"{"categories": [{"id": "news"}, {"id": 42, "title": "Numbers", "extra": [1]}]}"#.utf8))
        #expect(list.version == nil)
        #expect(list.categories == [Category(id: "news", title: "news", type: nil), Category(id: "42", title: "Numbers", type: nil)])
        #expect(try IBLFeed.categories(from: Data(#"{"categories": []}"#.utf8)).categories.isEmpty)
    }

    @Test func missingPartsAreNamed() {
        func failure(_ json: String) -> FeedError.Kind? {
            do {
                _ = try IBLFeed.categories(from: Data(json.utf8))
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(failure(#"{"version": "1.0"}"#) == .decoding(path: "categories", reason: "missing"))
        #expect(failure(#"{"categories": [{"id": "a"}, {"title": "No id"}]}"#) == .decoding(path: "categories[1].id", reason: "missing"))
        #expect(failure(#"{"categories": {"id": "a"}}"#) == .decoding(path: "categories", reason: "expected an array, got a dictionary"))
    }
}
