#!/usr/bin/env bash
# Installs what is missing on a Debian 12 machine with the Swift toolchain, then runs the demo or the tests.
#
#   scripts/bootstrap.sh run [SDLDemo options...]   build (release) and start the demo window
#   scripts/bootstrap.sh test [swift test options...] build and run the whole test suite
#   scripts/bootstrap.sh deps                        only install what is missing
set -euo pipefail
cd "$(dirname "$0")/.."

# System libraries the package links (SDL2, libmpg123, libdbus for the MPRIS media controls).
PACKAGES=(pkg-config libsdl2-dev libmpg123-dev libdbus-1-dev)
# The end-to-end tests compare the audio the demo played with an independent decode by ffmpeg; the media-control
# tests start a private session bus (dbus) and drive the player with playerctl.
TEST_PACKAGES=(ffmpeg dbus playerctl)

install_missing() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if ((${#missing[@]})); then
        echo "bootstrap: installing ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
    command -v swift >/dev/null || { echo "bootstrap: swift is not on PATH (install the Swift 6 toolchain first)" >&2; exit 1; }
}

cmd="${1:-}"; shift || true
case "$cmd" in
    deps) install_missing ;;
    run)
        install_missing
        swift build -c release --product SDLDemo
        exec "$(swift build -c release --show-bin-path)/SDLDemo" "$@"
        ;;
    test)
        PACKAGES+=("${TEST_PACKAGES[@]}")
        install_missing
        exec swift test "$@"
        ;;
    *) echo "usage: scripts/bootstrap.sh run|test|deps [args...]" >&2; exit 2 ;;
esac
