"""ms/page of trafilatura and resiliparse on the 12 Readability pages, and their word F1
against expected.html, for Benchmarks/compare-html.sh. Run in a venv that has both:
    python3 -m venv .venv-bench && .venv-bench/bin/pip install trafilatura resiliparse lxml_html_clean
"""
import collections, re, sys, time, pathlib

import trafilatura
from resiliparse.extract.html2text import extract_plain_text

PAGES = ["002", "003-metadata-preferred", "bbc-1", "gmw", "google-sre-book-1", "keep-tabular-data", "lemonde-1",
         "medium-1", "mercurial", "mozilla-2", "nytimes-1", "wikipedia-3"]
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent / "Tests/Corpus/html")
pages = [(root / p / "source.html").read_text(encoding="utf-8", errors="replace") for p in PAGES]
expected = [extract_plain_text((root / p / "expected.html").read_text(encoding="utf-8"), main_content=False) for p in PAGES]

def words(text):
    return collections.Counter(re.findall(r"\w+", (text or "").lower()))

def f1(got, want):
    g, w = words(got), words(want)
    common = sum((g & w).values())
    if not common:
        return 0.0
    p, r = common / sum(g.values()), common / sum(w.values())
    return 2 * p * r / (p + r)

def best(fn, rounds=5):
    fastest = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for page in pages:
            fn(page)
        fastest = min(fastest, time.perf_counter() - start)
    return fastest * 1000 / len(pages)

tools = {
    "trafilatura": lambda html: trafilatura.extract(html, include_comments=False, include_tables=True),
    "resiliparse": lambda html: extract_plain_text(html, main_content=True),
}
for name, fn in tools.items():
    ms = best(fn)
    mean_f1 = sum(f1(fn(p), e) for p, e in zip(pages, expected)) / len(pages)
    print(f"{name:<34}{ms:8.3f} ms/page   mean F1 {mean_f1:.4f}")
