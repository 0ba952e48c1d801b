"""End to end in a real browser (chromium + Selenium): open the page, paste a unit, see its
preview appear and change after an edit, see a problem marked on its line for a broken file,
switch to Russian, download the PDF and compare its bytes with `sheets render`."""

from __future__ import annotations

import time

import pytest

from .browser import browser_or_skip, chrome, serving
from .conftest import sample

pytestmark = pytest.mark.browser

BROKEN = "system: battletech\nunits:\n  - name: Roc\n    tons: 7\n    motoin: biped\n"

PIXELS = """
const img = document.querySelector('#page-1 img');
if (!img || !img.complete || !img.naturalWidth) return null;
const c = document.createElement('canvas');
c.width = img.naturalWidth; c.height = img.naturalHeight;
const g = c.getContext('2d'); g.drawImage(img, 0, 0);
const d = g.getImageData(0, 0, c.width, c.height).data;
let h = 0; for (let i = 0; i < d.length; i += 7) h = (h * 31 + d[i]) >>> 0;
return [c.width, c.height, h];
"""


def wait(fn, timeout=30.0, what="condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = fn()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def paste(d, text):
    """What a paste does: the editor's text replaced, one input event."""
    d.execute_script(
        "const e = document.getElementById('editor'); e.focus(); e.select();"
        "document.execCommand('insertText', false, arguments[0]);",
        text,
    )


def test_paste_preview_edit_problem_russian_download(tmp_path, subprocess_env, cli, monkeypatch):
    chromium, driver = browser_or_skip()
    from selenium.webdriver.common.by import By

    roc = sample("battletech", "roc.yaml").decode()
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with serving(subprocess_env) as url, chrome(chromium, driver, downloads=str(downloads)) as d:
        d.get(url)
        wait(lambda: d.execute_script("return document.body.dataset.ready === '1'"), what="the page")
        assert d.find_element(By.CSS_SELECTOR, "nav [data-view=edit]").text == "Edit & print"

        paste(d, roc)
        first = wait(lambda: d.execute_script(PIXELS), what="the first preview")
        assert first[0] > 700 and first[1] > 1000  # an A4 page at 96 dpi
        assert d.find_element(By.CSS_SELECTOR, ".file-tab .name").text == "untitled.yaml"
        assert d.find_element(By.ID, "problems").text == "No problems"

        paste(d, roc.replace("name: Roc", "name: Rocket Roc"))
        second = wait(lambda: (p := d.execute_script(PIXELS)) and p != first and p, what="a changed preview")
        assert second[:2] == first[:2]

        paste(d, BROKEN)
        marked = wait(
            lambda: d.find_elements(By.CSS_SELECTOR, "#gutter .ln.error[data-line='5']"), what="line 5 marked"
        )
        assert "unknown key 'motoin' (did you mean 'motion'?)" in marked[0].get_attribute("title")
        band = d.find_element(By.CSS_SELECTOR, "#marks .mark.error[data-line='5']").rect
        line5 = marked[0].rect
        assert band["height"] == pytest.approx(line5["height"], abs=1) and band["height"] >= 12  # drawn
        assert band["y"] == pytest.approx(line5["y"], abs=2)  # beside its line number
        items = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#problems li.error")]
        assert items[0] == "untitled.yaml:5:5: unit 'Roc': unknown key 'motoin' (did you mean 'motion'?)"
        assert not d.find_elements(By.CSS_SELECTOR, "#gutter .ln.error[data-line='4']")

        d.find_element(By.CSS_SELECTOR, "#ui-lang option[value=ru]").click()
        wait(
            lambda: d.find_element(By.CSS_SELECTOR, "nav [data-view=edit]").text == "Правка и печать",
            what="the Russian page",
        )
        assert d.find_element(By.ID, "opt-lang").get_attribute("value") == "ru"
        assert d.execute_script("return document.documentElement.lang") == "ru"

        paste(d, roc)
        wait(lambda: d.find_element(By.ID, "problems").text == "Ошибок нет", what="the fixed file")
        wait(lambda: d.execute_script(PIXELS), what="the Russian preview")
        d.find_element(By.ID, "dl-pdf").click()
        pdf = wait(lambda: [p for p in downloads.glob("*.pdf") if p.stat().st_size > 0], what="the download")[
            0
        ]
        time.sleep(0.5)  # the browser renames its partial file when done
        pdf = next(downloads.glob("*.pdf"))
        assert pdf.name == "untitled.pdf"

    (tmp_path / "untitled.yaml").write_text(roc, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli("render", "untitled.yaml", "--lang", "ru", "-o", "cli.pdf").exit_code == 0
    assert pdf.read_bytes() == (tmp_path / "cli.pdf").read_bytes()
