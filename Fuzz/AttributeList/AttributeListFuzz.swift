import Foundation

// Fuzz target `attributes`: AttributeList(parsing:) (RFC 8216 §4.2), its typed accessors, the value-form
// parsers shared with bare-value tags, and the bare-value tag parsers (EXTINF, EXT-X-BYTERANGE, ...).
// The whole input is the text after `TAG:`; no control bytes, so seeds are plain attribute lists.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    checkAttributeList(text)
    checkValueForms(text)
    checkBareValueTags(text)
    checkSubstitution(text)
    return 0
}

private func parse(_ text: String, line: Int?) -> Result<AttributeList, PlaylistError> {
    Result { () throws(PlaylistError) in try AttributeList(parsing: text, line: line) }
}

private func checkAttributeList(_ text: String) {
    let first = parse(text, line: 7)
    fuzzRequire(first == parse(text, line: 7), "attribute-list parsing is not deterministic")
    let list: AttributeList
    switch first {
    case .failure(let error):
        fuzzRequire(error.line == 7, "error does not name the tag's line: \(error)")
        fuzzRequire(!error.message.isEmpty, "empty error message")
        return
    case .success(let parsed):
        list = parsed
    }
    fuzzRequire(list.line == 7, "line not kept")
    fuzzRequire(Set(list.names).count == list.names.count, "duplicate names accepted: \(list.names)")
    var canonical: [String] = []
    for name in list.names {
        fuzzRequire(!name.isEmpty && name.utf8.allSatisfy(isNameByte), "bad attribute name \"\(name)\" accepted")
        fuzzRequire(list.contains(name), "listed name \(name) has no value")
        guard let value = list[name] else { continue }
        switch value {
        case .quoted(let string):
            fuzzRequire(!string.contains("\""), "quoted value contains a quote")
            canonical.append("\(name)=\"\(string)\"")
        case .unquoted(let raw):
            fuzzRequire(!raw.isEmpty && !raw.contains(where: { $0 == "," || $0 == "\"" || $0 == " " }),
                        "malformed unquoted value \"\(raw)\" accepted")
            canonical.append("\(name)=\(raw)")
        }
        checkAccessors(list, name: name, value: value)
    }
    // Writing the list back in canonical form and parsing it again gives the same list.
    let rewritten = canonical.joined(separator: ",")
    fuzzRequire(parse(rewritten, line: 7) == .success(list), "round trip through \"\(rewritten)\" changed the list")
}

private func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "-")
}

/// Every typed accessor either answers with a value of its form or throws; quoted-ness decides which apply.
private func checkAccessors(_ list: AttributeList, name: String, value: AttributeList.Value) {
    let isQuoted: Bool
    if case .quoted = value { isQuoted = true } else { isQuoted = false }
    let quoted = Result { () throws(PlaylistError) in try list.quotedString(name) }
    fuzzRequire((try? quoted.get()) != nil ? isQuoted : !isQuoted, "quotedString disagrees with the value form")
    // `try?` flattens the optional: a value here means the attribute parsed in that form.
    if let integer = try? list.decimalInteger(name) {
        fuzzRequire(!isQuoted && integer >= 0, "decimalInteger \(integer) from \(value)")
    }
    if let bytes = try? list.hexadecimalSequence(name) {
        fuzzRequire(!isQuoted && !bytes.isEmpty, "hexadecimalSequence from \(value)")
        if case .unquoted(let raw) = value {
            fuzzRequire(bytes.count == (raw.utf8.count - 2 + 1) / 2, "\(bytes.count) bytes from \(raw)")
        }
    }
    if let float = try? list.decimalFloat(name) {
        fuzzRequire(!isQuoted && float.isFinite && float >= 0, "decimalFloat \(float) from \(value)")
    }
    if let float = try? list.signedDecimalFloat(name) {
        fuzzRequire(!isQuoted && float.isFinite, "signedDecimalFloat \(float) from \(value)")
    }
    if let resolution = try? list.resolution(name) {
        fuzzRequire(!isQuoted && resolution.width >= 0 && resolution.height >= 0, "resolution \(resolution) from \(value)")
    }
    if let flag = try? list.yesNo(name) {
        fuzzRequire(value == .unquoted(flag ? "YES" : "NO"), "yesNo \(flag) from \(value)")
    }
    _ = try? list.enumeratedString(name)
}

/// The shared value-form parsers agree with their grammar (RFC 8216 §4.2).
private func checkValueForms(_ text: String) {
    if let integer = AttributeList.parseDecimalInteger(text) {
        fuzzRequire(integer >= 0 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }, "decimal integer \(integer) from \"\(text)\"")
        fuzzRequire(Int(text) == integer, "decimal integer \(integer) differs from Int(\"\(text)\")")
    }
    if let float = AttributeList.parseDecimalFloat(text) {
        fuzzRequire(float.isFinite && float >= 0, "decimal float \(float) from \"\(text)\"")
    }
    if let bytes = AttributeList.parseHexadecimalSequence(text) {
        fuzzRequire(!bytes.isEmpty && bytes.count == (text.utf8.count - 1) / 2, "\(bytes.count) hex bytes from \"\(text)\"")
        // Hex round trip: the bytes printed back are the digits, left-padded to an even count.
        let digits = String(text.dropFirst(2)).lowercased()
        let printed = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        fuzzRequire(printed == (digits.count % 2 == 1 ? "0" + digits : digits), "hex \(printed) from \"\(text)\"")
    }
}

