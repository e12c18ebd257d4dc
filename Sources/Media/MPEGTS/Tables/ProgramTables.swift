/// Parsers for the PSI sections the demuxer needs: PAT (§2.4.4.3) and PMT (§2.4.4.8) of ISO/IEC 13818-1.
enum ProgramTables {
    /// Why a section was rejected.
    enum SectionError: Error, CustomStringConvertible {
        case tooShort(Int)
        case wrongTable(UInt8)
        case badSyntax
        case crcMismatch(computed: UInt32, stored: UInt32)
        case truncatedLoop(String)

        var description: String {
            switch self {
            case .tooShort(let length): return "section of \(length) bytes is too short"
            case .wrongTable(let id): return "unexpected table_id 0x\(String(id, radix: 16))"
            case .badSyntax: return "section_syntax_indicator is 0"
            case .crcMismatch(let computed, let stored):
                return "CRC_32 mismatch (computed 0x\(String(computed, radix: 16)), stored 0x\(String(stored, radix: 16)))"
            case .truncatedLoop(let what): return "\(what) runs past the end of the section"
            }
        }
    }

    /// A program entry of the PAT.
    struct PATEntry: Equatable {
        let programNumber: UInt16
        let pmtPID: UInt16
    }

    /// A parsed PMT.
    struct PMT: Equatable {
        let programNumber: UInt16
        let pcrPID: UInt16
        let streams: [StreamInfo]
    }

    /// Length of a complete section (3 header bytes + section_length) whose first bytes are in `bytes`, if known.
    static func sectionLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 3 else { return nil }
        let base = bytes.startIndex
        return 3 + (Int(bytes[base + 1] & 0x0F) << 8 | Int(bytes[base + 2]))
    }

    /// Checks the long-form section header and CRC; returns the index range of the table body
    /// (after the 8-byte header, before the CRC).
    private static func validatedBody(_ section: ArraySlice<UInt8>, tableID: UInt8) throws(SectionError) -> Range<Int> {
        // Minimum: 8 header bytes + 4 CRC bytes.
        guard section.count >= 12 else { throw .tooShort(section.count) }
        let base = section.startIndex
        guard section[base] == tableID else { throw .wrongTable(section[base]) }
        guard section[base + 1] & 0x80 != 0 else { throw .badSyntax }
        let crcStart = section.endIndex - 4
        let stored = section[crcStart...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let computed = CRC32MPEG2.checksum(section[base..<crcStart])
        guard computed == stored else { throw .crcMismatch(computed: computed, stored: stored) }
        return (base + 8)..<crcStart
    }

    /// Parses a complete PAT section (table_id 0).
    static func parsePAT(_ section: ArraySlice<UInt8>) throws(SectionError) -> [PATEntry] {
        let body = try validatedBody(section, tableID: 0x00)
        guard body.count % 4 == 0 else { throw .truncatedLoop("program loop") }
        var entries: [PATEntry] = []
        var index = body.lowerBound
        while index + 4 <= body.upperBound {
            let number = UInt16(section[index]) << 8 | UInt16(section[index + 1])
            let pid = UInt16(section[index + 2] & 0x1F) << 8 | UInt16(section[index + 3])
            // program_number 0 points at the network information table, not a PMT.
            if number != 0 { entries.append(PATEntry(programNumber: number, pmtPID: pid)) }
            index += 4
        }
        return entries
    }

    /// Parses a complete PMT section (table_id 2).
    static func parsePMT(_ section: ArraySlice<UInt8>) throws(SectionError) -> PMT {
        let body = try validatedBody(section, tableID: 0x02)
        let base = section.startIndex
        let programNumber = UInt16(section[base + 3]) << 8 | UInt16(section[base + 4])
        guard body.count >= 4 else { throw .truncatedLoop("PMT header") }
        let pcrPID = UInt16(section[body.lowerBound] & 0x1F) << 8 | UInt16(section[body.lowerBound + 1])
        let programInfoLength = Int(section[body.lowerBound + 2] & 0x0F) << 8 | Int(section[body.lowerBound + 3])
        var index = body.lowerBound + 4 + programInfoLength
        guard index <= body.upperBound else { throw .truncatedLoop("program_info") }
        var streams: [StreamInfo] = []
        while index < body.upperBound {
            guard index + 5 <= body.upperBound else { throw .truncatedLoop("elementary stream entry") }
            let type = StreamType(rawValue: section[index])
            let pid = UInt16(section[index + 1] & 0x1F) << 8 | UInt16(section[index + 2])
            let infoLength = Int(section[index + 3] & 0x0F) << 8 | Int(section[index + 4])
            let descriptorStart = index + 5
            let descriptorEnd = descriptorStart + infoLength
            guard descriptorEnd <= body.upperBound else { throw .truncatedLoop("ES_info descriptors") }
            let (kind, language) = classify(type, descriptors: section[descriptorStart..<descriptorEnd])
            streams.append(StreamInfo(programNumber: programNumber, pid: pid, streamType: type, kind: kind, language: language))
            index = descriptorEnd
        }
        return PMT(programNumber: programNumber, pcrPID: pcrPID, streams: streams)
    }

    /// Refines the stream kind with descriptors: ISO 639 language (tag 0x0A, §2.6.18) and, for private PES,
    /// the DVB AC-3 (0x6A) / enhanced AC-3 (0x7A) descriptors (ETSI EN 300 468 Annex D).
    private static func classify(_ type: StreamType, descriptors: ArraySlice<UInt8>) -> (StreamKind, String?) {
        var kind = type.kind
        var language: String?
        var index = descriptors.startIndex
        while index + 2 <= descriptors.endIndex {
            let tag = descriptors[index]
            let length = Int(descriptors[index + 1])
            let end = index + 2 + length
            guard end <= descriptors.endIndex else { break }
            switch tag {
            case 0x0A where length >= 3:
                let code = descriptors[(index + 2)..<(index + 5)]
                if code.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                    language = String(decoding: code, as: UTF8.self)
                }
            case 0x6A where type == .privatePES:
                kind = .audio(.ac3)
            case 0x7A where type == .privatePES:
                kind = .audio(.eac3)
            default:
                break
            }
            index = end
        }
        return (kind, language)
    }
}
