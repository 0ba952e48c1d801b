"""Options and calculator inputs as plain data: what a command or a calculator takes, once, for
every front end. The CLI (``sheets.cli.specs``) makes click options of them, the page makes form
controls of them (``sheets.api.game_options``), a settings file is checked against them; each
converts values with :meth:`OptionSpec.convert`, so a value means the same everywhere and is
refused with the same words.

The vocabularies live here too, one definition each: languages (:data:`LANGS`), papers
(:data:`PAPERS`), card sizes (the presets of ``data/common/cards.yaml``), and the shared
options of the printing commands (:data:`SHARED`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sheets.core.errors import did_you_mean, short
from sheets.core.i18n import LANG_HELP, LANGS, N_, _, tr

__all__ = [
    "CHOICE",
    "FLAG",
    "FLOAT",
    "INT",
    "LANGS",
    "PAPERS",
    "PATH",
    "TEXT",
    "UNIT",
    "UNIT_OR_TEXT",
    "Choice",
    "OptionSpec",
    "OptionValueError",
    "card_sizes",
]

FLAG, CHOICE, INT, FLOAT, TEXT, PATH, UNIT, UNIT_OR_TEXT = (
    "flag",
    "choice",
    "int",
    "float",
    "text",
    "path",
    "unit",
    "unit_or_text",
)
TYPES = (FLAG, CHOICE, INT, FLOAT, TEXT, PATH, UNIT, UNIT_OR_TEXT)
PAPERS: tuple[str, ...] = ("a4", "letter")  # the one list of papers (each has its own layouts)
MAX_TEXT = 2000  # characters of one text value
MAX_VALUES = 50  # values of one repeatable option
MAX_DIGITS = 18  # digits of a number written as text
_WHOLE = re.compile(rf"[+-]?\d{{1,{MAX_DIGITS}}}")
_NUMBER = re.compile(rf"[+-]?(\d{{1,{MAX_DIGITS}}}(\.\d{{0,{MAX_DIGITS}}})?|\.\d{{1,{MAX_DIGITS}}})")
TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


class OptionValueError(ValueError):
    """A value an option does not take: the message (in the current language) says why, without
    naming the option (each front end names it its own way: ``--hits`` or «Попадания»)."""


@dataclass(frozen=True)
class Choice:
    """One value of a choice, with the words a form shows for it (a msgid)."""

    value: str
    label: str = ""


@dataclass(frozen=True)
class OptionSpec:
    """One option of a command or one input of a calculator.

    ``name`` is the parameter name (the key of :class:`sheets.core.game.Options.extra`, of a
    query string, of a settings file); ``label`` and ``help`` are msgids (marked with ``N_``)
    translated where shown; ``choices`` are values or :class:`Choice` (or a callable giving
    them, for a vocabulary read from data); ``parse`` turns a text value into the option's
    value (raising ``ValueError`` with a message) for the ``text`` type, and takes the values a
    ``choice`` lists no preset for (a custom card size ``63x88``).
    """

    name: str
    type: str = TEXT
    help: str = ""
    label: str = ""
    choices: tuple[str | Choice, ...] | Callable[[], tuple[str | Choice, ...]] = ()
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    multiple: bool = False
    variadic: bool = False  # CLI: ``--a X Y Z`` stands for ``--a X --a Y --a Z``
    required: bool = False
    metavar: str | None = None
    flag: str | None = None  # the CLI's long option (default ``--name-with-dashes``)
    short_flag: str | None = None
    off_flag: str | None = None  # a flag's "off" spelling (``--no-zero-drm-with-sw``)
    aliases: tuple[str, ...] = ()  # former CLI spellings, accepted and not shown
    parse: Callable[[str], Any] | None = None
    placeholder: str = ""
    show_default: bool = False

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"option {self.name!r}: unknown type {self.type!r}")

    # -- names -------------------------------------------------------------------------------
    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")

    def title(self, lang: str | None = None) -> str:
        """The words naming the option on a form (its label, else its help, else its name)."""
        return tr(self.label or self.help, lang) or self.name.replace("_", " ")

    # -- choices -----------------------------------------------------------------------------
    def choice_list(self) -> tuple[Choice, ...]:
        items = self.choices() if callable(self.choices) else self.choices
        return tuple(c if isinstance(c, Choice) else Choice(str(c)) for c in items)

    def choice_values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.choice_list())

    # -- values ------------------------------------------------------------------------------
    def convert(self, value: Any) -> Any:
        """The option's value of ``value`` (text from a command line, a form or a query, or an
        already typed value from a settings file or a JSON body); None stays None (not given).
        Raises :class:`OptionValueError`."""
        if value is None:
            return None
        if self.multiple:
            values = list(value) if isinstance(value, (list, tuple)) else [value]
            if len(values) > MAX_VALUES:
                raise OptionValueError(_("at most {n} values").format(n=MAX_VALUES))
            out = [self.convert_one(v) for v in values]
            return tuple(v for v in out if v is not None)
        if isinstance(value, (list, tuple)):
            raise OptionValueError(_("one value, not a list"))
        return self.convert_one(value)

    def convert_one(self, value: Any) -> Any:
        """One value (of a repeatable option: one of its values)."""
        kind = self.type
        if kind == FLAG:
            return _flag(value)
        if kind in (UNIT, UNIT_OR_TEXT) and isinstance(value, Mapping):
            return _unit_ref(value)
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise OptionValueError(_("expected text or a number, got {value}").format(value=short(value)))
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise OptionValueError(
                _("too long ({n} characters; at most {limit})").format(n=len(value), limit=MAX_TEXT)
            )
        if kind == INT:
            return self._bounded(_whole(value))
        if kind == FLOAT:
            return self._bounded(_number(value))
        text = str(value).strip()
        if kind == CHOICE:
            return self._choice(text)
        if kind in (TEXT, UNIT, UNIT_OR_TEXT, PATH):
            if text == "":
                return None
            if self.parse is not None and kind == TEXT:
                try:
                    return self.parse(text)
                except ValueError as exc:
                    raise OptionValueError(str(exc)) from None
            return text
        raise AssertionError(kind)  # pragma: no cover - __post_init__ refuses other types

    def _choice(self, text: str) -> Any:
        values = self.choice_values()
        for v in values:
            if v.lower() == text.lower():
                return v
        if self.parse is not None:
            try:
                return self.parse(text)
            except ValueError as exc:
                raise OptionValueError(str(exc)) from None
        raise OptionValueError(
            _("unknown value {value}{hint}; expected one of {choices}").format(
                value=short(text), hint=did_you_mean(text, values), choices=", ".join(values)
            )
        )

    def _bounded(self, number: float) -> float:
        low, high = self.minimum, self.maximum
        if (low is not None and number < low) or (high is not None and number > high):
            raise OptionValueError(_range_message(number, low, high))
        return number

    # -- forms -------------------------------------------------------------------------------
    def describe(self, lang: str | None = None) -> dict[str, Any]:
        """The option for a form, in ``lang`` (see ``sheets.api.game_options``)."""
        kind = TEXT if self.type == PATH else self.type
        return {
            "name": self.name,
            "flag": self.cli_flag,
            "type": kind,
            "label": self.title(lang),
            "help": tr(self.help, lang),
            "choices": [{"value": c.value, "label": tr(c.label, lang) or c.value} for c in self.choice_list()]
            if self.type == CHOICE
            else None,
            "default": self.default,
            "min": self.minimum,
            "max": self.maximum,
            "required": self.required,
            "multiple": self.multiple,
            "placeholder": tr(self.placeholder, lang) or None,
        }


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise OptionValueError(_("expected on or off (1 or 0), got {value}").format(value=short(value)))


def _whole(value: Any) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise OptionValueError(_("expected a whole number, got {value}").format(value=short(value)))
    text = str(value).strip()
    if not _WHOLE.fullmatch(text):
        raise OptionValueError(_("expected a whole number, got {value}").format(value=short(value)))
    return int(text)


def _number(value: Any) -> float:
    if isinstance(value, (int, float)):
        number = float(value)
    else:
        text = str(value).strip().replace(",", ".")
        if not _NUMBER.fullmatch(text):
            raise OptionValueError(_("expected a number, got {value}").format(value=short(value)))
        number = float(text)
    if not math.isfinite(number):
        raise OptionValueError(_("expected a finite number, got {value}").format(value=short(value)))
    return number


def _plain_number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _range_message(number: float, low: float | None, high: float | None) -> str:
    got = _plain_number(number)
    if low is not None and high is not None:
        return _("expected {low} to {high}, got {value}").format(
            low=_plain_number(low), high=_plain_number(high), value=got
        )
    if low is not None:
        return _("expected at least {low}, got {value}").format(low=_plain_number(low), value=got)
    assert high is not None  # (a number out of range passed a bound)
    return _("expected at most {high}, got {value}").format(high=_plain_number(high), value=got)


@dataclass(frozen=True)
class UnitRef:
    """A unit named by a calculator input: the file (a path on the CLI, a document's name on the
    page) and the unit's name (None: the file's only unit, or all of them)."""

    file: str
    name: str | None = None

    def __str__(self) -> str:
        return self.file if self.name is None else f"{self.file}#{self.name}"


def _unit_ref(value: Mapping[str, Any]) -> UnitRef:
    file, name = value.get("file"), value.get("name")
    if not isinstance(file, str) or not file.strip() or len(file) > MAX_TEXT:
        raise OptionValueError(_("a unit is chosen as {{file, name}} of an opened file"))
    if name is not None and (not isinstance(name, str) or len(name) > MAX_TEXT):
        raise OptionValueError(_("a unit's name is text"))
    return UnitRef(file, name.strip() if isinstance(name, str) and name.strip() else None)


def split_unit_ref(text: str) -> UnitRef:
    """``FILE#NAME`` (the last ``#`` splits) or ``FILE``."""
    path, sep, name = text.rpartition("#")
    if not sep:
        return UnitRef(text.strip())
    if not path.strip() or not name.strip():
        raise OptionValueError(_("expected FILE#NAME, e.g. units.yaml#Laser Squad"))
    return UnitRef(path.strip(), name.strip())


