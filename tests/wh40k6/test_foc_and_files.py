"""Unit files, schema messages, `info --json`, `schema wh40k6` and the Force Organisation Chart
(digest §6: Primary HQ 1–2, Troops 2–6, Elites/Fast Attack/Heavy Support 0–3, Fortification 0–1;
Allied HQ 1, Troops 1–2, others 0–1; a second detachment at 2000 points or more)."""

import json
from pathlib import Path

import pytest

from sheets.core.errors import InputError
from sheets.core.loader import load_file
from sheets.games.wh40k6.rules import foc_tally, foc_violations, violation_text

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data/units/wh40k6/sample_list.yaml"

ISSUE_EXAMPLE = """\
system: wh40k6
roster: {name: "Ravenwing Strike", limit: 1500}
units:
  - name: Ravenwing Attack Squadron
    slot: fast_attack        # hq | troops | elites | fast_attack | heavy_support | fortification | lords_of_war | none
    detachment: primary      # primary | allied (default primary)
    points: 175
    models:
      - {name: Ravenwing Biker, count: 3, type: bike, ws: 4, bs: 4, s: 4, t: 5, w: 1, i: 4, a: 1, ld: 8, sv: "3+"}
      - {name: Attack Bike, count: 1, type: bike, ws: 4, bs: 4, s: 4, t: 5, w: 2, i: 4, a: 2, ld: 8, sv: "3+"}
    weapons:
      - {name: Twin-linked boltgun, range: 24, s: 4, ap: 5, type: "Rapid Fire, Twin-linked"}
      - {name: Heavy bolter, range: 36, s: 5, ap: 4, type: "Heavy 3"}
    rules: [Scouts, Hit & Run]
  - name: Predator
    slot: heavy_support
    points: 120
    models:
      - {name: Predator, type: "vehicle (tank)", bs: 4, front: 13, side: 11, rear: 10, hp: 3}
"""


def test_issue_example_info_json(cli, write):
    path = write("ravenwing.yaml", ISSUE_EXAMPLE)
    r = cli("info", "--json", path)
    assert r.exit_code == 0, r.stderr
    rows = json.loads(r.stdout)
    bikes, pred = rows
    for key in (
        "system",
        "name",
        "slot",
        "detachment",
        "points",
        "models",
        "movement",
        "granted_rules",
        "shooting_limit",
    ):
        assert key in bikes
    assert bikes["system"] == "wh40k6" and bikes["slot"] == "fast_attack" and bikes["detachment"] == "primary"
    assert bikes["points"] == 175
    assert bikes["models"][0] == {**bikes["models"][0], "name": "Ravenwing Biker", "count": 3, "type": "bike"}
    assert bikes["models"][1]["profile"]["w"] == 2 and bikes["models"][1]["profile"]["sv"] == "3+"
    assert {k: bikes["movement"][k] for k in ("move", "run", "charge", "fall_back")} == {
        "move": '12"',
        "run": '12"',
        "charge": '2D6"',
        "fall_back": '3D6"',
    }
    assert bikes["granted_rules"] == ["Hammer of Wrath", "Jink", "Relentless", "Very Bulky"]
    assert "each rider fires one weapon" in bikes["shooting_limit"]
    assert pred["models"][0]["profile"] == {"bs": 4, "front": 13, "side": 11, "rear": 10, "hp": 3}
    assert pred["detachment"] == "primary" and pred["movement"]["fall_back"] == "–"
    assert bikes["unit_type"] == "bike" and pred["unit_type"] == "vehicle (tank)"


def test_schema_command_prints_json_schema(cli):
    r = cli("schema", "wh40k6")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    unit = doc["properties"]["units"]["items"]["anyOf"][0]
    by_alias = {
        a["anyOf"][0]["required"][0] for a in unit.get("allOf", []) if "anyOf" in a
    }  # points: or pts:
    assert set(unit["required"]) | by_alias >= {"name", "slot", "points", "models"}
    assert "fast_attack" in unit["properties"]["slot"]["anyOf"][0]["enum"]
    model = unit["properties"]["models"]["anyOf"][0]["items"]  # (or nothing: an empty list)
    assert {"ws", "bs", "s", "t", "w", "i", "a", "ld", "sv", "front", "side", "rear", "hp"} <= set(
        model["properties"]
    )


