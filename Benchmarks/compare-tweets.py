"""A store of a million documents (issue 32): single tweets, made by `reader-bench tweets` (how:
Benchmarks/ReaderBench/TweetStore.swift), measured at each size it grows through, so that each
figure's growth from the first size to the last is read off one run. Run through
compare-tweets.sh.

Per size: `find` as a process (median of the queries' wall times, the queries asked twice: the
first pass cold, the second the goal's), `open` of one tweet against
`git cat-file -p` of its bytes, `cache ls --limit 20`, `cache verify` and `cache gc` (wall time
and peak RSS)."""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(command, env, expect=(0,)):
    """Wall time (s) and peak RSS (KiB) of one run; it must exit with one of `expect`."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    errors = process.stderr.read().decode()
    process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in expect:
        sys.exit(f"compare-tweets: {' '.join(command)} exited {code}: {errors[-300:]}")
    return elapsed, usage.ru_maxrss


def best(command, env, rounds, expect=(0,)):
    return min(run(command, env, expect)[0] for _ in range(rounds))


def figure(name, value, unit, reference_name="", reference=None, goal=None):
    line = f"{name:44} {value:10.2f} {unit:4}"
    if reference is not None:
        line += f"   reference {reference_name:26} {reference:9.2f} {unit:4}  ratio {value / reference:6.2f}"
    if goal:
        line += f"   goal {goal[0]}: {'holds' if goal[1] else 'MISSED'}"
    print(line, flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reader", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--sizes", default="10000,100000,1000000", help="the sizes to measure at, growing")
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--work", help="a folder to keep the store in (default: a temporary one, removed)")
    parser.add_argument("--no-maintenance", action="store_true",
                        help="skip cache verify and gc (minutes at a million): find, open and ls only")
    parser.add_argument("--have", type=int, default=0,
                        help="the store in --work holds the first N tweets already (an earlier run's): not made again")
    args = parser.parse_args()
    reader = os.path.abspath(args.reader)
    work = args.work or tempfile.mkdtemp(prefix="compare-tweets-")
    store = os.path.join(work, "store")
    texts = os.path.join(work, "texts")
    home = os.path.join(work, "home")
    os.makedirs(home, exist_ok=True)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "NO_COLOR": "1", "LANG": "C.UTF-8",
           "READER_CACHE_DIR": store}
    repository = os.path.join(work, "git")
    sizes = [int(size) for size in args.sizes.split(",")]
    first = args.have
    rows = {}
    try:
        for size in sizes:
            started = time.perf_counter()
            if size > first:
                subprocess.run([args.bench, "tweets", store, str(size), texts, str(first)], check=True)
            print(f"--- {size:,} tweets ({time.perf_counter() - started:.0f} s to store the last {max(0, size - first):,})",
                  flush=True)
            first = max(first, size)
            rows[size] = measure(reader, env, texts, repository, args.queries, size, not args.no_maintenance)
        if len(sizes) > 1 and not args.no_maintenance:
            low, high = sizes[0], sizes[-1]
            print(f"--- growth from {low:,} to {high:,} tweets ({high // low}x the documents)")
            for name, unit in (("find p50", "ms"), ("open", "ms"), ("ls --limit 20", "ms"), ("verify", "s"),
                               ("verify rss", "MiB"), ("gc", "s"), ("gc rss", "MiB")):
                figure(f"{name}: at {high:,} / at {low:,}", rows[high][name], unit, f"at {low:,}", rows[low][name])
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def measure(reader, env, texts, repository, query_count, size, maintenance=True):
    row = {}
    # Queries: two consecutive words of a stored tweet's text (3 letters or more), seeded.
    randomness = random.Random(size)
    queries = []
    names = sorted(os.listdir(texts))
    while len(queries) < query_count:
        with open(os.path.join(texts, randomness.choice(names))) as raw:
            words = [word for word in json.load(raw).get("text", "").split() if word.isalpha() and len(word) >= 3]
        if len(words) >= 2:
            start = randomness.randrange(len(words) - 1)
            queries.append([word.lower() for word in words[start:start + 2]])
    # Each query twice, in two passes: the first meets an index the page cache may have let go
    # (the rows before this one wrote gigabytes), as a search does after a boot; the second is
    # a collection in use, the goal's figure. Both are shown.
    cold = [run([reader, "find", *words], env, expect=(0, 1))[0] for words in queries]
    times = [run([reader, "find", *words], env, expect=(0, 1))[0] for words in queries]
    figure(f"find as a process, {len(queries)} queries, p50, first pass (cold)", statistics.median(cold) * 1000, "ms")
    row["find p50"] = statistics.median(times) * 1000
    figure(f"find as a process, {len(queries)} queries, p50, second pass", row["find p50"], "ms",
           goal=("<= 10 ms", row["find p50"] <= 10))

    # One tweet, as stored by `reader-bench tweets` (its id is 10^18 + its number).
    key = f"https://api.x.com/2/tweets/{10**18 + 500}"
    if not os.path.isdir(repository):
        subprocess.run(["git", "init", "-q", repository], check=True)
    blob = subprocess.run(["git", "hash-object", "-w", os.path.join(texts, "500.json")], cwd=repository, check=True,
                          capture_output=True, text=True).stdout.strip()
    run([reader, "open", key, "--offline", "--no-pager"], env)
    row["open"] = best([reader, "open", key, "--offline", "--no-pager"], env, 20) * 1000
    cat_file = best(["git", "-C", repository, "cat-file", "-p", blob], env, 20) * 1000
    figure("open of one tweet --offline", row["open"], "ms", "git cat-file -p", cat_file,
           goal=("<= 3x", row["open"] <= 3 * cat_file))

    row["ls --limit 20"] = best([reader, "cache", "ls", "--limit", "20"], env, 5) * 1000
    figure("cache ls --limit 20", row["ls --limit 20"], "ms", goal=("<= 50 ms", row["ls --limit 20"] <= 50))

    for command, name in ((["cache", "verify"], "verify"), (["cache", "gc"], "gc")) if maintenance else ():
        elapsed, rss = run([reader, *command], env)
        row[name], row[name + " rss"] = elapsed, rss / 1024
        figure(f"cache {name}", elapsed, "s")
        figure(f"cache {name} peak RSS", rss / 1024, "MiB", "the 64 MiB budget", 64, goal=("<= 64 MiB", rss / 1024 <= 64))
    return row


if __name__ == "__main__":
    main()
