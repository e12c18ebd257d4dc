#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ with -sanitize=fuzzer,address and runs them: the HLS playlist and
# attribute-list parsers, the MPEG-TS demuxer, every decoder of network input (issue 20): the feeds' JSON
# (buffs, iplayer, vimeo, npr, contentmeta, livestream), feed dates and durations, ICY streams, MP3 frame
# headers and StreamServer's route tables; and the video engine (issue 28): its arithmetic on a parsed playlist
# (videoplaylist) and a segment demuxed and decoded from memory through our FFmpeg wrapper (segment).
#
#   scripts/fuzz.sh [--seconds N] [--jobs J] [--fresh] [--seed S] [TARGET...]
#
#   --seconds N   fuzzing time per target (default 60)
#   --jobs J      targets fuzzed at the same time, one process each (default 1)
#   --fresh       start the working corpus from the committed seeds only (default: keep earlier finds)
#   --seed S      libFuzzer's random seed (default: a new one each run); with --fresh the same inputs are
#                 tried in the same order every time, so a short run (CI's) is repeatable
#   TARGET        playlist, attributes, mpegts, buffs, iplayer, vimeo, npr, contentmeta, livestream, dates, icy,
#                 mp3header, routes, videoplaylist, segment (default: all)
#
# FUZZ_TIMEOUT (default 5): seconds one input may take before it counts as a hang. Wall-clock time: on a machine
# loaded far beyond its cores a fuzzer at low priority can be starved past 5 s on an input that takes 30 ms.
#
# Everything it writes goes to .build-fuzz/ (git-ignored): bin/ (executables, rebuilt only when a source or a
# flag changed), corpus/<target>/ (working corpus, seeded from Fuzz/Corpus/<target>, which is never modified),
# artifacts/<target>/ (crash, timeout, leak and OOM inputs), logs/<target>.log.
# Prints one summary line per target, then "N passed, N failed"; exits non-zero if any target found a problem.
# Needs only the Swift toolchain (swiftc with its libFuzzer runtime and ld.lld) and coreutils; `segment` also
# FFmpeg's development files (libavformat-dev …, which the package itself needs).
set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
ROOT=$PWD
OUT=$ROOT/.build-fuzz
ALL_TARGETS=(playlist attributes mpegts buffs iplayer vimeo npr contentmeta livestream dates icy mp3header routes
    videoplaylist segment)
FEED_TARGETS=" buffs iplayer vimeo npr contentmeta livestream "

seconds=60
jobs=1
fresh=0
seed=""
targets=()
usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds=${2:-}; shift 2 ;;
        --seconds=*) seconds=${1#*=}; shift ;;
        --jobs) jobs=${2:-}; shift 2 ;;
        --jobs=*) jobs=${1#*=}; shift ;;
        --fresh) fresh=1; shift ;;
        --seed) seed=${2:-}; shift 2 ;;
        --seed=*) seed=${1#*=}; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: --seconds needs a whole number" >&2; exit 2 ;; esac
case "$jobs" in ''|*[!0-9]*|0) echo "fuzz.sh: --jobs needs a positive whole number" >&2; exit 2 ;; esac
case "$seed" in *[!0-9]*) echo "fuzz.sh: --seed needs a whole number" >&2; exit 2 ;; esac
[ ${#targets[@]} -eq 0 ] && targets=("${ALL_TARGETS[@]}")
for target in "${targets[@]}"; do
    case " ${ALL_TARGETS[*]} " in *" $target "*) ;; *) echo "fuzz.sh: unknown target $target (${ALL_TARGETS[*]})" >&2; exit 2 ;; esac
done

SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
if ! [ -x "$SWIFTC" ]; then echo "fuzz.sh: swiftc not found (set SWIFTC)" >&2; exit 2; fi
FLAGS=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -wmo)
# The toolchain's lld links sanitizer runtimes without gold's flood of "cannot export local symbol" warnings.
[ -x "$(dirname "$SWIFTC")/ld.lld" ] && FLAGS+=(-use-ld=lld)

