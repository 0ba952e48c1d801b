"""Issue 21, label pins made broad: every printed battletech label, in every printout that prints it.

Each pin is a literal run of the extracted text around one or more labels, in English and in
Russian, so that any two printed labels exchanged in ``labels.yaml`` (not only neighbours) move a
word and fail a pin. Every label of the game is pinned here or listed in ``NOT_PINNED`` with the
reason (``test_every_label_is_pinned_or_listed``)."""

from __future__ import annotations

from label_pins import broad_pin_tests

GAME = "battletech"
UNITS = {
    "bt_classic": """system: battletech
units:
  - name: Boost Test
    tons: 5
    motion: biped
    walk: 4
    myomer_booster: true
    armor: {head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}
    equipment:
      - {item: ER Small Laser, location: torso}
    pilot: {name: "Star Commander Aleksandr Konstantinovich Kerensky-Ward", gunnery: 4}
  - {name: A2, tons: 2, motion: biped, walk: 5, armor: {head: 1, torso: 2, right_arm: 1, left_arm: 1, legs: 2}, equipment: [], pilot: {name: "", gunnery: 4}}
  - {name: A3, tons: 2, motion: biped, walk: 5, armor: {head: 1, torso: 2, right_arm: 1, left_arm: 1, legs: 2}, equipment: [], pilot: {name: "", gunnery: 4}}
  - {name: A4, tons: 2, motion: biped, walk: 5, armor: {head: 1, torso: 2, right_arm: 1, left_arm: 1, legs: 2}, equipment: [], pilot: {name: "", gunnery: 4}}
  - {name: A5, tons: 2, motion: biped, walk: 5, armor: {head: 1, torso: 2, right_arm: 1, left_arm: 1, legs: 2}, equipment: [], pilot: {name: "", gunnery: 4}}
  - {name: A6, tons: 2, motion: biped, walk: 5, armor: {head: 1, torso: 2, right_arm: 1, left_arm: 1, legs: 2}, equipment: [], pilot: {name: "", gunnery: 4}}
""",
    "bt_long": """system: battletech
units:
  - name: Heavy 1
    tons: 9
    motion: biped
    walk: 3
    armor: {head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}
    equipment:
      - {item: ER Micro Laser, location: torso}
      - {item: ER Small Laser, location: torso}
      - {item: Micro Pulse Laser, location: torso}
      - {item: Flamer, location: torso}
      - {item: Machine Gun, location: torso}
      - {item: SRM 2, location: torso}
      - {item: LRM 5, location: torso}
      - {item: Light Machine Gun, location: torso}
      - {item: Small Pulse Laser, location: torso}
      - {item: Medium Pulse Laser, location: torso}
      - {item: Heavy Machine Gun, location: torso}
      - {item: LRM 10, location: torso}
    pilot: {name: "", gunnery: 4}
  - name: Heavy 2
    tons: 9
    motion: biped
    walk: 3
    armor: {head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}
    equipment:
      - {item: ER Micro Laser, location: torso}
      - {item: ER Small Laser, location: torso}
      - {item: Micro Pulse Laser, location: torso}
      - {item: Flamer, location: torso}
      - {item: Machine Gun, location: torso}
      - {item: SRM 2, location: torso}
      - {item: LRM 5, location: torso}
      - {item: Light Machine Gun, location: torso}
      - {item: Small Pulse Laser, location: torso}
      - {item: Medium Pulse Laser, location: torso}
      - {item: Heavy Machine Gun, location: torso}
      - {item: LRM 10, location: torso}
    pilot: {name: "", gunnery: 4}
  - name: Heavy 3
    tons: 9
    motion: biped
    walk: 3
    armor: {head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}
    equipment:
      - {item: ER Micro Laser, location: torso}
      - {item: ER Small Laser, location: torso}
      - {item: Micro Pulse Laser, location: torso}
      - {item: Flamer, location: torso}
      - {item: Machine Gun, location: torso}
      - {item: SRM 2, location: torso}
      - {item: LRM 5, location: torso}
      - {item: Light Machine Gun, location: torso}
      - {item: Small Pulse Laser, location: torso}
      - {item: Medium Pulse Laser, location: torso}
      - {item: Heavy Machine Gun, location: torso}
      - {item: LRM 10, location: torso}
    pilot: {name: "", gunnery: 4}
  - name: Heavy 4
    tons: 9
    motion: biped
    walk: 3
    armor: {head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}
    equipment:
      - {item: ER Micro Laser, location: torso}
      - {item: ER Small Laser, location: torso}
      - {item: Micro Pulse Laser, location: torso}
      - {item: Flamer, location: torso}
      - {item: Machine Gun, location: torso}
      - {item: SRM 2, location: torso}
      - {item: LRM 5, location: torso}
      - {item: Light Machine Gun, location: torso}
      - {item: Small Pulse Laser, location: torso}
      - {item: Medium Pulse Laser, location: torso}
      - {item: Heavy Machine Gun, location: torso}
      - {item: LRM 10, location: torso}
    pilot: {name: "", gunnery: 4}
  - name: Heavy 5
    tons: 9
    motion: biped
    walk: 3
    armor: {head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}
    equipment:
      - {item: ER Micro Laser, location: torso}
      - {item: ER Small Laser, location: torso}
      - {item: Micro Pulse Laser, location: torso}
      - {item: Flamer, location: torso}
      - {item: Machine Gun, location: torso}
      - {item: SRM 2, location: torso}
      - {item: LRM 5, location: torso}
      - {item: Light Machine Gun, location: torso}
      - {item: Small Pulse Laser, location: torso}
      - {item: Medium Pulse Laser, location: torso}
      - {item: Heavy Machine Gun, location: torso}
      - {item: LRM 10, location: torso}
    pilot: {name: "", gunnery: 4}
""",
    "bt_special": """system: battletech
units:
  - name: Glide Test
    tons: 5
    motion: glider
    walk: 4
    armor: {head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}
    equipment:
      - {item: ATM 3, location: torso}
      - {item: ATM 3 Ammo, shots: 10}
      - {item: Light Active Probe, location: torso}
    pilot: {name: "Star Commander Aleksandr Konstantinovich Kerensky-Ward", gunnery: 4}
  - name: Quad Test
    tons: 6
    motion: quad
    walk: 4
    armor: {head: 2, torso: 6, legs: 6}
    equipment:
      - {item: LRM 7, location: torso}
      - {item: LRM 7 Ammo, shots: 10}
    pilot: {name: "", gunnery: 4}
  - name: Heavy Test
    tons: 12
    motion: biped
    walk: 3
    myomer_booster: true
    armor: {head: 3, torso: 10, right_arm: 4, left_arm: 4, legs: 8}
    equipment:
      - {item: ER Medium Laser, location: torso}
    pilot: {name: "", gunnery: 4}
""",
}

