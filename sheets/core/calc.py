"""Calculators as data: a :class:`CalculatorSpec` names its inputs (:class:`OptionSpec`), a pure
function over the rules core, and the words of its result. ``sheets calc GAME NAME`` (the CLI),
``sheets.api.calculate`` and the page's calculator forms all run a calculator through
:func:`run`, so one input gives the same numbers and the same words everywhere.

Inputs of type ``unit`` / ``unit_or_text`` name units of unit files: a :class:`UnitRef` (or the
text ``FILE#NAME``); the front end says where files come from with a :class:`UnitFiles` (the CLI:
the file system; the API: only the documents the caller sent, never a path).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from sheets.core.errors import InputError, Problem, did_you_mean, short
from sheets.core.i18n import _, tr
from sheets.core.options import (
    UNIT,
    UNIT_OR_TEXT,
    NamedValueError,
    OptionSpec,
    OptionValueError,
    UnitRef,
    split_unit_ref,
)

UNIT_SUFFIXES = (".yaml", ".yml")


class UnitFiles(Protocol):
    """Where a calculator's unit references are read from."""

    def exists(self, file: str) -> bool:
        """``file`` names a unit file (a reference, not an LnL counter such as ``2-4-4``)."""
        ...

    def load(self, file: str, expect_game: str | None) -> Any:
        """The loaded file (:class:`sheets.core.loader.Loaded`); raises ``InputError``."""
        ...


@dataclass(frozen=True)
class Picked:
    """The unit an input named, with the other units of its file (a hero's squad) and the
    file's name as the caller wrote it."""

    unit: Any
    units: tuple[Any, ...]
    file: str


class _Named(Exception):
    """A message naming inputs as ``{name}``: each front end fills in its own spelling (the CLI
    ``--bs``, the page the field's label) with :meth:`render`."""

    def __init__(self, message: str, names: tuple[str, ...] = ()):
        super().__init__(message)
        self.template = message
        self.names = names

    def render(self, spell: Callable[[str], str]) -> str:
        text = self.template
        for n in self.names:
            text = text.replace("{" + n + "}", spell(n))
        return text


class Refused(_Named):
    """The rules forbid the calculation (an illegal attack): the message in the current language;
    ``result`` and ``text`` what may still be shown (e.g. a ranking of the legal choices). The
    CLI prints ``text`` (or the message) and exits 1."""

    def __init__(
        self,
        message: str,
        result: dict[str, Any] | None = None,
        text: str | None = None,
        names: tuple[str, ...] = (),
    ):
        super().__init__(message, names)
        self.result = result
        self.text = text

    @property
    def message(self) -> str:
        return self.template


class InputProblem(_Named):
    """A combination of inputs that cannot be used (a usage error: exit 2 on the CLI)."""

    def __init__(self, message: str, *names: str):
        super().__init__(message, names)


@dataclass(frozen=True)
class CalculatorSpec:
    """One calculator of a game.

    ``run(values)`` gets every input converted (None when not given; ``unit`` inputs as
    :class:`Picked`, ``unit_or_text`` items as text or a list of units) and returns the result
    as JSON-ready data; ``text(result, values)`` gives what ``sheets calc`` prints,
    ``display(result, values)`` the page's sentences and tables (default: the text's lines). Texts are in the current
    language (:func:`sheets.core.i18n.current_lang`). ``check(values)`` raises
    :class:`InputProblem` for inputs that do not go together."""

    name: str
    title: str
    help: str
    inputs: tuple[OptionSpec, ...]
    run: Callable[[dict[str, Any]], dict[str, Any]]
    text: Callable[[dict[str, Any], dict[str, Any]], str]
    display: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]] | None = None
    check: Callable[[dict[str, Any]], None] | None = None
    game: str = ""  # the unit files' game (``expect_game``); set by the game's list

    def describe(self, lang: str | None = None) -> dict[str, Any]:
        """The calculator for a form (``sheets.api.calculators``)."""
        return {
            "name": self.name,
            "title": tr(self.title, lang),
            "help": tr(self.help, lang),
            "inputs": [i.describe(lang) for i in self.inputs],
        }


@dataclass
class Calculation:
    """A calculator's answer: the JSON result, the text ``sheets calc`` prints and the page's
    sentences and tables (all words in the language it ran in)."""

    result: dict[str, Any]
    text: str
    display: dict[str, Any] = field(default_factory=dict)


