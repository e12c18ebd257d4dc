import Foundation
@testable import MPEGTS

/// Loads a fixture committed under Tests/MPEGTSTests/Fixtures.
func fixture(_ name: String) throws -> [UInt8] {
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
        throw FixtureMissing(name: name)
    }
    return Array(try Data(contentsOf: url))
}

struct FixtureMissing: Error { let name: String }

/// Hand-built transport packets for tests (ISO/IEC 13818-1 §2.4.3.2 layout written out byte by byte).
enum PacketBuilder {
    /// A 188-byte packet; the payload is padded with an adaptation field of stuffing bytes (0xFF) when short.
    static func packet(pid: UInt16, unitStart: Bool, cc: UInt8, payload: [UInt8], discontinuity: Bool = false) -> [UInt8] {
        precondition(payload.count <= 184)
        var bytes: [UInt8] = [0x47, (unitStart ? 0x40 : 0) | UInt8(pid >> 8), UInt8(pid & 0xFF)]
        let stuffing = 184 - payload.count
        if stuffing == 0 && !discontinuity {
            bytes.append(0x10 | cc)
        } else {
            bytes.append(0x30 | cc)
            let fieldLength = max(stuffing - 1, discontinuity ? 1 : 0)
            bytes.append(UInt8(fieldLength))
            if fieldLength > 0 {
                bytes.append(discontinuity ? 0x80 : 0x00)
                bytes += [UInt8](repeating: 0xFF, count: fieldLength - 1)
            }
        }
        bytes += payload
        precondition(bytes.count == 188, "payload too long for the adaptation field")
        return bytes
    }

    /// The PAT that ffmpeg 5 writes (program 1 → PMT PID 0x1000), copied from a real file, CRC 0x2AB104B2.
    static let ffmpegPATSection: [UInt8] = [
        0x00, 0xB0, 0x0D, 0x00, 0x01, 0xC1, 0x00, 0x00, 0x00, 0x01, 0xF0, 0x00, 0x2A, 0xB1, 0x04, 0xB2,
    ]
    /// The matching PMT from the same file: H.264 on PID 0x100, MPEG-1 audio on 0x101, CRC 0x4E593D1E.
    static let ffmpegPMTSection: [UInt8] = [
        0x02, 0xB0, 0x17, 0x00, 0x01, 0xC1, 0x00, 0x00, 0xE1, 0x00, 0xF0, 0x00, 0x1B, 0xE1, 0x00, 0xF0,
        0x00, 0x03, 0xE1, 0x01, 0xF0, 0x00, 0x4E, 0x59, 0x3D, 0x1E,
    ]

    /// A PSI packet: pointer_field 0, the section, stuffing 0xFF to the end (PSI stuffing, §2.4.4).
    static func psiPacket(pid: UInt16, cc: UInt8, section: [UInt8]) -> [UInt8] {
        let payload = [0x00] + section + [UInt8](repeating: 0xFF, count: 183 - section.count)
        return packet(pid: pid, unitStart: true, cc: cc, payload: payload)
    }

    /// A PES packet (stream_id 0xC0) with a PTS of 0 and the given payload, PES_packet_length set.
    static func pes(_ payload: [UInt8]) -> [UInt8] {
        // PTS 0: '0010' + bits with marker bits set → 21 00 01 00 01.
        let header: [UInt8] = [0x80, 0x80, 0x05, 0x21, 0x00, 0x01, 0x00, 0x01]
        let length = header.count + payload.count
        return [0x00, 0x00, 0x01, 0xC0, UInt8(length >> 8), UInt8(length & 0xFF)] + header + payload
    }

    /// Splits `bytes` into packets on `pid` starting at continuity counter `cc`.
    static func packets(pid: UInt16, firstCC: UInt8, carrying bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var index = 0
        var cc = firstCC
        while index < bytes.count {
            let end = min(index + 184, bytes.count)
            result.append(packet(pid: pid, unitStart: index == 0, cc: cc, payload: Array(bytes[index..<end])))
            cc = (cc + 1) & 0x0F
            index = end
        }
        return result
    }
}
