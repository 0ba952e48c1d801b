"""Army lists as text (markdown, html, bbcode) from jinja2 templates in ``templates/``.
Users can copy a template, change it and pass it with ``--template``."""

from __future__ import annotations

from pathlib import Path

from sheets.data import templates_root


def render_roster_text(data: dict, fmt: str, template: str | None = None) -> str:
    import jinja2

    if template:
        path = Path(template)
        loader = jinja2.FileSystemLoader([str(path.parent), str(templates_root())])
        name = path.name
    else:
        loader = jinja2.FileSystemLoader(str(templates_root()))
        name = f"roster.{fmt}.j2"
    env = jinja2.Environment(loader=loader, autoescape=(fmt == "html"), keep_trailing_newline=True,
                             trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.filters["fmt"] = lambda v: "—" if v is None else (str(int(v)) if isinstance(v, float) and v.is_integer() else str(v))
    try:
        return env.get_template(name).render(**data)
    except jinja2.TemplateError as exc:
        from sheets.core.errors import InputError, Problem

        where = template or name
        line = getattr(exc, "lineno", None)
        from sheets.core.errors import Pos

        raise InputError([Problem(str(where), Pos(line, 1) if line else None,
                                  f"template error: {exc.message if hasattr(exc, 'message') else exc}")]) from None
