"""What a phone shows for one Forbidden Stars seat (docs/remote.md, the "list" layout):
its order tokens in hand, its combat cards in a combat, its faction's board, the combat
under way (dice, units, the cards face up), every seat's public facts, the last moves,
and its legal actions as labelled buttons — in English and Russian.

Everything is read from :func:`player_view` of the seat, through the same models the big
screen draws (game.forbidden_stars.ui.model and combat_model, which read only that
view); the last moves are worded by :func:`labels.told` (a rival's hidden choice named
only by its player).  The actions are the engine's legal list when the seat acts (the
table session names them and builds the payload: game.ui.table_session).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game import i18n
from game.forbidden_stars.engine.state import HIDDEN, Action, State
from game.forbidden_stars.ui.combat_model import CardInfo, SideModel, build_combat_model
from game.forbidden_stars.ui.model import model_of
from game.ui.log_panel import LogLine

if TYPE_CHECKING:
    import pygame


def _t(key: str, lang: str, **kw: object) -> str:
    return i18n.t(key, lang, **kw)


def _card(info: CardInfo) -> dict[str, Any]:
    lines = [info.main]
    if info.unit:
        lines.append(f"{info.units}: {info.unit}" if info.units else info.unit)
    if info.icons:
        lines.append(" ".join(info.icons))
    return {"name": info.name, "lines": [line for line in lines if line]}


def phone_words(view: State, seat: int, acting: int, names: Sequence[str],
                legal: list[Action], ids: list[str], recent: Sequence[LogLine],
                lang: str) -> dict[str, Any]:
    """Seat ``seat``'s words of the phone page's "list" layout (``view``: its player
    view; ``legal``: its legal actions, named ``ids``; ``recent``: the last lines of
    the move log as this seat may read them, the table's own)."""
    m = model_of(view, seat, acting, legal, lang, names)
    combat = build_combat_model(view, seat, legal, lang, names)
    me = m["players"][seat]
    hand = [{"name": m["order_names"].get(o, o), "lines": [f"×{n}"]}
            for o, n in me["orders"].items() if o != HIDDEN and n]
    sections = [{"title": f"{me['name']} ({_t('fs_table.you', lang)})",
                 "rows": _player_rows(me, lang)}]
    if combat is not None:
        hand = [_card(c) for c in combat.attacker.hand + combat.defender.hand] + hand
        rows = [combat.phase_text, combat.prompt]
        if combat.pending_text:
            rows.append(combat.pending_text)
        rows += [_side_row(side, lang) for side in combat.sides]
        rows += list(combat.results)
        sections.insert(0, {"title": combat.title, "rows": [r for r in rows if r]})
    status = [_t("fs_table.round", lang, n=m["round"], total=m["rounds"]), m["step_name"]]
    others = {str(p["seat"]): [p["name"], *_player_rows(p, lang)]
              for p in m["players"] if p["seat"] != seat}
    return {
        "title": i18n.t("forbidden_stars.title", lang),
        "status": " · ".join(s for s in status if s),
        # the table's prompt says where to click; a phone just says whose move it is
        "prompt": _t("fs_table.your_turn", lang, name=names[seat]) if legal else m["prompt"],
        "hand_title": _t("fs_table.your_orders", lang),
        "hand": hand,
        "sections": sections,
        "others": others,
        "actions": {ident: a["label"] for ident, a in zip(ids, m["actions"], strict=True)},
        "log": [line.text for line in recent],
    }


def _player_rows(p: dict[str, Any], lang: str) -> list[str]:
    rows = [p["faction_name"],
            " · ".join((f"{_t('fs_table.materiel', lang)}: {p['materiel']}",
                        f"{_t('fs_table.objectives', lang)}: {p['objectives']}",
                        f"{_t('fs_table.command', lang)}: {p['command']}")),
            " · ".join((f"{_t('fs_table.orders', lang)}: {p['orders_left']}",
                        f"{_t('fs_table.combat_deck', lang)}: {p['combat_deck']}",
                        f"{_t('fs_table.events', lang)}: {p['event_deck']}"))]
    if p["upgrades"]:
        rows.append(", ".join(p["upgrades"]))
    for scheme in p["schemes"]:
        rows.append(_t("fs_table.scheme", lang, name=scheme))
    return rows


def _side_row(side: SideModel, lang: str) -> str:
    units = ", ".join(f"{u.name} ×{u.count}" for u in side.units if u.count)
    played = ", ".join(c.name for c in side.played)
    parts = [f"{side.name} ({side.faction_name})", units]
    if side.dice:
        parts.append(" ".join(side.dice))
    if played:
        parts.append(played)
    del lang
    return " · ".join(p for p in parts if p)


def board_surface(view: State, acting: int, names: Sequence[str], lang: str) -> pygame.Surface:
    """The board a hosted game's phones see above their buttons (game.ui.board_picture):
    the table's own drawing (table_view.draw_table at its 1400×1080 base) of the model of
    ``view``, the PUBLIC player view — no seat's order tokens, combat or event cards."""
    # lazy: the phone payload (built on every change) needs no pygame; only the host draws
    import pygame

    from game.forbidden_stars.ui.table_view import BASE, draw_table
    from game.ui.log_panel import PUBLIC

    surface = pygame.Surface(BASE)
    draw_table(surface, model_of(view, PUBLIC, acting, [], lang, names), lang=lang)
    return surface
