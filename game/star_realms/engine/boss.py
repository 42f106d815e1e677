"""How an adventure's boss decides: the book's rules, and our defaults where it is silent.

From the book (seed 000, «Дополнительные замечания», «Босс атакует»):
- when the boss uses a kind of ability and has several, it uses the most expensive card's
  (random among ties);
- attacks follow four steps, each attack using the least combat that destroys its target:
  1 the player with the most authority it can destroy, 2 the outpost with the most defense
  it can destroy (ties: cost, then random), 3 likewise a plain base, 4 the player with the
  least authority; outposts protect as usual; "destroy target base" picks the same way;
  the boss never destroys its own bases.
Ours (documented in docs/adventures.md): choices inside card texts — take the option with
the most combat, say yes to "you may", scrap Scouts then Vipers, scrap the priciest trade
row card, discard the cheapest card, acquire the priciest card, target the player the
ability is aimed at (else the one with the most authority).
"""

from __future__ import annotations

from typing import Any

from game.star_realms.engine.effects import acquire_candidates
from game.star_realms.engine.elimination import lose_authority
from game.star_realms.engine.events import Destroy
from game.star_realms.engine.state import EMPTY, Decision, State
from game.star_realms.engine.targets import attackable_players, base_targets, remaining_defense
from game.star_realms.engine.zones import destroy_base


def boss_seat(state: State) -> int:
    return state.boss.seat if state.boss is not None else -1


def is_boss(state: State, seat: int) -> bool:
    return state.boss is not None and seat == state.boss.seat


def pick_max(state: State, items: list, key) -> Any:
    """The item with the greatest key; ties broken with the game's RNG (an undo barrier)."""
    if not items:
        return None
    best = max(key(i) for i in items)
    top = [i for i in items if key(i) == best]
    if len(top) == 1:
        return top[0]
    state.undo_barrier += 1
    return top[state.rng.below(len(top))]


def aimed_player(state: State, candidates: list[int]) -> int:
    """The player a boss ability is aimed at: its current target (Dimensional Horror),
    else the player with the most authority (random among ties)."""
    target = state.boss.target if state.boss is not None else -1
    if target in candidates:
        return target
    return pick_max(state, candidates, state.authority)


def _effects_combat(effects) -> int:
    total = 0
    for op, params in effects:
        if op == "combat" and isinstance(params, int):
            total += params
    return total


def _base_order(state: State, iid: int) -> tuple[int, int]:
    return (remaining_defense(state, iid), state.cards[iid].cost)


def best_base(state: State, candidates: list[int]) -> int | None:
    """Outposts first, most defense, then most expensive, then random (attack steps 2–3)."""
    outposts = [b for b in candidates if state.cards[b].outpost]
    pool = outposts or list(candidates)
    return pick_max(state, pool, lambda b: _base_order(state, b))


def choose(state: State, d: Decision) -> Any:
    """The boss's answer to a decision (None declines an optional one)."""
    cards = state.cards
    if d.kind == "option":
        if d.purpose == "may":
            return 0
        assert d.effect is not None  # an option decision always comes from an effect
        options = d.effect[1]
        return max(range(len(options)), key=lambda i: (_effects_combat(options[i]), -i))
    if d.kind == "seat":
        return aimed_player(state, list(d.candidates))
    cands = list(d.candidates)
    if d.purpose == "destroy_base":
        return best_base(state, cands)
    if d.purpose == "scrap":
        row = [c for c in cands if c in state.trade_row]
        starters = [c for c in cands if c not in row and cards[c].role == "starter"]
        script = getattr(state.format, "script", None)
        if d.optional and not row and script is not None and script.adv.designed.get(
                "declines_optional_scraps"):
            return None  # (Madness of the Machine: it never thins its own deck)
        if starters:  # Scouts before Vipers
            return min(starters, key=lambda c: (cards[c].id != "scout", c))
        if row and len(row) == len(cands):
            return pick_max(state, row, lambda c: cards[c].cost)
        if d.optional:
            return None
        return min(cands, key=lambda c: (cards[c].cost, c))
    if d.purpose == "discard":
        return min(cands, key=lambda c: (cards[c].cost, cards[c].id != "scout", c))
    if d.purpose in ("acquire", "topdeck", "copy_base", "copy_ship"):
        return pick_max(state, cands, lambda c: cards[c].cost)
    return cands[0] if not d.optional else None


# ---------------------------------------------------------------------- attacks


def attack_once(state: State) -> tuple[str, int, int] | None:
    """One attack of the series (the book's steps 1–4).  Returns (kind, target, combat
    spent) — kind "player" or "base" — or None when nothing can be attacked."""
    seat = boss_seat(state)
    combat = state.seats[seat].combat
    if combat <= 0:
        return None
    players = attackable_players(state, seat)
    killable = [p for p in players if state.authority(p) <= combat]
    if killable:
        target = pick_max(state, killable, state.authority)
        spend = max(state.authority(target), 1)
        state.seats[seat].combat -= spend
        lose_authority(state, target, spend, seat)
        return ("player", target, spend)
    bases = [b for b in base_targets(state, seat) if remaining_defense(state, b) <= combat]
    if bases:
        base = best_base(state, bases)
        assert base is not None  # (bases is not empty)
        spend = remaining_defense(state, base)
        state.seats[seat].combat -= spend
        owner = destroy_base(state, base)
        state.events.append(Destroy(seat, base, owner))
        return ("base", base, spend)
    if players:
        target = pick_max(state, players, lambda p: -state.authority(p))
        state.seats[seat].combat = 0
        lose_authority(state, target, combat, seat)
        return ("player", target, combat)
    return None


def acquire_targets(state: State, max_cost: int) -> list[int]:
    return acquire_candidates(state, max_cost, ("ship", "base"))


def row_cards(state: State) -> list[int]:
    return [c for c in state.trade_row if c != EMPTY]
