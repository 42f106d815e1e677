"""What a phone shows for one Arcs seat (docs/remote.md, the "list" layout): the seat's
hand with each card's suit, number, symbols and ambition, its board, the round on the
table, the court and the ambitions, the other seats' public facts, the last moves, and
its legal actions as labelled buttons — in English and Russian, so the page needs no
card data.

Everything is read from :func:`player_view` of the seat (rivals' hands, face-down copies
and seizing cards, the decks read ``HIDDEN``); the last moves are worded as the big
screen words them for a viewer, a rival's face-down card hidden.  The actions are the
engine's legal list when the seat acts, each named by ``remote_id`` (the position and
its index), labelled by :mod:`game.arcs.ui.labels`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game import i18n
from game.arcs.engine.rules import acting_seat, legal_actions
from game.arcs.engine.state import HIDDEN, OVER, Action, State
from game.arcs.engine.view import player_view
from game.arcs.ui.labels import action_label, action_labels, name
from game.ui.table_session import list_payload

LOG_LINES = 30  # the last moves a phone lists
SECRET_KINDS = ("copy", "seize")  # played face down: a rival's card is not named


def _t(key: str, lang: str, **kw: object) -> str:
    return i18n.t(key, lang, **kw)


def masked(action: Action, seat: int) -> Action:
    """``action`` as ``seat`` may read it: a rival's face-down card hidden."""
    if action.seat == seat:
        return action
    if action.kind in SECRET_KINDS:
        return action._replace(card=HIDDEN)
    if action.kind == "swap":  # Farseers: the two cards change hands unseen
        return action._replace(card=HIDDEN if action.card else "",
                               target=HIDDEN if action.target else "")
    return action


def phone_model(state: State, seat: int, names: Sequence[str], changes: int,
                log: Sequence[Action] = ()) -> dict[str, Any]:
    """Seat ``seat``'s phone payload (plain JSON data); ``changes``: the session's count
    of changes (it names the actions); ``log``: the game's actions so far."""
    view = player_view(state, seat)
    acting = acting_seat(state)
    over = state.step == OVER
    legal = legal_actions(state) if acting == seat and not over else []
    recent = [masked(a, seat) for a in list(log)[-LOG_LINES:]]
    winners = [state.winner] if state.winner is not None and state.winner >= 0 else []
    return list_payload(
        "arcs", seat, acting, over, winners, list(names)[:state.n], [a.kind for a in legal],
        changes, lambda ids, lang: _words(view, seat, acting, names, legal, ids, recent,
                                          lang), i18n.LANGUAGES)


def _words(view: State, seat: int, acting: int, names: Sequence[str], legal: list[Action],
           ids: list[str], recent: list[Action], lang: str) -> dict[str, Any]:
    rules = view.rules
    assert rules is not None
    me = view.players[seat]

    def nm(ident: str) -> str:
        return name(rules, ident, lang)

    def card(card_id: str) -> dict[str, Any]:
        c = view.card(card_id)
        suit = rules.suits[c.suit]
        amb = (nm(c.ambition) if c.ambition in rules.ambitions
               else {"any": "★", "none": "—"}.get(c.ambition, ""))
        return {"name": nm(card_id), "tone": c.suit,
                "lines": ["●" * c.pips,
                          " · ".join(nm(a) for a in suit.actions),
                          _t("remote.ambition", lang, name=amb)]}

    labels = action_labels(view, legal, names, lang)
    step = (_t("arcs.step.over", lang) if view.step == OVER
            else _t(f"arcs.step.{view.step}", lang, name=names[acting]))
    holder = view.initiative
    status = [_t("arcs.table.chapter", lang, n=view.chapter), step]
    if 0 <= holder < len(names):
        status.append(_t("arcs.table.initiative", lang, name=names[holder]))
    sections = [
        {"title": names[seat] + f" ({_t('arcs.table.you', lang)})",
         "rows": _board(view, seat, lang)},
        {"title": _t("arcs.table.round", lang), "rows": _round(view, names, lang)},
        {"title": _t("arcs.table.ambitions", lang), "rows": _ambitions(view, lang)},
        {"title": _t("arcs.table.court", lang), "rows": _court(view, names, lang)},
    ]
    others = {str(p.index): [names[p.index], *_board(view, p.index, lang)]
              for p in view.players if p.index != seat}
    log = [f"{names[a.seat]}: {action_label(view, a, names, lang)}"
           if 0 <= a.seat < len(names) else action_label(view, a, names, lang)
           for a in recent]
    return {
        "title": _t("arcs.title", lang),
        "status": " · ".join(status),
        "prompt": _t("arcs.play.your_turn", lang, name=names[seat]) if legal else "",
        "hand_title": _t("arcs.table.hand", lang),
        "hand": [card(c) for c in me.hand if c != HIDDEN],
        "sections": sections,
        "others": others,
        "actions": dict(zip(ids, labels, strict=True)),
        "log": log,
    }


def _board(view: State, who: int, lang: str) -> list[str]:
    rules = view.rules
    assert rules is not None
    p = view.players[who]

    def nm(ident: str) -> str:
        return name(rules, ident, lang)

    rows = [f"{_t('arcs.table.power', lang)}: {p.power}",
            _t("arcs.table.hand_size", lang, n=len(p.hand)),
            " · ".join((_t("arcs.table.ships", lang, n=p.ships),
                        _t("arcs.table.starports", lang, n=p.starports),
                        _t("arcs.table.agents", lang, n=p.agents)))]
    if p.resources:
        rows.append(", ".join(nm(r) for r in p.resources))
    if p.guild:
        rows.append(_t("arcs.table.guild", lang, n=len(p.guild)) + ": "
                    + ", ".join(nm(g) for g in p.guild))
    if p.captives or p.trophies:
        rows.append(" · ".join((_t("arcs.table.captives", lang, n=len(p.captives)),
                                _t("arcs.table.trophies", lang, n=len(p.trophies)))))
    if p.leader:
        lore = ", ".join(nm(c) for c in p.lore) or "—"
        rows.append(_t("arcs.table.leader_lore", lang, leader=nm(p.leader), lore=lore))
    return rows


def _round(view: State, names: Sequence[str], lang: str) -> list[str]:
    rules = view.rules
    assert rules is not None
    if not view.plays:
        return [_t("arcs.table.no_plays", lang)]
    out = []
    for s, c, mode in view.plays:
        what = "?" if c == HIDDEN else name(rules, c, lang)
        out.append(f"{names[s]}: {_t(f'arcs.table.{mode}', lang)} · {what}")
    return out


def _ambitions(view: State, lang: str) -> list[str]:
    rules = view.rules
    assert rules is not None
    out = []
    for a in rules.ambitions.values():
        markers = view.markers_on.get(a.id, [])
        if markers:
            values = ", ".join("{}/{}".format(*view.marker_values(m)) for m in markers)
            out.append(f"{name(rules, a.id, lang)}: {values}")
    return out or ["—"]


def _court(view: State, names: Sequence[str], lang: str) -> list[str]:
    rules = view.rules
    assert rules is not None
    out = []
    for slot in view.court:
        if slot is None:
            continue
        agents = ", ".join(f"{names[i]} {n}" for i, n in enumerate(slot.agents) if n)
        out.append(name(rules, slot.card, lang) + (f" · {agents}" if agents else ""))
    return out or ["—"]