/// Tags with a bare value: every one either throws a located error or yields a value within its rules.
private func checkBareValueTags(_ text: String) {
    if let tag = try? ByteRangeTag(value: text, line: 3) {
        fuzzRequire(tag.length > 0, "EXT-X-BYTERANGE length \(tag.length)")
        if let offset = tag.offset {
            fuzzRequire(ByteRange(checkedLength: tag.length, offset: offset) != nil, "EXT-X-BYTERANGE \(text) overflows")
        }
    }
    if let tag = try? ExtInfTag(value: text, line: 3) {
        fuzzRequire(tag.duration.isFinite && tag.duration >= 0, "EXTINF duration \(tag.duration)")
        fuzzRequire(tag.title?.isEmpty != true, "empty EXTINF title kept")
    }
    if let tag = try? BitrateTag(value: text, line: 3) { fuzzRequire(tag.bitsPerSecond >= 0, "negative bitrate") }
    if let tag = try? VersionTag(value: text, line: 3) { fuzzRequire(tag.version >= 0, "negative version") }
    if let tag = try? TargetDurationTag(value: text, line: 3) { fuzzRequire(tag.seconds >= 0, "negative target duration") }
    if let tag = try? MediaSequenceTag(value: text, line: 3) { fuzzRequire(tag.number >= 0, "negative media sequence") }
    _ = try? DiscontinuitySequenceTag(value: text, line: 3)
    _ = try? PlaylistTypeTag(value: text, line: 3)
    // Attribute-list tags resolve URIs; a fixed base keeps this target about the attribute grammar.
    var scope = TagScope(resolver: URIResolver(base: baseURL), variables: fuzzVariables)
    _ = try? StreamInfTag(value: text, line: 3, scope: &scope)
    _ = try? MediaTag(value: text, line: 3, scope: &scope)
    _ = try? KeyTag(value: text, line: 3, scope: &scope)
    _ = try? MapTag(value: text, line: 3, scope: &scope)
    if let tag = try? DefineTag(value: text, line: 3, scope: &scope) {
        switch tag.definition {
        case .value(let name, _), .imported(let name), .queryParameter(let name):
            fuzzRequire(VariableTable.isValidName(name), "EXT-X-DEFINE accepted the name \"\(name)\"")
        }
    }
    for warning in scope.warnings {
        fuzzRequire(warning.line == 3 && !warning.message.isEmpty, "tag warning not located: \(warning)")
    }
    // The lenient accessor agrees with the strict one where that one answers, and never invents a value.
    if let list = try? AttributeList(parsing: text, line: 3) {
        for name in list.names {
            let lenient = try? list.decimalIntegerAllowingFloat(name) { _ in }
            if let strict = try? list.decimalInteger(name) {
                fuzzRequire(lenient == strict, "decimalIntegerAllowingFloat \(String(describing: lenient)) != \(String(describing: strict))")
            } else if let value = lenient, case .unquoted(let raw) = list[name] {
                let whole = raw.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
                fuzzRequire(raw.contains(".") && Int(whole ?? "") == value,
                            "decimalIntegerAllowingFloat \(value) from \(raw)")
            }
        }
    }
    _ = StringHelpersProbe.items(text)
}

/// Variables the attribute and substitution checks use: none of their values can form a reference.
private let fuzzVariables: VariableTable = {
    var table = VariableTable(budget: PlaylistParser.maximumSize)
    do {
        try table.define("a", value: "V", line: 1)
        try table.define("auth", value: "?token=s,\"x\"", line: 1)
        try table.define("long", value: String(repeating: "L", count: 1000), line: 1)
    } catch {
        fatalError("fixed variable definitions must be valid: \(error)")
    }
    return table
}()

/// Substitution (rfc8216bis §4.3): text without `{$` is unchanged; otherwise the result has no reference to a
/// defined variable left and stays within the length limit, or the error names the line.
private func checkSubstitution(_ text: String) {
    var table = fuzzVariables
    do {
        let result = try table.substitute(text, line: 5, what: "fuzz")
        if !text.contains("{$") { fuzzRequire(result == text, "text without references changed") }
        for name in ["a", "auth", "long"] {
            fuzzRequire(!result.contains("{$\(name)}"), "reference {$\(name)} left in \"\(result)\"")
        }
        fuzzRequire(result == text || result.utf8.count <= VariableTable.maximumSubstitutedLength, "substitution too long")
    } catch {
        fuzzRequire(error.line == 5 && !error.message.isEmpty, "substitution error not located: \(error)")
        fuzzRequire(text.contains("{$"), "substitution failed without a reference: \(error)")
    }
}

private let baseURL: URL = {
    guard let url = URL(string: "https://example.com/hls/index.m3u8") else { fatalError("literal URL does not parse") }
    return url
}()

/// `commaSeparatedItems` (CODECS, CHARACTERISTICS): no item is empty or has surrounding blanks.
private enum StringHelpersProbe {
    static func items(_ text: String) -> [String] {
        let items = text.commaSeparatedItems
        for item in items {
            fuzzRequire(!item.isEmpty && item.trimmingBlanks == item, "list item \"\(item)\" is empty or untrimmed")
        }
        return items
    }
}
