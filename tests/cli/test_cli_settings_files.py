"""Settings files (``sheets.toml``, ``sheets.cli.config``) pinned from both sides: the size cap
just inside and one byte past, every kind of unreadable file with its exact message, nested
sections merged key by key, ``-`` and ``_`` alike at every depth, and which settings each
command (and each calculator / importer below a group) is given."""

from __future__ import annotations

import json

import pytest
from settings_places import two_places

from sheets.cli import config
from sheets.cli.config import ConfigError, Defaults, default_map

LIMIT = 262144  # bytes: the documented cap of one settings file


def _two_places(monkeypatch, tmp_path):
    """The user's folder (XDG) and the working folder, both read; returns (user file, cwd file)."""
    return two_places(monkeypatch, tmp_path)


# -- the size cap, both sides -----------------------------------------------------------------
def _padded(size: int) -> bytes:
    head = b'lang = "ru"\n#'
    return head + b"x" * (size - len(head) - 1) + b"\n"


def test_a_settings_file_of_exactly_the_cap_is_read(tmp_path):
    f = tmp_path / "sheets.toml"
    f.write_bytes(_padded(LIMIT))
    assert f.stat().st_size == LIMIT
    assert config.read(f) == {"lang": "ru"}


def test_a_settings_file_one_byte_past_the_cap_is_refused_with_the_limit(tmp_path):
    f = tmp_path / "sheets.toml"
    f.write_bytes(_padded(LIMIT + 1))
    with pytest.raises(ConfigError) as e:
        config.read(f)
    assert str(e.value) == f"{f}: file too large (limit 262144 bytes)"


def test_a_settings_file_past_the_cap_stops_the_command_exit_1(cli, tmp_path, monkeypatch):
    f = tmp_path / "big.toml"
    f.write_bytes(_padded(LIMIT + 1))
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("systems")
    assert r.exit_code == 1
    assert r.stderr == f"{f}: file too large (limit 262144 bytes)\n"
    f.write_bytes(_padded(LIMIT))
    assert cli("systems").exit_code == 0


# -- unreadable files: one exact message each ---------------------------------------------------
def test_a_folder_in_place_of_the_file_cannot_be_read(tmp_path):
    d = tmp_path / "sheets.toml"
    d.mkdir()
    with pytest.raises(ConfigError) as e:
        config.read(d)
    assert str(e.value) == f"{d}: is a directory, not a file"


def test_a_missing_file_is_no_settings(tmp_path):
    assert config.read(tmp_path / "nothing.toml") == {}


def test_not_utf8(tmp_path):
    f = tmp_path / "sheets.toml"
    f.write_bytes('lang = "русский"\n'.encode("cp1251"))
    with pytest.raises(ConfigError) as e:
        config.read(f)
    assert str(e.value) == (
        f"{f}:1:9: not valid UTF-8 text (it looks like Windows-1251, Cyrillic): save the file as UTF-8"
    )


def test_a_byte_order_mark_is_dropped(tmp_path):
    f = tmp_path / "sheets.toml"
    f.write_bytes(b"\xef\xbb\xbf" + b'lang = "ru"\n')
    assert config.read(f) == {"lang": "ru"}


