"""Issue 24, "To-hit odds on ProtoMech sheets": each weapon row prints the base to-hit number for
the unit's pilot at each range band (Gunnery + range modifier, the minimum-range modifier where
the weapon has one) and its 2D6 chance, e.g. "5 (83 %) · 7 (58 %) · 9 (28 %)"; the legend says
which modifiers are not included; `--no-odds` turns it off.

Hand-computed values (2D6, out of 36): P(≥2) = 36, P(≥3) = 35 (97 %), P(≥4) = 33 (92 %),
P(≥5) = 30 (83 %), P(≥6) = 26 (72 %), P(≥7) = 21 (58 %), P(≥8) = 15 (42 %), P(≥9) = 10 (28 %),
P(≥10) = 6 (17 %), P(≥11) = 3 (8 %), P(≥12) = 1 (3 %), 13 cannot be rolled (0 %).
Range modifiers: short +0, medium +2, long +4; inside a minimum range m at distance d:
+(m − d + 1) (Total Warfare, Minimum Range; MegaMek Compute.getRangeMods). Clan pulse lasers
−2, Clan heavy lasers +1 to hit (MegaMek weapon classes).
"""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from sheets.games.battletech import rules


def _unit(name, item, gunnery, location="torso"):
    return (
        f"  - name: {name}\n    tons: 9\n    motion: biped\n    walk: 3\n"
        f"    armor: {{head: 2, torso: 8, right_arm: 2, left_arm: 2, legs: 6}}\n"
        f"    equipment:\n      - {{item: {item}, location: {location}}}\n"
        f"    pilot: {{name: P{name}, gunnery: {gunnery}}}\n"
    )


FILE = "system: battletech\nrules: {rules}\nunits:\n" + "".join(
    [
        _unit("Alpha", "ER Medium Laser", 4),  # 5/10/15
        _unit("Bravo", "ER Medium Laser", 3),
        _unit("Charlie", "ER Medium Laser", 5),
        _unit("Delta", "Medium Pulse Laser", 0),  # -2
        _unit("Echo", "Heavy Medium Laser", 8),  # +1
    ]
)
FILE2 = "system: battletech\nrules: tw\nunits:\n" + "".join(
    [
        _unit("Foxtrot", "Fusillade Launcher", 4, "right_arm"),  # min 4, 5/10/15
        _unit("Golf", "Heavy Machine Gun", 2),  # 1/2/2: no long band
        _unit("Hotel", "ER Medium Laser", 6),
    ]
)


def _text(path) -> str:
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
    return "\n".join(p.extract_text() for p in reader.pages)


def _render(cli, write, tmp_path, text, *args, name="odds"):
    src = write(f"{name}.yaml", text)
    out = tmp_path / f"{name}.pdf"
    r = cli("render", src, "-o", out, *args)
    assert r.exit_code == 0, r.stderr
    return _text(out)


@pytest.mark.parametrize(
    "target, ways",
    [
        (-2, 36),
        (1, 36),
        (2, 36),
        (3, 35),
        (4, 33),
        (5, 30),
        (6, 26),
        (7, 21),
        (8, 15),
        (9, 10),
        (10, 6),
        (11, 3),
        (12, 1),
        (13, 0),
        (14, 0),
    ],
)
def test_chance_2d6_out_of_36(target, ways):
    assert rules.chance_2d6(target) == ways


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_printed_odds_for_several_gunnery_values(cli, write, tmp_path, lang):
    text = _render(cli, write, tmp_path, FILE.replace("{rules}", "classic"), "--lang", lang)
    assert "4 (92 %) · 6 (72 %) · 8 (42 %)" in text  # Gunnery 4, ER Medium Laser
    assert "3 (97 %) · 5 (83 %) · 7 (58 %)" in text  # Gunnery 3
    assert "5 (83 %) · 7 (58 %) · 9 (28 %)" in text  # Gunnery 5 (the example)
    assert "-2 (100 %) · 0 (100 %) · 2 (100 %)" in text  # Gunnery 0, pulse laser -2
    assert "9 (28 %) · 11 (8 %) · 13 (0 %)" in text  # Gunnery 8, heavy laser +1


