"""The Dust rules core pinned rule by rule with literals from the seed (002) and the digest
(dust.md §1–§5): building a unit, armour levels, heroes joining squads (same armour type AND level,
one per squad, before the game), cover sources and their combination, the corner rule, the dice
editions and the cover calculator. Direct calls of the rules core, no rendering."""

from fractions import Fraction

import pytest

from sheets.games.dust.model import Armor, Cover, Skill, Unit
from sheets.games.dust.rules import (
    UnknownEdition,
    build_unit,
    check_cover_sources,
    combine_cover,
    corner_cover,
    cover_calc,
    cover_sources,
    cross_faction_joins,
    default_edition,
    dice_edition,
    duplicate_squad_names,
    forms_corner,
    partner,
    partners,
    resolve_joins,
    resolve_save,
    save_for,
    validate_force,
    validate_unit,
)


def unit(
    name="Rangers",
    kind="squad",
    armor=("soldier", 2),
    cover=Cover("hits", "misses"),
    joins=None,
    faction="Allies",
    models=5,
    health=1,
):
    return Unit(
        name=name,
        faction=faction,
        kind=kind,
        armor=Armor(*armor),
        models=models,
        health=health,
        move=1,
        points=20,
        cover=cover,
        joins=joins,
    )


def hero(name="Keller", armor=("soldier", 2), joins="Rangers", faction="Allies"):
    return unit(
        name=name, kind="hero", armor=armor, cover=None, joins=joins, faction=faction, models=1, health=4
    )


def issues_of(pairs):
    return [(i, issue.path, issue.message, issue.severity) for i, issue in pairs]


# -- building a unit from a checked mapping ---------------------------------------------------------

BASE = {
    "name": "  Rangers ",
    "kind": "squad",
    "armor": {"type": "soldier", "level": 2},
    "models": 5,
    "health": 1,
    "move": 1,
    "points": 20,
}


def test_build_unit_reads_every_field():
    data = dict(
        BASE,
        faction="Allies",
        cover={"soft": "hits", "hard": "misses"},
        joins=" Keller ",
        weapons=[
            {
                "name": "M1",
                "count": 5,
                "range": 3,
                "vs": {"S1": "1/1", "V1": None},
                "mount": None,
                "tags": None,
            },
            "broken item",
            {"name": "Knife", "count": 1, "range": "C", "mount": "front", "tags": ["UGL"]},
        ],
        skills=["Fast", {"name": "Medic", "text": "heals"}, {"name": "Tough", "text": None}, 7],
    )
    u = build_unit(data)
    assert (u.name, u.faction, u.kind, u.armor, u.models, u.health, u.move, u.points) == (
        "Rangers",
        "Allies",
        "squad",
        Armor("soldier", 2),
        5,
        1,
        1,
        20,
    )
    assert u.cover == Cover("hits", "misses")
    assert u.joins == "Keller"
    assert [(w.name, w.count, w.range, w.cells, w.mount, w.tags) for w in u.weapons] == [
        ("M1", 5, 3, {"S1": "1/1"}, "", ()),  # a blank cell is no cell
        ("Knife", 1, "C", {}, "front", ("UGL",)),
    ]
    assert u.skills == [Skill("Fast"), Skill("Medic", "heals"), Skill("Tough", "")]


def test_build_unit_defaults():
    u = build_unit(dict(BASE, faction=None, joins="   ", weapons=None, skills=None))
    assert (u.faction, u.joins, u.weapons, u.skills) == ("", None, [], [])
    assert u.cover == Cover("none", "none")  # no entry on a squad card = no save in either cover
    assert build_unit(dict(BASE, cover={})).cover == Cover("none", "none")


def test_build_hero_has_no_cover_unless_written():
    h = build_unit(dict(BASE, kind="hero"))
    assert h.cover is None and h.is_hero
    written = build_unit(dict(BASE, kind="hero", cover={"soft": "hits", "hard": "none"}))
    assert written.cover == Cover("hits", "none")  # kept, so validate_unit can refuse it


# -- armour levels (digest §1: Soldier 1–4, Vehicle 1–7, Air 1–3) --------------------------------


