import Testing
@testable import MPEGTS

@Suite("CRC-32/MPEG-2")
struct CRC32MPEG2Tests {
    @Test("Check value of the catalogued CRC-32/MPEG-2 for \"123456789\" is 0x0376E6E7")
    func checkValue() {
        #expect(CRC32MPEG2.checksum(Array("123456789".utf8)) == 0x0376_E6E7)
    }

    @Test("The CRC_32 of a PAT written by ffmpeg matches, and the whole section checks to zero")
    func realPAT() {
        let section = PacketBuilder.ffmpegPATSection
        #expect(CRC32MPEG2.checksum(section.prefix(12)) == 0x2AB1_04B2)
        #expect(CRC32MPEG2.checksum(section) == 0)
        #expect(CRC32MPEG2.checksum(PacketBuilder.ffmpegPMTSection.dropLast(4)) == 0x4E59_3D1E)
    }

    @Test("Empty input gives the initial value")
    func empty() {
        #expect(CRC32MPEG2.checksum([UInt8]()) == 0xFFFF_FFFF)
    }
}
