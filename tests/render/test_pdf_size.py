"""PDF size (issue 13): page dictionaries no larger than a hand-written reportlab script's."""

from __future__ import annotations

import re

import yaml


def test_forms_are_named_by_rank_in_every_page_dictionary(cli, samples, tmp_path):
    """Forms are F0, F1, … in order of first use (as short as a script's ``F{n}``), not a
    10-digit key hash that every page placing the form repeats in its resources."""
    units = []
    for name in ("roc.yaml", "harpy.yaml", "gorgon.yaml"):
        units += yaml.safe_load((samples / "battletech" / name).read_text(encoding="utf-8"))["units"]
    src = tmp_path / "bt.yaml"
    src.write_text(
        yaml.safe_dump(
            {
                "system": "battletech",
                "units": [dict(units[i % len(units)], name=f"U {i}") for i in range(12)],
            },
            allow_unicode=True,
        ),
        encoding="utf-8",
    )
    out = tmp_path / "bt.pdf"
    assert cli("render", src, "-o", out, "--jobs", 1).exit_code == 0
    pdf = out.read_bytes()
    names = re.findall(rb"/FormXob\.(\w+) \d+ 0 R", pdf)
    assert names, "no forms placed"
    assert all(re.fullmatch(rb"F\d+", n) for n in names), sorted(set(names))[:5]
    ranks = sorted({int(n[1:]) for n in names})
    assert ranks == list(range(len(ranks)))  # F0 … Fn-1: every form defined is placed
