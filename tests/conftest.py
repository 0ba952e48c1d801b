import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "data" / "units"


# what chooses the language of the messages besides --lang (sheets.cli.decide_lang) and gettext's
# own variable: cleared for every test, so that the suite speaks English on any machine
LANGUAGE_VARIABLES = ("SHEETS_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture(autouse=True)
def _no_settings_files(monkeypatch):
    """No test reads the developer's own sheets.toml (the settings tests set SHEETS_CONFIG), and
    none leaves a data folder behind: ``sheets --data-dir`` run in-process sets SHEETS_DATA_DIR
    in this process's environment (a later test in the same process then read a deleted folder).
    Nor does a developer's Russian locale or SHEETS_LANG make the English tests Russian."""
    monkeypatch.setenv("SHEETS_CONFIG", "")
    monkeypatch.delenv("SHEETS_DATA_DIR", raising=False)
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def subprocess_env() -> dict:
    """Environment for running `python -m sheets` in a child: the same `sheets` as the tests."""
    import sheets

    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sheets.__file__).resolve().parent.parent)
    return env


@pytest.fixture
def samples() -> Path:
    return SAMPLES


@pytest.fixture
def write(tmp_path):
    """write("name.yaml", text) -> path of a file under tmp_path."""

    def _write(name: str, text: str) -> Path:
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        return p

    return _write


@pytest.fixture
def cli():
    """Invoke the CLI in-process: cli(*args) -> click Result (exit_code, stdout, stderr)."""
    from click.testing import CliRunner

    from sheets.cli import cli as group

    def _run(*args, input=None):
        return CliRunner().invoke(group, [str(a) for a in args], input=input, catch_exceptions=False)

    return _run


def _pdf_bytes(pdf) -> bytes:
    if isinstance(pdf, (bytes, bytearray)):
        return bytes(pdf)
    if hasattr(pdf, "stream"):  # a pypdf PdfReader
        pdf.stream.seek(0)
        return pdf.stream.read()
    return Path(pdf).read_bytes()


def page_ink(pdf, dpi: int = 30) -> list[float]:
    """Per page, the share of pixels that are not paper-white (grey < 250) when the PDF is
    rasterised: a blank page gives 0.0. ``pdf`` is bytes, a path or a pypdf reader."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(_pdf_bytes(pdf))
    try:
        out = []
        for page in doc:
            img = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
            hist = img.histogram()
            out.append(sum(hist[:250]) / (img.width * img.height))
        return out
    finally:
        doc.close()


def page_texts(pdf) -> list[str]:
    """Each page's text (pdfium's text layer, whitespace collapsed; far faster than pypdf's)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(_pdf_bytes(pdf))
    try:
        return [" ".join(page.get_textpage().get_text_range().split()) for page in doc]
    finally:
        doc.close()


def reference_texts(tmp_path, game: str) -> dict[str, str]:
    """``sheets reference GAME`` in en and ru: the whole document's text per language."""
    from click.testing import CliRunner

    from sheets.cli import cli as group

    texts = {}
    for lang in ("en", "ru"):
        out = tmp_path / f"ref-{game}-{lang}.pdf"
        r = CliRunner().invoke(
            group, ["reference", game, "--lang", lang, "-o", str(out)], catch_exceptions=False
        )
        assert r.exit_code == 0, r.output
        texts[lang] = " ".join(page_texts(out))
    return texts


def layout_clean(text: str) -> bool:
    """The printing commands' clean layout check line is in ``text``, in English ("layout: 2 pages
    checked, no problems") or in Russian ("вёрстка: проблем нет (проверено: 2 страницы)")."""
    import re

    return bool(re.search(r"^(layout: .*checked, no problems|вёрстка: проблем нет)", text, re.M))


def assert_in_order(text: str, pieces) -> None:
    """Each piece printed exactly once, and in the order given."""
    at = -1
    for piece in pieces:
        assert text.count(piece) == 1, piece
        i = text.index(piece)
        assert i > at, f"{piece!r} is out of order"
        at = i


@pytest.fixture
def assert_mono_twin():
    """assert_mono_twin(colour_pdf, mono_pdf): the --mono printout is the colour one in greys, not
    a blank or shorter one: same pages, same text on each, and each page carries comparable ink."""

    def check(colour, mono):
        colour_text, mono_text = page_texts(colour), page_texts(mono)
        assert mono_text == colour_text
        assert all(len(t) > 20 for t in mono_text), mono_text
        for i, (c, m) in enumerate(zip(page_ink(colour), page_ink(mono))):
            assert c > 0.01 and m > 0.3 * c, f"page {i + 1}: ink {m:.3f} in mono vs {c:.3f} in colour"

    return check


