"""A real browser for the end-to-end test and the screenshots: Debian's chromium with its
chromedriver, driven by Selenium (pip never downloads a browser). ``browser_or_skip`` skips when
chromium is truly absent outside CI; under CI (``CI=true``) a missing browser fails."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from contextlib import contextmanager

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def find_browser() -> tuple[str | None, str | None]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None
    )
    return chromium, driver


def browser_or_skip():
    import pytest

    chromium, driver = find_browser()
    if chromium and driver:
        return chromium, driver
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail("CI: chromium and chromium-driver must be installed (.ci/run installs them with apt-get)")
    pytest.skip("chromium / chromedriver not installed (apt-get install chromium chromium-driver)")


@contextmanager
def chrome(chromium: str, driver: str, width: int = 1400, height: int = 1000, downloads: str | None = None):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="sheets-chrome-")
    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    options.binary_location = chromium
    if downloads:
        options.add_experimental_option(
            "prefs", {"download.default_directory": downloads, "download.prompt_for_download": False}
        )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.set_capability("unhandledPromptBehavior", "ignore")
    d = webdriver.Chrome(options=options, service=Service(driver))
    try:
        if downloads:
            d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        d.set_window_size(width, height)
        yield d
    finally:
        d.quit()
        shutil.rmtree(profile, ignore_errors=True)


@contextmanager
def serving(env=None, args=(), proc_out=None):
    """A real `sheets serve --port 0 --no-open` (and ``args``); yields its URL. ``proc_out``: a
    list that gets the server process (a test that stops the server itself)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheets", "serve", "--no-open", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = proc.stdout.readline()
        m = re.match(r"serving on (http://\S+/)", line)
        if not m:
            raise RuntimeError(f"sheets serve did not start: {line!r} {proc.stderr.read()[-2000:]}")
        if proc_out is not None:
            proc_out.append(proc)
        yield m.group(1)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