# -- the shared vocabularies ------------------------------------------------------------------
def card_sizes() -> tuple[Choice, ...]:
    """Every card preset of ``data/common/cards.yaml`` (one definition: the data)."""
    from sheets.core.data import load_data

    presets = load_data("common/cards.yaml")["presets"]
    return tuple(
        Choice(
            k,
            _("{width} × {height} mm").format(
                width=_plain_number(v["width"]), height=_plain_number(v["height"])
            ),
        )
        for k, v in presets.items()
    )


def _custom_card(text: str) -> str:
    """A custom card size ``W×H`` in millimetres (as ``sheets.render.cards.card_size`` reads)."""
    m = re.fullmatch(r"(\d{1,4}(?:\.\d{1,3})?)\s*[x×*]\s*(\d{1,4}(?:\.\d{1,3})?)", text.strip().lower())
    if not m or min(float(m.group(1)), float(m.group(2))) <= 0:
        names = [c.value for c in card_sizes()]
        raise ValueError(
            _("unknown card size {value}{hint}; use one of {choices} or W×H in mm (e.g. 63x88)").format(
                value=short(text), hint=did_you_mean(text, names), choices=", ".join(names)
            )
        )
    return text.strip()


def languages() -> tuple[Choice, ...]:
    return (Choice("en", N_("English")), Choice("ru", N_("Russian")))


