import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a failed request is worth trying again, and how often.
///
/// One table for every request the downloader makes (playlists, keys, init sections, segments); the
/// guide (docs/Downloader.md, "Retry classes") shows it with the reasons:
///
/// | failure | class |
/// |---|---|
/// | unknown host (`EAI_NONAME`, `EAI_NODATA`, `EAI_FAIL`) | ``never`` |
/// | temporary DNS failure (`EAI_AGAIN`) | ``backoff`` |
/// | connection refused | ``quick`` |
/// | TLS handshake or certificate failure | ``never`` |
/// | HTTP 4xx except 408 and 429, redirect errors, bodies over the limit, bad URLs | ``never`` |
/// | HTTP 408, 429, 500, 502, 503, 504 | ``backoff`` (honouring `Retry-After`) |
/// | connection reset or closed, no route, timeouts, short bodies, wrong `Content-Range` | ``backoff`` |
enum FailureClass: Sendable, Equatable {
    /// Retrying cannot fix it: fail at once.
    case never
    /// Usually permanent but sometimes a moment's hiccup (a server restarting refuses connections for a
    /// second): at most ``quickAttempts`` attempts in all, with the normal backoff between them (about
    /// 0.25 s and 0.5 s by default), so a port nobody listens on fails within a second.
    case quick
    /// Transient: up to `maxAttempts` attempts with exponential backoff.
    case backoff

    /// The class of a failure already turned into a ``DownloadError`` (same table, by kind).
    static func of(_ error: DownloadError) -> FailureClass {
        switch error.kind {
        case .httpStatus(let status):
            return HTTPFetcher.retryableStatuses.contains(status) ? .backoff : .never
        case .connectionRefused:
            return .quick
        case .network, .timeout, .incompleteBody, .badContentRange:
            return .backoff
        default:
            return .never
        }
    }

    /// Attempts in all for ``quick`` failures.
    static let quickAttempts = 3

    /// Attempts allowed in all for this class when the configuration allows `maxAttempts`.
    func attempts(configured maxAttempts: Int) -> Int {
        switch self {
        case .never: 1
        case .quick: min(maxAttempts, Self.quickAttempts)
        case .backoff: maxAttempts
        }
    }
}

/// A transport error (DNS, TCP, TLS, AsyncHTTPClient) described in words, with its ``FailureClass``.
struct TransportFailure: Sendable {
    var kind: DownloadError.Kind
    var message: String
    var failureClass: FailureClass

    // getaddrinfo(3) codes (glibc values; see netdb.h).
    private static let temporaryDNSFailure = -3   // EAI_AGAIN

    /// Classifies `error`, raised while fetching from `url`; `nil` for cancellation.
    static func classify(_ error: any Error, url: URL, configuration: DownloadConfiguration) -> TransportFailure? {
        let endpoint = "\(url.host ?? "?"):\(url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80))"
        switch error {
        case let connection as NIOConnectionError:
            if let dns = (connection.dnsAError ?? connection.dnsAAAAError) as? SocketAddressError.UnknownHost,
               connection.connectionErrors.isEmpty {
                return unknownHost(dns)
            }
            if let first = connection.connectionErrors.first {
                return classify(first.error, url: url, configuration: configuration)
            }
            return TransportFailure(kind: .network, message: "cannot connect to \(endpoint)", failureClass: .backoff)
        case let dns as SocketAddressError.UnknownHost:
            return unknownHost(dns)
        case let io as IOError:
            return errnoFailure(io.errnoCode, endpoint: endpoint)
        case let tls as NIOSSLError:
            return tlsFailure(tls, host: url.host ?? "?")
        case let tls as NIOSSLExtraError:
            return TransportFailure(kind: .network, message: "TLS: \(tls) for \(url.host ?? "?")", failureClass: .never)
        case let client as HTTPClientError:
            return clientFailure(client, endpoint: endpoint, configuration: configuration)
        case is CancellationError:
            return nil
        default:
            return TransportFailure(kind: .network, message: words(String(describing: error)), failureClass: .backoff)
        }
    }

    private static func unknownHost(_ dns: SocketAddressError.UnknownHost) -> TransportFailure {
        if dns.errorCode == temporaryDNSFailure {
            return TransportFailure(kind: .network, message: "cannot resolve host \"\(dns.host)\": temporary DNS failure",
                                    failureClass: .backoff)
        }
        return TransportFailure(kind: .unknownHost, message: "cannot resolve host \"\(dns.host)\": no such host",
                                failureClass: .never)
    }

