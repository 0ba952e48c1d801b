"""Issue 21 (BattleScribe import, caps pushed past): the selection nesting cap (40 levels,
``data/wh40k6/battlescribe.yaml`` ``limits.depth``) holds for a pseudo-selection too. An
allegiance / rite of war goes into the roster's notes and is never walked as a unit; only its
costs were read, with a nesting check of its own at 200 levels that the XML cap (200 elements
deep, two per selection level) made unreachable: such a selection nested 41 (or 90) levels deep
was read. Now it is refused at the same element and with the same message as a unit's
selections, in ``.ros`` and in ``.rosz``; 40 levels are read."""

from __future__ import annotations

import io
import zipfile

import pytest

from battlescribe import rosters as R
from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

TROOPER = R.trooper("2.03", "Note Trooper")


def _allegiance(levels: int) -> str:
    """An "Allegiance" pseudo-selection (depth 0) whose picks nest down to depth ``levels``, each
    on its own line (the pseudo-selection is line 3, depth d is line 3 + d); then a unit."""
    inner = ""
    for depth in range(levels, 0, -1):
        kids = f"<selections>{inner}</selections>" if inner else ""
        inner = f'\n<selection name="Oath {depth}" type="upgrade">{kids}</selection>'
    pseudo = (
        f'\n<selection name="Host Allegiance" type="upgrade"><selections>{inner}</selections>'
        f'<categories><category name="Allegiance" primary="true"/></categories></selection>'
    )
    unit = (
        f'<selection name="Note Squad" type="model" number="1"><profiles>{TROOPER}</profiles>'
        f'<costs><cost name="pts" typeId="points" value="20"/></costs>'
        f'<categories><category name="HQ" primary="true"/></categories></selection>'
    )
    return R.roster(forces=R.force("2.03", "Primary Detachment", pseudo + unit), limit=None)


def _data(text: str, fmt: str) -> bytes:
    if fmt == "ros":
        return text.encode("utf-8")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("army.ros", text)
    return buf.getvalue()


@pytest.mark.parametrize("fmt", ["ros", "rosz"])
@pytest.mark.parametrize("levels", [1, 40])
def test_a_pseudo_selection_nested_40_deep_is_read_into_the_notes(fmt, levels):
    doc = roster_to_unit_file(f"a.{fmt}", _data(_allegiance(levels), fmt))
    assert [(u["name"], u["points"]) for u in doc["units"]] == [("Note Squad", 20)]
    assert doc["roster"]["notes"].endswith("; Host Allegiance: Oath 1")


@pytest.mark.parametrize("fmt", ["ros", "rosz"])
@pytest.mark.parametrize("levels", [41, 90])
def test_a_pseudo_selection_nested_41_deep_is_refused_at_level_41(fmt, levels):
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(f"a.{fmt}", _data(_allegiance(levels), fmt))
    assert [str(p) for p in exc.value.problems] == [
        f"a.{fmt}:44:1: selections nested deeper than 40 levels: refused"
    ]


def test_the_cli_refuses_it_and_writes_nothing(cli, tmp_path):
    src = tmp_path / "deep.rosz"
    src.write_bytes(_data(_allegiance(41), "rosz"))
    out = tmp_path / "out.yaml"
    res = cli("import", "battlescribe", src, "-o", out)
    assert res.exit_code == 1 and not out.exists() and "Traceback" not in res.output
    assert res.stderr.splitlines() == [
        "imported 0 of 1 roster(s); nothing written",
        f"{src}:44:1: selections nested deeper than 40 levels: refused",
    ]
