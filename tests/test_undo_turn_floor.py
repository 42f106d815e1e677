"""Undo never reaches into another seat's turn or a boss's turn (issue 36, item 4).

In an adventure the boss's last step began the human's turn without setting the undo
floor, so Undo was offered at the start of the human's turn: it took back the boss's
last step, the boss replayed it, and the log said "<the boss> takes the last action
back" — forever.  The property, over seeded games of every game (Star Realms' formats
and adventures, Arcs, Forbidden Stars), played through the table's own session: whenever
undo is offered to the seat at the screen, the action it takes back is that seat's own
(in a team turn: a teammate's card it played), made in the current turn, and undoing
leaves the same seat to act in the same turn.
"""

from __future__ import annotations

import pytest

from game.arcs.ai.base import make_player as arcs_player
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.forbidden_stars.ai.base import make_player as fs_player
from game.forbidden_stars.ui.session import FsSession, FsSetup
from game.star_realms.ai import RandomBot
from game.star_realms.engine import apply, legal_actions
from game.star_realms.engine.state import Action
from game.star_realms.engine.undo import can_undo, last_action, undo
from game.star_realms.model import MATE_KINDS
from game.star_realms.saves import SaveError, load_document, to_document
from game.star_realms.ui.session import HUMAN, Session
from tests.scene import ADVENTURES, DB, FORMAT_SEATS, adventure_game, game_of

# ---------------------------------------------------------------- Star Realms


def _sr_session(kind: str, seed: int, bots: frozenset[int] = frozenset()) -> Session:
    """A table session of a format or an adventure: people at every seat but ``bots``
    (random bots) and an adventure's boss."""
    state = game_of(kind, seed)
    controllers = ["boss" if s.controller == "boss" else ("random" if i in bots else HUMAN)
                   for i, s in enumerate(state.config.seats)]
    return Session(DB, state, controllers)


def _check_sr_offer(session: Session) -> int:
    """If undo is offered: what it takes back is the acting person's own action of this
    turn, and the same seat acts in the same turn afterwards.  1 when checked."""
    if not session.can_undo():
        return 0
    st = session.state
    me = session.acting
    last = last_action(st)
    assert last is not None and session.controllers[me] == HUMAN
    turn_seats = st.turn_members or [st.active]
    assert last.seat in turn_seats and me in turn_seats, (last, st.turn, st.active)
    # its own, or a teammate's card it played (a main-phase move of a team turn)
    assert last.seat == me or (last.kind in MATE_KINDS and st.pending is None), last
    before = undo(st)
    assert (before.turn, before.active) == (st.turn, st.active), last
    prior = session.state
    session.state = before  # ask the session who acts there (same object API)
    try:
        assert session.acting == me
    finally:
        session.state = prior
    return 1


def _play_sr(session: Session, seed: int, steps: int) -> int:
    bot = RandomBot(seed)
    checked = 0
    try:
        for _ in range(steps):
            if session.over:
                break
            if session.curtain is not None:
                session.reveal()  # the next person takes the screen
            if session.local_to_act:
                checked += _check_sr_offer(session)
            session.apply(bot.choose(session.state, session.legal()))
    finally:
        session.close()
    return checked


@pytest.mark.parametrize("kind", sorted(FORMAT_SEATS) + ADVENTURES)
def test_star_realms_undo_is_only_the_acting_persons_own_move_this_turn(kind):
    checked = 0
    for seed in (1, 2):
        # every seat a person, then a mix with bots (a bot teammate in a team turn)
        checked += _play_sr(_sr_session(kind, seed), seed, 160)
        checked += _play_sr(_sr_session(kind, seed, frozenset({1, 2})), seed, 160)
    assert checked >= 5, checked  # undo was offered, so the property was exercised


def _to_players_turn_after_boss(aid: str, seed: int):
    """An adventure played by random moves until the boss's turn has just ended."""
    state = adventure_game(aid, seed)
    boss = state.boss.seat
    bot = RandomBot(seed)
    while not state.is_over:
        was_boss = state.active == boss
        apply(state, bot.choose(state, legal_actions(state)))
        if was_boss and state.active != boss:
            return state
    raise AssertionError("the game ended before a boss turn")


@pytest.mark.parametrize("aid", ADVENTURES)
def test_the_boss_turns_last_step_is_an_undo_floor(aid):
    state = _to_players_turn_after_boss(aid, 3)
    assert last_action(state).kind == "boss_step"
    assert not can_undo(state)  # (it was offered before the fix)
    session = Session(DB, state, [HUMAN] * (len(state.seats) - 1) + ["boss"])
    try:
        assert session.local_to_act and not session.can_undo()
        session.undo()  # the key or a stale button: nothing happens
        assert session.state is state and not any(line.key == "log.undo" for line in session.log)
    finally:
        session.close()


