import Foundation

// Fuzz target `playlist`: PlaylistParser.parse (text and Data entry points) against a base URL the input chooses.
//
// Input layout: byte 0 selects the base URL (one of `baseURLs`, or, for the last choice, the first line of the
// rest of the input parsed with `URL(string:)`); the remaining bytes are the playlist.

/// Password in the credential-carrying base URL; it must never reach an error message (see `redactedString`).
private let secret = "s3cr3tPW"

/// Bases that exercise RFC 3986 resolution corners: credentials, query and fragment, IPv6 host, port,
/// percent-encoding, no path, a directory, and schemes the parser must refuse for segments.
private let baseURLs: [String] = [
    "http://pubcache1.arkiva.de/test/hls_index.m3u8",
    "https://user:\(secret)@example.com:8443/a/b/playlist.m3u8?token=abc#frag",
    "https://example.com/",
    "http://[::1]:8080/live/index.m3u8",
    "https://example.com/dir%20with%20space/x.m3u8?q=a%2Fb",
    "http://example.com",
    "file:///tmp/x.m3u8",
    "https://example.com/a/b/c/d/e/../../f/./g.m3u8",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    // A secret written by the input itself (in the playlist or in a fuzzed base URL) may be quoted back.
    inputContainsSecret = input.firstRange(of: Array(secret.utf8)) != nil
    var reader = FuzzReader(input)
    let choice = Int(reader.byte()) % (baseURLs.count + 1)
    var body = reader.rest
    let base: URL
    if choice < baseURLs.count {
        guard let url = URL(string: baseURLs[choice]) else { fatalError("literal base URL \(choice) does not parse") }
        base = url
    } else {
        // The base URL is fuzzed too: the first line, if it parses.
        let end = body.firstIndex(of: UInt8(ascii: "\n")) ?? body.endIndex
        guard let text = String(validating: body[..<end], as: UTF8.self), let url = URL(string: text) else { return 0 }
        base = url
        body = Array(body[min(end + 1, body.endIndex)...])
    }
    checkParse(body, base: base)
    return 0
}

/// Whether the current input contains `secret` anywhere (libFuzzer runs inputs one at a time on one thread).
nonisolated(unsafe) private var inputContainsSecret = false

/// The outcome of one parse, comparable so determinism and entry-point agreement can be checked.
private enum Outcome: Equatable {
    case playlist(Playlist)
    case failure(String)
}

private func parse(_ text: String, base: URL) -> Outcome {
    do { return .playlist(try PlaylistParser.parse(text, url: base)) } catch {
        checkError(error, base: base, lineCount: PlaylistLines.split(text).count)
        return .failure(error.description)
    }
}

private func checkParse(_ body: [UInt8], base: URL) {
    let data = Data(body)
    let viaData: Outcome
    do { viaData = .playlist(try PlaylistParser.parse(data, url: base)) } catch {
        viaData = .failure(error.description)
        fuzzRequire(error.url == base, "Data parse error lacks the playlist URL: \(error)")
    }
    guard let text = String(validating: body, as: UTF8.self) else {
        if case .failure(let message) = viaData {
            fuzzRequire(message.contains("not valid UTF-8"), "invalid UTF-8 refused for another reason: \(message)")
        } else {
            fuzzRequire(false, "invalid UTF-8 was accepted: \(viaData)")
        }
        // Still exercise the text path with the repaired string.
        checkText(String(decoding: body, as: UTF8.self), base: base)
        return
    }
    let viaText = checkText(text, base: base)
    fuzzRequire(viaText == viaData, "parse(Data) and parse(String) disagree: \(viaData) vs \(viaText)")
}

/// Variables of a master playlist that loaded the one under test (`EXT-X-DEFINE:IMPORT`); the dictionary
/// writes these names.
private let masterVariables = ["auth": "?token=s", "session": "s42", "empty": ""]

@discardableResult
private func checkText(_ text: String, base: URL) -> Outcome {
    let first = parse(text, base: base)
    let second = parse(text, base: base)
    fuzzRequire(first == second, "parsing is not deterministic: \(first) vs \(second)")
    checkLines(text)
    if case .playlist(let playlist) = first {
        checkPlaylist(playlist, text: text, base: base)
    }
    // With a master's variables only EXT-X-DEFINE:IMPORT can change: what parsed without them parses the same.
    let imported: Outcome
    do {
        imported = .playlist(try PlaylistParser.parse(text, url: base, masterVariables: masterVariables))
    } catch {
        checkError(error, base: base, lineCount: PlaylistLines.split(text).count)
        imported = .failure(error.description)
    }
    if case .playlist = first {
        fuzzRequire(imported == first, "master variables changed a playlist that imports nothing: \(first) vs \(imported)")
    } else if case .playlist(let playlist) = imported {
        checkPlaylist(playlist, text: text, base: base)
    }
    return first
}

