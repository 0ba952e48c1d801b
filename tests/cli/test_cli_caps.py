"""Every numeric cap of the command line, one step past it (exit 2 with click's exact refusal)
and just inside it (the command runs and uses the value): ``--dpi`` of every command that makes
PNGs, ``--jobs``, the card ``--bleed`` / ``--gap``, ``--radius``, the calculators' ranges, and
``sheets serve``'s ``--port`` / ``--time-limit`` / ``--workers``."""

from __future__ import annotations

import json
import struct

import pytest

ROC = "data/units/battletech/roc.yaml"
DUST = "data/units/dust/sample_force.yaml"
SQUAD = f"{DUST}#Sample Laser Squad"


# the games' options and the calculators' inputs are specs (sheets.core.options): their own words
SPEC_OPTIONS = {
    "--bleed",
    "--gap",
    "--radius",
    "--shots",
    "--bs",
    "--s",
    "--t",
    "--ap",
    "--w",
    "--hits",
    "--a-lm",
    "--b-lm",
    "--power",
    "--armor",
}


def _refused(r, option, shown, rng):
    assert r.exit_code == 2, r.output
    if option in SPEC_OPTIONS and rng.startswith("x>="):
        wanted = f"Error: Invalid value for '{option}': expected at least {rng[3:]}, got {shown}\n"
    elif option in SPEC_OPTIONS:
        low, high = rng.split("<=x<=")
        wanted = f"Error: Invalid value for '{option}': expected {low} to {high}, got {shown}\n"
    else:
        wanted = f"Error: Invalid value for '{option}': {shown} is not in the range {rng}.\n"
    assert r.stderr.endswith(wanted), r.stderr
    assert "Traceback" not in r.stderr


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


# -- --dpi 36..600 -------------------------------------------------------------------------------
DPI_COMMANDS = {
    "render": lambda out: ("render", ROC, "-o", out),
    "roster": lambda out: ("roster", "data/units/battletech/point-alpha.yaml", "-o", out),
    "reference": lambda out: ("reference", "dmech", "-o", out),
    "chart": lambda out: ("chart", "dmech", "facing", "-o", out),
}


@pytest.mark.parametrize("command", sorted(DPI_COMMANDS))
@pytest.mark.parametrize("dpi", [35, 601])
def test_dpi_one_past_either_end_is_refused(cli, tmp_path, command, dpi):
    out = tmp_path / "x.png"
    _refused(cli(*DPI_COMMANDS[command](out), "--dpi", dpi), "--dpi", dpi, "36<=x<=600")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("command", sorted(DPI_COMMANDS))
def test_dpi_36_is_the_lowest_and_makes_a_36_dpi_png(cli, tmp_path, command):
    out = tmp_path / "x.png"
    r = cli(*DPI_COMMANDS[command](out), "--dpi", 36)
    assert r.exit_code == 0, r.stderr
    made = sorted(tmp_path.glob("x*.png"))
    assert made
    w, h = _png_size(made[0])
    assert (w, h) in {(298, 421), (297, 421), (298, 420)}  # A4 (210 x 297 mm) at 36 dpi


@pytest.mark.parametrize("command", sorted(DPI_COMMANDS))
def test_dpi_600_is_accepted(cli, tmp_path, command):
    r = cli(*DPI_COMMANDS[command](tmp_path / "x.pdf"), "--dpi", 600)  # a PDF: the dpi is not used
    assert r.exit_code == 0, r.stderr


# -- --jobs 0..64 --------------------------------------------------------------------------------
@pytest.mark.parametrize("jobs", [-1, 65])
def test_jobs_one_past_either_end_is_refused(cli, tmp_path, jobs):
    _refused(cli("render", ROC, "-o", tmp_path / "x.pdf", "--jobs", jobs), "-j' / '--jobs", jobs, "0<=x<=64")