# Sources under test plus the harness of each target. Playlist/ needs URL.redactedString from Fetch/.
# The feed decoders live in modules that import FeedCore (and, in screen files, ScreenKit): their pure
# files are compiled into one module with FeedCore's (and MediaCore's URL rule), the `import FeedCore` and
# `import MediaCore` lines taken out (prepare()).
feed_core() {
    find Sources/Feeds/FeedCore -name '*.swift' | LC_ALL=C sort
    # The app's pure core without its screens (the files that import ScreenKit or DragPhysics).
    find "$1" -name '*.swift' | LC_ALL=C sort | while read -r file; do
        grep -qE '^import (ScreenKit|DragPhysics)$' "$file" || echo "$file"
    done
}
sources() {
    case "$1" in
        playlist|attributes)
            find Sources/Downloader/Playlist -name '*.swift' | LC_ALL=C sort
            echo Sources/Downloader/Fetch/URLRedaction.swift ;;
        mpegts)
            find Sources/Media/MPEGTS -name '*.swift' | LC_ALL=C sort ;;
        buffs) feed_core Sources/Feeds/Buffs/BuffCore ;;
        iplayer) feed_core Sources/Feeds/IPlayer/IPlayerCore ;;
        vimeo)
            feed_core Sources/Feeds/Vimeo/VimeoCore
            # VimeoFile.isHLS asks MediaCore's one rule for what a URL is.
            echo Sources/Media/MediaCore/Requests/MediaSourceKind.swift ;;
        npr|contentmeta|livestream) feed_core Sources/Feeds/Interlochen/InterlochenCore ;;
        dates) find Sources/Feeds/FeedCore -name '*.swift' | LC_ALL=C sort ;;
        icy) find Sources/Media/AudioPlayback/Streaming/ICY -name '*.swift' | LC_ALL=C sort ;;
        mp3header) echo Sources/Media/AudioPlayback/Decoding/MPEGAudioFrameHeader.swift ;;
        videoplaylist)
            # The engine's pure side: the parser, VideoCore (time lines, ABR) and VideoPlayback's SegmentPlan.
            find Sources/Downloader/Playlist Sources/Media/VideoCore -name '*.swift' | LC_ALL=C sort
            printf "%s\n" Sources/Downloader/Fetch/URLRedaction.swift Sources/Media/VideoPlayback/HLS/SegmentPlan.swift ;;
        segment)
            # VideoPlayback's FFmpeg wrapper and the little it uses from elsewhere.
            find Sources/Media/VideoPlayback/FFmpeg -name '*.swift' | LC_ALL=C sort
            printf "%s\n" Sources/Media/VideoPlayback/Engine/Locked.swift Sources/Media/AudioPlayback/Decoding/PCMFormat.swift \
                Sources/Media/AudioPlayback/Support/StandardError.swift Sources/Shared/SafeText/SafeText.swift \
                Sources/Media/VideoCore/Numbers/Saturating.swift ;;
        routes)
            find Sources/Testing/StreamServer/Routes -name '*.swift' ! -name RouteBook.swift | LC_ALL=C sort
            printf "%s\n" Sources/Testing/StreamServer/Faults/Fault.swift Sources/Testing/StreamServer/Faults/FaultRule.swift \
                Sources/Testing/StreamServer/HTTP/RequestPath.swift Sources/Testing/StreamServer/Content/ContentTypes.swift Sources/Testing/StreamServer/Faults/PathPattern.swift ;;
    esac
    echo Fuzz/Support/FuzzSupport.swift
    case "$1" in
        playlist) find Fuzz/Playlist -name '*.swift' | LC_ALL=C sort ;;
        attributes) find Fuzz/AttributeList -name '*.swift' | LC_ALL=C sort ;;
        mpegts) find Fuzz/MPEGTS -name '*.swift' | LC_ALL=C sort ;;
        buffs) echo Fuzz/Support/DecoderFuzzSupport.swift Fuzz/FeedJSON/FeedJSONFuzz.swift Fuzz/FeedJSON/BuffsFeed.swift | tr ' ' '\n' ;;
        iplayer) echo Fuzz/Support/DecoderFuzzSupport.swift Fuzz/FeedJSON/FeedJSONFuzz.swift Fuzz/FeedJSON/IPlayerFeed.swift | tr ' ' '\n' ;;
        vimeo) echo Fuzz/Support/DecoderFuzzSupport.swift Fuzz/FeedJSON/FeedJSONFuzz.swift Fuzz/FeedJSON/VimeoFeed.swift | tr ' ' '\n' ;;
        npr) echo Fuzz/Support/DecoderFuzzSupport.swift Fuzz/FeedJSON/FeedJSONFuzz.swift Fuzz/FeedJSON/NPRFeed.swift | tr ' ' '\n' ;;
        contentmeta) echo Fuzz/Support/DecoderFuzzSupport.swift Fuzz/FeedJSON/FeedJSONFuzz.swift Fuzz/FeedJSON/ContentMetaFeed.swift | tr ' ' '\n' ;;
        livestream) echo Fuzz/Support/DecoderFuzzSupport.swift Fuzz/FeedJSON/FeedJSONFuzz.swift Fuzz/FeedJSON/LiveStreamFeed.swift | tr ' ' '\n' ;;
        dates) echo Fuzz/Support/DecoderFuzzSupport.swift Fuzz/Dates/DatesFuzz.swift | tr ' ' '\n' ;;
        icy) echo Fuzz/ICY/ICYFuzz.swift ;;
        mp3header) echo Fuzz/MP3Header/MP3HeaderFuzz.swift ;;
        routes) echo Fuzz/Support/DecoderFuzzSupport.swift Fuzz/Routes/RoutesFuzz.swift | tr ' ' '\n' ;;
        videoplaylist) find Fuzz/VideoPlaylist -name '*.swift' | LC_ALL=C sort ;;
        segment) find Fuzz/Segment -name '*.swift' | LC_ALL=C sort ;;
    esac
}
# The files to compile: the sources themselves, or (feed targets) copies without the module imports.
prepare() {
    local target=$1; shift
    case "$FEED_TARGETS dates videoplaylist segment " in
        *" $target "*)
            local dir=$OUT/src/$target
            rm -rf "$dir" && mkdir -p "$dir"
            for file in "$@"; do
                mkdir -p "$dir/$(dirname "$file")"
                grep -vE '^import (FeedCore|MediaCore|ScreenKit|DragPhysics|Downloader|VideoCore|AudioPlayback|SafeText)$' "$file" >"$dir/$file"
                echo "$dir/$file"
            done ;;
        *) for file in "$@"; do echo "$ROOT/$file"; done ;;
    esac
}
module() {
    case "$1" in
        playlist) echo PlaylistFuzz ;; attributes) echo AttributeListFuzz ;; mpegts) echo MPEGTSFuzz ;;
        *) echo "$(echo "${1:0:1}" | tr a-z A-Z)${1:1}Fuzz" ;;
    esac
}
# Inputs a bit above the largest realistic unit: a 16 KB playlist, a 2 KB attribute list, 64 KB of TS (~350
# packets), a 64 KB JSON body, a 256-byte date, 16 KB of an ICY stream or of MP3 frames, a 16 KB route table,
# a 256 KB segment (the sample's are 20–120 KB).
max_len() {
    case "$1" in
        playlist|videoplaylist) echo 16384 ;; attributes) echo 2048 ;; mpegts) echo 65536 ;; dates) echo 256 ;;
        segment) echo 262144 ;;
        icy|mp3header|routes) echo 16384 ;; *) echo 65536 ;;
    esac
}
dict() {
    case "$1" in
        playlist|attributes|videoplaylist) echo Fuzz/Dictionaries/hls.dict ;; mpegts) echo Fuzz/Dictionaries/mpegts.dict ;;
        segment) echo Fuzz/Dictionaries/segment.dict ;;
        dates) echo Fuzz/Dictionaries/dates.dict ;; icy) echo Fuzz/Dictionaries/icy.dict ;;
        mp3header) echo Fuzz/Dictionaries/mp3.dict ;; *) echo Fuzz/Dictionaries/json.dict ;;
    esac
}

