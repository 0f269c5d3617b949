#!/bin/bash
# Whole-process figures: `reader` against git cat-file, wc and curl, in one run.
#   Benchmarks/compare-process.sh [--mirror-count N] [--rounds N]
# Builds `reader` and `reader-bench` in release with the Swift runtime linked statically (as
# the README's install does): a dynamically linked Swift program spends ~6 ms loading
# libraries before main, more than the whole budget of `open`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product reader >&2
swift build -c release --static-swift-stdlib --product reader-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
exec python3 Benchmarks/compare-process.py --reader "$bin/reader" --bench "$bin/reader-bench" --corpus Tests/Corpus "$@"
