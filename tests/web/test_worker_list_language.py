"""A list-level breach (a roster over its limit, a Force Organisation breach) is a warning in the
live check whatever the page's language: the check writes its problems in the printout's
language (``lang``), and the breaches it compares them with are in that language too, not in the
page's (``ui``)."""

from __future__ import annotations

import pytest

from sheets.web import worker

from .conftest import sample

FOC = sample("wh40k6", "sample_list.yaml").replace(b"slot: troops", b"slot: elites")
EN = "Primary detachment: Troops 0 (needs 2–6)"
RU = "Основной отряд: Войска 0 (нужно 2–6)"


@pytest.mark.parametrize(
    "ui, lang, message",
    [("en", "ru", RU), ("ru", "ru", RU), ("ru", "en", EN), ("en", "en", EN), (None, None, EN)],
)
def test_a_list_breach_is_a_warning_in_any_page_language(ui, lang, message):
    payload = {"files": [["foc.yaml", FOC]], "query": {} if lang is None else {"lang": lang}}
    if ui:
        payload["ui"] = ui
    status, answer = worker.run("check", payload)
    assert status == "ok"
    assert answer["problems"] == [
        {"file": "foc.yaml", "line": None, "column": None, "severity": "warning", "message": message}
    ]
    assert answer["units"] == 8
