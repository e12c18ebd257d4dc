import Testing
@testable import AudioPlayback

/// The ICY metadata parser and the stream reader that takes metadata blocks out of the audio.
@Suite("ICY metadata")
struct ICYTests {
    static func block(_ text: [UInt8]) -> [UInt8] {
        let units = (text.count + 15) / 16
        return [UInt8(units)] + text + [UInt8](repeating: 0, count: units * 16 - text.count)
    }

    static func block(_ text: String) -> [UInt8] { block(Array(text.utf8)) }

    @Test("StreamTitle and StreamUrl, NUL padding ignored")
    func basic() {
        let metadata = ICYMetadata(Array("StreamTitle='Bach - Suite';StreamUrl='http://x.test/';".utf8) + [0, 0, 0])
        #expect(metadata.title == "Bach - Suite")
        #expect(metadata.url == "http://x.test/")
        #expect(metadata.fields.map(\.key) == ["StreamTitle", "StreamUrl"])
    }

    @Test("quotes inside titles; a `';` inside a title that is not followed by a key")
    func quotes() {
        #expect(ICYMetadata(Array("StreamTitle='Guns N' Roses - Don't Cry';".utf8)).title == "Guns N' Roses - Don't Cry")
        #expect(ICYMetadata(Array("StreamTitle='Rock';n'roll';StreamUrl='';".utf8)).title == "Rock';n'roll")
        #expect(ICYMetadata(Array("StreamTitle=''Quoted'';".utf8)).title == "'Quoted'")
        #expect(ICYMetadata(Array("StreamTitle='It''s';".utf8)).title == "It''s")
    }

    @Test("empty and missing titles; keys compared without case")
    func emptyAndMissing() {
        #expect(ICYMetadata(Array("StreamTitle='';".utf8)).title == "")
        #expect(ICYMetadata(Array("StreamUrl='x';".utf8)).title == nil)
        #expect(ICYMetadata([]).title == nil)
        #expect(ICYMetadata([0, 0, 0, 0]).fields.isEmpty)
        #expect(ICYMetadata(Array("streamtitle='lower';".utf8)).title == "lower")
        #expect(ICYMetadata(Array("StreamUrl='';".utf8)).url == nil)
    }

    @Test("non-UTF-8 bytes are read as Latin-1; valid UTF-8 as UTF-8")
    func encodings() {
        // "Dvořák" is not Latin-1; "Café Müller" in Latin-1 bytes: é = 0xE9, ü = 0xFC.
        let latin1 = Array("StreamTitle='Caf".utf8) + [0xE9] + Array(" M".utf8) + [0xFC] + Array("ller';".utf8)
        #expect(ICYMetadata(latin1).title == "Café Müller")
        #expect(ICYMetadata(Array("StreamTitle='Dvořák – Largo';".utf8)).title == "Dvořák – Largo")
    }

    @Test("malformed blocks: no closing quote, no key, stray text")
    func malformed() {
        #expect(ICYMetadata(Array("StreamTitle='Unclosed".utf8)).title == "Unclosed")
        #expect(ICYMetadata(Array("StreamTitle='Half';Str".utf8)).title == "Half")  // a cut-off block: the last quote closes
        #expect(ICYMetadata(Array("garbage without structure".utf8)).fields.isEmpty)
        #expect(ICYMetadata(Array("='x';".utf8)).fields.isEmpty)
        #expect(ICYMetadata(Array(" ; StreamTitle='Spaced';".utf8)).title == "Spaced")
    }

