# Sourced by every script that runs `swift test` (bootstrap.sh test, sanitize.sh, test-campaign.sh): the
# settings all test runs share. Each is a default; a value already in the environment wins.
#
# How many test cases Swift Testing runs at once: four per core. Unbounded (Swift 6.3's default) it starts all
# of them at once, over a thousand, and their local servers and HTTP clients share NIO's event-loop threads (one
# per core) with each other's: under ThreadSanitizer on a 2-core CI machine, loopback connects then timed out
# after 10 s and requests after 60 s (a CI run of 2026-11-26). The bound also makes runs shorter: the figures are in
# docs/testing.md, "How many at once". The variable is Swift Testing's own (swiftlang/swift-testing#1390, read
# at start-up since #1486); a toolchain without it ignores it.
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-$((4 * cores))}"
unset cores
