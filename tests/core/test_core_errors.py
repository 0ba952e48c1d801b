"""Messages of the core's error model, value by value: shortened user values, one-line problems,
`file:line:col` placement, warnings, and the per-file cap with its "… and N more" line."""

from sheets.core.errors import (
    MAX_MESSAGE,
    MAX_PROBLEMS_PER_FILE,
    InputError,
    Pos,
    Problem,
    Problems,
    cap_problems,
    did_you_mean,
    plain,
    short,
)


def test_short_describes_each_kind_of_value():
    assert short({"a": 1}) == "a mapping of 1 key" and short({}) == "a mapping of 0 keys"
    assert short([1, 2]) == "a list of 2 items" and short((1,)) == "a list of 1 item"
    assert short("abc") == "'abc'"
    assert short("x" * 61) == repr("x" * 60) + "… (61 characters)"
    assert short("x" * 60) == repr("x" * 60)
    assert short(42) == "42" and short(True) == "True" and short(None) == "None" and short(1.5) == "1.5"
    assert short(2**300) == "a 301-bit number" and short(10**60) == "1" + "0" * 59 + "…"  # 200 bits
    assert short(object()) == "object"
    assert short(12345, limit=3) == "123…" and short(123, limit=3) == "123"


def test_plain_keeps_strings_unquoted():
    assert plain("Keller") == "Keller"
    assert plain("y" * 61) == "y" * 60 + "…" and plain("y" * 60) == "y" * 60
    assert plain(7) == "7" and plain([1]) == "a list of 1 item"


def test_problem_is_one_short_line_at_its_position():
    p = Problem("u.yaml", Pos(4, 11), "bad\nvalue\r here")
    assert str(p) == "u.yaml:4:11: bad value here"
    assert str(Problem("u.yaml", None, "no such file")) == "u.yaml: no such file"
    assert str(Problem("u.yaml", Pos(2, 3, file="other.yaml"), "x")) == "other.yaml:2:3: x"
    assert str(Problem("u.yaml", Pos(1, 1), "careful", "warning")) == "u.yaml:1:1: warning: careful"
    long = Problem("u.yaml", None, "m" * (MAX_MESSAGE + 5))
    assert long.message == "m" * MAX_MESSAGE + "…"
    assert len(Problem("u.yaml", None, "m" * MAX_MESSAGE).message) == MAX_MESSAGE
    assert Pos(2, 1) < Pos(2, 5) < Pos(3, 1) and Pos(1, 1, "a") == Pos(1, 1, "b")


def test_cap_keeps_the_limit_per_file_then_one_more_line():
    many = [Problem("a.yaml", Pos(i, 1), f"p{i}") for i in range(1, 8)] + [Problem("b.yaml", None, "only")]
    out = cap_problems(many, limit=5)
    assert [p.message for p in out] == ["p1", "p2", "p3", "p4", "p5", "only", "… and 2 more problems"]
    assert out[-1].path == "a.yaml" and out[-1].pos is None
    assert [p.message for p in cap_problems(many[:6], limit=5)][-1] == "… and 1 more problem"
    assert cap_problems(many[:5], limit=5) == many[:5]
    # a reader's own "… and N more" line is merged into the count
    merged = cap_problems(
        [Problem("a.yaml", None, "p"), Problem("a.yaml", None, "… and 3 more problems")], limit=5
    )
    assert [p.message for p in merged] == ["p", "… and 3 more problems"]
    err = InputError(many)
    assert len(err.problems) == len(many) and str(err).splitlines()[0] == "a.yaml:1:1: p1"


def test_problems_collector_caps_but_keeps_an_error():
    probs = Problems("f.yaml")
    for i in range(MAX_PROBLEMS_PER_FILE):
        probs.add(Problem("f.yaml", Pos(i + 1, 1), f"w{i}", "warning"))
    probs.add(Problem("f.yaml", Pos(999, 1), "the error"))
    assert probs.errors and any(p.message == "the error" for p in probs.items)
    assert len(probs.items) == MAX_PROBLEMS_PER_FILE


def test_did_you_mean():
    assert did_you_mean("battletek", ["battletech", "dust"]) == " (did you mean 'battletech'?)"
    assert did_you_mean("zzz", ["battletech", "dust"]) == ""
