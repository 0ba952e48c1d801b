"""Issue 21, words pinned, for the served page: the UI words of the editor, the handouts tab and
the calculators tab, as literal English and Russian text of the page's label data (what the
script shows in either language) and as the English text inside the element that carries each
label. A label exchanged with its neighbour in ``data/web/labels.yaml`` moves a word and fails."""

from __future__ import annotations

import json
import re

import pytest

from sheets.web.page import render_page

WORDS = {
    "close_file": ("Close this file", "Закрыть файл"),
    "no_files": (
        "Open a file, start a new one, or type or paste a unit file below: its sheets appear on "
        "the right as you type.",
        "Откройте файл, создайте новый или наберите либо вставьте файл отрядов ниже: листы "
        "появятся справа по мере набора.",
    ),
    "preview": ("Preview", "Просмотр"),
    "first_pages": (
        "Preview of the first pages (the PDF has them all):",
        "Показаны первые страницы (в PDF есть все):",
    ),
    "fix_first": (
        "Fix the errors on the left to see the pages.",
        "Исправьте ошибки слева, чтобы увидеть листы.",
    ),
    "options": ("Options", "Настройки"),
    "default_value": ("default", "по умолчанию"),
    "downloads": ("Download", "Скачать"),
    "download_pdf": ("PDF", "PDF"),
    "download_pngs": ("PNG pages (zip)", "Страницы PNG (zip)"),
    "reference": ("Quick-reference handout", "Памятка"),
    "charts": ("Charts", "Схемы"),
    "no_charts": ("no charts", "схем нет"),
    "show": ("Show", "Показать"),
    "calculate": ("Calculate", "Рассчитать"),
    "pick_unit": ("a unit of the opened files…", "отряд из открытых файлов…"),
    "add_value": ("add", "добавить"),
    "stopped": ("Stopped", "Остановлено"),
    "offline_note": (
        "Everything runs on this computer; nothing is sent anywhere else.",
        "Всё работает на этом компьютере; ничего никуда не отправляется.",
    ),
}


@pytest.fixture(scope="module")
def page():
    html = render_page()
    data = re.search(r'<script type="application/json" id="labels">(.*?)</script>', html, re.S).group(1)
    return html, json.loads(data.replace("<\\/", "</"))


@pytest.mark.parametrize("key", sorted(WORDS))
def test_page_label_words(page, key):
    _, labels = page
    assert (labels[key]["en"], labels[key]["ru"]) == WORDS[key]


@pytest.mark.parametrize("key", ["no_files", "preview", "options", "downloads", "download_pngs"])
def test_page_elements_carry_their_english_words(page, key):
    html, _ = page
    assert re.search(rf'data-l="{key}"[^>]*>{re.escape(WORDS[key][0])}<', html), key
