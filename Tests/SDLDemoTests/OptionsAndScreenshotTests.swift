import Foundation
import Testing
import TestSupport

/// `--help` and PNG screenshots.
@Suite("Options and screenshots")
struct OptionsAndScreenshotTests {
    @Test("--help lists the options")
    func help() async throws {
        let directory = try makeTemporaryDirectory("SDLDemoTests")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await DemoRun.run(in: directory, arguments: ["--help"])
        #expect(run.status == 0, "\(run.diagnostics)")
        for option in ["--url", "--mp3", "--script", "--trace", "--app", "--base-url", "wait-state", "wait-screen", "wheel",
                       "backspace", "uninitialized", "refreshing"] {
            #expect(run.stdout.contains(option), "--help does not mention \(option)")
        }
    }

    @Test("a PNG screenshot (IMG_SavePNG, compressed) holds the same pixels as SDL's BMP of the same frame")
    func pngMatchesBMP() async throws {
        let run = try await DemoRun.script("""
            0 size 320 240
            100 screenshot frame.png
            100 screenshot frame.bmp
            """)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let png = try LoadedImage(contentsOf: run.file("frame.png"))
        let bmp = try BMPImage(contentsOf: run.file("frame.bmp"))
        #expect(png.width == 320 && png.height == 240)
        #expect(bmp.width == png.width && bmp.height == png.height)
        var mismatches = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let a = png.rgba(x, y)
                let b = bmp.rgb(x, y)
                if a.r != b.r || a.g != b.g || a.b != b.b || a.a != 255 { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(mismatches) pixels differ")
    }
}
