/// Renders ranked audio candidates as a plain-text table for `hlsfetch --list`: one row per candidate, best
/// first, with why it counts as audio (`ADMITTED`: ``AudioAdmission/label``) and every figure behind its score;
/// the chosen one is marked `*`.
///
/// ```
///   # NAME          LANG GROUP  SOURCE    ADMITTED    CH CODEC     MEASURED EXT-X-BITRATE BANDWIDTH NAME-HINT SCORE        DEFAULT URI
/// * 1 English 256K  en   aud-hi rendition EXT-X-MEDIA 2  mp4a.40.2 256k     -             3200k     256k      256k (me…)   no      http://…
/// ```
public enum CandidateTable {
    /// The table as text, with a header row and a trailing newline.
    public static func render(_ scored: [ScoredCandidate], chosen: AudioCandidate?) -> String {
        let header = ["", "#", "NAME", "LANG", "GROUP", "SOURCE", "ADMITTED", "CH", "CODEC", "MEASURED", "EXT-X-BITRATE",
                      "BANDWIDTH", "NAME-HINT", "SCORE", "DEFAULT", "URI"]
        var rows = [header]
        for (index, entry) in scored.enumerated() {
            let candidate = entry.candidate
            let score = entry.bitrate.map { "\(kbps($0)) (\(entry.bitrateSource.label))" } ?? "unknown"
            rows.append([
                candidate == chosen ? "*" : "",
                "\(index + 1)",
                candidate.name + (candidate.describesVideo ? " [AD]" : ""),
                candidate.language ?? "-",
                candidate.groupID ?? "-",
                candidate.source.rawValue,
                candidate.admission.label,
                candidate.channels.map(String.init) ?? "-",
                candidate.codec ?? "-",
                entry.figures.measuredByteRanges.map(kbps) ?? "-",
                entry.figures.extXBitrate.map(kbps) ?? "-",
                entry.figures.variantBandwidth.map(kbps) ?? "-",
                entry.figures.nameHint.map(kbps) ?? "-",
                score,
                candidate.isDefault ? "yes" : "no",
                candidate.uri.redactedString,
            ])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var text = ""
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            text += cells.joined(separator: " ") + "\n"
        }
        return text
    }

    /// Bits per second as whole kbit/s with a `k` suffix (`256000` → `256k`).
    static func kbps(_ bitsPerSecond: Int) -> String {
        "\(Int((Double(bitsPerSecond) / 1000).rounded()))k"
    }
}
