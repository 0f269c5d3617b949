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
# Measured as installed (the README copies it to ~/.local/bin): run from .build, whose folder
# holds thousands of files, the loader's search of the binary's own folder (its $ORIGIN rpath)
# for libc and libm added 0.4 ms to every process (`open 793`: 4.08 ms against 3.54).
installed=$(mktemp -d)
trap 'rm -rf "$installed"' EXIT
cp "$bin/reader" "$installed/reader"
python3 Benchmarks/compare-remote.py --reader "$installed/reader" "$@"
