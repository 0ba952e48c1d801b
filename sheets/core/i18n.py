"""Messages in the user's language: the standard library's :mod:`gettext` over the catalogues in
``sheets/locale/<lang>/LC_MESSAGES/sheets.mo`` (compiled from the ``.po`` sources beside them;
``python tools/i18n.py update`` extracts and merges, ``python tools/i18n.py compile`` compiles).

Every user-facing string goes through :func:`_` (or :func:`ngettext`): the msgid is the English
text with named ``{placeholders}``; :func:`_` translates it into the language of the current
context, which the CLI sets once per command (``--lang``, ``SHEETS_LANG``, ``sheets.toml``, the
locale) and the API sets per call from its options. A text defined at import time (an option's
help, a calculator's description) is marked with :func:`N_` and translated where it is shown.

click's own strings ("Usage:", "Error: No such option…") go through ``gettext.gettext`` of the
default text domain: :func:`install_default_domain` makes that domain ``sheets`` for the CLI
process, with the language chosen for the command (see :func:`use_lang`).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import os
from collections.abc import Iterator

DOMAIN = "sheets"
LANGS: tuple[str, ...] = ("en", "ru")  # the one list of languages (printouts and messages)
DEFAULT_LANG = "en"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "locale")

_current: contextvars.ContextVar[str] = contextvars.ContextVar("sheets_lang", default=DEFAULT_LANG)


def normalise_lang(value: object) -> str | None:
    """``"ru"``, ``"RU"``, ``"ru_RU.UTF-8"``, ``"ru-RU"`` → ``"ru"``; None for a language the tool
    has no catalogue for."""
    text = str(value or "").strip().lower().replace("-", "_")
    head = text.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0]
    return head if head in LANGS else None


def current_lang() -> str:
    """The language of the current context (``en`` unless a command or an API call set it)."""
    return _current.get()


def set_lang(lang: str) -> str:
    """Set the language of the current context (and of click's strings in this process)."""
    chosen = normalise_lang(lang) or DEFAULT_LANG
    _current.set(chosen)
    if _DEFAULT_DOMAIN_INSTALLED:
        os.environ["LANGUAGE"] = chosen
    return chosen


@contextlib.contextmanager
def use_lang(lang: str | None) -> Iterator[str]:
    """``with use_lang("ru"):`` messages made inside are Russian; the previous language after."""
    if lang is None:
        yield current_lang()
        return
    token = _current.set(normalise_lang(lang) or DEFAULT_LANG)
    env = os.environ.get("LANGUAGE")
    if _DEFAULT_DOMAIN_INSTALLED:
        os.environ["LANGUAGE"] = _current.get()
    try:
        yield _current.get()
    finally:
        _current.reset(token)
        if _DEFAULT_DOMAIN_INSTALLED:
            if env is None:
                os.environ.pop("LANGUAGE", None)
            else:
                os.environ["LANGUAGE"] = env


@functools.cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalogue of ``lang`` (English: the msgids themselves)."""
    if lang == DEFAULT_LANG:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    """``message`` (an English msgid) in the current language."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (Russian has three)."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in a context (the same English word translated two ways)."""
    return translations(_current.get()).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a msgid for extraction without translating it (translated later with :func:`_`)."""
    return message


# the help of ``--lang`` (of the spec ``sheets.core.options.LANG``): here, so that the program's
# ``--help`` shows it without loading the option specs
LANG_HELP = N_(
    "Language of the printout and of every message (default: SHEETS_LANG, sheets.toml, then the locale)."
)


def tr(message: str | None, lang: str | None = None) -> str:
    """A msgid marked with :func:`N_` in ``lang`` (default: the current language); '' for None."""
    if not message:
        return ""
    return translations(normalise_lang(lang) or _current.get()).gettext(message)


_DEFAULT_DOMAIN_INSTALLED = False


def install_default_domain() -> None:
    """Make ``gettext.gettext`` (what click's own strings use) read the ``sheets`` catalogues in
    this process, in the language :func:`set_lang` chose (through ``LANGUAGE``, which the
    standard library's gettext reads first)."""
    global _DEFAULT_DOMAIN_INSTALLED
    _gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    _gettext.textdomain(DOMAIN)
    _DEFAULT_DOMAIN_INSTALLED = True
    os.environ["LANGUAGE"] = _current.get()
