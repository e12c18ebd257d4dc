// System-library shim for FFmpeg's libavutil alone (Debian: libavutil-dev, pkg-config: libavutil): the AES and
// SHA-2 the Downloader needs for AES-128 segments and file digests, without FFmpeg's codecs.
#include <libavutil/aes.h>
#include <libavutil/mem.h>
#include <libavutil/sha.h>
