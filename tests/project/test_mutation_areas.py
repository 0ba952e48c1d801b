"""The areas of ``benchmarks/mutate_area.py`` name files that exist, and each area's tests
include every test file written for it: a test file missing from the selection is never run on
a mutant, so its kills are never counted (the pen's six newer files were, until this test)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _areas() -> dict:
    spec = importlib.util.spec_from_file_location("mutate_area", ROOT / "benchmarks" / "mutate_area.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.AREAS


AREAS = _areas()


@pytest.mark.parametrize("name", sorted(AREAS))
def test_every_file_an_area_names_exists(name):
    area = AREAS[name]
    for pattern in area["mutate"]:
        assert list(ROOT.glob(pattern)), f"{name}: {pattern} matches no file"
    for arg in area["tests"]:
        if arg.startswith("-m") or arg in ("not big",):
            continue
        if arg.startswith(("--ignore=", "--deselect=")):
            arg = arg.split("=", 1)[1]
        path = arg.split("::", 1)[0]
        assert (ROOT / path).exists(), f"{name}: {path} does not exist"


# test files named for one area's code: every one of them must be in that area's selection
NAMED = {
    "render-pdf": "tests/render/test_pen_*.py",
    "render-cards": "tests/render/test_card*.py",
    "parallel": "tests/render/test_parallel*.py",
    "render-text": "tests/render/test_text_*.py",
    "checker": "tests/render/layout/test_checker*.py",
}
# (the pen's own text fitting, named like the templates' tests)
OWNED_ELSEWHERE = {"render-text": {"tests/render/test_text_fitting.py"}}


@pytest.mark.parametrize("name", sorted(NAMED))
def test_an_areas_own_test_files_are_all_in_its_selection(name):
    selected = set(AREAS[name]["tests"])
    files = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob(NAMED[name]))
    files = [f for f in files if f not in OWNED_ELSEWHERE.get(name, set())]
    assert files, NAMED[name]
    missing = [
        f for f in files if f not in selected and not any(f.startswith(s.rstrip("/") + "/") for s in selected)
    ]
    assert missing == []


def test_the_pen_area_lists_the_newer_pen_files():
    # the literal names: the glob above cannot miss them, but the area must list them
    tests = AREAS["render-pdf"]["tests"]
    for stem in ("breaking_and_shapes", "form_placement", "paragraph_overflow", "table_layout", "text_edges"):
        assert f"tests/render/test_pen_{stem}.py" in tests
