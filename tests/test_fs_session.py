"""One Forbidden Stars game at the table (game.forbidden_stars.ui.session): the setup's
factions (chosen or drawn by the seed), humans choose only legal actions, bots act after
their visible pause (the slow level in a worker thread), autosaves after every completed
turn, a session sits down at its save, and the crash handler's crash_info /
emergency_save."""

from __future__ import annotations

import json
import threading
import time

import pytest

from game.forbidden_stars import saves
from game.forbidden_stars.ai.base import LEVELS, make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.state import SETUP, Action
from game.forbidden_stars.engine.undo import turn_ended
from game.forbidden_stars.saves import snapshot
from game.forbidden_stars.ui.session import (
    BOT_DELAY,
    CLOSE_WAIT,
    HUMAN,
    RANDOM_FACTION,
    THREADED,
    FsSession,
    FsSetup,
    resolve_factions,
)

RULES = load_fs_rules()
ALL = sorted(RULES.factions)


@pytest.fixture(autouse=True)
def saves_folder(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(folder))
    return folder


def test_chosen_factions_are_kept_and_random_ones_drawn_from_the_rest():
    assert resolve_factions(("orks", "eldar"), 3, ALL) == ("orks", "eldar")
    for seed in range(20):
        got = resolve_factions(("orks", RANDOM_FACTION, RANDOM_FACTION), seed, ALL)
        assert got[0] == "orks" and len(set(got)) == 3 and set(got) <= set(ALL)
        assert got == resolve_factions(("orks", "", ""), seed, ALL)  # the seed decides
    drawn = {resolve_factions(("", ""), seed, ALL) for seed in range(30)}
    assert len(drawn) > 4
    for bad in (("orks", "orks"), ("orks", "tau")):
        with pytest.raises(ValueError):
            resolve_factions(bad, 1, ALL)


def test_a_new_session_plays_the_setup_it_was_given():
    setup = FsSetup((HUMAN, "random", "random"), ("Anna", "Boris", "Vera"),
                    ("chaos", RANDOM_FACTION, "orks"), seed=12, quick_setup=False)
    session = FsSession(setup, bot_delay=0)
    factions = [p.faction for p in session.state.players]
    assert factions[0] == "chaos" and factions[2] == "orks" and len(set(factions)) == 3
    assert session.setup.factions == tuple(factions)  # the setup as played
    assert session.state.step == SETUP and not session.state.config.quick_setup
    assert session.names == ("Anna", "Boris", "Vera") and session.humans == [0]
    assert session.is_human(0) and not session.is_human(1) and not session.is_human(-1)
    assert session.seats.controllers == (HUMAN, "random", "random")
    with pytest.raises(ValueError):
        FsSession(FsSetup((HUMAN, HUMAN), ("A", "B"), ("orks",)))


def test_humans_choose_only_legal_actions_and_bots_wait_their_pause():
    session = FsSession(FsSetup(("random", HUMAN), ("A", "B"), seed=2))
    assert session.bot_delay == BOT_DELAY > 0
    while session.is_human(session.acting):
        session.choose(session.legal()[0])
    seat = session.acting
    n = len(session.state.log)
    with pytest.raises(ValueError, match="not legal"):
        session.choose(Action("place", seat, "nothing", "nowhere"))
    assert not session.step_bots(BOT_DELAY / 2)  # still thinking
    assert len(session.state.log) == n
    assert session.step_bots(BOT_DELAY / 2 + 0.01)
    assert len(session.state.log) == n + 1 and session.last == (seat, session.state.log[-1])
    view = session.view(1)
    assert view.log is None and view.config.seed == 0  # a view, not the game


def test_a_bot_that_chooses_an_illegal_action_is_caught():
    session = FsSession(FsSetup(("random", "random"), ("A", "B"), seed=2), bot_delay=0)

    class Cheat:
        def choose(self, view, legal):
            return Action("place", 0, "nothing", "nowhere")

    session.bots = {0: Cheat(), 1: Cheat()}
    with pytest.raises(RuntimeError, match="not a legal action"):
        session.step_bots(1.0)


def test_every_completed_turn_autosaves_and_the_last_one_loads(saves_folder):
    session = FsSession(FsSetup(("random", "random"), ("A", "B"), seed=7), bot_delay=0)
    turns = 0
    while len(session.state.log) < 80:
        seat = session.acting
        session.step_bots(1.0)
        turns += turn_ended(session.state, seat)
    files = saves.save_files(saves_folder, ("autosave",))
    assert 0 < len(files) <= 5 and turns >= 5  # pruned to the newest five
    loaded = saves.load_game(files[0])
    assert loaded.state.log == session.state.log[:len(loaded.state.log)]
    assert turn_ended(loaded.state, loaded.state.log[-1].seat)


