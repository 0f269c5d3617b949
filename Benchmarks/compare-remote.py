"""reader push / pull beside `aws s3 sync` and `rclone copy --transfers 8` of the same files, to
moto's server on 127.0.0.1.

A store of N real RFCs (../shared/corpus/rfc-sample, fetched from a file:// mirror) is pushed
to one prefix by `reader push` and its `objects/` folder to others by `aws s3 sync` and by
Debian's rclone; then each pulls its prefix into an empty folder. Each transfer runs under /usr/bin/time for its
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
            # rclone's remote `bench:` from the environment (no config file), path-style as moto wants.
            env.update(RCLONE_CONFIG_BENCH_TYPE="s3", RCLONE_CONFIG_BENCH_PROVIDER="Other",
                       RCLONE_CONFIG_BENCH_ENDPOINT=endpoint, RCLONE_CONFIG_BENCH_ACCESS_KEY_ID=env["AWS_ACCESS_KEY_ID"],
                       RCLONE_CONFIG_BENCH_SECRET_ACCESS_KEY=env["AWS_SECRET_ACCESS_KEY"],
                       RCLONE_CONFIG_BENCH_REGION="us-east-1", RCLONE_CONFIG_BENCH_FORCE_PATH_STYLE="true")
            rclone = ["rclone", "copy", "--transfers", "8", "--config", "/dev/null"]
            # The AWS SDK inside rclone refuses AWS_CA_BUNDLE with its own HTTP transport; the
            # server is plain HTTP on loopback anyway.
            env.pop("AWS_CA_BUNDLE", None)
            pulled = os.path.join(work, "pulled")
            synced = os.path.join(work, "synced")
            cloned = os.path.join(work, "cloned")
            for folder in (pulled, synced, cloned):
                shutil.rmtree(folder, ignore_errors=True)
            runs = {
                "push reader": timed([args.reader, "--cache-dir", store, "push", "--remote", "s3://bench/reader", "--jobs",
                                      str(args.jobs)], env),
                "push aws s3 sync": timed(aws + [objects, "s3://bench/aws/objects"], env),
                "pull reader": timed([args.reader, "--cache-dir", pulled, "pull", "--remote", "s3://bench/reader", "--jobs",
                                      str(args.jobs)], env),
                "pull aws s3 sync": timed(aws + ["s3://bench/aws/objects", synced], env),
                "push rclone": timed(rclone + [objects, "bench:bench/rclone/objects"], env),
                "pull rclone": timed(rclone + ["bench:bench/rclone/objects", cloned], env),
            }
            if any(size != blob_bytes for size in (size_of(os.path.join(pulled, "objects")), size_of(synced), size_of(cloned))):
                sys.exit("a pull did not bring every blob back")
            for name, (seconds, rss) in runs.items():
                if name not in best or seconds < best[name][0]:
                    best[name] = (seconds, rss)
        finally:
            server.kill()
            server.wait()
    for direction in ("push", "pull"):
        ours = best[f"{direction} reader"]
        rate = blob_bytes / ours[0] / 1e6
        for tool in ("aws s3 sync", "rclone"):
            theirs = best[f"{direction} {tool}"]
            reference = blob_bytes / theirs[0] / 1e6
            ratio = rate / reference
            holds = "holds" if ratio >= 1.0 and ours[1] <= 64 else "missed"
            print(f"{direction}: reader {rate:.2f} MB/s ({ours[0]:.2f} s, peak RSS {ours[1]:.0f} MiB), "
                  f"{tool} {reference:.2f} MB/s ({theirs[0]:.2f} s, peak RSS {theirs[1]:.0f} MiB): {ratio:.2f}x; "
                  f"goal >= 1.0x and <= 64 MiB: {holds}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
