"""YAML 1.1 against YAML 1.2. Editors (yaml-language-server reads with the `yaml` package, YAML 1.2
core schema) read ``yes`` as text and ``010`` as 10, where PyYAML's YAML 1.1 reads true and 8.
`sheets` reads as the editors do and warns, naming both readings, at every plain value YAML 1.1
reads otherwise; the starters and samples use only forms both read alike."""

from __future__ import annotations

import math

import pytest
import yaml

from editor.clients import GAMES, ROOT, run_node
from sheets.core.yamlio import parse_yaml

SCALARS = [
    "yes",
    "no",
    "on",
    "off",
    "Yes",
    "NO",
    "On",
    "OFF",
    "y",
    "n",
    "true",
    "False",
    "TRUE",
    "010",
    "0010",
    "-010",
    "0o10",
    "0x1F",
    "0b101",
    "1_000",
    "1:30",
    "190:20:30",
    "1e3",
    "1.5e3",
    "1E-2",
    ".5",
    "+.5",
    "-1.",
    "+12",
    "-0",
    "0",
    ".inf",
    "-.Inf",
    "~",
    "null",
    "Null",
    "NULL",
    "2001-02-03",
    "2001-02-30",
    "=",
    "<<x",
    "0.1_0",
    "1,000",
    "infantry",
]


def node_reading(texts):
    return [r.get("value", r.get("error")) for r in run_node("yaml_read.js", {"texts": texts})]


def plain(value):
    """A read value as JSON carries it (infinities as the node script writes them)."""
    if isinstance(value, float) and math.isinf(value):
        return {"number": "Infinity" if value > 0 else "-Infinity"}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def test_sheets_reads_every_plain_value_as_the_editors_yaml_12_parser_does():
    texts = [f"a: {s}\n" for s in SCALARS] + [f"a: [{s}]\n" for s in SCALARS]
    editor = node_reading(texts)
    ours = [plain(parse_yaml(t, "t.yaml")) for t in texts]
    differ = [(t, o, e) for t, o, e in zip(texts, ours, editor) if o != e]
    assert differ == []
    # and YAML 1.1 (PyYAML's safe_load) reads some of them otherwise: the point of the warning
    assert yaml.safe_load("a: yes") == {"a": True} and yaml.safe_load("a: 010") == {"a": 8}

    def pyyaml(text):
        try:
            return yaml.safe_load(text)
        except (ValueError, yaml.YAMLError):  # 2001-02-30, "=": no value to YAML 1.1
            return None

    assert sum(pyyaml(t) != parse_yaml(t, "t.yaml") for t in texts) >= 30


def test_merge_keys_read_alike():
    text = "base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  y: 3\n"
    (editor,) = node_reading([text])
    assert parse_yaml(text, "m.yaml") == editor == {"base": {"x": 1, "y": 2}, "c": {"x": 1, "y": 3}}


@pytest.mark.parametrize(
    "value, message",
    [
        (
            "yes",
            "'yes' is the text 'yes' in YAML 1.2 (as editors and sheets read it) but true in YAML 1.1: write \"yes\" or true",
        ),
        (
            "Off",
            "'Off' is the text 'Off' in YAML 1.2 (as editors and sheets read it) but false in YAML 1.1: write \"Off\" or false",
        ),
        (
            "010",
            "'010' is the number 10 in YAML 1.2 (as editors and sheets read it) but the number 8 in YAML 1.1: write 10 or 8",
        ),
        (
            "1_000",
            "'1_000' is the text '1_000' in YAML 1.2 (as editors and sheets read it) but the number 1000 in YAML 1.1",
        ),
        (
            "1:30",
            "'1:30' is the text '1:30' in YAML 1.2 (as editors and sheets read it) but the number 90 in YAML 1.1",
        ),
        (
            "0o7",
            "'0o7' is the number 7 in YAML 1.2 (as editors and sheets read it) but the text '0o7' in YAML 1.1",
        ),
        (
            "1e3",
            "'1e3' is the number 1000.0 in YAML 1.2 (as editors and sheets read it) but the text '1e3' in YAML 1.1",
        ),
    ],
)
def test_validate_warns_naming_both_readings(cli, write, value, message):
    path = write(
        "u.yaml", f"system: lnl\nunits:\n  - {{name: A, kind: squad, counter: 2-5-4, notes: {value}}}\n"
    )
    r = cli("validate", path)
    assert r.exit_code == 0, r.stderr
    assert f"{path}:3:51: warning: {message}" in r.stderr


def test_a_true_false_field_takes_a_yaml_11_word_with_the_warning(cli, write):
    path = write(
        "u.yaml", "system: lnl\nunits:\n  - {name: A, kind: squad, counter: 2-5-4, ambush: yes, m: off}\n"
    )
    r = cli("validate", path)
    assert r.exit_code == 0 and r.stderr.count("warning:") == 2, r.stderr
    from sheets.core.loader import load_file

    loaded = load_file(path)
    assert loaded.units[0].ambush is True and loaded.units[0].m is False
    assert [w.code for w in loaded.warnings] == ["yaml-1-1-reading"] * 2


def test_quoted_and_unambiguous_forms_get_no_warning(cli, write):
    path = write(
        "u.yaml",
        'system: lnl\nunits:\n  - {name: "yes", kind: squad, counter: 2-5-4, ambush: true, notes: "010"}\n',
    )
    r = cli("validate", path)
    assert r.exit_code == 0 and "warning" not in r.stderr, r.stderr


def corpus_texts():
    from sheets.api import starter, starter_kinds

    out = [
        (str(p.relative_to(ROOT)), p.read_text("utf-8"))
        for p in sorted((ROOT / "data" / "units").rglob("*.yaml"))
    ]
    for game in GAMES:
        for kind in starter_kinds(game):
            for lang in ("en", "ru"):
                out.append((f"starter {game} {kind} {lang}", starter(game, kind, lang)))
    return out


@pytest.mark.parametrize("name, text", corpus_texts(), ids=lambda x: x if len(x) < 60 else None)
def test_starters_and_samples_read_alike_in_yaml_11_and_12(name, text):
    doc = parse_yaml(text, name)
    assert doc.warnings == []
    assert yaml.safe_load(text) == doc  # PyYAML's YAML 1.1 reading is the same


def test_starters_and_samples_read_alike_by_the_editors_parser():
    texts = corpus_texts()
    editor = node_reading([t for _, t in texts])
    for (name, text), theirs in zip(texts, editor):
        assert parse_yaml(text, name) == theirs, name