def test_a_failed_autosave_says_why_and_play_goes_on(saves_folder):
    saves_folder.parent.mkdir(exist_ok=True)
    saves_folder.write_text("a file where the folder should be", encoding="utf-8")
    session = FsSession(FsSetup(("random", "random"), ("A", "B"), seed=7), bot_delay=0)
    for _ in range(30):
        session.step_bots(1.0)
    assert session.save_error and len(session.state.log) == 30


def test_from_save_sits_down_at_the_same_game(saves_folder):
    session = FsSession(FsSetup((HUMAN, "random", "random"), ("Anna", "Boris", "Vera"),
                                ("orks", "eldar", "chaos"), seed=3), bot_delay=0,
                        autosave=False)
    bot = make_player("random", 9)
    while len(session.state.log) < 50:
        session.step_bots(1.0) or session.choose(bot.choose(session.view(0),
                                                            session.legal()))
    path = session.save("manual")
    again = FsSession.from_save(path, bot_delay=0)
    assert again.source == path and again.names == session.names
    assert again.setup.seats == session.setup.seats
    assert again.setup.factions == ("orks", "eldar", "chaos")
    assert snapshot(again.state) == snapshot(session.state)
    assert again.last == (session.state.log[-1].seat, session.state.log[-1])
    assert again.legal() == session.legal()
    path.write_text("{", encoding="utf-8")
    with pytest.raises(saves.SaveError):
        FsSession.from_save(path)


def test_the_crash_handler_gets_the_game_and_an_emergency_save(saves_folder):
    session = FsSession(FsSetup(("random", "random"), ("A", "B"), ("orks", "eldar"),
                                seed=4), bot_delay=0, autosave=False)
    for _ in range(25):
        session.step_bots(1.0)
    info = session.crash_info()
    assert info["game"] == "forbidden_stars" and len(info["log"]) == 25
    assert info["config"]["factions"] == ["orks", "eldar"] and info["names"] == ["A", "B"]
    json.dumps(info)  # a crash report is JSON
    saved = session.emergency_save()
    assert saved is not None and saved.name.startswith("forbidden_stars-emergency-")
    assert snapshot(saves.load_game(saved).state) == snapshot(session.state)
    session.close()
    assert not session.step_bots(1.0) and not session.can_undo()


# ---------------------------------------------------------------------- a worker thread


class GatedBot:
    """A bot that chooses only once its gate opens (a slow search, on demand)."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.calls = 0
        self.stop = False

    def choose(self, view, legal):
        self.calls += 1
        self.gate.wait(5)
        return legal[0]


def test_a_threaded_level_thinks_without_blocking_the_table():
    assert set(LEVELS) >= THREADED
    session = FsSession(FsSetup(("hard", "hard"), ("A", "B"), seed=3), bot_delay=0)
    seat = session.acting
    bot = session.bots[seat] = GatedBot()
    started = time.monotonic()
    assert not session.step_bots(1.0)  # begins thinking and returns at once
    assert session.thinking and not session.step_bots(1.0)
    assert time.monotonic() - started < 1 and session.state.log == []
    bot.gate.set()
    session.thought.thread.join(5)
    assert session.step_bots(1.0) and session.state.log[-1].seat == seat
    assert session.thought is None and bot.calls == 1


def test_a_threaded_choice_for_a_game_that_moved_on_is_dropped():
    session = FsSession(FsSetup(("hard", "hard"), ("A", "B"), seed=3), bot_delay=0)
    bot = session.bots[session.acting] = GatedBot()
    assert not session.step_bots(1.0)
    session.changes += 1  # the game moved on meanwhile (an undo, say)
    assert not session.step_bots(1.0)  # still busy with the old position: asked to stop
    assert bot.stop
    bot.gate.set()
    session.thought.thread.join(5)
    assert not session.step_bots(1.0)  # the stale result is dropped, thinking begins anew
    session.thought.thread.join(5)
    assert session.step_bots(1.0) and bot.calls == 2 and len(session.state.log) == 1


def test_closing_stops_waiting_for_a_worker():
    session = FsSession(FsSetup(("hard", "hard"), ("A", "B"), seed=3), bot_delay=0)
    bot = session.bots[session.acting] = GatedBot()
    session.step_bots(1.0)
    started = time.monotonic()
    session.close()
    assert time.monotonic() - started < CLOSE_WAIT + 0.5 and session.thought is None
    assert bot.stop and not session.step_bots(1.0)
    bot.gate.set()


def test_a_real_hard_bot_plays_through_the_worker():
    session = FsSession(FsSetup(("hard", "random"), ("A", "B"), seed=8), bot_delay=0,
                        autosave=False)
    deadline = time.monotonic() + 60
    while len(session.state.log) < 40 and time.monotonic() < deadline:
        if not session.step_bots(1.0) and session.thought is not None:
            session.thought.thread.join(1)
    assert len(session.state.log) >= 40
