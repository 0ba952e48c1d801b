"""Issue 32, the 40k odds on the datasheets for the model that fires: one printed row per rule,
with its numbers worked by hand from the 6th-edition charts (digest §4.1 BS, §4.2 WS, §4.3 S vs T,
§4.4 penetration; a D6 roll of n+ succeeds with (7 − n)/6), against the default reference targets
(T4 3+ and T3 5+ infantry at WS 4, AV 11 and 12), and the odds' line once per page. Issue 35: a
cell per reference target (a weapon that hurts AV 11 but not AV 12 prints both)."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

UNIT = """system: wh40k6
units:
  - name: Ash Squad
    slot: troops
    points: 100
    models:
      - {name: Trooper, count: 9, type: infantry, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, sv: 5+}
      - {name: Prime, count: 1, type: infantry (character), ws: 4, bs: 4, s: 3, t: 3, w: 1, i: 4, a: 2, ld: 8, sv: 5+}
    weapons:
      - {name: Chainsword, count: 1, range: "-", s: User, ap: "-", type: Melee, carrier: Prime}
      - {name: Chainsword, count: 9, range: "-", s: User, ap: "-", type: Melee, carrier: Trooper}
      - {name: Axe, count: 1, range: Melee, s: User, ap: "-", type: Melee, carrier: Prime}
      - {name: Frag Grenades, count: 10, range: 8, s: 3, ap: "-", type: "Assault 1, Blast"}
      - {name: Krak Grenade (Assault), count: 10, range: "-", s: 6, ap: 4, type: "-"}
      - {name: Melta Bombs, count: 1, range: "-", s: 8, ap: 1, type: "Armourbane, Unwieldy", carrier: Prime}
      - {name: Spark Gun, count: 1, range: 24, s: 5, ap: "-", type: Assault 1, carrier: Prime}
"""


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    from click.testing import CliRunner

    from sheets.cli import cli as main

    tmp = tmp_path_factory.mktemp("odds")
    src = tmp / "ash.yaml"
    src.write_text(UNIT, encoding="utf-8")
    out = tmp / "ash.pdf"
    r = CliRunner().invoke(main, ["render", str(src), "-o", str(out), "--check-layout"])
    assert r.exit_code == 0, r.output
    return [" ".join(p.extract_text().split()) for p in PdfReader(out).pages]


def test_a_weapon_uses_its_carrier_s_profile(printed):
    """The Prime's chainsword: his 2 attacks at WS 4 vs 4 (4+: 1/2), S 3 (User) vs T4 5+ (1/3),
    3+ armour (1/3 unsaved): 2 × 1/2 × 1/3 × 1/3 = 0.11; vs T3 5+: 4+ (1/2), 5+ (2/3 unsaved):
    0.33. The troopers' (WS 3: 4+, 1 attack each): 0.06 and 0.17, on a row of their own."""
    text = printed[0]
    assert "Chainsword (Prime) 1 melee User – Melee 0.11 0.33 –" in text
    assert "Chainsword (Trooper) 9 melee User – Melee 0.06 0.17 –" in text


def test_a_range_reading_melee_gets_close_combat_odds(printed):
    """``range: Melee`` is a close-combat weapon (the Prime's attacks, as a dash): 0.11 and 0.33,
    no vehicle cell; printed as "melee" like a dash."""
    assert "Axe (Prime) 1 melee User – Melee 0.11 0.33 –" in printed[0]


def test_a_blast_is_counted_under_a_hit_not_with_the_bs(printed):
    """Frag grenades (Assault 1, Blast): under the marker, no BS roll: S3 vs T4 5+ (1/3) × 3+
    (1/3) = 0.11, vs T3 4+ (1/2) × 5+ (2/3) = 0.33 (with BS 3 it would be 0.06 / 0.17), marked *
    per model under it; S3 cannot hurt AV 11 (a 6 gives 9)."""
    assert 'Frag Grenades 10 8" 3 – Assault 1, Blast 0.11* 0.33* –' in printed[0]


def test_grenades_in_assault_hit_vehicles_only_with_one_attack(printed):
    """Krak grenades in close combat: one attack, vehicles only (‡): WS 3 (the troopers) against
    a vehicle that moved (WS 1): 3+ (2/3); S6 + D6 against AV 11 needs a 5 (1/3): 0.22; AV 12 a 6
    (1/6): 0.11. Melta bombs (the Prime's; Armourbane: 2D6 + 8): AV 11 needs 3 on 2D6 (35/36):
    2/3 × 35/36 = 0.65, AV 12 4 (33/36): 0.61."""
    text = printed[0]
    assert "Krak Grenade (Assault) 10 melee 6 4 – – – 0.22 / 0.11‡" in text
    assert "Melta Bombs (Prime) 1 melee 8 1 Armourbane, Unwieldy – – 0.65 / 0.61‡" in text


