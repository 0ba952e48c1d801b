"""Issue 12, points 1-4: the classic rules say exactly what the seed says (seed
000_566a5dc104af5fff.txt, the Russian ProtoMech rules)."""

import pytest

from sheets.core.game import Options, get_game
from sheets.games.battletech import rules, view
from sheets.games.battletech.model import Mount, Proto

from .helpers import labels, text
from .helpers import reference as ref


def _proto(**kw):
    base = dict(name="Test", tons=5, walk=5, armor={})
    base.update(kw)
    return Proto(**base)


def test_classic_torso_third_box_destroys_the_protomech_and_kills_the_pilot():
    """«Третье критическое попадание уничтожает двигатель и Протомеха, и убивает пилота.»"""
    boxes = rules.crit_boxes(_proto(), "classic")["torso"]
    assert [b["kind"] for b in boxes] == ["plain", "plain", "destroy"]  # a double frame, not a plain box
    assert labels("en")[boxes[2]["effect"]] == "Destroyed, pilot killed"
    assert labels("ru")[boxes[2]["effect"]] == "Уничтожен, пилот убит"
    row = next(r for r in view.sheet_data(_proto(), "classic")["crit_rows"] if r["location"] == "torso")
    assert row["boxes"][2]["kind"] == "destroy"
    en, ru = text(ref("classic", "en")), text(ref("classic", "ru"))
    assert "Torso, 3rd crit: destroys the engine and the ProtoMech and kills the pilot." in en
    assert "Торс, 3-й крит: уничтожает двигатель и Протомеха и убивает пилота." in ru
    assert "double box: destroyed, pilot killed" in en


@pytest.mark.parametrize(
    "walk, classic, tw",
    [
        (1, [1, 0, 0, 0], [1, 0, 0, 0]),  # half of 1 rounded up is 1: the 2nd crit must not raise 0 to 1
        (2, [2, 1, 1, 0], [2, 1, 1, 0]),
        (3, [3, 2, 2, 0], [3, 2, 1, 0]),
        (4, [4, 3, 2, 0], [4, 3, 2, 0]),
        (5, [5, 4, 3, 0], [5, 4, 2, 0]),
    ],
)
def test_second_leg_and_torso_crit_take_the_lower_value(walk, classic, tw):
    """«Второе критическое попадание уменьшает ОД Шага до половины от начального значения
    (округлять вверх…)» and «Второе критическое попадание уменьшает ОД Прыжка до половины от
    начального значения (округлять вверх)» — it reduces, it never raises."""
    unit = _proto(walk=walk, jump=walk)
    assert rules.damaged_movement(unit, "classic")["walk"] == classic
    assert rules.damaged_movement(unit, "tw")["walk"] == tw
    assert rules.damaged_movement(unit, "classic")["jump"] == classic[:3]


def test_classic_pilot_hit_texts_agree_and_name_the_option():
    """«Он получает 1-но очко повреждения каждый раз, когда вычеркивается критическая клетка …
    Обратите внимание, что пилот не получает автоматического ранения, когда выстрел попадает в
    голову.» With the per-box reading a destroyed head crosses its boxes: up to 2 hits."""
    en, ru = text(ref("classic", "en")), text(ref("classic", "ru"))
    assert "no automatic pilot hit — the pilot sits in the Torso" not in en
    assert (
        "A hit on the Head is no automatic pilot hit (the pilot sits in the Torso); only crossed boxes cost hits."
        in en
    )
    assert (
        "Destroyed location (the rules text allows two readings; this sheet counts every box): every "
        "box it crosses is 1 pilot hit, so a destroyed Head costs up to 2. The other reading, no pilot "
        "hits, is a setting of the rules-variant table †"
    ) in en
    # issue 23: no internal setting name on the print
    assert "destroyed_location_pilot_damage" not in en and "per_box" not in en and "option " not in en
    assert "здесь — «по клеткам»" in ru and "Другое толкование, «без ранений»" in ru
    assert "уничтоженная Голова — до 2 ранений" in ru
    assert rules.pilot_damage_on_destruction("head", 0, "classic") == 2
    assert rules.pilot_damage_on_destruction("head", 0, "classic", reading="none") == 0


def _later_unit():
    item = rules.find_item("AP Gauss Rifle")
    ammo = rules.find_item("AP Gauss Rifle Ammo")
    from sheets.games.battletech.model import AmmoBin

    return _proto(
        walk=4,
        jump=5,
        jump_jets="extended",
        myomer_booster=True,
        mounts=(Mount(0, "AP Gauss Rifle", item, "torso"),),
        ammo=(AmmoBin(1, "AP Gauss Rifle Ammo", ammo, 20),),
    )


def test_later_equipment_warns_under_classic_and_fails_with_strict():
    """The seed is the original ProtoMech rules: it knows jump jets («уменьшает ОД Прыжка на 1») but
    none of the later equipment (myomer booster, extended jets, AP Gauss rifle)."""
    unit = _later_unit()
    issues = rules.validate(unit, "classic")
    later = [i for i in issues if "not in the classic ProtoMech rules" in i.message]
    assert {i.severity for i in later} == {"warning"}
    assert [i.path for i in later] == [
        ("myomer_booster",),
        ("jump_jets",),
        ("equipment", 0, "item"),
        ("equipment", 1, "item"),
    ]
    strict = [i for i in rules.validate(unit, "classic", strict=True) if "classic ProtoMech" in i.message]
    assert {i.severity for i in strict} == {"error"} and len(strict) == 4
    assert not [i for i in rules.validate(unit, "tw") if "classic ProtoMech" in i.message]
    game = get_game("battletech")
    assert any(
        i.severity == "error"
        for i in game.validate_unit(unit, Options(rules="classic", extra={"strict": True}))
        if "classic" in i.message
    )


def test_later_equipment_is_marked_on_the_classic_sheet_only():
    data = view.sheet_data(_later_unit(), "classic")
    assert [r["verified"] for r in data["inventory"]] == [False]
    assert [a["verified"] for a in data["ammo"]] == [False]
    moves = {m["key"]: m["value"] for m in data["movement"]}
    assert moves["run"] == "6 [8]†" and moves["jump"] == "5†"
    assert "later_equipment_footnote" in data["footnotes"]
    tw = view.sheet_data(_later_unit(), "tw")
    assert "later_equipment_footnote" not in tw["footnotes"] and tw["inventory"][0]["verified"]


def test_classic_handout_drops_the_extended_jets_row():
    classic, tw = text(ref("classic", "en")), text(ref("tw", "en"))
    assert "Max Jump (extended jets)" not in classic and "with extended jets" not in classic
    assert "Max Jump (extended jets)" in tw
    assert "Jump MP at most Walk MP." in classic


def test_validate_strict_on_the_command_line(cli, write):
    path = write(
        "late.yaml",
        "system: battletech\nunits:\n  - name: Late\n    tons: 5\n    walk: 4\n"
        "    myomer_booster: true\n    armor: {head: 2, torso: 5, right_arm: 1, left_arm: 1, legs: 3}\n",
    )
    ok = cli("validate", path)
    assert ok.exit_code == 0 and "myomer booster is not in the classic ProtoMech rules" in ok.stderr
    strict = cli("validate", path, "--strict")
    assert strict.exit_code == 1 and "myomer booster is not in the classic ProtoMech rules" in strict.stderr
    assert cli("validate", path, "--strict", "--rules", "tw").exit_code == 0
