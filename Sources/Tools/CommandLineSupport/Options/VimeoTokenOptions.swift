import ArgumentParser
import FeedKit

/// `--token` and `--token-file`: the Vimeo access token, shared by `mediakit vimeo`, `mediakit interlochen` and
/// `SDLDemo` (`--app vimeo`, `--app interlochen`). Resolved in the order of ``Secrets``, `VIMEO_TOKEN` last.
///
/// ```swift
/// @OptionGroup var vimeoToken: VimeoTokenOptions
/// let token = try vimeoToken.resolved()        // option, file, or $VIMEO_TOKEN
/// ```
public struct VimeoTokenOptions: ParsableArguments, Sendable {
    /// `--token T`.
    @Option(help: ArgumentHelp("The Vimeo access token (default: $VIMEO_TOKEN); sent as Bearer, never printed. Visible to other users in ps: prefer --token-file.", valueName: "token"))
    public var token: String?

    /// `--token-file FILE`.
    @Option(name: .customLong("token-file"), help: ArgumentHelp("A file holding the Vimeo access token (mode 0600): the safe way to give it.", valueName: "file"))
    public var tokenFile: String?

    /// No token given.
    public init() {}

    /// `--token` is one word; not both with `--token-file`.
    public func validate() throws {
        if let token, token.isEmpty || token.contains(where: \.isWhitespace) {
            throw ValidationError("--token must be one word")
        }
        try Secrets.validate(token, "--token", file: tokenFile, "--token-file")
    }

    /// Whether the token was given on the command line (either option).
    public var isGiven: Bool { token != nil || tokenFile != nil }

    /// The token: `--token`, else `--token-file`, else `VIMEO_TOKEN`.
    public func resolved() throws(SecretFile.Failure) -> String? {
        try Secrets.resolve(token, file: tokenFile, fileOption: "--token-file", variable: "VIMEO_TOKEN")
    }
}
