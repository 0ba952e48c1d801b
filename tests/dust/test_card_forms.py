"""Dust cards reuse their skeleton as PDF forms (issue 13): the background and frame, the stat
cells with their labels, the cover shields, the damage-box rows, the weapon grid's header and
cell outlines are each drawn once and placed on every card that shows them."""

from __future__ import annotations

import re

import pypdf
import yaml
from conftest import page_texts


def _force(samples, tmp_path, n: int):
    units = yaml.safe_load((samples / "dust" / "sample_force.yaml").read_text(encoding="utf-8"))["units"]
    squad = next(u for u in units if u.get("kind", "squad") == "squad" and "joins" not in u)
    src = tmp_path / "force.yaml"
    src.write_text(
        yaml.safe_dump(
            {"system": "dust", "units": [dict(squad, name=f"Squad {i + 1}") for i in range(n)]},
            allow_unicode=True,
        ),
        encoding="utf-8",
    )
    return src


def _forms_and_uses(path):
    reader = pypdf.PdfReader(str(path))
    defined = set()
    uses = []
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        defined |= {str(k) for k, v in xobjects.items() if v.get_object()["/Subtype"] == "/Form"}
        uses.append(re.findall(rb"/(FormXob\.\w+) Do", page.get_contents().get_data()))
    return defined, uses


def test_nine_cards_of_one_squad_share_their_skeleton(cli, samples, tmp_path):
    src = _force(samples, tmp_path, 9)
    out = tmp_path / "cards.pdf"
    assert cli("render", src, "-o", out, "--jobs", 1).exit_code == 0
    defined, uses = _forms_and_uses(out)
    face = uses[0]  # the face page (the backs follow)
    assert face, "no forms placed on the card page"
    counts = {name: face.count(name) for name in set(face)}
    # every piece of the skeleton is placed once per card: nine cards, one form each
    assert sorted(set(counts.values())) and min(counts.values()) >= 9, counts
    assert len(counts) >= 6  # background, move, armour, cover, shields, boxes, grid header, cells
    assert len(defined) == len(counts)
    # the values drawn over the forms are still there, on every card
    text = page_texts(out)[0]
    for i in range(9):
        assert f"Squad {i + 1}" in text
    assert text.count("S1") >= 9  # the weapon grid's header row (inside a form) is text too


def test_forms_keep_the_page_the_same(cli, samples, tmp_path):
    """A force with a joined hero, a vehicle and a squad: every word of the cards is extracted,
    the layout check passes."""
    out = tmp_path / "force.pdf"
    r = cli("render", samples / "dust" / "sample_force.yaml", "-o", out, "--check-layout")
    assert r.exit_code == 0, r.output
    assert "no problems" in r.output
    text = " ".join(page_texts(out))
    for word in ("Move", "Armour", "Soft: hit save", "Hard: miss save", "S1", "A3", "Hit points: 6"):
        assert word in text, word
