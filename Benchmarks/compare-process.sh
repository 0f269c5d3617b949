#!/bin/bash
# Whole-process figures: `reader` against git cat-file, wc and curl, in one run.
#   Benchmarks/compare-process.sh [--mirror-count N] [--rounds N]
# Builds `reader` and `reader-bench` in release as the README's install does: the Swift runtime
# linked statically (a dynamically linked Swift program spends ~6 ms loading libraries before
# main) into a position-dependent executable (no 100,000 relocations to apply at start-up).
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --static-swift-stdlib -Xlinker -no-pie)
swift build "${flags[@]}" --product reader >&2
swift build "${flags[@]}" --product reader-bench >&2
bin=$(swift build "${flags[@]}" --show-bin-path)
# Measured as installed (the README copies it to ~/.local/bin): run from .build, whose folder
# holds thousands of files, the loader's search of the binary's own folder (its $ORIGIN rpath)
# for libc and libm added 0.4 ms to every process (`open 793`: 4.08 ms against 3.54).
installed=$(mktemp -d)
trap 'rm -rf "$installed"' EXIT
cp "$bin/reader" "$installed/reader"
python3 Benchmarks/compare-process.py --reader "$installed/reader" --bench "$bin/reader-bench" --corpus Tests/Corpus "$@"
