"""Formats: seating, starting hands, authority, targeting and turn order as data + small hooks.

The rules engine asks its format every question that differs between the
rulebook's formats (who may be attacked, who protects whom, whose turn is next,
when the game ends), so adding a format never means adding ``if`` branches to
the reducer.  Only the duel lives here so far; the multiplayer, team and boss
formats subclass :class:`Format`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.state import State


@dataclass(frozen=True)
class Format:
    id: str
    min_seats: int = 2
    max_seats: int = 6
    authority: int = 50
    starting_hands: tuple[int, ...] = (3, 5)  # by position in turn order; last value repeats
    hand_size: int = 5
    keep_base_damage: bool = False  # Raid: damage to the boss's bases stays between turns
    starting_deck: tuple[tuple[str, int], ...] = (("scout", 8), ("viper", 2))

    # ---------------------------------------------------------------- seating

    def teams(self, n: int) -> list[int]:
        """Team of each seat (allies share a team)."""
        return list(range(n))

    def life_pools(self, n: int) -> tuple[list[int], list[int]]:
        """(pool index of each seat, starting authority of each pool)."""
        return list(range(n)), [self.authority] * n

    def starting_hand(self, position: int) -> int:
        hands = self.starting_hands
        return hands[min(position, len(hands) - 1)]

    # ---------------------------------------------------------------- targeting

    def opponents(self, state: State, seat: int) -> list[int]:
        """Living seats of other teams, from the seat to the left clockwise."""
        n = len(state.seats)
        team = state.seats[seat].team
        out = []
        for k in range(1, n):
            other = state.seats[(seat + k) % n]
            if other.alive and other.team != team:
                out.append(other.index)
        return out

    def player_targets(self, state: State, seat: int) -> list[int]:
        """Seats this seat may attack or target ("target opponent discards")."""
        return self.opponents(state, seat)

    def base_owners(self, state: State, seat: int) -> list[int]:
        """Seats whose bases this seat may attack or target."""
        return self.opponents(state, seat)

    def protectors(self, state: State, owner: int) -> list[int]:
        """Seats whose outposts shield ``owner`` and its other bases."""
        return [owner]

    # ---------------------------------------------------------------- flow

    def next_seat(self, state: State) -> int:
        n = len(state.seats)
        for k in range(1, n + 1):
            cand = (state.active + k) % n
            if state.seats[cand].alive:
                return cand
        return state.active

    def on_eliminated(self, state: State, seat: int) -> None:
        """Hook for formats that move an eliminated player's cards (Free-for-all etc.)."""

    def winners(self, state: State) -> tuple[int, ...] | None:
        """The winning seats once the game is decided, else None."""
        teams = {s.team for s in state.seats if s.alive}
        if len(teams) > 1:
            return None
        return tuple(s.index for s in state.seats if s.team in teams)


DUEL = Format(id="duel", min_seats=2, max_seats=2)

FORMATS: dict[str, Format] = {DUEL.id: DUEL}


def get_format(format_id: str) -> Format:
    try:
        return FORMATS[format_id]
    except KeyError:
        raise ValueError(
            f"unknown format {format_id!r} (known: {', '.join(sorted(FORMATS))})") from None
