"""Issue 21, the survivors of mutation testing ``sheets/render/text.py``: where a failure of a
user's template is reported (the file and line of an included template, whatever its name), the
template line of a line of jinja2's generated code (both sides of each mapped line, a frame that
is not a template's, a template that maps no line), the first line of a message, and the names a
template may not include even when such a file is among the bundled ones (a backslash, a leading
dot)."""

from __future__ import annotations

import types

import pytest

from sheets.core.errors import InputError
from sheets.render import text


def run(source: str, data=None) -> str:
    return text.render_roster_text(data or {}, "md", "t.j2", template_data=source.encode("utf-8"))


def problem(source: str, data=None) -> str:
    with pytest.raises(InputError) as e:
        run(source, data)
    (p,) = e.value.problems
    return str(p)


@pytest.fixture
def bundled(tmp_path, monkeypatch):
    """A folder of bundled templates: one that works, one with a syntax error on its line 2 whose
    name does not end in .j2, and two whose names a template may not include."""
    root = tmp_path / "templates"
    root.mkdir()
    (root / "ok.j2").write_text("[{{ n }}]", encoding="utf-8")
    (root / "broken.txt").write_text("fine\n{{ oops\n", encoding="utf-8")
    (root / "a\\b.j2").write_text("backslash", encoding="utf-8")
    (root / ".hidden.j2").write_text("hidden", encoding="utf-8")
    monkeypatch.setattr(text, "templates_root", lambda: root)
    return root


def test_a_bundled_template_is_included(bundled):
    assert run("{% set n = 3 %}{% include 'ok.j2' %}") == "[3]"  # the template's own text: not escaped


def test_a_syntax_error_in_an_included_template_is_reported_at_its_file_and_line(bundled):
    assert problem("first\n{% include 'broken.txt' %}") == (
        f"{bundled / 'broken.txt'}:2:1: template error: unexpected end of template, expected 'end of print statement'."
    )


@pytest.mark.parametrize("name", ["a\\b.j2", ".hidden.j2"])
def test_names_with_a_backslash_or_a_leading_dot_are_never_read(bundled, name):
    assert (bundled / name).is_file()
    assert problem("\n{% include '" + name.replace("\\", "\\\\") + "' %}") == (
        f"t.j2:2:1: template error: no template {name!r} (a template may include only itself and the bundled ones)"
    )


# -- the template line of a line of generated code ------------------------------------------------


def frame(debug_info, environment=True):
    g = {"debug_info": debug_info}
    if environment:
        g["environment"] = object()
    return types.SimpleNamespace(f_globals=g)


@pytest.mark.parametrize(
    "code_line, template_line",
    [
        (4, 1),  # before the first mapped line: line 1
        (5, 1),
        (8, 1),
        (9, 3),  # exactly at a mapped line: that template line
        (14, 3),
        (15, 7),
        (200, 7),
    ],
)
def test_a_generated_line_maps_to_the_last_template_line_at_or_before_it(code_line, template_line):
    assert text._source_line(frame("1=5&3=9&7=15"), code_line) == template_line


def test_a_frame_that_is_no_template_or_maps_no_line_keeps_its_line():
    assert text._source_line(frame("1=5&3=9", environment=False), 12) == 12  # not jinja2's code
    assert text._source_line(frame(""), 12) == 12  # a template of text only
    assert text._source_line(frame(None), 12) == 12
    assert text._source_line(types.SimpleNamespace(f_globals={}), 12) == 12


# -- the first line of a message ---------------------------------------------------------------------


def test_the_first_line_of_a_message_or_the_exceptions_name():
    assert text._first_line(ValueError("first\nsecond")) == "first"
    assert text._first_line(ValueError("  \n  padded  \n")) == "padded"
    assert text._first_line(ValueError("x" * 250)) == "x" * 200
    assert text._first_line(ValueError()) == "ValueError"
    assert text._first_line(KeyError()) == "KeyError"
    assert text._first_line(ValueError(" \n ")) == "ValueError"
