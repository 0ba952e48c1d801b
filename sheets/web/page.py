"""The page: one HTML document (jinja2) with the UI labels of both languages as data; the
script (``static/app.js``) and style (``static/app.css``) are plain files, no build step."""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def ui_labels() -> dict:
    """The page's own labels, ``{key: {"en": ..., "ru": ...}}`` (``data/web/labels.yaml``)."""
    from sheets.core.data import load_data

    return {str(k): {"en": v["en"], "ru": v["ru"]} for k, v in (load_data("web/labels.yaml") or {}).items()}


def render_page() -> str:
    import jinja2

    from sheets import __version__

    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = env.from_string((HERE / "page.html").read_text(encoding="utf-8"))
    labels = ui_labels()
    # inside <script type="application/json">: "</" must not close the element
    data = json.dumps(labels, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return template.render(labels=labels, labels_json=data, version=__version__)
