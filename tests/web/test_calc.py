"""The calculators as forms: the fields are each calculator's input specs, a result is what
``sheets.api.calculate`` gives (the same JSON as `sheets calc … --json`), units are picked from the
opened files (``{"file", "name"}`` or ``@N#Name``) and a path typed into a field is never opened:
a unit reference resolves only among the opened files."""

from __future__ import annotations

import json

import pytest

from .conftest import UNITS, files, sample

NO_FILES = files(("none.yaml", b""))


def calc(client, game, command, fields, opened=NO_FILES):
    return client.post(
        "/api/calc", files=opened, data={"game": game, "command": command, "fields": json.dumps(fields)}
    )


def cli_json(cli, *args):
    result = cli("calc", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_forms_are_the_calculators_inputs(client):
    games = {g["id"]: g for g in client.get("/api/catalogue").json()["games"]}
    pen = next(c for c in games["dmech"]["calculators"] if c["name"] == "penetration")
    assert pen["title"] == "Penetration"
    assert [(i["name"], i["type"], i["label"], i["required"]) for i in pen["inputs"]] == [
        ("power", "int", "Power", True),
        ("dice", "text", "Dice rolled", True),
        ("armor", "int", "Armour", True),
    ]
    melee = games["lnl"]["calculators"][0]
    by_name = {i["name"]: i for i in melee["inputs"]}
    assert (
        by_name["a"]["multiple"]
        and by_name["a"]["type"] == "unit_or_text"
        and by_name["a"]["label"] == "Side A"
    )
    assert by_name["best"]["type"] == "flag"
    assert [c["value"] for c in by_name["low_odds"]["choices"]] == ["up", "down"]
    assert by_name["low_odds"]["default"] == "up" and by_name["zero_drm_with_sw"]["default"] is True
    assert "as_json" not in by_name and "lang" not in by_name
    cover = games["dust"]["calculators"][0]
    assert next(i for i in cover["inputs"] if i["name"] == "unit")["type"] == "unit"


def test_the_forms_speak_the_pages_language(client):
    games = {g["id"]: g for g in client.get("/api/catalogue", params={"ui": "ru"}).json()["games"]}
    pen = next(c for c in games["dmech"]["calculators"] if c["name"] == "penetration")
    assert pen["title"] != "Penetration" and any("\u0400" <= ch <= "\u04ff" for ch in pen["title"])


def test_penetration_is_the_clis_answer(client, cli):
    r = calc(client, "dmech", "penetration", {"power": "4", "dice": "3,5", "armor": "6"})
    assert r.status_code == 200
    result = r.json()["result"]
    assert (result["penetration"], result["result"]) == (9, "heavy_damage")  # Power 4 + higher die 5
    assert result == cli_json(cli, "dmech", "penetration", "--power", "4", "--dice", "3,5", "--armor", "6")
    assert r.json()["display"]["lines"] == [r.json()["text"]]


def test_attack_has_its_distribution_as_a_table(client, cli):
    r = calc(
        client, "wh40k6", "attack", {"shots": "4", "bs": "4", "strength": "4", "toughness": "4", "sv": "4+"}
    )
    result = r.json()["result"]
    assert result["to_hit"] == 3 and result["to_wound"] == 4
    assert len(result["distribution"]) == 5 and abs(sum(result["distribution"]) - 1) < 1e-12
    assert result == cli_json(
        cli, "wh40k6", "attack", "--shots", "4", "--bs", "4", "--s", "4", "--t", "4", "--sv", "4+"
    )
    table = r.json()["display"]["tables"][0]
    assert table["columns"] == ["unsaved", "chance"] and [row[0] for row in table["rows"]] == [
        "0",
        "1",
        "2",
        "3",
        "4",
    ]
    assert "p_unsaved" not in json.dumps(r.json()["display"])


def test_melee_with_repeated_counters_and_flags(client, cli):
    fields = {"a": ["2-5-4", "1-6-4"], "b": ["1-6-4"], "best": "1", "zero_drm_with_sw": "0"}
    r = calc(client, "lnl", "melee", fields)
    assert r.status_code == 200
    assert r.json()["result"] == cli_json(
        cli, "lnl", "melee", "--a", "2-5-4", "--a", "1-6-4", "--b", "1-6-4", "--best", "--no-zero-drm-with-sw"
    )


def test_a_melee_the_rules_forbid_says_why(client):
    r = calc(
        client,
        "lnl",
        "melee",
        {"a": ["2-5-4"], "b": ["1-6-4"], "a_targets": ["B1"], "reinforcing_ambush": "1", "ambush": "a"},
    )
    assert r.status_code == 200
    refused = calc(
        client, "lnl", "melee", {"a": ["1-6-4"], "b": ["2-5-4", "2-5-4"]}
    )  # 1 FP against 4: below 1:3
    assert refused.status_code == 200, refused.text
    reason = refused.json()["refused"]
    assert reason.startswith("illegal attack: side A: 1 FP against 2 units with 4 FP is below 1:3")
    assert "(e.g. Side A attacks B1)" in reason and "--a-targets" not in reason


@pytest.mark.parametrize(
    "ref", [{"file": "my force.yaml", "name": "Sample Laser Squad"}, "@0#Sample Laser Squad"]
)
def test_a_unit_of_an_opened_file(client, cli, ref):
    opened = files(("my force.yaml", sample("dust", "sample_force.yaml")))
    r = calc(client, "dust", "cover", {"unit": ref, "cover": "soft", "hits": "3"}, opened)
    assert r.status_code == 200, r.text
    expected = cli_json(
        cli,
        "dust",
        "cover",
        "--unit",
        f"{UNITS / 'dust/sample_force.yaml'}#Sample Laser Squad",
        "--cover",
        "soft",
        "--hits",
        "3",
    )
    assert r.json()["result"] == expected
    assert expected["expected_stopped"] == 1.0  # 3 hits, 1 in 3 stopped each


def test_a_wrong_unit_name_or_file_number(client):
    opened = files(("my force.yaml", sample("dust", "sample_force.yaml")))
    r = calc(client, "dust", "cover", {"unit": "@0#Sample Laser Sqad", "cover": "soft"}, opened)
    assert r.status_code == 422
    problem = r.json()["problems"][0]
    assert problem["file"] == "my force.yaml" and "did you mean 'Sample Laser Squad'" in problem["message"]
    r = calc(client, "dust", "cover", {"unit": "@3#Sample Laser Squad", "cover": "soft"}, opened)
    assert r.status_code == 400 and "no opened file number 3" in r.json()["error"]


def test_a_whole_opened_oob_as_a_side(client, cli):
    opened = files(("us.yaml", sample("lnl", "hill30_us.yaml")))
    r = calc(
        client,
        "lnl",
        "melee",
        {"a": [{"file": "us.yaml"}], "b": ["1-6-4"], "b_targets": ["1st Squad"]},
        opened,
    )
    assert r.status_code == 200, r.text
    expected = cli_json(
        cli,
        "lnl",
        "melee",
        "--a",
        str(UNITS / "lnl/hill30_us.yaml"),
        "--b",
        "1-6-4",
        "--b-targets",
        "1st Squad",
    )
    assert r.json()["result"] == expected


@pytest.mark.parametrize(
    "value",
    [
        "/etc/passwd#A",
        "../secret.yaml#A",
        "~/army.yaml#A",
        ".hidden.yaml",
        "sub\\x.yaml#A",
        {"file": "/etc/passwd"},
        f"{UNITS / 'dust/sample_force.yaml'}#Sample Laser Squad",
        "README.md#A",  # a file in the server's working folder
    ],
    ids=["etc", "dotdot", "home", "hidden", "backslash", "object", "absolute", "bare"],
)  # no checkout path in an id
def test_a_path_in_a_field_is_never_opened(client, value, monkeypatch):
    import builtins

    real, opened = builtins.open, []

    def spy(name, *a, **k):
        opened.append(str(name))
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "open", spy)
    r = calc(client, "dust", "cover", {"unit": value, "cover": "soft"})
    assert r.status_code == 422, r.text
    assert "no opened file of that name" in r.json()["problems"][0]["message"]
    named = value["file"] if isinstance(value, dict) else value.split("#")[0]
    assert not any(named.lstrip("~./") in o for o in opened if named.lstrip("~./"))