    @Test("the headers: metaint in range, name and description, bit rate, case-insensitive names")
    func headers() {
        let icy = ICYHeaders(headers: [
            ("ICY-MetaInt", "16000"), ("icy-name", " Classical IPR "), ("icy-description", "Bach & co"),
            ("icy-br", "128,128"), ("icy-name", "second"),
        ])
        #expect(icy.metaInterval == 16_000)
        #expect(icy.name == "Classical IPR")
        #expect(icy.description == "Bach & co")
        #expect(icy.bitRateKbps == 128)
        #expect(ICYHeaders(headers: [("icy-metaint", "0")]).metaInterval == nil)
        #expect(ICYHeaders(headers: [("icy-metaint", "-5")]).metaInterval == nil)
        #expect(ICYHeaders(headers: [("icy-metaint", "99999999")]).metaInterval == nil)
        #expect(ICYHeaders(headers: [("icy-metaint", "abc")]).metaInterval == nil)
        #expect(ICYHeaders(headers: [("icy-name", "")]).name == nil)
    }

    /// An ICY stream: `audio` with blocks inserted every `interval` bytes, and the titles expected from it.
    static func stream(audio: [UInt8], interval: Int, titles: [String?]) -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        var block = 0
        while index < audio.count {
            let count = min(interval, audio.count - index)
            body += audio[index..<(index + count)]
            index += count
            if count == interval {
                let title = block < titles.count ? titles[block] : nil
                body += title.map { Self.block("StreamTitle='\($0)';") } ?? [0]
                block += 1
            }
        }
        return body
    }

    static func read(_ pieces: [[UInt8]], interval: Int) -> (audio: [UInt8], titles: [String?]) {
        var reader = ICYStreamReader(metaInterval: interval)
        var audio: [UInt8] = []
        var titles: [String?] = []
        for piece in pieces {
            for part in reader.read(piece) {
                switch part {
                case .audio(let bytes): audio += bytes
                case .metadata(let metadata): titles.append(metadata.title)
                }
            }
        }
        return (audio, titles)
    }

    @Test("split at every byte position around each metadata block: the same audio and titles as unsplit")
    func everySplit() {
        let interval = 100
        let audio = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let titles: [String?] = ["One", nil, "Two: it's 'quoted'", nil, "", "Three", nil, nil, "Four", nil]
        let body = Self.stream(audio: audio, interval: interval, titles: titles)
        let whole = Self.read([body], interval: interval)
        let sameAudio = whole.audio == audio
        #expect(sameAudio)
        let expectedTitles: [String?] = titles.compactMap { $0 }.map { Optional($0) }
        #expect(whole.titles == expectedTitles)
        // Every split position within 40 bytes either side of every block (and through every block).
        var positions: Set<Int> = []
        var offset = 0
        for block in 0..<titles.count {
            offset += interval
            let blockLength = titles[block].map { Self.block("StreamTitle='\($0)';").count } ?? 1
            for p in (offset - 40)...(offset + blockLength + 40) where p > 0 && p < body.count { positions.insert(p) }
            offset += blockLength
        }
        #expect(positions.count > 500)
        for p in positions.sorted() {
            let split = Self.read([Array(body[..<p]), Array(body[p...])], interval: interval)
            let sameAudio = split.audio == audio
            #expect(sameAudio, "split at \(p)")
            #expect(split.titles == expectedTitles, "split at \(p)")
        }
        // Byte by byte, and in three pieces at every pair of positions around the first block.
        let single = Self.read(body.map { [$0] }, interval: interval)
        let singleSame = single.audio == audio && single.titles == expectedTitles
        #expect(singleSame)
        for p in 95..<125 {
            for q in (p + 1)..<130 {
                let three = Self.read([Array(body[..<p]), Array(body[p..<q]), Array(body[q...])], interval: interval)
                let same = three.audio == audio && three.titles == expectedTitles
                #expect(same, "split at \(p) and \(q)")
            }
        }
    }

    @Test("without metaint everything is audio; counters")
    func passThrough() {
        var reader = ICYStreamReader(metaInterval: nil)
        #expect(reader.read([1, 2, 3]) == [.audio([1, 2, 3])])
        #expect(reader.read([UInt8]()) == [])
        #expect(reader.audioBytes == 3)
        var counting = ICYStreamReader(metaInterval: 2)
        _ = counting.read([1, 2, 0, 3, 4, 0, 5])
        #expect(counting.audioBytes == 5)
        #expect(counting.blocks == 2)
    }
}
