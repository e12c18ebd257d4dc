import Foundation
import Logging
import Testing
@testable import CommandLineSupport

/// The one swift-log handler of every program (issue 28): each line terminal-safe, whatever a playlist put in it.
@Suite struct SafeLogHandlerTests {
    static let hostile = "URI line \"x\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\rforged\nnext\u{08}\u{0B}\u{0C}\""

    @Test func messageAndMetadataAreOneSafeLine() {
        let event = LogEvent(level: .warning, message: "playlist: \(Self.hostile)", metadata: ["error": "\(Self.hostile)"],
                             source: nil, file: #fileID, function: #function, line: #line)
        let line = SafeLogHandler.line(event: event, label: "hlsfetch", metadata: ["url": "http://h/\u{1B}[31m"],
                                       time: Date(timeIntervalSince1970: 0))
        #expect(line.hasPrefix("1970-01-01T00:00:00Z warning hlsfetch: error="))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) }, "\(line.debugDescription)")
        #expect(line.contains("x\\e]0;PWNED\\x07\\e[2J\\u{9b}31m\\rforged\\nnext\\x08\\x0b\\x0c"))
        #expect(line.contains("url=http://h/\\e[31m"))
    }

    @Test func levelAndMetadataBehaveLikeSwiftLogs() {
        var handler = SafeLogHandler(label: "x")
        #expect(handler.logLevel == .info)
        handler[metadataKey: "k"] = "v"
        #expect(handler[metadataKey: "k"] == "v")
        handler.logLevel = .error
        #expect(handler.logLevel == .error)
    }
}
