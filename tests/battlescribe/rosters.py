"""Synthetic BattleScribe rosters written for these tests: invented names, no rule text.

``roster(dialect, ...)`` builds the same small army in either dialect:
2.03 (characteristic text, ``typeId``/``typeName``, ``categories``) or
2.01 (``value=`` attributes, ``costTypeId``, ``profileTypeName``, ``categoryLinks``-era layout).
"""

from __future__ import annotations

SIXTH = "3d1a4963-0629-4025-a90b-76ab3d63c5c5"
EIGHTH = "28ec-711c-d87f-3aeb"
NS = "http://www.battlescribe.net/schema/rosterSchema"


def _cost(dialect: str, value: str, name: str = "pts") -> str:
    key = "typeId" if dialect == "2.03" else "costTypeId"
    return f'<costs><cost name="{name}" {key}="points" value="{value}"/></costs>'


def _chars(dialect: str, pairs) -> str:
    if dialect == "2.03":
        inner = "".join(
            f'<characteristic name="{k}" typeId="t{i}">{v}</characteristic>' for i, (k, v) in enumerate(pairs)
        )
    else:
        inner = "".join(
            f'<characteristic name="{k}" characteristicTypeId="t{i}" value="{v}"/>'
            for i, (k, v) in enumerate(pairs)
        )
    return f"<characteristics>{inner}</characteristics>"


def profile(dialect: str, name: str, kind: str, pairs) -> str:
    attrs = (
        f'typeId="x" typeName="{kind}"'
        if dialect == "2.03"
        else f'profileTypeId="x" profileTypeName="{kind}"'
    )
    return f'<profile id="p-{name}" name="{name}" hidden="false" {attrs}>{_chars(dialect, pairs)}</profile>'


def trooper(dialect: str, name="Glass Trooper", unit_type="Infantry", sv="4+"):
    return profile(
        dialect,
        name,
        "Unit",
        [
            ("Unit Type", unit_type),
            ("WS", "3"),
            ("BS", "4"),
            ("S", "3"),
            ("T", "3"),
            ("W", "1"),
            ("I", "3"),
            ("A", "1"),
            ("LD", "7"),
            ("Save", sv),
        ],
    )


def gun(dialect: str, name="Lumen Rifle", rng="24&quot;", s="4", ap="5", typ="Rapid Fire"):
    return profile(dialect, name, "Weapon", [("Range", rng), ("Strength", s), ("AP", ap), ("Type", typ)])


def category(dialect: str, name: str, primary: bool = True) -> str:
    flag = "true" if primary else "false"
    return f'<categories><category id="c-{name}" name="{name}" entryId="e" primary="{flag}"/></categories>'


def selection(
    dialect: str,
    name: str,
    typ: str,
    *,
    number: int = 1,
    cost: str = "0.0",
    cat: str | None = None,
    profiles: str = "",
    children: str = "",
    rules: str = "",
) -> str:
    parts = [f'<selection id="s-{name}" name="{name}" entryId="e-{name}" number="{number}" type="{typ}">']
    if rules:
        parts.append(f"<rules>{rules}</rules>")
    if profiles:
        parts.append(f"<profiles>{profiles}</profiles>")
    if children:
        parts.append(f"<selections>{children}</selections>")
    parts.append(_cost(dialect, cost))
    if cat:
        parts.append(category(dialect, cat))
    parts.append("</selection>")
    return "".join(parts)


def rule(name: str) -> str:
    return f'<rule id="r-{name}" name="{name}" hidden="false"><description></description></rule>'


def roster(
    dialect: str = "2.03",
    system: str = SIXTH,
    forces: str | None = None,
    limit: str | None = "1000.0",
    total: str = "185.0",
) -> str:
    if forces is None:
        forces = force(dialect, "Primary Detachment", default_units(dialect))
    limits = ""
    if limit is not None:
        key = "typeId" if dialect == "2.03" else "costTypeId"
        limits = f'<costLimits><costLimit name="pts" {key}="points" value="{limit}"/></costLimits>'
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<roster id="r1" name="Test Host" battleScribeVersion="{dialect}" gameSystemId="{system}" '
        f'gameSystemName="Test System" gameSystemRevision="1" xmlns="{NS}">'
        f"{_cost(dialect, total)}{limits}<forces>{forces}</forces></roster>"
    )


def force(dialect: str, name: str, selections: str) -> str:
    return (
        f'<force id="f-{name}" name="{name}" entryId="fe" catalogueId="c" catalogueRevision="1" '
        f'catalogueName="Invented Host"><selections>{selections}</selections></force>'
    )


def default_units(dialect: str) -> str:
    """A pseudo-selection, a squad whose points sit on its models (top level 0), a character."""
    pseudo = selection(
        dialect,
        "Host Allegiance",
        "upgrade",
        cat="Allegiance",
        children=selection(dialect, "Loyal", "upgrade"),
    )
    squad = selection(
        dialect,
        "Glass Squad",
        "unit",
        cost="0.0",
        cat="Troops",
        children=selection(
            dialect,
            "Glass Troopers",
            "model",
            number=9,
            cost="90.0",
            profiles=trooper(dialect) + gun(dialect),
            rules=rule("Steady") + rule("Steady"),
        )
        + selection(
            dialect,
            "Glass Sergeant",
            "model",
            number=1,
            cost="10.0",
            profiles=trooper(dialect, "Glass Sergeant", "Infantry (Character)") + gun(dialect),
            children=selection(dialect, "Shard Blade", "upgrade", cost="5.0"),
        ),
    )
    hero = selection(
        dialect,
        "Lantern Captain",
        "model",
        cost="80.0",
        cat="HQ",
        profiles=trooper(dialect, "Lantern Captain", "Jump Infantry (Character)", "3+/4++"),
        rules=rule("Steady"),
    )
    return pseudo + squad + hero
