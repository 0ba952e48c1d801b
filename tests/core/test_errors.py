"""The core's error model (issue 10, finding 4): user values echoed shortened, one line per problem,
at most 100 problems per file then one "… and N more problems" line, "did you mean"."""

import pytest

from sheets.core.errors import (
    MAX_PROBLEMS_PER_FILE,
    InputError,
    Pos,
    Problem,
    Problems,
    RuleIssue,
    cap_problems,
    did_you_mean,
    plain,
    short,
)


@pytest.mark.parametrize(
    "value, text",
    [
        ({"a": 1, "b": 2}, "a mapping of 2 keys"),
        ({"a": 1}, "a mapping of 1 key"),
        ([], "a list of 0 items"),
        ([1], "a list of 1 item"),
        ((1, 2, 3), "a list of 3 items"),
        ("", "''"),
        ("é" * 60, repr("é" * 60)),
        ("abcdefghij" * 7, repr(("abcdefghij" * 7)[:60]) + "… (70 characters)"),
        (2**199, str(2**199)),  # 200 bits: still written out (60 digits)
        (2**200, "a 201-bit number"),
        (-(2**200), "a 201-bit number"),
        (10**60 + 7, "1" + "0" * 59 + "…"),  # 200 bits, 61 digits: cut
        (False, "False"),
        (None, "None"),
        (0.1, "0.1"),
        (b"x", "bytes"),
    ],
)
def test_short_describes_a_value_in_at_most_sixty_characters(value, text):
    assert short(value) == text


def test_short_and_plain_take_their_own_limit():
    assert short("abcdef", limit=3) == "'abc'… (6 characters)"
    assert short("abc", limit=3) == "'abc'"
    assert short(1.25, limit=3) == "1.2…"
    assert short(True, limit=2) == "Tr…"
    assert short(None, limit=4) == "None"
    assert short(12345678, limit=8) == "12345678"
    assert plain("abcdef", limit=3) == "abc…" and plain("abc", limit=3) == "abc"
    assert plain(123456, limit=3) == "123…"
    assert plain({"k": 1}) == "a mapping of 1 key"


def test_a_problem_prints_as_file_line_col_message():
    assert str(Problem("u.yaml", Pos(3, 7), "bad")) == "u.yaml:3:7: bad"
    assert str(Problem("u.yaml", Pos(3, 7), "bad", "warning")) == "u.yaml:3:7: warning: bad"
    assert str(Problem("u.yaml", None, "bad", "warning")) == "u.yaml: warning: bad"
    assert str(Problem("u.yaml", Pos(1, 2, "ref.yaml"), "bad")) == "ref.yaml:1:2: bad"
    assert str(Problem("u.yaml", Pos(1, 2, None), "bad")) == "u.yaml:1:2: bad"
    assert Problem("u.yaml", None, "a\n  b\r\nc").message == "a b c"
    assert Problem("u.yaml", None, "a  b").message == "a  b"  # only multi-line messages are joined
    assert Problem("u.yaml", None, "X  Y\t").message == "X  Y\t"
    assert Problem("u.yaml", None, "m").severity == "error"


def test_a_message_is_cut_after_500_characters():
    assert Problem("u", None, "x" * 501).message == "x" * 500 + "…"
    assert Problem("u", None, "x" * 500).message == "x" * 500


def test_input_error_text_is_the_first_twenty_problems():
    problems = [Problem("u.yaml", Pos(i, 1), f"p{i}") for i in range(1, 26)]
    err = InputError(problems)
    assert str(err).split("\n") == [f"u.yaml:{i}:1: p{i}" for i in range(1, 21)]
    assert err.problems == problems


def test_cap_is_one_hundred_problems_per_file_plus_a_readers_more_line():
    many = [Problem("a.yaml", Pos(i, 1), f"p{i}") for i in range(1, 104)]
    out = cap_problems(many)
    assert len(out) == MAX_PROBLEMS_PER_FILE + 2
    assert out[:101] == many[:101]
    assert str(out[-1]) == "a.yaml: … and 2 more problems"
    assert cap_problems(many[:101]) == many[:101]


