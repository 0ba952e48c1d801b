"""Each way a user's army-list template can fail (render/text.py ``render_roster_text``), in the
test process: the one problem's line as printed (file, line, message) and its stable ``code``
(what ``validate --json`` and the page show), so that a refusal cannot change kind silently."""

from __future__ import annotations

import jinja2
import jinja2.sandbox
import pytest

from sheets.core.errors import InputError
from sheets.render import text


def problem(source: str | bytes, name: str = "t.j2"):
    data = source if isinstance(source, bytes) else source.encode("utf-8")
    with pytest.raises(InputError) as e:
        text.render_roster_text({}, "md", name, template_data=data)
    (p,) = e.value.problems
    return str(p), p.code


@pytest.mark.parametrize(
    "source, line, code",
    [
        (
            "line one\n{% if %}\n",
            "t.j2:2:1: template error: Expected an expression, got 'end of statement block'",
            "template-syntax",
        ),
        (
            "a\n{% include 'other.j2' %}",
            "t.j2:2:1: template error: no template 'other.j2' (a template may include only itself and the "
            "bundled ones)",
            "template-not-found",
        ),
        (
            "{% include '../roster.md.j2' %}",
            "t.j2:1:1: template error: no template '../roster.md.j2' (a template may include only itself and "
            "the bundled ones)",
            "template-not-found",
        ),
        (
            "x\n\n{{ ''.__class__ }}",
            "t.j2:3:1: template error: not allowed in a template: access to attribute '__class__' of 'str' "
            "object is unsafe.",
            "template-not-allowed",
        ),
        (
            "{% macro m() %}{{ m() }}{% endmacro %}\n{{ m() }}",
            "t.j2:1:1: template error: recursion too deep (a macro calling itself?)",
            "template-recursion",
        ),
        (
            "\n{{ 1 // 0 }}",
            "t.j2:2:1: template error: ZeroDivisionError: integer division or modulo by zero",
            "template-error",
        ),
        (
            "{{ '\\ud800' }}",
            "t.j2: template error: the template prints U+D800, a lone surrogate (not a character)",
            "template-limit",
        ),
    ],
)
def test_each_failure_has_its_line_and_code(source, line, code):
    assert problem(source) == (line, code)


def test_a_template_past_its_size_is_refused_with_its_code(monkeypatch):
    monkeypatch.setattr(text, "MAX_TEMPLATE_BYTES", 10)
    assert text.render_roster_text({}, "md", "t.j2", template_data=b"0123456789") == "0123456789"
    assert problem(b"01234567890") == (
        "t.j2: template error: file too large (limit 10 bytes)",
        "template-too-large",
    )


def test_output_past_its_size_is_a_limit(monkeypatch):
    monkeypatch.setattr(text, "MAX_OUTPUT_CHARS", 5)
    assert text.render_roster_text({}, "md", "t.j2", template_data=b"12345") == "12345"
    assert problem("123456") == ("t.j2: template error: output larger than 5 characters", "template-limit")


def test_a_template_past_its_time_is_stopped(monkeypatch):
    monkeypatch.setattr(text, "MAX_SECONDS", 0.2)
    loop = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    assert problem(loop) == (
        "t.j2:1:1: template error: the template ran longer than 0.2 s",
        "template-timeout",
    )


def test_a_syntax_error_without_jinja2_words_says_syntax_error(monkeypatch):
    def fails(self, name, *args, **kwargs):
        raise jinja2.TemplateSyntaxError(None, 3, name, "t.j2")  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.sandbox.SandboxedEnvironment, "get_template", fails)
    assert problem("x") == ("t.j2:3:1: template error: syntax error", "template-syntax")


def test_running_out_of_memory_is_a_message(monkeypatch):
    def fails(self, name, *args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(jinja2.sandbox.SandboxedEnvironment, "get_template", fails)
    assert problem("x") == ("t.j2: template error: the template needs too much memory", "template-memory")