private func checkPlaylist(_ playlist: Playlist, text: String, base: URL) {
    fuzzRequire(playlist.url == base, "playlist URL \(playlist.url) is not the base \(base)")
    let lineCount = PlaylistLines.split(text).count
    checkWarnings(playlist, base: base, lineCount: lineCount)
    switch playlist {
    case .media(let media):
        checkMedia(media, lineCount: lineCount)
        checkVariables(media.variables)
    case .master(let master):
        checkMaster(master, lineCount: lineCount)
        checkVariables(master.variables)
    }
}

/// Warnings name the playlist and a line inside it, the rule and what was done; they never quote credentials.
private func checkWarnings(_ playlist: Playlist, base: URL, lineCount: Int) {
    var previousLine = 0
    for warning in playlist.warnings {
        fuzzRequire(warning.url == base, "warning lacks the playlist URL: \(warning)")
        fuzzRequire(!warning.message.isEmpty && !warning.rule.isEmpty, "empty warning: \(warning)")
        if let line = warning.line {
            fuzzRequire((1 ... max(1, lineCount)).contains(line), "warning line \(line) outside 1...\(lineCount)")
            fuzzRequire(line >= previousLine || warning.kind == .lastSegmentWithoutURI, "warnings out of line order")
            previousLine = line
        }
        fuzzRequire(!quotesCredentials(warning.description), "warning quotes a URI with its credentials: \(warning)")
        switch warning.kind {
        case .integerWrittenAsFloat, .strayURIInMaster:
            if case .media = playlist { fuzzRequire(false, "\(warning.kind) warning in a media playlist") }
        case .lastSegmentWithoutURI:
            if case .media(let media) = playlist { fuzzRequire(!media.hasEndList, "segment dropped from a finished playlist") }
        default:
            break
        }
    }
}

/// Variable names are `[a-zA-Z0-9_-]+` (rfc8216bis §4.4.2.3).
private func checkVariables(_ variables: [String: String]) {
    for name in variables.keys {
        fuzzRequire(VariableTable.isValidName(name), "variable name \"\(name)\" accepted")
    }
}

private func checkError(_ error: PlaylistError, base: URL, lineCount: Int) {
    fuzzRequire(error.url == base, "error lacks the playlist URL: \(error)")
    fuzzRequire(!error.message.isEmpty, "empty error message")
    if let line = error.line {
        fuzzRequire((1 ... max(1, lineCount)).contains(line), "error line \(line) outside 1...\(lineCount): \(error)")
    }
    if !inputContainsSecret {
        fuzzRequire(!error.description.contains(secret), "error message leaks the base URL's password: \(error)")
    }
    fuzzRequire(!quotesCredentials(error.description), "error message quotes a URI with its credentials: \(error)")
}

/// Whether a URI quoted in an error message (`URI "…"`, `URI line "…"`) still shows `secret` in the user-info
/// of its authority (`//…secret…@host`). Seeds and the dictionary write `user:s3cr3tPW@` into URIs.
private func quotesCredentials(_ description: String) -> Bool {
    let parts = description.split(separator: "\"", omittingEmptySubsequences: false)
    for index in stride(from: 1, to: parts.count, by: 2) {
        let before = parts[index - 1]
        guard before.hasSuffix("URI ") || before.hasSuffix("URI line ") else { continue }
        let quoted = parts[index]
        guard let slashes = quoted.range(of: "//") else { continue }
        // As RFC 3986 §3: "//" starts an authority only at the start or right after the scheme's ':'.
        let prefix = quoted[..<slashes.lowerBound]
        guard prefix.isEmpty || (prefix.hasSuffix(":") && !prefix.contains(where: { "/?#".contains($0) })) else { continue }
        let authority = quoted[slashes.upperBound...].prefix { !"/?#".contains($0) }
        if let at = authority.lastIndex(of: "@"), authority[..<at].contains(secret) { return true }
    }
    return false
}

/// Line splitting (RFC 8216 §4.1): consecutive numbers from 1, no line terminators or surrounding blanks left.
private func checkLines(_ text: String) {
    for (index, line) in PlaylistLines.split(text).enumerated() {
        fuzzRequire(line.number == index + 1, "line numbers are not consecutive")
        fuzzRequire(!line.text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }), "line \(line.number) keeps a line end")
        fuzzRequire(line.text.trimmingBlanks == line.text, "line \(line.number) keeps surrounding blanks")
    }
}

