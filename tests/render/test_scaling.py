"""Issue 13, linear in units: what a loaded unit keeps of its YAML, and the garbage collector
around loading a file."""

from __future__ import annotations

import gc

import pytest

from sheets.core.errors import InputError
from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.core.yamlio import YMap, YSeq

DUST = """system: dust
units:
  - name: Squad A
    faction: Axis
    kind: squad
    armor: {type: soldier, level: 3}
    models: 3
    health: 1
    move: 1
    points: 20
    weapons:
      - name: Laser rifle
        range: 4
        vs: {S1: 2/1}
      - name: "Knife \\U0001F916"
        range: C
        vs: {S1: 1/1}
"""


def _reachable_yaml_nodes(root, limit=20000) -> int:
    """YMap/YSeq objects reachable from ``root`` (through containers and instances)."""
    seen, todo, found = set(), [root], 0
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, type)):
            continue
        seen.add(id(obj))
        found += isinstance(obj, (YMap, YSeq))
        todo.extend(gc.get_referents(obj))
    return found


def test_a_loaded_unit_keeps_no_yaml_tree(samples):
    loaded = load_file(samples / "dust" / "sample_force.yaml", Options())
    assert len(loaded.units) == 3
    assert _reachable_yaml_nodes(loaded.units) == 0
    assert _reachable_yaml_nodes(loaded.entries) == 0
    # what the later font check needs is still there: the unit's own line and its texts'
    first = loaded.entries[0]
    assert first[()].line == 8 and first[("name",)].line == 8 and first[("weapons", 0, "name")].line == 18


def test_a_later_font_error_still_points_at_its_line(cli, write, tmp_path):
    src = write("d.yaml", DUST)
    out = tmp_path / "x.pdf"
    r = cli("render", src, "-o", out)
    assert r.exit_code == 1 and not out.exists()
    assert r.stderr.startswith(f"{src}:15:15: character") and "U+1F916" in r.stderr, r.stderr


@pytest.mark.parametrize("text", [DUST, DUST.replace("models: 3", "models: -3")])
def test_loading_leaves_the_collector_as_it_was(write, text):
    src = write("d.yaml", text)
    assert gc.isenabled()
    try:
        load_file(src, Options())
    except InputError:
        pass
    assert gc.isenabled()
    gc.disable()
    try:
        load_file(src, Options()) if "-3" not in text else None
        assert not gc.isenabled()  # a caller that turned it off keeps it off
    finally:
        gc.enable()