def pytest_addoption(parser):
    parser.addoption(
        "--fuzz-long",
        type=int,
        nargs="?",
        const=20000,
        default=0,
        metavar="N",
        help="run the fuzz suite (tests/hardening/test_fuzz.py) with N cases "
        "(default 20000) instead of the quick CI sample",
    )
    parser.addoption("--fuzz-seed", type=int, default=0, help="fuzz: random seed of a long run")


def pytest_configure(config):
    config.addinivalue_line("markers", "fuzz: the property-based fuzz suite (issue 10)")
    config.addinivalue_line(
        "markers", "after_the_suite: runs after every other test of the session (it replays what they ran)"
    )
    _record_error_paths()


def pytest_collection_modifyitems(config, items):
    """The tests marked ``after_the_suite`` run last (in their order)."""
    last = [item for item in items if item.get_closest_marker("after_the_suite")]
    if last:
        items[:] = [item for item in items if not item.get_closest_marker("after_the_suite")] + last


# -- the error paths the suite exercises, for their replay in Russian ------------------------------
# Every in-process run of the `sheets` command (click's CliRunner on the root group) that exits 1 or
# 2 is noted once: its arguments, standard input, working folder and the SHEETS_* environment. The
# test tests/cli/test_error_paths_in_russian.py runs after the others and replays each with
# --lang ru (the tests' tmp_path folders still exist then).
ERROR_PATHS: dict[tuple, dict] = {}
MAX_ERROR_PATHS = 5000
RECORDING = {"on": True, "seen": 0}
NEVER_REPLAYED = {"serve"}  # a replay that no longer fails would start a server and wait


def _record_error_paths() -> None:
    from click.testing import CliRunner

    if getattr(CliRunner.invoke, "_sheets_records", False):
        return
    original = CliRunner.invoke

    def invoke(self, cli, args=None, input=None, env=None, *rest, **kwargs):
        before = _environment(cli, args, input, env)
        result = original(self, cli, args, input, env, *rest, **kwargs)
        if before is not None and result.exit_code in (1, 2):
            _note(before, result.exit_code)
        return result

    invoke._sheets_records = True
    CliRunner.invoke = invoke


def _environment(cli, args, input, env) -> dict | None:
    """The case of one run, or None when it is not one to replay."""
    if not RECORDING["on"]:
        return None
    import shlex
    import sys

    module = sys.modules.get("sheets.cli")
    if module is None or cli is not getattr(module, "cli", None):
        return None
    if isinstance(args, str):
        args = shlex.split(args)
    args = [str(a) for a in (args or [])]
    words = [a for a in args if not a.startswith("-")]
    if words and words[0] in NEVER_REPLAYED:
        return None
    if input is not None and not isinstance(input, (str, bytes)):
        return None
    return {
        "args": args,
        "input": input,
        "env": dict(env or {}),
        "cwd": os.getcwd(),
        "environ": {k: v for k, v in os.environ.items() if k.startswith("SHEETS_")},
        "test": os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0],
    }


def _note(case: dict, exit_code: int) -> None:
    key = (
        tuple(case["args"]),
        case["input"],
        case["cwd"],
        tuple(sorted(case["env"].items(), key=str)),
        tuple(sorted(case["environ"].items())),
    )
    RECORDING["seen"] += 1
    if key not in ERROR_PATHS and len(ERROR_PATHS) < MAX_ERROR_PATHS:
        ERROR_PATHS[key] = {**case, "exit_code": exit_code}


class FileSpy:
    """A file from ``os.fdopen`` wrapped so that a test can watch or break its reads and writes
    (subclass and override ``read`` / ``write``; everything else goes to the real file)."""

    def __init__(self, fh):
        self.fh = fh

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.fh.close()

    def __getattr__(self, name):
        return getattr(self.fh, name)


def spy_fdopen(monkeypatch, os_module, spy: type) -> None:
    """Every ``os_module.fdopen`` (a module's ``os``) hands out ``spy(real file)``."""
    import os

    real = os.fdopen
    monkeypatch.setattr(os_module, "fdopen", lambda fd, *a, **k: spy(real(fd, *a, **k)))
