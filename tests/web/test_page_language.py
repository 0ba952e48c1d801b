"""The page sends its language with every request (``lang=ru``); the answers' messages — the
problems of /api/check and /api/render, a refused option, a calculator's refusal and its text,
the calculators' and options' words of /api/catalogue — come back in it, English without it."""

from __future__ import annotations

import json
import re

import pytest
from i18n_words import CYRILLIC, english_words

from .conftest import files

BAD = b"system: dust\nunitz: []\n"
NO_FILES = files(("none.yaml", b""))


def calc(client, lang, fields, command="penetration", game="dmech"):
    return client.post(
        f"/api/calc?lang={lang}",
        files=NO_FILES,
        data={"game": game, "command": command, "fields": json.dumps(fields)},
    )


def test_check_speaks_the_pages_language(client):
    english = client.post("/api/check", files=files(("b.yaml", BAD))).json()["problems"]
    russian = client.post("/api/check?lang=ru", files=files(("b.yaml", BAD))).json()["problems"]
    assert [p["message"] for p in english] == [
        "unknown top-level key 'unitz' (did you mean 'units'?)",
        "'units:' must be a non-empty list of units",
    ]
    assert [p["message"] for p in russian] == [
        "неизвестный ключ верхнего уровня 'unitz' (может быть, 'units'?)",
        "'units:' должен быть непустым списком отрядов",
    ]
    # the positions are the same in both languages
    assert [(p["line"], p["column"]) for p in russian] == [(p["line"], p["column"]) for p in english]


def test_render_refuses_in_the_pages_language(client):
    r = client.post("/api/render?lang=ru", files=files(("b.yaml", BAD)))
    assert r.status_code == 422
    assert (
        r.json()["problems"][0]["message"]
        == "неизвестный ключ верхнего уровня 'unitz' (может быть, 'units'?)"
    )
    r = client.post("/api/render?lang=ru&paper=a5", files=files(("b.yaml", BAD)))
    assert r.status_code == 400 and r.json()["error"] == "неизвестная бумага 'a5'; нужна a4 или letter"
    r = client.post("/api/render?paper=a5", files=files(("b.yaml", BAD)))
    assert r.status_code == 400 and r.json()["error"] == "unknown paper 'a5'; expected a4 or letter"


def test_a_calculator_refuses_and_answers_in_the_pages_language(client):
    r = calc(client, "ru", {"power": "x", "dice": "3,5", "armor": "6"})
    assert r.status_code == 400 and r.json()["error"] == "Мощь: нужно целое число, а указано 'x'"
    r = calc(client, "en", {"power": "x", "dice": "3,5", "armor": "6"})
    assert r.status_code == 400 and r.json()["error"] == "Power: expected a whole number, got 'x'"
    r = calc(client, "ru", {"power": "4", "dice": "3,5", "armor": "6"})
    assert r.status_code == 200 and r.json()["text"].startswith("Число пробития 9 против бронирования 6")


def _words(catalogue: list) -> list[tuple[str, str]]:
    """(where, text) of every calculator's and option's words the page shows."""
    out = []
    for game in catalogue:
        for c in game["calculators"]:
            out += [(f"{game['id']} {c['name']}", c["title"]), (f"{game['id']} {c['name']}", c["help"])]
            for i in c["inputs"]:
                where = f"{game['id']} {c['name']} {i['name']}"
                out += [(where, i["label"]), (where, i["help"])]
                out += [(where, x["label"]) for x in i.get("choices") or [] if x.get("label")]
        for command, options in game["options"].items():
            for o in options:
                where = f"{game['id']} {command} {o['name']}"
                out += [(where, o.get("label") or ""), (where, o.get("help") or "")]
    return [(w, t) for w, t in out if t]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_calculators_and_options_words_speak_the_pages_language(client, lang):
    answer = client.get("/api/catalogue", params={"lang": lang}).json()
    words = _words(answer["games"] if isinstance(answer, dict) else answer)
    if isinstance(answer, dict):  # the page's own words
        words += [(f"word {k}", v) for k, v in answer.get("words", {}).items()]
    assert len(words) > 100
    if lang == "en":
        # a quotation of the Russian rules text («…») aside
        assert [(w, t) for w, t in words if CYRILLIC.search(re.sub(r"«[^»]*»", "", t))] == []
    else:
        # as the printouts print them; words of placeholders only
        same = {"A4", "Letter", "AP", "BV", "PDF", "YAML", "{name} {n}", "{units}, {errors}, {warnings}"}
        assert [
            (w, t) for w, t in words if t not in same and (english_words(t) or not CYRILLIC.search(t))
        ] == []
