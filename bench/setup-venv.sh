#!/bin/sh
# Creates bench/.venv with the pinned yt-dlp used by the download benchmark (idempotent).
# Usage: bench/setup-venv.sh   (from anywhere; needs python3 with venv and access to PyPI)
set -eu
YT_DLP_VERSION=2026.10.26
BENCH=$(cd "$(dirname "$0")" && pwd)
VENV="$BENCH/.venv"
if [ -x "$VENV/bin/yt-dlp" ] && [ "$("$VENV/bin/yt-dlp" --version)" = "$YT_DLP_VERSION" ]; then
    exit 0
fi
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check "yt-dlp==$YT_DLP_VERSION"
echo "yt-dlp $("$VENV/bin/yt-dlp" --version) in $VENV"
