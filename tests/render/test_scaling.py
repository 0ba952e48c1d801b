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


def test_the_young_collections_wait_during_start_up_and_are_as_usual_after(monkeypatch):
    import sheets.cli as cli_module
    from sheets.cli.common import gc_frozen

    usual = gc.get_threshold()
    seen = {}

    def command(**_kw):
        seen["start-up"] = gc.get_threshold()
        with gc_frozen():
            seen["drawing"] = gc.get_threshold()
        seen["after drawing"] = gc.get_threshold()

    monkeypatch.setattr(cli_module.cli, "main", command)
    cli_module.main([])
    assert seen["start-up"] == (100_000, usual[1], usual[2])
    # while the pages are drawn: the usual young threshold, no full collections
    assert seen["drawing"] == (usual[0], usual[1], 2**30)
    assert seen["after drawing"] == usual
    assert gc.get_threshold() == usual


def test_the_start_up_threshold_is_put_back_when_the_command_fails(monkeypatch):
    import sheets.cli as cli_module

    usual = gc.get_threshold()

    def command(**_kw):
        raise SystemExit(1)

    monkeypatch.setattr(cli_module.cli, "main", command)
    with pytest.raises(SystemExit):
        cli_module.main([])
    assert gc.get_threshold() == usual


def test_a_server_collects_as_usual_from_its_start(monkeypatch):
    import sys
    import types

    import sheets.cli as cli_module
    from sheets.cli.commands import serve as serve_module

    usual = gc.get_threshold()
    seen = {}

    class Stop(Exception):
        pass

    def bind(host, port):
        seen["threshold"] = gc.get_threshold()
        raise Stop

    monkeypatch.setitem(sys.modules, "uvicorn", types.ModuleType("uvicorn"))
    monkeypatch.setattr(serve_module, "_bind", bind)
    cli_module._USUAL_YOUNG[:] = [usual[0]]
    gc.set_threshold(100_000, usual[1], usual[2])
    try:
        with pytest.raises(Stop):
            serve_module.serve.callback("127.0.0.1", 0, False, None, 1, None)
    finally:
        gc.set_threshold(*usual)
    assert seen["threshold"] == usual
