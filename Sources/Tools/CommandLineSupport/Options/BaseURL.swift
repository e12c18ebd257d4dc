import ArgumentParser
import Foundation

/// A base URL option value: an absolute http(s) URL with a host (`--base-url`, `--content-url`, `--npr-base`…).
///
/// ```swift
/// @Option(name: .customLong("base-url")) var baseURL = BaseURL(url: VimeoClient.defaultBaseURL)
/// ```
public struct BaseURL: ExpressibleByArgument, Sendable, Equatable {
    /// The URL.
    public var url: URL

    /// A value holding `url` (a default).
    public init(url: URL) {
        self.url = url
    }

    /// The URL in `argument`, or nil unless it is an absolute http(s) URL with a host.
    public init?(argument: String) {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        self.url = url
    }

    /// The URL in `argument` given with `option`; a usage error naming both otherwise (for `transform:`).
    ///
    /// ```swift
    /// @Option(name: .customLong("content-url"), transform: { try BaseURL.parse($0, option: "--content-url") })
    /// var contentURL: BaseURL?
    /// ```
    public static func parse(_ argument: String, option: String) throws -> BaseURL {
        guard let parsed = BaseURL(argument: argument) else {
            throw ValidationError("\(option) \(argument) is not an absolute URL (http or https, with a host)")
        }
        return parsed
    }

    /// Shown as the default in `--help`.
    public var defaultValueDescription: String {
        url.absoluteString
    }
}
