"""What a click or a drop on the table may mean: the legal actions filtered by the thing
pointed at.  No rule is decided here: every candidate is one of
:func:`game.arcs.engine.rules.legal_actions`, chosen by its fields only (a system id in
``target``/``source``, a court slot in ``index``, a card id in ``card``).  An empty
result is the reason shown for an illegal click: the legal list lacks such an action.

Kinds the UI does not know (new guild, leader or lore abilities) still match by their
fields, so they are reachable from the map as well as from the list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from game.arcs.engine.state import Action

PLAY_KINDS = ("lead", "surpass", "copy", "pivot")  # a card played onto the round
FACE_DOWN = "copy"  # the one play made face down
COURT_KINDS = ("influence", "secure", "ransack")  # index = a court slot
MOVE_KINDS = ("move", "jump")
BUILDING_PIECES = ("city", "starport")
AREA_KINDS = ("seize", "declare", "pass_initiative")  # buttons by the round's area


class Target(NamedTuple):
    """What the pointer is on (game.arcs.ui.hits.Hit without its geometry)."""

    kind: str
    ident: str
    seat: int = -1
    index: int = -1
    damaged: bool = False


def on_system(legal: Iterable[Action], sid: str) -> list[Action]:
    """Every legal action naming the system (as its target or its source)."""
    return [a for a in legal if sid in (a.target, a.source)]


def moves_from(legal: Iterable[Action], sid: str) -> list[Action]:
    return [a for a in legal if a.kind in MOVE_KINDS and a.source == sid]


def moves_between(legal: Iterable[Action], source: str, target: str) -> list[Action]:
    return [a for a in legal if a.kind in MOVE_KINDS and a.source == source
            and a.target == target]


def not_moving_from(actions: Iterable[Action], sid: str) -> list[Action]:
    """The actions at ``sid`` other than moving ships out of it (those take a second
    click on the destination)."""
    return [a for a in actions if not (a.kind in MOVE_KINDS and a.source == sid)]


def on_ship(legal: Sequence[Action], sid: str, seat: int, damaged: bool) -> list[Action]:
    """A ship chip: the system's actions that are about ships (not a building's), the
    battle against the chip's owner first narrowed to that owner."""
    here = [a for a in on_system(legal, sid) if a.card not in BUILDING_PIECES]
    picked = [a for a in here if not (a.kind == "battle" and a.index != seat)]
    if any(a.kind == "hit" for a in picked):  # a hit names fresh=1 or damaged=1
        picked = [a for a in picked if a.kind != "hit"
                  or ((a.damaged if damaged else a.fresh) and a.card == "ship")]
    return picked or here


def on_building(legal: Sequence[Action], sid: str, slot: int) -> list[Action]:
    """A building: the system's actions naming that slot, else its building actions."""
    here = [a for a in on_system(legal, sid) if a.kind not in MOVE_KINDS]
    exact = [a for a in here if a.index == slot and a.kind != "battle"]
    if exact:
        return exact
    pieces = [a for a in here if a.card in BUILDING_PIECES]
    return pieces or here


def on_court(legal: Iterable[Action], slot: int, card: str) -> list[Action]:
    return [a for a in legal if (a.kind in COURT_KINDS and a.index == slot)
            or (card and a.card == card)]


def on_card(legal: Iterable[Action], card: str) -> list[Action]:
    """A card in hand clicked: everything that plays or spends it."""
    return [a for a in legal if a.card == card]


def dropped(legal: Iterable[Action], card: str) -> list[Action]:
    """A card from the hand dropped onto the round's area: its plays."""
    return [a for a in legal if a.kind in PLAY_KINDS and a.card == card]


def only_face_down(actions: Sequence[Action]) -> bool:
    return bool(actions) and all(a.kind == FACE_DOWN for a in actions)


def on_ambition(legal: Iterable[Action], ambition: str) -> list[Action]:
    return [a for a in legal if a.kind == "declare" and a.target == ambition]


def on_draft(legal: Iterable[Action], card: str) -> list[Action]:
    return [a for a in legal if a.kind == "draft" and a.card == card]


def of_kind(legal: Iterable[Action], kind: str) -> list[Action]:
    return [a for a in legal if a.kind == kind]


def candidates(legal: Sequence[Action], t: Target) -> list[Action]:
    """The legal actions a click on ``t`` may mean (move sources handled by the caller)."""
    if t.kind == "system":
        return on_system(legal, t.ident)
    if t.kind == "ship":
        return on_ship(legal, t.ident, t.seat, t.damaged)
    if t.kind == "building":
        return on_building(legal, t.ident, t.index)
    if t.kind == "court":
        return on_court(legal, t.index, t.ident)
    if t.kind == "hand":
        return on_card(legal, t.ident)
    if t.kind == "ambition":
        return on_ambition(legal, t.ident)
    if t.kind == "draft":
        return on_draft(legal, t.ident)
    return []


def highlights(legal: Sequence[Action], systems: Iterable[str],
               source: str | None = None) -> set[tuple[str, str]]:
    """The things a legal action points at, as (hit kind, ident): with a move source
    picked, the systems its ships may go to."""
    sids = set(systems)
    out: set[tuple[str, str]] = set()
    if source is not None:
        return {("system", a.target) for a in moves_from(legal, source)}
    for a in legal:
        for field in (a.target, a.source):
            if field in sids:
                out.add(("system", field))
        if a.kind in COURT_KINDS:
            out.add(("court", str(a.index)))
        if a.kind in PLAY_KINDS or a.kind == "seize":
            out.add(("hand", a.card))
        if a.kind == "declare":
            out.add(("ambition", a.target))
        if a.kind == "draft":
            out.add(("draft", a.card))
    return out
