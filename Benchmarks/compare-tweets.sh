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
exec python3 Benchmarks/compare-tweets.py --reader "$bin/reader" --bench "$bin/reader-bench" "$@"