@pytest.mark.parametrize("jobs", [0, 1, 64])
def test_jobs_inside_give_the_same_pdf(cli, tmp_path, jobs):
    r = cli("render", ROC, "-o", tmp_path / f"{jobs}.pdf", "--jobs", jobs)
    assert r.exit_code == 0, r.stderr
    assert cli("render", ROC, "-o", tmp_path / "plain.pdf").exit_code == 0
    assert (tmp_path / f"{jobs}.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()


# -- cards: --bleed 0..10, --gap 0..30 (mm), finite ------------------------------------------------
@pytest.mark.parametrize(
    "option, value, rng",
    [
        ("--bleed", "-0.01", "0<=x<=10"),
        ("--bleed", "10.01", "0<=x<=10"),
        ("--gap", "-0.01", "0<=x<=30"),
        ("--gap", "30.01", "0<=x<=30"),
    ],
)
def test_card_sizes_one_step_past_are_refused(cli, tmp_path, option, value, rng):
    _refused(cli("render", DUST, "-o", tmp_path / "c.pdf", option, value), option, value, rng)


@pytest.mark.parametrize("option", ["--bleed", "--gap"])
@pytest.mark.parametrize("value", ["nan", "inf"])
def test_card_sizes_must_be_finite(cli, tmp_path, option, value):
    r = cli("render", DUST, "-o", tmp_path / "c.pdf", option, value)
    assert r.exit_code == 2
    assert f"Error: Invalid value for '{option}': " in r.stderr


@pytest.mark.parametrize("args", [("--bleed", "10"), ("--gap", "30"), ("--bleed", "0", "--gap", "0")])
def test_card_sizes_at_their_ends_are_accepted(cli, tmp_path, args):
    r = cli("render", DUST, "-o", tmp_path / "c.pdf", *args)
    assert r.exit_code == 0, r.stderr


# -- chart dmech facing --radius 1..12 -------------------------------------------------------------
@pytest.mark.parametrize("radius", [0, 13])
def test_radius_one_past_is_refused(cli, tmp_path, radius):
    _refused(
        cli("chart", "dmech", "facing", "-o", tmp_path / "f.pdf", "--radius", radius),
        "--radius",
        radius,
        "1<=x<=12",
    )


@pytest.mark.parametrize("radius", [1, 9])
def test_radius_from_1_to_what_the_paper_holds_draws_a_different_chart(cli, tmp_path, radius):
    r = cli("chart", "dmech", "facing", "-o", tmp_path / f"{radius}.pdf", "--radius", radius)
    assert r.exit_code == 0, r.stderr
    assert cli("chart", "dmech", "facing", "-o", tmp_path / "5.pdf").exit_code == 0
    assert (tmp_path / f"{radius}.pdf").read_bytes() != (tmp_path / "5.pdf").read_bytes()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("radius", [10, 12])
def test_a_radius_past_what_the_paper_holds_is_refused_naming_the_largest(cli, tmp_path, paper, radius):
    # the option takes 1..12; hexes of at least 10.5 mm hold 9 on either paper
    r = cli("chart", "dmech", "facing", "-o", tmp_path / "f.pdf", "--radius", radius, "--paper", paper)
    assert r.exit_code == 1
    assert r.stderr == (
        f"--radius: a radius of {radius} hexes does not fit on {paper} paper with legible "
        f"labels (hexes of at least 10.5 mm); use --radius 9 or less\n"
    )
    assert not (tmp_path / "f.pdf").exists()


# -- calculators ---------------------------------------------------------------------------------------
ATTACK = ("calc", "wh40k6", "attack")


@pytest.mark.parametrize(
    "option, past, rng",
    [
        ("--shots", -1, "0<=x<=200"),
        ("--shots", 201, "0<=x<=200"),
        ("--bs", 0, "1<=x<=10"),
        ("--bs", 11, "1<=x<=10"),
        ("--s", 0, "1<=x<=10"),
        ("--s", 11, "1<=x<=10"),
        ("--t", 0, "1<=x<=10"),
        ("--t", 11, "1<=x<=10"),
        ("--ap", 0, "1<=x<=6"),
        ("--ap", 7, "1<=x<=6"),
        ("--w", 0, "1<=x<=20"),
        ("--w", 21, "1<=x<=20"),
    ],
)
def test_attack_ranges_one_past(cli, option, past, rng):
    base = {"--shots": 1, "--bs": 4, "--s": 4, "--t": 4}
    base[option] = past
    args = [a for k, v in base.items() for a in (k, v)]
    if option not in base:
        args += [option, past]
    _refused(cli(*ATTACK, *args), option, past, rng)


def test_attack_ranges_at_their_ends(cli):
    low = json.loads(
        cli(*ATTACK, "--shots", 0, "--bs", 1, "--s", 1, "--t", 1, "--ap", 1, "--w", 1, "--json").stdout
    )
    assert low["shots"] == 0
    r = cli(*ATTACK, "--shots", 200, "--bs", 10, "--s", 10, "--t", 10, "--ap", 6, "--w", 20, "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["shots"] == 200


@pytest.mark.parametrize("hits", [-1, 1001])
def test_cover_hits_one_past(cli, hits):
    _refused(
        cli("calc", "dust", "cover", "--unit", SQUAD, "--cover", "soft", "--hits", hits),
        "--hits",
        hits,
        "0<=x<=1000",
    )


@pytest.mark.parametrize("hits", [0, 1000])
def test_cover_hits_at_the_ends(cli, hits):
    r = cli("calc", "dust", "cover", "--unit", SQUAD, "--cover", "soft", "--hits", hits, "--json")
    assert r.exit_code == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["hits"] == out["dice"] == hits
    assert out["expected_stopped"] == pytest.approx(hits / 3)


@pytest.mark.parametrize("option", ["--a-lm", "--b-lm"])
@pytest.mark.parametrize("past", [-4, 6])
def test_melee_leadership_one_past(cli, option, past):
    _refused(
        cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "2-5-4", option, past), option, past, "-3<=x<=5"
    )


@pytest.mark.parametrize("lm", [-3, 5])
def test_melee_leadership_at_the_ends(cli, lm):
    r = cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "2-5-4", "--a-lm", lm, "--json")
    assert r.exit_code == 0, r.stderr
    assert f'"lm": {lm},' in r.stdout and f'"drm": {lm},' in r.stdout


