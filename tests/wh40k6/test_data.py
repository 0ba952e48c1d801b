"""The wh40k6 tables are complete: every unit-type row names its source and `verified`, every
label key it uses exists in both languages, every granted rule has a glossary line, and the FOC
slots match the schema."""

from sheets.data import labels, load_data


def test_unit_type_rows_cite_sources_and_use_known_labels():
    data = load_data("wh40k6/unit_types.yaml")
    table = labels("wh40k6")
    glossary = load_data("wh40k6/rules_glossary.yaml")["rules"]
    rows = list(data["types"].items()) + list(data["vehicle_tags"].items())
    assert len(data["types"]) >= 14
    for tid, row in rows:
        assert row.get("source"), tid
        assert isinstance(row.get("verified"), bool), tid
        for key in ([row["shooting"]] if row.get("shooting") else []) + row.get("cannot", []) + row.get("notes", []):
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
