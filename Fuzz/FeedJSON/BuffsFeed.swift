import Foundation

// Target `buffs`: BuffDecoder.decode (a buff document) — the whole input is the JSON body.
func decodeFeed(_ bytes: [UInt8]) {
    checkDecoder("buff", bytes, decode: { try BuffDecoder.decode(Data($0)) }) { buff in
        let answers = buff.answers.count
        fuzzRequire((BuffDecoder.minAnswers...BuffDecoder.maxAnswers).contains(answers), "buff with \(answers) answers accepted")
        fuzzRequire(buff.timeToShow >= .zero && buff.timeToShow <= BuffDecoder.maxTimeToShow, "time to show \(buff.timeToShow) accepted")
    }
}