def test_penetration_power_and_armour_below_zero(cli):
    args = {"--power": 5, "--dice": "3,4", "--armor": 6}
    for option in ("--power", "--armor"):
        a = dict(args, **{option: -1})
        _refused(
            cli("calc", "dmech", "penetration", *[x for kv in a.items() for x in kv]), option, -1, "x>=0"
        )
        a = dict(args, **{option: 0})
        assert cli("calc", "dmech", "penetration", *[x for kv in a.items() for x in kv]).exit_code == 0


# -- sheets serve ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "option, past, rng",
    [
        ("--port", -1, "0<=x<=65535"),
        ("--port", 65536, "0<=x<=65535"),
        ("--time-limit", "0.99", "1<=x<=3600"),
        ("--time-limit", "3600.5", "1<=x<=3600"),
        ("--workers", 0, "1<=x<=16"),
        ("--workers", 17, "1<=x<=16"),
    ],
)
def test_serve_options_one_past_are_refused_before_anything_starts(cli, monkeypatch, option, past, rng):
    import sheets.cli.commands.serve as web_cli

    monkeypatch.setattr(web_cli, "_bind", lambda *a: pytest.fail("bound a socket"))
    _refused(cli("serve", "--no-open", option, past), option, past, rng)


class _Sock:
    def __init__(self, port):
        self.port = port

    def getsockname(self):
        return ("127.0.0.1", self.port)


