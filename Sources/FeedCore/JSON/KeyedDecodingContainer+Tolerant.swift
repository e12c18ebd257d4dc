extension KeyedDecodingContainer {
    /// Text for `key` when there is any: `nil` for a missing key, `null`, `""`, blanks and NPR's `{}`;
    /// numbers are read as their text and `{"$text": …}` is unwrapped.
    ///
    /// ```swift
    /// subtitle = try container.decodeText(forKey: .subtitle)   // nil on one-off programmes
    /// ```
    public func decodeText(forKey key: Key) throws -> String? {
        try decodeIfPresent(LenientString.self, forKey: key)?.nonEmpty
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