LANG = OptionSpec(
    "lang",
    CHOICE,
    help=LANG_HELP,
    label=N_("Language"),
    choices=languages,
    default=None,
)
PAPER = OptionSpec(
    "paper",
    CHOICE,
    help=N_("Paper size (each has its own layout)."),
    label=N_("Paper"),
    choices=(Choice("a4", N_("A4")), Choice("letter", N_("Letter"))),
    default="a4",
    show_default=True,
)
MONO = OptionSpec(
    "mono",
    FLAG,
    help=N_("Greys and outlines only (black-and-white printers)."),
    label=N_("Black and white"),
    default=False,
)
SHARED: tuple[OptionSpec, ...] = (LANG, PAPER, MONO)

# the card options every game that prints cards through sheets.render.cards offers
CARD_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "card",
        CHOICE,
        help=N_("Card size: a preset or W×H in mm (default poker 63 × 88 mm)."),
        label=N_("Card size"),
        choices=card_sizes,
        parse=_custom_card,
        metavar="SIZE",
    ),
    OptionSpec(
        "bleed",
        FLOAT,
        help=N_("Bleed around each card, in mm."),
        label=N_("Bleed (mm)"),
        minimum=0,
        maximum=10,
        metavar="MM",
    ),
    OptionSpec(
        "gap",
        FLOAT,
        help=N_("Gap between cards, in mm."),
        label=N_("Gap (mm)"),
        minimum=0,
        maximum=30,
        metavar="MM",
    ),
    OptionSpec(
        "backs",
        FLAG,
        help=N_("Add mirrored back pages for duplex printing."),
        label=N_("Card backs"),
    ),
    OptionSpec(
        "png_dir",
        PATH,
        help=N_("Also write one 300 dpi PNG per card into this folder."),
        flag="--png",
        metavar="DIR",
    ),
)


def specs_by_name(specs: Iterable[OptionSpec]) -> dict[str, OptionSpec]:
    """``{name: spec}``, the first of each name kept (as every front end keeps it)."""
    out: dict[str, OptionSpec] = {}
    for s in specs:
        out.setdefault(s.name, s)
    return out


def convert_all(specs: Sequence[OptionSpec], values: Mapping[str, Any]) -> dict[str, Any]:
    """Every value of ``values`` converted by its spec (names not in ``specs`` are the caller's
    to refuse); raises :class:`NamedValueError` naming the spec."""
    by_name = specs_by_name(specs)
    out: dict[str, Any] = {}
    for name, value in values.items():
        spec = by_name.get(name)
        if spec is None:
            continue
        try:
            out[name] = spec.convert(value)
        except OptionValueError as exc:
            raise NamedValueError(spec, str(exc)) from None
    return out


@dataclass
class NamedValueError(OptionValueError):
    """An :class:`OptionValueError` with the spec whose value it refused."""

    spec: OptionSpec
    message: str = field(default="")

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message
