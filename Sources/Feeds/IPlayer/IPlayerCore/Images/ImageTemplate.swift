import FeedCore
import Foundation

/// A programme image URL with a `{recipe}` placeholder, as iBL sends it in `images.standard`:
/// `https://ichef.bbci.co.uk/images/ic/{recipe}/p06cfvzl.jpg`.
///
/// ```swift
/// let image = ImageTemplate("https://ichef.bbci.co.uk/images/ic/{recipe}/p06cfvzl.jpg")
/// image.url(width: 320)   // https://ichef.bbci.co.uk/images/ic/320x180/p06cfvzl.jpg
/// ```
public struct ImageTemplate: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The template text.
    public var template: String

    /// The placeholder replaced by an ``ImageRecipe``.
    public static let placeholder = "{recipe}"

    /// A template from its text.
    public init(_ template: String) {
        self.template = template
    }

    /// Decodes the template from a JSON string.
    public init(from decoder: any Decoder) throws {
        template = try LenientString(from: decoder).value
    }

    /// The image URL for `recipe`; `nil` when the result is not an http(s) URL. A template without the
    /// placeholder is one fixed size and is returned as it is.
    public func url(recipe: ImageRecipe) -> URL? {
        let text = template.replacingOccurrences(of: Self.placeholder, with: recipe.text)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// The image URL for the smallest ImageChef size covering `width` pixels (``ImageRecipe/covering(width:height:)``).
    public func url(width: Int) -> URL? {
        url(recipe: .covering(width: width))
    }

    /// The template text.
    public var description: String { template }
}
