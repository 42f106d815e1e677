"""The Warrior's *Tactical* and the Feastbringer's *Charismatic*
(``follow_extra_action``): one extra basic action before or after the action a copied
or pivoted card's symbol pays for (Leaders & Lore, RU p.21).

«Tactical. When you Copy or Pivot to battle, you may move before or after you battle.
(You may do this even if you spent a Weapon to let you battle.)»
«Charismatic. When you Copy or Pivot in order to secure a card, you may influence before
or after you secure.»

``state.extra`` follows it through the turn: "" (not used) → "must" (the extra action
came first: only the card's action may follow, paid by its symbol) or "after" (the
card's action is done: the extra one may follow, ``done`` declines) → "used".  The
official FAQ: a move (an influence) before must be followed by a legal battle (secure),
otherwise it is undone — the engine offers only the moves, hyperjump steps and sprints
after which a battle is still possible, and only the influences after which a secure
is, so nothing is ever undone.
"""

from __future__ import annotations

from game.arcs.engine import basic, battle, fleet, leaders
from game.arcs.engine.components import Ability
from game.arcs.engine.state import Action, State


def _ability(state: State, seat: int) -> Ability | None:
    """The seat's ability if its card this round was copied or pivoted."""
    held = leaders.holds(state, seat, "follow_extra_action")
    if not held:  # asked after every basic action: most seats hold none, so look first
        return None
    mode = next((m for s, _, m in reversed(state.plays) if s == seat), "")
    if mode not in ("copy", "pivot"):
        return None
    return held[0]


def main_action(state: State, seat: int) -> str:
    ab = _ability(state, seat)
    return ab.params["action"] if ab is not None else ""


def _moved(state: State, seat: int, source: str, target: str, fresh: int,
           damaged: int) -> bool:
    """Could the seat battle with these ships moved (the pieces put back after)?"""
    state.fresh[source][seat] -= fresh
    state.damaged[source][seat] -= damaged
    state.fresh[target][seat] += fresh
    state.damaged[target][seat] += damaged
    ok = bool(battle.battle_targets(state, seat))
    state.fresh[source][seat] += fresh
    state.damaged[source][seat] += damaged
    state.fresh[target][seat] -= fresh
    state.damaged[target][seat] -= damaged
    return ok


def keeps_battle(state: State, seat: int, source: str, target: str, fresh: int,
                 damaged: int) -> bool:
    """A move, jump or sprint is allowed while the Warrior must still battle only if a
    battle stays possible after it."""
    return state.extra != "must" or _moved(state, seat, source, target, fresh, damaged)


def _influenced(state: State, seat: int, index: int) -> bool:
    slot = state.court[index]
    assert slot is not None
    slot.agents[seat] += 1
    state.players[seat].agents -= 1
    ok = bool(basic.secure_targets(state, seat))
    slot.agents[seat] -= 1
    state.players[seat].agents += 1
    return ok


def _options(state: State, seat: int, extra: str, before: bool) -> list[Action]:
    out = []
    if extra == "move":
        for s, t, f, d in fleet.move_targets(state, seat):
            if not before or _moved(state, seat, s, t, f, d):
                out.append(Action("extra", seat, card="move", source=s, target=t, fresh=f,
                                  damaged=d))
    else:
        out += [Action("extra", seat, card="influence", index=i)
                for i in basic.influence_targets(state, seat)
                if not before or _influenced(state, seat, i)]
    return out


def before(state: State, seat: int, allowed: set[str]) -> list[Action]:
    """The extra action first: while the card's symbol is unspent and may pay for the
    card's action (not a spent resource's free action)."""
    ab = _ability(state, seat)
    if (ab is None or state.extra or state.free or state.budget == 0
            or ab.params["action"] not in allowed):
        return []
    return _options(state, seat, ab.params["extra"], before=True)


def after(state: State, seat: int) -> list[Action]:
    ab = _ability(state, seat)
    if ab is None or state.extra != "after":
        return []
    return _options(state, seat, ab.params["extra"], before=False)


def card_action_done(state: State, seat: int, kind: str) -> None:
    """The card's symbol paid for ``kind``: the extra action may follow, unless it came
    first."""
    if kind != main_action(state, seat):
        return
    state.extra = "used" if state.extra == "must" else ("after" if not state.extra
                                                         else state.extra)


def extra(state: State, a: Action) -> None:
    state.extra = "used" if state.extra == "after" else "must"
    if a.card == "move":
        fleet.move(state, a.seat, a.source, a.target, a.fresh, a.damaged, jumping=False)
    else:
        basic.influence(state, a.seat, a.index)
