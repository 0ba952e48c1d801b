"""The wh40k6 tables are complete: every unit-type row names its source and `verified`, every
label key it uses exists in both languages, every granted rule has a glossary line, and the FOC
slots match the schema."""

from sheets.core.data import labels, load_data


def test_unit_type_rows_cite_sources_and_use_known_labels():
    data = load_data("wh40k6/unit_types.yaml")
    table = labels("wh40k6")
    glossary = load_data("wh40k6/rules_glossary.yaml")["rules"]
    rows = list(data["types"].items()) + list(data["vehicle_tags"].items())
    assert len(data["types"]) >= 14
    for tid, row in rows:
        assert row.get("source"), tid
        assert isinstance(row.get("verified"), bool), tid
        for key in (
            ([row["shooting"]] if row.get("shooting") else []) + row.get("cannot", []) + row.get("notes", [])
        ):
            assert key in table, (tid, key)
        for rule in row.get("rules", []):
            assert rule in glossary, (tid, rule)
        if tid in data["types"]:
            assert f"type_{tid}" in table
        else:
            assert f"tag_{tid}" in table
        if "run" in row:
            assert f"mv_{row['run']['kind']}" in table
    for name, entry in glossary.items():
        assert entry["en"] and entry["ru_text"] and entry["ru"] and entry.get("source"), name
        assert isinstance(entry.get("verified"), bool), name
        assert len(entry["en"]) < 200, name  # one line of our own wording, not rulebook text


def test_foc_and_labels_agree():
    foc = load_data("wh40k6/foc.yaml")
    table = labels("wh40k6")
    for slot in foc["slots"]:
        assert f"slot_{slot}" in table
    for det, row in foc["detachments"].items():
        assert f"det_{det}" in table
        for slot, (lo, hi) in row["slots"].items():
            assert slot in foc["slots"] and 0 <= lo <= hi, (det, slot)


def test_chart_labels_exist():
    charts = load_data("wh40k6/charts.yaml")
    table = labels("wh40k6")
    keys = [r["result"] for r in charts["damage_table"]] + [m["when"] for m in charts["damage_modifiers"]]
    keys += [c["what"] for c in charts["cover"]] + charts["penetration"]["notes"]
    keys += [charts["penetration"]["glancing"], charts["penetration"]["penetrating"]]
    for key in keys:
        assert key in table, key


def test_unverified_jet_pack_move_is_user_overridable(tmp_path, subprocess_env):
    """The digest's conflict (6" vs 12") is data: a --data-dir copy changes what prints."""
    import json
    import subprocess
    import sys

    from sheets.core.data import data_root

    text = (data_root() / "wh40k6/unit_types.yaml").read_text(encoding="utf-8")
    start = text.index("  jet_pack_infantry:")
    at = text.index("move: '6\"'", start)
    (tmp_path / "wh40k6").mkdir()
    (tmp_path / "wh40k6/unit_types.yaml").write_text(
        text[:at] + "move: '12\"'" + text[at + 10 :], encoding="utf-8"
    )
    unit = tmp_path / "jp.yaml"
    unit.write_text(
        "system: wh40k6\nunits:\n  - name: Suits\n    slot: elites\n    points: 60\n    models: "
        "[{name: Suit, count: 3, type: jet pack infantry, ws: 2, bs: 3, s: 5, t: 4, w: 2, i: 2, a: 2, "
        'ld: 8, sv: "3+"}]\n',
        encoding="utf-8",
    )
    out = subprocess.run(
        [sys.executable, "-m", "sheets", "--data-dir", str(tmp_path), "info", "--json", str(unit)],
        capture_output=True,
        text=True,
        env=subprocess_env,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)[0]["movement"]["move"] == '12"'
