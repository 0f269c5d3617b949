#!/usr/bin/env python3
"""Accuracy of reader's HTML extraction on the news pages of ../shared/corpus/html-news.

For each page: `reader open PAGE --format json`, whose `text` is `Document.plainText`, scored against the page's hand-marked `articleBody` two ways:

- token F1: bags of lowercased words (letters and digits; one CJK character is one word), as
  `Tests/ReaderTestSupport/WordOverlap.swift` counts them; means over pages.
- shingle F1: the benchmark's own (`evaluate.py` of scrapinghub/article-extraction-benchmark):
  case-sensitive `\\w+` tokens, 4-word shingles counted with multiplicity, precision averaged
  over pages with output, recall over pages with a reference, F1 of the two means.

Usage: Benchmarks/news-accuracy.py [--reader .build/debug/reader] [--corpus DIR] [--show ID]
(`--show` prints a page's extra and missing text, to see which rule misses.)
"""

import argparse
import collections
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

CJK = [(0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF), (0x20000, 0x2FA1F)]


def words(text):
    """WordOverlap.words: lowercased runs of letters and digits, each CJK character a word."""
    result, current = [], []
    for char in text.lower():
        code = ord(char)
        if any(low <= code <= high for low, high in CJK):
            if current:
                result.append("".join(current))
                current = []
            result.append(char)
        elif char.isalpha() or char.isnumeric():
            current.append(char)
        elif current:
            result.append("".join(current))
            current = []
    if current:
        result.append("".join(current))
    return result


def token_overlap(extracted, expected):
    got, want = collections.Counter(words(extracted)), collections.Counter(words(expected))
    common = sum((got & want).values())
    got_total, want_total = sum(got.values()), sum(want.values())
    precision = (1.0 if want_total == 0 else 0.0) if got_total == 0 else common / got_total
    recall = 1.0 if want_total == 0 else common / want_total
    f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
    return precision, recall, f1, got - want, want - got


TOKEN = re.compile(r"\w+", re.UNICODE | re.MULTILINE | re.IGNORECASE | re.DOTALL)


def shingles(text, n=4):
    tokens = TOKEN.findall(text or "")
    return collections.Counter(" ".join(tokens[i : i + n]) for i in range(max(1, len(tokens) - n + 1)) if tokens[i : i + n])


def shingle_counts(extracted, expected):
    """The benchmark's true positives, false positives and false negatives of one page."""
    pred, true = shingles(extracted), shingles(expected)
    tp = sum((pred & true).values())
    return tp, sum((pred - true).values()), sum((true - pred).values())


def extract(reader, path, cache):
    result = subprocess.run(
        [reader, "open", path, "--format", "json", "--offline", "--cache-dir", cache],
        capture_output=True, check=False)
    if result.returncode != 0:
        return ""
    return json.loads(result.stdout).get("text", "")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--reader", default=os.path.join(here, "..", ".build", "debug", "reader"))
    parser.add_argument("--corpus", default=os.path.join(here, "..", "..", "shared", "corpus", "html-news"))
    parser.add_argument("--show", help="a page id (or its prefix): print its extra and missing words")
    arguments = parser.parse_args()

    with open(os.path.join(arguments.corpus, "ground-truth.json"), encoding="utf-8") as file:
        truth = json.load(file)
    pages = sorted(truth)
    if arguments.show:
        pages = [page for page in pages if page.startswith(arguments.show)]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        cache = os.path.join(work, "cache")
        for page in pages:
            path = os.path.join(work, page[:16] + ".html")
            with gzip.open(os.path.join(arguments.corpus, "html", page + ".html.gz")) as source, open(path, "wb") as out:
                out.write(source.read())
            text = extract(arguments.reader, path, cache)
            expected = truth[page]["articleBody"]
            precision, recall, f1, extra, missing = token_overlap(text, expected)
            tp, fp, fn = shingle_counts(text, expected)
            rows.append((page, precision, recall, f1, tp, fp, fn, text))
            if arguments.show:
                print(text)
                print("\n--- extra:", " ".join(f"{w}:{c}" for w, c in extra.most_common(60)))
                print("--- missing:", " ".join(f"{w}:{c}" for w, c in missing.most_common(60)))

    print(f"{'page':10} {'P':>6} {'R':>6} {'F1':>6}   {'sP':>6} {'sR':>6}")
    for page, precision, recall, f1, tp, fp, fn, _ in sorted(rows, key=lambda row: row[3]):
        sp = tp / (tp + fp) if tp + fp else float("nan")
        sr = tp / (tp + fn) if tp + fn else float("nan")
        print(f"{page[:10]} {precision:6.3f} {recall:6.3f} {f1:6.3f}   {sp:6.3f} {sr:6.3f}")
    count = len(rows)
    mean = lambda values: sum(values) / len(values) if values else 0.0
    print(f"token: mean F1 {mean([r[3] for r in rows]):.4f}, precision {mean([r[1] for r in rows]):.4f}, "
          f"recall {mean([r[2] for r in rows]):.4f} ({count} pages)")
    shingle_p = mean([r[4] / (r[4] + r[5]) for r in rows if r[4] + r[5] > 0])
    shingle_r = mean([r[4] / (r[4] + r[6]) for r in rows if r[4] + r[6] > 0])
    shingle_f1 = 2 * shingle_p * shingle_r / (shingle_p + shingle_r) if shingle_p + shingle_r else 0.0
    print(f"shingle: F1 {shingle_f1:.4f}, precision {shingle_p:.4f}, recall {shingle_r:.4f}")


if __name__ == "__main__":
    sys.exit(main())
