"""How much combat a seat can still reach this turn, and whom it could finish off.

Read from a player view like the rest of :mod:`game.star_realms.ai.knowledge`: the cards
still in hand count at most, the unknown ones not at all.
"""

from __future__ import annotations

from typing import Any

from game.star_realms.ai.knowledge import faction_counts, hero_factions, turn_mates
from game.star_realms.engine.cards import ALLY_SLOTS, Effects
from game.star_realms.engine.state import State


def effects_reach(effects: Effects, state: State, seat: int, hand_left: int) -> tuple[int, int]:
    """Most combat (and free base destructions) ``effects`` could still yield this turn."""
    combat = destroys = 0
    for op, params in effects:
        if op == "combat":
            if isinstance(params, int):
                combat += params
            else:
                _, counter, times = params
                combat += times * (_dearest(state, seat, ("trade_row", "hand", "discard"))
                                   if counter == "picked_cost" else 2)
        elif op in ("destroy_base", "return_base"):  # (a returned base no longer walls)
            destroys += 1
        elif op == "choose":
            opts = [effects_reach(o, state, seat, hand_left) for o in params]
            combat += max(c for c, _ in opts)
            destroys += max(d for _, d in opts)
        elif op == "may":
            c, d = effects_reach(params, state, seat, hand_left)
            combat, destroys = combat + c, destroys + d
        elif op == "if":
            opts = [effects_reach(params["then"], state, seat, hand_left),
                    effects_reach(params["else"], state, seat, hand_left)]
            combat += max(c for c, _ in opts)
            destroys += max(d for _, d in opts)
        elif op in ("discard", "scrap") and params["each"]:
            n = min(params["max"], hand_left) if op == "discard" else min(params["max"], 2)
            c, d = _reach_each(params, state, seat, hand_left)
            combat, destroys = combat + n * c, destroys + n * d
    return combat, destroys


def _reach_each(params: Any, state: State, seat: int, hand_left: int) -> tuple[int, int]:
    each = params["each"]
    if params.get("zones") and any(op == "combat" and not isinstance(p, int) for op, p in each):
        return _dearest(state, seat, params["zones"]), 0
    return effects_reach(each, state, seat, hand_left)


def _dearest(state: State, seat: int, zones: tuple[str, ...]) -> int:
    s = state.seats[seat]
    best = 0
    for z in zones:
        pool = (state.trade_row if z == "trade_row" else s.hand if z == "hand" else
                s.discard if z == "discard" else ())
        for c in pool:
            if c >= 0:
                best = max(best, state.cards[c].cost)
    return best


def combat_reach(state: State, seat: int) -> tuple[int, int]:
    """An upper bound of the combat ``seat`` can still raise this turn (every card in hand
    played, every unused ability and scrap ability used, every choice taken for combat),
    and how many bases it could destroy for free on top."""
    s = state.seats[seat]
    cards = state.cards
    hand = [c for c in s.hand if c >= 0]
    present = hand + s.in_play + s.bases
    counts = faction_counts(state, present)
    combat, destroys = s.combat, 0
    # Heroes (Crisis): each scrap ability once, and the allies of the factions they (or
    # one used already this turn) unlock count as triggered.
    unlocked = set(s.allies_of)
    for h in s.heroes:
        effects = cards[h].ability("scrap")
        unlocked.update(hero_factions(effects))
        cb, d = effects_reach(effects, state, seat, max(len(hand) - 1, 0))
        combat, destroys = combat + cb, destroys + d
    empire_ships = sum(1 for c in hand if cards[c].is_ship)
    for c in present:
        card = state.card(c)
        in_hand = c in hand
        if not in_hand and not card.is_base and not card.triggers and len(card.abilities) == 1:
            continue
        for slot in ("primary", "ally", "second_ally", "double_ally", "scrap"):
            printed = card.abilities.get(slot)
            if not printed or (c, slot) in state.used:
                continue
            if slot in ALLY_SLOTS:
                answers = card.answers_to(slot)
                others = max((counts.get(f, 0) - (f in card.factions) for f in answers),
                             default=0)
                if unlocked and unlocked & set(answers):
                    others = 2
                if others < (2 if slot == "double_ally" else 1):
                    continue
            cb, d = effects_reach(printed, state, seat, max(len(hand) - 1, 0))
            combat, destroys = combat + cb, destroys + d
        for trig in card.triggers:
            if not in_hand:
                cb, _ = effects_reach(trig.effects, state, seat, 0)
                combat += cb * empire_ships
    # Effects already under way: the rest of resolving abilities and the open question.
    for frame_seat, _, effects, pos, _ in state.stack:
        if frame_seat == seat:
            cb, d = effects_reach(effects[pos:], state, seat, len(hand))
            combat, destroys = combat + cb, destroys + d
    q = state.pending
    if q is not None and q.seat == seat and q.effect is not None:
        cb, dd = effects_reach((q.effect,), state, seat, len(hand))
        if q.purpose in ("destroy_base", "return_base"):
            dd = 1
        combat, destroys = combat + cb, destroys + dd
    return combat, destroys


def lethal_target(state: State, seat: int) -> int | None:
    """An opponent ``seat`` could still eliminate this turn by going all in, if any (in
    a team turn with its teammates' combat too: the team pools it)."""
    reach, destroys = combat_reach(state, seat)
    for m in turn_mates(state, seat):
        more, more_destroys = combat_reach(state, m)
        reach, destroys = reach + more, destroys + more_destroys
    best = None
    for t in state.format.opponents(state, seat):
        walls = sorted((state.cards[b].defense - state.damage.get(b, 0)
                        for p in state.format.protectors(state, t)
                        for b in state.seats[p].bases if state.cards[b].outpost), reverse=True)
        need = sum(walls[destroys:]) + max(state.authority(t), 0)
        if need <= reach and (best is None or need < best[0]):
            best = (need, t)
    return None if best is None else best[1]
