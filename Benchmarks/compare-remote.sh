#!/bin/bash
# `reader push` and `reader pull` against `aws s3 sync` of the same blob files, to moto's S3
# server on 127.0.0.1, in one run (issue 20's goal: ≥ 1.0× its throughput both ways, peak RSS
# ≤ 64 MiB).   Benchmarks/compare-remote.sh [--count N] [--rounds N]
# Needs moto_server and aws (awscli) on PATH, and ../shared/corpus/rfc-sample (1,067 real RFCs).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product reader >&2
bin=$(swift build -c release --show-bin-path)
exec python3 Benchmarks/compare-remote.py --reader "$bin/reader" "$@"
