"""Arcs' printed components (rules/arcs/) load with no errors and say what the box says
(facts: arcs_facts.md; the Russian rulebook)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from game.arcs.data import arcs_rules_dir, parse_arcs_rules
from game.arcs.engine.components import ArcsRules

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def arcs() -> ArcsRules:
    return parse_arcs_rules(ROOT / "rules" / "arcs")


def test_the_game_finds_rules_arcs():
    assert arcs_rules_dir(ROOT / "rules") == ROOT / "rules" / "arcs"


def test_map_planets_types_slots_and_edges(arcs):
    planets = arcs.map.planets()
    assert len(arcs.map.systems) == 24 and len(planets) == 18
    assert Counter(p.type for p in planets) == {"weapon": 4, "fuel": 4, "material": 4,
                                                "relic": 3, "psionic": 3}
    assert sum(p.slots for p in planets) == 26
    assert len(arcs.map.edges) == 38
    edge = lambda a, b: frozenset((a, b)) in arcs.map.edges  # noqa: E731
    assert edge("2.3", "3.1") and edge("5.3", "6.1")
    assert not edge("1.1", "1.3") and not edge("1.3", "2.1") and not edge("6.3", "1.1")
    assert edge("G1", "G2") and edge("G6", "G1") and edge("G4", "4.2")
    assert arcs.map.neighbours("G1") == ("1.1", "1.2", "1.3", "G2", "G6")
    assert arcs.map.neighbours("1.1") == ("1.2", "G1")
    assert arcs.map.systems["4.2"].type == "fuel" and arcs.map.systems["4.2"].slots == 2
    assert arcs.map.systems["2.1"].symbol == "arrow"
    assert (arcs.map.path_markers_long, arcs.map.path_markers_short,
            arcs.map.out_of_play_markers) == (2, 2, 6)


def test_setup_cards(arcs):
    assert Counter(c.players for c in arcs.setup_cards) == {2: 4, 3: 4, 4: 4}
    by_id = {c.id: c for c in arcs.setup_cards}
    frontiers = by_id["frontiers_2p"]
    assert frontiers.out_of_play == (1, 6) and frontiers.experienced
    assert frontiers.seats[0].a == "5.3" and frontiers.seats[0].c == ("G3", "3.3")
    assert by_id["mix_up_3p"].seats[2].c == ("G5",)  # [X]: not PY's G4
    assert by_id["mix_up_3_4p"].seats[3].b == "2.2"
    for card in arcs.setup_cards:
        assert len(card.seats) == card.players


def test_action_cards_and_the_deck_by_player_count(arcs):
    assert len(arcs.action_cards) == 28
    assert Counter(c.suit for c in arcs.action_cards) == dict.fromkeys(
        ("administration", "aggression", "construction", "mobilization"), 7)
    pips = {c.id: c.pips for c in arcs.action_cards}
    assert pips["administration_5"] == 3 and pips["construction_5"] == 2
    assert pips["construction_4"] == 3 and pips["aggression_1"] == 3
    # the facts' per-card table (art, PY, RS agree); its "75" total is a slip: see rulings
    by_suit = Counter()
    for c in arcs.action_cards:
        by_suit[c.suit] += c.pips
    assert by_suit == {"administration": 20, "aggression": 15, "construction": 19,
                       "mobilization": 19}
    assert len(arcs.deck(2)) == len(arcs.deck(3)) == 20 and len(arcs.deck(4)) == 28
    assert {c.number for c in arcs.deck(3)} == {2, 3, 4, 5, 6}
    ambition = {c.number: c.ambition for c in arcs.action_cards}
    assert ambition == {1: "none", 2: "tycoon", 3: "tyrant", 4: "warlord", 5: "keeper",
                        6: "empath", 7: "any"}
    assert arcs.suits["aggression"].actions == ("battle", "move", "secure")
    assert arcs.suits["construction"].name_ru == "Проектирование"
    assert arcs.actions["secure"].name_ru == "Присвоение"


def test_ambitions_and_markers(arcs):
    names = {a.id: a.name_ru for a in arcs.ambitions.values()}
    assert names == {"tycoon": "Магнат", "tyrant": "Тиран", "warlord": "Полководец",
                     "keeper": "Хранитель", "empath": "Эмпат"}
    assert arcs.ambitions["tycoon"].resources == ("material", "fuel")
    assert arcs.ambitions["warlord"].counts == "trophies"
    assert [(m.front, m.back, m.flip_after_chapter) for m in arcs.markers] == [
        ((5, 3), (9, 4), 3), ((3, 2), (6, 3), 2), ((2, 0), (4, 2), 1)]
    # the rulebook's example: Tycoon with two markers is worth 7 to its first place
    assert arcs.markers[0].front[0] + arcs.markers[2].front[0] == 7


def test_dice_faces(arcs):
    assert set(arcs.dice) == {"skirmish", "assault", "raid"}
    for die in arcs.dice.values():
        assert len(die.faces) == 6 and die.supply == 6
    s, a, r = arcs.dice["skirmish"], arcs.dice["assault"], arcs.dice["raid"]
    assert s.total("hit") == 3 and sum(not f for f in s.faces) == 3
    assert (a.total("hit"), a.total("self_hit"), a.total("intercept")) == (7, 3, 1)
    assert (r.total("key"), r.total("self_hit"), r.total("building_hit"),
            r.total("intercept")) == (4, 3, 3, 2)
    assert arcs.dice["assault"].name_ru == "Кубик тарана"


def test_player_board_and_pieces(arcs):
    b = arcs.board
    assert [s.raid_keys for s in b.resource_slots] == [3, 1, 1, 2, 1, 3]
    assert [s.covered_by for s in b.resource_slots] == [0, 0, 1, 2, 3, 3]
    assert [c.bonus for c in b.city_slots] == [0, 0, 0, 2, 3]
    assert dict(b.pieces) == {"ships": 15, "starports": 5, "cities": 5, "agents": 10,
                              "power_markers": 2}
    assert {r.id: r.name_ru for r in arcs.resources.values()} == {
        "material": "Материал", "fuel": "Топливо", "weapon": "Оружие", "relic": "Реликвия",
        "psionic": "Психотехника"}
    assert sum(r.supply for r in arcs.resources.values()) == 25


def test_court_leaders_lore(arcs):
    guild = [c for c in arcs.court if c.type == "guild"]
    vox = [c for c in arcs.court if c.type == "vox"]
    assert len(guild) == 25 and len(vox) == 6
    assert Counter(c.suit for c in guild) == dict.fromkeys(
        ("material", "fuel", "weapon", "psionic", "relic"), 5)
    by_id = {c.id: c for c in arcs.court}
    assert by_id["sworn_guardians"].keys == 1 and by_id["loyal_engineers"].keys == 3
    assert by_id["elder_broker"].suit == "relic"  # [X]: not PY's Psionic
    assert by_id["song_of_freedom"].after_secured == "shuffle_into_court_deck"
    assert by_id["mass_uprising"].abilities[0].when == "when_secured"
    assert [c.number for c in arcs.court] == [f"BC{i:02}" for i in range(1, 32)]
    assert len(arcs.leaders) == 8 and len(arcs.lore) == 14
    leaders = {lead.id: lead for lead in arcs.leaders}
    assert leaders["mystic"].name_ru == "Мистик"
    assert leaders["mystic"].resources == ("psionic", "relic")
    assert leaders["rebel"].boxes["a"].building == "starport"
    assert leaders["rebel"].boxes["b"].building == ""
    assert {lo.id: lo.name_ru for lo in arcs.lore}["living_structures"] == "Живые постройки"


def test_every_entry_says_where_it_comes_from(arcs):
    items = [*arcs.map.systems.values(), *arcs.setup_cards, *arcs.action_cards,
             *arcs.ambitions.values(), *arcs.markers, *arcs.dice.values(),
             *arcs.resources.values(), *arcs.court, *arcs.leaders, *arcs.lore]
    for item in items:
        assert item.origin.source and item.origin.confidence in "CSIX", item.id
        assert item.name_en and item.name_ru, item.id


def test_designed_entries_are_explained_in_the_rulings():
    rulings = (ROOT / "docs" / "arcs-rulings.md").read_text(encoding="utf-8")
    designed = []
    for path in sorted((ROOT / "rules" / "arcs").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for value in doc.values():
            for entry in value if isinstance(value, list) else [value]:
                if isinstance(entry, dict) and entry.get("designed"):
                    designed.append(f"{path.name}:{entry['id']}")
    assert designed, "no designed entries? then drop this test's expectation"
    for item in designed:
        assert f"`{item}`" in rulings, item
