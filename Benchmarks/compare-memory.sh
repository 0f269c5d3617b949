#!/bin/bash
# Peak memory on hostile and very large inputs, against the budgets of issue 14, in one run.
#   Benchmarks/compare-memory.sh [--index-lines N] [--line-megabytes N]
# Builds `reader` in release as the README's install does (see compare-process.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --static-swift-stdlib -Xlinker -no-pie)
swift build "${flags[@]}" --product reader >&2
bin=$(swift build "${flags[@]}" --show-bin-path)
# Measured as installed (the README copies it to ~/.local/bin): run from .build, whose folder
# holds thousands of files, the loader's search of the binary's own folder (its $ORIGIN rpath)
# for libc and libm added 0.4 ms to every process (`open 793`: 4.08 ms against 3.54).
installed=$(mktemp -d)
trap 'rm -rf "$installed"' EXIT
cp "$bin/reader" "$installed/reader"
python3 Benchmarks/compare-memory.py --reader "$installed/reader" --corpus Tests/Corpus "$@"
