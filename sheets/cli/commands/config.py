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

    root = ctx.find_root()
    settings, used = (root.obj or {}).get("config") or cfg.load()
    source = root.meta.get("sheets.lang_source", "default")
    places = [str(p) for p in cfg.places()]
    unknown = unknown_settings(settings)
    if as_json:
        data = {
            "looked_in": places,
            "read": [str(p) for p in used],
            "settings": settings,
            "unknown": unknown,
            "lang": {"value": current_lang(), "source": source},
        }
        click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str))
        return
    click.echo(
        _("language: {lang} (chosen by {source})").format(lang=current_lang(), source=_source_words(source))
    )
    click.echo(_("settings files (later ones win; command-line flags win over all):"))
    for p in cfg.places():
        state = _("read") if p in used else _("not found")
        click.echo(f"  {p}  ({state})")
    if not settings:
        click.echo(_("no settings: every option has its default"))
        return
    click.echo(_("settings used:"))
    for key, value in settings.items():
        if isinstance(value, dict):
            for k, v in flat(value, key):
                click.echo(
                    f"  [{k.rsplit('.', 1)[0]}] {k.rsplit('.', 1)[1]} = {json.dumps(v, ensure_ascii=False, default=str)}"
                )
        else:
            click.echo(f"  {key} = {json.dumps(value, ensure_ascii=False, default=str)}")
    for name in unknown:
        click.echo(_("warning: unknown setting {name}").format(name=name), err=True)


def _source_words(source: str) -> str:
    if source == "default":
        return _("the default: no --lang, SHEETS_LANG, settings file or Russian locale")
    return source


def flat(section: dict, prefix: str):
    for k, v in section.items():
        if isinstance(v, dict):
            yield from flat(v, f"{prefix}.{k}")
        else:
            yield f"{prefix}.{k}", v


def known_settings() -> set[str]:
    """Every option name of every command (the names a settings file may use)."""
    from sheets.cli import cli as root
    from sheets.cli.specs import game_specs

    names = {"data_dir", "lang"}
    # the help option click makes (and keeps on the command) must be the real one: -h, --help
    ctx = click.Context(root, help_option_names=["-h", "--help"])

    def walk(cmd, c):
        for p in cmd.get_params(c):
            names.add(p.name)
        if isinstance(cmd, click.Group):
            for sub in cmd.list_commands(c):
                child = cmd.get_command(c, sub)
                if child is not None:
                    walk(child, click.Context(child, parent=c, info_name=sub))

    walk(root, ctx)
    for command_name in ("render", "validate", "info", "reference", "chart"):
        names.update(spec.name for spec, _owners in game_specs(command_name))
    return {n for n in names if n}


def unknown_settings(settings: dict) -> list[str]:
    """``name (did you mean 'x'?)`` for every setting no command has."""
    from sheets.core.errors import did_you_mean

    if not settings:
        return []
    known = known_settings()
    out = []
    for key, value in settings.items():
        pairs = list(flat(value, key)) if isinstance(value, dict) else [(key, value)]
        for name, _value in pairs:
            last = name.rsplit(".", 1)[-1]
            if last not in known:
                out.append(f"{name!r}{did_you_mean(last, known)}")
    return out
