import Foundation
import StreamServer

/// Files of this package's checkout that tests read (fixtures shared with the programs).
public enum PackagePaths {
    /// The root of the checkout (where Package.swift is).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The circle's sample stream (`Sources/Samples/DefaultStream`): HLS playlists, MPEG-TS segments and
    /// `fallback.mp3`.
    public static let defaultStream = root.appendingPathComponent("Sources/Samples/DefaultStream")

    /// The Mini iPlayer sample catalog (`Sources/Samples/IPlayerSample`): iBL-shaped JSON, images and
    /// the `routes.json` that serves them.
    public static let iPlayerSample = root.appendingPathComponent("Sources/Samples/IPlayerSample")

    /// The Vimeo sample library (`Sources/Samples/VimeoSample`) and its `routes.json`.
    public static let vimeoSample = root.appendingPathComponent("Sources/Samples/VimeoSample")

    /// The Interlochen sample (`Sources/Samples/InterlochenSample`, made by
    /// scripts/make-interlochen-sample.py): content-meta.json, NPR and LiveStream; served with the Vimeo sample.
    public static let interlochenSample = root.appendingPathComponent("Sources/Samples/InterlochenSample")

    /// The embedded SportBuff sample (`Sources/Samples/BuffsSample`): buffs 1–5 and their images.
    public static let buffsSample = root.appendingPathComponent("Sources/Samples/BuffsSample")

    /// The embedded sample video (`Sources/Samples/VideoSample`, made by scripts/make-video-sample.sh): `ts/` and
    /// `fmp4/` HLS ladders of a 10 s clip.
    public static let videoSample = root.appendingPathComponent("Sources/Samples/VideoSample")

    /// The hostile media of issue 28 (`Tests/VideoPlaybackTests/Hostile`, made by scripts/make-hostile-media.py from
    /// the sample video): `bomb-16000x16000.ts`, `tfdt-2e62.m4s`.
    public static let hostileMedia = root.appendingPathComponent("Tests/VideoPlaybackTests/Hostile")

    /// The bytes of `relative` below the root.
    public static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relative))
    }

    /// The route table of a sample folder (its `routes.json`), with `extra` routes answered first.
    ///
    /// ```swift
    /// try await withStreamServer(routes: try PackagePaths.routes(of: PackagePaths.vimeoSample)) { server in … }
    /// ```
    public static func routes(of sample: URL, extra: [Route] = []) throws -> RouteTable {
        var table = try RouteTable.load(contentsOf: sample.appendingPathComponent("routes.json"))
        table.routes = extra + table.routes
        return table
    }
}
