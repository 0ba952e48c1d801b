"""Issue 24 (wh40k6 part) and issue 22 rule 1: the attack calculator's Snap Shots, Instant Death,
Rending and Poisoned, no cover saves in close combat, and the expected wounds printed on every
weapon row of a datasheet. Every expected value is worked by hand from the 6th-edition charts
(digest §4.1 to-hit, §4.2 WS, §4.3 to-wound): a D6 target of n+ succeeds with (7 - n) / 6."""

from fractions import Fraction as F

import pytest
from conftest import layout_clean
from pypdf import PdfReader

from sheets.games.wh40k6 import rules
from sheets.games.wh40k6.model import parse_save, parse_type


def p(out) -> F:
    return F(out["exact"]["p_unsaved_per_shot"])


# -- Snap Shots (digest §4.1: "Snap Shots / Overwatch: 6" whatever the BS) --------------------------


@pytest.mark.parametrize("bs", [1, 4, 5, 6, 10])
def test_snap_shots_hit_on_a_6_whatever_the_bs(bs):
    out = rules.attack(1, 4, 4, bs=bs, snap=True)  # S4 vs T4: 4+ (1/2), no save
    assert out["to_hit"] == 6 and out["reroll_misses_on"] is None and out["snap"] is True
    assert p(out) == F(1, 6) * F(1, 2)


def test_bs6_re_roll_is_not_kept_under_snap_shots_but_twin_linked_is():
    assert rules.attack(1, 4, 4, bs=6)["p_hit"] == pytest.approx(float(F(5, 6) + F(1, 6) * F(1, 6)))
    out = rules.attack(1, 4, 4, bs=6, snap=True, twin_linked=True)
    assert out["reroll_misses_on"] == 6
    assert F(out["p_hit"]).limit_denominator(100) == F(1, 6) + F(5, 6) * F(1, 6)  # 11/36


# -- cover in close combat (issue 22, rule 1) -------------------------------------------------------


def test_cover_is_ignored_against_close_combat_attacks():
    """Cover saves are taken against shooting only: with --ws the cover save does not count."""
    cc = rules.attack(1, 4, 4, ws=(4, 4), cover="4+")
    assert cc["cover_ignored"] is True and cc["save"] is None and cc["save_used"] == "none"
    assert p(cc) == F(1, 2) * F(1, 2)  # 4+ to hit, 4+ to wound, no save
    shot = rules.attack(1, 4, 4, bs=4, cover="4+")  # the same cover against shooting counts
    assert shot["cover_ignored"] is False and shot["save_used"] == "cover"
    assert p(shot) == F(2, 3) * F(1, 2) * F(1, 2)


def test_armour_still_counts_in_close_combat_with_cover_given():
    cc = rules.attack(1, 4, 4, ws=(4, 4), sv="3+", cover="2+")
    assert cc["save"] == 3 and cc["save_used"] == "armour" and p(cc) == F(1, 2) * F(1, 2) * F(1, 3)


def test_no_cover_given_is_not_reported_as_ignored():
    assert rules.attack(1, 4, 4, ws=(4, 4))["cover_ignored"] is False


# -- Rending (†: a wound roll of 6 wounds whatever S and T, AP2) ------------------------------------


def test_rending_wounds_what_the_strength_cannot():
    # BS4 3+ (2/3); S3 vs T7 cannot wound: only a rending 6 (1/6), AP2 beats a 3+ save
    out = rules.attack(1, 3, 7, bs=4, sv="3+", rending=True)
    assert p(out) == F(2, 3) * F(1, 6)
    assert rules.attack(1, 3, 7, bs=4, sv="3+")["unsaved"] == 0


def test_rending_sixes_are_ap2_the_rest_keep_the_weapon_ap():
    # S4 vs T4: 4+; rolls 4-5 (2/6) face the 3+ save (1/3 unsaved), a 6 (1/6) ignores it
    out = rules.attack(1, 4, 4, bs=4, sv="3+", ap=5, rending=True)
    assert p(out) == F(2, 3) * (F(2, 6) * F(1, 3) + F(1, 6))  # 5/27
    assert out["p_wound"] == pytest.approx(0.5)  # the chance to wound itself is unchanged


def test_rending_does_not_beat_an_invulnerable_save():
    out = rules.attack(1, 3, 7, bs=4, sv="3+/4++", rending=True)
    assert p(out) == F(2, 3) * F(1, 6) * F(1, 2)


# -- Poisoned (†: its roll or the chart's, whichever is better; re-roll in close combat at S ≥ T) ---