    private static func errnoFailure(_ code: CInt, endpoint: String) -> TransportFailure {
        let text = String(cString: strerror(code)).lowercased()
        switch code {
        case ECONNREFUSED:
            return TransportFailure(kind: .connectionRefused,
                                    message: "connection refused by \(endpoint) (is a server listening there?)",
                                    failureClass: .quick)
        case ECONNRESET, EPIPE:
            return TransportFailure(kind: .network, message: "connection to \(endpoint) reset", failureClass: .backoff)
        default:
            return TransportFailure(kind: .network, message: "\(text) (\(endpoint), errno \(code))",
                                    failureClass: .backoff)
        }
    }

    private static func tlsFailure(_ error: NIOSSLError, host: String) -> TransportFailure {
        switch error {
        case .uncleanShutdown:
            return TransportFailure(kind: .network, message: "TLS connection to \(host) closed without close_notify",
                                    failureClass: .backoff)
        case .handshakeFailed(let reason):
            return TransportFailure(kind: .tls, message: "TLS handshake with \(host) failed: \(boringSSLWords(reason))",
                                    failureClass: .never)
        case .unableToValidateCertificate, .noCertificateToValidate, .cannotMatchULabel:
            return TransportFailure(kind: .tls, message: "TLS certificate of \(host) cannot be validated",
                                    failureClass: .never)
        default:
            return TransportFailure(kind: .tls, message: "TLS with \(host) failed: \(words("\(error)"))",
                                    failureClass: .never)
        }
    }

    /// `CERTIFICATE_VERIFY_FAILED` out of BoringSSL's error stack (`…:SSL routines:OPENSSL_internal:
    /// CERTIFICATE_VERIFY_FAILED at …`), as `certificate verify failed`.
    static func boringSSLWords(_ error: BoringSSLError) -> String {
        reasonWords(in: "\(error)") ?? "TLS error"
    }

    /// The last run of capitals, digits and underscores with an underscore in it (an OpenSSL reason code), in
    /// lower-case words.
    static func reasonWords(in text: String) -> String? {
        var runs: [String] = []
        var current = ""
        for character in text + " " {
            if (character.isASCII && character.isUppercase) || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if current.contains("_"), current.contains(where: \.isLetter) { runs.append(current) }
                current = ""
            }
        }
        return runs.last.map { $0.replacingOccurrences(of: "_", with: " ").lowercased() }
    }

    private static func clientFailure(_ error: HTTPClientError, endpoint: String,
                                      configuration: DownloadConfiguration) -> TransportFailure? {
        switch error {
        case .cancelled:
            return nil
        case .readTimeout:
            return TransportFailure(kind: .timeout, message: "no data for \(configuration.idleTimeout)", failureClass: .backoff)
        case .deadlineExceeded:
            return TransportFailure(kind: .timeout, message: "request took longer than \(configuration.requestTimeout)",
                                    failureClass: .backoff)
        case .connectTimeout:
            return TransportFailure(kind: .timeout,
                                    message: "connecting to \(endpoint) took longer than \(configuration.connectTimeout)",
                                    failureClass: .backoff)
        case .remoteConnectionClosed:
            return TransportFailure(kind: .network, message: "\(endpoint) closed the connection", failureClass: .backoff)
        case .tlsHandshakeTimeout:
            return TransportFailure(kind: .timeout, message: "TLS handshake with \(endpoint) timed out", failureClass: .backoff)
        case .invalidURL, .emptyHost, .emptyScheme:
            return TransportFailure(kind: .unsupportedURL, message: words("\(error)"), failureClass: .never)
        default:
            return TransportFailure(kind: .network, message: words("\(error)"), failureClass: .backoff)
        }
    }

    /// A Swift case name such as `HTTPClientError.remoteConnectionClosed` in words: `remote connection closed`.
    static func words(_ text: String) -> String {
        var name = Substring(text)
        if let dot = name.firstIndex(of: "."), name[..<dot].allSatisfy({ $0.isLetter || $0.isNumber }) {
            name = name[name.index(after: dot)...]
        }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber }) else { return String(name) }
        var result = ""
        for character in name {
            if character.isUppercase, !result.isEmpty { result.append(" ") }
            result.append(character.lowercased())
        }
        return result
    }
}