def test_undo_names_the_person_who_took_the_move_back():
    state = _to_players_turn_after_boss("automatons", 3)
    session = Session(DB, state, [HUMAN, "boss"])
    try:
        me = session.acting
        # play cards until one can be taken back (a card that draws is a floor)
        for action in [a for a in session.legal() if a.kind == "play"]:
            session.apply(action)
            if session.can_undo():
                break
        assert session.can_undo()
        session.undo()
        assert session.log[-1].key == "log.undo" and session.log[-1].params["p"] == me
        assert session.acting == me
    finally:
        session.close()


def test_a_bot_teammates_answer_is_not_the_persons_to_take_back():
    # Hydra: a person and a bot take their turn together; the bot answers its own
    # questions.  Undoing such an answer would only let the bot answer again, forever.
    state = game_of("hydra2", 5)
    bot = RandomBot(5)
    while not (state.pending is None and 0 in state.turn_members):
        apply(state, bot.choose(state, legal_actions(state)))
    mate = next(m for m in state.turn_members if m != 0)
    controllers = [HUMAN if i == 0 else "random" for i in range(4)]
    session = Session(DB, state, controllers)
    try:
        # as if the mate had just answered a question of its own, nothing revealed
        state.log = (Action("stop", mate), state.log)
        state.log_len += 1
        session.invalidate()
        assert session.acting == 0 == session.viewer and can_undo(state)
        assert not session.can_undo()  # the engine's floor allows it; the person may not
        # the person's own move, or a teammate's card the person played, may be
        state.log = (Action("play", mate, card=state.seats[mate].hand[0]), state.log[1])
        session.invalidate()
        assert session.can_undo()
    finally:
        session.close()


def test_an_older_save_with_the_boss_step_still_undoable_loads():
    """Autosaves written at the start of a human's turn by a version without this floor
    stored a lower floor; they load (with the replayed, stricter floor)."""
    state = _to_players_turn_after_boss("automatons", 3)
    doc = to_document(state)
    doc["snapshot"]["undo_floor"] = state.log_len - 1  # what the old version stored
    loaded = load_document(DB, doc)
    assert loaded.undo_floor == state.log_len and not can_undo(loaded)
    doc["snapshot"]["undo_floor"] = state.log_len + 1  # a higher one is damage, as before
    with pytest.raises(SaveError):
        load_document(DB, doc)


# ---------------------------------------------------------------- Arcs, Forbidden Stars


def _check_table_session(session, seat_turn) -> int:
    """The shared table session's undo (game/ui/table_session.py): the same property."""
    if not session.can_undo():
        return 0
    st = session.state
    me = session.acting
    last = st.log[-1]
    assert session.is_human(me) and last.seat == me, last
    before = session._previous()
    assert session.engine.acting_seat(before) == me
    assert seat_turn(before) == seat_turn(st), last
    return 1


def _play_table(session, bots, seat_turn, steps: int) -> int:
    checked = 0
    try:
        for _ in range(steps):
            if session.over:
                break
            seat = session.acting
            if not session.is_human(seat):
                assert not session.can_undo()
                session.step_bots(1.0)
                continue
            checked += _check_table_session(session, seat_turn)
            session.choose(bots[seat].choose(session.view(seat), session.legal()))
    finally:
        session.close()
    return checked


@pytest.mark.parametrize("seats", [("human", "human", "human"), ("human", "random", "human")])
def test_arcs_undo_is_only_the_acting_persons_own_move_this_turn(seats, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    checked = 0
    for seed in (1, 2):
        session = ArcsSession(ArcsSetup(seats, ("A", "B", "C"), seed), bot_delay=0.0)
        bots = [arcs_player("random", seed * 10 + i) for i in range(3)]
        checked += _play_table(session, bots, lambda s: (s.chapter, s.turn), 300)
    assert checked >= 5, checked


@pytest.mark.parametrize("seats", [("human", "human"), ("human", "random", "human")])
def test_forbidden_stars_undo_is_only_the_acting_persons_own_move_this_turn(
        seats, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    checked = 0
    for seed in (1, 2):
        session = FsSession(FsSetup(seats, tuple("ABC"[:len(seats)]), seed=seed),
                            bot_delay=0.0)
        bots = [fs_player("random", seed * 10 + i) for i in range(len(seats))]
        checked += _play_table(session, bots, lambda s: (s.round, s.first), 300)
    assert checked >= 5, checked
