"""``api.InvalidInput`` built from the API's own ``Problem``s as well as the core's: it crashed
(the per-file problem cap read ``.path``, which only the core's problems have). Pinned: the
printed lines, the cap at its limit and one past (per file, a second file untouched), a mixture
of both kinds, and the ``… and N more`` line counted in."""

from __future__ import annotations

import pytest

from sheets import api
from sheets.api import InvalidInput, Problem
from sheets.core.errors import InputError, Pos
from sheets.core.errors import Problem as CoreProblem


def test_api_problems_are_taken_as_they_are():
    e = InvalidInput(
        [Problem("a.yaml", 3, 7, "error", "bad"), Problem("b.yaml", None, None, "warning", "odd")]
    )
    assert e.problems == [
        Problem("a.yaml", 3, 7, "error", "bad"),
        Problem("b.yaml", None, None, "warning", "odd"),
    ]
    assert [str(p) for p in e.problems] == ["a.yaml:3:7: bad", "b.yaml: warning: odd"]
    assert str(e) == "a.yaml:3:7: bad\nb.yaml: warning: odd"
    assert e.core_problems == [
        CoreProblem("a.yaml", Pos(3, 7), "bad"),
        CoreProblem("b.yaml", None, "odd", "warning"),
    ]
    assert isinstance(e, InputError)  # the CLI reports it as bad input (exit 1)


def test_core_and_api_problems_mixed_keep_their_order():
    e = InvalidInput(
        [
            CoreProblem("r.yaml", Pos(5, 13, file="lib.yaml"), "m"),
            Problem("a.yaml", 1, 2, "error", "x"),
            CoreProblem("r.yaml", None, "n"),
        ]
    )
    assert [str(p) for p in e.problems] == ["lib.yaml:5:13: m", "a.yaml:1:2: x", "r.yaml: n"]
    assert all(type(p) is Problem for p in e.problems)


def _many(n: int, file: str = "a.yaml") -> list[Problem]:
    return [Problem(file, i + 1, 1, "error", f"p{i + 1}") for i in range(n)]


@pytest.mark.parametrize(
    "n, kept, more",
    [
        (100, 100, None),
        (101, 101, None),
        (102, 101, "… and 1 more problem"),
        (103, 101, "… and 2 more problems"),
    ],
)
def test_the_per_file_cap_at_its_limit_and_one_past(n, kept, more):
    e = InvalidInput(_many(n) + _many(3, "b.yaml"))
    a = [p for p in e.problems if p.file == "a.yaml"]
    b = [p for p in e.problems if p.file == "b.yaml"]
    assert [p.message for p in b] == ["p1", "p2", "p3"]  # the other file is not capped by the first
    assert [p.message for p in a[:kept]] == [f"p{i + 1}" for i in range(kept)]
    if more is None:
        assert len(a) == kept
    else:
        assert len(a) == kept + 1 and str(a[-1]) == f"a.yaml: {more}"
        assert e.problems[-1] == a[-1]  # the "more" line comes last


def test_a_readers_own_more_line_is_counted_in():
    e = InvalidInput(
        _many(2)
        + [Problem("a.yaml", None, None, "error", "… and 5 more problems", "more-problems")]
        + _many(100)
    )
    a = [str(p) for p in e.problems]
    assert len(a) == 102 and a[-1] == "a.yaml: … and 6 more problems"  # 5 + the 102nd one past the cap


def test_the_message_shows_the_first_twenty_lines():
    e = InvalidInput(_many(25))
    assert str(e).split("\n") == [f"a.yaml:{i}:1: p{i}" for i in range(1, 21)]


def test_the_cli_prints_api_problems_raised_under_it(cli, tmp_path, monkeypatch):
    # `sheets render` draws through api.render: API problems raised there are bad input (exit 1),
    # one line each, nothing written
    def refuse(loaded, *a, **k):
        raise InvalidInput(
            [Problem("u.yaml", 2, 4, "error", "refused"), Problem("u.yaml", None, None, "error", "x")]
        )

    monkeypatch.setattr(api, "render", refuse)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "u.yaml").write_bytes(
        (api.Path(__file__).resolve().parents[2] / "data/units/dmech/otrok.yaml").read_bytes()
    )
    r = cli("render", "u.yaml", "-o", "out.pdf")
    assert (r.exit_code, r.stderr) == (1, "u.yaml:2:4: refused\nu.yaml: x\n")
    assert not (tmp_path / "out.pdf").exists()
