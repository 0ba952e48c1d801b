"""Rendering the same loaded files again gives what a first render gives: ``api.render`` drew with
the loaded file's own options object and left its army lists and file table in it, so a later
``no_list`` render of the same ``Loaded`` (the page renders what it loaded more than once)
still printed the army list."""

from __future__ import annotations

from pathlib import Path

from conftest import page_texts

from sheets import api
from sheets.api import Source

ROOT = Path(__file__).resolve().parents[2]
POINT = (ROOT / "data/units/battletech/point-alpha.yaml").read_bytes()
DUST = (ROOT / "data/units/dust/sample_force.yaml").read_bytes()


def test_no_list_after_a_render_with_the_list_leaves_it_out():
    loaded = api.load([Source("p.yaml", POINT)])
    alone = api.render(loaded, no_list=True).pdf
    assert [p.startswith("ProtoMech record sheet Point 1/1") for p in page_texts(alone)] == [True]
    with_list = page_texts(api.render(loaded).pdf)
    assert len(with_list) == 2 and with_list[1].startswith("ProtoMech record sheet Army list: Point Alpha")
    again = api.render(loaded, no_list=True).pdf
    assert again == alone and "Army list" not in " ".join(page_texts(again))


def test_the_loaded_files_options_are_left_as_they_were():
    for data in (POINT, DUST):
        loaded = api.load([Source("x.yaml", data)])
        before = dict(loaded.files[0].options.extra)
        first = api.render_pdf(loaded)
        assert loaded.files[0].options.extra == before  # no army_lists, no files table left behind
        assert api.render_pdf(loaded) == first
        assert api.render_pdf(loaded, {"lang": "ru"}) == api.render_pdf(
            api.load([Source("x.yaml", data)]), {"lang": "ru"}
        )
