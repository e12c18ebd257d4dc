import Downloader

/// Text for the tracks of `--list` and for the summary line.
enum TrackListing {
    /// The candidate table with the chosen track marked `*`, and a line explaining the choice.
    static func render(_ list: TrackList) -> String {
        CandidateTable.render(list.ranked, chosen: list.chosen.candidate)
            + "\nchosen: \(label(list.chosen)): \(list.chosen.explanation)\n"
    }

    /// `English 256K (en, group aac)`.
    static func label(_ track: ScoredCandidate) -> String {
        let candidate = track.candidate
        let details = [candidate.language, candidate.groupID.map { "group \($0)" }].compactMap { $0 }
        return candidate.name + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
    }
}
