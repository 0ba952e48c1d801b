"""``sheets config``: where settings are looked for, the settings used and what decided the
language."""

from __future__ import annotations

import json

import click

from sheets.cli.base import command
from sheets.cli.options import json_option, verbosity
from sheets.core.i18n import N_, _, current_lang


@command(
    "config",
    help=N_(
        "Show where settings are looked for (sheets.toml in the working folder, then the user's config "
        "folder), the settings used, and what chose the language. Flags on the command line win over "
        'them.\n\n\b\nExample:\n  sheets config\n\n\b\nA sheets.toml:\n  lang = "ru"\n  paper = "letter"\n'
        '  [render]\n  card = "mini"'
    ),
)
@json_option
@verbosity
@click.pass_context
def config(ctx, as_json):
    from sheets.cli import config as cfg
    from sheets.cli.common import warn

    root = ctx.find_root()
    found = (root.obj or {}).get("config")
    if found is None:  # (run without the program's callback: a test of the command alone)
        settings = cfg.read_all()
        found = (settings, cfg.check(settings))
    settings, checked = found
    source = root.meta.get("sheets.lang_source", "default")
    places = cfg.places()
    if as_json:
        from sheets.cli.commands.validate import json_text

        data = {
            "looked_in": [str(p.path) for p in places],
            "read": [str(p) for p in settings.used],
            "settings": {e.name: _plain(e.value) for e in checked.used},
            "from": {e.name: str(e.file) for e in checked.used},
            "unknown": [w.message for w in checked.warnings if w.code.startswith("settings-unknown")],
            "warnings": [
                {
                    "file": w.path,
                    "line": w.pos.line if w.pos else None,
                    "column": w.pos.col if w.pos else None,
                    "code": w.code,
                    "message": w.message,
                }
                for w in checked.warnings
            ],
            "lang": {"value": current_lang(), "source": source},
        }
        click.echo(json_text(data, indent=2))
        return
    click.echo(
        _("language: {lang} (chosen by {source})").format(lang=current_lang(), source=_source_words(source))
    )
    click.echo(_("settings files (later ones win; command-line flags win over all):"))
    for place in places:
        state = _("read") if place.path in settings.used else _("not found")
        if not place.trusted:
            state += _("; preferences only: no paths, --force or --host")
        click.echo(f"  {place.path}  ({state})")
    if not checked.used:
        click.echo(_("no settings: every option has its default"))
    else:
        click.echo(_("settings used:"))
        for entry in checked.used:
            click.echo(
                _("  {name} = {value}  (from {file})").format(
                    name=_shown_name(entry.path), value=_toml(entry.value), file=entry.file
                )
            )
    for warning in checked.warnings:
        warn(str(warning))


def _plain(value):
    """A TOML value as JSON (a date as its ISO text)."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _shown_name(path: tuple) -> str:
    return f"[{'.'.join(path[:-1])}] {path[-1]}" if len(path) > 1 else path[0]


def _toml(value) -> str:
    from sheets.core.errors import short

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 62 else short(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value[:10]) + (", …]" if len(value) > 10 else "]")
    return short(value)


def _source_words(source: str) -> str:
    if source == "default":
        return _("the default: no --lang, SHEETS_LANG, settings file or Russian locale")
    return source
