"""Where `render` puts a Dust army list and what its trial drawing of the first page sees.

A bug found here: with a roster, the trial drawing (does the list fit under the first page's
cards?) ran with a placeholder file table, so a unit too big for its card was reported in the
file ``""`` (``: unit 'Sample Laser Squad' does not fit …``) instead of its own file; without a
roster the message named the file. With ``png_dir`` (card PNGs) no trial is drawn: the list
takes a page of its own, after the cards (it is short), and each PNG is written once."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import page_texts

from sheets import api
from sheets.api import Source
from sheets.core.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
DUST = (ROOT / "data/units/dust/sample_force.yaml").read_bytes()
# the squad with ten models of six wounds: its damage boxes do not fit a mini card
TOO_BIG = (
    DUST.replace(b"models: 3", b"models: 10", 1)
    .replace(b"health: 1", b"health: 6", 1)
    .replace(b"limit: 50", b"limit: 500")
)
NO_ROSTER = TOO_BIG.replace(b"roster: {name: Sample Axis force, limit: 500}\n", b"")
MESSAGE = "unit 'Sample Laser Squad' does not fit a 44.5 × 63.5 mm card: "


@pytest.mark.parametrize("data, no_list", [(TOO_BIG, False), (TOO_BIG, True), (NO_ROSTER, False)])
def test_a_card_that_cannot_fit_names_its_file_with_or_without_the_list(data, no_list):
    assert (b"roster:" in data) is (data is TOO_BIG)
    loaded = api.load([Source("forces/d.yaml", data)], {"card": "mini"})
    with pytest.raises(InputError) as e:
        api.render(loaded, no_list=no_list)
    (p,) = e.value.problems
    assert str(p).startswith(f"forces/d.yaml: {MESSAGE}")


def test_the_cli_names_the_file_of_a_roster_whose_card_cannot_fit(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.yaml").write_bytes(TOO_BIG)
    r = cli("render", "d.yaml", "--card", "mini", "-o", "out.pdf")
    assert r.exit_code == 1 and r.stderr.startswith(f"d.yaml: {MESSAGE}")
    assert r.stderr.count("\n") == 1 and not (tmp_path / "out.pdf").exists()


def test_with_card_pngs_the_list_stays_under_the_cards(tmp_path):
    """--png DIR does not change the pagination (the list moved to a page of its own)."""
    plain = page_texts(api.render_pdf(api.load([Source("d.yaml", DUST)])))
    assert len(plain) == 1 and "Army list: Sample Axis force" in plain[0]  # under the cards
    pngs = tmp_path / "png"
    pages = page_texts(api.render_pdf(api.load([Source("d.yaml", DUST)], {"png_dir": str(pngs)})))
    assert pages == plain
    assert sorted(p.name for p in pngs.iterdir()) == [
        "01-sample-laser-squad.png",
        "02-sample-hero-keller.png",
        "03-sample-walker.png",
    ]


def test_with_card_pngs_jobs_are_one_and_the_pdf_the_same(tmp_path):
    one = api.render_pdf(api.load([Source("d.yaml", DUST)], {"png_dir": str(tmp_path / "a")}))
    two = api.render(api.load([Source("d.yaml", DUST)], {"png_dir": str(tmp_path / "b")}), jobs=2).pdf
    assert one == two
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == sorted(
        p.name for p in (tmp_path / "a").iterdir()
    )


def test_the_list_shares_the_first_page_in_russian_and_on_letter_too():
    for options, heading in (
        ({"lang": "ru"}, "Список армии: Sample Axis force"),
        ({"paper": "letter"}, "Army list: Sample Axis force"),
        ({"mono": True}, "Army list: Sample Axis force"),
    ):
        pages = page_texts(api.render_pdf(api.load([Source("d.yaml", DUST)], options)))
        assert len(pages) == 1 and pages[0].count(heading) == 1, options


@pytest.mark.parametrize("options", [{"lang": "ru", "mono": True, "paper": "letter"}, {}])
def test_the_trial_drawing_is_the_real_pages_twin_marked_as_a_trial(monkeypatch, options):
    import sheets.render.roster_pdf as roster_pdf
    from sheets.render.pdf import PAPER, Pen

    seen, real = {}, roster_pdf.first_page_room

    def spy(factory, draw, paper):
        scratch = factory()
        seen.update(
            size=scratch.size,
            mono=scratch.theme.mono,
            lang=scratch.lang,
            paper=paper,
            recorder=scratch.recorder is not None,
            trial=scratch.pen.trial,
        )
        return real(lambda: scratch, draw, paper)

    monkeypatch.setattr(roster_pdf, "first_page_room", spy)
    pages = page_texts(api.render_pdf(api.load([Source("d.yaml", DUST)], options)))
    paper = options.get("paper", "a4")
    assert seen == {
        "size": PAPER[paper],
        "mono": bool(options.get("mono")),
        "lang": options.get("lang", "en"),
        "paper": paper,
        "recorder": True,
        "trial": True,
    }
    assert len(pages) == 1 and Pen.trial is False  # the real drawing is no trial
