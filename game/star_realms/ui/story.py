"""A finished game's story for the end screen: authority over time per seat, cards
acquired, damage dealt, bases destroyed and the turning point.

Only a summary of the engine's events: the game is replayed from its config and action
log (as loading a save does) and the events each action produced are counted.  Nothing
here decides a rule; who won comes from the state."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.star_realms.engine.cards import CardDB
from game.star_realms.engine.events import Acquire, Attack, Destroy, Drain, TurnStart
from game.star_realms.engine.rules import IllegalAction, apply
from game.star_realms.engine.setup import SetupError, new_game
from game.star_realms.engine.state import State


@dataclass
class Story:
    names: list[str]
    turns: list[int] = field(default_factory=list)  # x: the turn just ended (0: the start)
    authority: list[list[int]] = field(default_factory=list)  # per seat, one per turn
    bought: list[int] = field(default_factory=list)
    damage: list[int] = field(default_factory=list)
    bases: list[int] = field(default_factory=list)  # bases destroyed
    turn_seats: dict[int, int] = field(default_factory=dict)  # turn → the seat it was
    # (turn, seat, kind, amount): kind "lead" (the winners took the lead for good that
    # turn) or "blow" (they always led: their biggest swing); None without winners
    turning_point: tuple[int, int, str, int] | None = None

    def charted(self) -> list[int]:
        """Seats worth a line: those whose authority was ever above zero (a boss without
        authority has none to chart)."""
        return [s for s, series in enumerate(self.authority) if any(series)]


def _sample(state: State, story: Story, turn: int) -> None:
    story.turns.append(turn)
    for seat, series in enumerate(story.authority):
        series.append(max(0, state.authority(seat)))


def game_story(db: CardDB, state: State) -> Story | None:
    """The story of ``state``'s game, or None when its log cannot be replayed (a game
    started under other card rules)."""
    n = len(state.seats)
    story = Story(names=[s.name for s in state.seats], authority=[[] for _ in range(n)],
                  bought=[0] * n, damage=[0] * n, bases=[0] * n)
    try:
        replay = new_game(db, state.config)
        _sample(replay, story, 0)
        for action in state.actions():
            apply(replay, action)
            for ev in replay.events:
                if isinstance(ev, Acquire) and 0 <= ev.seat < n:
                    story.bought[ev.seat] += 1
                elif isinstance(ev, (Attack, Drain)) and 0 <= ev.seat < n:
                    story.damage[ev.seat] += ev.amount
                elif isinstance(ev, Destroy) and 0 <= ev.seat < n:
                    story.bases[ev.seat] += 1
                elif isinstance(ev, TurnStart):
                    story.turn_seats[ev.turn] = ev.seat
                    _sample(replay, story, ev.turn - 1)
    except (IllegalAction, SetupError):
        return None
    if not story.turns or story.turns[-1] != state.turn:
        _sample(replay, story, state.turn)
    story.turning_point = turning_point(story, state.winners or ())
    return story


def turning_point(story: Story, winners: tuple[int, ...]) -> tuple[int, int, str, int] | None:
    """The turn after which the winners led for good; if they led from the start, the
    turn of their biggest gain in the lead."""
    if not winners or len(winners) == len(story.names):
        return None
    others = [s for s in range(len(story.names)) if s not in winners]
    leads = [max(story.authority[w][i] for w in winners) -
             max(story.authority[o][i] for o in others) for i in range(len(story.turns))]
    if len(leads) < 2:
        return None
    point = None
    for i in range(len(leads) - 1, 0, -1):
        if leads[i] > 0 and leads[i - 1] <= 0:
            point = (i, "lead")
            break
        if leads[i] <= 0:
            break
    if point is None:
        best = max(range(1, len(leads)), key=lambda i: leads[i] - leads[i - 1])
        point = (best, "blow")
    i, kind = point
    turn = story.turns[i]
    seat = story.turn_seats.get(turn, winners[0])
    return turn, seat, kind, leads[i] - leads[i - 1]