def test_minimum_range_and_a_band_without_hexes(cli, write, tmp_path):
    text = _render(cli, write, tmp_path, FILE2, name="odds2")
    # Fusillade, min 4: +1 at 4 hexes (5) ... +4 at 1 hex (8), then 4 / 6 / 8
    # (the line may wrap between two entries, never inside one)
    assert re.search(r"≤4: 5–8 \(83–42 %\) · 4 \(92 %\) · 6 \(72 %\)( · |\n)8 \(42 %\)", text)
    # Heavy MG 1/2/2, Gunnery 2: short 2, medium 4, and no long band
    assert re.search(r"(?m)^2 \(100 %\) · 4 \(92 %\)$", text)
    assert "4 (92 %) · 8" not in text
    assert "6 (72 %) · 8 (42 %) · 10 (17 %)" in text  # Gunnery 6


def test_minimum_range_numbers_from_the_rules():
    row = {"name": "ATM 3", "min": 4, "short": 5, "medium": 10, "long": 15}
    odds = rules.to_hit_odds(row, 4, "tw")
    assert odds["minimum"] == {"hexes": 4, "best": 5, "worst": 8, "ways_best": 30, "ways_worst": 15}
    assert [(b["band"], b["to_hit"], b["ways"]) for b in odds["bands"]] == [
        ("short", 4, 33),
        ("medium", 6, 26),
        ("long", 8, 15),
    ]
    # a minimum range reaching the short range leaves no plain short band
    odds = rules.to_hit_odds({"name": "X", "min": 3, "short": 3, "medium": 6, "long": 9}, 4, "classic")
    assert [b["band"] for b in odds["bands"]] == ["medium", "long"]
    assert rules.to_hit_odds({"name": "Magnetic Clamp", "min": None, "short": None}, 4, "tw") is None


def test_legend_names_what_is_not_included(cli, write, tmp_path):
    en = _render(cli, write, tmp_path, FILE.replace("{rules}", "classic"), name="c-en")
    flat = " ".join(en.split())
    assert "Not included: movement, terrain, target state, crits (head, arms, main gun)." in flat
    assert "range†" in flat and "† range modifiers of the standard rules" in flat
    ru = " ".join(
        _render(cli, write, tmp_path, FILE.replace("{rules}", "classic"), "--lang", "ru", name="c-ru").split()
    )
    assert "Значение на попадание (Навык Стрельбы + дистанция†" in ru
    assert "Не учтены: движение, местность, положение цели, крит. попадания (голова, руки, гл. пушка)." in ru
    assert "the pilot's line" not in ru and "Not included" not in ru
    tw = " ".join(_render(cli, write, tmp_path, FILE.replace("{rules}", "tw"), name="t-en").split())
    assert "crits (head, arms), quirks, pilot abilities." in tw
    assert "range†" not in tw and "† range modifiers" not in tw  # tw values confirmed


def test_no_odds_turns_it_off(cli, write, tmp_path):
    text = _render(cli, write, tmp_path, FILE.replace("{rules}", "classic"), "--no-odds", name="off")
    assert "(92 %)" not in text and "Under each weapon" not in text
    assert "Medium" in text and "BV" in text  # the sheet itself is still there
    r = cli("render", "--help")
    assert "--no-odds" in r.stdout


def test_no_odds_is_declared_by_the_game_plugin_not_the_shared_cli():
    from sheets.core.game import load_object
    from sheets.games.battletech import GAME

    names = [s.name for s in load_object(GAME.command_options["render"])]
    assert "no_odds" in names
    import inspect

    import sheets.cli.options as shared

    assert "no-odds" not in inspect.getsource(shared)


def test_info_in_russian_names_the_main_gun_in_russian(cli):
    """Issue 20: `info --lang ru` left the key main_gun in English."""
    from sheets.core.data import data_path

    r = cli("info", data_path("units/battletech/roc.yaml"), "--lang", "ru")
    assert r.exit_code == 0, r.stderr
    assert "main_gun" not in r.stdout
    assert "главная пушка: 3" in r.stdout  # Roc: main gun armour 3 (digest §13.1)
    r = cli("info", data_path("units/battletech/roc.yaml"), "--json")
    assert '"main_gun": 3' in r.stdout  # the JSON keys stay as they are


