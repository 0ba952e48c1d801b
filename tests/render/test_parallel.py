"""`sheets render --jobs N`: worker processes, one PDF byte-identical to a single-process render."""

from __future__ import annotations

import yaml

import pytest

from sheets.render import parallel


def _many(samples, game: str, files: list[str], n: int, tmp_path):
    units = []
    for f in files:
        units += [u for u in yaml.safe_load((samples / game / f).read_text(encoding="utf-8"))["units"]]
    out = []
    for i in range(n):
        u = dict(units[i % len(units)], name=f"{units[i % len(units)]['name']} {i + 1}")
        if u.get("joins"):  # a Dust hero joins the squad printed just before it
            u["joins"] = out[-1]["name"] if out and out[-1].get("kind") == "squad" else None
            if not u["joins"]:
                continue
        out.append(u)
    path = tmp_path / f"{game}.yaml"
    path.write_text(yaml.safe_dump({"system": game, "units": out}, allow_unicode=True), encoding="utf-8")
    return path


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(parallel, "CHUNK", 1)  # one page per chunk: every boundary is exercised


@pytest.mark.parametrize("game, files, n, extra", [
    ("battletech", ["roc.yaml", "harpy.yaml", "gorgon.yaml", "minotaur.yaml"], 13, []),
    ("dust", ["sample_force.yaml"], 22, ["--card", "bridge"]),
    ("dmech", ["otrok.yaml", "pilot_on_foot.yaml"], 5, ["--tables"]),
])
def test_jobs_give_the_same_bytes(cli, samples, tmp_path, small_chunks, game, files, n, extra):
    src = _many(samples, game, files, n, tmp_path)
    outs = {}
    for jobs in (1, 2, 3):
        out = tmp_path / f"{game}-{jobs}.pdf"
        r = cli("render", src, "-o", out, "--jobs", jobs, *extra)
        assert r.exit_code == 0, r.stderr
        outs[jobs] = out.read_bytes()
    assert outs[1] == outs[2] == outs[3]
    if game == "battletech":  # page numbers and "Point N/M" come through the workers
        from pypdf import PdfReader

        text = PdfReader(tmp_path / "battletech-2.pdf").pages[2].extract_text()
        assert "Point 3/3" in text and "Page 3/3" in text


def test_a_failing_worker_fails_the_render(cli, samples, tmp_path, small_chunks, monkeypatch):
    import sheets.games.dmech.sheet as sheet

    real = sheet.draw_unit

    def broken(pen, box, unit, lang):
        if unit.name.endswith(" 4"):  # page 2: drawn by worker 1
            raise ZeroDivisionError("injected")
        return real(pen, box, unit, lang)

    monkeypatch.setattr(sheet, "draw_unit", broken)
    src = _many(samples, "dmech", ["otrok.yaml"], 5, tmp_path)
    out = tmp_path / "x.pdf"
    r = cli("render", src, "-o", out, "--jobs", 2)
    assert r.exit_code == 3 and "ZeroDivisionError: injected" in r.stderr
    assert not out.exists()