@pytest.mark.parametrize(
    "armor, ok",
    [
        (("soldier", 4), True),
        (("soldier", 5), False),
        (("vehicle", 7), True),
        (("vehicle", 8), False),
        (("aircraft", 3), True),
        (("aircraft", 4), False),
        (("soldier", 1), True),
    ],
)
def test_armour_level_within_its_type(armor, ok):
    issues = validate_unit(unit(armor=armor))
    if ok:
        assert issues == []
    else:
        limit = {"soldier": 4, "vehicle": 7, "aircraft": 3}[armor[0]]
        assert [(i.path, i.message, i.severity) for i in issues] == [
            (
                ("armor", "level"),
                f"level {armor[1]} is out of range for {armor[0]} armour (1–{limit})",
                "error",
            )
        ]


def test_hero_cover_and_squad_joins_messages():
    h = unit(name="Keller", kind="hero", cover=Cover())
    assert [(i.path, i.message) for i in validate_unit(h)] == [
        (
            ("cover",),
            "heroes have no cover value of their own (a joined hero uses its squad's cover): remove 'cover'",
        )
    ]
    v = unit(kind="vehicle", joins="Rangers")
    assert [(i.path, i.message) for i in validate_unit(v)] == [
        (("joins",), "only heroes join squads (this unit: vehicle)")
    ]
    assert validate_unit(hero()) == []


# -- heroes joining (seed: «того же типа брони … уровня 2 … но не 1, 3 или 4»; one per squad) ----


@pytest.mark.parametrize(
    "squad_armor, hero_armor, joined",
    [
        (("soldier", 2), ("soldier", 2), True),
        (("soldier", 2), ("soldier", 1), False),
        (("soldier", 2), ("soldier", 3), False),
        (("soldier", 2), ("soldier", 4), False),
        (("soldier", 2), ("vehicle", 2), False),  # same level, other type
        (("vehicle", 2), ("soldier", 2), False),
        (("aircraft", 1), ("soldier", 1), False),
        (("vehicle", 5), ("vehicle", 5), True),
    ],
)
def test_hero_joins_only_the_same_armour_type_and_level(squad_armor, hero_armor, joined):
    force = [unit(armor=squad_armor), hero(armor=hero_armor)]
    pairs, issues = resolve_joins(force)
    if joined:
        assert (pairs, issues) == ({1: 0}, [])
    else:
        s, h = Armor(*squad_armor).code, Armor(*hero_armor).code
        assert pairs == {}
        assert issues_of(issues) == [
            (
                1,
                ("joins",),
                f"joins 'Rangers' ({s}) but the hero is {h}: a hero "
                "joins only a squad of the same armour type and level",
                "error",
            )
        ]


def test_join_names_compare_case_insensitively():
    assert resolve_joins([unit(name="Laser Squad"), hero(joins="LASER squad")])[0] == {1: 0}


def test_one_hero_per_squad():
    force = [unit(), hero(), hero(name="Second")]
    pairs, issues = resolve_joins(force)
    assert pairs == {1: 0}
    assert issues_of(issues) == [
        (2, ("joins",), "joins 'Rangers', already joined by hero 'Keller': one hero per squad", "error")
    ]


def test_same_named_squads_pair_heroes_in_file_order_by_armour():
    """Several squads of one name (an error of its own): each hero takes the first free squad of
    its own armour."""
    force = [
        unit(armor=("soldier", 3)),
        unit(),
        unit(),
        hero(name="A"),
        hero(name="B"),
        hero(name="C"),
        hero(name="D", armor=("soldier", 3)),
    ]
    pairs, issues = resolve_joins(force)
    assert pairs == {3: 1, 4: 2, 6: 0}
    assert issues_of(issues) == [
        (5, ("joins",), "joins 'Rangers', already joined by hero 'A': one hero per squad", "error")
    ]


def test_other_armour_message_names_the_first_squad():
    force = [
        unit(name="R", armor=("soldier", 3)),
        unit(name="r", armor=("soldier", 4)),
        hero(joins="R", armor=("soldier", 1)),
    ]
    (issue,) = resolve_joins(force)[1]
    assert issue[1].message.startswith("joins 'R' (S3) but the hero is S1")


def test_joining_a_vehicle_or_nothing():
    force = [
        unit(name="Pounder", kind="vehicle", armor=("vehicle", 2)),
        unit(name="Rangers"),
        hero(joins="Pounder", armor=("vehicle", 2)),
        hero(name="Lone", joins="Rangerz"),
    ]
    pairs, issues = resolve_joins(force)
    assert pairs == {}
    assert issues_of(issues) == [
        (2, ("joins",), "joins 'Pounder' (vehicle): heroes join only squads", "error"),
        (
            3,
            ("joins",),
            "joins 'Rangerz': no squad of that name in this file (a hero joins only "
            "before the game, so the squad must be in the same file or roster) (did you "
            "mean 'Rangers'?)",
            "error",
        ),
    ]