def test_poisoned_wounds_on_its_roll_when_the_chart_is_worse():
    out = rules.attack(1, 3, 4, ws=(4, 4), poisoned=4)  # chart 5+, poisoned 4+; S3 < T4: no re-roll
    assert out["to_wound"] == 4 and out["reroll_failed_wounds"] is False
    assert p(out) == F(1, 2) * F(1, 2)


def test_poisoned_keeps_the_chart_when_it_is_better():
    out = rules.attack(1, 6, 3, bs=4, poisoned=4)  # chart 2+
    assert out["to_wound"] == 2 and p(out) == F(2, 3) * F(5, 6)


@pytest.mark.parametrize("s,t,reroll", [(4, 4, True), (5, 4, True), (3, 4, False)])
def test_poisoned_re_rolls_failed_wounds_in_close_combat_from_s_equal_t(s, t, reroll):
    out = rules.attack(1, s, t, ws=(4, 4), poisoned=4)
    assert out["reroll_failed_wounds"] is reroll
    first = F(7 - out["to_wound"], 6)
    expected = first + (1 - first) * first if reroll else first
    assert p(out) == F(1, 2) * expected


def test_poisoned_does_not_re_roll_when_shooting():
    out = rules.attack(1, 4, 4, bs=4, poisoned=4)
    assert out["reroll_failed_wounds"] is False and p(out) == F(2, 3) * F(1, 2)


def test_poisoned_wounds_even_a_toughness_the_strength_cannot():
    out = rules.attack(1, 1, 10, ws=(4, 4), poisoned=4)  # chart: no effect
    assert out["to_wound"] == 4 and p(out) == F(1, 2) * F(1, 2)


# -- Instant Death (digest §4.5: S ≥ 2 × T removes the model) ---------------------------------------


def test_instant_death_from_double_toughness():
    out = rules.attack(2, 8, 4, bs=4, wounds=2)  # 2+ to wound: p = 2/3 × 5/6 = 5/9 per shot
    assert out["instant_death"] is True and out["target_wounds"] == 2
    q = F(5, 9)
    want = [(1 - q) ** 2, 2 * q * (1 - q), q * q]
    assert out["removed_distribution"] == pytest.approx([float(x) for x in want])
    assert out["models_removed"] == pytest.approx(float(2 * q))


def test_one_below_double_toughness_needs_every_wound():
    out = rules.attack(2, 7, 4, bs=4, wounds=2)  # S7 vs T4 also 2+: the same 5/9, no Instant Death
    assert out["instant_death"] is False
    q = F(5, 9)
    assert out["removed_distribution"] == pytest.approx([float(1 - q * q), float(q * q)])
    assert out["models_removed"] == pytest.approx(float(q * q))


def test_three_wound_models_and_repeated_wounds():
    out = rules.attack(7, 4, 4, bs=4, wounds=3)  # 7 shots: 0-2 unsaved → 0, 3-5 → 1, 6-7 → 2
    dist = out["distribution"]
    assert out["removed_distribution"] == pytest.approx([sum(dist[0:3]), sum(dist[3:6]), sum(dist[6:8])])


def test_without_wounds_no_model_count():
    assert "models_removed" not in rules.attack(2, 8, 4, bs=4)


# -- the CLI: words in both languages, the new options ----------------------------------------------


def test_cli_close_combat_cover_is_said_and_ignored(cli):
    r = cli("calc", "wh40k6", "attack", "--shots", 2, "--ws", "4,4", "--s", 4, "--t", 4, "--cover", "4+")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == "2 shot(s) or attack(s), WS 4 vs 4: 4+; S4 vs T4: 4+; no save"
    assert (
        lines[1]
        == "cover saves are not taken against close-combat attacks: the cover save given is not counted †"
    )
    assert lines[2] == "expected: hits 1.000, wounds 0.500, unsaved 0.500"


def test_cli_russian_words(cli):
    r = cli(
        "calc",
        "wh40k6",
        "attack",
        "--shots",
        1,
        "--bs",
        4,
        "--s",
        8,
        "--t",
        4,
        "--sv",
        "3+",
        "--ap",
        3,
        "--snap",
        "--w",
        2,
        "--lang",
        "ru",
    )
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == (
        "выстрелов или атак: 1, стрельба навскидку (BS 4): 6+; S8 против T4: 2+; без спас-броска"
    )
    assert lines[1] == "в среднем: попаданий 0,167, ранений 0,139, неспасённых 0,139"
    assert lines[2] == "  P(0 неспасённых) = 0,8611"
    assert lines[4].startswith("мгновенная смерть (S не меньше удвоенной T)")
    for key in ("armour", "save_used", "none", "unsaved"):
        assert key not in r.stdout