private func isFetchable(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
    guard let host = url.host, !host.isEmpty else { return false }
    if let port = url.port { return (1 ... 65535).contains(port) }
    return true
}

private func checkRange(_ range: ByteRange?, _ what: String) {
    guard let range else { return }
    fuzzRequire(range.length > 0 && range.offset >= 0, "\(what) byte range \(range) is not positive")
    fuzzRequire(!range.offset.addingReportingOverflow(range.length).overflow, "\(what) byte range \(range) overflows")
}

private func checkMedia(_ media: MediaPlaylist, lineCount: Int) {
    let segments = media.segments
    fuzzRequire(segments.count <= PlaylistParser.maximumSegments, "\(segments.count) segments exceed the documented maximum")
    fuzzRequire(media.targetDuration >= 0 && media.version >= 0, "negative target duration or version")
    fuzzRequire(media.mediaSequence >= 0 && media.discontinuitySequence >= 0, "negative sequence numbers")
    var discontinuities = 0
    var previousLine = 1
    for (index, segment) in segments.enumerated() {
        fuzzRequire(segment.sequenceNumber == media.mediaSequence + index, "segment \(index) has sequence number \(segment.sequenceNumber)")
        if segment.discontinuity { discontinuities += 1 }
        fuzzRequire(segment.discontinuitySequence == media.discontinuitySequence + discontinuities,
                    "segment \(index) has discontinuity sequence \(segment.discontinuitySequence)")
        fuzzRequire(segment.duration.isFinite && segment.duration >= 0, "segment \(index) duration \(segment.duration)")
        fuzzRequire(isFetchable(segment.uri), "segment \(index) URI \(segment.uri) is not fetchable http(s)")
        fuzzRequire(segment.line > previousLine && segment.line <= lineCount, "segment \(index) line \(segment.line) out of order")
        previousLine = segment.line
        checkRange(segment.byteRange, "segment \(index)")
        if let bitrate = segment.bitrate { fuzzRequire(bitrate >= 0, "negative bitrate") }
        if let key = segment.key {
            if let iv = key.iv { fuzzRequire(iv.count == 16, "IV of \(iv.count) bytes") }
            fuzzRequire(key.uri.scheme?.isEmpty == false, "key URI \(key.uri) has no scheme")
            fuzzRequire(key.initializationVector(forSequenceNumber: segment.sequenceNumber).count == 16, "IV length")
        }
        if let map = segment.initSection {
            fuzzRequire(isFetchable(map.uri), "EXT-X-MAP URI \(map.uri) is not fetchable http(s)")
            checkRange(map.byteRange, "EXT-X-MAP")
            // An IV is always there: explicit, or 0 when the playlist left it out (hls.js's choice, with a warning).
            if let key = map.key {
                fuzzRequire(key.method == .aes128 && key.iv?.count == 16, "encrypted EXT-X-MAP without a 16-byte IV")
            }
        }
    }
    fuzzRequire(media.totalDuration.isFinite, "total duration \(media.totalDuration) is not finite")
}

private func checkMaster(_ master: MasterPlaylist, lineCount: Int) {
    fuzzRequire(!master.variants.isEmpty, "master playlist without variants was accepted")
    for variant in master.variants {
        fuzzRequire(isFetchable(variant.uri), "variant URI \(variant.uri) is not fetchable http(s)")
        fuzzRequire(variant.bandwidth >= 0 && (variant.averageBandwidth ?? 0) >= 0, "negative bandwidth")
        fuzzRequire((1 ... lineCount).contains(variant.line), "variant line \(variant.line) outside the playlist")
        fuzzRequire(!variant.codecs.contains(where: \.isEmpty), "empty codec item")
        if let rate = variant.frameRate { fuzzRequire(rate.isFinite && rate >= 0, "frame rate \(rate)") }
        if let resolution = variant.resolution {
            fuzzRequire(resolution.width >= 0 && resolution.height >= 0, "negative resolution")
        }
    }
    for rendition in master.renditions {
        if let uri = rendition.uri {
            fuzzRequire(rendition.type != .closedCaptions, "CLOSED-CAPTIONS rendition with a URI was accepted")
            fuzzRequire(isFetchable(uri), "rendition URI \(uri) is not fetchable http(s)")
        }
        fuzzRequire((1 ... lineCount).contains(rendition.line), "rendition line \(rendition.line) outside the playlist")
    }
}