def convert_inputs(spec: CalculatorSpec, values: Mapping[str, Any]) -> dict[str, Any]:
    """Every input's value converted (unknown names refused); missing required inputs refused.
    Raises :class:`NamedValueError` (one input's value) or :class:`InputProblem`."""
    known = {i.name: i for i in spec.inputs}
    for name in values:
        if name not in known:
            raise InputProblem(
                _("unknown input {input}{hint}; {calculator} takes {inputs}").format(
                    input=short(name),
                    hint=did_you_mean(str(name), known),
                    calculator=spec.name,
                    inputs=", ".join(known),
                )
            )
    out: dict[str, Any] = {}
    for name, item in known.items():
        value = values.get(name)
        try:
            converted = item.convert(value)
        except OptionValueError as exc:
            raise NamedValueError(item, str(exc)) from None
        if converted is None or converted == ():
            converted = item.default if not item.multiple else ()
        if item.required and converted in (None, ()):
            raise NamedValueError(item, _("a value is needed"))
        out[name] = converted
    return out


def _picked(files: UnitFiles, ref: UnitRef, game: str, one: bool) -> Picked | list[Any]:
    loaded = files.load(ref.file, game or None)
    units = list(loaded.units)
    if ref.name is None:
        if not one:
            return units
        if len(units) == 1:
            return Picked(units[0], tuple(units), ref.file)
        raise InputError(
            [
                Problem(
                    ref.file,
                    None,
                    _("the file has {n} units: say which one ({names})").format(
                        n=len(units), names=", ".join(str(getattr(u, "name", "")) for u in units)
                    ),
                    code="calc-unit-ambiguous",
                )
            ]
        )
    names = [str(getattr(u, "name", "")) for u in units]
    for unit, name in zip(units, names):
        if name.strip().lower() == ref.name.strip().lower():
            return Picked(unit, tuple(units), ref.file) if one else [unit]
    raise InputError(
        [
            Problem(
                ref.file,
                None,
                _("no unit named {name}{hint}").format(
                    name=short(ref.name), hint=did_you_mean(ref.name, names)
                ),
                code="calc-no-such-unit",
            )
        ]
    )


def _ref_of(value: Any, files: UnitFiles, text_allowed: bool) -> UnitRef | None:
    """The unit reference ``value`` is (None: a text value of a ``unit_or_text`` input)."""
    if isinstance(value, UnitRef):
        return value
    text = str(value)
    head = text.rpartition("#")[0] if "#" in text else text
    if (
        text_allowed
        and "#" not in text
        and not head.lower().endswith(UNIT_SUFFIXES)
        and not files.exists(head)
    ):
        return None
    return split_unit_ref(text)


def resolve_units(spec: CalculatorSpec, values: dict[str, Any], files: UnitFiles) -> dict[str, Any]:
    """``unit`` inputs as :class:`Picked`; ``unit_or_text`` items as text or a list of units."""
    out = dict(values)
    for item in spec.inputs:
        if item.type not in (UNIT, UNIT_OR_TEXT) or values.get(item.name) in (None, ()):
            continue
        raw = values[item.name]
        items = list(raw) if item.multiple else [raw]
        resolved: list[Any] = []
        for v in items:
            try:
                ref = _ref_of(v, files, item.type == UNIT_OR_TEXT)
            except OptionValueError as exc:
                raise NamedValueError(item, str(exc)) from None
            resolved.append(v if ref is None else _picked(files, ref, spec.game, item.type == UNIT))
        out[item.name] = tuple(resolved) if item.multiple else resolved[0]
    return out


def run(spec: CalculatorSpec, values: Mapping[str, Any], files: UnitFiles) -> Calculation:
    """Convert, check, resolve and run: what every front end calls."""
    converted = convert_inputs(spec, values)
    if spec.check is not None:
        spec.check(converted)
    values = resolve_units(spec, converted, files)
    result = spec.run(values)
    text = spec.text(result, values)
    display = spec.display(result, values) if spec.display else lines_display(text)
    return Calculation(result, text, display)


def lines_display(text: str) -> dict[str, Any]:
    """The page's form of a text result: its lines as sentences (blank lines dropped)."""
    return {"lines": [line.strip() for line in text.splitlines() if line.strip()], "tables": []}


def find(calculators: Iterable[CalculatorSpec], name: str, game: str) -> CalculatorSpec:
    """The calculator ``name`` of a game's list; an :class:`InputProblem` naming the others."""
    by_name = {c.name: c for c in calculators}
    if name in by_name:
        return by_name[name]
    known = ", ".join(by_name) or _("none")
    raise InputProblem(
        _("no calculator {name} for {game}{hint}; calculators: {known}").format(
            name=short(name), game=game, hint=did_you_mean(str(name), by_name), known=known
        )
    )
