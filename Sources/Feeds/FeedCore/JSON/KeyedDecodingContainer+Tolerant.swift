extension KeyedDecodingContainer {
    /// Text for `key` when there is any: `nil` for a missing key, `null`, `""`, blanks and NPR's `{}`;
    /// numbers are read as their text and `{"$text": …}` is unwrapped.
    ///
    /// ```swift
    /// subtitle = try container.decodeText(forKey: .subtitle)   // nil on one-off programmes
    /// ```
    public func decodeText(forKey key: Key) throws -> String? {
        // Fast path: a plain string (or null, or no key) is read without a nested decoder.
        if let text = try? decodeIfPresent(String.self, forKey: key) {
            return text.contains(where: { !$0.isWhitespace }) ? text : nil
        }
        if !contains(key) { return nil }
        return try decodeIfPresent(LenientString.self, forKey: key)?.nonEmpty
    }

    /// Required text for `key`: a string, a number (ids) or NPR's `{"$text": …}`; `null` and `{}` read as `""`.
    /// - Throws: `DecodingError.keyNotFound` when the key is missing.
    public func decodeLenientString(forKey key: Key) throws -> String {
        // Fast path: a plain string is read without a nested decoder.
        if let text = try? decode(String.self, forKey: key) {
            return text
        }
        return try decode(LenientString.self, forKey: key).value
    }

    /// An integer for `key` sent as a number or a string; `nil` when missing, `null`, `""` or `{}`.
    public func decodeLenientInt(forKey key: Key) throws -> Int? {
        guard let scalar = try decodeIfPresent(LenientScalar.self, forKey: key), !scalar.isBlank else { return nil }
        return try decode(LenientInt.self, forKey: key).value
    }

    /// A floating-point number for `key` sent as a number or a string; `nil` when missing, `null`, `""` or `{}`.
    public func decodeLenientDouble(forKey key: Key) throws -> Double? {
        guard let scalar = try decodeIfPresent(LenientScalar.self, forKey: key), !scalar.isBlank else { return nil }
        return try decode(LenientDouble.self, forKey: key).value
    }

    /// A boolean for `key` sent as a boolean, number or string; `nil` when missing, `null`, `""` or `{}`.
    public func decodeLenientBool(forKey key: Key) throws -> Bool? {
        guard let scalar = try decodeIfPresent(LenientScalar.self, forKey: key), !scalar.isBlank else { return nil }
        return try decode(LenientBool.self, forKey: key).value
    }
}

extension LenientScalar {
    /// `null`, `{}`, or a string of only whitespace.
    var isBlank: Bool {
        switch self {
        case .null: true
        case .string(let text): !text.contains(where: { !$0.isWhitespace })
        default: false
        }
    }
}