def test_a_toml_error_with_a_position_is_file_line_col_without_tomllibs_suffix(tmp_path):
    f = tmp_path / "sheets.toml"
    f.write_text('lang = "ru"\n[render\n', encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        config.read(f)
    assert str(e.value) == f"{f}:2:8: Expected ']' at the end of a table declaration"


def test_a_toml_error_at_the_end_of_the_document_names_the_file_only(tmp_path):
    f = tmp_path / "sheets.toml"
    f.write_text("lang = ", encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        config.read(f)
    assert str(e.value) == f"{f}: Invalid value"


# -- names and merging ---------------------------------------------------------------------------
def test_dashes_become_underscores_at_every_depth(tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text(
        'data-dir = "x"\nno_list = true\n[render]\ncheck-layout = true\n'
        '[calc.lnl.melee]\nlow-odds = "down"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    settings, used = config.load()
    assert used == [f]
    assert settings == {
        "data_dir": "x",
        "no_list": True,
        "render": {"check_layout": True},
        "calc": {"lnl": {"melee": {"low_odds": "down"}}},
    }


def test_sections_of_both_files_are_merged_key_by_key_the_working_folder_winning(tmp_path, monkeypatch):
    user, here = _two_places(monkeypatch, tmp_path)
    user.write_text(
        'lang = "ru"\nmono = true\n[render]\ncard = "mini"\npaper = "a4"\n'
        '[calc.dust.cover]\nhits = 2\nlang = "ru"\n',
        encoding="utf-8",
    )
    here.write_text(
        'lang = "en"\n[render]\npaper = "letter"\n[calc.dust.cover]\nhits = 5\n', encoding="utf-8"
    )
    settings, used = config.load()
    assert used == [user, here]
    assert settings == {
        "lang": "en",
        "mono": True,
        "render": {"card": "mini", "paper": "letter"},
        "calc": {"dust": {"cover": {"hits": 5, "lang": "ru"}}},
    }


def test_a_value_replaces_a_section_of_the_same_name_and_back(tmp_path, monkeypatch):
    user, here = _two_places(monkeypatch, tmp_path)
    user.write_text('[render]\ncard = "mini"\n', encoding="utf-8")
    here.write_text("render = 3\n", encoding="utf-8")
    assert config.load()[0] == {"render": 3}
    user.write_text("render = 3\n", encoding="utf-8")
    here.write_text('[render]\ncard = "mini"\n', encoding="utf-8")
    assert config.load()[0] == {"render": {"card": "mini"}}


def test_sheets_config_empty_reads_nothing_and_a_name_reads_only_it(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETS_CONFIG", "")
    assert config.places() == []
    f = tmp_path / "one.toml"
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    assert config.places() == [config.Place(f, True)]
    assert config.load() == ({}, [])  # named but absent: nothing read, nothing used


# -- which command gets which settings (click's default_map) --------------------------------------
SETTINGS = {
    "lang": "ru",
    "paper": "letter",
    "render": {"card": "mini", "lang": "en"},
    "calc": {"mono": True, "dust": {"cover": {"hits": 3}, "lang": "en"}},
    "import": {"megamek": {"strict": True}},
}


def test_a_command_without_a_section_gets_the_top_level_settings():
    d = default_map(SETTINGS)
    got = d.get("validate")
    assert type(got) is dict and got == {"lang": "ru", "paper": "letter"}
    assert got.get("lang") == "ru"


def test_a_commands_section_wins_over_the_top_level_and_is_a_plain_mapping():
    got = default_map(SETTINGS).get("render")
    assert type(got) is dict
    assert got == {"lang": "en", "paper": "letter", "card": "mini"}
    assert got.get("lang") == "en" and got.get("card") == "mini"


def test_calc_is_two_group_levels_deep():
    calc = default_map(SETTINGS).get("calc")
    assert isinstance(calc, Defaults) and calc.levels == 2
    assert dict(calc) == {"lang": "ru", "paper": "letter", "mono": True}
    dust = calc.get("dust")
    assert isinstance(dust, Defaults) and dust.levels == 1
    assert dict(dust) == {"lang": "en", "paper": "letter", "mono": True}
    cover = dust.get("cover")
    assert type(cover) is dict
    assert cover == {"lang": "en", "paper": "letter", "mono": True, "hits": 3}
    assert cover.get("hits") == 3 and cover.get("lang") == "en"
    # a game and a calculator without a section of their own: the settings above them
    melee = calc.get("lnl").get("melee")
    assert type(melee) is dict and melee == {"lang": "ru", "paper": "letter", "mono": True}


def test_import_is_one_group_level_deep():
    imp = default_map(SETTINGS).get("import")
    assert isinstance(imp, Defaults) and imp.levels == 1
    mm = imp.get("megamek")
    assert type(mm) is dict and mm == {"lang": "ru", "paper": "letter", "strict": True}
    assert imp.get("battlescribe") == {"lang": "ru", "paper": "letter"}


def test_a_group_without_its_own_section_still_reaches_its_subcommands():
    calc = default_map({"lang": "ru"}).get("calc")
    assert isinstance(calc, Defaults) and calc.levels == 2
    assert calc.get("dmech").get("penetration") == {"lang": "ru"}


def test_defaults_below_every_group_level_read_like_a_dict():
    leaf = Defaults({"lang": "ru"}, {}, 0)
    assert leaf.get("lang") == "ru"
    assert leaf.get("paper") is None
    assert leaf.get("paper", "a4") == "a4"


def test_top_level_settings_reach_a_command_without_a_section(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text('lang = "ru"\n', encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("calc", "dmech", "penetration", "--power", 5, "--dice", "3,4", "--armor", 6, "--json")
    assert r.exit_code == 0, r.stderr
    ru = json.loads(r.stdout)
    monkeypatch.setenv("SHEETS_CONFIG", "")
    en = json.loads(
        cli("calc", "dmech", "penetration", "--power", 5, "--dice", "3,4", "--armor", 6, "--json").stdout
    )
    assert ru["words"] != en["words"]
    assert (
        ru["words"]
        == json.loads(
            cli(
                "calc",
                "dmech",
                "penetration",
                "--power",
                5,
                "--dice",
                "3,4",
                "--armor",
                6,
                "--json",
                "--lang",
                "ru",
            ).stdout
        )["words"]
    )


def test_a_calculators_own_section_reaches_it(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text('[calc.dmech.penetration]\nlang = "ru"\n', encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    args = ("calc", "dmech", "penetration", "--power", 5, "--dice", "3,4", "--armor", 6, "--json")
    got = json.loads(cli(*args).stdout)["words"]
    monkeypatch.setenv("SHEETS_CONFIG", "")
    assert got == json.loads(cli(*args, "--lang", "ru").stdout)["words"]
    assert got != json.loads(cli(*args).stdout)["words"]


def test_the_start_up_reads_no_settings_reader_when_no_file_is_there(tmp_path, monkeypatch):
    """`sheets --help` without a settings file anywhere does not load the reader (start-up
    time, issue 33); with one (even a dangling link) it is read and its problems said."""
    from sheets.cli import places

    monkeypatch.delenv("SHEETS_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert places.none_exists()
    (tmp_path / "sheets.toml").symlink_to(tmp_path / "nowhere.toml")
    assert not places.none_exists()
    (tmp_path / "sheets.toml").unlink()
    monkeypatch.setenv("SHEETS_CONFIG", "")
    assert places.candidates() == [] and places.none_exists()
    monkeypatch.setenv("SHEETS_CONFIG", str(tmp_path / "mine.toml"))
    assert places.candidates() == [str(tmp_path / "mine.toml")] and places.none_exists()
    (tmp_path / "mine.toml").write_text('lang = "xx"\n', encoding="utf-8")
    assert not places.none_exists()
