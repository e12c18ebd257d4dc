import FeedKit
import Foundation
import Testing

/// FeedKit's one rule for where an app's store lives (XDG Base Directory Specification, `$XDG_CACHE_HOME`).
@Suite("Store path")
struct StorePathTests {
    @Test("XDG_CACHE_HOME when absolute, else ~/.cache; one file per host and port; the host cleaned")
    func rule() {
        let vimeo = URL(string: "https://api.vimeo.com")!
        #expect(FeedStore.defaultPath(app: "vimeo", for: vimeo, environment: ["HOME": "/home/ada"])
                == "/home/ada/.cache/circleplayer/vimeo/api.vimeo.com.sqlite")
        #expect(FeedStore.defaultPath(app: "vimeo", for: vimeo, environment: ["HOME": "/home/ada", "XDG_CACHE_HOME": "/var/cache/ada"])
                == "/var/cache/ada/circleplayer/vimeo/api.vimeo.com.sqlite")
        #expect(FeedStore.defaultPath(app: "vimeo", for: vimeo, environment: ["HOME": "/home/ada", "XDG_CACHE_HOME": "relative"])
                == "/home/ada/.cache/circleplayer/vimeo/api.vimeo.com.sqlite", "a relative XDG_CACHE_HOME is ignored")
        #expect(FeedStore.defaultPath(app: "interlochen", for: URL(string: "http://127.0.0.1:8080/data/content-meta.json")!,
                                      environment: ["HOME": "/h"])
                == "/h/.cache/circleplayer/interlochen/127.0.0.1_8080.sqlite")
        #expect(FeedStore.defaultPath(app: "interlochen", for: URL(string: "http://EXAMPLE.org/../x")!, environment: ["HOME": "/h"])
                == "/h/.cache/circleplayer/interlochen/example.org.sqlite")
        #expect(FeedStore.defaultPath(app: "interlochen", for: URL(fileURLWithPath: "/"), environment: ["HOME": "/h"])
                == "/h/.cache/circleplayer/interlochen/interlochen.sqlite", "no host: the app's name")
    }
}
