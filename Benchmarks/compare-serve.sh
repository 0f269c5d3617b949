#!/bin/bash
# `reader serve` under load beside nginx serving the same page as a file, and search pages on
# a store of 9,000 RFC-sized documents; one run (Benchmarks/README.md).
#   Benchmarks/compare-serve.sh [--count N] [--seconds S] [--rounds R] [--queries N]
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
# Measured as installed (the README copies it to ~/.local/bin): run from .build, whose folder
# holds thousands of files, the loader's search of the binary's own folder (its $ORIGIN rpath)
# for libc and libm added 0.4 ms to every process (`open 793`: 4.08 ms against 3.54).
installed=$(mktemp -d)
trap 'rm -rf "$installed"' EXIT
cp "$bin/reader" "$installed/reader"
python3 Benchmarks/compare-serve.py --reader "$installed/reader" --bench "$bin/reader-bench" --corpus Tests/Corpus "$@"
