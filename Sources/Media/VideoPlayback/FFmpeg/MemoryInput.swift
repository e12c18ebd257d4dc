import CFFmpeg

/// Bytes in memory as an FFmpeg input (a custom `AVIOContext`): libavformat reads and seeks the buffer through
/// the `read_packet` and `seek` callbacks, and never sees a URL. This is how the demuxer gets what our HLS engine
/// fetched (RFC 8216 segments, with the init section in front for fMP4).
///
/// The context is created on the bytes and freed with them; the owner (``MediaDemuxer``) keeps this object
/// alive while the format context uses it.
final class MemoryInput {
    private let data: UnsafeMutableRawBufferPointer
    private var position = 0
    /// The AVIOContext to hand to `AVFormatContext.pb`.
    private(set) var context: UnsafeMutablePointer<AVIOContext>?

    /// Size of the buffer FFmpeg reads through (bytes); the demuxers read in chunks of this size.
    static let ioBufferSize = 32 * 1024

    /// An input over a copy of `bytes`.
    init(bytes: [UInt8]) throws(FFmpegError) {
        let data = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { data.baseAddress?.copyMemory(from: base, byteCount: bytes.count) }
        }
        self.data = data
        length = bytes.count
        guard let buffer = av_malloc(Self.ioBufferSize) else {
            data.deallocate()
            throw FFmpegError("allocating an I/O buffer", code: cff_averror(ENOMEM))
        }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        context = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.ioBufferSize), 0, opaque,
                                     { opaque, buffer, size in MemoryInput.read(opaque, buffer, size) },
                                     nil,
                                     { opaque, offset, whence in MemoryInput.seek(opaque, offset, whence) })
        guard context != nil else {
            av_free(buffer)
            data.deallocate()
            throw FFmpegError("allocating an I/O context", code: cff_averror(ENOMEM))
        }
    }

    private let length: Int

    deinit {
        if let context {
            // The context may have replaced its buffer; free whatever it holds now.
            av_freep(&context.pointee.buffer)
            var pointer: UnsafeMutablePointer<AVIOContext>? = context
            avio_context_free(&pointer)
        }
        data.deallocate()
    }

    private static func input(_ opaque: UnsafeMutableRawPointer?) -> MemoryInput? {
        opaque.map { Unmanaged<MemoryInput>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func read(_ opaque: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UInt8>?, _ size: Int32) -> Int32 {
        guard let input = input(opaque), let buffer, size > 0 else { return cff_eof() }
        let available = input.length - input.position
        guard available > 0 else { return cff_eof() }
        let count = min(Int(size), available)
        if let base = input.data.baseAddress {
            buffer.update(from: (base + input.position).assumingMemoryBound(to: UInt8.self), count: count)
        }
        input.position += count
        return Int32(count)
    }

    private static func seek(_ opaque: UnsafeMutableRawPointer?, _ offset: Int64, _ whence: Int32) -> Int64 {
        guard let input = input(opaque) else { return Int64(cff_averror(EINVAL)) }
        let sizeFlag: Int32 = 0x10000   // AVSEEK_SIZE
        let forceFlag: Int32 = 0x20000  // AVSEEK_FORCE
        if whence & sizeFlag != 0 { return Int64(input.length) }
        let base: Int64
        switch whence & ~forceFlag {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = Int64(input.position)
        case SEEK_END: base = Int64(input.length)
        default: return Int64(cff_averror(EINVAL))
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= Int64(input.length) else { return Int64(cff_averror(EINVAL)) }
        input.position = Int(target)
        return target
    }
}
