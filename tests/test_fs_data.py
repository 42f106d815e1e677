"""Forbidden Stars' components (rules/forbidden_stars/) load with no errors, say what the
box says (facts: forbidden_stars_facts.md; the Russian Learn to Play booklet), and every
broken file gives a ``rules/forbidden_stars/<file>:<entry>:<field>: message`` line."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.forbidden_stars.data import FSRulesError, fs_rules_dir, parse_fs_rules
from game.forbidden_stars.engine.components import FSRules

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules" / "forbidden_stars"
L = "rules/forbidden_stars/"


@pytest.fixture(scope="module")
def fs() -> FSRules:
    return parse_fs_rules(RULES)


def test_the_game_finds_its_rules_folder():
    assert fs_rules_dir(ROOT / "rules") == RULES


def test_factions_units_and_structures(fs):
    assert sorted(fs.factions) == ["chaos", "eldar", "orks", "space_marines"]
    assert {f.id: f.tile for f in fs.factions.values()} == {
        "space_marines": 10, "chaos": 12, "orks": 11, "eldar": 9}
    assert all(f.materiel == 6 for f in fs.factions.values())  # the booklet's «б»
    # the name a crowded sheet shows (designed): never longer than the whole name
    assert fs.factions["chaos"].short_ru == "Пожиратели миров"
    assert all(len(f.short_en) <= len(f.name_en) and len(f.short_ru) <= len(f.name_ru)
               for f in fs.factions.values())
    assert Counter(u.faction for u in fs.units.values()) == dict.fromkeys(fs.factions, 6)
    # RB p.12: «если игрок Ультрамаринов имеет два лэнд рэйдера … он бросает шесть кубов»
    assert fs.units["sm_land_raider"].dice == 3 and fs.units["sm_scout"].health == 2
    assert dict(fs.factions["orks"].start_units) == {"ork_boyz": 4, "ork_nob": 1}
    assert dict(fs.factions["orks"].start_assets) == {"reinforcement": 1}
    assert {s.id: (s.cost, s.supply) for s in fs.structures.values()} == {
        "city": (3, 15), "factory": (2, 10), "bastion": (2, 10)}
    figures = Counter()
    for u in fs.units.values():
        figures[u.faction] += u.figures
    assert figures == {"space_marines": 27, "chaos": 27, "orks": 27, "eldar": 24}  # RB p.2
    assert all(u.forge == (u.cost == 5) for u in fs.units.values())


def test_cards_upgrades_and_events(fs):
    assert len(fs.combat_cards) == 56 and len(fs.upgrades) == 20 and len(fs.events) == 32
    for fid in fs.factions:
        cards = [c for c in fs.combat_cards.values() if c.faction == fid]
        assert sum(c.deck == "start" for c in cards) == 5
        assert Counter((c.level, c.cost) for c in cards if c.deck == "upgrade") == {
            (0, 2): 4, (2, 4): 3, (3, 6): 2}
        events = [e for e in fs.events.values() if e.faction == fid]
        assert Counter(e.kind for e in events) == {"scheme": 4, "tactic": 4}
        assert Counter(e.storm for e in events) == dict.fromkeys(fs.storm_icons, 2)
        ups = [u for u in fs.upgrades.values() if u.faction == fid]
        assert Counter(u.order for u in ups) == {"advance": 3, "strategize": 1, "deploy": 1}
        assert sum(u.orbital for u in ups) == 2
    assert fs.combat_cards["ork_snapper_gargant"].icons == ("bolter",) * 4 + ("shield",)
    assert fs.upgrades["ork_ork_roks"].level == 0 and fs.upgrades["ork_ork_roks"].cost == 2


def test_tiles_and_the_board_rules(fs):
    assert len(fs.faces) == 24
    assert all(len(f.areas) == 4 for f in fs.faces.values())
    assert all(sum(a.objective for a in f.areas) == 2 for f in fs.faces.values())
    assert all(a.capacity == 3 for f in fs.faces.values() for a in f.areas if a.kind == "void")
    # the TTS materiel lists, clockwise
    mat = {f.id: [a.materiel if a.kind == "world" else "V" for a in f.areas]
           for f in fs.faces.values()}
    assert mat["t2a"] == ["V", "V", 0, 3] and mat["t10a"] == [0, 2, "V", 1]
    assert all(fs.faces[f"t{n}{s}"].origin.designed for n in range(1, 9) for s in "ab")
    assert not any(fs.faces[f"t{n}{s}"].origin.designed for n in range(9, 13) for s in "ab")
    assert {n: (s.board, s.storms) for n, s in fs.setups.items()} == {
        2: ((3, 2), 2), 3: ((3, 3), 3), 4: ((3, 4), 4)}
    assert fs.setups[2].origin.designed and not fs.setups[4].origin.designed
    assert fs.constants["rounds"] == 8 and fs.constants["area_unit_limit"] == 5
    assert {f.id: f.value for f in fs.die_faces.values()} == {"bolter": 3, "shield": 2,
                                                              "morale": 1}
    assert {o: fs.orders[o].name_ru for o in fs.orders} == {
        "deploy": "Развёртывание", "strategize": "Планирование", "dominate": "Доминирование",
        "advance": "Продвижение"}


def test_every_entry_carries_its_provenance(fs):
    entries = [*fs.factions.values(), *fs.units.values(), *fs.structures.values(),
               *fs.combat_cards.values(), *fs.upgrades.values(), *fs.events.values(),
               *fs.faces.values(), *fs.storm_icons.values()]
    for e in entries:
        assert e.origin.source and e.origin.confidence in "CSIX"
        assert e.name_en and e.name_ru
    designed = [e.id for e in entries if e.origin.designed]
    assert "diagonal_s" in designed and "t1a" in designed and "sm_scout" not in designed


# ---------------------------------------------------------------------- broken data


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "forbidden_stars"
    shutil.copytree(RULES, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _errors(folder: Path) -> list[str]:
    with pytest.raises(FSRulesError) as err:
        parse_fs_rules(folder)
    return err.value.errors


AMBUSH = '{ kind = "gain_tokens", faces = ["bolter"], count = 2 },\n]\nunits = ["sm_scout"'

CASES = [
    ("combat_cards.toml", AMBUSH, AMBUSH.replace("gain_tokens", "zap"),
     "combat_cards.toml:sm_ambush:main[0].kind: unknown effect 'zap'"),
    ("combat_cards.toml", AMBUSH, AMBUSH.replace("count = 2", "count = 2, zap = 1"),
     "combat_cards.toml:sm_ambush:main[0].zap: unknown parameter of 'gain_tokens'"),
    ("combat_cards.toml", AMBUSH, AMBUSH.replace(", count = 2", ""),
     "combat_cards.toml:sm_ambush:main[0].count: missing required parameter of "
     "'gain_tokens'"),
    ("combat_cards.toml", AMBUSH, AMBUSH.replace("count = 2", "count = 9"),
     "combat_cards.toml:sm_ambush:main[0].count: 9 is out of range 0..8"),
    ("combat_cards.toml", 'units = ["sm_scout", "sm_strike_cruiser"]',
     'units = ["ork_boyz", "sm_strike_cruiser"]',
     "combat_cards.toml:sm_ambush:units[0]: unknown value 'ork_boyz'"),
    ("combat_cards.toml", 'units = ["sm_scout", "sm_space_marine"], count = 1',
     'units = ["ork_nob"], count = 1',
     "combat_cards.toml:sm_drop_pod_assault:unit[0].each[0].units[0]: 'ork_nob' is not a "
     "unit of this card's faction"),
    ("combat_cards.toml", AMBUSH, AMBUSH.replace("{ kind", '{ when = "now", kind'),
     "combat_cards.toml:sm_ambush:main[0].when: the card fixes this effect's timing"),
    ("combat_cards.toml", AMBUSH, AMBUSH.replace('"bolter"', '"laser"'),
     "combat_cards.toml:sm_ambush:main[0].faces[0]: unknown value 'laser'"),
    ("combat_cards.toml", 'id = "sm_ambush"', 'id = "Sm_Ambush"',
     "combat_cards.toml:Sm_Ambush:id: 'Sm_Ambush' does not match ^[a-z][a-z0-9_]*$"),
    ("combat_cards.toml", 'id = "sm_reconnaissance"', 'id = "sm_ambush"',
     "combat_cards.toml:sm_ambush:id: defined twice"),
    ("combat_cards.toml", 'id = "sm_ambush"\n', 'id = "sm_ambush"\nzap = 1\n',
     "combat_cards.toml:sm_ambush:zap: unknown field"),
    ("combat_cards.toml", 'deck = "start"\nicons = ["bolter"]\nmain = [\n    '
     '{ kind = "gain_tokens", faces = ["bolter"], count = 2 },\n]\nunits = ["sm_scout"',
     'deck = "start"\nlevel = 1\nicons = ["bolter"]\nmain = [\n    '
     '{ kind = "gain_tokens", faces = ["bolter"], count = 2 },\n]\nunits = ["sm_scout"',
     "combat_cards.toml:sm_ambush:level: a starting card has no level or cost"),
    ("combat_cards.toml", 'id = "sm_ambush"\nfaction = "space_marines"',
     'id = "sm_ambush"\nfaction = "necrons"',
     "combat_cards.toml:sm_ambush:faction: unknown value 'necrons'"),
    ("upgrades.toml", '{ when = "combat_start", kind = "gain_asset"',
     '{ when = "dominate", kind = "gain_asset"',
     "upgrades.toml:sm_crusade:effects[0].when: expected one of: reveal, advance, "
     "combat_start, orbital_strike, after_combat, deploy, deploy_end, strategize"),
    ("upgrades.toml", 'id = "sm_crusade"\nfaction = "space_marines"\nname_en = "Crusade"\n'
     'name_ru = "Крестовый поход"\nru_source = "ours"\norder = "advance"\norbital = false',
     'id = "sm_crusade"\nfaction = "space_marines"\nname_en = "Crusade"\n'
     'name_ru = "Крестовый поход"\nru_source = "ours"\norder = "deploy"\norbital = true',
     "upgrades.toml:sm_crusade:orbital: an orbital strike is part of an Advance (RB p.11)"),
    ("events.toml", 'storm = "perpendicular"', 'storm = "sideways"',
     "events.toml:sm_adeptus_mechanicus:storm: unknown value 'sideways'"),
    ("events.toml", 'kind = "named", name = "cancel_storm_move"',
     'kind = "named", name = "win_the_game"',
     "events.toml:chaos_prayer_to_the_dark_gods:effects[0].name: unknown value "
     "'win_the_game'"),
    ("events.toml", '{ when = "now", kind = "gain_asset", asset = "forge", count = 2 }',
     '{ when = "now", kind = "gain_asset", asset = "forge", count = 2, if = "always" }',
     "events.toml:eldar_legacy_of_vaul:effects[0].if: unknown value 'always'"),
    ("factions.toml", "cl = 0\ncost = 2\ndice = 1\nhealth = 2",
     "cl = 0\ncost = 99\ndice = 1\nhealth = 2",
     "factions.toml:sm_scout:cost: 99 is out of range 1..10"),
    ("factions.toml", 'short_ru = "Иянден"\n', "",
     "factions.toml:eldar:short_ru: expected a non-empty string"),
    ("factions.toml", "tile = 10", "tile = 12",
     "factions.toml:space_marines:tile: tile 12 is another faction's too"),
    ("factions.toml", "eldar_frigate = 2 }", "eldar_frigate = 9 }",
     "factions.toml:eldar:start: the initial forces do not fit on face t9a"),
    ("factions.toml", "sm_scout = 4,", "sm_scoot = 4,",
     "factions.toml:space_marines:start.units.sm_scoot: unknown id"),
    ("factions.toml", 'name_ru = "Скауты"\ntype = "ground"\ncl = 0',
     'name_ru = "Скауты"\ntype = "ground"\ncl = 1',
     "factions.toml:sm_scout:reinforcement: a reinforcement token counts as a CL-0 unit"),
    ("factions.toml", "figures = 9\nreinforcement = true",
     "figures = 8\nreinforcement = true",
     "factions.toml:chaos:figures: the box holds 27 figures, the file 26"),
    ("tiles.toml", '    { kind = "void" },\n    { kind = "void" },\n]',
     '    { kind = "void" },\n]',
     "tiles.toml:t9a:areas: a face has 4 areas, not 3"),
    ("tiles.toml", 'assets = ["cache", "prosperity"], objective = true',
     'assets = ["cache", "prosperity"], objective = false',
     "tiles.toml:t9a:areas: a face has 2 objective spots, not 1"),
    ("tiles.toml", 'assets = ["cache", "prosperity"]', 'assets = ["gold"]',
     "tiles.toml:t9a:areas[0].assets[0]: unknown value 'gold'"),
    ("tiles.toml", '{ kind = "void" },', '{ kind = "void", capacity = 5 },',
     "tiles.toml:t9a:areas[2].capacity: unknown field"),
    ("tiles.toml", 'id = "t9a"\ntile = 9', 'id = "t9a"\ntile = 8',
     "tiles.toml:t9a:id: face 8A should be named 't8a'"),
    ("game.toml", 'id = "rounds"', 'id = "turns"',
     "game.toml:turns:id: unknown value 'turns'"),
    ("game.toml", "board = [3, 2]", "board = [3, 3]",
     "game.toml:two:board: 2 players place 6 tiles (their faction tile and 2 more each), "
     "a 3×3 board holds 9"),
    ("game.toml", "moves_h = [[-1, 0], [1, 0]]", "moves_h = [[-1, 0], [2, 0]]",
     "game.toml:perpendicular:moves_h[1]: expected a step [rows, columns] of -1, 0 or 1"),
    ("game.toml", "sides = 3", "sides = 4",
     "game.toml:die_face:sides: a die has 6 faces, the file 7"),
]


@pytest.mark.parametrize(("file", "old", "new", "expected"), CASES,
                         ids=[c[3].split(":")[0] + ":" + c[3].split(":")[2] for c in CASES])
def test_every_error_path_names_file_entry_and_field(tmp_path, file, old, new, expected):
    errors = _errors(_broken(tmp_path, file, old, new))
    assert any(e.startswith(L + expected) for e in errors), errors


def test_a_removed_card_breaks_the_counts(tmp_path):
    folder = tmp_path / "forbidden_stars"
    shutil.copytree(RULES, folder)
    path = folder / "combat_cards.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('[[card]]\nid = "eldar_psychic_lance"')
    path.write_text(text[:start], encoding="utf-8")
    assert _errors(folder) == [f"{L}combat_cards.toml:eldar:card: 14 combat card types per "
                               f"faction, the file 13"]


def test_files_missing_unknown_unreadable_or_too_deep(tmp_path):
    folder = tmp_path / "forbidden_stars"
    shutil.copytree(RULES, folder)
    (folder / "events.toml").unlink()
    (folder / "extra.toml").write_text("", encoding="utf-8")
    (folder / "tiles.toml").write_text("[[face]\n", encoding="utf-8")
    deep = "main = [" + "{ kind = \"choose\", chooser = \"self\", options = [[" * 40
    text = (folder / "combat_cards.toml").read_text(encoding="utf-8")
    (folder / "combat_cards.toml").write_text(text.replace("main = [", deep, 1),
                                              encoding="utf-8")
    errors = _errors(folder)
    assert f"{L}events.toml: file not found" in errors
    assert any(e.startswith(f"{L}extra.toml: unknown file") for e in errors)
    assert any(e.startswith(f"{L}tiles.toml: TOML syntax error") for e in errors)
    assert any(e.startswith(f"{L}combat_cards.toml:sm_ambush:main: nested deeper than")
               for e in errors), errors
    assert not any(":card:" in e or "[[card]]" in e for e in errors), errors  # said once
    with pytest.raises(FSRulesError) as err:
        parse_fs_rules(tmp_path / "nowhere")
    assert err.value.errors[0].startswith("rules/forbidden_stars: folder not found")


def test_effects_nested_past_the_parser_limit(tmp_path):
    nest = '{ kind = "rally", count = 1 }'
    for _ in range(6):
        nest = f'{{ kind = "choose", chooser = "self", options = [[{nest}], []] }}'
    errors = _errors(_broken(tmp_path, "combat_cards.toml", AMBUSH,
                             AMBUSH.replace('{ kind = "gain_tokens", faces = ["bolter"], '
                                            'count = 2 }', nest)))
    assert any("effects nested deeper than 4 levels" in e for e in errors), errors


@pytest.mark.parametrize(("file", "old", "new"), [
    ("tiles.toml", "areas = [", "areas = 5\nold = ["),
    ("combat_cards.toml", "main = [", 'main = "x"\nold = ['),
    ("factions.toml", "start = {", "start = 3\nold = {"),
    ("game.toml", "board = [3, 2]", 'board = "big"'),
    ("events.toml", "effects = [", "effects = [7, "),
    ("upgrades.toml", "effects = [", "effects = [[], "),
])
def test_wrong_types_are_errors_never_crashes(tmp_path, file, old, new):
    errors = _errors(_broken(tmp_path, file, old, new))
    assert errors and all(e.startswith(L) for e in errors), errors