def test_a_refused_hero_does_not_stop_the_next_ones():
    force = [
        unit(),
        hero(name="Lost", joins="Nobody"),
        hero(name="Heavy", armor=("soldier", 3)),
        unit(name="Pounder", kind="vehicle"),
        hero(name="Driver", joins="Pounder"),
        hero(),
    ]
    pairs, issues = resolve_joins(force)
    assert pairs == {5: 0}
    assert [(i, issue.message.split(":")[0]) for i, issue in issues] == [
        (1, "joins 'Nobody'"),
        (2, "joins 'Rangers' (S2) but the hero is S3"),
        (4, "joins 'Pounder' (vehicle)"),
    ]


def test_hero_cannot_join_itself_and_suggestions_name_squads_only():
    force = [unit(name="Pounder", kind="vehicle"), hero(name="Keller", joins="Keller")]
    ((i, issue),) = resolve_joins(force)[1]
    assert i == 1 and issue.message == (
        "joins 'Keller': no squad of that name in this file (a hero "
        "joins only before the game, so the squad must be in the "
        "same file or roster)"
    )


def test_only_heroes_with_a_joins_are_paired():
    force = [unit(), unit(name="Other", joins="Rangers"), hero(joins=None), hero(name="X", joins="")]
    assert resolve_joins(force) == ({}, [])


def test_duplicate_squad_names():
    force = [
        unit(name="Rangers"),
        unit(name="Grenadiers"),
        unit(name="Pounder", kind="vehicle"),
        unit(name="Pounder", kind="vehicle"),
        unit(name="RANGERS"),
        hero(name="Rangers"),
        unit(name="rangers"),
    ]
    assert issues_of(duplicate_squad_names(force)) == [
        (
            4,
            ("name",),
            "squad name 'RANGERS' is used twice in this force (first: unit 1); give every "
            "squad its own name so a hero's 'joins' names one squad",
            "error",
        ),
        (
            6,
            ("name",),
            "squad name 'rangers' is used twice in this force (first: unit 1); give every "
            "squad its own name so a hero's 'joins' names one squad",
            "error",
        ),
    ]


def test_squad_names_fold_like_joins():
    """Duplicates are the names a hero's ``joins`` cannot tell apart, and no others: "Stoßtrupp"
    and "STOSSTRUPP" are two squads (each joined by name), "Stoßtrupp" and "STOßTRUPP" one name."""
    force = [
        unit(name="Stoßtrupp"),
        unit(name="STOSSTRUPP"),
        hero(name="A", joins="stoßtrupp"),
        hero(name="B", joins="Stosstrupp"),
    ]
    assert duplicate_squad_names(force) == []
    assert resolve_joins(force) == ({2: 0, 3: 1}, [])
    assert [i for i, _ in duplicate_squad_names([unit(name="Stoßtrupp"), unit(name="STOßTRUPP")])] == [1]


@pytest.mark.parametrize(
    "hero_faction, squad_faction, warns",
    [
        ("Axis", "Allies", True),
        ("Axis", " axis ", False),
        ("", "Allies", False),
        ("Axis", "", False),
    ],
)
def test_cross_faction_join_is_a_warning(hero_faction, squad_faction, warns):
    force = [unit(faction=squad_faction), hero(faction=hero_faction)]
    out = issues_of(cross_faction_joins(force, {1: 0}))
    assert out == (
        [
            (
                1,
                ("joins",),
                f"hero of {hero_faction!r} joins 'Rangers' of {squad_faction!r}: "
                "a hero leads his own army's squads",
                "warning",
            )
        ]
        if warns
        else []
    )


def test_validate_force_marks_the_squad_and_orders_the_issues():
    force = [
        unit(faction="Allies"),
        unit(name="Rangers"),
        hero(faction="Axis"),
        hero(name="Two", joins="Nobody"),
    ]
    out = validate_force(force)
    assert force[0].joined_by == "Keller" and force[1].joined_by is None
    assert [(i, issue.severity, issue.message.split(":")[0]) for i, issue in out] == [
        (1, "error", "squad name 'Rangers' is used twice in this force (first"),
        (3, "error", "joins 'Nobody'"),
        (2, "warning", "hero of 'Axis' joins 'Rangers' of 'Allies'"),
    ]