BAD = """\
system: wh40k6
units:
  - name: X
    slot: trops
    points: 10
    models:
      - {name: A, type: bikke, ws: 4, bs: 4, s: 4, t: 11, w: 1, i: 4, a: 1, ld: 8, sv: "3+"}
      - {name: B, type: "vehicle (tnak)", bs: 4, front: 13, side: 11, rear: 10, hp: 3}
"""


def test_bad_values_are_positioned_with_did_you_mean(cli, write):
    r = cli("validate", write("bad.yaml", BAD))
    assert r.exit_code == 1
    lines = r.stderr.strip().splitlines()
    assert any(":4:11:" in l and "did you mean 'troops'" in l for l in lines), lines
    assert any(":7:25:" in l and "did you mean 'bike'" in l for l in lines), lines
    assert any(":7:55:" in l and "11 is out of range (1–10)" in l for l in lines), lines
    assert any(":8:25:" in l and "did you mean 'tank'" in l for l in lines), lines
    assert "Traceback" not in r.output


MISSING = """\
system: wh40k6
units:
  - name: X
    slot: troops
    points: 10
    models:
      - {name: Guard, type: infantry, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, sv: "5+"}
      - {name: Tank, type: "vehicle (walker)", bs: 4, front: 12, side: 12, rear: 10, hp: 3, t: 6}
"""


def test_profile_columns_follow_the_type(write):
    with pytest.raises(InputError) as err:
        load_file(write("m.yaml", MISSING))
    text = str(err.value)
    assert "model 'Guard' (infantry) needs 'ld'" in text
    assert "model 'Tank' (vehicle (walker)) needs 'ws'" in text and "needs 'a'" in text
    assert "not 't'" in text


def unit(slot, det="primary", points=50):
    return f"""  - name: U{{n}}
    slot: {slot}
    detachment: {det}
    points: {points}
    models: [{{name: M, type: infantry, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, sv: "5+"}}]
"""


def army(write, limit, *slots):
    text = f"system: wh40k6\nroster: {{name: T, limit: {limit}}}\nunits:\n"
    for n, s in enumerate(slots):
        det = "allied" if s.startswith("a:") else "primary"
        text += unit(s.removeprefix("a:"), det).replace("{n}", str(n))
    loaded = load_file(write(f"army{len(slots)}-{limit}.yaml", text))
    return loaded.units


def msgs(units, limit):
    return [violation_text(v) for v in foc_violations(units, limit)]


def test_foc_legal_minimum(write):
    assert msgs(army(write, 1000, "hq", "troops", "troops"), 1000) == []


def test_foc_too_few_troops(write):
    assert msgs(army(write, 1000, "hq", "troops"), 1000) == ["Primary detachment: Troops 1 (needs 2–6)"]


def test_foc_no_hq_and_too_many_hq(write):
    assert msgs(army(write, 1000, "troops", "troops"), 1000) == ["Primary detachment: HQ 0 (needs 1–2)"]
    assert msgs(army(write, 1500, "hq", "hq", "hq", "troops", "troops"), 1500) == [
        "Primary detachment: HQ 3 (allowed 1–2)"
    ]


def test_foc_elites_heavy_fortification_limits(write):
    units = army(
        write,
        1500,
        "hq",
        "troops",
        "troops",
        "elites",
        "elites",
        "elites",
        "elites",
        "fortification",
        "fortification",
    )
    assert msgs(units, 1500) == [
        "Primary detachment: Elites 4 (allowed 0–3)",
        "Primary detachment: Fortification 2 (allowed 0–1)",
    ]


def test_foc_allied_limits(write):
    ok = army(write, 1500, "hq", "troops", "troops", "a:hq", "a:troops")
    assert msgs(ok, 1500) == []
    units = army(
        write,
        1500,
        "hq",
        "troops",
        "troops",
        "a:troops",
        "a:troops",
        "a:troops",
        "a:elites",
        "a:elites",
        "a:fortification",
    )
    assert msgs(units, 1500) == [
        "Allied detachment: HQ 0 (needs 1–1)",
        "Allied detachment: Troops 3 (allowed 1–2)",
        "Allied detachment: Elites 2 (allowed 0–1)",
        "Allied detachment: Fortification 1 (this detachment has no such slot)",
    ]


