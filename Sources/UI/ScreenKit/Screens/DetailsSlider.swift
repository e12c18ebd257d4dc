/// A labelled horizontal slider on a ``DetailsScreen``, under its buttons (the now-playing screen's position in a
/// story and its volume). A click on its track reports ``ShellOutput/sliderChanged(_:_:_:)`` with the fraction of
/// the track at the click (0 at the left edge, 1 at the right), as the video player's sliders do; the model sets
/// ``value`` when what it shows changed.
///
/// ```swift
/// DetailsScreen(title: "Classical IPR", actions: [ActionButton(.pause)],
///               sliders: [DetailsSlider(name: "volume", label: "Volume", value: 0.8)])
/// ```
public struct DetailsSlider: Hashable, Sendable {
    /// What the slider sets, as outputs and traces name it (`position`, `volume`).
    public var name: String
    /// The text left of the track.
    public var label: String
    /// The filled fraction of the track, 0…1 (clamped; not a number is 0).
    public var value: Double

    /// A slider; `value` is clamped to 0…1.
    public init(name: String, label: String, value: Double) {
        self.name = name
        self.label = label
        self.value = value.isNaN ? 0 : min(1, max(0, value))
    }
}
