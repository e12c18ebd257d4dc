import Downloader

/// Text for the tracks of `--list` and for the summary line.
enum TrackListing {
    /// The candidate table with the chosen track marked `*`, and a line explaining the choice.
    /// Playlist text (names, URIs) cannot drive the terminal: control characters become spaces.
    static func render(_ list: TrackList) -> String {
        let text = CandidateTable.render(list.ranked, chosen: list.chosen.candidate)
            + "\nchosen: \(label(list.chosen)): \(list.chosen.explanation)"
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { StandardError.oneLine(String($0)) }.joined(separator: "\n") + "\n"
    }

    /// `English 256K (en, group aac)`.
    static func label(_ track: ScoredCandidate) -> String {
        let candidate = track.candidate
        let details = [candidate.language, candidate.groupID.map { "group \($0)" }].compactMap { $0 }
        return StandardError.oneLine(candidate.name + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")"))
    }
}
