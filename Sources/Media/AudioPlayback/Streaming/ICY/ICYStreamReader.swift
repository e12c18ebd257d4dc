/// Splits an ICY stream (the body of a response with `icy-metaint: N`) into its audio and its metadata blocks,
/// incrementally, however the bytes are chunked.
///
/// The layout (SHOUTcast/Icecast ICY protocol): N audio bytes, one length byte L, L × 16 bytes of metadata
/// (NUL-padded `key='value';` text, ``ICYMetadata``), N audio bytes, and so on. L = 0 (the usual case) means
/// "no change". A reader with no interval passes everything through as audio.
///
/// ```swift
/// var reader = ICYStreamReader(metaInterval: 16_000)
/// for chunk in body {
///     for piece in reader.read(chunk) {
///         switch piece {
///         case .audio(let bytes): decoder.feed(bytes)
///         case .metadata(let metadata): show(metadata.title)
///         }
///     }
/// }
/// ```
public struct ICYStreamReader: Sendable {
    /// What a piece of the stream is.
    public enum Piece: Hashable, Sendable {
        /// Audio bytes, in order, with the metadata taken out.
        case audio([UInt8])
        /// A complete, non-empty metadata block.
        case metadata(ICYMetadata)
    }

    private enum Position: Sendable {
        /// `remaining` audio bytes until the next length byte.
        case audio(remaining: Int)
        /// The next byte is the length byte.
        case length
        /// `remaining` metadata bytes to collect into `block`.
        case metadata(remaining: Int)
    }

    /// Audio bytes between metadata blocks (`icy-metaint`); `nil` when the stream carries no metadata.
    public let metaInterval: Int?
    private var position: Position
    private var block: [UInt8] = []
    /// Audio bytes returned so far.
    public private(set) var audioBytes = 0
    /// Metadata blocks seen so far (empty ones included).
    public private(set) var blocks = 0

    /// Creates a reader; `metaInterval` of `nil` or less than 1 means no metadata.
    public init(metaInterval: Int?) {
        let interval = metaInterval.flatMap { $0 > 0 ? $0 : nil }
        self.metaInterval = interval
        position = .audio(remaining: interval ?? .max)
    }

    /// Reads the next bytes of the body; returns the audio and metadata found, in stream order. Adjacent audio
    /// is merged into one piece.
    public mutating func read(_ bytes: some Collection<UInt8>) -> [Piece] {
        let input = Array(bytes)
        guard let interval = metaInterval else {
            audioBytes += input.count
            return input.isEmpty ? [] : [.audio(input)]
        }
        var pieces: [Piece] = []
        var audio: [UInt8] = []
        var index = 0
        while index < input.count {
            switch position {
            case .audio(let remaining):
                let count = min(remaining, input.count - index)
                audio += input[index..<(index + count)]
                index += count
                position = remaining == count ? .length : .audio(remaining: remaining - count)
            case .length:
                let length = Int(input[index]) * 16
                index += 1
                blocks += 1
                position = length == 0 ? .audio(remaining: interval) : .metadata(remaining: length)
            case .metadata(let remaining):
                let count = min(remaining, input.count - index)
                block += input[index..<(index + count)]
                index += count
                guard remaining == count else {
                    position = .metadata(remaining: remaining - count)
                    continue
                }
                if !audio.isEmpty {
                    pieces.append(.audio(audio))
                    audioBytes += audio.count
                    audio = []
                }
                pieces.append(.metadata(ICYMetadata(block)))
                block = []
                position = .audio(remaining: interval)
            }
        }
        if !audio.isEmpty {
            pieces.append(.audio(audio))
            audioBytes += audio.count
        }
        return pieces
    }
}
