import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "data" / "units"


@pytest.fixture(autouse=True)
def _no_settings_files(monkeypatch):
    """No test reads the developer's own sheets.toml (the settings tests set SHEETS_CONFIG), and
    none leaves a data folder behind: ``sheets --data-dir`` run in-process sets SHEETS_DATA_DIR
    in this process's environment (a later test in the same process then read a deleted folder)."""
    monkeypatch.setenv("SHEETS_CONFIG", "")
    monkeypatch.delenv("SHEETS_DATA_DIR", raising=False)


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
