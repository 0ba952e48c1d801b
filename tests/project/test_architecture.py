"""The rules core stays pure: loading units, validating and deriving values imports no
rendering, CLI or templating library."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

CODE = """
import sys
from sheets.core.loader import load_file
from sheets.core.roster import army_list
for path in sys.argv[1:]:
    loaded = load_file(path)
    for unit in loaded.units:
        loaded.game.info(unit, loaded.options)
    army_list(loaded)
from sheets.games.battletech.rules import sheet_data
from sheets.games.battletech.blk import parse_blk
from sheets.games.dmech import geometry, rules
from sheets.games.dust import rules, view
from sheets.games.lnl import rules, spec
print("IMPORTED=" + ",".join(sorted(m for m in ("reportlab", "click", "jinja2", "PIL", "pypdfium2")
                                    if m in sys.modules)))
"""


def test_rules_core_imports_no_renderer_cli_or_templates(subprocess_env):
    samples = [
        ROOT / "data/units/battletech/point-alpha.yaml",
        ROOT / "data/units/dmech/otrok.yaml",
        ROOT / "data/units/dust/sample_force.yaml",
        ROOT / "data/units/lnl/hill30_us.yaml",
    ]
    out = subprocess.run(
        [sys.executable, "-c", CODE, *map(str, samples)], capture_output=True, text=True, env=subprocess_env
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "IMPORTED="


def test_games_register_through_entry_points():
    """The built-in games are declared the way third-party plug-ins are (pyproject's entry points),
    and the installed metadata carries them: a missing entry point fails here."""
    import tomllib
    from importlib import metadata

    from sheets.core.game import BUILTIN, ENTRY_POINT_GROUP

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["entry-points"]
    assert declared[ENTRY_POINT_GROUP] == BUILTIN
    installed = {ep.name: ep.value for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    assert {k: installed.get(k) for k in BUILTIN} == BUILTIN
    assert {"battletech", "dmech", "dust"} <= set(BUILTIN)


TOY = """
from sheets.core.game import Game
from sheets.core.schema import Int, Obj, Str


class Toy(Game):
    id = "toy"
    name = {"en": "Toy Soldiers", "ru": "Оловянные солдатики"}
    unit_kinds = ("soldier",)

    def unit_spec(self):
        return Obj(fields={"name": Str(allow_empty=False), "points": Int(min=0, max=100)})

    def build_unit(self, data, options):
        return dict(data)

    def info(self, unit, options):
        return {"system": "toy", **unit}


GAME = Toy()
"""


def test_third_party_game_plugs_in(cli, tmp_path, monkeypatch, write):
    from importlib import metadata

    import sheets.core.game as game_mod

    (tmp_path / "toy_game.py").write_text(TOY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    real = metadata.entry_points

    def fake(**kw):
        found = list(real(**kw))
        if kw.get("group") == game_mod.ENTRY_POINT_GROUP:
            found += [
                metadata.EntryPoint("toy", "toy_game:GAME", game_mod.ENTRY_POINT_GROUP),
                metadata.EntryPoint("broken", "no_such_module:GAME", game_mod.ENTRY_POINT_GROUP),
            ]
        return found

    monkeypatch.setattr(game_mod.metadata, "entry_points", fake)
    for cached in (game_mod._entry_points, game_mod.get_game):
        cached.cache_clear()
    try:
        r = cli("systems")
        assert r.exit_code == 0 and "toy" in r.stdout and "Toy Soldiers" in r.stdout
        assert "broken" in r.stderr and "failed to load" in r.stderr
        ok = write("army.yaml", "system: toy\nunits:\n  - {name: Tin, points: 5}\n")
        assert cli("validate", ok).exit_code == 0
        bad = write("bad.yaml", "system: toy\nunits:\n  - {name: Tin, pionts: 5}\n")
        r = cli("validate", bad)
        assert r.exit_code == 1 and "did you mean 'points'" in r.stderr
    finally:
        for cached in (game_mod._entry_points, game_mod.get_game):
            cached.cache_clear()


def test_shared_cli_knows_no_game():
    """Game-specific options and importers come from the games' plug-in objects."""
    shared = "".join(
        (ROOT / "sheets/cli" / f).read_text(encoding="utf-8")
        for f in ("options.py", "commands.py", "__init__.py", "cards.py")
    )
    # help texts may name games in examples; code may not import or special-case one
    for word in ('"--dice"', '"--tables"', '"--radius"', "sheets.games.", "import_cli", "dice_option"):
        assert word not in shared, word


def test_game_cli_options_reach_render_and_extra(monkeypatch):
    """A plug-in's declared render option shows in `render --help` and lands in Options.extra."""
    import click

    from sheets.cli import options as cli_options
    from sheets.core import game as game_mod

    class Fake(game_mod.Game):
        id = "fake"
        name = {"en": "Fake", "ru": "Фейк"}
        cli_options = {"render": "tests_fake_opts:OPTS"}

    fake_module = type(sys)("tests_fake_opts")
    fake_module.OPTS = [click.Option(["--zap-level"], type=int, default=None, help="fake: zap level")]
    monkeypatch.setitem(sys.modules, "tests_fake_opts", fake_module)
    monkeypatch.setattr(game_mod, "all_games", lambda: [Fake()])
    monkeypatch.setattr(cli_options, "_GAME_PARAMS", {})
    from click.testing import CliRunner

    from sheets.cli import cli

    out = CliRunner().invoke(cli, ["render", "--help"])
    assert "--zap-level" in out.output and "fake: zap level" in out.output
    seen = {}
    monkeypatch.setattr(
        "sheets.cli.commands._load_all",
        lambda paths, options, *jobs: seen.setdefault("extra", options.extra) and [][0],
    )
    CliRunner().invoke(cli, ["render", "x.yaml", "--zap-level", "7"])
    assert seen["extra"] == {"zap_level": 7}


def test_plain_validate_imports_only_its_own_game(subprocess_env):
    """Game options are looked up only for --help or an option the shared command lacks: a plain
    `validate FILE` of one game does not import the other games (start-up time)."""
    code = (
        "import sys\nfrom sheets.cli import main\n"
        "try:\n    main(['validate', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "print('GAMES=' + ','.join(sorted({m.split('.')[2] for m in sys.modules "
        "if m.startswith('sheets.games.') and m.count('.') >= 2})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "data/units/wh40k6/sample_list.yaml")],
        capture_output=True,
        text=True,
        env=subprocess_env,
    )
    assert out.stdout.strip().splitlines()[-1] == "GAMES=wh40k6", out.stdout + out.stderr


def test_game_options_still_work_and_show_in_help(cli):
    assert "--strict" in cli("validate", "--help").output
    res = cli("validate", ROOT / "data/units/battletech/point-alpha.yaml", "--strict")
    assert res.exit_code == 0, res.output


def test_no_test_imports_the_tests_folder_as_a_package():
    """CI installs the package (not editable) and runs pytest: there the checkout is not on the
    path and ``tests`` is no package, so ``from tests.x import y`` fails there only (pytest puts
    ``tests/`` itself on the path: import ``x`` directly)."""
    import re

    root = Path(__file__).resolve().parent.parent
    bad = [
        f"{p.relative_to(root)}:{n}"
        for p in root.rglob("*.py")
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r"\s*(from|import)\s+tests(\.|\s|$)", line)
    ]
    assert bad == []