mkdir -p "$OUT/bin" "$OUT/logs"
compiler_version=$("$SWIFTC" -version 2>&1 | head -1)

# --- Build (in parallel; each swiftc -wmo is mostly one thread) ---
build_start=$(date +%s%N)
build_pids=()
for target in "${targets[@]}"; do
    mapfile -t files < <(sources "$target")
    stamp=$( { echo "$compiler_version"; echo "${FLAGS[*]}"; cat "${files[@]}"
               [ "$target" = segment ] && cat Sources/System/CFFmpeg/shim.h Sources/System/CFFmpeg/module.modulemap; } |
             sha256sum | cut -d' ' -f1)
    if [ -x "$OUT/bin/$target" ] && [ "$(cat "$OUT/bin/$target.stamp" 2>/dev/null)" = "$stamp" ]; then
        continue
    fi
    mapfile -t compiled < <(prepare "$target" "${files[@]}")
    (
        rm -f "$OUT/bin/$target.stamp"
        # swiftc leaves module files (*-1.swiftmodule, ...) in the working directory: keep them out of the tree.
        mkdir -p "$OUT/build/$target" && cd "$OUT/build/$target" || exit 1
        extra=()
        # The FFmpeg wrapper's C module (Sources/System/CFFmpeg/module.modulemap links the five libraries).
        [ "$target" = segment ] && extra=(-I "$ROOT/Sources/System/CFFmpeg")
        if "$SWIFTC" "${FLAGS[@]}" "${extra[@]}" -module-name "$(module "$target")" "${compiled[@]}" -o "$OUT/bin/$target" \
            >"$OUT/logs/$target.build.log" 2>&1; then
            echo "$stamp" >"$OUT/bin/$target.stamp"
        else
            exit 1
        fi
    ) &
    build_pids+=("$!:$target")
done
build_failed=()
for entry in "${build_pids[@]}"; do
    wait "${entry%%:*}" || build_failed+=("${entry#*:}")
