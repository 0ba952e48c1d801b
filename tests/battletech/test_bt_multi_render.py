"""Multi-file `render` (issue 11): every roster is listed (one after the other, on as few pages
as fit), columns nobody fills are dropped, and a ProtoMech Point never mixes files or splits
across pages."""

from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data/units/battletech"


def _pages(path) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(str(path)).pages]


def test_two_rosters_and_a_unit_file(cli, write, tmp_path):
    beta = write(
        "beta.yaml",
        (UNITS / "point-alpha.yaml")
        .read_text(encoding="utf-8")
        .replace("Point Alpha", "Point Beta")
        .replace("name: Harpy", "name: Harpy B", 1),
    )
    beta = Path(beta)
    out = tmp_path / "multi.pdf"
    r = cli("render", UNITS / "harpy.yaml", UNITS / "point-alpha.yaml", beta, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    pages = _pages(out)
    # both army lists (the loose unit file is no roster) go under the units of the first sheet
    # page with room for them (Harpy alone); then one sheet page per Point
    assert len(pages) == 3  # Harpy alone + the lists, then Alpha's five, then Beta's five
    assert "Army list: Point Alpha" in pages[0] and "Army list: Point Beta" in pages[0]
    assert pages[0].index("ProtoMech record sheet") < pages[0].index("Army list: Point Alpha")
    lists = pages[0][pages[0].index("Army list: Point Alpha") :]
    assert "Model" not in lists and "Pilot" not in lists  # nobody has a model or pilot name
    assert "Gunnery" in lists
    sheets = pages
    assert "Harpy" in sheets[0] and "Siren" not in sheets[0][: pages[0].index("Army list")]
    assert all(n in sheets[1] for n in ("Harpy", "Siren", "Procyon", "Roc", "Minotaur"))
    assert "Army list" not in sheets[1] + sheets[2]
    assert "Harpy B" in sheets[2] and "Harpy B" not in sheets[1]


def test_points_helper_keeps_files_apart():
    from sheets.games.battletech.sheet import points

    units = list(range(12))
    assert points(units, [{"units": 3}, {"units": 9}]) == [[0, 1, 2], [3, 4, 5, 6, 7], [8, 9, 10, 11]]
    assert points(units) == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11]]
