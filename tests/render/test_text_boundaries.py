"""Issue 21, the survivors of mutation testing ``sheets/render/text.py``: both sides of each
bound of a user's army-list template that no test pushed exactly to its edge: the deadline (a
clock reading exactly the deadline is not past it, in a sandboxed call and between chunks of
output), the alarm's repeat (0.1 s), what ``%`` formats and what it only pastes, the order in
which ``%`` takes ``*`` widths and values, ``|format`` without arguments, str methods other
than the ones that build text, ``|indent`` with a width that is not a number, constant text that
must not be folded when the template compiles, concatenation in a volatile autoescape block,
and the address space limit under a finite hard limit and when the system refuses one."""

from __future__ import annotations

import contextlib
import resource
import signal
import types

import pytest

from sheets.core.errors import InputError
from sheets.render import text


def run(source: str, data=None, fmt: str = "md") -> str:
    return text.render_roster_text(data or {}, fmt, "t.j2", template_data=source.encode("utf-8"))


def problem(source: str, data=None, fmt: str = "md") -> str:
    with pytest.raises(InputError) as e:
        run(source, data, fmt)
    (p,) = e.value.problems
    return str(p)


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(text, "MAX_OUTPUT_CHARS", 100)


# -- the deadline -----------------------------------------------------------------------------


@pytest.fixture
def clock(monkeypatch):
    """The module's clock reads ``start`` once (the deadline is start + 5 s), then ``later``
    for good; no alarm (it would use the real clock)."""
    monkeypatch.setattr(text, "_alarm", lambda deadline: contextlib.nullcontext())

    def set_clock(start: float, later: float):
        reads = iter([start])
        monkeypatch.setattr(text, "time", types.SimpleNamespace(monotonic=lambda: next(reads, later)))

    return set_clock


def test_a_sandboxed_call_exactly_at_the_deadline_runs(clock):
    clock(100.0, 105.0)
    assert run("a\n{{ 1 + 1 }}{{ 'x'.upper() }}{{ d.k }}", {"d": {"k": "v"}}) == "a\n2Xv"


def test_a_sandboxed_call_past_the_deadline_is_stopped_at_its_line(clock):
    clock(100.0, 105.25)  # (no output before it: the loop over the output would stop it first)
    assert problem("{% set y = 0 %}\n{% set x = 1 + 1 %}{{ x }}") == (
        "t.j2:2:1: template error: the template ran longer than 5 s"
    )


def test_output_exactly_at_the_deadline_is_kept_and_past_it_refused(clock):
    clock(100.0, 105.0)
    assert run("plain text") == "plain text"
    clock(100.0, 105.5)
    assert problem("plain text") == "t.j2: template error: the template ran longer than 5 s"


def test_the_alarm_repeats_every_tenth_of_a_second_while_the_template_runs():
    probe = lambda: signal.getitimer(signal.ITIMER_REAL)
    delay, interval = (float(v) for v in run("{{ p()[0] }} {{ p()[1] }}", {"p": probe}).split())
    assert interval == pytest.approx(0.1)
    assert 0.0 < delay <= 5.0  # what is left of the 5 s
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # put back


# -- % formats, + and * only paste ---------------------------------------------------------------


def test_a_percent_sign_in_text_that_is_only_pasted_is_no_width():
    assert run("{{ '%10000d' + 'x' }}") == "%10000dx"
    assert run("{{ '%10000d' * 2 }}") == "%10000d%10000d"
    assert (
        problem("{{ '%10000d' % 1 }}")
        == "t.j2:1:1: template error: format width too large for a template (10000; limit 9999)"
    )


def test_percent_takes_values_and_star_widths_left_to_right():
    assert run("{{ '%d %*d' % (1, 2, 10000) }}") == "1 10000"  # 10000 is a value, not a width
    assert run("{{ '%*d,%d' % (3, 1, 10000) }}") == "  1,10000"
    assert problem("{{ '%d %*d' % (1, 10000, 2) }}") == (
        "t.j2:1:1: template error: format width too large for a template (10000; limit 9999)"
    )


def test_format_without_arguments_counts_each_conversion_32(small):
    assert problem("{{ '%s%s%s%s' | format }}") == (
        "t.j2:1:1: template error: text too long for a template (136 characters; limit 100)"
    )
    assert (
        problem("{{ '%s%s' | format }}")
        == "t.j2:1:1: template error: TypeError: not enough arguments for format string"
    )
    assert run("{{ '100%%' | format }}") == "100%"


# -- str methods that do not build text ----------------------------------------------------------


def test_str_methods_without_a_bound_run_as_they_are(small):
    assert run("{{ 'ab'.upper() }}{{ 'ab'.title() }}") == "ABAb"
    assert run("{{ s.endswith(t) }}", {"s": "ab", "t": ("x" * 9,) * 11}) == "False"  # a long tuple: no join
    assert run("{{ s.startswith(t) }}", {"s": "xy", "t": ("x" * 9,) * 10 + ("x",)}) == "True"
    # a method with two text arguments is no replace ('ascii' → 'replace' 20 times would be 140)
    assert run("{{ s.encode('ascii', 'replace') | length }}", {"s": "ascii" * 20}) == "100"
    assert run("{{ s.format('a', 'bb') }}", {"s": "a" * 60 + "{}"}) == "a" * 61
    assert run("{{ s.count('a') }}", {"s": "a" * 100}) == "100"


