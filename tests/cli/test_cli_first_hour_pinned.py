"""The first-hour CLI, pinned (issue 35): each behaviour a new user meets in the first hour is a
test that fails when it changes — the format every ``-o`` suffix (and its usual aliases, in any
letter case) makes on every command; what ``info -o x.json`` / ``-o x.txt`` write with and without
``--json``; what a folder argument reads and in what order; ``examples`` with and without
``--force``; the default output names for standard input; and every source of a setting as
``sheets config`` reports it. Literals throughout: names, first bytes, exact lines."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from pypdf import PdfReader
from settings_places import two_places

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "data" / "units"
BT = UNITS / "battletech"
ROC = BT / "roc.yaml"
OTROK = UNITS / "dmech" / "otrok.yaml"
W40K = UNITS / "wh40k6" / "sample_list.yaml"
PDF, PNG = b"%PDF-", b"\x89PNG\r\n\x1a\n"


def _kind(data: bytes) -> str:
    """What a file holds, by its first bytes."""
    text = data.lstrip()
    if data.startswith(PDF):
        return "pdf"
    if data.startswith(PNG):
        return "png"
    if text.startswith(b"# Army list:"):
        return "md"
    if text.startswith(b"<"):
        return "html"
    if text.startswith(b"[b]") or text.startswith(b"[size"):
        return "bbcode"
    if text.startswith((b"{", b"[\n", b"[{", b"[]")):
        try:
            json.loads(data)
            return "json"
        except ValueError:
            pass
    if data.startswith(b"# yaml-language-server") or data.startswith(b"system:"):
        return "yaml"
    return "text"


# -- every -o suffix of every command --------------------------------------------------------------------
SUFFIXES = [
    # command line (the output name added), the suffix, what the file must hold
    *[(("render", ROC), s, "pdf") for s in (".pdf", ".PDF", ".Pdf")],
    *[(("render", ROC, "--dpi", "40"), s, "png") for s in (".png", ".PNG")],
    *[(("roster", W40K), s, "pdf") for s in (".pdf", ".PDF")],
    (("roster", W40K, "--dpi", "40"), ".png", "png"),
    *[(("roster", W40K), s, "md") for s in (".md", ".MD", ".markdown", ".Markdown")],
    *[(("roster", W40K), s, "html") for s in (".html", ".htm", ".HTML", ".HTM")],
    *[(("roster", W40K), s, "bbcode") for s in (".bbcode", ".BBCODE")],
    *[(("roster", W40K), s, "json") for s in (".json", ".JSON")],
    *[(("info", ROC), s, "text") for s in (".txt", ".TXT")],
    *[(("info", ROC), s, "json") for s in (".json", ".JSON")],
    *[(("info", ROC, "--json"), s, "json") for s in (".json", ".Json")],
    *[(("reference", "dmech"), s, "pdf") for s in (".pdf", ".PDF")],
    (("reference", "dmech", "--dpi", "40"), ".PNG", "png"),
    *[(("chart", "dmech", "facing"), s, "pdf") for s in (".pdf", ".PDF")],
    (("chart", "dmech", "facing", "--dpi", "40"), ".Png", "png"),
    *[(("schema", "dmech"), s, "json") for s in (".json", ".JSON")],
    *[(("new", "dmech"), s, "yaml") for s in (".yaml", ".yml", ".YAML", ".YML")],
]


@pytest.mark.parametrize("args, suffix, made", SUFFIXES, ids=[f"{a[0]}{s}" for a, s, _ in SUFFIXES])
def test_the_suffix_of_o_chooses_the_format_on_every_command(cli, tmp_path, args, suffix, made):
    out = tmp_path / f"out{suffix}"
    r = cli(*args, "-o", out)
    assert r.exit_code == 0, r.stderr
    pages = sorted(tmp_path.glob(f"out-*{suffix}"))
    written = pages[0] if made == "png" and pages else out
    assert _kind(written.read_bytes()) == made
    assert f"wrote {out}" in r.stderr or "PNG pages" in r.stderr  # under the name given, as given
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [p.name for p in pages] if pages else [out.name]
    )


REFUSED = [
    (("render", ROC), "x.jpg", "`sheets render` makes .pdf, .png"),
    (("render", ROC), "x.pdff", "`sheets render` makes .pdf, .png"),
    (("render", ROC), "x.md", "`sheets render` makes .pdf, .png"),
    (("roster", W40K), "x.htmlx", "`sheets roster` makes .pdf, .png, .md, .html, .bbcode, .json"),
    (("roster", W40K), "x.yml", "`sheets roster` makes .pdf, .png, .md, .html, .bbcode, .json"),
    (("roster", W40K), "x.TXT", "`sheets roster` makes .pdf, .png, .md, .html, .bbcode, .json"),
    (("info", ROC), "x.md", "`sheets info` makes .txt, .json"),
    (("info", ROC), "x.yaml", "`sheets info` makes .txt, .json"),
    (("reference", "dmech"), "x.htm", "`sheets reference` makes .pdf, .png"),
    (("chart", "dmech", "facing"), "x.svg", "`sheets chart` makes .pdf, .png"),
    (("schema", "dmech"), "x.yaml", "`sheets schema` makes .json"),
    (("new", "dmech"), "x.json", "`sheets new` makes .yaml"),
    (("new", "dmech"), "x.markdown", "`sheets new` makes .yaml"),
]


@pytest.mark.parametrize("args, name, made", REFUSED, ids=[f"{a[0]}:{n}" for a, n, _ in REFUSED])
def test_a_suffix_a_command_does_not_make_is_a_usage_error_naming_what_it_makes(
    cli, tmp_path, monkeypatch, args, name, made
):
    monkeypatch.chdir(tmp_path)
    r = cli(*args, "-o", name)
    assert r.exit_code == 2
    suffix = name[name.index(".") :]
    assert f"{name}: '{suffix}'; {made} (the suffix of -o chooses)" in r.stderr
    assert list(tmp_path.iterdir()) == []


# -- info: -o x.json / -o x.txt, with and without --json -------------------------------------------------
def test_info_writes_what_the_suffix_says_and_json_agrees_with_it(cli, tmp_path):
    text = cli("info", ROC).stdout
    data = json.loads(cli("info", ROC, "--json").stdout)
    assert text.startswith("== Roc (Classic BattleTech: Clan ProtoMechs)\n") and data[0]["name"] == "Roc"
    assert cli("info", ROC, "-o", tmp_path / "a.json").exit_code == 0
    assert json.loads((tmp_path / "a.json").read_text(encoding="utf-8")) == data  # JSON without --json
    assert cli("info", ROC, "-o", tmp_path / "a.txt").exit_code == 0
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == text  # text, as on the terminal
    assert cli("info", ROC, "--json", "-o", tmp_path / "b.json").exit_code == 0
    assert json.loads((tmp_path / "b.json").read_text(encoding="utf-8")) == data
    r = cli("info", ROC, "--json", "-o", tmp_path / "b.txt")  # two answers: the user chooses
    assert (
        r.exit_code == 2 and f"--json but -o {tmp_path / 'b.txt'} ends in .txt: give one of them" in r.stderr
    )
    assert not (tmp_path / "b.txt").exists()
    assert (
        cli("info", ROC, "-o", "-").stdout == text
        and json.loads(cli("info", ROC, "--json", "-o", "-").stdout) == data
    )


# -- the default output names for standard input -------------------------------------------------------
def test_standard_input_is_called_stdin_in_default_output_names(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = ROC.read_text(encoding="utf-8")
    r = cli("render", "-", input=data)
    assert r.exit_code == 0 and r.stderr.splitlines()[0] == "wrote output/stdin.pdf"
    r = cli("roster", "-", input=W40K.read_text(encoding="utf-8"))
    assert r.exit_code == 0 and r.stderr.splitlines()[0] == "wrote output/stdin-list.pdf"
    (tmp_path / "orc.yaml").write_bytes((BT / "orc.yaml").read_bytes())
    r = cli("render", "-", "orc.yaml", input=data)
    assert r.exit_code == 0 and r.stderr.splitlines()[0] == "wrote output/stdin+orc.pdf"
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        "stdin+orc.pdf",
        "stdin-list.pdf",
        "stdin.pdf",
    ]
    assert cli("info", "-", input=data).stdout.startswith("== Roc (")  # text formats: standard output
    assert not (tmp_path / "output" / "stdin.txt").exists()


# -- what a folder argument reads, and in what order -----------------------------------------------------
@pytest.fixture
def army(tmp_path):
    folder = tmp_path / "army"
    outside = tmp_path / "outside"
    for d in (folder / "sub" / "deeper", folder / "aa", folder / ".git", outside):
        d.mkdir(parents=True)
    files = {
        "B.yaml": "roc",
        "a.yaml": "harpy",
        "c.YAML": "orc",
        "d.Yml": "siren",
        ".hidden.yaml": "gorgon",
        "sub/e.yaml": "procyon",
        "sub/deeper/f.yml": "cecerops",
        "aa/g.yaml": "chrysaor",
        ".git/x.yaml": "erinyes",
    }
    for name, unit in files.items():
        (folder / name).write_bytes((BT / f"{unit}.yaml").read_bytes())
    (folder / "notes.txt").write_text("not a unit file")
    (folder / "README.md").write_text("# my army")
    (outside / "minotaur.yaml").write_bytes((BT / "minotaur.yaml").read_bytes())
    (folder / "link.yaml").symlink_to(outside / "minotaur.yaml")  # a linked file: read
    (folder / "zlinked").symlink_to(outside, target_is_directory=True)  # a linked folder: not followed
    return folder


ORDER = ["B.yaml", "a.yaml", "c.YAML", "d.Yml", "link.yaml", "aa/g.yaml", "sub/e.yaml", "sub/deeper/f.yml"]
NAMES = ["Roc", "Harpy", "Orc", "Siren", "Minotaur", "Chrysaor", "Procyon", "Cecerops"]


def test_a_folder_reads_its_unit_files_in_a_fixed_order(cli, army):
    r = cli("validate", army)
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines() == [f"{army / name}: ok (battletech, 1 unit)" for name in ORDER]
    assert [u["name"] for u in json.loads(cli("info", army, "--json").stdout)] == NAMES


def test_a_folder_render_prints_those_units_in_that_order(cli, army, tmp_path):
    r = cli("render", army, "-o", tmp_path / "army.pdf")
    assert r.exit_code == 0, r.stderr
    text = "\n".join(p.extract_text() for p in PdfReader(tmp_path / "army.pdf").pages)
    at = [text.find(name) for name in NAMES]
    assert -1 not in at and at == sorted(at)
    assert "Gorgon" not in text and "Erinyes" not in text


def test_a_dangling_link_in_a_folder_is_named_not_skipped(cli, army):
    (army / "zz.yaml").symlink_to(army / "gone.yaml")
    r = cli("validate", army)
    assert r.exit_code == 1
    assert r.stderr == f"{army / 'zz.yaml'}: no such file\n"
    assert r.stdout.count(": ok") == len(ORDER)  # the others still checked


def test_an_unreadable_file_in_a_folder_is_named(cli, army, monkeypatch):
    real = os.open
    locked = str(army / "a.yaml")

    def deny(path, *args, **kwargs):
        if os.fspath(path) == locked:
            raise PermissionError(13, "Permission denied", locked)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    r = cli("validate", army)
    assert r.exit_code == 1 and r.stderr == f"{locked}: permission denied\n"
    assert r.stdout.count(": ok") == len(ORDER) - 1


def test_a_folder_without_unit_files_is_a_usage_error_naming_what_it_reads(cli, tmp_path):
    (tmp_path / "empty" / ".hidden").mkdir(parents=True)
    (tmp_path / "empty" / ".hidden" / "x.yaml").write_bytes(ROC.read_bytes())
    (tmp_path / "empty" / "notes.txt").write_text("x")
    r = cli("validate", tmp_path / "empty")
    assert r.exit_code == 2
    assert f"no unit files (.yaml, .yml, .blk, .mul, .ros, .rosz) in folder {tmp_path / 'empty'}" in r.stderr


# -- examples with and without --force ---------------------------------------------------------------------
def test_examples_write_once_keep_what_exists_and_force_replaces(cli, tmp_path):
    bundled = sorted((UNITS / "dmech").glob("*.yaml"))
    target = tmp_path / "data" / "units" / "dmech"
    r = cli("examples", "dmech", "-d", tmp_path)
    assert r.exit_code == 0
    assert r.stderr.splitlines() == [f"wrote {target / p.name}" for p in bundled] + [
        f"next: sheets render {target / bundled[0].name}"
    ]
    assert all((target / p.name).read_bytes() == p.read_bytes() for p in bundled)
    (target / bundled[0].name).write_text("mine")
    r = cli("examples", "dmech", "-d", tmp_path)
    assert r.exit_code == 0
    assert r.stderr.splitlines() == [f"kept {target / p.name} (exists; --force replaces it)" for p in bundled]
    assert (target / bundled[0].name).read_text() == "mine"
    r = cli("examples", "dmech", "-d", tmp_path, "--force")
    assert r.exit_code == 0 and (target / bundled[0].name).read_bytes() == bundled[0].read_bytes()
    assert [line for line in r.stderr.splitlines() if line.startswith("wrote")] == [
        f"wrote {target / p.name}" for p in bundled
    ]


def test_examples_list_names_every_sample_and_writes_nothing(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("examples", "--list")
    assert r.stdout.splitlines() == [  # by game, then by name
        f"data/units/{g}/{p.name}" for g in ("battletech", "dmech", "dust", "lnl", "wh40k6")
        for p in sorted((UNITS / g).glob("*.yaml"))
    ]  # fmt: skip
    assert r.stdout.splitlines()[:2] == [
        "data/units/battletech/cecerops.yaml",
        "data/units/battletech/chrysaor.yaml",
    ]
    assert list(tmp_path.iterdir()) == []


# -- every source of a setting ---------------------------------------------------------------------------------
@pytest.fixture
def sources(monkeypatch, tmp_path):
    for var in ("SHEETS_CONFIG", "SHEETS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    return two_places(monkeypatch, tmp_path)


def _lang(cli, *args) -> tuple[str, str]:
    got = json.loads(cli("config", "--json", *args).stdout)["lang"]
    return got["value"], got["source"]


def test_config_names_every_source_of_the_language_in_order(cli, sources, monkeypatch, tmp_path):
    user, here = sources
    assert _lang(cli) == ("en", "default")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert _lang(cli) == ("ru", "LANG=ru_RU.UTF-8")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")  # the first one set decides
    assert _lang(cli) == ("en", "LC_ALL=en_US.UTF-8")
    user.write_text('lang = "ru"\n', encoding="utf-8")
    assert _lang(cli) == ("ru", str(user))  # a settings file over the locale
    here.write_text('lang = "en"\n', encoding="utf-8")
    assert _lang(cli) == ("en", str(here))  # the working folder's over the user's
    here.write_text('[config]\nlang = "ru"\n', encoding="utf-8")
    assert _lang(cli) == ("ru", str(here))  # the command's own section
    monkeypatch.setenv("SHEETS_LANG", "en")
    assert _lang(cli) == ("en", "SHEETS_LANG")
    assert _lang(cli, "--lang", "ru") == ("ru", "--lang")
    one = tmp_path / "one.toml"
    one.write_text('lang = "ru"\n', encoding="utf-8")
    monkeypatch.delenv("SHEETS_LANG")
    monkeypatch.setenv("SHEETS_CONFIG", str(one))  # only that file
    assert _lang(cli) == ("ru", str(one))
    data = json.loads(cli("config", "--json").stdout)
    assert data["looked_in"] == [str(one)] and data["read"] == [str(one)]


def test_config_shows_which_file_gave_each_setting_and_flags_win(cli, sources):
    user, here = sources
    user.write_text('paper = "letter"\nmono = true\n[render]\ndpi = 100\n', encoding="utf-8")
    here.write_text('paper = "a4"\n', encoding="utf-8")
    data = json.loads(cli("config", "--json").stdout)
    assert data["settings"] == {"paper": "a4", "mono": True, "render.dpi": 100}
    assert data["from"] == {"paper": str(here), "mono": str(user), "render.dpi": str(user)}
    assert data["read"] == [str(user), str(here)]

    def width(*args) -> int:
        r = cli("render", ROC, "-o", "o.pdf", *args)
        assert r.exit_code == 0, r.stderr
        return round(float(PdfReader(io.BytesIO(Path("o.pdf").read_bytes())).pages[0].mediabox.width))

    assert width() == 595  # A4: the working folder's file over the user's letter
    here.unlink()
    assert width() == 612  # Letter: the user's file
    assert width("--paper", "a4") == 595  # the command line over both
    r = cli("render", ROC, "-o", "o.png")
    assert r.exit_code == 0
    from PIL import Image

    assert Image.open("o.png").size[0] == round(8.5 * 100)  # [render] dpi = 100 from the user's file
