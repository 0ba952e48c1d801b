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
from sheets.games.battletech.view import sheet_data
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


# -- the layers: which package may import which ---------------------------------------------------
# core (rules core, vocabularies, options and calculators as data) <- render (page primitives)
# <- games (each game's rules, layouts, calculators) <- api (named bytes in, bytes out)
# <- cli, web (two thin front ends of the api; `sheets serve` is the CLI's way into web)
LAYERS = {
    "core": set(),
    "render": {"core"},
    "games": {"core", "render"},
    "api": {"core", "render"},  # games only through the registry (import paths as data)
    "cli": {"core", "render", "api"},
    "web": {"core", "render", "api"},
}
CLICK_ALLOWED = ("sheets/cli/", "sheets/games/battletech/import_cli.py", "sheets/games/wh40k6/import_cli.py")


def _imports():
    """(file, line, imported module) of every import in the package, function-level ones too."""
    import ast

    for path in sorted((ROOT / "sheets").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        package = rel[:-3].replace("/", ".")
        if path.name == "__init__.py":
            package = package.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for a in node.names:
                    yield rel, node.lineno, a.name
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + (1 if path.name == "__init__.py" else 0)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                yield rel, node.lineno, module
                for a in node.names:  # ``from sheets.games.battletech import rules``
                    yield rel, node.lineno, f"{module}.{a.name}"


def _layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "sheets" or len(parts) < 2 or parts[1] in ("__version__", "data"):
        return None  # sheets.data is the alias of sheets.core.data
    return parts[1]


def test_each_layer_imports_only_the_layers_below_it():
    bad = []
    for rel, line, module in _imports():
        own, other = _layer(rel[:-3].replace("/", ".")), _layer(module)
        if own in LAYERS and other in LAYERS and other != own and other not in LAYERS[own]:
            if rel == "sheets/cli/commands/serve.py" and other == "web":
                continue  # `sheets serve` starts the page
            bad.append(f"{rel}:{line}: {own} imports {module}")
    assert bad == []


def test_click_only_in_the_cli_and_the_games_thin_cli_modules():
    bad = [
        f"{rel}:{line}"
        for rel, line, module in _imports()
        if module.split(".")[0] == "click" and not rel.startswith(CLICK_ALLOWED)
    ]
    assert bad == []


def test_no_game_imports_another_game():
    bad = [
        f"{rel}:{line}: {module}"
        for rel, line, module in _imports()
        if rel.startswith("sheets/games/")
        and module.startswith("sheets.games.")
        and module.split(".")[2] != rel.split("/")[2]
    ]
    assert bad == []


def test_the_front_ends_name_no_game():
    """Game-specific options, calculators and importers come from the games' plug-in objects."""
    shared = "".join(
        p.read_text(encoding="utf-8") for d in ("cli", "web") for p in (ROOT / "sheets" / d).rglob("*.py")
    )
    for word in (
        '"--dice"',
        '"--tables"',
        '"--radius"',
        "sheets.games.",
        "dice_option",
        '"battletech"',
        '"dust"',
    ):
        assert word not in shared, word


def test_game_options_reach_render_and_extra(monkeypatch):
    """A plug-in's option spec shows in `render --help`, on the page's form, and lands in
    Options.extra converted by the spec (the CLI and the API alike)."""
    from click.testing import CliRunner

    from sheets import api
    from sheets.cli import cli, specs
    from sheets.core import game as game_mod
    from sheets.core.options import INT, OptionSpec

    class Fake(game_mod.Game):
        id = "fake"
        name = {"en": "Fake", "ru": "Фейк"}
        command_options = {"render": "tests_fake_opts:OPTS"}

    fake_module = type(sys)("tests_fake_opts")
    fake_module.OPTS = (OptionSpec("zap_level", INT, help="zap level", label="Zap", minimum=1, maximum=9),)
    monkeypatch.setitem(sys.modules, "tests_fake_opts", fake_module)
    monkeypatch.setattr(game_mod, "all_games", lambda: [Fake()])
    monkeypatch.setattr(game_mod, "get_game", lambda gid: Fake())
    monkeypatch.setattr(specs, "_GAME_SPECS", {})
    out = CliRunner().invoke(cli, ["render", "--help"])
    assert "--zap-level N" in out.output and "fake: zap level [1–9]" in out.output
    assert [o["label"] for o in api.game_options("fake")] == ["Zap"]
    assert api.parse_game_options("fake", "render", {"zap-level": "7"}) == {"zap_level": 7}
    seen = {}
    monkeypatch.setattr(
        "sheets.cli.commands.render.load_all",
        lambda paths, options, *jobs: seen.setdefault("extra", options.extra) and [][0],
    )
    CliRunner().invoke(cli, ["render", "x.yaml", "--zap-level", "7"])
    assert seen["extra"] == {"zap_level": 7}
    out = CliRunner().invoke(cli, ["render", "x.yaml", "--zap-level", "10"])
    assert out.exit_code == 2 and "Invalid value for '--zap-level': expected 1 to 9, got 10" in out.output


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


def test_strict_is_shared_and_works_for_every_game(cli):
    assert "--strict" in cli("validate", "--help").output
    for sample in ("battletech/point-alpha.yaml", "dust/sample_force.yaml", "dmech/otrok.yaml"):
        res = cli("validate", ROOT / "data/units" / sample, "--strict")
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


def test_no_module_of_the_package_imports_one_that_imports_it_back():
    """The import graph of the package has no cycle (battletech's bv and rules imported each other:
    the record sheet's data, which reads both, is in view.py above them)."""
    graph: dict[str, set] = {}
    modules = {
        p.relative_to(ROOT).as_posix()[:-3].replace("/", ".").removesuffix(".__init__")
        for p in (ROOT / "sheets").rglob("*.py")
    }
    packages = {
        p.parent.relative_to(ROOT).as_posix().replace("/", ".")
        for p in (ROOT / "sheets").rglob("__init__.py")
    }
    for rel, _line, module in _imports():
        own = rel[:-3].replace("/", ".").removesuffix(".__init__")
        # ``from pkg import sub`` names the package too: the edge that counts is to the submodule
        if module in modules and module != own and module not in packages:
            graph.setdefault(own, set()).add(module)
    cycles = []

    def visit(node, path, seen):
        for nxt in graph.get(node, ()):
            if nxt == path[0]:
                cycles.append(" -> ".join([*path, nxt]))
            elif nxt not in seen and len(path) < 6:
                seen.add(nxt)
                visit(nxt, [*path, nxt], seen)

    for start in sorted(graph):
        if start.startswith("sheets.games."):
            visit(start, [start], {start})
    assert not [c for c in cycles if ".battletech." in c or ".bv" in c], cycles[:5]
