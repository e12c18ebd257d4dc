import CDBus

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A private libdbus connection to a message bus, served by a poll loop of our own: libdbus's watches (its
/// socket) plus a wake-up pipe, so another thread can make the loop publish a change at once, and stop it,
/// without polling on a timer.
///
/// Set-up (``open(address:)``, ``requestName(_:)``, ``registerObject(path:handler:)``) happens on the caller's
/// thread; afterwards every libdbus call happens on the thread running ``run(onWake:)``.
final class DBusBusConnection: @unchecked Sendable {
    /// The connection (`DBusConnection *`).
    let connection: OpaquePointer
    /// The unique name the bus gave us (`:1.42`).
    let uniqueName: String
    private let watches = WatchSet()
    private var handlers: [Unmanaged<MessageHandlerBox>] = []
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private var closed = false

    private init(connection: OpaquePointer, uniqueName: String, wakeRead: Int32, wakeWrite: Int32) {
        self.connection = connection
        self.uniqueName = uniqueName
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
    }

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`) and
    /// registers with it (`Hello`).
    ///
    /// - Throws: ``MediaControlsError/busUnavailable(address:reason:)`` with libdbus's message.
    static func open(address: String) throws(MediaControlsError) -> DBusBusConnection {
        _ = dbus_threads_init_default()
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw .busUnavailable(address: address, reason: Self.message(of: error))
        }
        // A lost bus must not end the program (libdbus's default for bus connections is to call _exit).
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            let reason = Self.message(of: error)
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw .busUnavailable(address: address, reason: reason)
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw .busUnavailable(address: address, reason: "cannot create a wake-up pipe (errno \(errno))")
        }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        let unique = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        let bus = DBusBusConnection(connection: connection, uniqueName: unique, wakeRead: fds[0], wakeWrite: fds[1])
        bus.installWatchFunctions()
        return bus
    }

    /// Asks for the well-known `name` without queueing; true if we are its primary owner now.
    ///
    /// - Throws: ``MediaControlsError/nameRequestFailed(name:reason:)`` if the bus refused the request itself.
    func requestName(_ name: String) throws(MediaControlsError) -> Bool {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let reply = dbus_bus_request_name(connection, name, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), &error)
        if dbus_error_is_set(&error) != 0 { throw .nameRequestFailed(name: name, reason: Self.message(of: error)) }
        return reply == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
    }

    /// Routes method calls to object `path` to `handler` (which returns whether it handled the message; libdbus
    /// answers unhandled calls with `org.freedesktop.DBus.Error.UnknownMethod`).
    func registerObject(path: String, handler: @escaping (OpaquePointer) -> Bool) throws(MediaControlsError) {
        let box = Unmanaged.passRetained(MessageHandlerBox(handler))
        var vtable = DBusObjectPathVTable()
        vtable.message_function = { _, message, data in
            guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let box = Unmanaged<MessageHandlerBox>.fromOpaque(data).takeUnretainedValue()
            return box.handler(message) ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard dbus_connection_try_register_object_path(connection, path, &vtable, box.toOpaque(), &error) != 0 else {
            box.release()
            throw .registrationFailed(path: path, reason: Self.message(of: error))
        }
        handlers.append(box)
    }

    /// Queues `message` for sending (loop thread only); the loop writes it as the socket allows.
    func send(_ message: OpaquePointer) {
        _ = dbus_connection_send(connection, message, nil)
    }

    /// Makes the loop call its `onWake` soon. Any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Serves the connection until `onWake` returns false or the bus goes away; returns false in the latter case.
    func run(onWake: () -> Bool) -> Bool {
        while true {
            let active = watches.enabled
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            for watch in active {
                var events: Int16 = 0
                if watch.flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int16(POLLIN) }
                if watch.flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: watch.fd, events: events, revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if fds[0].revents != 0 {
                var sink = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &sink, sink.count) > 0 {}
                guard onWake() else {
                    dbus_connection_flush(connection)
                    return true
                }
            }
            for (index, watch) in active.enumerated() where fds[index + 1].revents != 0 {
                guard watches.contains(watch.pointer) else { continue }  // removed by an earlier handle
                let revents = Int32(fds[index + 1].revents)
                var flags: UInt32 = 0
                if revents & Int32(POLLIN) != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
                if revents & Int32(POLLOUT) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
                if revents & Int32(POLLERR) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
                if revents & Int32(POLLHUP) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
                _ = dbus_watch_handle(watch.pointer, flags)
            }
            while dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
            guard dbus_connection_get_is_connected(connection) != 0 else { return false }
        }
    }

    /// Closes the connection (which releases our names) and frees everything. Loop must not be running.
    func close() {
        guard !closed else { return }
        closed = true
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
        for box in handlers { box.release() }
        handlers = []
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    // MARK: - libdbus watches

    private func installWatchFunctions() {
        let data = Unmanaged.passUnretained(watches).toOpaque()
        _ = dbus_connection_set_watch_functions(
            connection,
            { watch, data in
                guard let watch, let data else { return 0 }
                Unmanaged<WatchSet>.fromOpaque(data).takeUnretainedValue().add(watch)
                return 1
            },
            { watch, data in
                guard let watch, let data else { return }
                Unmanaged<WatchSet>.fromOpaque(data).takeUnretainedValue().remove(watch)
            },
            { _, _ in },  // toggled: the loop reads dbus_watch_get_enabled afresh each round
            data, nil)
    }

    static func message(of error: DBusError) -> String {
        guard let text = error.message else { return "unknown D-Bus error" }
        return String(cString: text)
    }
}

/// The watches libdbus asked us to poll.
private final class WatchSet: @unchecked Sendable {
    struct Active {
        var pointer: OpaquePointer
        var fd: Int32
        var flags: UInt32
    }

    private var watches: [OpaquePointer] = []

    func add(_ watch: OpaquePointer) { watches.append(watch) }
    func remove(_ watch: OpaquePointer) { watches.removeAll { $0 == watch } }
    func contains(_ watch: OpaquePointer) -> Bool { watches.contains(watch) }

    var enabled: [Active] {
        watches.compactMap { watch in
            guard dbus_watch_get_enabled(watch) != 0 else { return nil }
            return Active(pointer: watch, fd: dbus_watch_get_unix_fd(watch), flags: dbus_watch_get_flags(watch))
        }
    }
}

/// Holds a message handler for libdbus's C callback.
private final class MessageHandlerBox {
    let handler: (OpaquePointer) -> Bool

    init(_ handler: @escaping (OpaquePointer) -> Bool) {
        self.handler = handler
    }
}
