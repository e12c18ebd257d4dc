import CSDL2
import Foundation
import ScreenKit

@testable import SDLDemo

/// Draws in this test process with real SDL: the offscreen video driver (dummy where offscreen is
/// missing), the software renderer, SDL2_ttf with the real fonts. SDL is used from one thread at a time
/// (a lock around every use), initialised once and never shut down.
enum RenderHarness {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var initialised = false

    /// Runs `body` with a fresh `width` × `height` window and a text renderer; returns its result.
    static func withCanvas<R>(width: Int = 800, height: Int = 600, _ body: (Canvas, TextRenderer) throws -> R) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        if !initialised {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
            if SDL_Init(SDL_INIT_VIDEO) != 0 {
                SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
                guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw SDLError.last("SDL_Init") }
            }
            _ = LoadedImage.codecs  // IMG_Init, once for the whole test process
            initialised = true
        }
        let canvas = try Canvas(title: "RenderTests", width: width, height: height)
        let text = try TextRenderer(canvas: canvas, fonts: try FontFiles.locate())
        return try body(canvas, text)
    }
}

/// The pixels a canvas holds, for checks.
struct CanvasPixels {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    init(_ canvas: Canvas) throws {
        let read = try canvas.readPixels()
        width = read.width
        height = read.height
        rgba = read.rgba
    }

    func at(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = (y * width + x) * 4
        return (Int(rgba[o]), Int(rgba[o + 1]), Int(rgba[o + 2]))
    }

    func pixel(_ x: Int, _ y: Int, is color: RGBA, tolerance: Int = 3) -> Bool {
        let p = at(x, y)
        return abs(p.r - Int(color.r)) <= tolerance && abs(p.g - Int(color.g)) <= tolerance && abs(p.b - Int(color.b)) <= tolerance
    }

    /// How many pixels in `rect` (window points at scale 1) are within `tolerance` of `color`.
    func count(in rect: Rect, _ color: RGBA, tolerance: Int = 40) -> Int {
        var n = 0
        for y in max(0, Int(rect.y))..<min(height, Int(rect.maxY)) {
            for x in max(0, Int(rect.x))..<min(width, Int(rect.maxX)) where pixel(x, y, is: color, tolerance: tolerance) { n += 1 }
        }
        return n
    }

    /// Whether any pixel in `rect` differs from `background` by more than `tolerance` (something is drawn there).
    func hasInk(in rect: Rect, on background: RGBA, tolerance: Int = 30) -> Bool {
        for y in max(0, Int(rect.y))..<min(height, Int(rect.maxY)) {
            for x in max(0, Int(rect.x))..<min(width, Int(rect.maxX)) where !pixel(x, y, is: background, tolerance: tolerance) { return true }
        }
        return false
    }

    /// The rightmost column in `rect` holding a pixel that is not `background`, or nil.
    func rightmostInk(in rect: Rect, on background: RGBA, tolerance: Int = 30) -> Int? {
        var found: Int?
        for y in max(0, Int(rect.y))..<min(height, Int(rect.maxY)) {
            for x in max(0, Int(rect.x))..<min(width, Int(rect.maxX)) where !pixel(x, y, is: background, tolerance: tolerance) {
                found = max(found ?? x, x)
            }
        }
        return found
    }
}
