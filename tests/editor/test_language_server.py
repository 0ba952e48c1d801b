"""yaml-language-server (the engine of VS Code's YAML extension, Neovim's and Helix's YAML
support), driven over stdio as an editor drives it, with the ``# yaml-language-server: $schema=``
line the starters write, gives the same verdict as `sheets validate` on every sample, every
starter (en, ru), imported files and hundreds of broken variants — for every problem JSON Schema
can express. The problems it cannot (totals, the rule variant, relations between units and
files, the Force Organisation Chart) are listed in ``corpus.py`` as such: `validate` refuses them,
the editor is not asked to."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from editor import corpus
from editor.clients import GAMES, ROOT, need_client
from editor.lsp import LanguageServer

SHARED = ROOT.parent / "shared" / "fixtures" / "battlescribe" / "real"
MODELINE = "# yaml-language-server: $schema={game}.schema.json\n"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory, schemas):
    root = tmp_path_factory.mktemp("editor")
    folder = need_client("yaml-language-server")
    server = LanguageServer(folder / "bin" / "yaml-language-server", root)
    server.start(root)
    yield root, server, schemas
    server.stop()


def place(root: Path, schemas: dict, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    for game, schema in schemas.items():  # beside every document, as `sheets schema GAME -o` puts it
        target = path.parent / f"{game}.schema.json"
        if not target.exists():
            target.write_text(json.dumps(schema, ensure_ascii=False), encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    return path


def with_modeline(text: str, game: str) -> str:
    lines = [ln for ln in text.splitlines(keepends=True) if not ln.startswith("# yaml-language-server:")]
    return MODELINE.format(game=game) + "".join(lines)


def dump(doc: dict, game: str) -> str:
    return MODELINE.format(game=game) + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=200)


def sheets_verdict(cli, path: Path) -> tuple[bool, str]:
    r = cli("validate", path)
    assert r.exit_code in (0, 1), r.stderr  # never a usage or an internal error
    return r.exit_code == 0, r.stderr.strip()


def good_files(cli, tmp: Path) -> list[tuple[str, str, str]]:
    """(name, game, text) of what `validate` accepts: samples, starters, imports."""
    from sheets.api import starter, starter_kinds

    out = []
    samples = ROOT / "data" / "units"
    for path in sorted(samples.rglob("*.yaml")):
        game = path.parent.name
        out.append(
            (f"samples/{path.relative_to(samples)}", game, with_modeline(path.read_text("utf-8"), game))
        )
    for game in GAMES:
        for kind in starter_kinds(game):
            for lang in ("en", "ru"):
                out.append((f"starters/{game}-{kind}-{lang}.yaml", game, starter(game, kind, lang)))
    blk = sorted((ROOT / "tests" / "megamek" / "fixtures").glob("*.blk"))
    r = cli("import", "megamek", *blk, "-o", tmp / "mm.yaml")
    assert r.exit_code == 0, r.stderr
    out.append(
        (
            "imports/megamek.yaml",
            "battletech",
            with_modeline((tmp / "mm.yaml").read_text("utf-8"), "battletech"),
        )
    )
    rosters = sorted(SHARED.glob("*.ros")) + sorted(SHARED.glob("*.rosz"))
    for ros in rosters[:12]:
        r = cli("import", "battlescribe", ros)
        if r.exit_code == 0:
            out.append(
                (f"imports/{ros.stem}-{ros.suffix[1:]}.yaml", "wh40k6", with_modeline(r.stdout, "wh40k6"))
            )
    return out


def raw_good_files() -> list[tuple[str, str, str]]:
    """Files written by hand with values both must accept: YAML 1.1's words (the reader warns),
    a number with a leading zero, a choice written as true."""
    from sheets.api import starter

    lnl, dmech, dust = starter("lnl", None, "en"), starter("dmech", None, "ru"), starter("dust", None, "ru")
    bt, w40k = starter("battletech", None, "ru"), starter("wh40k6", None, "ru")
    out = [
        # the Russian names of choices, as the Russian printouts print them
        (
            "raw/dust-vzvod.yaml",
            "dust",
            dust.replace("kind: squad ", "kind: взвод ", 1).replace("type: soldier", "type: Пехота", 1),
        ),
        (
            "raw/bt-tors.yaml",
            "battletech",
            bt.replace("location: torso}", "location: Торс}", 1).replace(
                "motion: biped", "motion: Двуногий", 1
            ),
        ),
        (
            "raw/lnl-otdelenie.yaml",
            "lnl",
            lnl.replace("kind: squad ", "kind: отделение ", 1).replace("kind: leader ", "kind: Лидер ", 1),
        ),
        ("raw/w40k-shtab.yaml", "wh40k6", w40k.replace("slot: hq ", "slot: Штаб ", 1)),
        # a vehicle, a walker and a gun with the columns each needs (and nothing else)
        (
            "raw/w40k-vehicles.yaml",
            "wh40k6",
            w40k.replace(
                "{name: Trooper, count: 10, type: infantry,",
                "{name: Rhino, type: Техника (Транспорт), bs: 4, front: 11, side: 11, rear: 10, hp: 3}\n"
                "      - {name: Dread, type: Walker, ws: 4, bs: 4, s: 6, i: 4, a: 2, front: 12, side: 12, rear: 10, hull_points: 3}\n"
                "      - {name: Gun, type: artillery gun}\n"
                "      - {name: Trooper, count: 10, type: infantry,",
                1,
            ),
        ),
        (
            "raw/lnl-yes.yaml",
            "lnl",
            lnl.replace("kind: squad ", "ambush: yes\n    m: Off\n    kind: squad ", 1),
        ),
        ("raw/lnl-010.yaml", "lnl", lnl.replace("morale: 6", "morale: 010")),
        ("raw/dmech-hand.yaml", "dmech", dmech.replace("ammo: 0}", "ammo: 0, hand: true}")),
        ("raw/dmech-hand-no.yaml", "dmech", dmech.replace("ammo: 0}", "ammo: 0, hand: no}")),
        ("raw/dust-name-yes.yaml", "dust", dust.replace("faction: Axis", "faction: yes", 1)),
    ]
    assert all(text not in (lnl, dmech, dust, bt, w40k) for _, _, text in out)  # every replacement took
    return out


def broken_files() -> list[tuple[str, corpus.Variant, str]]:
    from sheets.api import starter

    bases = {game: [(lang, starter(game, None, lang)) for lang in ("en", "ru")] for game in GAMES}
    out = []
    for game in GAMES:
        variants = corpus.generic(game) + corpus.GAME_VARIANTS[game]()
        for variant in variants:
            for lang, text in bases[game]:
                doc = yaml.safe_load(text)
                variant.change(doc)
                out.append((f"broken/{game}-{lang}-{len(out):03d}.yaml", variant, dump(doc, game)))
    for variant in corpus.dmech_infantry():
        for lang in ("en", "ru"):
            doc = yaml.safe_load(starter("dmech", "infantry", lang))
            variant.change(doc)
            out.append((f"broken/dmech-infantry-{lang}-{len(out):03d}.yaml", variant, dump(doc, "dmech")))
    return out


def test_the_editor_and_validate_agree(workspace, cli, tmp_path, capsys):
    root, server, schemas = workspace
    good = [(name, None, text) for name, _, text in good_files(cli, tmp_path) + raw_good_files()]
    docs = good + broken_files()
    paths = [place(root, schemas, name, text) for name, _, text in docs]
    verdicts = [sheets_verdict(cli, path) for path in paths]
    answers = server.check_many([(path, text) for path, (_, _, text) in zip(paths, docs)])
    disagree, counts = [], Counter()
    if not SHARED.is_dir():
        counts["(../shared absent: no BattleScribe imports)"] += 1
    for (name, variant, _), (ok, said), found in zip(docs, verdicts, answers):
        errors = [d["message"] for d in found if d.get("severity", 1) == 1]
        edited = not errors
        if variant is None and not ok and name.startswith("imports/"):
            # a real roster may break the Force Organisation Chart: no schema sees that
            assert all(" detachment: " in line for line in said.splitlines()), (name, said)
            counts["imports refused for the FOC"] += 1
            counts["imports refused for the FOC, editor silent"] += edited
        elif variant is None:
            assert ok, (name, said)  # the corpus of good files is what validate accepts
            counts["good"] += 1
            counts["good, agreed"] += edited
            if not edited:
                disagree.append((name, "the editor refuses a file validate accepts", errors[:3]))
        elif variant.kind == corpus.SCHEMA:
            counts["broken, schema"] += 1
            counts["broken, schema, agreed"] += (not ok) and (not edited)
            if ok or edited:
                disagree.append(
                    (name, variant.name, f"validate {'accepts' if ok else 'refuses'}", errors[:2])
                )
        else:
            counts["broken, not expressible"] += 1
            counts["broken, not expressible, editor silent"] += edited
            if ok:
                disagree.append((name, variant.name, "validate accepts a file said to be broken"))
    with capsys.disabled():
        print("\neditor agreement:", dict(counts))
    assert disagree == [], "\n".join(map(str, disagree))
    assert counts["broken, schema"] >= 150
    assert counts["good"] >= 30