def test_cli_rending_and_poisoned_are_daggered_with_the_reading(cli):
    r = cli(
        "calc",
        "wh40k6",
        "attack",
        "--shots",
        1,
        "--ws",
        "4,4",
        "--s",
        4,
        "--t",
        4,
        "--rending",
        "--poisoned",
        "3+",
    )
    assert r.exit_code == 0, r.output
    assert ": 3+, rending on 6†, poisoned 3+†, failed wound rolls re-rolled (S ≥ T)" in r.stdout
    assert r.stdout.splitlines()[-1].startswith("† Rending: a wound roll of 6 wounds whatever S and T")


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["--ws", "4,4", "--snap"], "--snap applies to shooting"),
        (["--bs", 4, "--poisoned", "4"], "expected the roll that wounds"),
        (["--bs", 4, "--poisoned", "7+"], "expected the roll that wounds"),
        (["--bs", 4, "--w", 0], "--w"),
        (["--bs", 4, "--w", 21], "--w"),
    ],
)
def test_cli_bad_new_options_are_usage_errors(cli, args, fragment):
    r = cli("calc", "wh40k6", "attack", "--shots", 1, "--s", 4, "--t", 4, *args)
    assert r.exit_code == 2 and fragment in r.output


@pytest.mark.parametrize("value,n", [("2+", 2), ("6+", 6)])
def test_cli_poisoned_edges_accepted(cli, value, n):
    import json

    r = cli(
        "calc", "wh40k6", "attack", "--shots", 1, "--bs", 4, "--s", 4, "--t", 4, "--poisoned", value, "--json"
    )
    assert r.exit_code == 0 and json.loads(r.stdout)["poisoned"] == n


# -- the odds of one weapon on a datasheet -----------------------------------------------------------


def model(name, count=1, type="infantry", sv="3+", **stats):
    base = dict(ws=4, bs=4, s=4, t=4, w=1, i=4, a=1, ld=8)
    base.update(stats)
    return {"name": name, "count": count, "type": parse_type(type), "sv": parse_save(sv), **base}


def unit(*models, weapons=()):
    return rules.build_unit(
        {
            "name": "U",
            "slot": "troops",
            "detachment": "primary",
            "points": 1,
            "models": list(models),
            "weapons": [dict(w) for w in weapons],
            "rules": [],
            "notes": "",
        }
    )


def weapon(name="W", count=1, range=24, s=4, ap=None, type="Rapid Fire"):
    return {"name": name, "count": count, "range": range, "s": s, "ap": ap, "type": type}


def odds(u, i=0):
    o = rules.weapon_odds(u, u.weapons[i])
    return o and {
        **o,
        "targets": [F(x) for x in o["targets"]],
        "vehicles": [None if x is None else F(x) for x in o["vehicles"]],
    }


@pytest.mark.parametrize("bs,hit", [(2, F(2, 6)), (3, F(3, 6)), (4, F(4, 6)), (5, F(5, 6))])
def test_bolter_odds_for_several_bs(bs, hit):
    # one Rapid Fire shot S4 AP5: vs T4 3+: wound 4+ (1/2), save 3+ holds (1/3 unsaved);
    # vs T3 5+: wound 3+ (2/3), AP5 ignores 5+
    o = odds(unit(model("M", bs=bs), weapons=[weapon(s=4, ap=5)]))
    assert o["targets"] == [hit * F(1, 2) * F(1, 3), hit * F(2, 3)]
    assert o["vehicles"] == [0, 0]  # S4: D6 + 4 never reaches AV 11


def test_heavy_weapon_shots_and_vehicle_hull_points():
    # Heavy 2 S7 AP4, BS4: vs T4 3+: 2 × 2/3 × 2+ (5/6) × 1/3; AV11: D6 ≥ 4 (1/2), AV12: D6 ≥ 5 (1/3)
    o = odds(unit(model("M"), weapons=[weapon(s=7, ap=4, type="Heavy 2")]))
    assert o["targets"][0] == 2 * F(2, 3) * F(5, 6) * F(1, 3)
    assert o["vehicles"] == [2 * F(2, 3) * F(1, 2), 2 * F(2, 3) * F(1, 3)]


