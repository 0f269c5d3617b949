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
exec python3 Benchmarks/compare-find.py --reader "$bin/reader" --bench "$bin/reader-bench" --corpus Tests/Corpus "$@"