# -- |indent with a width that is not a number ----------------------------------------------------


def test_indent_with_a_width_that_is_no_number_fails_as_jinja2_does(small):
    s = "x" * 81 + "\n" * 3  # 84 characters, 4 lines: counted with the default 4, 84 + 16 = 100
    assert problem("{{ s | indent(1.5) }}", {"s": s}) == (
        "t.j2:1:1: template error: TypeError: can't multiply sequence by non-int of type 'float'"
    )
    assert problem("{{ s | indent(1.5) }}", {"s": "x" + s}) == (
        "t.j2:1:1: template error: text too long for a template (101 characters; limit 100)"
    )
    assert problem("{{ 'a' | indent(none) }}") == (
        "t.j2:1:1: template error: TypeError: can't multiply sequence by non-int of type 'NoneType'"
    )


def test_center_with_a_width_that_is_no_number_fails_as_jinja2_does():
    assert problem("{{ 'ab' | center('x') }}") == (
        "t.j2:1:1: template error: TypeError: 'str' object cannot be interpreted as an integer"
    )
    assert problem("{{ 'ab' | center(width=none) }}") == (
        "t.j2:1:1: template error: TypeError: 'NoneType' object cannot be interpreted as an integer"
    )


def test_indent_and_wordwrap_of_a_list_fail_as_jinja2_does(small):
    big = {"l": ["x" * 9] * 12}  # 108 characters of items: no join is counted for these filters
    assert problem("{{ l | indent(2) }}", big) == (
        "t.j2:1:1: template error: AttributeError: 'list' object has no attribute 'splitlines'"
    )
    assert problem("{{ l | wordwrap(5) }}", big) == (
        "t.j2:1:1: template error: AttributeError: 'list' object has no attribute 'splitlines'"
    )


# -- nothing folded at compile time; concatenation in every autoescape mode --------------------------


def test_constant_text_is_bounded_when_it_runs_not_folded_when_it_compiles(small):
    source = "{{ ('" + "x" * 60 + "' ~ '" + "y" * 41 + "') | length }}"  # jinja2's optimizer would print 101
    assert (
        problem(source)
        == "t.j2:1:1: template error: text too long for a template (101 characters; limit 100)"
    )
    assert run("{{ ('" + "x" * 60 + "' ~ '" + "y" * 40 + "') | length }}") == "100"


@pytest.mark.parametrize(
    "fmt, on, off",
    [
        ("md", "\\&lt;\\[\\&gt;|\\&lt;", "\\<\\[\\>\\|\\<"),
        ("html", "&lt;[&gt;|&lt;", "<[>|<"),
        ("bbcode", "&lt;［&gt;|&lt;", "<［>|<"),
    ],
)
def test_concatenation_in_an_autoescape_block_chosen_at_run_time(fmt, on, off):
    source = "{% autoescape x %}{{ a ~ b }}|{{ a }}{% endautoescape %}"
    assert run(source, {"x": True, "a": "<", "b": "[>"}, fmt) == on
    assert run(source, {"x": False, "a": "<", "b": "[>"}, fmt) == off


# -- the address space limit ----------------------------------------------------------------------


class FakeLimits:
    """``resource``'s RLIMIT_AS as the system gives it (``soft``, ``hard``); every change recorded."""

    def __init__(self, monkeypatch, soft, hard, refuse=False):
        self.now, self.calls, self.refuse = (soft, hard), [], refuse
        monkeypatch.setattr(resource, "getrlimit", self.get)
        monkeypatch.setattr(resource, "setrlimit", self.set)

    def get(self, which):
        assert which == resource.RLIMIT_AS
        return self.now

    def set(self, which, limits):
        assert which == resource.RLIMIT_AS
        self.calls.append(limits)
        if self.refuse:
            raise ValueError("not allowed")
        self.now = limits


def used_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as fh:
        return int(fh.read().split()[0]) * resource.getpagesize()


def test_the_ceiling_is_the_hard_limit_when_that_is_lower():
    with pytest.MonkeyPatch.context() as mp:
        hard = used_bytes() + 64 * 1024 * 1024  # lower than what is used + 256 MB
        limits = FakeLimits(mp, resource.RLIM_INFINITY, hard)
        assert run("{{ 1 + 1 }}") == "2"
    assert limits.calls == [(hard, hard), (resource.RLIM_INFINITY, hard)]


def test_the_ceiling_is_used_plus_256_mb_under_a_higher_hard_limit():
    with pytest.MonkeyPatch.context() as mp:
        limits = FakeLimits(mp, resource.RLIM_INFINITY, 1 << 50)
        before = used_bytes()
        assert run("{{ 1 + 1 }}") == "2"
        after = used_bytes()
    (ceiling, hard), back = limits.calls
    assert hard == 1 << 50 and back == (resource.RLIM_INFINITY, 1 << 50)
    slack = 64 * 1024 * 1024  # the address space read inside, between the two reads here
    assert min(before, after) - slack <= ceiling - text.MAX_MEMORY <= max(before, after) + slack


def test_a_limit_the_system_refuses_leaves_the_limits_alone():
    with pytest.MonkeyPatch.context() as mp:
        limits = FakeLimits(mp, resource.RLIM_INFINITY, resource.RLIM_INFINITY, refuse=True)
        assert run("{{ 1 + 1 }}") == "2"
    assert len(limits.calls) == 1  # the one refused; nothing "put back" after
