"""Damaged copies of rules/arcs/ are refused with exact ``file:entry:field: message`` lines,
every problem at once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.arcs.data import ArcsRulesError, parse_arcs_rules

ROOT = Path(__file__).resolve().parent.parent


def damaged(tmp_path: Path, file: str, *edits: tuple[str, str]) -> Path:
    """A copy of rules/arcs/ with ``file`` edited (each ``old`` must occur)."""
    dst = tmp_path / "arcs"
    shutil.copytree(ROOT / "rules" / "arcs", dst)
    text = (dst / file).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    (dst / file).write_text(text, encoding="utf-8")
    return dst


def errors_of(folder: Path) -> list[str]:
    with pytest.raises(ArcsRulesError) as err:
        parse_arcs_rules(folder)
    return err.value.errors


CASES = [
    ("court.toml",
     [('effect = { kind = "place_ships", count = 1, where = "each_system_of_a_cluster" }',
       'effect = { kind = "x" }')],
     ["rules/arcs/court.toml:mass_uprising:effect.kind: unknown effect 'x'"]),
    ("court.toml",
     [('{ when = "boost", kind = "extra_dice", count = 2, where = "gate" }',
       '{ when = "prelude", kind = "extra_dice", count = 2, where = "moon", dice = 1 }'),
      ('suit = "material"\nkeys = 3', 'suit = "wood"\nkeys = 3')],
     ["rules/arcs/court.toml:loyal_engineers:suit: unknown value 'wood' (expected one of: "
      "material, fuel, weapon, relic, psionic)",
      "rules/arcs/court.toml:gatekeepers:abilities[0].when: 'extra_dice' cannot apply at "
      "'prelude' (only: boost)",
      "rules/arcs/court.toml:gatekeepers:abilities[0].where: unknown value 'moon' (expected "
      "one of: anywhere, gate)",
      "rules/arcs/court.toml:gatekeepers:abilities[0].dice: unknown parameter of "
      "'extra_dice' (allowed: count, where)"]),
    ("court.toml",
     [('action = "trade", replaces = "tax"', 'action = "trade", replaces = "build"'),
      ('effect = { kind = "named", name = "guild_struggle" }',
       'effect = { kind = "named", name = "galactic_war" }')],
     ["rules/arcs/court.toml:elder_broker:abilities[0].replaces: 'trade' replaces 'tax', "
      "not 'build'",
      "rules/arcs/court.toml:guild_struggle:effect.name: unknown value 'galactic_war' "
      "(expected one of: song_of_freedom, guild_struggle, gate_port_toll, "
      "gate_city_every_type, no_raid_against_fresh_starport)"]),
    ("map.toml",
     [('    ["2.3", "3.1"],\n', '    ["2.3", "9.9"],\n'),
      ('type = "weapon"\nslots = 2', 'type = "gold"\nslots = 3')],
     ["rules/arcs/map.toml:1.1:type: unknown value 'gold' (expected one of: material, fuel, "
      "weapon, relic, psionic)",
      "rules/arcs/map.toml:1.1:slots: 3 is out of range 1..2",
      "rules/arcs/map.toml:across_clusters:edges[0]: unknown system '9.9'"]),
    ("map.toml",
     [('    ["5.3", "6.1"],\n', '    ["5.3", "6.1"],\n    ["1.1", "1.3"],\n')],
     ["rules/arcs/map.toml:thick_cracks:pairs[4]: 1.1–1.3 is also listed as adjacent"]),
    ("setup_cards.toml",
     [('{ a = "5.3", b = "4.3", c = ["G3", "3.3"] },\n', ""),
      ('{ a = "3.3", b = "5.2", c = ["G2"] }', '{ a = "G3", b = "1.2", c = ["G2"] }')],
     ["rules/arcs/setup_cards.toml:frontiers_2p:seats: 2 players need 2 seats, the card has 1",
      "rules/arcs/setup_cards.toml:mix_up_3p:seats[0].a: G3 is not a planet (A and B hold "
      "buildings)",
      "rules/arcs/setup_cards.toml:mix_up_3p:seats[0].b: 1.2 is in an out-of-play cluster"]),
    ("action_cards.toml",
     [('id = "aggression_7"\nname_en = "Aggression 7"\nname_ru = "Агрессия 7"\n'
       'suit = "aggression"\nnumber = 7',
       'id = "aggression_6b"\nname_en = "Aggression 7"\nname_ru = "Агрессия 7"\n'
       'suit = "aggression"\nnumber = 6')],
     ["rules/arcs/action_cards.toml:aggression_6b:id: expected aggression_6 (suit_number)"]),
    ("action_cards.toml",
     [('id = "aggression_7"', 'id = "aggression_6"')],
     ["rules/arcs/action_cards.toml:aggression_6:id: defined twice",
      "rules/arcs/action_cards.toml:aggression_6:id: expected aggression_7 (suit_number)"]),
    ("dice.toml",
     [("faces = [{ hit = 1 }, { hit = 1 }, { hit = 1 }, {}, {}, {}]",
       "faces = [{ hit = 1 }, { hit = 1 }, { hot = 1 }, {}, {}]")],
     ["rules/arcs/dice.toml:skirmish:faces: a die has 6 faces, this one 5",
      "rules/arcs/dice.toml:skirmish:faces[2].hot: unknown parameter (allowed: hit, "
      "self_hit, intercept, building_hit, key)"]),
    ("ambitions.toml",
     [("back = [9, 4]", "back = [4, 9]"), ('name_ru = "Тиран"\n', "")],
     ["rules/arcs/ambitions.toml:tyrant:name_ru: expected a non-empty string",
      "rules/arcs/ambitions.toml:high:back: expected [1st place, 2nd place] with 1st ≥ 2nd"]),
    ("board.toml",
     [("ships = 15", "ships = 14"), ("{ position = 4, raid_keys = 2, covered_by = 2 }",
                                     "{ position = 4, raid_keys = 2, covered_by = 3 }")],
     ["rules/arcs/board.toml:pieces:ships: the box holds 15 per player, not 14",
      "rules/arcs/board.toml:board:resource_slots[3].covered_by: slot 4 is covered by city "
      "slot(s) [2], not 3"]),
    ("leaders.toml",
     [('resources = ["fuel", "fuel"]', 'resources = ["fuel"]'),
      ('confidence = "C"', 'confidence = "maybe"')],
     ["rules/arcs/leaders.toml:mystic:confidence: unknown value 'maybe' (expected one of: "
      "C, S, I, X)",
      "rules/arcs/leaders.toml:fuel_drinker:resources: a leader starts with exactly 2 "
      "resources"]),
    ("lore.toml",
     [('abilities = [{ when = "boost", kind = "repair_after_attack", count = 1 }]',
       'abilities = [{ when = "boost", kind = "repair_after_attack", count = 0, '
       'once_per_turn = "yes" }]')],
     ["rules/arcs/lore.toml:repair_drones:abilities[0].count: 0 is out of range 1..15",
      "rules/arcs/lore.toml:repair_drones:abilities[0].once_per_turn: expected true or "
      "false"]),
]


@pytest.mark.parametrize(("file", "edits", "expected"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_damaged_file_gives_exact_lines(tmp_path, file, edits, expected):
    found = errors_of(damaged(tmp_path, file, *edits))
    assert found == expected


def test_problems_in_several_files_are_all_reported(tmp_path):
    folder = damaged(tmp_path, "lore.toml", ('number = "L14"', 'number = "L13"'))
    text = (folder / "court.toml").read_text(encoding="utf-8")
    (folder / "court.toml").write_text(text.replace("keys = 1", "keys = 9", 1), "utf-8")
    (folder / "extra.toml").write_text("", "utf-8")
    assert errors_of(folder) == [
        "rules/arcs/extra.toml: unknown file (expected: map.toml, setup_cards.toml, "
        "action_cards.toml, ambitions.toml, dice.toml, board.toml, court.toml, leaders.toml, "
        "lore.toml)",
        "rules/arcs/court.toml:sworn_guardians:keys: 9 is out of range 1..6",
        "rules/arcs/lore.toml:seeker_torpedoes:number: L13 is also ancient_holdings's",
    ]


def test_syntax_errors_missing_files_and_counts(tmp_path):
    folder = damaged(tmp_path, "dice.toml", ("[battle]", "[battle"))
    (folder / "leaders.toml").unlink()
    court = (folder / "court.toml").read_text(encoding="utf-8")
    cut = court.index("[[vox]]\nid = \"call_to_action\"")
    (folder / "court.toml").write_text(court[:cut], "utf-8")
    found = errors_of(folder)
    assert found[0].startswith("rules/arcs/dice.toml: TOML syntax error: ")
    assert found[1:] == ["rules/arcs/leaders.toml: file not found",
                         "rules/arcs/court.toml:vox: the court has 6 vox cards, the file 5"]


def test_no_folder(tmp_path):
    assert errors_of(tmp_path / "nowhere") == [
        f"rules/arcs: folder not found ({tmp_path / 'nowhere'})"]