# case -> (pdf: the extracted text of ``sheets ARGS -o FILE`` | out: the standard output | err: the
# message of a refusal (exit 1), ARGS, pins);
# "@NAME" in ARGS is the unit file UNITS[NAME], "!FILE" a real roster of the shared fixtures
CASES = {
    "render-minotaur-en": (
        "pdf",
        ("render", "data/units/battletech/minotaur.yaml", "--lang", "en"),
        [
            "ProtoMech record sheet Point 1/1 ProtoMech 1 Movement Points Walking Running Jumping Pilot data Gunnery: Name: Hits taken / Consciousness # 1 3 2 5 3 7 4 10 5 11 6 Dead Weapons inventory Type Loc Dmg Min Sht Med Lng Hit locations and critical hits 2D6 Location Critical hits, in the order taken 2 Main Gun: none → Torso 3, 11 Near Miss: counts as a hit, no damage 4 Right Arm +1 to hit (arm and main gun) Arm destroyed (main gun +2) 5, 9 Legs −1 Walk MP ½ Walk MP No movement 6-8 Torso −1 Jump MP* ½ Jump MP* Destroyed, pilot killed 10 Left Arm +1 to hit (arm and main gun)",
            "Arm destroyed (main gun +2) 12 Head +1 to hit +2 to hit, no long range Minotaur Tons: 9 Biped 3 5 3 BV: 424 BV (pilot): 424 4 2× ER Medium Laser T 7 — 5 10 15 *Torso weapon destroyed, roll 1D6: 1-2: ER Medium Laser; 3-4: ER Medium Laser; 5-6: No Effect Physical attack damage: 2 Armor diagram Head (5/2) RA 3/2 Torso (15/9) LA 3/2 Legs (10/5) ProtoMech 2",
            "the order taken 2 Main Gun: Main gun cannot take critical hits 3, 11 Near Miss: counts as a",
            "range Tons: Armor diagram Head Gun RA Torso LA Legs ProtoMech 3",
            "diagram Head Gun RA Torso LA Legs Armor Structure Crossed box: 1 pilot hit; double box: destroyed, pilot killed. To-hit number (Gunnery + range†: short · medium · long; ≤4: inside minimum range 4, from 4 hexes to 1; + the weapon's modifier) and 2D6 chance: the pilot's line below, and a line under each weapon whose numbers differ. Not included: movement, terrain, target state, crits (head, arms, main gun). † range modifiers of the standard rules, not restated by the ProtoMech rules To hit, every weapon without a line of its own: Gunnery 4: 4 (92 %) · 6 (72 %) · 8 (42 %). Classic ProtoMech rules · sheets",
            "Page 1/1",
        ],
    ),
    "render-gorgon-en": (
        "pdf",
        ("render", "data/units/battletech/gorgon.yaml", "--lang", "en"),
        [
            "Effect Physical attack damage: 2 Armor diagram Head (4/2) RA",
            "pilot killed. Weapons not on the arms cannot fire in a turn the main gun fires. To-hit number",
        ],
    ),
    "render-point-alpha-en": (
        "pdf",
        ("render", "data/units/battletech/point-alpha.yaml", "--lang", "en"),
        [
            "Page 1/2 ProtoMech record sheet Army list: Point Alpha Classic BattleTech:",
            "Classic ProtoMech rules Point 1 # Unit Tons W/R/J Gunnery BV Adj. BV 1 Harpy 2 3/5/3 4 56 56 2 Siren",
            "5 Minotaur 9 3/5/3 4 424 424 Total: 1080 BV · Units: 5 no limit set ProtoMech",
        ],
    ),
    "render-special-en": (
        "pdf",
        ("render", "@bt_special", "--rules", "tw", "--lang", "en"),
        [
            "ProtoMech 1 Movement Points Ground Cruise Flank Pilot data Gunnery: Name: Hits",
            "Main Gun: none → Torso 3, 11 Wings (near miss): −1 Cruise MP (each hit) 4 Right Arm +1 to hit Arm destroyed 5, 9 Legs −1 Walk MP ½ Walk MP No movement 6-8 Torso −1 Cruise MP* ½ Cruise MP* ProtoMech destroyed 10 Left Arm +1 to hit Arm destroyed",
            "long range Glide Test Tons: 5 Glider 1 4 6 BV: 148 BV (pilot): 148",
            "Konstantinovich… 4 ATM 3 T 2/msl 4 5 10 15 ≤4: 5–8 (83–42 %)",
            "Light Active Probe† T — — — — — Ammo: ATM 3 (10) *Torso weapon destroyed,",
            "Effect Physical attack damage: 1 BV may differ from MegaMek (ATM ammo) Armor diagram Head (2/1) RA",
            "long range Quad Test Tons: 6 Quad 4 6 0 BV: 168 BV (pilot): 168",
            "long range Heavy Test Tons: 12 Ultraheavy 3 5 [6] 0 BV: 270 BV (pilot):",
            "in the order taken 2 Main Gun Main Gun destroyed 3, 11 Near Miss: counts as a",
            "Torso LA Legs Armor Structure Shaded box: pilot hit · Double box: ProtoMech destroyed. † value not confirmed against a primary source. To-hit number",
            "movement, terrain, target state, crits (head, arms), quirks, pilot abilities. To hit, every weapon without a line of its own: Gunnery 4: 4 (92 %) · 6 (72 %) · 8 (42 %). Pilots' names in full: Glide Test: Star Commander",
            "Konstantinovich Kerensky-Ward. Total Warfare rules · sheets",
            "Page 1/1",
        ],
    ),
    "render-classic-en": (
        "pdf",
        ("render", "@bt_classic", "--lang", "en"),
        [
            "Effect Physical attack damage: 1 Armor diagram Head (2/1) RA",
            "pilot killed. † not in the classic ProtoMech rules (later equipment). To-hit number",
            "8 0 BV: 39 BV (pilot): 39 4 none *No Torso Weapons Physical attack damage: 1 Armor",
        ],
    ),
    "reference-en": (
        "pdf",
        ("reference", "battletech", "--lang", "en"),
        [
            "ProtoMech quick reference — Classic ProtoMech rules 1/2 Hit location table (2D6) 2D6 Chance Biped 2 1/36 = 2.8",
            "Near Miss 12 1/36 = 2.8 % Head Share of hits by location Biped Location 2D6 Chance Torso",
            "internal structure is damaged † 12 → 3 critical hits: not confirmed against the rules text • No facing: one table for every",
            "its −1 to hit, no aimed shots. Critical hit effects Location 2D6 Boxes 1st Hit 2nd Hit 3rd Hit Main",
            "*Torso crit — roll 1D6: 1–2 Torso Weapon A; 3–4 Torso Weapon B; 5–6 No Effect. A result naming",
            "Classic ProtoMech rules 2/2 Physical attack • One combined attack per turn: 1 damage (1–5 t), 2 damage (6–9 t); base to-hit 4 with kick modifiers • Target in the front arc only (not changed by torso twist), never in the ProtoMech's own hex; no PSR for the target • 'Mech on the same level: Kick table; 'Mech one level lower: Punch table; vehicle: its table for the direction • No punch, kick, push, charge",
            "uses the ProtoMech table. Tons Damage 1–5 1 6–9 2 Kick Location Table 1D6 Left side Front / Rear Right side 1–3 LL RL RL 4–6 LL LL RL Punch Location Table 1D6 Left side Front / Rear Right side 1 LT LA RT 2 LT LT RT 3 CT CT CT 4 LA RT RA 5 LA RA RA 6 HD HD HD • LL/RL left/right leg, LT/CT/RT left/center/right torso, LA/RA left/right arm, HD head Movement • Run MP = 1.5 × Walk MP, rounded",
            "high gravity still costs MP. Walk MP 1 2 3 4 5 6 7 8 9 10 Run MP 2 3 5 6 8 9 11 12 14 15 Max Jump (standard jets) 1 2 3 4 5 6 7 8 9 10 1st leg crit: Walk / Run 0/0 1/2 2/3 3/5 4/6 5/8 6/9 7/11 8/12 9/14 2nd leg crit: Walk / Run 0/0 1/2 2/3 2/3 3/5 3/5 4/6 4/6 5/8 5/8 BV skill multipliers Gunnery \\ Piloting ▼ ProtoMech column 0 1 2 3 4 5 6 7 8 0 2.42 2.31",
            "multiplier, rounded half up. Point and special rules • Point: 5 ProtoMechs, each",
        ],
    ),
    "reference-tw-en": (
        "pdf",
        ("reference", "battletech", "--rules", "tw", "--lang", "en"),
        [
            "Hit location table (2D6) 2D6 Chance Biped / Glider Quad 2 1/36 = 2.8 % Main Gun",
            "1/36 = 2.8 % 12 1/36 = 2.8 % Determining critical hits 2D6 Result Chance 2–7 No critical hit 21/36 = 58.3 % 8–9 1 critical hit 9/36 = 25.0 % 10–11 2 critical hits 5/36 = 13.9 % 12 † 3 critical hits † 1/36 = 2.8 % • Roll when internal structure is damaged † 12 → 3 critical hits: not",
            "no arms, Legs on 4, 5, 9, 10. Special hit location table 2D6 Chance Biped / Glider Quad",
            "12 1/36 = 2.8 % Head Head • Area effect, falling, collisions Critical hit effects Location 2D6 Boxes 1st Hit 2nd Hit 3rd Hit Main Gun 2 Main Gun destroyed",
            "rules 2/2 Physical attack • One attack per turn: 1 damage (2–5 t), 2 (6–9 t), 3 (10–15 t); base to-hit 4 • Target must be in the same hex • Standing 'Mech: Kick table; anything else: its normal table • No punch, kick, push, charge",
            "(standard jets) 1 2 3 4 5 6 7 8 9 10 Max Jump (extended jets) 2 3 5 6 8 9 11 12 14 15 1st",
        ],
    ),
    "chart-en": (
        "pdf",
        ("chart", "battletech", "hit-location", "--lang", "en"),
        [
            "ProtoMech hit locations Share of hits per location: ways of rolling it on 2D6, out of 36 Biped Near Miss 11.1 % · 2D6:",
            "2D6: 4 Left Arm 8.3 % · 2D6: 10 2D6 results Biped 2 1/36 Gun 3 2/36 NM 4 3/36 RA 5 4/36 L 6 5/36 T 7 6/36 T 8 5/36 T 9 4/36 L 10 3/36 LA 11 2/36 NM 12 1/36 HD Near Miss: counts as a hit, no damage. All excess damage transfers to the Torso. Classic ProtoMech rules Printed",
        ],
    ),
    "chart-tw-en": (
        "pdf",
        ("chart", "battletech", "hit-location", "--rules", "tw", "--lang", "en"),
        [
            "2D6: 4 Left Arm 8.3 % · 2D6: 10 Glider: the wings (dashed) take the near misses, −1 Cruise MP each Quad Near Miss 11.1 % · 2D6:",
            "2D6: 2 Head 2.8 % · 2D6: 12 A quad has no arms 2D6 results Biped / Glider 2",
        ],
    ),
    "info-en": (
        "out",
        ("info", "@bt_special", "--rules", "tw", "--lang", "en"),
        [
            "BV with pilot: 148 BV notes: ATM ammo: BV may differ from MegaMek warnings: — == Quad Test (Classic",
        ],
    ),
    "render-minotaur-ru": (
        "pdf",
        ("render", "data/units/battletech/minotaur.yaml", "--lang", "ru"),
        [
            "Лист записи протомеха Точка 1/1 Протомех 1 Очки движения (ОД) ОД Шага ОД Бега ОД Прыжка Пилот Стрельба: Имя: Ранения / сознание # 1 3 2 5 3 7 4 10 5 11 6 Убит Перечень оружия Тип Лок. Урон Мин Бл Ср Дл Места попадания и критические попадания 2D6 Локация Критические попадания по порядку 2 Главная пушка: нет → Торс 3, 11 Близкий промах: атака попала, но повреждений нет 4 Правая рука +1 к попаданию (рука и гл. пушка) Рука уничтожена (гл. пушка +2) 5, 9 Ноги −1 ОД Шага ½ ОД Шага Движение невозможно 6-8 Торс −1 ОД Прыжка* ½ ОД Прыжка* Уничтожен, пилот убит 10 Левая рука +1 к попаданию (рука и гл. пушка)",
            "уничтожена (гл. пушка +2) 12 Голова +1 на попадание +2 на попадание, нет дальней дистанции Minotaur Тонн: 9 Двуногий 3 5 3 БЦ: 424 БЦ (с пилотом): 424 4 2× Средний лазер ER Т 7 — 5 10 15 *Уничтожение оружия в торсе, бросок 1D6: 1-2: Средний лазер ER; 3-4: Средний лазер ER; 5-6: Нет эффекта Урон физической атаки: 2 Схема брони Голова (5/2) ПР 3/2 Торс (15/9) ЛР 3/2 Ноги (10/5) Протомех 2 Очки",
            "по порядку 2 Главная пушка: Главная пушка не может получить критическое попадание 3, 11 Близкий промах: атака",
            "дистанции Тонн: Схема брони Голова ГП ПР Торс ЛР Ноги Протомех 3 Очки",
            "брони Голова ГП ПР Торс ЛР Ноги Броня Внутренняя структура Клетка: 1 ранение пилота; двойная: уничтожен, пилот убит. Значение на попадание (Навык Стрельбы + дистанция†: ближняя · средняя · дальняя; ≤4: внутри мин. дистанции 4, от 4 гексов до 1; + модиф. оружия) и шанс 2D6: строка пилота ниже и строка под оружием, если у него свои. Не учтены: движение, местность, положение цели, крит. попадания (голова, руки, гл. пушка). † модификаторы дистанции из стандартных правил (в правилах протомехов их нет) На попадание, оружие без своей строки: Стрельба 4: 4 (92 %) · 6 (72 %) · 8 (42 %). Классические правила для протомехов · sheets",
            "Стр. 1/1",
        ],
    ),
    "render-gorgon-ru": (
        "pdf",
        ("render", "data/units/battletech/gorgon.yaml", "--lang", "ru"),
        [
            "эффекта Урон физической атаки: 2 Схема брони Голова (4/2) ПР 4/2 Торс (12/8) ЛР 4/2 Ноги (7/5) ГП 3/1 Протомех 2 Очки движения (ОД)",
            "пилот убит. Оружие не на руках не может стрелять в тот же ход, что и главная пушка. Значение на попадание",
        ],
    ),
    "render-point-alpha-ru": (
        "pdf",
        ("render", "data/units/battletech/point-alpha.yaml", "--lang", "ru"),
        [
            "Стр. 1/2 Лист записи протомеха Список армии: Point Alpha BattleTech: протомехи",
            "правила для протомехов Точка 1 № Единица Тонн Ш/Б/П Стрельба БЦ БЦ с пилотом 1 Harpy 2 3/5/3 4 56 56 2 Siren",
            "5 Minotaur 9 3/5/3 4 424 424 Итого: 1080 БЦ · Отрядов: 5 лимит не задан",
        ],
    ),
    "render-special-ru": (
        "pdf",
        ("render", "@bt_special", "--rules", "tw", "--lang", "ru"),
        [
            "Протомех 1 Очки движения (ОД) ОД по земле Крейсерские ОД Максимальные ОД Пилот Стрельба: Имя: Ранения",
            "Главная пушка: нет → Торс 3, 11 Крылья (близкий промах): −1 крейсерское ОД (за каждое попадание) 4 Правая рука +1 на попадание Рука уничтожена 5, 9 Ноги −1 ОД Шага ½ ОД Шага",
            "Движение невозможно 6-8 Торс Крейсерские ОД −1* Крейсерские ОД ½* Протомех уничтожен 10 Левая рука +1 на попадание",
            "дистанции Glide Test Тонн: 5 Планер 1 4 6 БЦ: 148 БЦ (с пилотом):",
            "Konstantinovich Kerensky-Ward 4 ATM-3 Т 2/рак. 4 5 10 15 ≤4: 5–8 (83–42 %)",
            "Лёгкий активный зонд† Т — — — — — Боеприпасы: ATM-3 (10) *Уничтожение оружия",
            "эффекта Урон физической атаки: 1 БЦ может отличаться от MegaMek (боеприпасы ATM) Схема брони Голова (2/1) ПР",
            "дистанции Quad Test Тонн: 6 Четвероногий 4 6 0 БЦ: 168 БЦ (с пилотом):",
            "дистанции Heavy Test Тонн: 12 Сверхтяжёлый 3 5 [6] 0 БЦ: 270 БЦ (с пилотом):",
            "попадания по порядку 2 Главная пушка Главная пушка уничтожена 3, 11 Близкий промах: атака",
            "Ноги Броня Внутренняя структура Затенённая клетка: ранение пилота · Двойная: протомех уничтожен. † значение не сверено с первоисточником. Значение на попадание",
            "движение, местность, положение цели, крит. попадания (голова, руки), особенности машины, способности пилота. На попадание, оружие без своей строки: Стрельба 4: 4 (92 %) · 6 (72 %) · 8 (42 %). Имена пилотов полностью: Glide Test: Star Commander",
            "Konstantinovich Kerensky-Ward. Правила Total Warfare · sheets",
            "Стр. 1/1",
        ],
    ),
    "render-classic-ru": (
        "pdf",
        ("render", "@bt_classic", "--lang", "ru"),
        [
            "эффекта Урон физической атаки: 1 Схема брони Голова (2/1) ПР 2/1 Торс (6/5) ЛР 2/1 Ноги (4/3) Протомех 2 Очки движения (ОД) ОД Шага ОД",
            "пилот убит. † нет в классических правилах для протомехов (более позднее оборудование). Значение на попадание",
            "БЦ: 39 БЦ (с пилотом): 39 4 нет *Нет оружия в торсе Урон физической атаки: 1 Схема",
        ],
    ),
    "reference-ru": (
        "pdf",
        ("reference", "battletech", "--lang", "ru"),
        [
            "Памятка по протомехам — Классические правила для протомехов 1/2 Таблица Места Попадания (2D6) 2D6 Вероятность Двуногий 2 1/36",
            "промах 12 1/36 = 2,8 % Голова Доля попаданий по локациям Двуногий Локация 2D6 Вероятность",
            "повреждена внутренняя структура † 12 → 3 критических попадания: не сверено с текстом правил • Нет направления попадания:",
            "попадание, без прицельных выстрелов. Эффекты критических попаданий Локация 2D6 Клетки 1-е попадание 2-е попадание",
            "*Крит Торса — бросок 1D6: 1–2 Оружие А в Торсе; 3–4 Оружие Б в Торсе; 5–6 Нет эффекта. Результат,",
            "Классические правила для протомехов 2/2 Физическая атака • Одна комбинированная атака за ход: 1 повреждение (1–5 т), 2 повреждения (6–9 т); базовое значение 4 с модификаторами пинка • Цель только в передней зоне (поворот торса не меняет её), не в своём гексе; цель не делает Бросок Пилотирования • Робот на том же уровне: Таблица Попаданий при Пинке; на уровень ниже: Таблица Попаданий для Удара Рукой; транспорт: таблица по направлению • Нет ударов руками, пинков,",
            "по таблице протомехов. Тонн Повреждения 1–5 1 6–9 2 Таблица Попаданий при Пинке 1D6 Слева Спереди / сзади Справа 1–3 ЛН ПН ПН 4–6 ЛН ЛН ПН Таблица Попаданий для Удара Рукой 1D6 Слева Спереди / сзади Справа 1 ЛТ ЛР ПТ 2 ЛТ ЛТ ПТ 3 ЦТ ЦТ ЦТ 4 ЛР ПТ ПР 5 ЛР ПР ПР 6 Г Г Г • ЛН/ПН левая/правая нога, ЛТ/ЦТ/ПТ левый/центральный/правый торс, ЛР/ПР левая/правая рука, Г голова Движение • ОД Бега = 1,5 × ОД Шага с",
            "добавляет ОД, высокая — отнимает. ОД Шага 1 2 3 4 5 6 7 8 9 10 ОД Бега 2 3 5 6 8 9 11 12 14 15 Макс. Прыжок (станд. двиг.) 1 2 3 4 5 6 7 8 9 10 1-й крит в ноги: Шаг / Бег 0/0 1/2 2/3 3/5 4/6 5/8 6/9 7/11 8/12 9/14 2-й крит в ноги: Шаг / Бег 0/0 1/2 2/3 2/3 3/5 3/5 4/6 4/6 5/8 5/8 Таблица множителей БЦ навыка Стрельба \\ Пилотирование ▼ Столбец протомехов 0 1 2 3 4 5 6 7 8 0 2,42 2,31",
            "множитель, округление половины вверх. Точка и специальные правила • Точка: 5 протомехов, каждый",
        ],
    ),
    "reference-tw-ru": (
        "pdf",
        ("reference", "battletech", "--rules", "tw", "--lang", "ru"),
        [
            "Таблица Места Попадания (2D6) 2D6 Вероятность Двуногий / планер Четвероногий 2 1/36 = 2,8 %",
            "1/36 = 2,8 % 12 1/36 = 2,8 % Определение критических попаданий 2D6 Результат Вероятность 2–7 Нет критического попадания 21/36 = 58,3 % 8–9 1 критическое попадание 9/36 = 25,0 % 10–11 2 критических попадания 5/36 = 13,9 % 12 † 3 критических попадания † 1/36 = 2,8 % • Бросок делается, если повреждена внутренняя структура † 12 → 3 критических попадания:",
            "рук нет, Ноги на 4, 5, 9, 10. Особая Таблица Места Попадания 2D6 Вероятность Двуногий / планер",
            "1/36 = 2,8 % Голова Голова • Атаки по площади, падения, столкновения Эффекты критических попаданий Локация 2D6 Клетки 1-е попадание 2-е попадание 3-е попадание Главная пушка 2 Главная пушка",
            "Warfare 2/2 Физическая атака • Одна атака за ход: 1 повреждение (2–5 т), 2 (6–9 т), 3 (10–15 т); базовое значение 4 • Цель должна быть в том же гексе • Стоящий робот: Таблица Попаданий при Пинке; иначе: обычная таблица • Нет ударов руками, пинков,",
            "двиг.) 1 2 3 4 5 6 7 8 9 10 Макс. Прыжок (улучш. двиг.) 2 3 5 6 8 9 11 12 14 15 1-й",
        ],
    ),
    "chart-ru": (
        "pdf",
        ("chart", "battletech", "hit-location", "--lang", "ru"),
        [
            "Места попадания протомехов Доля попаданий в каждую локацию: число исходов 2D6 из 36 Двуногий Близкий промах 11,1",
            "4 Левая рука 8,3 % · 2D6: 10 Результаты 2D6 Двуногий 2 1/36 ГП 3 2/36 БП 4 3/36 ПР 5 4/36 Н 6 5/36 Т 7 6/36 Т 8 5/36 Т 9 4/36 Н 10 3/36 ЛР 11 2/36 БП 12 1/36 Г Близкий промах: атака",
            "попала, но повреждений нет. Все лишние повреждения переназначаются в Торс. Классические правила для протомехов",
        ],
    ),
    "chart-tw-ru": (
        "pdf",
        ("chart", "battletech", "hit-location", "--rules", "tw", "--lang", "ru"),
        [
            "4 Левая рука 8,3 % · 2D6: 10 Планер: крылья (пунктир) получают близкие промахи, −1 крейсерское ОД за каждый Четвероногий Близкий промах",
            "2D6: 2 Голова 2,8 % · 2D6: 12 У четвероногого нет рук Результаты 2D6 Двуногий / планер",
        ],
    ),
    "info-ru": (
        "out",
        ("info", "@bt_special", "--rules", "tw", "--lang", "ru"),
        [
            "пилотом: 148 примечания к BV: боеприпасы ATM: БЦ может отличаться от MegaMek предупреждения: — == Quad Test",
        ],
    ),
    "render-long-en": (
        "pdf",
        ("render", "@bt_long", "--rules", "tw", "--lang", "en"),
        [
            "ProtoMech record sheet Point 1/1 (cont.) ProtoMech 3 Movement Points",
        ],
    ),
    "render-long-ru": (
        "pdf",
        ("render", "@bt_long", "--rules", "tw", "--lang", "ru"),
        [
            "Лист записи протомеха Точка 1/1 (продолжение) Протомех 3 Очки движения (ОД)",
        ],
    ),
}

