"""`sheets serve` latency (not a test): the time from an edit arriving to its first page's
preview PNG being served, per game, over 50 edits of the sample files; what dominates; and the
server's memory after 1,000 edits. With ``--browser``: in a real browser (chromium + Selenium),
the time from each keystroke to the new preview being displayed, on every bundled sample, read
from the page's own performance marks (``window.sheetsPerf``); and on a 500-unit file, the
browser's time per keystroke (Event Timing) and how long the preview takes to settle after
typing stops.

    python benchmarks/serve_latency.py [--edits 50] [--memory-edits 1000]
    python benchmarks/serve_latency.py --browser [--keys 30] [--interval 0.15] [--where name|comment]

A real server (`sheets serve --port 0 --no-open`, two workers) is started; each edit is the
sample file with one changed line (a comment naming the edit, so every request misses the PDF
cache and is loaded, checked, drawn and rasterised anew), sent as the page sends it:
``POST /api/preview?page=1&dpi=96`` (and, as the page does first, ``POST /api/check``). Times
are wall-clock on the client, request sent to last byte read. The phases of one edit are then
timed in this process through ``sheets.api`` (load, draw the PDF, rasterise page 1, PNG).
Memory: resident set of the server and its workers (``/proc``), after warm-up and after the
memory edits (each a different file: the PDF cache holds at most 16).
"""

from __future__ import annotations

import argparse
import http.client
import re
import signal
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = [  # game, sample file, pages in its PDF (first page previewed)
    ("battletech", "data/units/battletech/roc.yaml"),
    ("dmech", "data/units/dmech/otrok.yaml"),
    ("dust", "data/units/dust/sample_force.yaml"),
    ("lnl", "data/units/lnl/hill30_us.yaml"),
    ("wh40k6", "data/units/wh40k6/sample_list.yaml"),
]


def multipart(name: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
            f"Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


class Client:
    def __init__(self, host: str, port: int):
        self.conn = http.client.HTTPConnection(host, port, timeout=60)
        self.host = f"{host}:{port}"

    def post(self, path: str, name: str, data: bytes) -> tuple[int, bytes, float]:
        body, ctype = multipart(name, data)
        t = time.perf_counter()
        self.conn.request("POST", path, body=body, headers={"Content-Type": ctype, "Host": self.host})
        r = self.conn.getresponse()
        out = r.read()
        return r.status, out, time.perf_counter() - t


def edit(data: bytes, n: int) -> bytes:
    return data + f"\n# edit {n}\n".encode()


def rss_kb(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1))


def tree_rss_mb(pid: int) -> tuple[float, list[float]]:
    children = [
        int(p)
        for p in subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    ]
    return rss_kb(pid) / 1024, [rss_kb(c) / 1024 for c in children]


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def phases(path: Path, runs: int = 20) -> dict:
    """Median ms of each phase of one edit, in this process (warm)."""
    from sheets import api
    from sheets.web.worker import page_count, page_png

    data = path.read_bytes()
    out = {"load": [], "draw": [], "raster+png": []}
    for i in range(runs + 3):
        src = [api.Source(path.name, edit(data, i))]
        t0 = time.perf_counter()
        loaded = api.load(src)
        t1 = time.perf_counter()
        pdf = api.render_pdf(loaded)
        t2 = time.perf_counter()
        page_count(pdf)
        page_png(pdf, 1, 96)
        t3 = time.perf_counter()
        if i >= 3:
            out["load"].append(t1 - t0)
            out["draw"].append(t2 - t1)
            out["raster+png"].append(t3 - t2)
    return {k: statistics.median(v) * 1000 for k, v in out.items()}


def big_file(units: int = 500) -> str:
    """A unit file of ``units`` ProtoMechs (the Roc sample under numbered names)."""
    import yaml

    doc = yaml.safe_load((ROOT / CASES[0][1]).read_text(encoding="utf-8"))
    unit = doc["units"][0]
    doc["units"] = [{**unit, "name": f"{unit['name']} {i + 1}"} for i in range(units)]
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


