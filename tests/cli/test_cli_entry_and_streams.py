"""The program's entry point in-process (``sheets.cli.main``): text to a file or pipe is UTF-8
whatever the locale, a console gets replacements, a name the locale could not decode is written
back as its bytes; the help's headings, the ``--debug`` hint and the data-override exit 1 are
pinned literally."""

from __future__ import annotations

import codecs
import io
import json
import sys

import click
import pytest

import sheets.cli as cli_module
from sheets import __version__


class _Console(io.TextIOWrapper):
    def isatty(self):
        return True


def _pipe(encoding="cp1252"):
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict")


def _bytes(stream) -> bytes:
    stream.flush()
    return stream.buffer.getvalue()


# -- _text_streams -------------------------------------------------------------------------------
def test_a_pipe_becomes_utf8_and_a_console_gets_replacements(monkeypatch):
    out, err = _pipe("cp1252"), _Console(io.BytesIO(), encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    cli_module._text_streams()
    assert (out.encoding, out.errors) == ("utf-8", "sheets-bytes")
    assert (err.encoding, err.errors) == ("ascii", "replace")
    out.write("Отряд — \udcd0\udc9e")
    err.write("Отряд — ok")
    assert _bytes(out) == "Отряд — ".encode() + b"\xd0\x9e"
    assert _bytes(err) == b"????? ? ok"


def test_both_streams_are_handled_not_only_the_first(monkeypatch):
    out, err = _pipe("ascii"), _pipe("ascii")
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    cli_module._text_streams()
    assert out.encoding == err.encoding == "utf-8"
    assert out.errors == err.errors == "sheets-bytes"


def test_missing_closed_and_plain_streams_are_left_alone(monkeypatch):
    closed = _pipe("ascii")
    closed.close()
    plain = io.StringIO()
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", closed)
    cli_module._text_streams()  # no error
    monkeypatch.setattr(sys, "stdout", plain)
    after = _pipe("ascii")
    monkeypatch.setattr(sys, "stderr", after)
    cli_module._text_streams()  # StringIO has no reconfigure; the next stream is still done
    assert after.encoding == "utf-8"


# -- _bytes_back ------------------------------------------------------------------------------------
def test_escaped_bytes_go_back_as_those_bytes():
    codecs.register_error("sheets-bytes", cli_module._bytes_back)
    assert "a\udcd0\udc9eb".encode("ascii", "sheets-bytes") == b"a\xd0\x9eb"
    assert "\udc80\udcff".encode("utf-8", "sheets-bytes") == b"\x80\xff"


def test_other_unencodable_characters_become_backslash_escapes():
    codecs.register_error("sheets-bytes", cli_module._bytes_back)
    assert "Жx".encode("ascii", "sheets-bytes") == b"\\u0416x"
    assert "\U0001f600".encode("ascii", "sheets-bytes") == b"\\u1f600"
    # an escaped byte next to a character that is not one: the whole run is escaped
    assert "\udcd0Ж".encode("ascii", "sheets-bytes") == b"\\udcd0\\u0416"
    # the edges of the escaped-byte range: U+DC7F is not an escaped byte, U+DC80 and U+DCFF are
    assert cli_module._bytes_back(UnicodeEncodeError("ascii", "\udc7f", 0, 1, "x")) == ("\\udc7f", 1)
    assert cli_module._bytes_back(UnicodeEncodeError("ascii", "\udc80", 0, 1, "x")) == (b"\x80", 1)
    assert cli_module._bytes_back(UnicodeEncodeError("ascii", "\udcff", 0, 1, "x")) == (b"\xff", 1)
    assert cli_module._bytes_back(UnicodeEncodeError("ascii", "\udd00", 0, 1, "x")) == ("\\udd00", 1)


def test_only_encoding_errors_are_handled():
    err = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    with pytest.raises(UnicodeDecodeError):
        cli_module._bytes_back(err)


def test_the_handler_returns_where_to_go_on():
    exc = UnicodeEncodeError("ascii", "ab\udcd0\udc9ecd", 2, 4, "x")
    assert cli_module._bytes_back(exc) == (b"\xd0\x9e", 4)
    exc = UnicodeEncodeError("ascii", "abЖЗcd", 2, 4, "x")
    assert cli_module._bytes_back(exc) == ("\\u0416\\u0417", 4)


# -- main ----------------------------------------------------------------------------------------
def _main(monkeypatch, *argv):
    out, err = _pipe("cp1252"), _pipe("cp1252")
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    with pytest.raises(SystemExit) as e:
        cli_module.main(list(argv))
    return e.value.code, _bytes(out).decode("utf-8"), _bytes(err).decode("utf-8")


def test_main_prints_russian_json_as_utf8_to_a_cp1252_pipe(monkeypatch):
    code, out, err = _main(monkeypatch, "systems", "--json")
    assert code == 0, err
    names = {g["id"]: g["name_ru"] for g in json.loads(out)}
    assert names["dmech"] == "Древняя Механика"


def test_main_names_the_program_sheets(monkeypatch):
    code, out, _ = _main(monkeypatch, "--version")
    assert code == 0
    assert out == f"sheets {__version__} (wargame-sheets)\n"
    code, _, err = _main(monkeypatch, "frobnicate")
    assert code == 2
    assert err.startswith("Usage: sheets [OPTIONS] COMMAND [ARGS]...\n")
    assert "Error: No such command 'frobnicate'." in err


# -- help and the internal-error hint ---------------------------------------------------------------
def test_help_lists_the_commands_under_the_heading_commands(cli):
    r = cli("--help")
    assert r.exit_code == 0
    assert "\nCommands:\n" in r.stdout
    assert "\n  systems    List the registered games.\n" in r.stdout
    assert "\n  serve      A local web page to edit, check, preview and print files.\n" in r.stdout


def test_the_debug_hint_has_one_debug_also_when_it_was_given_after_the_command(cli, tmp_path, monkeypatch):
    import sheets.api

    def broken(*a, **k):
        raise RuntimeError("boom")

    monkeypatch.setattr(sheets.api, "render", broken)
    roc = "data/units/battletech/roc.yaml"
    r = cli("render", roc, "--debug", "-o", tmp_path / "x.pdf")
    assert r.exit_code == 3
    last = r.stderr.strip().splitlines()[-1]
    assert last == (
        f"internal error: RuntimeError: boom (for the details run: "
        f"sheets --debug render {roc} -o {tmp_path / 'x.pdf'})"
    )


def test_the_debug_command_of_a_context_without_a_command_line():
    ctx = click.Context(cli_module.cli)
    assert cli_module._debug_command(ctx) == "sheets --debug"
    ctx.meta["sheets.argv"] = ["--debug", "--DEBUG", "validate", "x y.yaml", "--debug"]
    assert cli_module._debug_command(ctx) == "sheets --debug --DEBUG validate 'x y.yaml'"


# -- a data override that refers to something the tables do not have: exit 1, not 3 ----------------
def test_an_internal_kind_of_error_after_an_override_was_read_blames_the_override(cli, tmp_path, monkeypatch):
    import sheets.cli.commands.render as commands
    import sheets.core.data

    monkeypatch.setattr(sheets.core.data, "overrides_read", lambda: ["/my/a.yaml", "/my/b.yaml"])

    def bad(*a, **k):
        raise KeyError("slot")

    monkeypatch.setattr(commands, "glyph_check", bad)
    r = cli("render", "data/units/battletech/roc.yaml", "-o", tmp_path / "x.pdf")
    assert r.exit_code == 1
    assert r.stderr == (
        "/my/b.yaml: cannot use this data override (or one of 1 other override files "
        "read): KeyError: 'slot' (a value refers to something the tables do not have; "
        "compare with the bundled file)\n"
    )
    monkeypatch.setattr(sheets.core.data, "overrides_read", lambda: ["/my/a.yaml"])
    r = cli("render", "data/units/battletech/roc.yaml", "-o", tmp_path / "x.pdf")
    assert r.exit_code == 1
    assert r.stderr.startswith("/my/a.yaml: cannot use this data override: KeyError: 'slot' (")


def test_without_an_override_the_same_error_is_internal_exit_3(cli, tmp_path, monkeypatch):
    import sheets.cli.commands.render as commands
    import sheets.core.data

    monkeypatch.setattr(sheets.core.data, "overrides_read", lambda: [])
    monkeypatch.setattr(commands, "glyph_check", lambda *a, **k: {}["slot"])
    r = cli("render", "data/units/battletech/roc.yaml", "-o", tmp_path / "x.pdf")
    assert r.exit_code == 3 and r.stderr.startswith("internal error: KeyError: 'slot' (")


def test_before_the_tables_are_imported_no_override_was_read(monkeypatch):
    monkeypatch.delitem(sys.modules, "sheets.core.data")
    assert cli_module._overrides_read() == []


def test_the_overrides_read_come_from_sheets_data(monkeypatch):
    import sheets.core.data

    monkeypatch.setattr(sheets.core.data, "overrides_read", lambda: ["/x.yaml"])
    assert cli_module._overrides_read() == ["/x.yaml"]


def test_text_streams_register_the_byte_handler_under_its_name(monkeypatch):
    # the registry is global: put another handler there first, so that only a registration
    # under exactly "sheets-bytes" brings ours back
    codecs.register_error("sheets-bytes", codecs.lookup_error("strict"))
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    try:
        cli_module._text_streams()
        assert codecs.lookup_error("sheets-bytes") is cli_module._bytes_back
    finally:
        codecs.register_error("sheets-bytes", cli_module._bytes_back)
