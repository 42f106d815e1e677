"""Every action kind the Arcs engine documents has its own words in both languages, not
the generic fallback (kind name and raw fields) the table keeps for a kind it does not
know yet."""

from __future__ import annotations

import pytest

from game.arcs.data import load_arcs_rules
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import Action, GameConfig
from game.arcs.engine.view import player_view
from game.arcs.ui.labels import action_label

NAMES = ["Ann", "Boris"]
NEW_KINDS = [
    Action("look", 0, index=1),
    Action("swap", 0, card="aggression_2", target="mobilization_3"),
    Action("swap", 0),
    Action("give", 0, target="fuel"),
    Action("new", 0, card="elder_broker", source="trade", target="2.1", index=0),
    Action("guild", 0, card="farseers", source="aggression_2,mobilization_3"),
    Action("guild", 0, card="silver_tongues", target="material", source="1", fresh=1),
    Action("build_ship_at_city", 0, target="2.1", index=0),
    Action("rifle_volley", 0, source="2.1", target="G2", index=1),
    Action("nourish", 0, target="2.1", index=0),
    Action("transform", 0, target="2.1", index=0),
    Action("sprint", 0, source="2.1", target="G2", fresh=2),
    Action("extra", 0, card="move", source="2.1", target="G2", fresh=1),
    Action("extra", 0, card="influence", index=0),
    Action("beloved", 0, index=0),
    Action("beloved", 0),
    Action("declare", 0, target="tycoon", card="loyal_pilots", index=1),
    Action("tax", 0, target="G2", index=0, card="fuel"),
]


def _fallback(a: Action) -> str:
    return a.kind.replace("_", " ")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("action", NEW_KINDS, ids=lambda a: f"{a.kind}-{a.card or a.index}")
def test_each_new_action_kind_reads_in_words(action: Action, lang: str) -> None:
    state = new_game(load_arcs_rules(), GameConfig(players=2, seed=3))
    view = player_view(state, 0)
    text = action_label(view, action, NAMES, lang)
    assert "arcs.act." not in text and "arcs.new_action." not in text
    assert not text.startswith(_fallback(action) + " "), text
    assert "_" not in text, text  # no raw ids
