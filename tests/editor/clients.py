"""The editor clients players use, installed from the npm registry by `npm ci` (the repository's
package.json and package-lock.json; `.ci/run` does it): ajv and yaml-language-server. A test that
needs one skips when Node or the packages are absent, unless ``CI`` is set: there a missing
client is a failure (CI installs them)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
JS = Path(__file__).resolve().parent / "js"
GAMES = ("battletech", "dmech", "dust", "lnl", "wh40k6")


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def need_client(package: str) -> Path:
    """The folder of an npm ``package`` under node_modules, and ``node`` on the PATH; else skip
    (outside CI) or fail (in CI)."""
    node = shutil.which("node")
    folder = NODE_MODULES / package
    missing = []
    if node is None:
        missing.append("node is not on the PATH")
    if not (folder / "package.json").is_file():
        missing.append(f"{folder} is absent (run `npm ci` at the repository root)")
    if missing:
        message = "editor client missing: " + "; ".join(missing)
        if _in_ci():
            pytest.fail(message + " (CI is set: .ci/run installs it)")
        pytest.skip(message)
    return folder


def run_node(script: str, request: dict, timeout: float = 120) -> dict:
    """Run ``tests/editor/js/<script>`` with ``request`` as JSON on stdin; its JSON answer."""
    need_client("ajv")
    proc = subprocess.run(
        [shutil.which("node"), str(JS / script)],
        input=json.dumps(request, ensure_ascii=False),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        cwd=ROOT,
        env={**os.environ, "NODE_PATH": str(NODE_MODULES)},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)
