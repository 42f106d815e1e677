"""The hard level at the table (game/arcs/ui/session.py): it chooses in a worker thread
on its seat's view, step_bots never waits for it, a result for a game that moved on is
dropped, an error reaches the UI thread, and close() stops or abandons the worker."""

from __future__ import annotations

import threading
import time

import pytest

from game.arcs.ai.search import HardBot
from game.arcs.engine.rules import legal_actions
from game.arcs.engine.state import Action, State
from game.arcs.ui.session import (
    BOT_LEVELS,
    CLOSE_WAIT,
    THREADED,
    ArcsSession,
    ArcsSetup,
)

QUICK = 0.25  # seconds: a step_bots call that takes longer has waited for the bot


class Gate:
    """A bot that chooses the first legal action once released; it records the view
    it was given and the thread it ran on."""

    name = "gate"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.views: list[State] = []
        self.threads: list[str] = []
        self.fail = False

    def choose(self, view: State, legal: list[Action]) -> Action:
        self.views.append(view)
        self.threads.append(threading.current_thread().name)
        assert self.release.wait(10)
        if self.fail:
            raise ValueError("the bot broke")
        return legal[0]


def session(seats: tuple[str, ...], seed: int = 3, delay: float = 0.0) -> ArcsSession:
    return ArcsSession(ArcsSetup(seats, tuple(f"P{i}" for i in range(len(seats))), seed),
                       bot_delay=delay, autosave=False)


def timed_step(s: ArcsSession, dt: float = 0.02) -> tuple[bool, float]:
    start = time.perf_counter()
    acted = s.step_bots(dt)
    return acted, time.perf_counter() - start


def gated(s: ArcsSession) -> Gate:
    """The acting seat's bot replaced by a gate (the seat stays a threaded level)."""
    gate = Gate()
    s.bots[s.acting] = gate  # type: ignore[assignment]
    return gate


def test_hard_is_offered_and_threaded():
    assert "hard" in BOT_LEVELS and {"hard"} == THREADED
    assert isinstance(session(("hard", "human")).bots[0], HardBot)


def test_a_thinking_bot_never_blocks_step_bots():
    s = session(("hard", "hard"))
    gate = gated(s)
    seat = s.acting
    for _ in range(5):
        acted, took = timed_step(s)
        assert not acted and took < QUICK
    assert s.thinking and len(gate.views) == 1 and gate.threads[0] != \
        threading.current_thread().name
    assert gate.views[0] is not s.state  # the worker has the view, never the game
    log = len(s.state.log or [])
    gate.release.set()
    s.thought.thread.join(5)  # type: ignore[union-attr]
    assert not s.thinking
    acted, took = timed_step(s)
    assert acted and took < QUICK
    assert len(s.state.log or []) == log + 1 and (s.state.log or [])[-1].seat == seat


def test_the_visible_pause_holds_a_ready_choice_back():
    s = session(("hard", "hard"), delay=0.3)
    gate = gated(s)
    gate.release.set()
    assert not s.step_bots(0.1)  # thinking begins at once, the pause runs meanwhile
    s.thought.thread.join(5)  # type: ignore[union-attr]
    assert not s.step_bots(0.1)  # ready, but 0.1 s of the pause is left
    assert s.step_bots(0.15)


def test_a_real_hard_seat_finishes_its_turn_without_blocking():
    """Seats hard and normal from the deal: every step_bots call returns quickly while
    the hard seat thinks, and the game goes on until the hard seat has taken a whole
    turn (its redraw choice, its lead and its actions) and the other seat is to act."""
    s = session(("hard", "normal"), seed=5)
    hard_acts, slowest, deadline = 0, 0.0, time.monotonic() + 120
    while time.monotonic() < deadline and not (hard_acts >= 2 and s.acting == 1):
        seat = s.acting
        acted, took = timed_step(s)
        slowest = max(slowest, took)
        hard_acts += acted and seat == 0
        if not acted:
            time.sleep(0.005)
    assert hard_acts >= 2 and s.acting == 1, "the hard seat did not finish its turn"
    assert slowest < QUICK
    assert any(a.seat == 0 and a.kind == "lead" for a in s.state.log or [])


def test_a_stale_result_is_dropped():
    """The game moves on while the bot thinks (here the same seat's action chosen
    directly): its result, for the old position, is never applied; it thinks anew."""
    s = session(("hard", "hard"))
    gate = gated(s)
    assert not s.step_bots(0.0)
    first = s.thought
    log = len(s.state.log or [])
    other = legal_actions(s.state)[-1]
    s.choose(other)  # the game changed under the thinking bot
    assert not s.thinking
    gate.release.set()
    first.thread.join(5)  # type: ignore[union-attr]
    for _ in range(3):
        s.step_bots(0.0)
    assert (s.state.log or [])[log] == other
    assert len(s.state.log or []) == log + 1  # the stale choice was not applied
    assert s.thought is not None and s.thought is not first
    assert s.thought.key == (s.changes, s.acting)


def test_a_bot_error_reaches_the_ui_thread():
    s = session(("hard", "hard"))
    gate = gated(s)
    gate.fail = True
    gate.release.set()
    s.step_bots(0.0)
    s.thought.thread.join(5)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="the bot broke"):
        s.step_bots(0.0)


def test_close_stops_a_searching_hard_bot():
    """A hard bot deep in a long search is asked to stop: close() returns at once and
    the worker has ended."""
    s = session(("hard", "hard"))
    s.bots[s.acting] = HardBot(1, worlds=60, budget=10**7, turn_budget=10**7)
    assert not s.step_bots(0.0)
    worker = s.thought
    time.sleep(0.2)
    assert worker is not None and not worker.done  # still searching
    start = time.perf_counter()
    s.close()
    assert time.perf_counter() - start < CLOSE_WAIT + 0.2
    assert worker.done and s.thought is None
    assert not s.step_bots(1.0)  # closed: nothing more


def test_close_abandons_a_worker_that_does_not_stop():
    s = session(("hard", "hard"))
    gate = gated(s)
    s.step_bots(0.0)
    worker = s.thought
    start = time.perf_counter()
    s.close()
    assert time.perf_counter() - start < CLOSE_WAIT + 0.2
    assert s.thought is None and worker is not None and worker.thread.daemon
    log = len(s.state.log or [])
    gate.release.set()
    worker.thread.join(5)
    assert not s.step_bots(1.0) and len(s.state.log or []) == log
