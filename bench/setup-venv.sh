#!/bin/sh
# Creates bench/.venv with the pinned yt-dlp (download benchmark) and streamlink (live benchmark) (idempotent).
# Usage: bench/setup-venv.sh   (from anywhere; needs python3 with venv and access to PyPI)
set -eu
YT_DLP_VERSION=2026.10.26
STREAMLINK_VERSION=8.6.3
BENCH=$(cd "$(dirname "$0")" && pwd)
VENV="$BENCH/.venv"
if [ -x "$VENV/bin/yt-dlp" ] && [ "$("$VENV/bin/yt-dlp" --version)" = "$YT_DLP_VERSION" ] \
    && [ -x "$VENV/bin/streamlink" ] && [ "$("$VENV/bin/streamlink" --version)" = "streamlink $STREAMLINK_VERSION" ]; then
    exit 0
fi
[ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check "yt-dlp==$YT_DLP_VERSION" "streamlink==$STREAMLINK_VERSION"
echo "yt-dlp $("$VENV/bin/yt-dlp" --version), $("$VENV/bin/streamlink" --version) in $VENV"
