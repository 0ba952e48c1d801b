"""Shipped files cite rules by publication and section, never by a path outside the package
(issue 11: users have no `shared/` folder)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("sheets", "data", "templates")


def test_no_shipped_file_refers_to_the_shared_folder():
    bad = []
    for top in SHIPPED:
        for path in (ROOT / top).rglob("*"):
            if path.suffix in (".py", ".yaml", ".yml", ".j2", ".md", ".txt") and path.is_file():
                text = path.read_text(encoding="utf-8", errors="replace")
                if "shared/" in text or "/work/" in text:
                    bad.append(str(path.relative_to(ROOT)))
    assert bad == []


def test_russian_battletech_handout_keeps_no_english_abbreviation():
    from sheets.data import templates_root

    text = (templates_root() / "battletech/reference.ru.yaml").read_text(encoding="utf-8")
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    assert "AMS" not in body and "противоракетная система" in body
