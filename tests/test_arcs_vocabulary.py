"""The closed effect vocabulary covers every Arcs card, and every kind, named effect and
new action in it is used by a card (or reserved)."""

from __future__ import annotations

import ast
from pathlib import Path

from game.arcs.data import parse_arcs_rules
from game.arcs.engine import vocabulary as vocab

ROOT = Path(__file__).resolve().parent.parent


def _abilities():
    arcs = parse_arcs_rules(ROOT / "rules" / "arcs")
    for card in (*arcs.court, *arcs.leaders, *arcs.lore):
        for ability in card.abilities:
            yield card, ability


def test_every_kind_is_used_or_reserved():
    used = {a.kind for _, a in _abilities()}
    assert used <= set(vocab.KINDS)
    assert set(vocab.KINDS) - used == set(vocab.RESERVED)
    assert not (used & vocab.RESERVED), "a reserved kind is used: drop it from RESERVED"


def test_every_named_effect_and_new_action_is_used():
    named = {a.params["name"] for _, a in _abilities() if a.kind == "named"}
    assert named == set(vocab.NAMED)
    actions = {a.params["action"] for _, a in _abilities() if a.kind == "new_action"}
    assert actions == set(vocab.NEW_ACTIONS)
    assert {r for r, _ in vocab.NEW_ACTIONS.values()} <= set(vocab.BASIC_ACTIONS)


def test_behaviour_is_never_keyed_on_a_card():
    """A named effect may share a card's id (Song of Freedom), but no parameter names a
    card; every kind's timings and parameter types are known."""
    arcs = parse_arcs_rules(ROOT / "rules" / "arcs")
    ids = {c.id for c in (*arcs.court, *arcs.leaders, *arcs.lore)}
    for card, ability in _abilities():
        for key, value in ability.params.items():
            if key != "name":
                assert value not in ids, (card.id, key)
    types = {"resource", "resource_or_any", "resources", "count", "bool", "basic_action",
             "suit", "ambition", "ambition_or_any", "ambitions", "die", "choice",
             "new_action", "named"}
    for name, kind in vocab.KINDS.items():
        assert kind.timings and set(kind.timings) <= set(vocab.TIMINGS), name
        assert kind.doc, name
        for pname, param in kind.params.items():
            assert param.type in types, (name, pname)
            assert pname not in vocab.COMMON_PARAMS, (name, pname)
            assert (param.type == "choice") == bool(param.choices), (name, pname)


def test_vox_effects_resolve_when_secured_and_prelude_discards_are_marked():
    arcs = parse_arcs_rules(ROOT / "rules" / "arcs")
    for card in arcs.court:
        if card.type == "vox":
            assert [a.when for a in card.abilities] == ["when_secured"], card.id
    gatekeepers = next(c for c in arcs.court if c.id == "gatekeepers")
    place = gatekeepers.abilities[1]
    assert (place.when, place.kind, place.discard) == ("prelude", "place_ships", True)
    assert dict(place.params) == {"count": 1, "where": "each_in_play_gate"}


def test_the_vocabulary_is_pure():
    for name in ("vocabulary.py", "components.py"):
        tree = ast.parse((ROOT / "game" / "arcs" / "engine" / name).read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                mods = [a.name for a in node.names] if isinstance(node, ast.Import) \
                    else [node.module or ""]
                for mod in mods:
                    assert not mod.startswith(("pygame", "game.ui", "game.star_realms")), mod
