#!/bin/bash
# `reader find` at the size of a mirror of every RFC: indexing rate, query times in process and
# as a whole process, ripgrep over the same texts, index size; one run (Benchmarks/README.md).
#   Benchmarks/compare-find.sh [--count N] [--sample FOLDER]
# Builds `reader` and `reader-bench` in release as the README's install does.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rg > /dev/null || { echo "compare-find: needs ripgrep (apt-get install ripgrep)" >&2; exit 1; }
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
python3 Benchmarks/compare-find.py --reader "$installed/reader" --bench "$bin/reader-bench" --corpus Tests/Corpus "$@"
