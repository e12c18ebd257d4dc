import Downloader

/// Text for the tracks of `--list` and for the summary line.
enum TrackListing {
    /// The candidate table with the chosen track marked `*`, a line explaining the choice, and the playlist
    /// warnings, if any. Playlist text (names, URIs) cannot drive the terminal: control characters are shown
    /// escaped (`SafeText.printable`).
    static func render(_ list: TrackList) -> String {
        var text = CandidateTable.render(list.ranked, chosen: list.chosen.candidate)
            + "\nchosen: \(label(list.chosen)): \(list.chosen.explanation)"
        if !list.warnings.isEmpty {
            text += "\n\n" + warnings(list.warnings)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { StandardError.oneLine(String($0)) }.joined(separator: "\n") + "\n"
    }

    /// `English 256K (en, group aac)`.
    static func label(_ track: ScoredCandidate) -> String {
        let candidate = track.candidate
        let details = [candidate.language, candidate.groupID.map { "group \($0)" }].compactMap { $0 }
        return StandardError.oneLine(candidate.name + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")"))
    }

    /// `playlist warnings (2): accepted anyway, see docs/Downloader.md` then one `warning: …` line each.
    static func warnings(_ warnings: [PlaylistWarning]) -> String {
        (["playlist warnings (\(warnings.count)): accepted anyway, as players do (docs/Downloader.md, \"Leniency\")"]
            + warnings.map { "warning: " + StandardError.oneLine($0.description) })
            .joined(separator: "\n")
    }
}
