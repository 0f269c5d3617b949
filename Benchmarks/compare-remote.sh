#!/bin/bash
# `reader push` and `reader pull` against `aws s3 sync` and `rclone copy --transfers 8` of the
# same blob files, to moto's S3 server on 127.0.0.1, in one run (goal: ≥ 1.0× their throughput
# both ways, peak RSS ≤ 64 MiB).   Benchmarks/compare-remote.sh [--count N] [--rounds N]
# Needs moto_server, aws (awscli) and rclone (apt-get install rclone) on PATH, and
# ../shared/corpus/rfc-sample (1,067 real RFCs). Builds reader as the README's install does.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --static-swift-stdlib -Xlinker -no-pie)
swift build "${flags[@]}" --product reader >&2
bin=$(swift build "${flags[@]}" --show-bin-path)
exec python3 Benchmarks/compare-remote.py --reader "$bin/reader" "$@"
