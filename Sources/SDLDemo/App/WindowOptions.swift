import ArgumentParser

/// The window's options: its size, scripted runs on a virtual clock (`--script`, `--trace`, `--script-fps`), the
/// interactive frame cap and the statistics printed at the end.
struct WindowOptions: ParsableArguments {
    @Option(help: "Replay a script on a virtual clock, headless-friendly, then exit.")
    var script: String?

    @Option(help: "Write one JSON object per rendered frame to this file.")
    var trace: String?

    @Option(help: "Initial window width in points (default: the app's window as it last closed, else 800).")
    var width: Int?

    @Option(help: "Initial window height in points (default: the app's window as it last closed, else 600).")
    var height: Int?

    @Option(help: "Virtual frame rate of scripted runs.")
    var scriptFps: Double = 60

    @Option(help: "Highest interactive frame rate (default: the display's refresh rate, clamped to 60...120).")
    var maxFps: Double?

    @Flag(help: "Print frame statistics (count, draw time, interval) to stderr on exit.")
    var stats = false

    func validate() throws {
        guard (width ?? 1) > 0, (height ?? 1) > 0 else { throw ValidationError("--width and --height must be positive") }
        guard scriptFps >= 1, scriptFps <= 1000 else { throw ValidationError("--script-fps must be in 1...1000") }
        if let maxFps, maxFps < 1 { throw ValidationError("--max-fps must be at least 1") }
    }
}
