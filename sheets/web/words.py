"""The page's own words (menus, buttons, headings, sentences of the page), as gettext msgids.

Each word is a key the page's script uses and an English msgid marked with :func:`N_`; the page
gets them translated into its language from ``GET /api/catalogue?lang=L`` (:func:`words`). The
Russian translations are in the ``sheets`` catalogue like every other message. These are the
page's own words, not rules: game names, options and calculators come from the game plug-ins,
printed words stay in ``data/<game>/labels.yaml``.
"""

from __future__ import annotations

from sheets.core.i18n import N_, ngettext, tr, use_lang

WORDS: dict[str, str] = {
    # the page and its views
    "app_title": N_("sheets — build, check, preview and print"),
    "tab_edit": N_("Edit & print"),
    "tab_calc": N_("Calculators"),
    "tab_handouts": N_("Handouts & charts"),
    "views": N_("Views of the page"),
    "ui_language": N_("Page language"),
    "skip_to_document": N_("Skip to the document"),
    "offline_note": N_("Everything runs on this computer; nothing is sent anywhere else."),
    # opening and starting files
    "open_files": N_("Open files…"),
    "drop_hint": N_("or drop YAML, .blk, .mul, .ros, .rosz files here"),
    "new_file": N_("New"),
    "new_game": N_("Game of the new file"),
    "new_kind": N_("Kind of the new file"),
    "kind_empty": N_("empty (build it in the form)"),
    "start_new": N_("Start"),
    "library": N_("Library…"),
    "game": N_("Game"),
    "files": N_("Open files"),
    "close_named": N_("Close {name}"),
    "unsaved_close": N_("{name} has changes that were not downloaded. Close it anyway?"),
    "no_files": N_(
        "Open a file, start a new one, or type or paste a unit file below: its sheets appear on "
        "the right as you type."
    ),
    "binary_file": N_(
        "This file is not text (a zipped roster): it is checked and printed as it is, but cannot be "
        "edited here."
    ),
    "decoded_note": N_(
        "This file was saved as {encoding}; it is edited here as text and sent on as UTF-8 (download "
        "it to keep the UTF-8 copy)."
    ),
    # the document: form and text
    "view_form": N_("Form"),
    "view_yaml": N_("YAML"),
    "view_switch": N_("Show the document as"),
    "editor_label": N_("Unit file text (YAML). Press Escape, then Tab, to leave the editor."),
    "form_label": N_("Unit file as a form"),
    "form_unparsed": N_("The text has a syntax error: fix it in the YAML view to use the form."),
    "add_named": N_("Add to {name}"),
    "remove_item": N_("Remove"),
    "duplicate_item": N_("Duplicate"),
    "move_up": N_("Move up"),
    "move_down": N_("Move down"),
    "item_n": N_("{name} {n}"),
    "not_set": N_("(not set)"),
    "other_value": N_("other…"),
    "entry_kind": N_("Kind of entry"),
    "yes": N_("yes"),
    "no": N_("no"),
    "field_problem": N_("Problem: {message}"),
    # checking and previewing
    "problems": N_("Problems"),
    "no_problems": N_("No problems"),
    "warning": N_("warning"),
    "error": N_("Error"),
    "status_counts": N_("{units}, {errors}, {warnings}"),
    "checking": N_("checking…"),
    "preview": N_("Preview"),
    "page_of": N_("Page {n} of {total}"),
    "fix_first": N_("Fix the errors on the left to see the pages."),
    "list_warnings": N_("The list breaks list rules (see the warnings); it is printed as it is."),
    "server_down": N_(
        "The server does not answer (was `sheets serve` stopped?). Your edits are kept in this "
        "browser; the page goes on when the server is back."
    ),
    "server_back": N_("The server answers again."),
    "leave_unsaved": N_("Some files have changes that were not downloaded."),
    # options and downloads
    "options": N_("Printing options"),
    "print_language": N_("Print language"),
    "paper": N_("Paper"),
    "mono": N_("Black and white (mono)"),
    "game_options": N_("Options of the game"),
    "default_value": N_("default"),
    "downloads": N_("Download"),
    "download_pdf": N_("PDF"),
    "download_pngs": N_("PNG pages (zip)"),
    "download_yaml": N_("Download YAML"),
    "roster_export": N_("Army list"),
    "roster_format": N_("Army list as {format}"),
    # the unit library
    "library_title": N_("Library"),
    "library_units": N_("Unit files of the library folder"),
    "library_none": N_(
        "No library folder: start the page with `sheets serve --units FOLDER` to pick MegaMek unit "
        "files here."
    ),
    "library_search": N_("Search units"),
    "library_pick": N_("Pick {name}"),
    "library_picked": N_("Picked: {n} of {size}"),
    "library_build": N_("Build the {group}"),
    "library_group_name": N_("Name of the {group}"),
    "pilot_of": N_("Pilot of {name}"),
    "samples": N_("Samples and starters"),
    "open_sample": N_("Open"),
    "starter_of": N_("starter: {kind}"),
    "close": N_("Close"),
    "col_name": N_("Name"),
    "col_game": N_("Game"),
    "col_file": N_("File"),
    "col_tons": N_("Tons"),
    "col_bv": N_("BV"),
    # handouts
    "reference": N_("Quick-reference handout"),
    "charts": N_("Charts"),
    "no_charts": N_("no charts"),
    "show": N_("Show"),
    # calculators
    "calculate": N_("Calculate"),
    "distribution": N_("Distribution"),
    "no_calculators": N_("This game has no calculators."),
    "pick_unit": N_("a unit of the opened files…"),
    "no_units_open": N_("(no unit in the opened files)"),
    "required_missing": N_("Fill in: {fields}"),
    "word_yes": N_("yes"),
    "word_no": N_("no"),
}


def words(lang: str | None) -> dict[str, str]:
    """Every word of the page in ``lang`` (English for a language without a catalogue)."""
    with use_lang(lang):
        return {key: tr(msgid) for key, msgid in WORDS.items()}


# a count's forms by the plural category of ``Intl.PluralRules`` (what the page's script picks
# with), each from the catalogue's ngettext at a number of that category
_CATEGORY_NUMBERS = {"en": {"one": 1, "other": 2}, "ru": {"one": 1, "few": 2, "many": 5, "other": 5}}


def plurals(lang: str | None) -> dict[str, dict[str, str]]:
    """The page's counted words in ``lang``: ``{key: {plural category: text with {n}}}``."""
    with use_lang(lang) as chosen:
        numbers = _CATEGORY_NUMBERS.get(chosen, _CATEGORY_NUMBERS["en"])

        def forms(fn) -> dict[str, str]:
            return {category: fn(n) for category, n in numbers.items()}

        return {
            "units": forms(lambda n: ngettext("{n} unit", "{n} units", n)),
            "errors": forms(lambda n: ngettext("{n} error", "{n} errors", n)),
            "warnings": forms(lambda n: ngettext("{n} warning", "{n} warnings", n)),
            "pages": forms(lambda n: ngettext("{n} page", "{n} pages", n)),
        }
