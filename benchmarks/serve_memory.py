"""`sheets serve` under load (not a test): the server's peak memory while many clients send large
requests at once, and whether another tab is still answered while slow clients hold connections.

    python benchmarks/serve_memory.py [--requests 150] [--mb 15] [--slow 1000] [--checkout DIR]

Memory: ``--requests`` clients each ``POST /api/check`` one body of ``--mb`` MB (three files of a
third each: a small unit file padded with comment lines, inside every cap) at the same moment;
the resident set of the server process and of the server with its workers is sampled every 20 ms
from ``/proc`` (peak reported), with the answers' status codes and the wall time.
Slow clients: ``--slow`` connections each send half a request line and stop, under an open-file
limit of 256, then one more client asks for ``/api/catalogue``: its time (or its failure).

``--checkout DIR`` runs another checkout's ``sheets`` (e.g. a worktree of the commit before) for
the figures before a change.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNIT = (ROOT / "data/units/dmech/otrok.yaml").read_bytes()


def body_of(mb: float) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    part = int(mb * 1024 * 1024 / 3)
    pad = b"# " + b"x" * 78 + b"\n"
    data = UNIT + pad * ((part - len(UNIT)) // len(pad))
    out = b""
    for i in range(3):
        out += (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="u{i}.yaml"\r\n'
                f"Content-Type: application/octet-stream\r\n\r\n"
            ).encode()
            + data
            + b"\r\n"
        )
    out += f"--{boundary}--\r\n".encode()
    return out, f"multipart/form-data; boundary={boundary}"


def start(checkout: Path, nofile: int | None = None) -> tuple[subprocess.Popen, int]:
    env = dict(os.environ, PYTHONPATH=str(checkout), SHEETS_CONFIG="")

    def limit():
        if nofile:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    proc = subprocess.Popen(
        [sys.executable, "-m", "sheets", "serve", "--no-open", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tempfile.mkdtemp(),
        preexec_fn=limit,
    )
    line = proc.stdout.readline()
    m = re.search(r":(\d+)/", line)
    if not m:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r} {proc.stderr.read()[-500:]}")
    return proc, int(m.group(1))


def stop(proc: subprocess.Popen) -> float:
    t = time.monotonic()
    proc.terminate()
    try:
        proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return float("inf")
    return time.monotonic() - t


def _rss(pid: int) -> int:
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out


class Sampler(threading.Thread):
    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.stop = pid, False
        self.server = self.total = 0

    def run(self) -> None:
        kids: list[int] = []
        n = 0
        while not self.stop:
            if n % 25 == 0:
                kids = _children(self.pid)
            own = _rss(self.pid)
            self.server = max(self.server, own)
            self.total = max(self.total, own + sum(_rss(k) for k in kids))
            n += 1
            time.sleep(0.02)


def memory(checkout: Path, requests: int, mb: float) -> dict:
    proc, port = start(checkout)
    body, ctype = body_of(mb)
    host = f"127.0.0.1:{port}"
    statuses: Counter = Counter()
    go = threading.Event()

    def client():
        go.wait()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            conn.request("POST", "/api/check", body=body, headers={"Content-Type": ctype, "Host": host})
            statuses[conn.getresponse().status] += 1
        except OSError as exc:
            statuses[type(exc).__name__] += 1

    sampler = Sampler(proc.pid)
    sampler.start()
    time.sleep(1.0)  # warm: the workers are up
    idle = sampler.server
    threads = [threading.Thread(target=client) for _ in range(requests)]
    for t in threads:
        t.start()
    t0 = time.monotonic()
    go.set()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    time.sleep(0.2)
    sampler.stop = True
    sampler.join()
    stopped = stop(proc)
    return {
        "idle_mb": idle / 2**20,
        "server_peak_mb": sampler.server / 2**20,
        "with_workers_peak_mb": sampler.total / 2**20,
        "statuses": dict(statuses),
        "seconds": wall,
        "stop_seconds": stopped,
    }


def slow_clients(checkout: Path, slow: int) -> dict:
    proc, port = start(checkout, nofile=256)
    held = []
    for _ in range(slow):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
            s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)
            held.append(s)
        except OSError:
            break
    time.sleep(0.5)
    t = time.monotonic()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        conn.request("GET", "/api/catalogue", headers={"Host": f"127.0.0.1:{port}"})
        answer = f"{conn.getresponse().status} in {time.monotonic() - t:.2f} s"
    except OSError as exc:
        answer = f"failed after {time.monotonic() - t:.1f} s ({type(exc).__name__})"
    for s in held:
        s.close()
    stopped = stop(proc)
    return {"held": len(held), "other_tab": answer, "stop_seconds": stopped}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=150)
    parser.add_argument("--mb", type=float, default=15)
    parser.add_argument("--slow", type=int, default=1000)
    parser.add_argument("--checkout", type=Path, default=ROOT)
    args = parser.parse_args()
    m = memory(args.checkout, args.requests, args.mb)
    print(
        f"{args.requests} concurrent {args.mb:g} MB requests: server peak {m['server_peak_mb']:.0f} MB "
        f"(idle {m['idle_mb']:.0f} MB), with its workers {m['with_workers_peak_mb']:.0f} MB; answers "
        f"{m['statuses']} in {m['seconds']:.1f} s; stopped in {m['stop_seconds']:.1f} s"
    )
    s = slow_clients(args.checkout, args.slow)
    print(
        f"{s['held']} half-sent requests under 256 open files: another tab {s['other_tab']}; "
        f"stopped in {s['stop_seconds']:.1f} s"
    )


if __name__ == "__main__":
    main()
