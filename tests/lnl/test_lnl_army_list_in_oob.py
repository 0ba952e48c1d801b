"""Issue 23: `sheets render` of LnL rosters printed the army list on a page of its own, before
the order of battle that lists the same counters; the order of battle now carries what the list
adds (its limit line), and the list is not printed twice."""

import pypdf

from sheets.core.data import data_path

US = data_path("units/lnl/hill30_us.yaml")
GERMAN = data_path("units/lnl/hill30_german.yaml")


def _pages(path):
    return [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(path).pages]


def test_no_army_list_page_before_the_order_of_battle(cli, tmp_path):
    out = tmp_path / "hill30.pdf"
    r = cli("render", US, GERMAN, "-o", out)
    assert r.exit_code == 0, r.stderr
    pages = _pages(out)
    assert len(pages) == 2  # one order of battle per roster, no list page
    assert "Order of battle: Hill 30 — US" in pages[0] and "Germans" not in pages[0]
    assert "Order of battle: Hill 30 — Germans" in pages[1]
    assert not any("Army list" in p for p in pages)
    assert "6 counters · 8 melee FP when attacking, all counters · 2 SWs" in pages[0]
    assert "Limit" not in pages[0]  # no limit set: nothing added


def test_a_roster_limit_is_printed_under_the_order_of_battle(cli, tmp_path):
    text = US.read_text(encoding="utf-8").replace(
        'roster: {name: "Hill 30 — US", side: US}', 'roster: {name: "Hill 30 — US", side: US, limit: 7}'
    )
    assert "limit: 7" in text
    src = tmp_path / "us.yaml"
    src.write_text(text, encoding="utf-8")
    for lang, want in (
        ("en", "Limit: 7 FP — OVER THE LIMIT by 1 FP"),
        ("ru", "Лимит: 7 ед. — ПРЕВЫШЕН ЛИМИТ на 1 ед."),
    ):
        out = tmp_path / f"us-{lang}.pdf"
        r = cli("render", src, "--lang", lang, "-o", out)
        assert r.exit_code == 0, r.stderr
        pages = _pages(out)
        assert len(pages) == 1
        assert want in pages[0]
        # said once on the page (issue 33: the legend's list violations said it again)
        over = "OVER THE LIMIT" if lang == "en" else "ПРЕВЫШЕН ЛИМИТ"
        assert pages[0].count(over) == 1


def test_no_list_keeps_the_order_of_battle(cli, tmp_path):
    out = tmp_path / "us.pdf"
    r = cli("render", US, "--no-list", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert len(_pages(out)) == 1
