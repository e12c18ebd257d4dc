import Foundation

// Shared by the decoder targets (buffs, iplayer, vimeo, npr, contentmeta, livestream, routes): a decoder of
// network input must answer every input with a value or an error, the same one every time, and say what was
// wrong in a non-empty, bounded message.

/// Runs `decode` twice on `bytes`: both runs agree (value or error, compared by description), an error
/// describes itself in at most `maximumMessage` characters, and a value passes `check`.
func checkDecoder<Value>(_ name: String, _ bytes: [UInt8], maximumMessage: Int = 100_000,
                         decode: ([UInt8]) throws -> Value, check: (Value) -> Void = { _ in }) {
    let first = Result { try decode(bytes) }
    let second = Result { try decode(bytes) }
    fuzzRequire(describe(first) == describe(second), "\(name): decoding is not deterministic")
    switch first {
    case .success(let value):
        check(value)
    case .failure(let error):
        let message = String(describing: error)
        fuzzRequire(!message.isEmpty, "\(name): empty error message")
        fuzzRequire(message.count <= maximumMessage, "\(name): error message of \(message.count) characters")
    }
}

/// ``checkDecoder(_:_:maximumMessage:decode:check:)`` for values compared with `==` (their descriptions may
/// list dictionaries in any order).
func checkDecoder<Value: Equatable>(_ name: String, _ bytes: [UInt8], maximumMessage: Int = 100_000,
                                    decode: ([UInt8]) throws -> Value, check: (Value) -> Void = { _ in }) {
    let first = Result { try decode(bytes) }
    let second = Result { try decode(bytes) }
    switch (first, second) {
    case (.success(let one), .success(let two)):
        fuzzRequire(one == two, "\(name): decoding is not deterministic")
        check(one)
    case (.failure(let one), .failure(let two)):
        let message = String(describing: one)
        fuzzRequire(message == String(describing: two), "\(name): the error is not deterministic: \(message) / \(two)")
        fuzzRequire(!message.isEmpty, "\(name): empty error message")
        fuzzRequire(message.count <= maximumMessage, "\(name): error message of \(message.count) characters")
    default:
        fuzzRequire(false, "\(name): decoding is not deterministic (a value once, an error once)")
    }
}

private func describe<Value>(_ result: Result<Value, any Error>) -> String {
    switch result {
    case .success(let value): "value: \(value)"
    case .failure(let error): "error: \(error)"
    }
}

/// A duration or number of seconds from a feed is finite and not negative.
func checkSeconds(_ seconds: Double?, _ what: String) {
    guard let seconds else { return }
    fuzzRequire(seconds.isFinite && seconds >= 0, "\(what): \(seconds) seconds")
}