def browser_latency(keys: int, interval: float, where: str = "name", big_only: bool = False) -> None:
    """Keystroke → preview displayed in chromium, every bundled sample; the 500-unit file."""
    sys.path.insert(0, str(ROOT / "tests"))
    from web.browser import chrome, find_browser, serving

    chromium, driver = find_browser()
    if not (chromium and driver):
        sys.exit("chromium and chromedriver are needed (apt-get install chromium chromium-driver)")
    samples = sorted((ROOT / "data" / "units").glob("*/*.yaml"))
    import os
    import tempfile

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with serving(env) as url, chrome(chromium, driver) as d, tempfile.TemporaryDirectory():
        d.get(url)

        def js(script, *a):
            return d.execute_script(script, *a)

        def until(fn, timeout=60.0):
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                v = fn()
                if v:
                    return v
                time.sleep(0.05)
            raise RuntimeError("timed out")

        until(lambda: js("return document.body.dataset.ready === '1'"))

        def open_text(name, text):
            js(
                "state.docs = []; state.active = -1; addDoc({name: arguments[0], text: arguments[1]}); afterDocsChanged();",
                name,
                text,
            )
            until(lambda: js("return state.shownPreview > 0 && state.shownPreview === state.generation"), 120)
            js(
                "sheetsPerf.latencies = []; sheetsPerf.keystrokes = []; sheetsPerf.settled = []; sheetsPerf.events = [];"
            )
            content = d.find_element("css selector", "#editor-box .cm-content")
            content.click()
            if where == "name":  # the end of the first unit's name: every key changes the sheets
                js(  # the last block line `- name: X` (a unit no other names, e.g. in `joins:`)
                    r"const s = state.view.state; const all = [...s.doc.toString().matchAll(/^[ \t]*-[ \t]*name: [^{}\n#]*$/gm)];"
                    "const m = all[all.length - 1];"
                    "state.view.dispatch({selection: {anchor: m.index + m[0].length}}); state.view.focus();"
                )
                content.send_keys(" ")
            else:  # a comment on the last line: no word printed changes (the drawn page is reused)
                content.send_keys("\ue009\ue010\ue000# ")
            time.sleep(1.0)
            js(
                "sheetsPerf.latencies = []; sheetsPerf.keystrokes = []; sheetsPerf.settled = []; sheetsPerf.events = [];"
            )
            return content

        def type_keys(content):
            last = 0.0
            for i in range(keys):
                content.send_keys("abcdefghij"[i % 10])
                last = js("return performance.now()")
                time.sleep(interval)
            try:
                until(
                    lambda: js(
                        "return sheetsPerf.keystrokes.length === 0 && state.shownPreview === state.generation"
                    ),
                    60,
                )
            except RuntimeError:
                print("  (a keystroke's preview never came:", js("return state.problems"), ")")
            return last

        print(
            f"keystroke → new preview displayed in the browser, {keys} keys {interval * 1000:.0f} ms apart, "
            f"typed into {'the first unit name' if where == 'name' else 'a comment'}, ms:"
        )
        print(f"{'sample':<34} {'median':>7} {'p95':>7} {'max':>7}")
        worst = 0.0
        for path in [] if big_only else samples:
            content = open_text(path.name, path.read_text(encoding="utf-8"))
            type_keys(content)
            lat = js("return sheetsPerf.latencies") or [float("nan")] * 2
            worst = max(worst, p95(lat))
            print(
                f"{path.parent.name + '/' + path.name:<34} {statistics.median(lat):>7.0f} {p95(lat):>7.0f} {max(lat):>7.0f}",
                flush=True,
            )
        print(f"worst p95 over the samples: {worst:.0f} ms")
        content = open_text("big.yaml", big_file())
        last = type_keys(content)
        events = js("return sheetsPerf.events")
        settled = js("return sheetsPerf.settled")
        per_key = [e[1] for e in events if e[0] in ("keydown", "keypress", "input", "beforeinput")]
        handler = [e[2] for e in events]
        print(
            f"500-unit file: input events over 16 ms: {len(per_key)} of ~{keys * 3}; slowest event "
            f"{max(per_key, default=0):.0f} ms (handlers {max(handler, default=0):.0f} ms); the preview settled "
            f"{(settled[-1] - last) if settled else float('nan'):.0f} ms after the last keystroke"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--edits", type=int, default=50)
    ap.add_argument("--memory-edits", type=int, default=1000)
    ap.add_argument("--browser", action="store_true", help="keystroke → preview in chromium")
    ap.add_argument("--keys", type=int, default=30)
    ap.add_argument("--interval", type=float, default=0.15, help="seconds between keystrokes")
    ap.add_argument("--where", choices=("name", "comment"), default="name", help="what the keys type into")
    ap.add_argument("--big-only", action="store_true", help="only the 500-unit file")
    args = ap.parse_args()
    if args.browser:
        browser_latency(args.keys, args.interval, args.where, args.big_only)
        return
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheets", "serve", "--no-open", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        line = proc.stdout.readline()
        m = re.match(r"serving on http://([^:]+):(\d+)/", line)
        assert m, line
        client = Client(m.group(1), int(m.group(2)))
        for game, rel in CASES:  # warm-up: every game's tables and fonts in both workers
            data = (ROOT / rel).read_bytes()
            for i in range(4):
                client.post("/api/preview?page=1&dpi=96", Path(rel).name, edit(data, -1 - i))
        base_server, base_workers = tree_rss_mb(proc.pid)
        print(f"edit → first-page preview (PNG at 96 dpi), {args.edits} edits per game, ms:")
        print(
            f"{'game':<11} {'pages':>5} {'preview med':>12} {'p95':>7} {'check+preview med':>18} {'p95':>7}"
            f"   phases (in-process median: load / draw PDF / raster+PNG)"
        )
        for game, rel in CASES:
            path = ROOT / rel
            data = path.read_bytes()
            alone, both = [], []
            pages = "?"
            for i in range(args.edits):
                status, png, seconds = client.post("/api/preview?page=1&dpi=96", path.name, edit(data, i))
                assert status == 200, png[:200]
                alone.append(seconds * 1000)
            for i in range(args.edits):
                s1, _, c = client.post("/api/check", path.name, edit(data, 10_000 + i))
                s2, _, p = client.post("/api/preview?page=1&dpi=96", path.name, edit(data, 10_000 + i))
                assert s1 == s2 == 200
                both.append((c + p) * 1000)
            from sheets import api
            from sheets.web.worker import page_count

            pages = page_count(api.render_pdf(api.load([api.Source(path.name, data)])))
            ph = phases(path)
            print(
                f"{game:<11} {pages:>5} {statistics.median(alone):>12.1f} {p95(alone):>7.1f} "
                f"{statistics.median(both):>18.1f} {p95(both):>7.1f}   "
                f"{ph['load']:.1f} / {ph['draw']:.1f} / {ph['raster+png']:.1f}",
                flush=True,
            )
        roc = (ROOT / CASES[0][1]).read_bytes()
        t = time.perf_counter()
        for i in range(args.memory_edits):
            status, _, _ = client.post("/api/preview?page=1&dpi=96", "roc.yaml", edit(roc, 100_000 + i))
            assert status == 200
        spent = time.perf_counter() - t
        server, workers = tree_rss_mb(proc.pid)
        print(
            f"memory (RSS, MB): after warm-up server {base_server:.0f} + workers "
            f"{' + '.join(f'{w:.0f}' for w in base_workers)}; after {args.memory_edits} more edits "
            f"({spent:.1f} s) server {server:.0f} + workers {' + '.join(f'{w:.0f}' for w in workers)}"
        )
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
