"""`sheets serve` itself: the line it prints once it accepts connections, the warning off
127.0.0.1, a clean stop; and the other commands' start-up does not import the web stack."""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def start(args, env):
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheets", "serve", "--no-open", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    return proc, line


def stop(proc):
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(20)
    finally:
        if proc.poll() is None:
            proc.kill()


def get(host, port, path="/", headers=None):
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("GET", path, headers=headers or {})
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, body


def test_serve_prints_its_address_once_it_accepts_connections(subprocess_env):
    proc, line = start(["--port", "0"], subprocess_env)
    try:
        m = re.fullmatch(r"serving on http://127\.0\.0\.1:(\d+)/\n", line)
        assert m, line + proc.stderr.read() if proc.poll() is not None else line
        port = int(m.group(1))
        status, body = get("127.0.0.1", port)  # at once: it said it accepts connections
        assert status == 200 and b"/static/app.js" in body
        status, body = get("127.0.0.1", port, headers={"Host": f"rebound.example:{port}"})
        assert status == 400
        workers = [
            int(p)
            for p in subprocess.run(
                ["pgrep", "-P", str(proc.pid)], capture_output=True, text=True
            ).stdout.split()
        ]
        assert len(workers) == 2  # the worker processes
    finally:
        code = stop(proc)
    time.sleep(0.5)
    for pid in workers:  # stopped with the server
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    err = proc.stderr.read()
    assert "warning" not in err
    assert code == 0, err
    assert "Traceback" not in err


def test_serve_warns_when_not_bound_to_127_0_0_1(subprocess_env):
    proc, line = start(["--host", "0.0.0.0", "--port", "0"], subprocess_env)
    try:
        m = re.fullmatch(r"serving on http://0\.0\.0\.0:(\d+)/\n", line)
        assert m, line
        status, _ = get("127.0.0.1", int(m.group(1)), headers={"Host": f"127.0.0.1:{m.group(1)}"})
        assert status == 200
    finally:
        stop(proc)
    assert "warning: serving on 0.0.0.0, not 127.0.0.1" in proc.stderr.read()


def test_a_port_in_use_is_a_usage_error(subprocess_env):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "sheets", "serve", "--no-open", "--port", str(port)],
            env=subprocess_env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert out.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in out.stderr and "Traceback" not in out.stderr


def test_other_commands_do_not_import_the_web_stack(subprocess_env, samples):
    code = (
        "import sys\nfrom sheets.cli import main\n"
        "try:\n    main(['validate', sys.argv[1]])\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print('WEB=' + ','.join(sorted(m for m in ('starlette', 'uvicorn', 'multipart', 'anyio', 'sheets.web')"
        " if m in sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(samples / "battletech/roc.yaml")],
        capture_output=True,
        text=True,
        env=subprocess_env,
    )
    assert out.stdout.strip().splitlines()[-1] == "WEB=", out.stdout + out.stderr


def test_serve_is_listed_and_documented(cli):
    assert "serve" in cli("--help").output
    text = " ".join(cli("serve", "--help").output.split())
    for option in ("--host", "--port", "--open / --no-open", "--time-limit"):
        assert option in text


def test_the_listening_socket_turns_nagle_off_for_its_connections():
    """asyncio sets TCP_NODELAY only on sockets whose proto is IPPROTO_TCP; with proto 0 every
    small answer on a kept-alive connection waited ~40 ms for the client's delayed ACK."""
    import socket

    from sheets.cli.commands.serve import _bind

    sock = _bind("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


def test_units_reads_the_library_folder_once_and_skips_a_fifo(subprocess_env, tmp_path):
    """`sheets serve --units DIR`: the .blk files under DIR (a subfolder too) are listed by the
    page's library; a FIFO named like a unit file is skipped without waiting for a writer, and a
    file added after the start is not read (the folder is read once)."""
    import json
    import os
    import shutil

    fixtures = Path(__file__).resolve().parents[1] / "megamek" / "fixtures"
    lib = tmp_path / "protos"
    (lib / "sub").mkdir(parents=True)
    shutil.copy(fixtures / "Roc.blk", lib / "Roc.blk")
    shutil.copy(fixtures / "Harpy.blk", lib / "sub" / "Harpy.blk")
    os.mkfifo(lib / "Stuck.blk")
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheets", "serve", "--no-open", "--port", "0", "--units", str(lib)],
        env=subprocess_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        port = int(re.search(r":(\d+)/", proc.stdout.readline()).group(1))
        shutil.copy(fixtures / "Orc.blk", lib / "Orc.blk")  # after the start: not read
        status, body = get("127.0.0.1", port, "/api/library")
        assert status == 200
        data = json.loads(body)
        assert [(u["name"], u["file"], u["game"]) for u in data["units"]] == [
            ("Roc", "Roc.blk", "battletech"),
            ("Harpy", "sub/Harpy.blk", "battletech"),
        ]
        assert data["units"][0]["figures"]["tons"] == 7 and data["units"][1]["figures"]["tons"] == 2
        assert any(s.startswith("Stuck.blk: not a regular file") for s in data["skipped"])
    finally:
        stop(proc)
    err = proc.stderr.read()
    assert "library: 2 unit file(s) from" in err and "library: skipped Stuck.blk" in err


@pytest.mark.parametrize("taken", [False, True])
def test_the_default_port_is_the_same_each_time_when_it_is_free(cli, monkeypatch, taken):
    """The page's documents live in the browser's storage of one address: without --port the
    server takes 8737 (the same origin on every start), or any free port when that is taken."""
    import click
    import uvicorn

    import sheets.cli.commands.serve as web_cli
    import sheets.web.app as web_app

    tried = []

    class Sock:
        def __init__(self, port):
            self.port = port

        def getsockname(self):
            return ("127.0.0.1", self.port)

    def bind(host, port):
        tried.append(port)
        if taken and port == web_cli.PREFERRED_PORT:
            raise click.UsageError("cannot listen on 127.0.0.1:8737: Address already in use")
        return Sock(port or 40123)

    monkeypatch.setattr(web_cli, "_bind", bind)
    monkeypatch.setattr(web_app, "create_app", lambda host, p, **kw: "app")
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    r = cli("serve", "--no-open")
    assert r.exit_code == 0, r.stderr
    assert web_cli.PREFERRED_PORT == 8737
    assert tried == ([8737, 0] if taken else [8737])
    tried.clear()
    assert cli("serve", "--no-open", "--port", "0").exit_code == 0 and tried == [0]  # as asked