def test_an_opened_files_from_resolves_among_the_opened_files_only(client, tmp_path):
    secret = tmp_path / "units.yaml"
    secret.write_text("system: dust\nunits:\n  - {name: A, kind: vehicle}\n", encoding="utf-8")
    for roster in (
        f"system: dust\nunits:\n  - {{from: {secret}, name: A}}\n".encode(),
        f'system: dust\nunits:\n  -\n    name: A\n    "from": {secret}\n'.encode(),
    ):
        for name in ("r.yaml", "x.json", "r.YML"):
            r = calc(
                client,
                "dust",
                "cover",
                {"unit": {"file": name, "name": "A"}, "cover": "soft"},
                files((name, roster)),
            )
            assert r.status_code == 422, (name, r.text)
            problem = r.json()["problems"][0]
            assert problem["file"] == name and str(tmp_path) not in json.dumps(r.json()).replace(
                str(secret), ""
            )


def test_bad_values_are_400_naming_the_field_by_its_label(client):
    r = calc(client, "dmech", "penetration", {"power": "4", "dice": "9,9", "armor": "3"})
    assert r.status_code == 400 and r.json()["error"] == "Dice rolled: a die shows 1–6, got 9"
    r = calc(client, "wh40k6", "attack", {"shots": "4", "strength": "4", "toughness": "4"})
    assert r.status_code == 400
    assert (
        r.json()["error"]
        == "give either Ballistic skill (BS) for shooting or Weapon skills (WS) for close combat"
    )
    assert calc(client, "dmech", "penetration", {"power": "4", "colour": "red"}).status_code == 400
    assert calc(client, "dmech", "flanking", {}).status_code == 400
    assert calc(client, "chess", "move", {}).status_code == 400
    r = client.post(
        "/api/calc", files=NO_FILES, data={"game": "dmech", "command": "penetration", "fields": "[1]"}
    )
    assert r.status_code == 400
