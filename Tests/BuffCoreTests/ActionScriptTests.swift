import BuffCore
import Testing

@Suite("Actions file")
struct ActionScriptTests {
    @Test func votesClosesCommentsAndBlankLines() throws {
        let actions = try BuffActionScript.parse("""
            # votes for the demo
            4.2 vote 1

            65 close   # the ✕
            3 vote 2
            """)
        #expect(actions == [
            BuffAction(at: .seconds(3), kind: .vote(position: 2), line: 5),
            BuffAction(at: .milliseconds(4200), kind: .vote(position: 1), line: 2),
            BuffAction(at: .seconds(65), kind: .close, line: 4),
        ])
    }

    @Test(arguments: [
        ("x vote 1", 1, "expected SECONDS (e.g. 4.2), got \"x\""),
        ("1 vote", 1, "expected 'SECONDS vote N' with N = 1, 2, …"),
        ("1 vote 0", 1, "expected 'SECONDS vote N' with N = 1, 2, …"),
        ("# ok\n2 jump", 2, "unknown action \"jump\" (expected vote or close)"),
        ("-1 close", 1, "expected SECONDS (e.g. 4.2), got \"-1\""),
        ("1.2345 close", 1, "expected SECONDS (e.g. 4.2), got \"1.2345\""),
        ("3 close now", 1, "unexpected \"now\" after 'close'"),
        ("5", 1, "expected 'vote N' or 'close' after the time"),
    ])
    func badLinesNameTheirLine(text: String, line: Int, reason: String) {
        #expect(throws: BuffActionScript.ParseError(line: line, reason: reason)) { try BuffActionScript.parse(text) }
    }
}
