"""The game plug-in contract and the registry (built-ins and third-party entry points).

A game is an object with the attributes and methods of :class:`Game`, exposed by a module
attribute named in the entry-point group ``sheets.games.v1`` (built-in games are registered the
same way in pyproject.toml, and found from the source tree too). The rules core of a game is
pure Python; rendering and CLI extras are named as import paths and loaded only when used.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from sheets.core.errors import KeyPath, RuleIssue
from sheets.core.schema import Obj
from sheets.core.yamlio import YMap

if TYPE_CHECKING:
    from sheets.core.calc import CalculatorSpec
    from sheets.core.options import OptionSpec


ENTRY_POINT_GROUP = "sheets.games.v1"
BUILTIN = {
    "battletech": "sheets.games.battletech:GAME",
    "dmech": "sheets.games.dmech:GAME",
    "dust": "sheets.games.dust:GAME",
    "lnl": "sheets.games.lnl:GAME",
    "wh40k6": "sheets.games.wh40k6:GAME",
}


@dataclass
class Options:
    """Everything a command passes down to a game (one object instead of many kwargs)."""

    lang: str = "en"
    paper: str = "a4"
    mono: bool = False
    rules: str | None = None  # rule variant; None = the game's default
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific options (e.g. card size, --tables)


class Game:
    """Base class for a game. Subclasses set the class attributes and override the methods."""

    id: str = ""
    name: dict[str, str] = {}  # {"en": ..., "ru": ...}
    unit_kinds: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()  # rule variants, first = default
    limit_unit: str | dict[str, str] = (
        "points"  # what a roster limit counts (BV, AP, points; or {"en", "ru"})
    )
    # import paths "module:attr", loaded lazily
    renderer: str | None = None  # callable(doc, units, options): draws pages into a Document
    reference_renderer: str | None = None  # callable(doc, options)
    charts: dict[str, str] = {}  # chart name -> "module:attr" callable(doc, options)
    # the options a game adds to the shared commands: command name ("render", "validate",
    # "info", "reference", "chart") -> "module:attr" of a tuple of
    # :class:`sheets.core.options.OptionSpec` (data, no click). Their values reach the game in
    # ``Options.extra``; the CLI and the page make their controls of them.
    command_options: dict[str, str] = {}
    # "module:attr" of the game's calculators: a tuple of :class:`sheets.core.calc.CalculatorSpec`
    calculators: str | None = None
    # importers: format name (``sheets import <format>``) -> "module:attr" of a click command in
    # the game's thin CLI module (importing writes files: a command-line matter)
    importers: dict[str, str] = {}
    # other tools' files that `render`, `validate`, `info` and `roster` read directly: suffix
    # (".ros") -> "module:attr" of a callable(path, data=None) returning a unit-file mapping;
    # with ``data`` (the file's bytes, from :mod:`sheets.api`) it reads no file, ``path`` is the
    # name its messages use
    file_formats: dict[str, str] = {}
    roster_group_size: int | None = None  # e.g. 5 for a ProtoMech Point
    roster_group_label: str = "group"  # label key of a group title ("Point")
    # about how many units one page of `render` holds (the progress bar's page estimate)
    units_per_page: float = 1.0

    # -- rules core -------------------------------------------------------------------------
    # (a unit is the game's own model: ``Any`` to the core)
    def unit_spec(self) -> Obj:
        """Schema of one entry of ``units:``."""
        raise NotImplementedError

    def build_unit(self, data: YMap, options: Options) -> Any:
        """Turn a schema-checked unit mapping into the game's unit model."""
        raise NotImplementedError

    def validate_unit(self, unit: Any, options: Options) -> list[RuleIssue]:
        """Rule checks on a built unit; paths point into the unit's mapping."""
        return []

    def validate_force(self, units: list[Any], options: Options) -> list[tuple[int, RuleIssue]]:
        """Checks across units (e.g. heroes joining squads): (unit index, issue)."""
        return []

    def validate_list(self, units: list[Any], options: Options, roster: dict[str, Any] | None) -> list[str]:
        """List-level rule breaches (e.g. a Force Organisation Chart), one message each in
        ``options.lang``. The points/BV/AP limit is checked by the core for every game."""
        return []

    def list_tally(
        self, units: list[Any], options: Options, roster: dict[str, Any] | None
    ) -> list[dict[str, Any]]:
        """Optional army-list summary chips: ``[{"text": "Troops 3 / 2–6", "ok": True}]``."""
        return []

    def info(self, unit: Any, options: Options) -> dict[str, Any]:
        """JSON-ready derived values of one unit."""
        raise NotImplementedError

    def info_text(self, unit: Any, options: Options) -> dict[str, Any]:
        """What the text form of ``sheets info`` prints: the keys of :meth:`info` with the
        computed texts (reasons, rule names) in ``options.lang``. An internal id left as a value
        is printed through the labels ``info_<key>_<id>`` or ``<key>_<id>`` of the game (the
        nearest key first); ``--json`` prints :meth:`info` itself. Default: :meth:`info`."""
        return self.info(unit, options)

    def unit_cost(self, unit: Any, options: Options) -> float | None:
        """What the unit counts toward a roster limit (BV, AP, points), if anything."""
        return None

    def roster_row(self, unit: Any, options: Options) -> dict[str, Any]:
        """Fields of the unit for army lists (name, cost, …)."""
        return {"name": unit_name(unit), "cost": self.unit_cost(unit, options)}

    def roster_columns(self, options: Options) -> list[tuple[str, str]]:
        """Army-list columns as (row key, label key); labels come from the game's labels.yaml."""
        return [("name", "col_unit"), ("cost", "col_cost")]

    def roster_group_of(self, unit: Any) -> str:
        """The named group (e.g. a ProtoMech Point) the unit belongs to on army lists; "" = none
        (such units are grouped by ``roster_group_size`` in file order)."""
        return ""

    def text_fields(self, unit: Any) -> list[tuple[KeyPath, str]]:
        """User text printed for this unit, as (path, text), for the font-coverage check."""
        return [(("name",), unit_name(unit))]

    def default_variant(self) -> str | None:
        return self.variants[0] if self.variants else None

    def expected_pages(self, units: list[Any], options: Options) -> int:
        """About how many pages `render` prints for ``units`` (the progress bar's percentage counts
        pages): :attr:`units_per_page` units a page, at least one page."""
        import math

        return max(1, math.ceil(len(units) / max(self.units_per_page, 0.01)))


