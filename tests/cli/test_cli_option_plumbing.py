"""The shared options (``sheets.cli.options``) built afresh and checked by what they do: the
printing options in their order, ``--check-layout`` / ``--strict`` noted for the command's end,
the games' own options gathered (the same option of two games once, the first game's), and the
games that own an option named (``sheets.cli.specs``: the one adapter of the option specs)."""

from __future__ import annotations

import click
import pytest

from sheets.cli import options, specs


def test_printing_options_add_the_six_shared_options_in_order():
    @options.printing_options
    def command():
        pass

    cmd = click.command()(command)
    assert [p.opts for p in cmd.params] == [
        ["--lang"],
        ["--paper"],
        ["--mono"],
        ["--rules"],
        ["--check-layout"],
        ["--strict"],
    ]
    assert cmd.callback is not None and cmd.callback.__name__ == "command"


@pytest.mark.parametrize(
    "flag, key", [("--check-layout", "sheets.check_layout"), ("--strict", "sheets.strict")]
)
def test_layout_flags_are_noted_in_the_context_as_true_and_only_when_given(flag, key):
    seen = {}

    @click.command()
    @options.printing_options
    def command(paper, mono, rules):
        seen.update(click.get_current_context().meta)

    command.main([flag], standalone_mode=False)
    assert seen[key] is True
    seen.clear()
    command.main([], standalone_mode=False)
    assert "sheets.check_layout" not in seen and "sheets.strict" not in seen


def test_check_layout_says_a_clean_check_and_without_it_nothing(cli, tmp_path):
    r = cli("chart", "dmech", "facing", "-o", tmp_path / "f.pdf", "--check-layout")
    assert r.exit_code == 0, r.stderr
    assert "layout: 1 page checked, no problems" in r.stderr
    r = cli("chart", "dmech", "facing", "-o", tmp_path / "g.pdf")
    assert r.exit_code == 0 and "layout:" not in r.stderr


def test_a_game_options_command_keeps_its_arguments_and_the_command_it_serves():
    cmd = specs.GameOptionsCommand(
        "render",
        callback=lambda **k: None,
        game_options_for="render",
        help="Print it.",
        params=[click.Argument(["paths"], nargs=-1)],
    )
    assert cmd.name == "render" and cmd.help == "Print it."
    assert cmd.game_options_for == "render"
    assert [p.name for p in cmd.params] == ["paths"]
    ctx = click.Context(cmd)
    params = cmd.get_params(ctx)
    assert [p.name for p in params[:2]] == ["paths", "units_dir"] and "card" in [p.name for p in params]
    assert params[-1].opts == ["--help"]  # the help option last, after the games' options


def test_help_lists_the_help_option_last_after_the_games_options(cli):
    # click 8.2+ names the help option "_click_default_help": it was listed before the games'
    # options, in the middle of `sheets render -h`
    r = cli("render", "-h")
    assert r.exit_code == 0
    lines = [line.split()[0] for line in r.stdout.splitlines() if line.startswith("  -")]
    assert lines[-1] == "-h,"
    assert lines.index("--collapse") < lines.index("-h,")
    assert lines.index("--tables") < lines.index("-h,")


RENDER = [
    "units_dir",
    "no_odds",
    "one_per_page",
    "tables",
    "card",
    "bleed",
    "gap",
    "backs",
    "png_dir",
    "dice",
    "collapse",
]


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(specs, "_GAME_SPECS", {})


@pytest.mark.parametrize(
    "command, names",
    [
        ("render", RENDER),
        ("validate", ["units_dir"]),
        ("info", ["units_dir"]),
        ("reference", ["dice"]),
        ("chart", ["radius"]),  # only dmech's plug-in has one: games before it have none
        ("roster", []),
    ],
)
def test_game_params_gather_every_games_options_once(fresh, command, names):
    got = specs.game_specs(command)
    assert [s.name for s, _owners in got] == names
    assert specs.game_specs(command) is got  # kept for the next call
    assert [p.name for p in specs.game_params(command) if not p.hidden] == names


def test_the_same_option_of_two_games_is_the_first_games(fresh):
    from sheets.core.game import get_game, load_object

    bt = load_object(get_game("battletech").command_options["render"])
    wh = load_object(get_game("wh40k6").command_options["render"])
    got = {s.name: s for s, _owners in specs.game_specs("render")}
    assert got["no_odds"] is next(s for s in bt if s.name == "no_odds")
    assert got["no_odds"] is not next(s for s in wh if s.name == "no_odds")
    assert [p.name for p in specs.game_params("render")].count("no_odds") == 1


def test_owners_of_an_option(fresh):
    assert specs.owners_of("render", "no_odds") == ["battletech", "wh40k6"]
    assert specs.owners_of("render", "card") == ["dust"]
    assert specs.owners_of("chart", "radius") == ["dmech"]
    assert specs.owners_of("render", "radius") == []
    assert specs.owners_of("roster", "card") == []


def test_no_odds_help_shows_no_stray_default(cli):
    # battletech passed the parameter name "no_odds" where click takes show_default: the help
    # printed "[default: (no_odds)]" under --no-odds
    r = cli("render", "-h")
    assert r.exit_code == 0
    assert (
        "(no_odds)" not in r.stdout
        and "[default:" not in r.stdout.split("--no-odds", 1)[1].split("--tables")[0]
    )


def test_a_remembering_callback_made_afresh_notes_true_only_for_a_given_flag():
    callback = options._remember("sheets.test_key")
    ctx = click.Context(click.Command("x"))
    assert callback(ctx, None, False) is False
    assert "sheets.test_key" not in ctx.meta
    assert callback(ctx, None, True) is True
    assert ctx.meta["sheets.test_key"] is True