def test_cap_counts_each_file_on_its_own_and_merges_more_lines():
    probs = [
        Problem("a", None, "1"),
        Problem("b", None, "1"),
        Problem("a", None, "2"),
        Problem("b", None, "2"),
        Problem("a", None, "3"),
        Problem("a", None, "… and 4 more problems", code="more-problems"),
        Problem("b", None, "… and 1 more problems", code="more-problems"),
    ]
    out = cap_problems(probs, limit=2)
    assert [str(p) for p in out] == [
        "a: 1",
        "b: 1",
        "a: 2",
        "b: 2",
        "a: … and 5 more problems",
        "b: … and 1 more problem",
    ]
    # a positioned message that merely starts like the "more" line is an ordinary problem
    odd = Problem("a", Pos(1, 1), "… and 3 more x")
    assert cap_problems([odd]) == [odd]


def test_problems_collector_drops_past_the_cap_and_says_how_many():
    probs = Problems("f.yaml")
    for i in range(MAX_PROBLEMS_PER_FILE):
        probs.error(Pos(i + 1, 1), f"e{i}")
    assert probs.all == probs.items and probs.dropped == 0
    probs.error(Pos(500, 1), "one too many")
    probs.warning(Pos(501, 1), "and a warning")
    assert len(probs.items) == MAX_PROBLEMS_PER_FILE and probs.dropped == 2
    assert [p.message for p in probs.items] == [f"e{i}" for i in range(MAX_PROBLEMS_PER_FILE)]
    assert str(probs.all[-1]) == "f.yaml: … and 2 more problems"
    assert len(probs.all) == MAX_PROBLEMS_PER_FILE + 1
    one = Problems("g.yaml", dropped=1)
    assert str(one.all[-1]) == "g.yaml: … and 1 more problem"


def test_a_full_collector_of_warnings_makes_room_for_the_first_error():
    probs = Problems("f.yaml")
    for i in range(MAX_PROBLEMS_PER_FILE):
        probs.warning(None, f"w{i}")
    probs.warning(None, "w-extra")
    assert probs.dropped == 1
    probs.error(Pos(9, 9), "the error")
    assert [p.message for p in probs.items[-2:]] == [f"w{MAX_PROBLEMS_PER_FILE - 2}", "the error"]
    assert len(probs.items) == MAX_PROBLEMS_PER_FILE and probs.dropped == 1
    probs.error(Pos(9, 10), "a second error")  # an error is kept already: this one is dropped
    assert probs.dropped == 2 and probs.items[-1].message == "the error"
    assert len(probs.errors) == 1 and len(probs.warnings) == MAX_PROBLEMS_PER_FILE - 1


def test_raise_if_errors_raises_on_errors_only():
    probs = Problems("f.yaml")
    probs.warning(Pos(1, 1), "careful")
    probs.raise_if_errors()  # warnings alone do not fail
    assert [p.severity for p in probs.warnings] == ["warning"] and probs.errors == []
    probs.error(Pos(2, 1), "bad")
    with pytest.raises(InputError) as exc:
        probs.raise_if_errors()
    assert [str(p) for p in exc.value.problems] == ["f.yaml:1:1: warning: careful", "f.yaml:2:1: bad"]


@pytest.mark.parametrize(
    "name, choices, hint",
    [
        ("armour", ["armor", "name"], " (did you mean 'armor'?)"),
        ("ARMOR", ["armor"], " (did you mean 'armor'?)"),
        ("armor", ["Armor"], " (did you mean 'Armor'?)"),
        ("walkk", ["walk", "jump", "walking"], " (did you mean 'walk'?)"),
        ("xyz", ["armor"], ""),
        ("abcd", ["abxy"], ""),  # ratio 0.5 < 0.6
        ("abcde", ["abcxy"], " (did you mean 'abcxy'?)"),  # ratio 0.6: the cut-off itself
        (7, ["7a"], " (did you mean '7a'?)"),
        ("a" * 100, ["a" * 99], " (did you mean '" + "a" * 99 + "'?)"),
        ("a" * 101, ["a" * 101], ""),  # nothing that long is a typo
    ],
)
def test_did_you_mean(name, choices, hint):
    assert did_you_mean(name, choices) == hint


def test_did_you_mean_accepts_any_iterable():
    assert did_you_mean("jmp", (c for c in ["jump", "walk"])) == " (did you mean 'jump'?)"


def test_rule_issue_is_an_error_unless_told():
    assert RuleIssue(("armor", "head"), "too much").severity == "error"
    assert RuleIssue((), "x", "warning").severity == "warning"