def test_ordnance_penetration_keeps_the_highest_of_2d6():
    """S7 against AV 11 needs a 4 on the highest of 2D6 (1 − (3/6)²), AV 12 a 5 (1 − (4/6)²); an
    Ordnance weapon without a blast rolls to hit with BS 4 (2/3), a Large Blast is counted under
    a hit (issue 32: a blast marker scatters, BS does not decide it)."""
    o = odds(unit(model("M"), weapons=[weapon(s=7, ap=3, type="Ordnance 1")]))
    assert o["vehicles"] == [F(2, 3) * (1 - F(3, 6) ** 2), F(2, 3) * (1 - F(4, 6) ** 2)]
    assert o["per_model"] is False
    o = odds(unit(model("M"), weapons=[weapon(s=7, ap=3, type="Ordnance 1, Large Blast")]))
    assert o["vehicles"] == [F(3, 4), F(5, 9)]
    assert o["per_model"] is True


def test_salvo_takes_the_stationary_count_and_twin_linked_re_rolls():
    o = odds(unit(model("M", bs=3), weapons=[weapon(s=4, ap=None, type="Salvo 2/4, Twin-linked")]))
    hit = F(1, 2) + F(1, 2) * F(1, 2)
    assert o["shots"] == 4 and o["targets"][1] == 4 * hit * F(2, 3) * F(4, 6)  # T3 5+: AP – keeps it


def test_template_hits_automatically():
    o = odds(
        unit(model("M", bs=1), weapons=[weapon(range="Template", s=4, ap=5, type="Assault 1, Template")])
    )
    assert o["targets"][1] == F(2, 3) and o["per_model"] is True


@pytest.mark.parametrize(
    "s,a,ws,value",
    [
        ("User", 3, 6, 3 * F(2, 3) * F(1, 2)),  # WS6 vs 4: 3+; S4 vs T4 4+; AP3 beats 3+
        ("+1", 1, 4, F(1, 2) * F(2, 3)),  # S5: 3+
        ("x2", 2, 3, 2 * F(1, 2) * F(5, 6)),  # S8: 2+; WS3 vs 4: 4+
    ],
)
def test_close_combat_uses_the_bearers_attacks_ws_and_strength(s, a, ws, value):
    o = odds(unit(model("M", a=a, ws=ws), weapons=[weapon(range=None, s=s, ap=3, type="Melee")]))
    assert o["melee"] is True and o["targets"][0] == value and o["vehicles"] == [None, None]


def test_the_bearer_is_the_line_with_as_many_models_as_weapons():
    u = unit(
        model("Sergeant", a=2),
        model("Trooper", count=4),
        weapons=[
            weapon("fist", 1, None, "x2", 2, "Melee"),
            weapon("knives", 4, None, "User", None, "Melee"),
            weapon("blades", 3, None, "User", None, "Melee"),
        ],
    )
    assert odds(u, 0)["model"] == "Sergeant" and odds(u, 0)["shots"] == 2
    assert odds(u, 1)["model"] == "Trooper"
    assert odds(u, 2)["model"] == "Trooper"  # no line of three: the most numerous


@pytest.mark.parametrize("wtype", ["Heavy D3", "Assault 2D6", "Blast D6"])
def test_random_shots_are_not_guessed(wtype):
    if wtype == "Blast D6":  # a blast alone is one shot; the D6 here is not the number of shots
        assert odds(unit(model("M"), weapons=[weapon(type=wtype)])) is not None
        return
    assert odds(unit(model("M"), weapons=[weapon(type=wtype)])) is None


def test_unknown_strength_gives_no_odds():
    assert odds(unit(model("M"), weapons=[weapon(s="D", type="Heavy 1")])) is None


def test_rending_and_poisoned_weapons_are_marked_unverified():
    assert odds(unit(model("M"), weapons=[weapon(type="Assault 2, Rending")]))["unverified"] is True
    assert (
        odds(unit(model("M"), weapons=[weapon(range=None, type="Melee, Poisoned (2+)")]))["unverified"]
        is True
    )
    assert odds(unit(model("M"), weapons=[weapon(type="Assault 2")]))["unverified"] is False


def test_volley_reads_poisoned_default_and_explicit():
    assert rules.volley("Melee, Poisoned", True)["poisoned"] == 4
    assert rules.volley("Melee, Poisoned (3+)", True)["poisoned"] == 3
    assert rules.volley("Pistol", False)["shots"] == 1
    assert rules.volley("Rapid Fire", False)["shots"] == 1
    assert rules.volley("Melee", False) is None  # a ranged weapon without a shot count


# -- on the printed datasheet --------------------------------------------------------------------------

