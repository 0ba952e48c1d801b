"""A minimal Language Server Protocol client over stdio, enough to drive yaml-language-server the
way an editor does: ``initialize``, ``initialized``, ``workspace/didChangeConfiguration``,
``textDocument/didOpen``, then read the ``textDocument/publishDiagnostics`` it sends. The
server's own requests (``workspace/configuration``, ``client/registerCapability``…) are answered
as VS Code answers them."""

from __future__ import annotations

import json
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

SETTINGS = {
    "yaml": {
        "validate": True,
        "hover": False,
        "completion": True,
        "format": {"enable": False},
        "schemaStore": {"enable": False},  # no network: only the file's own $schema line
        "schemas": {},
        "yamlVersion": "1.2",  # the extension's default
        "maxItemsComputed": 5000,
        "disableAdditionalProperties": False,
    }
}


class LanguageServer:
    def __init__(self, server_js: Path, cwd: Path, debug: bool = False):
        self.proc = subprocess.Popen(
            [shutil.which("node"), str(server_js), "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE if debug else subprocess.DEVNULL,
            cwd=cwd,
        )
        self.next_id = 0
        self.replies: dict[int, dict] = {}
        self.diagnostics: dict[str, list] = {}
        self.published: dict[str, int] = {}  # uri -> how many times diagnostics came
        self.lock = threading.Condition()
        self.errors: queue.Queue = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # -- wire -----------------------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=False).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _read(self) -> None:
        out = self.proc.stdout
        try:
            while True:
                length = None
                while True:
                    line = out.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.partition(b":")
                    if name.lower() == b"content-length":
                        length = int(value)
                message = json.loads(out.read(length))
                self._handle(message)
        except Exception as exc:  # surfaced by the caller's wait
            self.errors.put(exc)

    def _handle(self, message: dict) -> None:
        if "id" in message and "method" in message:  # a request from the server
            method = message["method"]
            if method == "workspace/configuration":
                items = message["params"].get("items", [])
                result = [self._section(i.get("section")) for i in items]
            else:  # client/registerCapability, window/workDoneProgress/create, …
                result = None
            self._send({"id": message["id"], "result": result})
            return
        with self.lock:
            if "id" in message:
                self.replies[message["id"]] = message
            elif message.get("method") == "textDocument/publishDiagnostics":
                uri = message["params"]["uri"]
                self.diagnostics[uri] = message["params"]["diagnostics"]
                self.published[uri] = self.published.get(uri, 0) + 1
            self.lock.notify_all()

    @staticmethod
    def _section(name):
        node = SETTINGS
        for part in (name or "").split("."):
            if part:
                node = node.get(part, {}) if isinstance(node, dict) else None
        return node

    def request(self, method: str, params: dict, timeout: float = 60) -> dict:
        self.next_id += 1
        rid = self.next_id
        self._send({"id": rid, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self.lock:
            while rid not in self.replies:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise TimeoutError(f"no reply to {method}")
                self.lock.wait(min(left, 1))
            return self.replies.pop(rid)

    def notify(self, method: str, params: dict) -> None:
        self._send({"method": method, "params": params})

    # -- what an editor does ----------------------------------------------------------------------
    def start(self, root: Path) -> dict:
        reply = self.request(
            "initialize",
            {
                "processId": None,
                "rootUri": root.as_uri(),
                "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
                "capabilities": {
                    "workspace": {
                        "configuration": True,
                        "didChangeConfiguration": {"dynamicRegistration": True},
                    },
                    "textDocument": {"publishDiagnostics": {"relatedInformation": True}},
                },
                "initializationOptions": {},
            },
        )
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
        return reply

    def check(self, path: Path, text: str, timeout: float = 60) -> list[dict]:
        """Open ``path`` with ``text`` and wait for its diagnostics (then close it)."""
        uri = path.as_uri()
        with self.lock:
            self.published.pop(uri, None)
            self.diagnostics.pop(uri, None)
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
        )
        deadline = time.monotonic() + timeout
        with self.lock:
            while uri not in self.published:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise TimeoutError(f"no diagnostics for {path.name}")
                self.lock.wait(min(left, 1))
            found = self.diagnostics[uri]
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        return found

    def check_many(self, documents: list[tuple[Path, str]], timeout: float = 300) -> list[list[dict]]:
        """:meth:`check` of many documents at once (all opened, then every answer awaited: the
        server validates them while the next ones arrive)."""
        uris = [path.as_uri() for path, _ in documents]
        with self.lock:
            for uri in uris:
                self.published.pop(uri, None)
                self.diagnostics.pop(uri, None)
        for uri, (_, text) in zip(uris, documents):
            self.notify(
                "textDocument/didOpen",
                {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
            )
        deadline = time.monotonic() + timeout
        with self.lock:
            while not all(uri in self.published for uri in uris):
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    missing = [u for u in uris if u not in self.published]
                    raise TimeoutError(f"no diagnostics for {len(missing)} documents, e.g. {missing[0]}")
                self.lock.wait(min(left, 1))
            found = [self.diagnostics[uri] for uri in uris]
        for uri in uris:
            self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        return found

    def stop(self) -> None:
        try:
            self.request("shutdown", {}, timeout=10)
            self.notify("exit", {})
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()
