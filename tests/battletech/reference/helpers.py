"""Shared helpers of the battletech handout/chart tests: run the real CLI once per argument set,
read PDF text; hit shares come from the literal tables of rules_text.py."""

from __future__ import annotations

import functools
import re
import tempfile
from pathlib import Path

import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from sheets.cli import cli
from sheets.core.data import data_path

_OUT = Path(tempfile.mkdtemp(prefix="bt_ref_tests_"))
PAPER_PT = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}


@functools.cache
def run(*args: str) -> Path:
    """Invoke ``sheets <args> -o <file>`` once (cached per argument tuple); the output path."""
    suffix = ".png" if "png" in args else ".pdf"
    out = _OUT / (re.sub(r"[^A-Za-z0-9]+", "_", "_".join(a for a in args if a != "png")) + suffix)
    result = CliRunner().invoke(
        cli, [a for a in args if a != "png"] + ["-o", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return out


def reference(variant="classic", lang="en", paper="a4", mono=False) -> Path:
    args = ["reference", "battletech", "--rules", variant, "--lang", lang, "--paper", paper]
    return run(*args, *(["--mono"] if mono else []))


def chart(lang="en", paper="a4", mono=False, png=False, variant="classic") -> Path:
    args = ["chart", "battletech", "hit-location", "--rules", variant, "--lang", lang, "--paper", paper]
    return run(*args, *(["--mono"] if mono else []), *(["png"] if png else []))


@functools.cache
def text(path: Path) -> str:
    """All pages' text, whitespace collapsed to single spaces."""
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(str(path)).pages)


def page_texts(path: Path) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(str(path)).pages]


def labels(lang: str) -> dict:
    raw = yaml.safe_load(data_path("battletech/labels.yaml").read_text(encoding="utf-8"))
    return {k: v[lang] for k, v in raw.items()}


def shares(shape: str) -> dict[str, int]:
    """Location -> number of the 36 2D6 outcomes hitting it, from the rules text's literal table
    (never from hit_tables.yaml, the file the code reads)."""
    from .rules_text import shares as literal_shares

    return literal_shares(shape)


def pct(ways: int, lang: str = "en") -> str:
    value = f"{ways / 36 * 100 + 1e-9:.1f} %"
    return value.replace(".", ",") if lang == "ru" else value


def non_grey_colour_ops(path: Path) -> list[str]:
    """``r g b rg``/``RG`` operators in the page content streams whose three numbers differ."""
    found = []
    for page in PdfReader(str(path)).pages:
        data = page.get_contents().get_data().decode("latin-1")
        for m in re.finditer(r"([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+(rg|RG)\b", data):
            r, g, b = (float(m.group(i)) for i in (1, 2, 3))
            if not (r == g == b):
                found.append(m.group(0))
    return found
