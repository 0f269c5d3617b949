#!/bin/bash
# A store of a million single-tweet documents, measured as it grows (Benchmarks/README.md).
#   Benchmarks/compare-tweets.sh [--sizes 10000,100000,1000000] [--queries N] [--work FOLDER]
# Builds `reader` and `reader-bench` in release as the README's install does.
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
python3 Benchmarks/compare-tweets.py --reader "$installed/reader" --bench "$bin/reader-bench" "$@"