def test_partners_both_ways():
    squad, keller, lone, other = unit(), hero(), hero(name="Lone", joins=None), unit(name="Other")
    force = [squad, keller, lone, other]
    assert partners(force) == {id(squad): keller, id(keller): squad}
    assert partner(squad, force) is keller and partner(keller, force) is squad
    assert partner(lone, force) is None and partner(other, force) is None


def test_partner_of_a_unit_outside_the_force():
    squad, keller = unit(), hero()
    twin = unit()  # equal to ``squad`` but not in the force
    assert twin == squad
    assert partner(twin, [squad, keller]) is None


# -- dice editions (digest §3) -------------------------------------------------------------------


def test_classic_dice_two_hit_four_miss_faces():
    ed = dice_edition("classic")
    assert ed.faces == {"hit": 2, "miss": 4}
    assert ed.saves == {"hits": ("hit",), "misses": ("miss",)}
    assert (ed.label, ed.verified) == ("dice_classic", True)
    assert (ed.p_stop("hits"), ed.p_stop("misses"), ed.p_stop("none")) == (
        Fraction(1, 3),
        Fraction(2, 3),
        Fraction(0),
    )


def test_revised_dice_same_odds_unverified():
    ed = dice_edition("revised")
    assert (ed.name, ed.label, ed.verified) == ("revised", "dice_revised", False)
    assert (ed.p_stop("hits"), ed.p_stop("misses")) == (Fraction(1, 3), Fraction(2, 3))


def test_default_edition_is_classic():
    assert default_edition() == "classic"
    assert dice_edition() == dice_edition(None) == dice_edition("classic")
    assert dice_edition().name == "classic" and dice_edition("").name == "classic"


@pytest.mark.parametrize(
    "name, message",
    [
        (
            "clasic",
            "unknown dice edition 'clasic' (did you mean 'classic'?); expected one of classic, revised",
        ),
        ("1947", "unknown dice edition '1947'; expected one of classic, revised"),
    ],
)
def test_unknown_edition(name, message):
    with pytest.raises(UnknownEdition) as exc:
        dice_edition(name)
    assert str(exc.value) == message and isinstance(exc.value, ValueError)


@pytest.mark.parametrize(
    "save, faces, stopped",
    [
        ("hits", ["army", "target", "shield"], 1),
        ("misses", ["army", "target", "shield"], 2),
        ("misses", ["target", "target"], 0),
    ],
)
def test_revised_faces_cancel_hits(save, faces, stopped):
    out = resolve_save(save, len(faces), faces, "revised")
    assert out == {"save": save, "hits": len(faces), "stopped": stopped, "remaining": len(faces) - stopped}


# -- cover sources (seed: crate soft, tank trap hard, corner soft; two soft = hard) ---------------


def test_cover_sources_of_the_seed():
    assert cover_sources() == {
        "soft": "soft",
        "hard": "hard",
        "corner": "soft",
        "ammo_crate": "soft",
        "tank_trap": "hard",
    }


@pytest.mark.parametrize(
    "parts, expected",
    [
        ([" Soft ", "CORNER"], "hard"),
        (["", " none ", "corner"], "soft"),
        (["corner"], "soft"),
        (["soft", "soft", "soft"], "hard"),
        (["ammo_crate", "hard"], "hard"),
        (["NONE"], "none"),
        (("tank_trap",), "hard"),
    ],
)
def test_combine_cover_spellings(parts, expected):
    assert combine_cover(parts) == expected


def test_combine_cover_takes_any_iterable():
    assert combine_cover(p for p in ["ammo_crate", "corner"]) == "hard"


def test_unknown_cover_source_lists_the_sources():
    with pytest.raises(ValueError) as exc:
        combine_cover(["rubble"])
    assert str(exc.value) == (
        "unknown cover source 'rubble'; expected one of soft, hard, corner, ammo_crate, tank_trap"
    )


@pytest.mark.parametrize(
    "square, forms",
    [
        ("no_dot", True),
        ("vehicle", True),
        ("squad", False),
        ("hero", False),
        ("open", False),
    ],
)
def test_square_without_a_dot(square, forms):
    assert forms_corner(square) is forms


@pytest.mark.parametrize("diagonal", [True, False])
@pytest.mark.parametrize("adjacent", [True, False])
@pytest.mark.parametrize("through", [True, False])
@pytest.mark.parametrize("square", ["no_dot", "vehicle", "squad"])
def test_corner_rule_truth_table(diagonal, adjacent, through, square):
    expected = "soft" if diagonal and adjacent and through and square != "squad" else "none"
    assert corner_cover(adjacent, through, square, diagonal) == expected


