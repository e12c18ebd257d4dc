/// Reads bit-rate and sample-rate hints from track names and URIs, e.g. `"English 256K"`, `"hls_a64K_v4"`,
/// `"aac_128kbps"`, `"320 kbit/s"`, `"1.5Mbps"`, `"48kHz"`, `"44100Hz"`. Used only when no playlist figure
/// decides: names are written by people.
public enum QualityHints {
    /// Bits per second named in `text` (the largest if several), or `nil`.
    ///
    /// A number followed by `k`, `kb`, `kbps`, `kbit`, `kbit/s`, `kb/s` (×1000) or `mbps`, `mbit`, `mb/s`
    /// (×1 000 000), case-insensitive, with no letter right after the unit (so `48kHz` and `1080p` are not
    /// bit rates).
    public static func bitrate(in text: String) -> Int? {
        let units: [(String, Double)] = [("kbit/s", 1e3), ("kbps", 1e3), ("kbit", 1e3), ("kb/s", 1e3), ("kb", 1e3),
                                         ("k", 1e3), ("mbit/s", 1e6), ("mbps", 1e6), ("mbit", 1e6), ("mb/s", 1e6)]
        return numbers(in: text, units: units).max()
    }

    /// Sample rate in Hz named in `text` (`48kHz`, `44.1 kHz`, `44100Hz`), or `nil`.
    public static func sampleRate(in text: String) -> Int? {
        numbers(in: text, units: [("khz", 1e3), ("hz", 1)]).filter { $0 >= 8000 && $0 <= 768_000 }.max()
    }

    /// Every `<number><optional blank or _><unit>` where no letter follows the unit, scaled to an `Int`.
    private static func numbers(in text: String, units: [(String, Double)]) -> [Int] {
        let chars = Array(text.lowercased().utf8)
        var results: [Int] = []
        var index = 0
        while index < chars.count {
            guard isDigit(chars[index]), index == 0 || !isDigit(chars[index - 1]) && chars[index - 1] != UInt8(ascii: ".") else {
                index += 1
                continue
            }
            var end = index
            while end < chars.count, isDigit(chars[end]) || chars[end] == UInt8(ascii: ".") { end += 1 }
            let number = Double(String(decoding: chars[index ..< end], as: UTF8.self))
            var unitStart = end
            if unitStart < chars.count, chars[unitStart] == UInt8(ascii: " ") { unitStart += 1 }
            for (unit, scale) in units {
                let unitBytes = Array(unit.utf8)
                let unitEnd = unitStart + unitBytes.count
                guard unitEnd <= chars.count, Array(chars[unitStart ..< unitEnd]) == unitBytes else { continue }
                if unitEnd < chars.count, isLetter(chars[unitEnd]) { continue }
                if let number, number.isFinite, number > 0 {
                    let value = (number * scale).rounded()
                    if value < 1e15, let exact = Int(exactly: value) { results.append(exact) }
                }
                break
            }
            index = end
        }
        return results
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isLetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
}
