/// The app's five tabs, plus Campus View (its own section, under Extras in the seed), in display order.
public enum SectionName: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Featured: all videos of its albums, its NPR stories, its live casts.
    case featured
    /// Radio: the stations, then the NPR query's stories (paged).
    case radio
    /// Performances, by category.
    case performances
    /// Extras, by category (without Campus View).
    case extras
    /// Campus View: the Extras category of that name.
    case campusView = "campus-view"
    /// More: names and links.
    case more

    /// Reads a section's name as a user types it: case-insensitive, spaces, hyphens and underscores alike
    /// (`Campus View`, `campus-view`, `CAMPUS_VIEW`, `campusview`).
    ///
    /// ```swift
    /// SectionName(userInput: "Campus View")  // .campusView
    /// ```
    public init?(userInput: String) {
        let folded = userInput.lowercased().filter { $0.isLetter }
        guard let match = Self.allCases.first(where: { $0.rawValue.filter(\.isLetter) == folded }) else { return nil }
        self = match
    }

    /// The title shown on its tab.
    public var title: String {
        switch self {
        case .featured: "Featured"
        case .radio: "Radio"
        case .performances: "Performances"
        case .extras: "Extras"
        case .campusView: "Campus View"
        case .more: "More"
        }
    }

    /// The name as typed on the command line (`campus-view`).
    public var description: String { rawValue }
}
