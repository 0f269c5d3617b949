#!/bin/bash
# Every row of issue 32's table, one run each, in turn (never two at once: they would share the
# two cores), each script's figures printed under its name:
#   Benchmarks/issue32.sh [--tweets-work FOLDER --tweets-have N]
# About an hour on two cores: the mirror of 50,000 real RFCs and the million tweets take most
# of it. With --tweets-work, the store of tweets an earlier run of compare-tweets.py left there
# (its first N tweets) is measured instead of made again (~1 h for a million).
set -euo pipefail
cd "$(dirname "$0")/.."
tweets=(--sizes 10000)
while [ $# -gt 0 ]; do
  case "$1" in
    --tweets-work) tweets+=(--work "$2"); shift 2 ;;
    --tweets-have) tweets=(--sizes "$2" --have "$2" "${tweets[@]:2}"); shift 2 ;;
    *) echo "issue32.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
sample=../shared/corpus/rfc-sample/rfc
section() { printf '\n=== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

section "process: --version, open, fetch rfc-index; the real sample's mirror at 1,067, 9,000 and 50,000; 9,000 large copies over HTTP"
Benchmarks/compare-process.sh --sample "$sample" --sample-counts 9000,50000 --mirror-count 9000 --unique --rounds 30
section "find: 9,000 documents, 50 queries as processes, against rg"
Benchmarks/compare-find.sh --count 9000 --process-queries 50
section "serve and the search page: 9,000 documents, against nginx"
Benchmarks/compare-serve.sh --count 9000
section "push and pull: 1,000 real RFCs to moto, against rclone and aws s3 sync"
Benchmarks/compare-remote.sh --count 1000
section "a store of tweets: find, open, cache ls --limit 20, verify, gc"
Benchmarks/compare-tweets.sh "${tweets[@]}"
section "done"
