#!/usr/bin/env bash
# Regenerates the man pages in desktop/man/man1 from the programs' argument parsers, with swift-argument-parser's
# generate-manual plugin (its `generate-manual` tool reads each program's `--experimental-dump-help`). Run it after
# changing a command line's options; the install tests (Tests/InstallTests) fail while a page and the program's
# --help disagree. The pages carry the date of the last commit, so regenerating unchanged options changes nothing.
#
#   scripts/make-manuals.sh [debug|release]     default debug (what `swift build` already built)
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:-debug}
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)

# The plugin builds the package's products and the tool, and writes pages for the products into .build/plugins;
# the pages committed are made below from the programs under their installed names instead (the window is
# installed as `circleplayer`, and names itself so).
swift package generate-manual --configuration "$config" --date "$date" >/dev/null
bin=$(swift build -c "$config" --show-bin-path)
tool=$(find .build -path '*/plugins/*' -prune -o -type f \( -name generate-manual -o -name generate-manual-tool \) -perm -u+x -print | head -1)
[ -n "$tool" ] || { echo "make-manuals: the generate-manual tool was not built" >&2; exit 1; }

names=$(mktemp -d)
trap 'rm -rf "$names"' EXIT
ln -s "$bin/SDLDemo" "$names/circleplayer"
for program in hlsfetch mediakit streamserve streamplay; do ln -s "$bin/$program" "$names/$program"; done
mkdir -p desktop/man/man1
rm -f desktop/man/man1/*.1
for program in circleplayer hlsfetch mediakit streamserve streamplay; do
    "$tool" "$names/$program" --date "$date" --output-directory desktop/man/man1
    # generate-manual keeps a help text's blank lines, which mdoc warns about ("Empty input line"): a blank line
    # between paragraphs is mdoc's paragraph break, .Pp.
    sed -i 's/^$/.Pp/' "desktop/man/man1/$program.1"
done
ls desktop/man/man1