def unit_name(unit: Any) -> str:
    """A unit model's name (an object's ``name``, or a mapping's ``"name"``)."""
    name = unit.get("name") if isinstance(unit, dict) else getattr(unit, "name", "")
    return str(name or "")


def option_specs(game: Game, command: str) -> tuple[OptionSpec, ...]:
    """The :class:`~sheets.core.options.OptionSpec` s ``game`` adds to ``command``."""
    path = (getattr(game, "command_options", None) or {}).get(command)
    return tuple(load_object(path)) if path else ()


def calculator_specs(game: Game) -> tuple[CalculatorSpec, ...]:
    """The game's :class:`~sheets.core.calc.CalculatorSpec` s (empty when it has none)."""
    path = getattr(game, "calculators", None)
    return tuple(load_object(path)) if path else ()


def load_object(path: str) -> Any:
    module, _, attr = path.partition(":")
    obj = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


@functools.cache
def _entry_points() -> dict[str, str]:
    """Built-ins plus installed plug-ins. Reading entry points imports ``importlib.metadata`` and
    scans every installed distribution (tens of ms), so it happens only when a game outside
    ``BUILTIN`` is asked for or the whole list is needed."""
    from importlib import metadata

    found = dict(BUILTIN)
    eps: Iterable[metadata.EntryPoint]
    try:
        eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # pragma: no cover - broken metadata
        eps = []
    for ep in eps:
        found[ep.name] = ep.value
    return found


def __getattr__(name: str) -> Any:
    if name == "metadata":  # ``sheets.core.game.metadata`` without importing it at start-up
        from importlib import metadata

        return metadata
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class UnknownGame(KeyError):
    pass


@functools.cache
def get_game(game_id: str) -> Game:
    # a built-in game loads without reading entry points (its entry point names the same object)
    paths = BUILTIN if game_id in BUILTIN else _entry_points()
    if game_id not in paths:
        raise UnknownGame(game_id)
    game = load_object(paths[game_id])
    if isinstance(game, type):
        game = game()
    if not getattr(game, "id", None):
        raise RuntimeError(f"game plug-in {game_id!r} ({paths[game_id]}) has no id")
    return cast(Game, game)  # (a plug-in's object need not subclass Game: it has its attributes)


def game_ids() -> list[str]:
    return sorted(_entry_points())


def all_games() -> list[Game]:
    """Every registered game; a plug-in that fails to load is skipped with a warning."""
    import sys

    games = []
    for gid in game_ids():
        try:
            games.append(get_game(gid))
        except Exception as exc:  # a broken third-party plug-in must not break the tool
            from sheets.core.i18n import _

            print(
                _("warning: game plug-in {game} failed to load: {error}").format(game=repr(gid), error=exc),
                file=sys.stderr,
            )
    return games
