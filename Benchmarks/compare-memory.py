"""Peak memory of `reader` on hostile and very large inputs (issue 14's goals), each against its
budget and against the process's own floor (`reader sources`), measured in the same run.
Run through compare-memory.sh. The inputs are synthetic, made here: gzip bombs, a 255 MB
index, a million-line index, a 100 MB line; the RFC texts are the corpus's."""
import argparse
import http.server
import importlib.util
import os
import shutil
import socketserver
import sys
import tempfile
import threading
import zlib

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("compare_process", os.path.join(here, "compare-process.py"))
compare_process = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare_process)
figure = compare_process.figure
CORPUS_RFCS = compare_process.CORPUS_RFCS
MIB = 1024  # ru_maxrss is in KiB


def measured(command, env, expect=0):
    """Wall time (s), peak RSS (KiB) and stderr of one run, which must exit `expect`."""
    return compare_process.run_measured(command, env, expect=expect, with_stderr=True)


def deflate_bomb(size):
    """A zlib stream of `size` zero bytes, made a megabyte at a time."""
    compressor = zlib.compressobj(9)
    zeros = bytes(1 << 20)
    parts = [compressor.compress(zeros) for _ in range(size >> 20)]
    parts.append(compressor.flush())
    return b"".join(parts)


def million_line_index(path, count):
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December"]
    statuses = ["PROPOSED STANDARD", "INFORMATIONAL", "EXPERIMENTAL", "INTERNET STANDARD",
                "BEST CURRENT PRACTICE", "HISTORIC", "UNKNOWN"]
    with open(path, "w") as out:
        out.write("RFC INDEX\n\n")
        for n in range(1, count + 1):
            # About 126 bytes a line: the size of the index this goal was set on (126 MB).
            out.write(f"{n:04d} Extension {n} of the Tests. A. Author. {months[n % 12]} {1969 + n % 57}. "
                      f"(Format: TXT) (Status: {statuses[n % 7]}) (DOI: 10.17487/RFC{n:04d})\n")


class Handler(http.server.SimpleHTTPRequestHandler):
    bomb = b""

    def do_GET(self):
        if self.path.startswith("/bomb/"):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Encoding", "deflate")
            self.send_header("Content-Length", str(len(self.bomb)))
            self.end_headers()
            self.wfile.write(self.bomb)
        else:
            super().do_GET()

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reader", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--index-lines", type=int, default=1_000_000)
    parser.add_argument("--line-megabytes", type=int, default=100)
    args = parser.parse_args()
    reader = os.path.abspath(args.reader)
    work = tempfile.mkdtemp(prefix="reader-memory-")
    try:
        run(args, reader, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(args, reader, work):
    served = os.path.join(work, "served")
    for site in ["million", "big", "rfcs"]:
        os.makedirs(os.path.join(served, site, "rfc"))
    million_line_index(os.path.join(served, "million", "rfc-index.txt"), args.index_lines)
    # 255 MB of a real index, repeated: real-looking, and more than one parse may hold.
    real_index = open(os.path.join(args.corpus, "rfc", "rfc-index.txt"), "rb").read()
    with open(os.path.join(served, "big", "rfc-index.txt"), "wb") as out:
        written = 0
        while written < 255_000_000:
            piece = real_index[:255_000_000 - written]
            out.write(piece)
            written += len(piece)
    for number in range(1, 2001):
        os.symlink(os.path.join(os.path.abspath(args.corpus), "rfc", CORPUS_RFCS[number % 6] + ".txt"),
                   os.path.join(served, "rfcs", "rfc", f"rfc{number}.txt"))
    shutil.copy(os.path.join(args.corpus, "rfc", "rfc-index.txt"), os.path.join(served, "rfcs"))
    Handler.bomb = deflate_bomb(1 << 30)

    handler = lambda *a, **k: Handler(*a, directory=served, **k)
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("READER_")}
    env["NO_COLOR"] = "1"

    def store(name):
        return dict(env, READER_CACHE_DIR=os.path.join(work, "store-" + name))

    def at_most(limit):
        def check(ratio):
            return ratio <= 1.0
        check.__doc__ = f"≤ {limit}"
        return check

    try:
        _, floor, _ = measured([reader, "sources"], store("floor"))
        floor_mib = floor / MIB
        print(f"the process's floor, `reader sources`: {floor_mib:.1f} MiB peak RSS")

        _, peak, stderr = measured([reader, "fetch", "--jobs", "16"] + [f"{base}/bomb/{n}" for n in range(16)],
                                   store("bombs"), expect=4)
        assert "expands past" in stderr, stderr
        figure("16 gzip bombs (1 GiB each) --jobs 16, peak", peak / MIB, "MiB", "the 64 MiB budget", 64,
               peak / MIB / 64, at_most("64 MiB"))

        _, peak, stderr = measured([reader, "fetch", "rfc-index"], dict(store("big"), READER_RFC_EDITOR_URL=f"{base}/big"),
                                   expect=5)
        assert "READER_MEMORY_BUDGET" in stderr, stderr
        figure("a 255 MB body (refused: over the parse budget)", peak / MIB, "MiB", "the 128 MiB budget", 128,
               peak / MIB / 128, at_most("128 MiB"))

        elapsed, peak, _ = measured([reader, "fetch", "rfc", "1-2000", "--jobs", "32"],
                                    dict(store("rfcs"), READER_RFC_EDITOR_URL=f"{base}/rfcs"))
        figure("fetch rfc 1-2000 --jobs 32, peak", peak / MIB, "MiB", "the 64 MiB budget", 64, peak / MIB / 64,
               at_most("64 MiB"))

        million = dict(store("million"), READER_RFC_EDITOR_URL=f"{base}/million")
        size = os.path.getsize(os.path.join(served, "million", "rfc-index.txt")) / 1e6
        elapsed, peak, _ = measured([reader, "fetch", "rfc-index"], million)
        figure(f"fetch a {args.index_lines:,}-line index ({size:.0f} MB), peak", peak / MIB, "MiB", "the 512 MiB budget",
               512, peak / MIB / 512, at_most("512 MiB"))
        print(f"  (took {elapsed:.1f} s)")
        best_time, best_peak = float("inf"), 0
        for _ in range(5):
            elapsed, peak, _ = measured([reader, "list", "--limit", "3"], million)
            best_time, best_peak = min(best_time, elapsed), max(best_peak, peak)
        figure("list --limit 3 on it, peak", best_peak / MIB, "MiB", "the 64 MiB budget", 64, best_peak / MIB / 64,
               at_most("64 MiB"))
        figure("list --limit 3 on it, best of 5", best_time * 1000, "ms", "the 100 ms budget", 100, best_time * 10,
               at_most("100 ms"))

        line = os.path.join(work, "line.html")
        words = b"alpha beta gamma delta protocol stream packet header "
        with open(line, "wb") as out:
            out.write(b"<html><head><title>One long line</title></head><body><p>")
            out.write(words * (args.line_megabytes * 1_000_000 // len(words)))
            out.write(b"</p></body></html>\n")
        text_time, _, _ = measured([reader, "open", line, "--format", "text", "--no-pager"], env)
        markdown_time, _, _ = measured([reader, "open", line, "--format", "markdown", "--no-pager"], env)
        figure(f"open a {args.line_megabytes} MB line as Markdown", markdown_time, "s", "the same as text",
               text_time, markdown_time / text_time, at_most("1.5× text"))
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