def test_corner_rule_defaults_to_a_diagonal_shot_past_a_wall():
    assert corner_cover(True, True) == "soft"


@pytest.mark.parametrize(
    "parts, message",
    [
        (["ammo_crate", " Ammo_Crate "], "2 × ammo_crate on one square is impossible (at most 1)"),
        (["tank_trap"] * 3, "3 × tank_trap on one square is impossible (at most 1)"),
    ],
)
def test_one_cover_object_per_square(parts, message):
    with pytest.raises(ValueError) as exc:
        check_cover_sources(parts)
    assert str(exc.value) == message


def test_several_sources_that_can_share_a_square():
    assert check_cover_sources(["ammo_crate", "tank_trap", "soft", "soft", "corner"]) is None


# -- saves ------------------------------------------------------------------------------------------


def test_save_for_vehicle_and_cover_object():
    assert save_for(unit(kind="vehicle", cover=Cover()), "hard") == "none"
    crate = unit(name="Ammo crate", kind="cover_object", cover=None)
    assert save_for(crate, "soft") == "none"
    assert save_for(unit(cover=Cover("misses", "hits")), "soft") == "misses"
    assert save_for(hero(), "soft", squad=unit(cover=Cover("none", "hits"))) == "none"


# -- the cover calculator ------------------------------------------------------------------------

CORNER = {"diagonal": True, "adjacent": True, "through_corner": True, "square": "no_dot"}


def test_cover_calc_squad_in_soft_cover_exact():
    out = cover_calc(unit(), " Soft ", 3)
    assert out == {
        "unit": "Rangers",
        "cover": "soft",
        "save": "hits",
        "hits": 3,
        "dice": 3,
        "p_stop_each": 1 / 3,
        "expected_stopped": 1.0,
        "expected_remaining": 2.0,
        "edition": "classic",
        "edition_label": "dice_classic",
        "edition_verified": True,
    }


def test_cover_calc_seed_example_crate_and_corner_is_hard():
    out = cover_calc(unit(), ["ammo_crate", "corner"], 4, corner=CORNER)
    assert (out["cover"], out["save"], out["corner"], out["dice"]) == ("hard", "misses", "soft", 4)
    assert out["expected_stopped"] == pytest.approx(8 / 3)


@pytest.mark.parametrize("change", ["diagonal", "adjacent", "through_corner"])
def test_cover_calc_corner_fails_one_condition(change):
    out = cover_calc(unit(), "ammo_crate+corner", 4, corner=dict(CORNER, **{change: False}))
    assert (out["cover"], out["save"], out["corner"]) == ("soft", "hits", "none")


def test_cover_calc_corner_behind_a_squad_gives_nothing():
    out = cover_calc(unit(), "corner", 2, corner=dict(CORNER, square="squad"))
    assert (out["cover"], out["save"], out["dice"], out["corner"]) == ("none", "none", 0, "none")


def test_cover_calc_corner_needs_its_conditions():
    with pytest.raises(ValueError) as exc:
        cover_calc(unit(), "corner", 2)
    assert str(exc.value) == (
        "corner cover depends on the corner: give whether the unit is attacked "
        "diagonally, adjacent to the corner, whether the line of sight passes "
        "through it, and what stands on the corner's square"
    )


def test_cover_calc_ignores_cover_and_editions():
    out = cover_calc(unit(), "hard", 3, edition="revised", ignores_cover=True)
    assert (out["save"], out["dice"], out["p_stop_each"], out["expected_remaining"]) == ("none", 0, 0.0, 3.0)
    assert (out["edition"], out["edition_label"], out["edition_verified"]) == (
        "revised",
        "dice_revised",
        False,
    )
    assert out["ignores_cover"] is True and "corner" not in out
    assert "ignores_cover" not in cover_calc(unit(), "hard", 3)


def test_cover_calc_joined_and_lone_hero():
    joined = cover_calc(hero(), "hard", 3, squad=unit())
    assert (joined["save"], joined["uses_squad"], joined["dice"]) == ("misses", "Rangers", 3)
    assert "note" not in joined
    lone = cover_calc(hero(), "hard", 3)
    assert (lone["save"], lone["note"], lone["dice"]) == ("none", "hero_no_cover", 0)
    assert "uses_squad" not in lone
    squad = cover_calc(unit(), "hard", 3)
    assert "note" not in squad and "uses_squad" not in squad
