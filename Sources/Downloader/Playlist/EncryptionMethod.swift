/// `METHOD` of an `EXT-X-KEY` tag (RFC 8216 §4.3.2.4). `NONE` is represented by a segment without a key.
///
/// The parser accepts every method into the model; the downloader decides what it supports
/// (AES-128 whole-segment decryption) and refuses the rest with a clear error.
public enum EncryptionMethod: Sendable, Hashable, CustomStringConvertible {
    /// `AES-128`: whole segments encrypted with AES-128-CBC and PKCS7 padding (§5.2).
    case aes128
    /// `SAMPLE-AES`: individual media samples encrypted (§5.2); not decryptable by a plain downloader.
    case sampleAES
    /// Any other method name, kept as written (e.g. `SAMPLE-AES-CTR`).
    case other(String)

    /// Creates the method from its playlist spelling; `nil` for `NONE`.
    public init?(name: String) {
        switch name {
        case "NONE": return nil
        case "AES-128": self = .aes128
        case "SAMPLE-AES": self = .sampleAES
        default: self = .other(name)
        }
    }

    /// The playlist spelling, e.g. `AES-128`.
    public var description: String {
        switch self {
        case .aes128: return "AES-128"
        case .sampleAES: return "SAMPLE-AES"
        case .other(let name): return name
        }
    }
}
