import ArgumentParser
import FeedKit
import Foundation

/// The Interlochen app's services on the command line, shared by `mediakit interlochen` and `SDLDemo --app
/// interlochen`: content-meta.json (`--content-url`, Basic `--user` and `--password`/`--password-file`), NPR
/// (`--npr-base`, `--npr-key`/`--npr-key-file`) and LiveStream (`--livestream-base`). A base URL not given is
/// the real service's (mediakit) or the embedded sample's (SDLDemo, with no `--content-url`).
public struct InterlochenServiceOptions: ParsableArguments, Sendable {
    /// `--content-url URL`.
    @Option(name: .customLong("content-url"), help: ArgumentHelp("The URL of content-meta.json (mediakit: default $INTERLOCHEN_CONTENT_URL; SDLDemo: default the embedded sample).", valueName: "url"), transform: { try BaseURL.parse($0, option: "--content-url") })
    public var contentURL: BaseURL?

    /// `--user U`.
    @Option(help: ArgumentHelp("content-meta.json's Basic auth user (default: $INTERLOCHEN_USER).", valueName: "user"))
    public var user: String?

    /// `--password P`.
    @Option(help: ArgumentHelp("content-meta.json's Basic auth password (default: $INTERLOCHEN_PASSWORD); never printed. Visible to other users in ps: prefer --password-file.", valueName: "password"))
    public var password: String?

    /// `--password-file FILE`.
    @Option(name: .customLong("password-file"), help: ArgumentHelp("A file holding the Basic auth password (mode 0600): the safe way to give it.", valueName: "file"))
    public var passwordFile: String?

    /// `--npr-base URL`.
    @Option(name: .customLong("npr-base"), help: ArgumentHelp("The NPR Story API's base URL (default: https://api.npr.org).", valueName: "url"), transform: { try BaseURL.parse($0, option: "--npr-base") })
    public var nprBase: BaseURL?

    /// `--npr-key K`.
    @Option(name: .customLong("npr-key"), help: ArgumentHelp("The NPR API key (default: $NPR_API_KEY); never printed. Visible to other users in ps: prefer --npr-key-file.", valueName: "key"))
    public var nprKey: String?

    /// `--npr-key-file FILE`.
    @Option(name: .customLong("npr-key-file"), help: ArgumentHelp("A file holding the NPR API key (mode 0600).", valueName: "file"))
    public var nprKeyFile: String?

    /// `--livestream-base URL`.
    @Option(name: .customLong("livestream-base"), help: ArgumentHelp("The LiveStream API's base URL (default: https://api.new.livestream.com).", valueName: "url"), transform: { try BaseURL.parse($0, option: "--livestream-base") })
    public var liveStreamBase: BaseURL?

    /// Nothing given.
    public init() {}

    /// The user has no `:` (RFC 7617 §2); no secret both as an option and as a file.
    public func validate() throws {
        if let user, user.contains(":") { throw ValidationError("--user must not contain ':' (RFC 7617)") }
        try Secrets.validate(password, "--password", file: passwordFile, "--password-file")
        try Secrets.validate(nprKey, "--npr-key", file: nprKeyFile, "--npr-key-file")
    }

    /// Whether anything besides `--content-url` was given (they need one).
    public var givesServices: Bool {
        user != nil || password != nil || passwordFile != nil || nprBase != nil || nprKey != nil || nprKeyFile != nil
            || liveStreamBase != nil
    }

    /// The options given, by name (for "… are for --app interlochen").
    public var givenNames: [String] {
        [("--content-url", contentURL != nil), ("--user", user != nil), ("--password", password != nil),
         ("--password-file", passwordFile != nil), ("--npr-base", nprBase != nil), ("--npr-key", nprKey != nil),
         ("--npr-key-file", nprKeyFile != nil), ("--livestream-base", liveStreamBase != nil)].filter(\.1).map(\.0)
    }

    /// content-meta.json's URL: `--content-url`, else `INTERLOCHEN_CONTENT_URL`; nil when neither is given.
    public var resolvedContentURL: URL? {
        contentURL?.url ?? Secrets.environment("INTERLOCHEN_CONTENT_URL").flatMap(BaseURL.init(argument:))?.url
    }

    /// The Basic credentials: the user (or `INTERLOCHEN_USER`) with the password from ``Secrets``; nil without a user.
    public func credentials() throws(SecretFile.Failure) -> Credentials? {
        guard let user = user ?? Secrets.environment("INTERLOCHEN_USER") else { return nil }
        let password = try Secrets.resolve(password, file: passwordFile, fileOption: "--password-file",
                                           variable: "INTERLOCHEN_PASSWORD")
        return .basic(user: user, password: password ?? "")
    }

    /// The NPR key: `--npr-key`, else `--npr-key-file`, else `NPR_API_KEY`.
    public func resolvedNPRKey() throws(SecretFile.Failure) -> String? {
        try Secrets.resolve(nprKey, file: nprKeyFile, fileOption: "--npr-key-file", variable: "NPR_API_KEY")
    }
}
