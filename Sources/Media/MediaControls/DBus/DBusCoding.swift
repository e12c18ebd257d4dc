import CDBus

/// Writes ``DBusValue``s into libdbus messages and reads the few argument types MPRIS calls carry, with
/// `DBusMessageIter` (libdbus's variadic `dbus_message_append_args` cannot be called from Swift).
enum DBusCoding {
    // Type codes (dbus-protocol.h defines them as `((int) 'c')` macros, which Swift does not import).
    static let string = Int32(UInt8(ascii: "s"))
    static let objectPath = Int32(UInt8(ascii: "o"))
    static let boolean = Int32(UInt8(ascii: "b"))
    static let int64 = Int32(UInt8(ascii: "x"))
    static let double = Int32(UInt8(ascii: "d"))
    static let array = Int32(UInt8(ascii: "a"))
    static let variant = Int32(UInt8(ascii: "v"))
    static let dictEntry = Int32(UInt8(ascii: "e"))
    static let invalid = Int32(0)

    /// Appends `value` at `iter`; returns false when libdbus is out of memory.
    @discardableResult
    static func append(_ value: DBusValue, to iter: inout DBusMessageIter) -> Bool {
        switch value {
        case .string(let text):
            return appendString(text, type: string, to: &iter)
        case .objectPath(let path):
            return appendString(path, type: objectPath, to: &iter)
        case .boolean(let flag):
            var raw: dbus_bool_t = flag ? 1 : 0
            return dbus_message_iter_append_basic(&iter, boolean, &raw) != 0
        case .int64(let number):
            var raw = number
            return dbus_message_iter_append_basic(&iter, int64, &raw) != 0
        case .double(let number):
            var raw = number
            return dbus_message_iter_append_basic(&iter, double, &raw) != 0
        case .stringArray(let texts):
            var sub = DBusMessageIter()
            guard dbus_message_iter_open_container(&iter, array, "s", &sub) != 0 else { return false }
            var ok = true
            for text in texts where ok { ok = appendString(text, type: string, to: &sub) }
            return dbus_message_iter_close_container(&iter, &sub) != 0 && ok
        case .dictionary(let entries):
            var sub = DBusMessageIter()
            guard dbus_message_iter_open_container(&iter, array, "{sv}", &sub) != 0 else { return false }
            var ok = true
            for entry in entries where ok {
                var pair = DBusMessageIter()
                guard dbus_message_iter_open_container(&sub, dictEntry, nil, &pair) != 0 else {
                    ok = false
                    break
                }
                ok = appendString(entry.key, type: string, to: &pair) && appendVariant(entry.value, to: &pair)
                ok = dbus_message_iter_close_container(&sub, &pair) != 0 && ok
            }
            return dbus_message_iter_close_container(&iter, &sub) != 0 && ok
        }
    }

    /// Appends `value` wrapped in a variant (`v`).
    @discardableResult
    static func appendVariant(_ value: DBusValue, to iter: inout DBusMessageIter) -> Bool {
        var sub = DBusMessageIter()
        let opened = value.signature.withCString { dbus_message_iter_open_container(&iter, variant, $0, &sub) }
        guard opened != 0 else { return false }
        let ok = append(value, to: &sub)
        return dbus_message_iter_close_container(&iter, &sub) != 0 && ok
    }

    /// Appends a string-like basic value (`s` or `o`); the text must be valid UTF-8 without NUL (Swift strings
    /// are UTF-8; NULs are removed, since libdbus rejects them).
    private static func appendString(_ text: String, type: Int32, to iter: inout DBusMessageIter) -> Bool {
        let clean = text.contains("\u{0}") ? text.replacingOccurrences(of: "\u{0}", with: "") : text
        return clean.withCString { pointer in
            var raw: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iter, type, &raw) != 0
        }
    }

    /// The message's leading string arguments (stops at the first argument of another type).
    static func stringArguments(of message: OpaquePointer) -> [String] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var result: [String] = []
        while dbus_message_iter_get_arg_type(&iter) == string {
            var raw: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iter, &raw)
            result.append(raw.map { String(cString: $0) } ?? "")
            guard dbus_message_iter_next(&iter) != 0 else { break }
        }
        return result
    }

    /// The message's basic arguments in order (strings, object paths, 64-bit integers, doubles, booleans) as
    /// ``DBusValue``s, stopping at the first of another type: what `Seek(x)` and `SetPosition(o, x)` carry.
    static func basicArguments(of message: OpaquePointer) -> [DBusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var result: [DBusValue] = []
        while let value = basic(at: &iter) {
            result.append(value)
            guard dbus_message_iter_next(&iter) != 0 else { break }
        }
        return result
    }

    /// The basic value inside the message's argument `index` when it is a variant (`Properties.Set`'s value).
    static func variantValue(ofArgument index: Int, in message: OpaquePointer) -> DBusValue? {
        insideVariant(ofArgument: index, in: message) { basic(at: &$0) }
    }

    /// Runs `body` on an iterator inside the message's argument `index` when it is a variant (nil otherwise).
    /// The iterators stay on this stack frame: libdbus's point into the message and are not meant to outlive it.
    private static func insideVariant<T>(ofArgument index: Int, in message: OpaquePointer,
                                         _ body: (inout DBusMessageIter) -> T?) -> T? {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return nil }
        for _ in 0..<index { guard dbus_message_iter_next(&iter) != 0 else { return nil } }
        guard dbus_message_iter_get_arg_type(&iter) == variant else { return nil }
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        return body(&sub)
    }

    private static func basic(at iter: inout DBusMessageIter) -> DBusValue? {
        switch dbus_message_iter_get_arg_type(&iter) {
        case string, objectPath:
            let kind = dbus_message_iter_get_arg_type(&iter)
            var raw: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iter, &raw)
            let text = raw.map { String(cString: $0) } ?? ""
            return kind == string ? .string(text) : .objectPath(text)
        case int64:
            var number: Int64 = 0
            dbus_message_iter_get_basic(&iter, &number)
            return .int64(number)
        case double:
            var number = 0.0
            dbus_message_iter_get_basic(&iter, &number)
            return .double(number)
        case boolean:
            var flag: UInt32 = 0
            dbus_message_iter_get_basic(&iter, &flag)
            return .boolean(flag != 0)
        default:
            return nil
        }
    }

    /// The signature of the value inside the message's third argument when it is a variant (`Properties.Set`).
    static func variantSignature(ofArgument index: Int, in message: OpaquePointer) -> String? {
        insideVariant(ofArgument: index, in: message) { sub in
            guard let signature = dbus_message_iter_get_signature(&sub) else { return nil }
            defer { dbus_free(signature) }
            return String(cString: signature)
        }
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation needed for this one use).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
