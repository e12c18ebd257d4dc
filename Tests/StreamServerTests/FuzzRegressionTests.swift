import Foundation
import Testing
import TestSupport
@testable import StreamServer

/// Findings of the `routes` fuzz target (Fuzz/Routes), kept as tests.
@Suite struct RouteTableFuzzRegressionTests {
    static func error(_ json: String) -> String? {
        let folder = TestScratch.root
        do {
            _ = try RouteTableParser(file: "routes.json", folder: folder).parse(Data(json.utf8))
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Of several bad keys or values, the error named whichever came first in dictionary order, which differs
    /// between runs and between two parses of one file: now the first by name, every time.
    @Test func errorsNameTheSameKeyEveryTime() throws {
        let cases = [
            #"{"routes": [], "zeta": 1, "alpha": 2, "mid": 3}"#,
            #"{"routes": [{"path": "/a", "headers": {"Z-Bad": [1], "A-Bad": {}, "M-Bad": [2]}}]}"#,
            #"{"routes": [{"path": "/a", "query": {"z": [1], "a": {}, "m": [2]}}]}"#,
        ]
        let expected = ["\"alpha\"", "A-Bad", "query.a"]
        for (json, name) in zip(cases, expected) {
            let first = try #require(Self.error(json))
            #expect(first.contains(name), "\(first)")
            for _ in 0..<20 {
                #expect(Self.error(json) == first)
            }
        }
    }
}
