#!/bin/bash
# `reader serve` under load beside nginx serving the same page as a file, and search pages on
# a store of 9,000 RFC-sized documents; one run (Benchmarks/README.md).
#   Benchmarks/compare-serve.sh [--count N] [--seconds S] [--queries N]
# Builds `reader` and `reader-bench` in release as the README's install does.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in wrk nginx; do
  command -v "$tool" > /dev/null || { echo "compare-serve: needs $tool (apt-get install wrk nginx)" >&2; exit 1; }
done
flags=(-c release --static-swift-stdlib -Xlinker -no-pie)
swift build "${flags[@]}" --product reader >&2
swift build "${flags[@]}" --product reader-bench >&2
bin=$(swift build "${flags[@]}" --show-bin-path)
exec python3 Benchmarks/compare-serve.py --reader "$bin/reader" --bench "$bin/reader-bench" --corpus Tests/Corpus "$@"
