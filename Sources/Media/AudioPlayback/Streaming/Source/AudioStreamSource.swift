import PlayerCore

/// Where a stream session's compressed audio comes from: an HTTP MP3/ICY stream (``HTTPAudioStreamSource``) or
/// a sequence of MPEG-TS segments such as a live HLS recording (``TransportSegmentAudioSource``).
///
/// A source belongs to one session. ``connect()`` is called for the first connection and again for every
/// reconnection; a finite source continues where the last connection stopped (an HTTP `Range` request), a live
/// one joins at the live edge and says so with ``AudioStreamElement/discontinuity``.
public protocol AudioStreamSource: Sendable {
    /// Opens a connection. Its first element is ``AudioStreamElement/opened(_:)``.
    ///
    /// - Throws: ``AudioStreamError`` (retryable or not) when no connection could be made.
    func connect() async throws -> any AudioStreamConnection
}

/// A finite source that can move to another time (a story over HTTP): the next ``AudioStreamSource/connect()``
/// reads from the byte where that time starts.
public protocol SeekableAudioStreamSource: AudioStreamSource {
    /// Makes the next connection start at `seconds` (clamped to the stream's length); returns the time it will
    /// start at, or nil when this source cannot seek (a live stream, a length or first frames not known yet).
    func reposition(to seconds: Double) -> Double?
}

/// One connection of an ``AudioStreamSource``, read by one task, pull by pull: nothing is read from the network
/// until ``next()`` is called, so a consumer that stops pulling holds the sender back (back-pressure).
public protocol AudioStreamConnection: AnyObject {
    /// The next element; `nil` when the connection ended without ``AudioStreamElement/end`` (the server closed
    /// it: for a live stream, a lost connection).
    ///
    /// - Throws: ``AudioStreamError`` when the connection broke or the data cannot be played; `CancellationError`
    ///   when the reading task was cancelled.
    func next() async throws -> AudioStreamElement?
}

/// What a connection delivers, in stream order.
public enum AudioStreamElement: Sendable, Equatable {
    /// The connection is open; what kind of stream this is.
    case opened(StreamDetails)
    /// MPEG audio bytes (an MP3 elementary stream; any chunking), continuing the previous ones.
    case audio([UInt8])
    /// The stream announced metadata (an ICY title).
    case metadata(StreamMetadata)
    /// The audio that follows does not continue the audio before (a live stream rejoined at its edge, an HLS
    /// discontinuity or a gap): the decoder starts afresh instead of splicing half frames.
    case discontinuity
    /// All the audio of a finite stream has been delivered.
    case end
}

/// Why a source could not connect or stopped, and whether trying again may help.
public struct AudioStreamError: Error, Hashable, Sendable, CustomStringConvertible {
    /// True for failures a reconnection may cure (refused or reset connections, timeouts, 5xx, a body cut short);
    /// false for those it cannot (4xx, not audio, a codec we do not decode).
    public var isRetryable: Bool
    /// What went wrong and where, e.g. `HTTP 404 Not Found from http://127.0.0.1:8000/radio.mp3`.
    public var message: String

    /// Creates an error.
    public init(retryable: Bool, _ message: String) {
        self.isRetryable = retryable
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
