import Foundation
import Testing
@testable import IPlayerCore

/// ImageChef recipes: 16:9, width a multiple of 16, height a multiple of 9, the smallest covering the width.
@Suite struct ImageChefTests {
    @Test(arguments: [(320, "320x180"), (640, "640x360"), (300, "304x171"), (1, "16x9"), (16, "16x9"), (17, "32x18"),
                      (641, "656x369"), (1920, "1920x1080"), (0, "16x9"), (-5, "16x9")])
    func recipeForWidth(width: Int, recipe: String) {
        #expect(ImageRecipe.covering(width: width).text == recipe)
    }

    @Test func everyWidthGetsTheSmallestValidCoveringSize() {
        for requested in 1...4096 {
            let recipe = ImageRecipe.covering(width: requested)
            #expect(recipe.width % 16 == 0 && recipe.height % 9 == 0)
            #expect(recipe.width * 9 == recipe.height * 16)
            #expect(recipe.width >= requested)
            // One size smaller would not cover it.
            #expect(recipe.width - 16 < requested)
        }
    }

    @Test func coveringAHeightToo() {
        #expect(ImageRecipe.covering(width: 300, height: 200).text == "368x207")
        #expect(ImageRecipe.covering(width: 320, height: 100).text == "320x180")
        #expect(ImageRecipe.covering(width: 10, height: 10).text == "32x18")
        #expect(ImageRecipe(k: 0).text == "16x9")
    }

    @Test func templatesGetTheRecipe() {
        let template = ImageTemplate("https://ichef.bbci.co.uk/images/ic/{recipe}/p06cfvzl.jpg")
        #expect(template.url(width: 320)?.absoluteString == "https://ichef.bbci.co.uk/images/ic/320x180/p06cfvzl.jpg")
        #expect(template.url(recipe: ImageRecipe(k: 40))?.absoluteString == "https://ichef.bbci.co.uk/images/ic/640x360/p06cfvzl.jpg")
        #expect(ImageTemplate("https://h/fixed.jpg").url(width: 320)?.absoluteString == "https://h/fixed.jpg")
        #expect(ImageTemplate("not a url {recipe}").url(width: 320) == nil)
        #expect(ImageTemplate("ftp://h/{recipe}.jpg").url(width: 320) == nil)
    }
}
