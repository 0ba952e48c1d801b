"""Screenshots of the page for the README (not a test): every view in English and Russian, wide
and narrow, into a folder; ``--docs`` also writes the README's small copies to docs/.

    python -m tests.web.screenshots OUT_DIR [--docs]      (from the project folder)
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from web.browser import chrome, find_browser, serving

ROOT = Path(__file__).resolve().parents[2]


def settle(d, seconds=2.5):
    time.sleep(seconds)


def shoot(d, url, lang, width, out: Path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    d.set_window_size(width, 1000)
    d.get(url)
    d.execute_script("localStorage.clear(); localStorage.setItem('sheets-ui-lang', arguments[0])", lang)
    d.get(url)
    time.sleep(1)
    roster = (ROOT / "data/units/battletech/point-alpha.yaml").read_text(encoding="utf-8")
    broken = roster.replace("gunnery: 4", "gunnery: 9", 1).replace("motion: biped", "motoin: biped", 1)
    d.execute_script("addDoc({name: 'point-alpha.yaml', text: arguments[0]}); afterDocsChanged();", broken)
    settle(d)
    d.save_screenshot(str(out / f"edit-problems-{lang}-{width}.png"))
    d.execute_script(
        "state.view.dispatch({changes: {from: 0, to: state.view.state.doc.length, insert: arguments[0]}})",
        roster,
    )
    settle(d, 3)
    d.save_screenshot(str(out / f"edit-{lang}-{width}.png"))
    d.find_element(By.ID, "show-form").click()
    settle(d, 1.5)
    d.save_screenshot(str(out / f"form-{lang}-{width}.png"))
    d.find_element(By.ID, "show-yaml").click()
    d.find_element(By.CSS_SELECTOR, "nav [data-view=calc]").click()
    Select(d.find_element(By.ID, "calc-game")).select_by_value("wh40k6")
    form = d.find_element(By.CSS_SELECTOR, "form.calc")
    for field, value in (("shots", "10"), ("bs", "4"), ("strength", "4"), ("toughness", "4"), ("sv", "4+")):
        form.find_element(By.CSS_SELECTOR, f"[data-input={field}]").send_keys(value)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    settle(d, 1.5)
    d.save_screenshot(str(out / f"calc-{lang}-{width}.png"))
    d.find_element(By.CSS_SELECTOR, "nav [data-view=handouts]").click()
    for b in d.find_elements(By.CSS_SELECTOR, ".charts figcaption button:nth-of-type(1)")[:3]:
        b.click()
    settle(d, 2.5)
    d.save_screenshot(str(out / f"handouts-{lang}-{width}.png"))


def small(src: Path, dst: Path, width: int = 900) -> None:
    from PIL import Image

    img = Image.open(src).convert("RGB")
    img = img.resize((width, round(img.height * width / img.width)), Image.LANCZOS)
    img = img.quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    dst.write_bytes(buf.getvalue())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--docs", action="store_true")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    chromium, driver = find_browser()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with serving(env) as url, chrome(chromium, driver) as d:
        for lang in ("en", "ru"):
            for width in (1400, 700):
                shoot(d, url, lang, width, args.out)
    if args.docs:
        small(args.out / "edit-en-1400.png", ROOT / "docs/serve-edit.png")
        small(args.out / "edit-problems-ru-700.png", ROOT / "docs/serve-problems-ru.png", 480)
        small(args.out / "calc-en-1400.png", ROOT / "docs/serve-calc.png")
        small(args.out / "form-en-1400.png", ROOT / "docs/serve-form.png")
        small(args.out / "handouts-ru-1400.png", ROOT / "docs/serve-handouts-ru.png")


if __name__ == "__main__":
    main()
