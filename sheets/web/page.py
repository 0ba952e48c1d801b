"""The page: one HTML document (jinja2) in English, with the page's words as data; the script
(``static/app.js``, ``static/form.js``) asks for them in the page's language
(``/api/catalogue?lang=L``). The style and the vendored components are plain files, no build
step at install time."""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def render_page(nonce: str = "") -> str:
    import jinja2

    from sheets import __version__
    from sheets.web.words import plurals, words

    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = env.from_string((HERE / "page.html").read_text(encoding="utf-8"))
    en = words("en")
    # inside <script type="application/json">: "</" must not close the element
    data = json.dumps(
        {"lang": "en", "words": en, "plurals": plurals("en")}, ensure_ascii=False, sort_keys=True
    )
    return template.render(w=en, words_json=data.replace("</", "<\\/"), version=__version__, nonce=nonce)
