"""Issue 21 (BattleScribe import, real files): every public roster in the shared fixtures'
``real/`` folder imports, its units' points add up to the total the file itself states (the
``<roster><costs><cost name="pts">`` that BattleScribe / New Recruit wrote), a ``.rosz`` gives
exactly what its ``.ros`` twin gives, and every roster of ``other-systems/`` is refused with the
one message naming its game system (exit 1 from the CLI, nothing written).

The totals and the messages below are literals read off the files (their own header, their
``gameSystemName``), not the importer's output."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

# the first folder up that holds shared/fixtures (the checkout's parent; also from the copy a
# mutation run tests in, output/mutate-area/<area>/mutants/tests/...)
FIXTURES = next(
    (
        p / "shared" / "fixtures" / "battlescribe"
        for p in Path(__file__).resolve().parents
        if (p / "shared" / "fixtures" / "battlescribe").is_dir()
    ),
    Path("/nonexistent"),
)
REAL, OTHER = FIXTURES / "real", FIXTURES / "other-systems"
pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason="shared BattleScribe fixtures not present")

# file -> (the total the file states, the points limit it states or None, units imported:
# each dedicated transport is a unit of its own)
TOTALS = {
    "1_5k_night_lords_cent_nova_2.ros": (325, 1500, 3),
    "2021_9_5_test_roster.ros": (370, 1000, 5),
    "Dark Angel 30k Test.ros": (840, None, 6),
    "HH_Test.ros": (1715, None, 12),
    "all_dedicated_transports.ros": (1487, 1500, 9),
    "dread_claw_transport.ros": (385, None, 2),
    "drop_pod_dt.ros": (275, None, 3),
    "hh_test_cortus_dread_only.ros": (135, None, 1),
    "hh_test_dread_only.ros": (175, None, 1),
    "land_raider_phobos_dt.ros": (480, None, 2),
    "legion_astartes_roster_new.ros": (325, 1500, 3),
    "mech_hamslam_ZM.ros": (1000, 1000, 5),
    "parser_test_full_list.ros": (2735, 3000, 14),
    "porch_slam_saux.ros": (2500, 2500, 9),
    "tac_squad_with_dt.ros": (170, None, 2),
    "tactical_squad_with_transport.ros": (160, None, 2),
    "test_hh.ros": (445, 1000, 3),
    "test_hh_vehicles.ros": (2500, 1000, 9),
    "updated_legions_roster_8_19-20.ros": (300, None, 3),
    "wargear_fix.ros": (430, None, 3),
}
TWINS = sorted(p.stem for p in REAL.glob("*.rosz")) if REAL.is_dir() else []

# file -> the refusal after "file: " (the system as the file names it: gameSystemName, id)
REFUSED = {
    "01.LoV.Leviathan.v0102.rosz": "this roster is for Warhammer 40,000 10th edition (Warhammer 40,000 10th "
    "Edition); only 6th/7th-edition and Horus Heresy 1st-edition rosters can be imported",
    "All Comers.rosz": "this roster is for The Horus Heresy 3rd edition (Horus Heresy 3rd Edition); only "
    "6th/7th-edition and Horus Heresy 1st-edition rosters can be imported",
    "death_guard1.ros": "this roster is for Warhammer 40,000 8th/9th edition (Warhammer 40,000 9th Edition); "
    "only 6th/7th-edition and Horus Heresy 1st-edition rosters can be imported",
    "hhv2.custodes_zm.ros": "this roster is for The Horus Heresy 2nd edition ((HH V2) Horus Heresy (2022)); "
    "only 6th/7th-edition and Horus Heresy 1st-edition rosters can be imported",
    "Apoc Test.rosz": "game system 'Warhammer 40,000: Apocalypse' (18f7-26e1-8fbb-f7fa) is not",
    "Belakor and Fiends.rosz": "game system 'Age of Sigmar 4.0' (e51d-b1a3-75fc-dc3g) is not",
    "Black Coach.rosz": "game system 'Age of Sigmar' (e51d-b1a3-75fc-dc33) is not",
    "MESBG Mordor 750 With Troll.ros": "game system 'Middle-Earth Strategy Battle Game' (3e16-9abf-6238-4ed9) is not",
    "Warcry Tzeentch Test.ros": "game system 'Warhammer Age of Sigmar: Warcry' (e5fe-db52-95ba-6b62) is not",
    "brood_coven_kt.ros": "game system 'Warhammer 40,000: Kill Team (2021)' (3b7e-7dab-f79f-2e74) is not",
    "psychic_roster_kt.ros": "game system 'Warhammer 40,000: Kill Team (2018)' (a467-5f42-d24c-6e5b) is not",
}
UNKNOWN_TAIL = " Warhammer 40,000 6th/7th edition or Horus Heresy 1st edition: not imported"


def test_every_real_roster_is_in_the_table():
    assert sorted(p.name for p in REAL.glob("*.ros")) == sorted(TOTALS)


@pytest.mark.parametrize("name", sorted(TOTALS))
def test_a_real_roster_imports_and_sums_to_the_total_it_states(name):
    total, limit, units = TOTALS[name]
    doc = roster_to_unit_file(REAL / name)
    assert (doc["system"], doc["rules"]) == ("wh40k6", "hh1")
    assert sum(u["points"] for u in doc["units"]) == total
    assert all(type(u["points"]) is int and u["points"] >= 0 for u in doc["units"])
    assert doc["roster"].get("limit") == limit
    assert len(doc["units"]) == units
    assert doc["roster"]["notes"].startswith(
        f"Imported from {name} (The Horus Heresy 1st edition, BattleScribe "
    )
    # every transport names a unit of the same roster that comes just before its transports
    names = [u["name"] for u in doc["units"]]
    for i, u in enumerate(doc["units"]):
        if u.get("transport_of"):
            assert u["transport_of"] in names[:i] and u["slot"] == "none"


@pytest.mark.parametrize("stem", TWINS)
def test_a_rosz_gives_what_its_ros_gives(stem):
    plain, zipped = roster_to_unit_file(REAL / f"{stem}.ros"), roster_to_unit_file(REAL / f"{stem}.rosz")
    assert zipped["units"] == plain["units"]
    assert zipped["roster"]["notes"] == plain["roster"]["notes"].replace(f"{stem}.ros ", f"{stem}.rosz ", 1)


@pytest.mark.parametrize("name", sorted(TOTALS))
def test_a_real_roster_validates_with_the_unit_file_checks(cli, name):
    """``sheets validate FILE.ros`` reads it as a unit file: every unit is valid; what may be
    reported (exit 1) are the list's own breaches (these test rosters are not legal armies: the
    Force Organisation Chart, the points limit) and import warnings, never a unit's error."""
    res = cli("validate", REAL / name)
    assert res.exit_code in (0, 1) and "Traceback" not in res.output
    for line in res.stderr.splitlines():
        assert line.startswith(f"{REAL / name}: ")
        assert ": warning: " in line or " detachment: " in line or "over the limit" in line, line


def test_every_other_system_roster_is_in_the_table():
    assert sorted(p.name for p in OTHER.iterdir()) == sorted(REFUSED)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_roster_of_another_game_is_refused_naming_it(name):
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(OTHER / name)
    want = REFUSED[name] + (UNKNOWN_TAIL if REFUSED[name].endswith(" is not") else "")
    assert [str(p) for p in exc.value.problems] == [f"{OTHER / name}: {want}"]


@pytest.mark.parametrize("name", ["death_guard1.ros", "Black Coach.rosz"])
def test_the_cli_refuses_another_game_and_writes_nothing(cli, tmp_path, name):
    out = tmp_path / "out.yaml"
    res = cli("import", "battlescribe", OTHER / name, "-o", out)
    assert res.exit_code == 1 and not out.exists() and res.stdout == ""
    assert res.stderr.splitlines()[-1].startswith(f"{OTHER / name}: ")
