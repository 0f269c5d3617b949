"""reader push / pull beside `aws s3 sync` of the same files, to moto's server on 127.0.0.1.

A store of N real RFCs (../shared/corpus/rfc-sample, fetched from a file:// mirror) is pushed
to one prefix by `reader push` and its `objects/` folder to another by `aws s3 sync`; then
each pulls its prefix into an empty folder. Each transfer runs under /usr/bin/time for its
wall time and peak RSS; the figures are the best of --rounds, each round on a fresh server."""
import argparse
import gzip
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def timed(command, env):
    """Seconds and peak RSS (MiB) of `command`, which must succeed."""
    out = tempfile.NamedTemporaryFile(delete=False)
    start = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-o", out.name, "-f", "%M"] + command, env=env, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {result.stderr[-2000:]}")
    rss = int(open(out.name).read().split()[-1]) / 1024
    os.unlink(out.name)
    return seconds, rss


def size_of(folder):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, names in os.walk(folder) for f in names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reader", required=True)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=10, help="reader's --jobs; aws s3 sync runs 10 requests at once")
    args = parser.parse_args()
    sample = os.path.join("..", "shared", "corpus", "rfc-sample", "rfc")
    work = tempfile.mkdtemp(prefix="reader-remote-bench-")
    mirror = os.path.join(work, "mirror")
    os.makedirs(mirror)
    shutil.copy("Tests/Corpus/rfc/rfc-index.txt", mirror)
    numbers = []
    for name in sorted(os.listdir(sample))[: args.count]:
        number = name[len("rfc"):-len(".txt.gz")]
        with gzip.open(os.path.join(sample, name)) as source, open(os.path.join(mirror, f"rfc{number}.txt"), "wb") as target:
            target.write(source.read())
        numbers.append(number)
    store = os.path.join(work, "store")
    env = dict(os.environ, READER_RFC_EDITOR_URL="file://" + mirror, AWS_ACCESS_KEY_ID="AKIDBENCH",
               AWS_SECRET_ACCESS_KEY="bench-secret-key-0123456789", AWS_REGION="us-east-1", AWS_DEFAULT_REGION="us-east-1")
    # A few of the sample's RFCs do not parse (exit 5 naming them); the store holds the rest.
    subprocess.run([args.reader, "--cache-dir", store, "fetch", "rfc"] + numbers, env=env, capture_output=True)
    objects = os.path.join(store, "objects")
    blob_bytes = size_of(objects)
    blobs = sum(len(f) for _, _, f in os.walk(objects))
    print(f"store: {blobs // 2} of {len(numbers)} RFCs, {blobs} blobs, {blob_bytes / 1e6:.1f} MB as stored")
    best = {}
    for _ in range(args.rounds):
        port = free_port()
        server = subprocess.Popen(["moto_server", "-H", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            endpoint = f"http://127.0.0.1:{port}"
            env["AWS_ENDPOINT_URL_S3"] = endpoint
            env["AWS_ENDPOINT_URL"] = endpoint
            for _ in range(200):
                if subprocess.run(["curl", "-sf", "-X", "PUT", endpoint + "/bench"], capture_output=True).returncode == 0:
                    break
                time.sleep(0.05)
            aws = ["aws", "--endpoint-url", endpoint, "s3", "sync", "--only-show-errors"]
            pulled = os.path.join(work, "pulled")
            synced = os.path.join(work, "synced")
            for folder in (pulled, synced):
                shutil.rmtree(folder, ignore_errors=True)
            runs = {
                "push reader": timed([args.reader, "--cache-dir", store, "push", "--remote", "s3://bench/reader", "--jobs",
                                      str(args.jobs)], env),
                "push aws s3 sync": timed(aws + [objects, "s3://bench/aws/objects"], env),
                "pull reader": timed([args.reader, "--cache-dir", pulled, "pull", "--remote", "s3://bench/reader", "--jobs",
                                      str(args.jobs)], env),
                "pull aws s3 sync": timed(aws + ["s3://bench/aws/objects", synced], env),
            }
            if size_of(os.path.join(pulled, "objects")) != blob_bytes or size_of(synced) != blob_bytes:
                sys.exit("a pull did not bring every blob back")
            for name, (seconds, rss) in runs.items():
                if name not in best or seconds < best[name][0]:
                    best[name] = (seconds, rss)
        finally:
            server.kill()
            server.wait()
    for direction in ("push", "pull"):
        ours, theirs = best[f"{direction} reader"], best[f"{direction} aws s3 sync"]
        rate, reference = blob_bytes / ours[0] / 1e6, blob_bytes / theirs[0] / 1e6
        ratio = rate / reference
        holds = "holds" if ratio >= 1.0 and ours[1] <= 64 else "missed"
        print(f"{direction}: reader {rate:.2f} MB/s ({ours[0]:.2f} s, peak RSS {ours[1]:.0f} MiB), "
              f"aws s3 sync {reference:.2f} MB/s ({theirs[0]:.2f} s, peak RSS {theirs[1]:.0f} MiB): {ratio:.2f}x; "
              f"goal >= 1.0x and <= 64 MiB: {holds}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