def test_a_weapon_that_hurts_av_11_but_not_12_prints_both(printed):
    """The Prime's spark gun (BS 4: 3+, 2/3), S5: AV 11 needs a 6 (1/6): 0.11; AV 12 cannot be
    hurt: a dash beside it. S5 vs T4 3+: 3+ (2/3) × 1/3 → 2/3 × 2/3 × 1/3 = 0.15; vs T3 5+: 2+
    (5/6) × 2/3 → 0.37."""
    assert 'Spark Gun (Prime) 1 24" 5 – Assault 1 0.15 0.37 0.11 / –' in printed[0]


def test_the_odds_line_is_printed_once_per_page_with_its_marks(printed):
    """Once at the foot of each page with weapon tables; on the page the glossary shares, its
    legend says the same (what the odds assume, then the page's marks)."""
    line = "Odds: expected unsaved wounds of one volley of one weapon (HP: hull points lost)"
    legend = "Odds: expected unsaved wounds of one volley of one weapon against T4 3+ and T3 5+ infantry"
    assert [(p.count(line), p.count(legend)) for p in printed] in (
        [(1, 0)] * (len(printed) - 1) + [(0, 1)],
        [(1, 0)] * (len(printed) - 1) + [(1, 0)],
    )
    assert (
        "* Blast / template: per model under it, a hit assumed (a blast marker scatters: BS is not used)."
        in printed[0]
    )
    assert "‡ Grenade / melta bomb in close combat: one attack, against vehicles only" in printed[0]


def test_rows_of_one_weapon_merge_where_the_carriers_fire_it_alike():
    """Lasrifles on a sergeant and 17 auxiliaries (both BS 3) are one row naming both, the
    prime's (BS 4) a row of its own; a weapon on every line of the unit with one profile: one row
    without a label; a melee weapon merges only with the same WS, S and A."""
    from sheets.core.errors import Problems
    from sheets.games.wh40k6.rules import build_unit
    from sheets.games.wh40k6.schema import unit_spec
    from sheets.games.wh40k6.view import weapon_lines

    def line(name, n, bs, a=1):
        return {"name": name, "count": n, "type": "infantry", "ws": 3, "bs": bs, "s": 3, "t": 3, "w": 1}, {
            "i": 3,
            "a": a,
            "ld": 7,
            "sv": "5+",
        }

    models = [
        dict(a, **b) for a, b in (line("Sergeant", 1, 3, 2), line("Auxiliary", 17, 3), line("Prime", 1, 4))
    ]
    rifle = {"name": "Lasrifle", "range": 30, "s": 3, "ap": "-", "type": "Rapid Fire"}
    pistol = {"name": "Laspistol", "range": 12, "s": 3, "ap": "-", "type": "Pistol"}
    blade = {"name": "Blade", "range": "-", "s": "User", "ap": "-", "type": "Melee"}
    weapons = [
        dict(rifle, count=1, carrier="Sergeant"),
        dict(rifle, count=17, carrier="Auxiliary"),
        dict(rifle, count=1, carrier="Prime"),
        dict(pistol, count=1, carrier="Prime"),
        dict(blade, count=1, carrier="Sergeant"),
        dict(blade, count=17, carrier="Auxiliary"),
    ]
    data = {"name": "Tercio", "slot": "troops", "points": 100, "models": models, "weapons": weapons}
    unit = build_unit(unit_spec().check(data, None, Problems("t"), "U"))
    rows = [(w.name, w.count, label) for w, label in weapon_lines(unit)]
    assert rows == [
        ("Lasrifle", 18, "Sergeant, Auxiliary"),
        ("Lasrifle", 1, "Prime"),
        ("Laspistol", 1, "Prime"),
        ("Blade", 1, "Sergeant"),  # A2 against the auxiliaries' A1
        ("Blade", 17, "Auxiliary"),
    ]
    unit.weapons = [w for w in unit.weapons if w.carrier != "Prime" and w.name == "Lasrifle"]
    unit.models = [m for m in unit.models if m.name != "Prime"]
    assert [(w.name, w.count, label) for w, label in weapon_lines(unit)] == [("Lasrifle", 18, "")]
