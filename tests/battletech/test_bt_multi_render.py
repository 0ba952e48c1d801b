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


def test_points_helper_groups_loose_blk_files():
    """Issue 33: loose MegaMek unit files given together make one Point of up to five (as
    MegaMekLab's mass print does); a YAML file, a roster, or --one-per-page keeps files apart."""
    from sheets.games.battletech.sheet import points

    blk = [{"path": f"u{k}.blk", "units": 1, "roster": None} for k in range(7)]
    assert points(list(range(7)), blk) == [[0, 1, 2, 3, 4], [5, 6]]
    assert points(list(range(7)), blk, one_per_page=True) == [[k] for k in range(7)]
    upper = [{"path": "A.BLK", "units": 1}, {"path": "b.blk", "units": 1}]
    assert points([0, 1], upper) == [[0, 1]]
    # a YAML file between two runs of .blk files ends the first run
    mixed = blk[:2] + [{"path": "x.yaml", "units": 1}] + blk[2:4]
    assert points(list(range(5)), mixed) == [[0, 1], [2], [3, 4]]
    # a .blk that is somehow a roster, or a file of two units, is not loose
    assert points([0, 1], [{"path": "r.blk", "units": 1, "roster": {"name": "R"}}, blk[0]]) == [[0], [1]]
    assert points([0, 1, 2], [{"path": "two.yaml", "units": 2}, blk[0]]) == [[0, 1], [2]]


FIX = ROOT / "tests/megamek/fixtures"
FIVE = ["Harpy.blk", "Siren.blk", "Roc.blk", "Orc.blk", "Gorgon.blk"]


def test_five_blk_files_print_as_one_point(cli, tmp_path):
    out = tmp_path / "point.pdf"
    r = cli("render", *[FIX / n for n in FIVE], FIX / "Basilisk.blk", "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    pages = _pages(out)
    assert len(pages) == 2
    assert "Point 1/2" in pages[0] and all(n.removesuffix(".blk") in pages[0] for n in FIVE)
    assert "Point 2/2" in pages[1] and "Basilisk" in pages[1]
    # the sixth unit's Point has blank forms numbered 2 to 5, never beyond the Point
    assert "ProtoMech 5" in pages[1] and "ProtoMech 6" not in pages[1]
    one = tmp_path / "one.pdf"
    r = cli("render", *[FIX / n for n in FIVE[:2]], "--one-per-page", "-o", one)
    assert r.exit_code == 0, r.stderr
    pages = _pages(one)
    assert len(pages) == 2 and "Point 1/2" in pages[0] and "Siren" in pages[1]


def test_a_points_continuation_page_has_no_blank_forms_beyond_five(cli, write, tmp_path):
    """A Point that needs more than five slots (a 15 t ultraheavy at full armour takes two)
    continues on a second page; that page holds the Point's last units and no blank forms
    numbered 6 or more (issue 33: "the fifth ProtoMech alone beside blank forms numbered 6-9")."""
    heavy = (ROOT / "tests/render/layout/ultraheavy.yaml").read_text(encoding="utf-8")
    unit = heavy[heavy.index("  - name: Ultraheavy") :].split("\n  - name:")[0]
    small = "  - {name: Small%d, tons: 2, motion: biped, walk: 5, armor: {head: 1, torso: 2, right_arm: 1, left_arm: 1, legs: 2}, equipment: []}\n"
    text = "system: battletech\nrules: tw\nunits:\n" + unit.replace("Ultraheavy", "UH1") + "\n"
    text += unit.replace("Ultraheavy", "UH2") + "\n" + "".join(small % k for k in (3, 4, 5))
    src = write("uh.yaml", text)
    out = tmp_path / "uh.pdf"
    r = cli("render", src, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    pages = _pages(out)
    assert len(pages) == 2 and "Point 1/1 (cont.)" in pages[1]
    assert "Small5" in pages[1] and "ProtoMech 5" in pages[1]
    for k in range(6, 10):
        assert f"ProtoMech {k}" not in pages[1]


def test_a_point_of_loose_files_under_different_rules_takes_the_wider_ones():
    """A quad's .blk needs Total Warfare (classic allows bipeds of 2-9 t only), the bipeds' need
    none: the loose files are still one Point (as MegaMekLab prints them), drawn under the rules
    that allow every one of them (tw: 2-15 t, biped, quad and glider)."""
    from sheets.games.battletech.sheet import point_rules, points, unit_rules

    files = [
        {"path": "a.blk", "units": 1, "rules": None},
        {"path": "b.blk", "units": 1, "rules": None},
        {"path": "quad.blk", "units": 1, "rules": "tw"},
    ]
    units = ["a", "b", "quad"]
    assert points(units, files) == [["a", "b", "quad"]]
    rules_of = unit_rules(units, files, "classic")
    assert rules_of == {id("a"): "classic", id("b"): "classic", id("quad"): "tw"}
    assert point_rules(units, rules_of, "classic") == "tw"
    assert point_rules(units[:2], rules_of, "classic") == "classic"
    assert point_rules([], rules_of, "classic") == "classic"
    assert unit_rules(units, files[:2], "classic") == {}  # the counts do not match: no table


def test_loose_files_under_different_rules_print_as_one_point(cli, tmp_path):
    """Basilisk.blk (classic) and Boggart.blk (a 15 t ultraheavy: tw) given together: one Point
    under Total Warfare, each with its own values (issue 33's sweep: "Physical attack damage:
    None" when the ultraheavy was drawn under the first file's classic rules, which stop at 9 t)."""
    out = tmp_path / "two.pdf"
    r = cli("render", FIX / "Basilisk.blk", FIX / "Boggart.blk", "-o", out, "--strict")
    assert r.exit_code == 0, r.stderr
    pages = _pages(out)
    assert len(pages) == 1 and "None" not in pages[0]
    assert "Total Warfare rules" in pages[0]
    assert "Physical attack damage: 3" in pages[0]  # 10-15 t under Total Warfare (digest §6.1)
    assert "Physical attack damage: 2" in pages[0]  # the 7 t Basilisk