@pytest.mark.parametrize("port, limit, workers", [(65535, 3600, 16), (0, 1, 1)])
def test_serve_options_at_their_ends_reach_the_server(cli, monkeypatch, port, limit, workers):
    import uvicorn

    import sheets.cli.commands.serve as web_cli
    import sheets.web.app as web_app

    made = {}
    monkeypatch.setattr(
        web_cli, "_bind", lambda host, p: made.setdefault("bind", (host, p)) and _Sock(p or 40001)
    )
    monkeypatch.setattr(web_app, "create_app", lambda host, p, **kw: made.update(app=(host, p, kw)) or "app")
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: made.update(run=True))
    r = cli("serve", "--no-open", "--port", port, "--time-limit", limit, "--workers", workers)
    assert r.exit_code == 0, r.stderr
    assert made["bind"] == ("127.0.0.1", port)
    assert made["app"] == ("127.0.0.1", port or 40001, {"time_limit": float(limit), "workers": workers})
    assert made["run"] is True and r.stderr == "stopped\n"


# -- the -o policy: each refusal verbatim, and the regular file just inside it ------------------------
@pytest.fixture
def here(tmp_path, monkeypatch):
    import shutil

    shutil.copy(ROC, tmp_path / "roc.yaml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    "target, message",
    [
        ("", "Error: -o: empty file name"),
        ("/dev/null", "Error: /dev/null: is a device, not a regular file; refusing to replace it"),
        ("roc.yaml", "Error: roc.yaml: is an input of this command (roc.yaml); refusing to overwrite it"),
        (
            "x.svg",
            "Error: Invalid value for -o: x.svg: '.svg'; `sheets render` makes .pdf, .png (the suffix of "
            "-o chooses)",
        ),
        (
            "out/",
            "Error: Invalid value for -o: out/: no suffix; `sheets render` makes .pdf, .png (the suffix of "
            "-o chooses)",
        ),
    ],
)
def test_o_refusals_are_usage_errors_verbatim(cli, here, target, message):
    before = (here / "roc.yaml").read_bytes()
    r = cli("render", "roc.yaml", "-o", target)
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines()[-1] == message
    assert (here / "roc.yaml").read_bytes() == before
    assert sorted(p.name for p in here.iterdir()) == ["roc.yaml"]


def test_o_a_fifo_is_refused_and_left_alone(cli, here):
    import os
    import stat

    os.mkfifo(here / "ff")
    r = cli("render", "roc.yaml", "-o", "ff")
    assert r.exit_code == 2
    assert r.stderr.strip() == "Error: ff: is a FIFO (named pipe), not a regular file; refusing to replace it"
    assert stat.S_ISFIFO(os.stat(here / "ff").st_mode)


def test_o_an_existing_regular_file_and_an_upper_case_suffix_are_written(cli, here):
    (here / "old.pdf").write_bytes(b"old")
    assert cli("render", "roc.yaml", "-o", "old.pdf").exit_code == 0
    assert (here / "old.pdf").read_bytes()[:5] == b"%PDF-"
    r = cli("render", "roc.yaml", "-o", "X.PDF")
    assert r.exit_code == 0 and (here / "X.PDF").read_bytes()[:5] == b"%PDF-"


@pytest.mark.parametrize(
    "args, made",
    [
        (("roster", "roc.yaml", "-o", "x.txt"), ".pdf, .png, .md, .html, .bbcode, .json"),
        (("info", "roc.yaml", "-o", "x.pdf"), ".txt, .json"),
    ],
)
def test_o_a_suffix_other_commands_cannot_make(cli, here, args, made):
    r = cli(*args)
    assert r.exit_code == 2
    out = args[-1]
    assert r.stderr.strip().splitlines()[-1] == (
        f"Error: Invalid value for -o: {out}: '{out[-4:]}'; `sheets {args[0]}` makes {made} (the suffix of -o chooses)"
    )
