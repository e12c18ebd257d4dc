// libdbus (Debian: libdbus-1-dev), the reference implementation of the D-Bus protocol's low-level C API.
#include <dbus/dbus.h>
