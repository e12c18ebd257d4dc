import Foundation
import ScreenKit
import Testing

@testable import SDLDemo

/// The text renderer's texture cache with real SDL (offscreen): a stream's stream of ICY titles keeps it within
/// its bounds, and what every frame draws stays cached.
@Suite("Text texture cache")
struct TextCacheTests {
    @Test("a new title per frame: never more than the count or the bytes allowed; the line drawn every frame stays")
    func titlesStayBounded() throws {
        try RenderHarness.withCanvas { canvas, _ in
            let text = try TextRenderer(canvas: canvas, fonts: try FontFiles.locate(), textureBudget: 64 << 10, textureLimit: 40)
            let box = Rect(x: 10, y: 10, width: 600, height: 30)
            for index in 0 ..< 400 {
                text.draw("Classical IPR", style: .rowTitle, color: Palette.textPrimary, in: box)
                text.draw("Now playing: title number \(index)", style: .rowTitle, color: Palette.textPrimary, in: box)
                let statistics = text.cacheStatistics
                #expect(statistics.count <= 40, "after \(index) titles: \(statistics.count) textures")
                #expect(statistics.bytes <= 64 << 10, "after \(index) titles: \(statistics.bytes) bytes")
            }
            #expect(text.isCached("Classical IPR", style: .rowTitle))
            #expect(text.isCached("Now playing: title number 399", style: .rowTitle))
            #expect(!text.isCached("Now playing: title number 0", style: .rowTitle))
            #expect(text.cacheStatistics.count > 2, "the cache holds more than the frame's two lines")
        }
    }
}
