#!/bin/bash
# Peak memory on hostile and very large inputs, against the budgets of issue 14, in one run.
#   Benchmarks/compare-memory.sh [--index-lines N] [--line-megabytes N]
# Builds `reader` in release as the README's install does (see compare-process.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --static-swift-stdlib -Xlinker -no-pie)
swift build "${flags[@]}" --product reader >&2
bin=$(swift build "${flags[@]}" --show-bin-path)
exec python3 Benchmarks/compare-memory.py --reader "$bin/reader" --corpus Tests/Corpus "$@"