def test_foc_second_detachment_at_2000_points(write):
    slots = ("hq",) * 3 + ("troops",) * 7 + ("heavy_support",) * 4 + ("a:hq", "a:hq", "a:troops")
    assert msgs(army(write, 1999, *slots), 1999) == [
        "Primary detachment: HQ 3 (allowed 1–2)",
        "Primary detachment: Troops 7 (allowed 2–6)",
        "Primary detachment: Heavy Support 4 (allowed 0–3)",
        "Allied detachment: HQ 2 (allowed 1–1)",
    ]
    # at 2000 points the primary units need two detachments, each with its own 1 HQ + 2 Troops
    # (issue 22, fix 2): 3 HQ and 7 Troops fit; the two allied HQ need two allied detachments,
    # and the one allied Troops unit is then a breach (each allied detachment needs its own)
    assert msgs(army(write, 2000, *slots), 2000) == ["Allied detachment: Troops 1 (needs 2–4)"]
    tally = {
        (r["detachment"], r["slot"]): (r["count"], r["min"], r["max"])
        for r in foc_tally(army(write, 2000, *slots), 2000)
    }
    assert tally[("primary", "hq")] == (3, 2, 4) and tally[("primary", "troops")] == (7, 4, 12)
    assert msgs(army(write, 2000, *slots, "a:troops"), 2000) == []


def test_sample_list_is_valid(cli):
    r = cli("validate", SAMPLE)
    assert r.exit_code == 0, r.stderr
    assert "warning" not in r.stderr


def test_rules_core_is_pure(subprocess_env):
    import subprocess
    import sys

    code = (
        "import sys\nfrom sheets.core.loader import load_file\nfrom sheets.core.roster import army_list\n"
        f"l = load_file({str(SAMPLE)!r})\n[l.game.info(u, l.options) for u in l.units]\narmy_list(l)\n"
        "from sheets.games.wh40k6 import rules\nrules.attack(3, 4, 4, bs=4, sv='3+')\n"
        "print(','.join(m for m in ('reportlab', 'click', 'jinja2', 'PIL', 'pypdfium2') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


BROKEN_LIST = """\
system: wh40k6
roster: {name: Broken, limit: 300}
units:
  - {from: sample_list.yaml, name: Sample Captain}
  - {from: sample_list.yaml, name: Sample Tactical Squad A}
""" + "".join("  - {from: sample_list.yaml, name: Sample Battle Tank}\n" for _ in range(4))


def test_list_violations_fail_validate_but_still_print(cli, write, tmp_path):
    from pypdf import PdfReader

    write("sample_list.yaml", SAMPLE.read_text(encoding="utf-8"))
    path = write("broken.yaml", BROKEN_LIST)
    r = cli("validate", path)
    assert r.exit_code == 1
    lines = r.stderr.strip().splitlines()
    assert lines == [
        f"{path}: roster 'Broken' is over the limit: 750 pts > 300 (by 450)",
        f"{path}: Primary detachment: Troops 1 (needs 2–6)",
        f"{path}: Primary detachment: Heavy Support 4 (allowed 0–3)",
    ]
    out = tmp_path / "list.pdf"
    r = cli("roster", path, "-o", out)
    assert r.exit_code == 0 and r.stderr.count("warning:") == 3
    text = PdfReader(out).pages[0].extract_text()
    assert "Violations:" in text and "Troops 1 (needs 2–6)" in text and "Troops 1 / 2–6" in text
    r = cli("roster", path, "--format", "json")
    data = json.loads(r.stdout)
    assert data["violations"][1:] == [
        "Primary detachment: Troops 1 (needs 2–6)",
        "Primary detachment: Heavy Support 4 (allowed 0–3)",
    ]
    assert {"text": "Heavy Support 4 / 0–3", "ok": False} in data["tally"]
    r = cli("roster", path, "--format", "json", "--lang", "ru")
    assert "Основной отряд: Войска 1 (нужно 2–6)" in json.loads(r.stdout)["violations"]


@pytest.mark.parametrize(
    "fmt,mark",
    [
        ("md", "**Troops 1 / 2–6**"),
        ("html", '<b class="over">Troops 1 / 2–6</b>'),
        ("bbcode", "[color=red][b]Troops 1 / 2–6[/b][/color]"),
    ],
)
def test_text_formats_show_the_tally_and_breaches(cli, write, fmt, mark):
    write("sample_list.yaml", SAMPLE.read_text(encoding="utf-8"))
    r = cli("roster", write("broken.yaml", BROKEN_LIST), "--format", fmt)
    assert r.exit_code == 0 and mark in r.stdout
    assert "Primary detachment: Heavy Support 4 (allowed 0–3)" in r.stdout