done
build_ms=$(( ($(date +%s%N) - build_start) / 1000000 ))
if [ ${#build_pids[@]} -eq 0 ]; then
    echo "build: up to date"
else
    echo "build: ${#build_pids[@]} target(s) in $((build_ms / 1000)).$(printf '%03d' $((build_ms % 1000))) s"
fi
if [ ${#build_failed[@]} -gt 0 ]; then
    for target in "${build_failed[@]}"; do
        echo "$target: BUILD FAILED (see .build-fuzz/logs/$target.build.log)"
        grep -m 5 'error:' "$OUT/logs/$target.build.log" | sed 's/^/    /'
    done
    echo "0 passed, ${#targets[@]} failed"
    exit 1
fi

# --- Fuzz ---
run_target() {
    local target=$1
    local corpus=$OUT/corpus/$target artifacts=$OUT/artifacts/$target log=$OUT/logs/$target.log
    [ "$fresh" = 1 ] && rm -rf "$corpus"
    mkdir -p "$corpus" "$artifacts"
    cp -p Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null  # copies: the committed seeds stay untouched
    local options=(
        -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-5}" -rss_limit_mb=1024 -max_len="$(max_len "$target")"
        -dict="$ROOT/$(dict "$target")" -artifact_prefix="$artifacts/" -print_final_stats=1
    )
    [ -n "$seed" ] && options+=(-seed="$seed")
    # Crashes are libFuzzer's to report: the Swift backtracer would otherwise hold the dying process for 30 s.
    # handle_abort/handle_sigill: invariant violations (abort) and Swift traps (ud2) get ASan stack traces.
    # The outer timeout only guards against a wedged process; libFuzzer stops itself after -max_total_time.
    SWIFT_BACKTRACE=enable=no \
        ASAN_OPTIONS=${ASAN_OPTIONS:-handle_abort=1:handle_sigill=1:detect_leaks=1} \
        timeout --kill-after=10 $((seconds + 300)) \
        "$OUT/bin/$target" "${options[@]}" "$corpus" >"$log" 2>&1
    echo $? >"$OUT/logs/$target.rc"
}

running=0
for target in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
    echo "fuzzing $target for ${seconds} s ..."
    run_target "$target" &
    running=$((running + 1))
done
wait

# --- Report ---
passed=0
failed=0
for target in "${targets[@]}"; do
    log=$OUT/logs/$target.log
    rc=$(cat "$OUT/logs/$target.rc" 2>/dev/null || echo 1)
    final_stat() { grep -m1 "^stat::$1:" "$log" | awk '{print $2}'; }
    runs=$(final_stat number_of_executed_units)
    speed=$(final_stat average_exec_per_sec)
    peak=$(final_stat peak_rss_mb)
    last=$(grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1)
    field() { echo "$last" | grep -oE "$1: [^ ]+" | head -1 | awk '{print $2}'; }
    runs=${runs:-$(echo "$last" | grep -oE '^#[0-9]+' | tr -d '#')}
    speed=${speed:-$(field exec/s)}
    peak=${peak:-$(field rss | tr -d 'Mb')}
    cov=$(field cov)
    corp=$(field corp)
    problem=""
    if grep -q 'ERROR: libFuzzer: timeout' "$log"; then problem="HANG (input ran over ${FUZZ_TIMEOUT:-5} s)"
    elif grep -q 'ERROR: libFuzzer: out-of-memory' "$log"; then problem="OUT OF MEMORY (over 1024 MB)"
    elif grep -q 'ERROR: LeakSanitizer' "$log"; then problem="LEAK"
    elif grep -q 'FUZZ INVARIANT VIOLATED' "$log"; then problem="INVARIANT VIOLATED: $(grep -m1 'FUZZ INVARIANT VIOLATED' "$log" | cut -c1-200)"
    elif grep -q 'ERROR: AddressSanitizer' "$log"; then problem="ADDRESS SANITIZER: $(grep -m1 'ERROR: AddressSanitizer' "$log" | cut -c1-160)"
    elif grep -qE 'Fatal error|deadly signal' "$log"; then problem="CRASH: $(grep -m1 -E 'Fatal error|deadly signal' "$log" | cut -c1-200)"
    elif [ "$rc" != 0 ]; then problem="FAILED (exit status $rc)"
    fi
    summary="runs ${runs:-?}, ${speed:-?} exec/s, cov ${cov:-?}, corpus ${corp:-?}, peak RSS ${peak:-?} MB"
    if [ -z "$problem" ]; then
        echo "$target: ok: $summary"
        passed=$((passed + 1))
    else
        artifact=$(grep -m1 -oE 'Test unit written to [^ ]+' "$log" | awk '{print $5}')
        echo "$target: $problem"
        echo "    $summary; artifact ${artifact:-none}; log .build-fuzz/logs/$target.log"
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
