#!/usr/bin/env bash
# HTML extraction speed in one run: reader's module in-process (release) beside trafilatura and
# resiliparse on the same 12 pages. Needs PyPI for the venv; never a test dependency.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv-bench
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q trafilatura resiliparse lxml_html_clean
fi
swift build -c release --product reader-bench >/dev/null
ours=$(.build/release/reader-bench | grep "html ms/page" | awk '{print $3}')
echo "reader html                       ${ours} ms/page"
"$venv/bin/python" Benchmarks/compare-html.py | while read -r name ms unit rest; do
  echo "$name $ms $unit $rest   ratio reader/$name $(python3 -c "print(f'{$ours/$ms:.3f}')")"
done
