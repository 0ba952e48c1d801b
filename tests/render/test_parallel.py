"""`sheets render --jobs N`: worker processes, one PDF byte-identical to a single-process render."""

from __future__ import annotations

import pytest
import yaml

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


@pytest.mark.parametrize(
    "game, files, n, extra",
    [
        ("battletech", ["roc.yaml", "harpy.yaml", "gorgon.yaml", "minotaur.yaml"], 13, []),
        ("dust", ["sample_force.yaml"], 22, ["--card", "bridge"]),
        ("dmech", ["otrok.yaml", "pilot_on_foot.yaml"], 5, ["--tables"]),
    ],
)
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


def test_new_characters_after_the_first_chunk_give_the_same_bytes(cli, samples, tmp_path, small_chunks):
    """Pilots on later pages with letters the first page never used (and a name that needs the
    other font subset): those runs go through the parent in order; the bytes stay the same."""
    base = yaml.safe_load((samples / "battletech" / "roc.yaml").read_text(encoding="utf-8"))["units"][0]
    names = [
        "Ann",
        "Bo",
        "Cy",
        "Di",
        "Ed",
        "Щука Ёжикова",
        "Юлия Эльф",
        "Жора",
        "Ann",
        "Ώμέγα Ψ",
        "Ђорђе Ћ",
        "Ann",
        "Bo",
    ]
    units = [dict(base, name=f"Roc {i + 1}", pilot={"name": n, "gunnery": 4}) for i, n in enumerate(names)]
    src = tmp_path / "u.yaml"
    src.write_text(
        yaml.safe_dump({"system": "battletech", "units": units}, allow_unicode=True), encoding="utf-8"
    )
    outs = {}
    for jobs in (1, 2):
        out = tmp_path / f"{jobs}.pdf"
        r = cli("render", src, "-o", out, "--jobs", jobs, "--lang", "ru")
        assert r.exit_code == 0, r.stderr
        outs[jobs] = out.read_bytes()
    assert outs[1] == outs[2]
    from conftest import page_texts

    assert "Ђорђе Ћ" in page_texts(outs[2])[2] and "Щука Ёжикова" in page_texts(outs[2])[1]


def test_a_worker_encodes_only_runs_whose_glyphs_are_known():
    from sheets.render.pdf import Document

    doc = Document()
    pen = doc.page()
    pen.text(10, 10, "Point 1/3 Жук", 8, "Sans")
    enc = parallel._ForkEncoder(doc.pen.encoder)
    one = doc.pen.encoder.encode("Sans", 8, "Жук 1", True)  # what one process writes
    assert enc.encode("Sans", 8, "Жук 1", True) == one and not enc.tokens
    token = enc.encode("Sans", 8, "Щ", False)  # a letter the document has not used yet
    assert token == "\x001\x00" and enc.tokens == [(1, "Sans", 8, "Щ", False, doc.pen.encoder.state)]
    assert enc.encode("Sans", 8, "Жук", False) == "\x002\x00"  # after a token: the parent's state
    assert enc.tokens[-1][-1] == parallel._UNKNOWN
    assert enc.encode("Sans", 8, "Жук", True) == doc.pen.encoder.encode("Sans", 8, "Жук", True)
    assert enc.encode("Cond-Bold", 8, "A", True).startswith("\x00")  # a font not used yet: no name


@pytest.mark.parametrize("a85", [1, 0])
def test_workers_encode_their_page_streams_with_the_same_bytes(
    cli, samples, tmp_path, small_chunks, monkeypatch, a85
):
    """A worker deflates (and, with reportlab's default, ASCII85-encodes) the content streams of
    its pages itself; the parent only places them: the file is still byte-identical."""
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "useA85", a85)
    placed = []
    real = parallel._precompressed
    monkeypatch.setattr(parallel, "_precompressed", lambda data: placed.append(data) or real(data))
    src = _many(samples, "battletech", ["roc.yaml", "harpy.yaml"], 12, tmp_path)
    outs = {}
    for jobs in (1, 2):
        out = tmp_path / f"bt-{jobs}.pdf"
        assert cli("render", src, "-o", out, "--jobs", jobs).exit_code == 0
        outs[jobs] = out.read_bytes()
    assert len(placed) >= 1  # pages 2 and 3 come from the workers, encoded there
    assert outs[1] == outs[2]
    assert (b"/ASCII85Decode" in outs[2]) == bool(a85)
