"""Army lists: references, overrides, totals, groups, the limit check, every output format."""

import json
from pathlib import Path

import pypdf
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data/units/battletech"


@pytest.fixture
def star(write):
    for name in ("minotaur", "roc"):
        write(f"units/{name}.yaml", (UNITS / f"{name}.yaml").read_text(encoding="utf-8"))
    return write(
        "star.yaml",
        """system: battletech
roster: {name: "Star <Alpha> & Co", limit: 2000}
units:
  - {from: units/minotaur.yaml, name: Minotaur, pilot: {name: "Ivan", gunnery: 3}}
  - {from: units/roc.yaml, pilot: {name: "Анна", gunnery: 2}}
  - {from: units/roc.yaml}
  - {from: units/minotaur.yaml, name: Minotaur}
  - {from: units/minotaur.yaml, name: minotaur}
  - {from: units/minotaur.yaml, name: Minotaur, pilot: {name: "Boris", gunnery: 5}}
""",
    )


def expected_rows(star):
    """Pilot BV of each entry, from the rules core (not hard-coded)."""
    from sheets.core.loader import load_file
    from sheets.games.battletech import GAME

    loaded = load_file(star)
    return [GAME.info(u, loaded.options) for u in loaded.units]


def test_references_overrides_and_totals(cli, star):
    rows = expected_rows(star)
    assert [r["name"] for r in rows] == ["Minotaur", "Roc", "Roc", "Minotaur", "Minotaur", "Minotaur"]
    assert [r["gunnery"] for r in rows] == [3, 2, 4, 4, 4, 5]
    r = cli("roster", star, "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["total"] == sum(x["bv_pilot"] for x in rows)
    assert data["limit"] == 2000 and data["over"] is True and data["over_by"] == data["total"] - 2000
    assert [g["title"] for g in data["groups"]] == ["Point 1", "Point 2"]
    assert [len(g["rows"]) for g in data["groups"]] == [5, 1]
    assert data["groups"][0]["subtotal"] == sum(x["bv_pilot"] for x in rows[:5])
    assert data["groups"][0]["rows"][1]["pilot"] == "Анна"
    assert "over the limit" in r.stderr  # printed clearly, exit code still 0


def test_validate_fails_a_roster_over_its_limit(cli, star):
    r = cli("validate", star)
    assert r.exit_code == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{star}: ") and "over the limit" in lines[0], lines
    assert "ok (" not in r.stdout


@pytest.mark.parametrize(
    "text, where, fragment",
    [
        ("  - {from: units/nope.yaml, name: X}\n", ":4:12:", "cannot read 'units/nope.yaml'"),
        ("  - {from: units/roc.yaml, name: Rok}\n", ":4:34:", "no unit named 'Rok'"),
        ("  - {from: units/roc.yaml, pilot: {gunnery: 11}}\n", ":4:", "out of range"),
    ],
)
def test_reference_errors_point_at_the_roster_line(cli, star, write, text, where, fragment):
    bad = write("bad.yaml", "system: battletech\nroster: {name: Bad}\nunits:\n" + text)
    r = cli("validate", bad)
    assert r.exit_code == 1
    assert f"{bad}{where}" in r.stderr and fragment in r.stderr, r.stderr


def test_errors_inside_a_referenced_file_point_into_that_file(cli, write):
    unit = write(
        "units/broken.yaml",
        "system: battletech\nunits:\n  - name: Broken\n    tons: 99\n    walk: 3\n    armor: {head: 1}\n",
    )
    roster = write("r.yaml", "system: battletech\nunits:\n  - {from: units/broken.yaml, name: Broken}\n")
    r = cli("validate", roster)
    assert r.exit_code == 1 and f"{unit}:4:11:" in r.stderr


def test_markdown_bbcode_html(cli, star):
    rows = expected_rows(star)
    md = cli("roster", star, "--format", "md").stdout
    assert (
        "| 2 | Roc |" in md
        and "## Point 2" in md
        and f"**Total: {sum(r['bv_pilot'] for r in rows)} BV**" in md
    )
    assert "OVER THE LIMIT" in md
    bb = cli("roster", star, "--format", "bbcode").stdout
    assert "[b]Point 1[/b]" in bb and "[*][b]Roc[/b]" in bb and "[color=red]" in bb
    html = cli("roster", star, "--format", "html").stdout
    assert "Star &lt;Alpha&gt; &amp; Co" in html and "<Alpha>" not in html
    assert html.count("<tr><td>") == 6


def test_russian_text_and_output_file(cli, star, tmp_path):
    out = tmp_path / "list.md"
    r = cli("roster", star, "--format", "md", "--lang", "ru", "-o", out)
    assert r.exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert "Список армии" in text and "Точка 1" in text and "ПРЕВЫШЕН ЛИМИТ" in text and "БЦ" in text


def test_custom_template(cli, star, write):
    tpl = write(
        "mine.txt.j2",
        "{{ name }}: {% for g in groups %}{% for r in g.rows %}{{ r.name }}/{{ r.cost }} "
        "{% endfor %}{% endfor %}= {{ total }}\n",
    )
    rows = expected_rows(star)
    r = cli("roster", star, "--format", "md", "--template", tpl)
    assert r.exit_code == 0
    # a Markdown template escapes user text (issue 10): <, > and & cannot open HTML or entities
    assert r.stdout.strip() == (
        "Star \\<Alpha\\> \\& Co: "
        + " ".join(f"{x['name']}/{x['bv_pilot']}" for x in rows)
        + f" = {sum(x['bv_pilot'] for x in rows)}"
    )
    broken = write("broken.j2", "{{ name\n")
    r = cli("roster", star, "--format", "md", "--template", broken)
    assert r.exit_code == 1 and "template error" in r.stderr


@pytest.mark.parametrize("paper, size", [("a4", (595.276, 841.89)), ("letter", (612, 792))])
def test_pdf_army_list(cli, star, tmp_path, paper, size):
    out = tmp_path / "list.pdf"
    assert cli("roster", star, "-o", out, "--paper", paper).exit_code == 0
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) == 1
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == pytest.approx(
        size, abs=0.01
    )
    text = reader.pages[0].extract_text()
    total = sum(x["bv_pilot"] for x in expected_rows(star))
    assert (
        "Army list" in text and f"Total: {total} BV" in text and "OVER THE LIMIT" in text and "Анна" in text
    )


