"""Checks that must hold after every action; used by the soak tests and simulations."""

from __future__ import annotations

from game.star_realms.engine.cards import ACTIVATED_SLOTS
from game.star_realms.engine.events import AbilityUsed, CopyBase, Move, TurnStart
from game.star_realms.engine.state import EMPTY, State


def zone_lists(state: State) -> list[tuple[str, list[int]]]:
    zones: list[tuple[str, list[int]]] = []
    for s in state.seats:
        i = s.index
        zones += [(f"hand:{i}", s.hand), (f"deck:{i}", s.deck), (f"discard:{i}", s.discard),
                  (f"in_play:{i}", s.in_play), (f"bases:{i}", s.bases),
                  (f"heroes:{i}", s.heroes)]
        if state.mission_box is not None:  # United: Missions, secret and revealed
            zones += [(f"missions:{i}", s.missions), (f"missions_done:{i}", s.missions_done)]
        if state.gambit_box is not None:  # the Gambit set: down, up and used
            zones += [(f"gambits:{i}", s.gambits), (f"gambits_up:{i}", s.gambits_up),
                      (f"gambits_used:{i}", s.gambits_used)]
    if state.mission_box is not None:
        zones.append(("mission_box", state.mission_box))
    if state.gambit_box is not None:
        zones.append(("gambit_box", state.gambit_box))
    zones += [("trade_row", [c for c in state.trade_row if c != EMPTY]),
              ("trade_deck", state.trade_deck), ("explorers", state.explorers),
              ("scrap", state.scrap)]
    zones += state.format.mode_piles(state)  # an adventure's boss piles
    return zones


def check(state: State) -> list[str]:
    """Return a description of every broken invariant (empty when all hold)."""
    problems: list[str] = []
    zones = zone_lists(state)
    # Runs after every action of every soak: the zones are gathered as whole lists, and
    # only when a card is counted twice are they walked card by card to name where.
    seen: set[int] = set()
    total = 0
    for _, cards in zones:
        seen.update(cards)
        total += len(cards)
    if len(seen) != total:
        where: dict[int, str] = {}
        for name, cards in zones:
            for iid in cards:
                if iid in where:
                    problems.append(f"card {iid} is in {where[iid]} and {name}")
                where[iid] = name
    missing = set(range(len(state.cards))) - seen
    d = state.pending
    upgrading = d is not None and d.purpose == "upgrade"
    if d is not None and upgrading:  # a campaign card being upgraded: between the row and its zone
        missing.discard(d.source)
    if missing:
        problems.append(f"cards in no zone: {sorted(missing)[:10]}")
    for s in state.seats:
        if s.trade < 0 or s.combat < 0:
            problems.append(f"seat {s.index} has a negative pool ({s.trade} trade, "
                            f"{s.combat} combat)")
        # (``x and any(...)``: most of these lists are empty most of the time)
        if s.bases and any(not state.cards[b].is_base for b in s.bases):
            problems.append(f"seat {s.index} has a ship among its bases")
        if s.in_play and any(state.cards[c].is_base or state.cards[c].is_hero
                             for c in s.in_play):
            problems.append(f"seat {s.index} has a base or hero among its ships in play")
        if s.heroes and any(not state.cards[h].is_hero for h in s.heroes):
            problems.append(f"seat {s.index} has a ship or base among its heroes")
        if not 0 <= s.known_top <= len(s.deck):
            problems.append(f"seat {s.index} knows {s.known_top} top cards of {len(s.deck)}")
    if len(state.trade_row) != 5:
        problems.append(f"trade row has {len(state.trade_row)} slots")
    if state.trade_deck and EMPTY in state.trade_row and not upgrading and (
            not state.format.row_may_have_gaps(state)):
        problems.append("trade row has a gap while the trade deck still has cards")
    if any(state.cards[c].role != "explorer" for c in state.explorers):
        problems.append("a non-Explorer is in the Explorer pile")
    if state.mission_box is not None and any(
            not state.cards[m].is_mission for s in state.seats
            for m in s.missions + s.missions_done):
        problems.append("a card that is no mission is among a seat's missions")
    if state.gambit_box is not None and any(
            not state.cards[g].is_gambit for s in state.seats
            for g in s.gambits + s.gambits_up + s.gambits_used):
        problems.append("a card that is no gambit is among a seat's gambits")
    if any(state.cards[c].role == "explorer" for c in state.scrap):
        problems.append("an Explorer is in the scrap heap")
    in_play = {c for s in state.seats for c in s.in_play + s.bases + s.heroes}
    stray = {iid for iid, _ in state.used if iid not in in_play}
    if stray:
        problems.append(f"abilities marked used on cards not in play: {sorted(stray)}")
    if state.pending is not None and not 0 <= state.pending.seat < len(state.seats):
        problems.append(f"pending decision for seat {state.pending.seat}")
    if state.winners is None:
        if state.active not in state.turn_members:
            problems.append(f"seat {state.active} acts outside its turn {state.turn_members}")
        # (an event may take out the player whose turn it is: the turn passes once the
        # event's questions to the other players are answered)
        if not state.seats[state.active].alive and state.pending is None:
            problems.append(f"eliminated seat {state.active} has the turn")
    for s in state.seats:
        if state.winners is not None or s.alive:
            continue
        holds = s.hand or s.deck or s.discard or s.in_play or s.bases or s.heroes
        deciding = (state.pending is not None and state.pending.seat == s.index) or any(
            frame[0] == s.index for frame in state.stack)  # still handing out gifts
        if holds and not deciding:
            problems.append(f"eliminated seat {s.index} still holds cards")
    return problems


class AbilityLedger:
    """Feeds on ``state.events`` to prove each ability fires at most once per turn
    for each stay of a card in play."""

    def __init__(self) -> None:
        self.turn = -1
        self.fired: set[tuple[int, str]] = set()

    def observe(self, state: State, turn_before: int) -> list[str]:
        problems = []
        if turn_before != self.turn:
            self.turn = turn_before
            self.fired.clear()
        for ev in state.events:
            if isinstance(ev, AbilityUsed):
                key = (ev.card, ev.slot)
                if key in self.fired:
                    problems.append(f"turn {turn_before}: ability {key} used twice")
                self.fired.add(key)
            elif isinstance(ev, CopyBase) or (
                    isinstance(ev, Move) and ev.src.name in ("in_play", "bases", "heroes")):
                # A tower copying a base, or a card leaving play: its abilities are fresh.
                for slot in ACTIVATED_SLOTS:
                    self.fired.discard((ev.card, slot))
            elif isinstance(ev, TurnStart):
                self.turn = ev.turn
                self.fired.clear()
        return problems
