"""Steps several bosses share: using abilities, playing cards, attacking, the trade row."""

from __future__ import annotations

from collections.abc import Callable

from game.star_realms.engine import zones
from game.star_realms.engine.adventure import narrate
from game.star_realms.engine.boss import attack_once, pick_max
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.effects import push, resolve
from game.star_realms.engine.events import BOSS, TRADE_DECK, TRADE_ROW, Gain, Move, Zone
from game.star_realms.engine.plays import play_card, use_ability
from game.star_realms.engine.rules import usable_slots
from game.star_realms.engine.state import EMPTY, State


def seat_of(state: State) -> int:
    return boss_of(state).seat


def use_best(slot: str, exclude: tuple[str, ...] = ()) -> Callable[[State], bool]:
    """Book: "the boss uses an available <slot> ability" — the most expensive card's."""

    def step(state: State) -> bool:
        seat = seat_of(state)
        s = state.seats[seat]
        cands = [i for i in s.in_play + s.bases
                 if slot in usable_slots(state, i) and state.card(i).id not in exclude]
        if not cands:
            return False
        iid = pick_max(state, cands, lambda i: state.card(i).cost)
        narrate(state, f"use_{slot}", card=iid)
        use_ability(state, seat, iid, slot)
        resolve(state)
        return True

    return step


def play(state: State, iid: int) -> None:
    """The boss plays one card from its hand (its effects resolve at once)."""
    narrate(state, "play", card=iid)
    play_card(state, seat_of(state), iid)
    resolve(state)


def play_from_top(state: State, iid: int, source: Zone) -> None:
    """The boss plays a card straight from a deck (the trade deck, its own deck)."""
    seat = seat_of(state)
    state.seats[seat].hand.append(iid)
    state.events.append(Move(iid, source, Zone("hand", seat)))
    play(state, iid)


def most_expensive_in_hand(keep: Callable[[State, int], bool] | None = None,
                           bases_first: bool = False) -> Callable[[State], bool]:
    """Book: "the boss plays the most expensive card from its hand" (Scout and Viper cost
    0); with ``bases_first`` a base wins a tie with a ship."""

    def step(state: State) -> bool:
        hand = [i for i in state.seats[seat_of(state)].hand if keep is None or keep(state, i)]
        if not hand:
            return False
        iid = pick_max(state, hand, lambda i: (state.cards[i].cost,
                                               int(bases_first and state.cards[i].is_base)))
        play(state, iid)
        return True

    return step


def attack(state: State) -> bool:
    """One attack of the book's series; the step repeats while the boss can attack."""
    done = attack_once(state)
    if done is None:
        return False
    kind, target, spent = done
    if kind == "player":
        narrate(state, "attack_player", target=target, amount=spent)
    else:
        narrate(state, "attack_base", card=target, amount=spent)
    return True


def gain_combat(state: State, n: int) -> None:
    state.seats[seat_of(state)].combat += n
    state.events.append(Gain(seat_of(state), "combat", n))


def run_effects(state: State, effects, ctx=None) -> None:
    """Apply a boss ability (effects from the adventure data) right away."""
    push(state, seat_of(state), -1, effects, ctx)
    resolve(state)


def take_farthest(state: State) -> int | None:
    """Take the trade-row card farthest from the trade deck (slot 0) and slide the others
    one slot away from the deck, leaving the slot next to the deck empty."""
    row = state.trade_row
    if row[0] == EMPTY and all(c == EMPTY for c in row):
        return None
    iid = row[0]
    state.trade_row = row[1:] + [EMPTY]
    if iid == EMPTY:
        return None
    state.events.append(Move(iid, TRADE_ROW, BOSS))
    return iid


def reveal_into_row(state: State) -> int | None:
    """Turn over the top of the trade deck into the empty slot next to it."""
    if not state.trade_deck and state.format.recycle_scrap:
        zones.recycle_scrap(state)
    if not state.trade_deck:
        return None
    slot = state.trade_row.index(EMPTY)
    iid = state.trade_deck.pop()
    state.trade_row[slot] = iid
    state.events.append(Move(iid, TRADE_DECK, TRADE_ROW))
    return iid


def reveal_top(state: State) -> int | None:
    """Take the top card of the trade deck (rebuilt from the scrap heap if empty)."""
    if not state.trade_deck and state.format.recycle_scrap:
        zones.recycle_scrap(state)
    if not state.trade_deck:
        return None
    return state.trade_deck.pop()


def faction_of(state: State, iid: int) -> str:
    factions = state.cards[iid].factions
    return factions[0] if factions else "unaligned"
