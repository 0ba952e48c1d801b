def test_illegal_attack_is_explained_in_the_users_language(cli):
    """Below 1:3 against several units (§8.2): one target only — said in Russian with --lang ru."""
    ru = cli("calc", "lnl", "melee", "--a", "1-6-4", "--b", "4-6-4", "--b", "4-6-4", "--lang", "ru")
    assert ru.exit_code == 1
    assert ru.stderr.strip() == (
        "недопустимая атака: сторона А: 1 FP против 2 отрядов с 8 FP — хуже 1:3; "
        "такая атака может быть направлена только на один отряд: выберите один "
        "из Б1, Б2 (например, --a-targets Б1)"
    )
    en = cli("calc", "lnl", "melee", "--a", "1-6-4", "--b", "4-6-4", "--b", "4-6-4")
    assert en.exit_code == 1
    assert en.stderr.startswith("illegal attack: side A: 1 FP against 2 units with 8 FP is below 1:3")
