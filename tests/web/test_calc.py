"""The calculators as forms: the fields come from each game's `calc` command, a result is the
command's JSON (the same as `sheets calc … --json`), units are picked from the opened files as
``@N#Name`` and a path typed into a field is never opened."""

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


def test_the_forms_are_the_commands_options(client):
    games = {g["id"]: g for g in client.get("/api/catalogue").json()["games"]}
    pen = next(c for c in games["dmech"]["calculators"] if c["name"] == "penetration")
    assert [(f["flag"], f["kind"], f["required"]) for f in pen["fields"]] == [
        ("--power", "int", True),
        ("--dice", "str", True),
        ("--armor", "int", True),
        ("--lang", "choice", False),
    ]
    melee = games["lnl"]["calculators"][0]
    by_flag = {f["flag"]: f for f in melee["fields"]}
    assert by_flag["--a"]["multiple"] and by_flag["--a"]["takes_file"]
    assert by_flag["--best"]["kind"] == "flag"
    assert by_flag["--low-odds"]["choices"] == ["up", "down"] and by_flag["--low-odds"]["default"] == "up"
    assert by_flag["--zero-drm-with-sw"]["off"] == "--no-zero-drm-with-sw"
    assert "--json" not in by_flag
    cover = games["dust"]["calculators"][0]
    assert next(f for f in cover["fields"] if f["flag"] == "--unit")["takes_file"]


def test_penetration_is_the_clis_answer(client, cli):
    r = calc(client, "dmech", "penetration", {"power": "4", "dice": "3,5", "armor": "6"})
    assert r.status_code == 200
    result = r.json()["result"]
    assert (result["penetration"], result["result"]) == (9, "heavy_damage")  # Power 4 + higher die 5
    assert r.json()["result"] == cli_json(
        cli, "dmech", "penetration", "--power", "4", "--dice", "3,5", "--armor", "6"
    )


def test_attack_has_its_distribution(client, cli):
    r = calc(
        client, "wh40k6", "attack", {"shots": "4", "bs": "4", "strength": "4", "toughness": "4", "sv": "4+"}
    )
    result = r.json()["result"]
    assert result["to_hit"] == 3 and result["to_wound"] == 4
    assert len(result["distribution"]) == 5 and abs(sum(result["distribution"]) - 1) < 1e-12
    assert result == cli_json(
        cli, "wh40k6", "attack", "--shots", "4", "--bs", "4", "--s", "4", "--t", "4", "--sv", "4+"
    )


def test_melee_with_repeated_counters_and_flags(client, cli):
    fields = {"a_specs": ["2-5-4", "1-6-4"], "b_specs": ["1-6-4"], "best": "1", "zero_drm_with_sw": "0"}
    r = calc(client, "lnl", "melee", fields)
    assert r.status_code == 200
    assert r.json()["result"] == cli_json(
        cli, "lnl", "melee", "--a", "2-5-4", "--a", "1-6-4", "--b", "1-6-4", "--best", "--no-zero-drm-with-sw"
    )


def test_a_unit_of_an_opened_file(client, cli):
    force = sample("dust", "sample_force.yaml")
    opened = files(("my force.yaml", force))
    units = client.post("/api/units", files=opened).json()["units"]
    assert units[0] == {"file": "my force.yaml", "name": "", "ref": "@0"}
    assert {"file": "my force.yaml", "name": "Sample Laser Squad", "ref": "@0#Sample Laser Squad"} in units
    r = calc(
        client, "dust", "cover", {"unit_ref": "@0#Sample Laser Squad", "cover": "soft", "hits": "3"}, opened
    )
    assert r.status_code == 200
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
    r = calc(client, "dust", "cover", {"unit_ref": "@0#Sample Laser Sqad", "cover": "soft"}, opened)
    assert r.status_code == 422
    problem = r.json()["problems"][0]
    assert problem["file"] == "my force.yaml" and "did you mean 'Sample Laser Squad'" in problem["message"]
    r = calc(client, "dust", "cover", {"unit_ref": "@3#Sample Laser Squad", "cover": "soft"}, opened)
    assert r.status_code == 400 and "no opened file number 3" in r.json()["error"]


def test_a_whole_opened_oob_as_a_side(client, cli):
    opened = files(("us.yaml", sample("lnl", "hill30_us.yaml")))
    r = calc(
        client, "lnl", "melee", {"a_specs": ["@0"], "b_specs": ["1-6-4"], "b_targets": ["1st Squad"]}, opened
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
        "/etc/passwd",
        "../secret.yaml#A",
        "~/army.yaml#A",
        ".hidden.yaml",
        "sub\\x.yaml#A",
        f"{UNITS / 'dust/sample_force.yaml'}#Sample Laser Squad",
    ],
    ids=["etc", "dotdot", "home", "hidden", "backslash", "absolute"],
)  # no checkout path in an id
def test_a_path_in_a_field_is_never_opened(client, value):
    r = calc(client, "dust", "cover", {"unit_ref": value, "cover": "soft"})
    assert r.status_code == 400
    assert "never a path" in r.json()["error"]


def test_a_bare_name_names_only_the_opened_files(client, tmp_path):
    """The calculator runs in an empty private folder: a name that is a file in the server's
    folder (pyproject.toml, README.md here) is not found there."""
    r = calc(client, "dust", "cover", {"unit_ref": "README.md#A", "cover": "soft"})
    assert r.status_code == 422
    assert r.json()["problems"][0]["message"] == "no such file"


def test_an_opened_file_with_from_is_refused_for_calculators(client):
    for roster in (
        b"system: dust\nunits:\n  - {from: /etc/units.yaml, name: A}\n",
        b'system: dust\nunits:\n  -\n    name: A\n    "from": /etc/units.yaml\n',
    ):
        r = calc(client, "dust", "cover", {"unit_ref": "@0#A", "cover": "soft"}, files(("r.yaml", roster)))
        assert r.status_code == 422
        problem = r.json()["problems"][0]
        assert problem["file"] == "r.yaml" and problem["line"] in (3, 5)
        assert "refers to another file with 'from:'" in problem["message"]


def test_bad_values_are_400_with_the_commands_message(client):
    r = calc(client, "dmech", "penetration", {"power": "4", "dice": "9,9", "armor": "3"})
    assert r.status_code == 400 and r.json()["error"] == (
        "Invalid value for 'The shooting roll, D1,D2': a die shows 1–6, got 9"  # the field's words
    )
    assert calc(client, "dmech", "penetration", {"power": "4", "colour": "red"}).status_code == 400
    assert calc(client, "dmech", "flanking", {}).status_code == 400
    assert calc(client, "chess", "move", {}).status_code == 400
    r = client.post(
        "/api/calc", files=NO_FILES, data={"game": "dmech", "command": "penetration", "fields": "[1]"}
    )
    assert r.status_code == 400