def test_no_variant_means_classic_and_a_missing_band_has_no_odds():
    row = {"name": "ATM 3", "min": 4, "short": 5, "medium": 10, "long": 15}
    assert rules.to_hit_odds(row, 4, None) == rules.to_hit_odds(row, 4, "classic")
    assert rules.odds_legend(None) == rules.odds_legend("classic")
    # no long range at all (not 0 hexes written): short and medium only, Gunnery 4 → 4 and 6
    odds = rules.to_hit_odds({"name": "X", "min": None, "short": 3, "medium": 6, "long": None}, 4, "classic")
    assert [(b["band"], b["to_hit"]) for b in odds["bands"]] == [("short", 4), ("medium", 6)]
    assert odds["minimum"] is None


POINT = "system: battletech\nrules: classic\nunits:\n" + "".join(
    [
        _unit("Alpha", "ER Medium Laser", 4),
        _unit("Bravo", "ER Small Laser", 4),
        _unit("Charlie", "ER Medium Laser", 5),
        _unit("Delta", "Medium Pulse Laser", 4),  # -2: its own line
        _unit("Echo", "ER Micro Laser", 4),  # 1/2/4: the standard line
    ]
)


def test_the_odds_a_pilot_shares_print_once_per_gunnery_in_the_legend(cli, write, tmp_path):
    """Issue 33: 126 of 148 odds lines were the same; a weapon with the three bands and no
    modifier of its own prints nothing under it, the legend says once per Gunnery value "Gunnery
    4: 4 (92 %) · 6 (72 %) · 8 (42 %)" (short +0, medium +2, long +4), and a weapon whose numbers
    differ (a pulse laser, -2) keeps its own line."""
    text = _render(cli, write, tmp_path, POINT, name="point")
    flat = " ".join(text.split())
    assert flat.count("4 (92 %) · 6 (72 %) · 8 (42 %)") == 1
    assert (
        "To hit, every weapon without a line of its own: Gunnery 4: 4 (92 %) · 6 (72 %) · 8 (42 %); " in flat
    )
    assert "Gunnery 5: 5 (83 %) · 7 (58 %) · 9 (28 %)." in flat
    assert flat.count("2 (100 %) · 4 (92 %) · 6 (72 %)") == 1  # Delta's pulse laser: 4 - 2
    assert pypdf.PdfReader(io.BytesIO((tmp_path / "point.pdf").read_bytes())).get_num_pages() == 1
    ru = " ".join(_render(cli, write, tmp_path, POINT, "--lang", "ru", name="point-ru").split())
    assert (
        "На попадание, оружие без своей строки: Стрельба 4: 4 (92 %) · 6 (72 %) · 8 (42 %); Стрельба 5:" in ru
    )


def test_standard_and_own_odds():
    from sheets.games.battletech.sheet import own_odds, pilot_skills, standard_odds

    std = standard_odds(4, "classic")
    assert [(b["band"], b["to_hit"], b["ways"]) for b in std["bands"]] == [
        ("short", 4, 33),
        ("medium", 6, 26),
        ("long", 8, 15),
    ]
    same = {
        "odds": rules.to_hit_odds(
            {"name": "ER Medium Laser", "min": None, "short": 5, "medium": 10, "long": 15}, 4, "classic"
        )
    }
    assert own_odds(same, 4, "classic") is None
    assert own_odds(same, 5, "classic") is not None  # another pilot's line: its own
    pulse = {
        "odds": rules.to_hit_odds(
            {"name": "Medium Pulse Laser", "min": None, "short": 3, "medium": 6, "long": 9}, 4, "classic"
        )
    }
    assert own_odds(pulse, 4, "classic")["bands"][0]["to_hit"] == 2
    hmg = {
        "odds": rules.to_hit_odds(
            {"name": "X", "min": None, "short": 1, "medium": 2, "long": None}, 4, "classic"
        )
    }
    assert own_odds(hmg, 4, "classic") is not None  # no long band
    assert own_odds({"odds": None}, 4, "classic") is None
    assert pilot_skills([], "classic") == []


def test_no_odds_leaves_out_the_pilots_line_too(cli, write, tmp_path):
    text = " ".join(_render(cli, write, tmp_path, POINT, "--no-odds", name="point-off").split())
    assert "every weapon without a line" not in text and "(92 %)" not in text