def test_render_roster_puts_the_list_first_with_pilots_filled_in(cli, star, tmp_path):
    out = tmp_path / "star.pdf"
    assert cli("render", star, "-o", out).exit_code == 0
    pages = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(str(out)).pages]
    # the list goes under the units of the first sheet page with room for it: Point 2 (Boris)
    assert len(pages) == 2 and "Army list" not in pages[0]
    assert "Ivan" in pages[0] and "Анна" in pages[0]
    assert "Boris" in pages[1] and "Army list" in pages[1]
    assert pages[1].index("Boris") < pages[1].index("Army list")
    assert cli("render", star, "-o", out, "--no-list").exit_code == 0
    assert len(pypdf.PdfReader(str(out)).pages) == 2


def test_other_games_lists(cli):
    dust = json.loads(cli("roster", ROOT / "data/units/dust/sample_force.yaml", "--format", "json").stdout)
    names = [r["name"] for r in dust["groups"][0]["rows"]]
    hero = next(r for r in dust["groups"][0]["rows"] if r["kind"] == "Hero")
    squad = next(r for r in dust["groups"][0]["rows"] if r["name"] == hero["joins"])
    assert names.index(squad["name"]) < names.index(hero["name"])
    assert squad["hero"] == f"+ {hero['name']}" and dust["limit_unit"] == "AP"
    assert dust["total"] == sum(r["cost"] for r in dust["groups"][0]["rows"])
    dm = json.loads(
        cli("roster", ROOT / "data/units/dmech/otrok.yaml", "--format", "json", "--lang", "ru").stdout
    )
    assert dm["groups"][0]["rows"][0]["name"] == "Отрок"
