"""The progress bar's percentage counts pages: the estimate each game gives
(``Game.expected_pages``) is its pages, not its units, and a finished render's bar ends at 100 %
(it stopped at 23 % on a finished 117-page render when 500 units stood for 500 pages)."""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path

import pytest

from sheets.cli.progress import PageProgress
from sheets.render.pdf import Document

ROOT = Path(__file__).resolve().parents[2]


class Tty(io.StringIO):
    def isatty(self):
        return True


def _percents(text: str) -> list[int]:
    return [int(m.group(1)) for m in re.finditer(r"\s(\d+)%", text)]


def test_a_finished_render_ends_at_100_percent_and_never_shows_it_while_drawing():
    doc, out = Document("a4"), Tty()
    bar = PageProgress(doc, stream=out, total=117)
    for _ in range(117):
        doc.page()
    drawing = _percents(out.getvalue())
    assert drawing and max(drawing) < 100 and drawing[-1] >= 98  # 115 of 117 pages
    bar.close(finished=True)
    assert _percents(out.getvalue())[-1] == 100
    assert out.getvalue().endswith("\r")  # then the line is cleared


def test_an_estimate_that_was_units_is_what_stopped_the_bar_at_23_percent():
    doc, out = Document("a4"), Tty()
    PageProgress(doc, stream=out, total=500)  # 500 units of a ProtoMech batch: 100 pages
    for _ in range(117):
        doc.page()
    assert _percents(out.getvalue())[-1] == 23  # why the estimate must count pages


def test_a_failed_render_does_not_claim_100_percent():
    doc, out = Document("a4"), Tty()
    bar = PageProgress(doc, stream=out, total=200)
    for _ in range(100):
        doc.page()
    bar.close(finished=False)
    assert 100 not in _percents(out.getvalue())


def test_a_render_past_its_estimate_still_ends_at_100():
    doc, out = Document("a4"), Tty()
    bar = PageProgress(doc, stream=out, total=60)
    for _ in range(90):
        doc.page()
    assert max(_percents(out.getvalue())) < 100
    bar.close()
    last_bar = [chunk for chunk in out.getvalue().split("\r") if "%" in chunk][-1]
    assert _percents(last_bar) == [100] and "90 pages" in last_bar


def _inputs():
    spec = importlib.util.spec_from_file_location("bench_inputs", ROOT / "benchmarks" / "inputs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _wh40k6(n: int, path: Path) -> list[Path]:
    spec = importlib.util.spec_from_file_location("bench_w", ROOT / "benchmarks" / "wh40k6_render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.units(n, path)


def _lnl(n: int, path: Path) -> list[Path]:
    spec = importlib.util.spec_from_file_location("bench_lnl", ROOT / "benchmarks" / "lnl.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.make(n, path)


@pytest.mark.parametrize(
    "game, count, extra",
    [
        ("battletech", 60, {}),
        ("dust", 60, {}),
        ("dust", 40, {"card": "mini", "backs": True}),
        ("dmech", 40, {}),
        ("dmech", 20, {"tables": True}),
        ("lnl", 100, {}),
        ("wh40k6", 30, {}),
    ],
)
def test_each_games_page_estimate_is_within_a_quarter_of_the_pages_it_prints(tmp_path, game, count, extra):
    from sheets import api

    make = {
        "battletech": lambda n, p: _inputs().protomechs(n, p),
        "dust": lambda n, p: _inputs().dust(n, p),
        "dmech": lambda n, p: _inputs().dmech(n, p),
        "lnl": _lnl,
        "wh40k6": _wh40k6,
    }[game]
    paths = make(count, tmp_path / "big.yaml")
    sources = [api.Source(p.name, p.read_bytes()) for p in paths]
    loaded = api.load(sources, {"extra": extra})
    expected = sum(f.game.expected_pages(list(f.units), f.options) for f in loaded.files)
    pages = api.render(loaded, no_list=True).pages
    assert len(loaded.units) == count
    assert 0.75 * pages <= expected <= 1.25 * pages, (game, expected, pages)
    assert expected < count or game == "wh40k6" and expected <= count  # pages, not units


def test_a_plug_in_without_an_estimate_counts_one_page_a_unit():
    from sheets.core.game import Game, Options

    class Plain(Game):
        id = "plain"

    assert Plain().expected_pages([1] * 7, Options()) == 7
    assert Plain().expected_pages([], Options()) == 1


def test_the_api_tells_the_bar_whether_the_render_finished(monkeypatch):
    from sheets import api
    from sheets.render import parallel

    seen = []

    class Bar:
        finished = None

        def close(self):
            seen.append(self.finished)

    sample = ROOT / "data/units/dmech/otrok.yaml"
    loaded = api.load([api.Source("otrok.yaml", sample.read_bytes())])
    api.render(loaded, progress=lambda doc: Bar())
    assert seen == [True]

    def broken(*args, **kwargs):
        raise RuntimeError("a page failed")

    monkeypatch.setattr(parallel, "render", broken)
    with pytest.raises(RuntimeError):
        api.render(loaded, progress=lambda doc: Bar())
    assert seen == [True, False]
