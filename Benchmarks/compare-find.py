"""`reader find` against ripgrep and `reader --version`, on one store of RFC-sized documents
made in the same run (Benchmarks/README.md). Run through compare-find.sh."""
import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def wall(command, env=None, expect=(0, 1)):
    """Wall time of one run, in seconds; it must exit with one of `expect`."""
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if result.returncode not in expect:
        sys.exit(f"compare-find: {' '.join(command)} exited {result.returncode}: {result.stderr.decode()[:300]}")
    return elapsed


def ripgrep(words, folder):
    """`rg -l` of every word (as `find` has them all: each word narrows the files of the one
    before), case-insensitive, whole words; the wall time of the whole pipeline."""
    start = time.perf_counter()
    files = None
    for word in words:
        command = ["rg", "-l", "-i", "-w", "-F", "--no-messages", "-e", word]
        command += files if files is not None else [folder]
        if files is not None and not files:
            break
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        files = result.stdout.decode().split("\n")
        files = [name for name in files if name]
    return time.perf_counter() - start


def unpack_sample(sample, plain):
    """The sample's real RFCs (gzipped in shared/) as plain text files in `plain`, which
    `reader-bench find` varies into a store (compare-serve makes its store the same way)."""
    os.makedirs(plain)
    for name in sorted(os.listdir(sample)):
        if name.endswith(".txt.gz"):
            with gzip.open(os.path.join(sample, name)) as source, open(os.path.join(plain, name[:-3]), "wb") as target:
                shutil.copyfileobj(source, target)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reader", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--sample", default=os.path.join(os.path.dirname(__file__), "../../shared/corpus/rfc-sample/rfc"))
    parser.add_argument("--count", type=int, default=9000)
    parser.add_argument("--process-queries", type=int, default=50)
    args = parser.parse_args()
    reader = os.path.abspath(args.reader)
    work = tempfile.mkdtemp(prefix="compare-find-")
    try:
        # The real RFCs, as text: the sample's 1,067 (gzipped in shared/) and the corpus's six.
        plain = os.path.join(work, "rfc")
        unpack_sample(args.sample, plain)
        for name in ["rfc1", "rfc793", "rfc2616", "rfc3986", "rfc8446", "rfc9110"]:
            shutil.copy(os.path.join(args.corpus, "rfc", name + ".txt"), os.path.join(plain, "corpus-" + name + ".txt"))
        store = os.path.join(work, "store")
        texts = os.path.join(work, "texts")
        print(f"compare-find: {args.count} documents from {len(os.listdir(plain))} real RFCs (variants: one word in eight replaced)")
        subprocess.run([args.bench, "find", store, texts, str(args.count), plain], check=True)
        with open(os.path.join(work, "queries.txt")) as lines:
            queries = [line.split() for line in lines.read().split("\n") if line.strip()]

        env = dict(os.environ, READER_CACHE_DIR=store)
        env.pop("NO_COLOR", None)
        # Warm: the page cache holds the index and the texts for both tools.
        wall([reader, "find", "protocol"], env)
        subprocess.run(["rg", "-l", "-e", "protocol", texts], stdout=subprocess.DEVNULL)

        chosen = queries[: args.process_queries]
        finds = [wall([reader, "find", *words], env) for words in chosen]
        versions = [wall([reader, "--version"], env, expect=(0,)) for _ in chosen]
        greps = [ripgrep(words, texts) for words in chosen]
        find_ms = statistics.median(finds) * 1000
        version_ms = statistics.median(versions) * 1000
        rg_ms = statistics.median(greps) * 1000
        print(f"find process, median of {len(chosen)} queries    {find_ms:8.2f} ms   reference reader --version {version_ms:8.2f} ms"
              f"   ratio {find_ms / version_ms:6.2f}   goal <= 3x: {'holds' if find_ms <= 3 * version_ms else 'MISSED'}")
        print(f"rg -l, the same queries, median           {rg_ms:8.2f} ms   reader find {find_ms:8.2f} ms"
              f"   ratio {rg_ms / find_ms:6.1f}x   goal >= 30x (issue 32): {'holds' if rg_ms >= 30 * find_ms else 'MISSED'}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
