"""``parse_game_options`` / ``game_options`` with a plug-in whose options the shipped games do not
have: a long option with a dash whose parameter has another name (``--card-size`` → ``size``),
a positional parameter (no ``is_flag``), an option without help, and converters that fail with
their own exceptions. The shipped games' options all have a parameter named like the long option,
so the name handling was never seen from this side."""

from __future__ import annotations

import click
import pytest

from sheets import api
from sheets.api import GameOptionError


class Plain(click.ParamType):
    """A converter failing with a plain exception (no ``message``)."""

    name = "plain"

    def convert(self, value, param, ctx):
        if value == "bad":
            raise ValueError(f"plain refusal of {value!r}")
        return f"<{value}>"


class Worded(click.ParamType):
    """A converter failing with an exception whose ``message`` is not its str()."""

    name = "worded"

    def convert(self, value, param, ctx):
        class Refusal(Exception):
            message = "the worded refusal"

        if value == "bad":
            raise Refusal("str of the refusal")
        return value


class NeedsParam(click.ParamType):
    """A converter that reads the parameter it converts for (as click's own types may)."""

    name = "needs-param"

    def convert(self, value, param, ctx):
        return f"{param.name}={value}"


def _options(monkeypatch, per_game: dict):
    real = api._params

    def params(game, command):
        return list(per_game[game.id]) if game.id in per_game else real(game, command)

    monkeypatch.setattr(api, "_params", params)


DUST_EXTRA = [
    click.Option(["--card-size", "size"], type=click.Choice(["small", "big"]), help="Size."),
    click.Option(["--quiet-mode"], is_flag=True),
    click.Argument(["label"], type=NeedsParam()),
    click.Option(["--plain"], type=Plain()),
    click.Option(["--worded"], type=Worded()),
]


@pytest.mark.parametrize("name", ["card-size", "--card-size", "card_size", "size"])
def test_a_dashed_long_option_whose_parameter_has_another_name(monkeypatch, name):
    _options(monkeypatch, {"dust": DUST_EXTRA})
    assert api.parse_game_options("dust", "render", {name: "big"}) == {"size": "big"}


def test_a_dashed_option_of_another_game_names_that_game(monkeypatch):
    _options(monkeypatch, {"dust": [], "lnl": [click.Option(["--hex-size", "hexes"], type=int)]})
    for name in ("hex-size", "hex_size", "hexes"):
        with pytest.raises(GameOptionError) as e:
            api.parse_game_options("dust", "render", {name: "3"})
        assert str(e.value) == f"--{name} is an option of lnl, not of dust"


def test_a_positional_parameter_is_converted_not_taken_as_a_flag(monkeypatch):
    _options(monkeypatch, {"dust": DUST_EXTRA})
    # the converter is handed the parameter itself
    assert api.parse_game_options("dust", "render", {"label": "x"}) == {"label": "label=x"}
    assert api.parse_game_options("dust", "render", {"label": "0"}) == {
        "label": "label=0"
    }  # not a flag's off
    assert api.parse_game_options("dust", "render", {"quiet-mode": "0"}) == {"quiet_mode": False}


def test_a_converters_own_error_is_its_message(monkeypatch):
    _options(monkeypatch, {"dust": DUST_EXTRA})
    assert api.parse_game_options("dust", "render", {"plain": "ok", "worded": "w"}) == {
        "plain": "<ok>",
        "worded": "w",
    }
    with pytest.raises(GameOptionError) as e:
        api.parse_game_options("dust", "render", {"plain": "bad"})
    assert str(e.value) == "--plain: plain refusal of 'bad'"
    with pytest.raises(GameOptionError) as e:
        api.parse_game_options("dust", "render", {"worded": "bad"})
    assert str(e.value) == "--worded: the worded refusal"
    with pytest.raises(GameOptionError) as e:
        api.parse_game_options("dust", "render", {"card-size": "huge"})
    assert str(e.value).startswith("--card-size: 'huge' is not one of 'small', 'big'")


def test_game_options_of_an_option_without_help_and_a_positional(monkeypatch):
    _options(monkeypatch, {"dust": DUST_EXTRA})
    rows = {o["name"]: o for o in api.game_options("dust")}
    assert list(rows) == ["card-size", "quiet-mode", "label", "plain", "worded"]
    assert rows["card-size"] == {
        "name": "card-size",
        "param": "size",
        "kind": "choice",
        "choices": ["small", "big"],
        "default": None,
        "min": None,
        "max": None,
        "help": "Size.",
    }  # not click's unset marker
    assert rows["quiet-mode"]["help"] == "" and rows["quiet-mode"]["kind"] == "flag"
    assert rows["quiet-mode"]["default"] is False
    assert rows["label"]["kind"] == "str" and rows["label"]["help"] == ""
    assert rows["label"]["default"] is None  # no default: None under click 8.4 and 8.5 alike
    import json

    json.dumps(api.game_options("dust"))  # what the page sends: plain values only


def test_a_default_that_is_given_is_kept(monkeypatch):
    _options(
        monkeypatch,
        {
            "dust": [
                click.Option(["--n"], type=int, default=3),
                click.Option(["--on"], is_flag=True, default=True),
                click.Option(["--s"], default="x"),
            ]
        },
    )
    assert [o["default"] for o in api.game_options("dust")] == [3, True, "x"]
