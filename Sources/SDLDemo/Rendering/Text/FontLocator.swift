import Foundation

/// Finds the two faces the window's text uses, DejaVu Sans and DejaVu Sans Bold (Debian: fonts-dejavu-core).
///
/// Order: `SDLDEMO_FONT` / `SDLDEMO_BOLD_FONT` (files), the Debian path
/// `/usr/share/fonts/truetype/dejavu/`, then fontconfig (`fc-match -f '%{file}' 'DejaVu Sans:style=Book'`),
/// which also finds DejaVu installed elsewhere. Nothing found is an error that says what to install.
struct FontFiles: Equatable, Sendable {
    /// The regular face.
    var regular: String
    /// The bold face (the regular one when no bold face is found).
    var bold: String

    /// Where Debian's fonts-dejavu-core puts the faces.
    static let debianDirectory = "/usr/share/fonts/truetype/dejavu"

    /// Locates the faces; throws ``FontError`` naming what was tried.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FontFiles {
        let fileManager = FileManager.default
        func exists(_ path: String?) -> String? {
            guard let path, !path.isEmpty, fileManager.isReadableFile(atPath: path) else { return nil }
            return path
        }
        var tried: [String] = []
        if let override = environment["SDLDEMO_FONT"] {
            guard let regular = exists(override) else { throw FontError(message: "SDLDEMO_FONT=\(override): no such readable file") }
            return FontFiles(regular: regular, bold: exists(environment["SDLDEMO_BOLD_FONT"]) ?? regular)
        }
        let regularPath = "\(debianDirectory)/DejaVuSans.ttf"
        tried.append(regularPath)
        if let regular = exists(regularPath) {
            return FontFiles(regular: regular, bold: exists("\(debianDirectory)/DejaVuSans-Bold.ttf") ?? regular)
        }
        tried.append("fc-match 'DejaVu Sans'")
        if let regular = exists(fcMatch("DejaVu Sans:style=Book")) {
            return FontFiles(regular: regular, bold: exists(fcMatch("DejaVu Sans:style=Bold")) ?? regular)
        }
        throw FontError(message: "no font for the window's text: install fonts-dejavu-core (tried \(tried.joined(separator: ", ")))")
    }

    /// The file fontconfig picks for `pattern`, or nil when fc-match is missing or prints nothing.
    static func fcMatch(_ pattern: String) -> String? {
        let candidates = ["/usr/bin/fc-match", "/usr/local/bin/fc-match", "/opt/homebrew/bin/fc-match"]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-f", "%{file}", pattern]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }
}

/// No usable font was found or opened.
struct FontError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
