"""The page: every UI label it uses is data in both languages, it names no game, loads nothing
from another site, and the options and calculators it shows come from the plug-ins."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

WEB = Path(__file__).resolve().parents[2] / "sheets" / "web"
LABELS = yaml.safe_load((Path(__file__).resolve().parents[2] / "data/web/labels.yaml").read_text("utf-8"))


def used_keys() -> set[str]:
    html = (WEB / "page.html").read_text("utf-8")
    js = (WEB / "static/app.js").read_text("utf-8")
    keys = set(re.findall(r'data-l="([a-z_]+)"', html)) | set(re.findall(r"labels\.([a-z_]+)\.en", html))
    keys |= set(re.findall(r'\bt\("([a-z_]+)"\)', js))
    keys |= set(re.findall(r'"(word_[a-z]+)"', js))
    return keys


def test_every_label_the_page_uses_exists_in_both_languages():
    keys = used_keys()
    assert len(keys) > 30
    missing = sorted(k for k in keys if k not in LABELS)
    assert missing == []
    for key in keys:
        assert LABELS[key]["en"].strip() and LABELS[key]["ru"].strip(), key


def test_russian_labels_are_russian():
    allowed = {"PDF", "PNG", "YAML", "zip", "mono", "sheets", "blk", "mul", "ros", "rosz"}
    for key, entry in LABELS.items():
        latin = set(re.findall(r"[A-Za-z]+", entry["ru"])) - allowed
        assert not latin, (key, latin)
        if key not in ("download_pdf",):
            assert re.search("[а-яА-ЯёЁ]", entry["ru"]), key


def test_the_page_loads_nothing_from_elsewhere(client):
    page = client.get("/").text
    for text in (page, client.get("/static/app.js").text, client.get("/static/app.css").text):
        urls = set(re.findall(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text))
        assert urls <= {"http://www.w3.org"}, urls  # the SVG namespace name, never fetched
        assert "@import" not in text and "cdn" not in text.lower()


def test_the_web_layer_names_no_game():
    games = ("battletech", "dmech", "dust", "lnl", "wh40k6", "protomech", "walker")
    for path in WEB.rglob("*"):
        if path.is_file() and path.suffix in (".py", ".js", ".html", ".css"):
            text = path.read_text("utf-8").lower()
            for game in games:
                assert game not in text, (path.name, game)


def test_the_page_embeds_the_labels_of_both_languages(client):
    page = client.get("/").text
    assert page.startswith("<!doctype html>")
    assert LABELS["tab_calc"]["ru"] in page and LABELS["tab_calc"]["en"] in page
    import json

    data = re.search(r'<script type="application/json" id="labels">(.*?)</script>', page, re.S).group(1)
    assert json.loads(data) == {k: {"en": v["en"], "ru": v["ru"]} for k, v in LABELS.items()}