# labels no pin holds (KEY: both languages, KEY.LANG: that one), and why (each still exists in labels.yaml)
NOT_PINNED = {
    "type": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "motion": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "ultraheavy_short": "read by these printouts, but printing nothing in them (a condition they do not meet)",
    "tons_short": "read by these printouts, but printing nothing in them (a condition they do not meet)",
    "boosted_note": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "col_qty": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "heat_suffix": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "shots": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "loc_abbr_head": "read by these printouts, but printing nothing in them (a condition they do not meet)",
    "loc_abbr_legs": "read by these printouts, but printing nothing in them (a condition they do not meet)",
    "near_miss": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "hit_location_table": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "determining_crits": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "crit_extra_note": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "no_reroll_note": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "max_armor": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "armor_type_standard": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "pilot_data": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "gunnery": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "hits_taken": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "consciousness": "read by no printout here (the code names the key or a prefix of it; no input found that prints it)",
    "bv_long": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "destroyed_location_footnote": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "main_gun_arc": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "physical_attack": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "point_rules": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "classic_no_heat": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "odd_rack_note": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "aimed_shot_note": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "col_model": "read by these printouts, but printing nothing in them (a condition they do not meet)",
    "col_pilot": "read by these printouts, but printing nothing in them (a condition they do not meet)",
    "limit": "read by these printouts, but printing nothing in them (a condition they do not meet)",
    "col_rolls": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "col_ways": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "chart_bars_heading": "printed nowhere: read by none of these printouts, and no module or template names the key",
    "chart_tw_only": "printed nowhere: read by none of these printouts, and no module or template names the key",
}


test_every_printed_label_in_place, test_every_label_is_pinned_or_listed = broad_pin_tests(
    GAME, CASES, UNITS, NOT_PINNED
)
