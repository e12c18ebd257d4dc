import Foundation
import Testing
@testable import Downloader
import TestSupport

@Suite struct AttributeListTests {
    @Test func quotedValuesKeepCommasAndEquals() throws {
        let list = try AttributeList(parsing: #"CODECS="avc1.4d401f,mp4a.40.2",URI="a.m3u8?x=1&y=2",BANDWIDTH=5"#, line: 4)
        #expect(try list.quotedString("CODECS") == "avc1.4d401f,mp4a.40.2")
        #expect(try list.quotedString("URI") == "a.m3u8?x=1&y=2")
        #expect(try list.decimalInteger("BANDWIDTH") == 5)
        #expect(list.names == ["CODECS", "URI", "BANDWIDTH"])
    }

    @Test func exactNameLookup() throws {
        let list = try AttributeList(parsing: #"ASSOC-LANGUAGE="de",AVERAGE-BANDWIDTH=100"#)
        #expect(try list.quotedString("LANGUAGE") == nil)
        #expect(try list.quotedString("ASSOC-LANGUAGE") == "de")
        #expect(try list.decimalInteger("BANDWIDTH") == nil)
        #expect(try list.decimalInteger("AVERAGE-BANDWIDTH") == 100)
        #expect(!list.contains("LANGUAGE"))
    }

    @Test func emptyQuotedValue() throws {
        let list = try AttributeList(parsing: #"NAME="",X=1"#)
        #expect(try list.quotedString("NAME") == "")
        #expect(list["X"] == .unquoted("1"))
    }

    @Test func valueForms() throws {
        let list = try AttributeList(parsing:
            "INT=18446744073709551,HEX=0x0aFF,HEXODD=0XabC,FLOAT=29.97,INTFLOAT=25,NEG=-12.5,POS=3.5,ENUM=YES,RES=1920x1080")
        #expect(try list.decimalInteger("INT") == 18_446_744_073_709_551)
        #expect(try list.hexadecimalSequence("HEX") == [0x0A, 0xFF])
        #expect(try list.hexadecimalSequence("HEXODD") == [0x0A, 0xBC])
        #expect(try list.decimalFloat("FLOAT") == 29.97)
        #expect(try list.decimalFloat("INTFLOAT") == 25)
        #expect(try list.signedDecimalFloat("NEG") == -12.5)
        #expect(try list.signedDecimalFloat("POS") == 3.5)
        #expect(try list.enumeratedString("ENUM") == "YES")
        #expect(try list.yesNo("ENUM"))
        #expect(try list.yesNo("ABSENT", default: true))
        #expect(try list.resolution("RES") == Resolution(width: 1920, height: 1080))
    }

    @Test func wrongFormsAreErrorsNamingAttributeAndLine() throws {
        let list = try AttributeList(parsing:
            #"BIG=99999999999999999999,NEGINT=-1,HEX=12,F=1e5,NF=-x,Q="1",RES=10x,RES2=x10,NAN=nan"#, line: 9)
        func attempt(_ name: String, as form: String) throws(PlaylistError) {
            switch form {
            case "int": _ = try list.decimalInteger(name)
            case "hex": _ = try list.hexadecimalSequence(name)
            case "float": _ = try list.decimalFloat(name)
            case "signed": _ = try list.signedDecimalFloat(name)
            case "enum": _ = try list.enumeratedString(name)
            case "quoted": _ = try list.quotedString(name)
            default: _ = try list.resolution(name)
            }
        }
        let attempts = [("BIG", "int"), ("NEGINT", "int"), ("HEX", "hex"), ("F", "float"), ("NEGINT", "float"),
                        ("NF", "signed"), ("Q", "int"), ("Q", "enum"), ("F", "quoted"), ("RES", "res"),
                        ("RES2", "res"), ("NAN", "float")]
        for (name, form) in attempts {
            do {
                try attempt(name, as: form)
                Issue.record("\(name) should not parse as \(form)")
            } catch {
                #expect(error.line == 9)
                #expect(error.message.hasPrefix("attribute \(name) "), "\(error)")
            }
        }
    }

    @Test(arguments: [
        (#"A="unterminated"#, "unterminated quoted string"),
        (#"A=1,A=2"#, "appears more than once"),
        (#"A"#, "has no '='"),
        (#"=5"#, "empty name"),
        (#"A="#, "empty value"),
        (#"A=1,,"#, "has no '='"),
        (#"A=1,,B=2"#, "has no '='"),
        (#"a=1"#, "may only contain"),
        (#"A="x"y"#, "after its closing quote"),
        (#"A=x"y"#, "malformed unquoted value"),
        (#"A=1 2"#, "malformed unquoted value"),
    ])
    func malformedListsAreErrors(text: String, fragment: String) {
        do {
            _ = try AttributeList(parsing: text, line: 12)
            Issue.record("\(text) should not parse")
        } catch {
            #expect(error.line == 12)
            #expect(error.message.contains(fragment), "\(error)")
        }
    }

    @Test func blanksAfterCommasTolerated() throws {
        let list = try AttributeList(parsing: #"BANDWIDTH=1, CODECS="mp4a.40.2""#)
        #expect(try list.quotedString("CODECS") == "mp4a.40.2")
    }

    @Test func emptyListIsEmpty() throws {
        #expect(try AttributeList(parsing: "").names.isEmpty)
    }

    /// Random strings over the grammar's alphabet: each parses or throws, and every typed accessor on every
    /// parsed name returns or throws; nothing traps.
    @Test func randomListsNeverTrap() {
        var rng = SplitMix64(seed: 2026)
        let alphabet = Array("AB-=,\"x0123456789.@ \\#".utf8) + [0xC3, 0xA9]
        var parsed = 0
        for _ in 0 ..< 5000 {
            let count = Int.random(in: 0 ... 40, using: &rng)
            let bytes = (0 ..< count).map { _ in alphabet.randomElement(using: &rng) ?? 0 }
            guard let list = try? AttributeList(parsing: String(decoding: bytes, as: UTF8.self), line: 1) else { continue }
            parsed += 1
            for name in list.names {
                _ = try? list.decimalInteger(name)
                _ = try? list.hexadecimalSequence(name)
                _ = try? list.decimalFloat(name)
                _ = try? list.signedDecimalFloat(name)
                _ = try? list.quotedString(name)
                _ = try? list.enumeratedString(name)
                _ = try? list.resolution(name)
                _ = try? list.yesNo(name)
                #expect(list[name] != nil)
            }
        }
        #expect(parsed > 0)
    }
}