UNIT = """\
system: wh40k6
units:
  - name: Odds Squad
    slot: troops
    points: 100
    models:
      - {name: Gunner, count: 2, type: infantry, ws: 6, bs: 5, s: 4, t: 4, w: 1, i: 4, a: 3, ld: 8, sv: "3+"}
    weapons:
      - {name: Pistol gun, count: 2, range: 12, s: 4, ap: 5, type: Pistol}
      - {name: Shock maul, count: 2, range: "-", s: User, ap: 3, type: Melee}
      - {name: Tank gun, count: 2, range: 48, s: 8, ap: 3, type: "Heavy 1"}
"""


@pytest.fixture
def odds_file(tmp_path):
    path = tmp_path / "odds.yaml"
    path.write_text(UNIT, encoding="utf-8")
    return path


def _text(cli, path, tmp_path, *args, before=()):
    out = tmp_path / "o.pdf"
    r = cli(*before, "render", path, "-o", out, *args)
    assert r.exit_code == 0, r.output
    return " ".join(" ".join(pg.extract_text() for pg in PdfReader(out).pages).split())


def test_datasheet_prints_the_odds_in_english(cli, odds_file, tmp_path):
    text = _text(cli, odds_file, tmp_path)
    assert "T4 3+" in text and "T3 5+" in text and "HP vs AV 11/12" in text
    # BS5 pistol: 5/6 × 1/2 × 1/3 = 0.14; vs T3 5+: 5/6 × 2/3 = 0.56
    assert "0.14" in text and "0.56" in text
    # maul: 3 attacks, WS6 vs 4 (3+), S4: 3 × 2/3 × 1/2 = 1.00; vs T3: 3 × 2/3 × 2/3 = 1.33
    assert "1.00" in text and "1.33" in text
    # tank gun S8 vs AV11: D6 ≥ 3 (4/6) × 5/6 = 0.56; AV12: D6 ≥ 4: 5/6 × 1/2 = 0.42
    assert "0.56 / 0.42" in text
    assert "Odds: expected unsaved wounds of one volley of one weapon" in text
    assert "close combat: the bearer's Attacks at WS 4" in text  # the full legend, last page


def test_datasheet_prints_the_odds_in_russian(cli, odds_file, tmp_path):
    text = _text(cli, odds_file, tmp_path, "--lang", "ru")
    assert "T 4, 3+" in text and "HP, броня 11/12" in text
    assert "0,14" in text and "1,33" in text and "0,56 / 0,42" in text
    assert "Шансы: ожидаемые неспасённые ранения за один залп одного оружия" in text
    assert "0.14" not in text


def test_no_odds_leaves_the_columns_out(cli, odds_file, tmp_path):
    text = _text(cli, odds_file, tmp_path, "--no-odds")
    assert "T4 3+" not in text and "0.14" not in text and "Odds:" not in text


def test_odds_targets_are_data(odds_file, tmp_path, subprocess_env):
    """The reference targets come from data/wh40k6/odds.yaml, which --data-dir replaces (a
    subprocess: the bundled tables are cached for the life of a process)."""
    import subprocess
    import sys

    mine = tmp_path / "mydata" / "wh40k6"
    mine.mkdir(parents=True)
    (mine / "odds.yaml").write_text(
        'targets:\n  - {t: 5, sv: "2+"}\n  - {t: 3, sv: "5+"}\nclose_combat_ws: 5\nvehicles: [10, 14]\n',
        encoding="utf-8",
    )
    out = tmp_path / "o.pdf"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "sheets",
            "--data-dir",
            str(tmp_path / "mydata"),
            "render",
            str(odds_file),
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        env=subprocess_env,
    )
    assert r.returncode == 0, r.stderr
    text = " ".join(" ".join(pg.extract_text() for pg in PdfReader(out).pages).split())
    # pistol vs T5 2+: 5/6 × 5+ (1/3) × a 2+ save that AP5 leaves (1/6 unsaved) = 0.05
    assert "T5 2+" in text and "HP vs AV 10/14" in text and "0.05" in text
    assert "Attacks at WS 5" in text


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mono", [False, True])
def test_odds_columns_pass_the_layout_checker(cli, odds_file, tmp_path, lang, paper, mono):
    out = tmp_path / "o.pdf"
    r = cli(
        "render",
        odds_file,
        "-o",
        out,
        "--lang",
        lang,
        "--paper",
        paper,
        *(["--mono"] if mono else []),
        "--check-layout",
    )
    assert r.exit_code == 0, r.output
    assert layout_clean(r.output)
