"""The game registry: built-ins and entry points (group ``sheets.games.v1``), lazy loading, the
base class defaults, and a broken third-party plug-in that must not break the tool."""

import sys
import types
from types import SimpleNamespace

import pytest

from sheets.core import game as registry
from sheets.core.game import (
    BUILTIN,
    ENTRY_POINT_GROUP,
    Game,
    Options,
    UnknownGame,
    all_games,
    game_ids,
    get_game,
    load_object,
)


def test_every_builtin_game_is_also_an_entry_point():
    """pyproject.toml registers the same objects as BUILTIN (a third-party game uses the same way)."""
    import tomllib
    from pathlib import Path

    project = tomllib.loads(
        (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    )
    assert ENTRY_POINT_GROUP == "sheets.games.v1"
    assert project["project"]["entry-points"][ENTRY_POINT_GROUP] == BUILTIN
    assert sorted(BUILTIN) == ["battletech", "dmech", "dust", "lnl", "wh40k6"]
    for gid in BUILTIN:
        assert get_game(gid).id == gid


def test_load_object_follows_dotted_attributes():
    assert load_object("os.path:join") is __import__("os").path.join
    assert load_object("sheets.core.game:Game.default_variant") is Game.default_variant
    with pytest.raises(AttributeError):
        load_object("sheets.core.game:Nothing")


def test_get_game_by_id_and_unknown_ids(toy):
    assert get_game("toy") is toy and get_game("toy") is get_game("toy")
    plain = get_game("plain")  # registered as a class: the registry makes the instance
    assert isinstance(plain, Game) and plain.id == "plain"
    with pytest.raises(UnknownGame):
        get_game("chess")
    assert issubclass(UnknownGame, KeyError)
    assert "toy" in game_ids() and game_ids() == sorted(game_ids())


def test_a_plugin_without_an_id_is_an_internal_error(toy, monkeypatch):
    module = types.ModuleType("sheets_core_test_noid")
    module.GAME = SimpleNamespace(id="")
    monkeypatch.setitem(sys.modules, "sheets_core_test_noid", module)
    monkeypatch.setitem(BUILTIN, "noid", "sheets_core_test_noid:GAME")
    with pytest.raises(RuntimeError) as exc:
        get_game("noid")
    assert str(exc.value) == "game plug-in 'noid' (sheets_core_test_noid:GAME) has no id"
    module.GAME = SimpleNamespace()
    with pytest.raises(RuntimeError, match="has no id"):
        get_game.__wrapped__("noid")


def fake_entry_points(monkeypatch, *eps):
    from importlib import metadata

    seen = []

    def entry_points(group):
        seen.append(group)
        return [SimpleNamespace(name=n, value=v) for n, v in eps]

    monkeypatch.setattr(metadata, "entry_points", entry_points)
    registry._entry_points.cache_clear()
    registry.get_game.cache_clear()
    return seen


def test_third_party_games_come_from_entry_points(toy, monkeypatch):
    seen = fake_entry_points(monkeypatch, ("extra", "sheets_core_test_toy:GAME"))
    try:
        assert "extra" in game_ids() and set(BUILTIN) < set(game_ids())
        assert seen == ["sheets.games.v1"]
        assert get_game("extra") is toy  # found through its entry point, not BUILTIN
    finally:
        registry._entry_points.cache_clear()
        registry.get_game.cache_clear()


def test_a_builtin_game_loads_without_reading_entry_points(toy, monkeypatch):
    seen = fake_entry_points(monkeypatch)
    try:
        assert get_game("toy") is toy and seen == []
        with pytest.raises(UnknownGame):
            get_game("extra")
        assert seen == ["sheets.games.v1"]
    finally:
        registry._entry_points.cache_clear()
        registry.get_game.cache_clear()


def test_a_broken_plugin_is_skipped_with_a_warning(toy, monkeypatch, capsys):
    fake_entry_points(monkeypatch, ("broken", "sheets_core_test_missing_module:GAME"))
    try:
        games = all_games()
        ids = [g.id for g in games]
        assert "toy" in ids and "broken" not in ids and ids == sorted(ids)
        err = capsys.readouterr().err
        assert (
            err
            == "warning: game plug-in 'broken' failed to load: No module named 'sheets_core_test_missing_module'\n"
        )
    finally:
        registry._entry_points.cache_clear()
        registry.get_game.cache_clear()


def test_metadata_is_reachable_lazily():
    from importlib import metadata

    assert registry.metadata is metadata
    with pytest.raises(AttributeError) as exc:
        registry.nothing_here  # noqa: B018
    assert str(exc.value) == "module 'sheets.core.game' has no attribute 'nothing_here'"


def test_the_base_class_defaults():
    g = Game()
    opts = Options()
    assert (opts.lang, opts.paper, opts.mono, opts.rules, opts.extra) == ("en", "a4", False, None, {})
    assert Options().extra is not opts.extra
    unit = SimpleNamespace(name="Roc")
    assert g.validate_unit(unit, opts) == [] and g.validate_force([unit], opts) == []
    assert g.validate_list([unit], opts, None) == [] and g.list_tally([unit], opts, None) == []
    assert g.unit_cost(unit, opts) is None
    assert g.roster_row(unit, opts) == {"name": "Roc", "cost": None}
    assert g.roster_row(object(), opts) == {"name": "", "cost": None}

    class Priced(Game):
        def unit_cost(self, unit, options):
            return len(options.lang)

    assert Priced().roster_row(unit, Options(lang="ru")) == {"name": "Roc", "cost": 2}
    assert g.roster_columns(opts) == [("name", "col_unit"), ("cost", "col_cost")]
    assert g.text_fields(unit) == [(("name",), "Roc")] and g.text_fields(object()) == [(("name",), "")]
    assert g.default_variant() is None
    g.variants = ("classic", "tw")
    assert g.default_variant() == "classic"
    assert (g.limit_unit, g.roster_group_size, g.roster_group_label) == ("points", None, "group")
    for method, args in (("unit_spec", ()), ("build_unit", ({}, opts)), ("info", (unit, opts))):
        with pytest.raises(NotImplementedError):
            getattr(g, method)(*args)
