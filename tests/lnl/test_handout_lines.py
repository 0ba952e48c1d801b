"""Issue 33, the LnL Melee aid card: a worked example is never broken across two lines ("5:1. 4"
| "против 2 с героем → 3:1"), no command-line flag is printed on it, and the Russian card keeps
the terms the seed's Russian text keeps in English ("Shaken юниты", "Morale Check", "в Admin
Phase", "Satchel Charges и Molotov Cocktails")."""

from __future__ import annotations

import re

import pypdf
import pytest

from sheets.games.lnl.printing import EXAMPLE, wrap_glued


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_line_of_the_card_breaks_an_example(cli, tmp_path, lang):
    out = tmp_path / "ref.pdf"
    r = cli("reference", "lnl", "--lang", lang, "-o", out)
    assert r.exit_code == 0, r.stderr
    lines = [line for page in pypdf.PdfReader(out).pages for line in page.extract_text().splitlines()]
    assert lines
    for line in lines:
        assert not re.search(r"(?:^| )\d+ (?:vs|против)$", line), line
        assert not re.match(r"^(?:vs|против) \d+", line), line
        assert "--" not in line
    text = " ".join(lines)
    if lang == "ru":
        for term in ("Shaken юниты", "Morale Check", "Admin Phase", "Satchel Charges и Molotov Cocktails"):
            assert term in text, term
        assert "подавлен" not in text.lower() and "административной фазе" not in text


def test_wrap_keeps_the_example_whole():
    text = "несколько героев — всё равно один сдвиг; не лучше 5:1. 4 против 2 с героем → 3:1."
    for width in range(60, 260, 10):
        lines = wrap_glued(text, "Sans", 7.0, float(width))
        assert any("4 против 2 с героем → 3:1." in line for line in lines), (width, lines)
    assert EXAMPLE.fullmatch("4 против 2 с героем → 3:1")
    assert EXAMPLE.fullmatch("1 vs 4 → 1:3 (one target)")
    assert EXAMPLE.fullmatch("4:4 = 1:1") and EXAMPLE.fullmatch("6:1 → 5:1")
    assert EXAMPLE.fullmatch("3 против 10")
    assert not EXAMPLE.fullmatch("4 против")
