"""The per-seat presentation model of Arcs (plain, JSON-able): what the seat may see and
what it may do, each legal action with its readable label."""

from __future__ import annotations

from typing import Any

from game import i18n
from game.arcs.engine.rules import acting_seat, legal_actions
from game.arcs.engine.state import State
from game.arcs.engine.view import player_view
from game.arcs.ui.card_text import lead_zeroed
from game.arcs.ui.labels import action_labels
from game.arcs.ui.table_view import seat_names


def build_model(state: State, seat: int, lang: str | None = None) -> dict[str, Any]:
    lang = lang or i18n.language()
    view = player_view(state, seat)
    acting = acting_seat(state)
    legal = legal_actions(state) if acting == seat else []
    names = seat_names(state.n, lang)
    return {
        "seat": seat,
        "acting": acting,
        "step": state.step,
        "chapter": state.chapter,
        "initiative": state.initiative,
        "hand": list(view.players[seat].hand),
        "hand_sizes": [len(p.hand) for p in view.players],
        "power": [p.power for p in view.players],
        # the declared lead card: the Zero marker covers its number (RU p.9)
        "lead_zero": lead_zeroed(view),
        "winner": state.winner,
        "actions": [{"label": label, "action": a.to_json()}
                    for a, label in zip(legal, action_labels(view, legal, names, lang),
                                        strict=True)],
    }
