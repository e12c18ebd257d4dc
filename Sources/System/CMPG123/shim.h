// System-library shim for libmpg123 (Debian: libmpg123-dev, pkg-config: libmpg123).
#include <mpg123.h>
