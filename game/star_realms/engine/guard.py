"""The runaway guard: a turn that would never end becomes a clear error, not a frozen table.

Three kinds of loop could run for ever if a rule, a card or a boss script went wrong:

* the effect resolver (effects that keep pushing effects) — counted per :func:`apply`
  call in ``State.effect_ops``;
* the boss's turn (a step that always claims it did something) — counted per boss turn
  in ``BossState.steps_run``;
* loops that wait for a card to arrive (filling the trade row from a deck rebuilt from
  the scrap heap) — each has a :class:`Budget` of the cards that can actually arrive.

The first two limits are far above anything real games reach (measured over 20,000
games of ``bench/soak.py``, which prints the peaks as ``guard_peaks``); a budget is
exact, so exceeding it is always a bug.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.star_realms.engine.boss_state import boss_of

if TYPE_CHECKING:
    from game.star_realms.engine.state import State

# Measured peaks (bench/soak.py --games 20000 --seed 1, every mode): 26 effect operations
# in one action, 48 boss steps in one boss turn.  The limits are ~80× and ~20× that, and
# ~13–20× the legal extreme (an Automatons boss playing its whole trade deck in one
# action: 103 operations, then 78 steps), yet a runaway stops within a second.
MAX_EFFECT_OPS = 2_000  # effect operations run within one apply()
MAX_BOSS_STEPS = 1_000  # steps that did something within one boss turn

# The soak sets this to a dict to learn the highest count each guarded loop reaches.
PEAKS: dict[str, int] | None = None


class RunawayTurn(RuntimeError):
    """A turn would never have ended; raised instead of looping for ever."""


def runaway(state: State, what: str) -> RunawayTurn:
    config = getattr(state, "config", None)
    seed = getattr(config, "seed", "?")
    return RunawayTurn(f"runaway turn in game seed {seed}, turn {state.turn}: {what}")


def note(key: str, count: int) -> None:
    """Record a guarded count when the soak is measuring (a no-op otherwise)."""
    if PEAKS is not None and count > PEAKS.get(key, 0):
        PEAKS[key] = count


def count_effect_op(state: State) -> None:
    state.effect_ops += 1
    if state.effect_ops > MAX_EFFECT_OPS:
        raise too_many_effect_ops(state)


def too_many_effect_ops(state: State) -> RunawayTurn:
    """The error once ``state.effect_ops`` passes the limit (the resolver counts inline)."""
    return runaway(state, f"more than {MAX_EFFECT_OPS} effect operations in one action "
                          f"(stack depth {len(state.stack)})")


def count_boss_step(state: State, step: str) -> None:
    b = boss_of(state)
    b.steps_run += 1
    if b.steps_run > MAX_BOSS_STEPS:
        raise runaway(state, f"the boss ran more than {MAX_BOSS_STEPS} steps in one turn "
                             f"(last: {step!r})")


def reveal_budget(state: State) -> int:
    """Every card a reveal could still bring: the trade deck and what of the scrap heap
    goes back into it (adventures rebuild an empty trade deck from the scrap heap)."""
    recyclable = sum(1 for c in state.scrap if state.cards[c].role == "trade")
    return len(state.trade_deck) + recyclable


class Budget:
    """How many times a loop waiting for cards may go round: set from what can actually
    arrive when the loop starts, so going past it means the loop would never end."""

    __slots__ = ("limit", "state", "used", "what")

    def __init__(self, state: State, what: str, limit: int):
        self.state = state
        self.what = what
        self.limit = limit
        self.used = 0

    def spend(self) -> None:
        self.used += 1
        if self.used > self.limit:
            raise runaway(self.state, f"{self.what} waited for more than {self.limit} cards")
        note(self.what, self.used)
