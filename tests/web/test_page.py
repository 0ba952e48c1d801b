"""The page: every word it shows is a gettext msgid of ``sheets.web.words`` with its Russian
translation, it names no game, loads nothing from another site, its vendored components carry
their licences, and the options, calculators and unit library it shows come from the plug-ins."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sheets.web.words import WORDS, plurals, words

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "sheets" / "web"
VENDOR = WEB / "static" / "vendor"
INCOMING = ROOT / "sheets" / "locale" / "incoming" / "web.po"
CATALOGUE = ROOT / "sheets" / "locale" / "ru" / "LC_MESSAGES" / "sheets.po"
SCRIPTS = ("static/app.js", "static/form.js")


def _script_text() -> str:
    return "".join((WEB / s).read_text("utf-8") for s in SCRIPTS)


def used_keys() -> set[str]:
    html = (WEB / "page.html").read_text("utf-8")
    js = _script_text()
    keys = set(re.findall(r'data-wl?="([a-z_]+)"', html)) | set(re.findall(r"\bw\.([a-z_]+)", html))
    keys |= set(re.findall(r'\bt\("([a-z_]+)"', js)) | {
        k for k in re.findall(r'"([a-z_]+)"', js) if k in WORDS
    }
    return keys


def test_every_word_the_page_uses_is_a_msgid_and_every_msgid_is_used():
    keys = used_keys()
    assert len(keys) > 60
    assert sorted(k for k in keys if k not in WORDS) == []
    assert sorted(k for k in WORDS if k not in keys) == []
    counted = set(re.findall(r'\btn\("([a-z_]+)"', _script_text()))
    assert counted == set(plurals("en")) == {"units", "errors", "warnings", "pages"}


def _incoming():
    """The page's translations: waiting in incoming/web.po, or in the catalogue once merged (the
    merge removes the incoming file)."""
    from babel.messages.pofile import read_po

    with (INCOMING if INCOMING.is_file() else CATALOGUE).open("rb") as fh:
        return {m.id: m for m in read_po(fh, locale="ru") if m.id}


def test_every_page_msgid_has_its_russian_translation_with_the_same_placeholders():
    catalogue = _incoming()
    for key, msgid in WORDS.items():
        assert msgid in catalogue, key
        ru = catalogue[msgid].string
        assert ru and not catalogue[msgid].fuzzy, key
        assert set(re.findall(r"\{(\w+)\}", ru)) == set(re.findall(r"\{(\w+)\}", msgid)), key
        latin = set(re.findall(r"[A-Za-z]+", re.sub(r"`[^`]*`|\{\w+\}", "", ru)))
        assert latin <= {
            "PDF",
            "PNG",
            "YAML",
            "zip",
            "mono",
            "sheets",
            "blk",
            "mul",
            "ros",
            "rosz",
            "Escape",
            "Tab",
            "UTF",
            "BV",
            "MegaMek",
            "multipart",
            "form",
            "data",
            "files",
        }, (key, latin)
        if re.search("[A-Za-z]{3}", re.sub(r"\{\w+\}", "", msgid)) and msgid not in ("YAML", "PDF", "BV"):
            assert re.search("[а-яА-ЯёЁ]", ru), key
    for singular, plural in [
        ("{n} unit", "{n} units"),
        ("{n} error", "{n} errors"),
        ("{n} warning", "{n} warnings"),
    ]:
        forms = catalogue[(singular, plural)].string
        assert len(forms) == 3 and all("{n}" in f for f in forms), singular


def test_words_keep_the_russian_wording_of_the_earlier_page():
    """The Russian words the page had in data/web/labels.yaml carry over as translations."""
    catalogue = _incoming()
    for msgid, ru in {
        "Edit & print": "Правка и печать",
        "Calculators": "Калькуляторы",
        "Handouts & charts": "Памятки и схемы",
        "Fix the errors on the left to see the pages.": "Исправьте ошибки слева, чтобы увидеть листы.",
        "Black and white (mono)": "Чёрно-белая печать (mono)",
        "PNG pages (zip)": "Страницы PNG (zip)",
        "Quick-reference handout": "Памятка",
        "Everything runs on this computer; nothing is sent anywhere else.": "Всё работает на этом компьютере; ничего никуда не отправляется.",
    }.items():
        assert catalogue[msgid].string == ru


def _merged() -> bool:
    return words("ru")["tab_edit"] != WORDS["tab_edit"]


def test_the_catalogue_route_serves_the_words_in_the_asked_language(client):
    en = client.get("/api/catalogue?lang=en").json()
    assert en["lang"] == "en" and en["words"]["tab_edit"] == "Edit & print"
    assert en["plurals"]["units"] == {"one": "{n} unit", "other": "{n} units"}
    if not _merged():
        pytest.skip("sheets/locale/incoming/web.po is not merged into the compiled catalogue yet")
    ru = client.get("/api/catalogue?lang=ru").json()
    assert ru["lang"] == "ru" and ru["words"]["tab_edit"] == "Правка и печать"
    assert ru["plurals"]["units"] == {
        "one": "{n} отряд",
        "few": "{n} отряда",
        "many": "{n} отрядов",
        "other": "{n} отрядов",
    }
    assert [g["id"] for g in ru["games"]] == [g["id"] for g in en["games"]]


def test_the_page_loads_nothing_from_elsewhere(client):
    page = client.get("/").text
    served = [page] + [client.get(f"/static/{name}").text for name in ("app.js", "form.js", "app.css")]
    for text in served:
        urls = set(re.findall(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text))
        assert urls <= {"http://www.w3.org"}, urls  # the SVG namespace name, never fetched
        assert "@import" not in text and "cdn" not in text.lower()
    for name in ("vendor/codemirror.js", "vendor/yaml.js"):
        text = client.get(f"/static/{name}").text
        assert len(text) > 50_000
        assert not re.search(r"""(?:import\(|fetch\(|XMLHttpRequest|importScripts)\s*["'`]https?:""", text)
    assert re.findall(r'<script src="([^"]+)"', page) == [
        "/static/vendor/codemirror.js",
        "/static/vendor/yaml.js",
        "/static/form.js",
        "/static/app.js",
    ]


def test_the_vendored_components_carry_their_licences_and_their_build():
    readme = (VENDOR / "LICENSES" / "README.txt").read_text("utf-8")
    for package, licence in (("@codemirror/view", "MIT"), ("yaml", "ISC"), ("axe-core", "MPL-2.0")):
        line = next(x for x in readme.splitlines() if x.startswith(package + " "))
        assert f"({licence})" in line
        name = line.rsplit("-> ", 1)[1]
        assert (VENDOR / "LICENSES" / name).stat().st_size > 500
    assert "Mozilla Public License" in (VENDOR / "LICENSES" / "axe-core.txt").read_text("utf-8")
    lock = json.loads((ROOT / "tools" / "web" / "package-lock.json").read_text("utf-8"))
    assert lock["packages"]["node_modules/axe-core"]["version"] in readme
    assert (ROOT / "tools" / "web" / "build.mjs").is_file()


def test_the_web_layer_names_no_game():
    games = ("battletech", "dmech", "dust", "lnl", "wh40k6", "protomech", "walker")
    for path in WEB.rglob("*"):
        if VENDOR in path.parents:
            continue  # third-party code
        if path.is_file() and path.suffix in (".py", ".js", ".html", ".css"):
            text = path.read_text("utf-8").lower()
            for game in games:
                assert game not in text, (path.name, game)


def test_the_page_embeds_the_english_words_and_a_style_nonce(client):
    r = client.get("/")
    page = r.text
    assert page.startswith("<!doctype html>")
    data = re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S).group(1)
    assert json.loads(data)["words"] == words("en")
    for key in ("no_files", "preview", "options", "downloads", "download_pngs", "tab_calc"):
        assert re.search(rf'data-w="{key}"[^>]*>{re.escape(WORDS[key])}<', page), key
    nonce = re.search(r'<meta name="style-nonce" content="([^"]+)">', page).group(1)
    assert len(nonce) >= 16
    assert f"style-src 'self' 'nonce-{nonce}'" in r.headers["content-security-policy"]
    assert "script-src 'self';" in r.headers["content-security-policy"]
    again = re.search(r'name="style-nonce" content="([^"]+)"', client.get("/").text).group(1)
    assert again != nonce  # a new one for every page
    # other answers keep the plain policy
    assert "nonce" not in client.get("/static/app.css").headers["content-security-policy"]
