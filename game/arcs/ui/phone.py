"""What a phone shows for one Arcs seat (docs/remote.md, the "list" layout): the seat's
hand with each card's suit, number, symbols and ambition, its board, the round on the
table, the court and the ambitions, the other seats' public facts, the last moves, and
its legal actions as labelled buttons — in English and Russian, so the page needs no
card data.

Everything is read from :func:`player_view` of the seat (rivals' hands, face-down copies
and seizing cards, the decks read ``HIDDEN``); the last moves are the big screen's move
log as this seat may read it (game.arcs.ui.log_text), a rival's face-down card hidden.
The actions are the engine's legal list when the seat acts (the table session names them
and builds the payload: game.ui.table_session), labelled by :mod:`game.arcs.ui.labels`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game import i18n
from game.arcs.engine.state import HIDDEN, OVER, Action, State
from game.arcs.ui.labels import action_labels, name
from game.ui.log_panel import LogLine

if TYPE_CHECKING:
    import pygame


def _t(key: str, lang: str, **kw: object) -> str:
    return i18n.t(key, lang, **kw)


def phone_words(view: State, seat: int, acting: int, names: Sequence[str],
                legal: list[Action], ids: list[str], recent: Sequence[LogLine],
                lang: str) -> dict[str, Any]:
    """Seat ``seat``'s words of the phone page's "list" layout (``view``: its player
    view; ``legal``: its legal actions, named ``ids``; ``recent``: the last lines of the
    move log as this seat may read them, game.arcs.ui.log_text — the table's own)."""
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
    return {
        "title": _t("arcs.title", lang),
        "status": " · ".join(status),
        "prompt": _t("arcs.play.your_turn", lang, name=names[seat]) if legal else "",
        "hand_title": _t("arcs.table.hand", lang),
        "hand": [card(c) for c in me.hand if c != HIDDEN],
        "sections": sections,
        "others": others,
        "actions": dict(zip(ids, labels, strict=True)),
        "log": [line.text for line in recent],
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
    if any(p.resources):  # "": an empty resource slot
        rows.append(", ".join(nm(r) for r in p.resources if r))
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


def board_surface(view: State, acting: int, names: Sequence[str], lang: str) -> pygame.Surface:
    """The board a hosted game's phones see above their buttons (game.ui.board_picture):
    the table's own drawing (table_view.draw_table, 1920×1080) of ``view``, the PUBLIC
    player view — every hand, face-down copy and deck hidden, no seat's panel first."""
    del acting  # the header names the acting seat itself
    # lazy: the phone payload (built on every change) needs no pygame; only the host draws
    import pygame

    from game.arcs.ui.table_view import BASE, draw_table
    from game.ui.log_panel import PUBLIC

    surface = pygame.Surface(BASE)
    draw_table(surface, view, PUBLIC, names, lang)
    return surface
