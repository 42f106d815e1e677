"""The Arcs undo floor (game.arcs.engine.undo): a seat takes back its own actions of the
current turn, never one that revealed something, never past another seat's action; undo
is the log minus one action replayed, and undo-then-redo gives the same game."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.snapshot import snapshot
from game.arcs.engine.state import OVER, Action, GameConfig, State
from game.arcs.engine.undo import UndoRefused, previous, refusal, revealed, turn_ended, undo
from game.arcs.engine.view import player_view
from game.arcs.ui.session import ArcsSession, ArcsSetup

RULES = load_arcs_rules()


def games(seeds: range, players: int = 3, leaders: bool = False):
    """(before, action, after) for every action of random-bot games."""
    for seed in seeds:
        state = new_game(RULES, GameConfig(players, seed, leaders=leaders))
        bots = [make_player("random", seed * 10 + i) for i in range(players)]
        while state.step != OVER:
            seat = acting_seat(state)
            action = bots[seat].choose(player_view(state, seat), legal_actions(state))
            before = state.clone()
            apply(state, action)
            yield before, action, state


def first(pred: Callable[[State, Action, State], bool], **kw) -> tuple[State, Action, State]:
    for before, action, after in games(range(1, 40), **kw):
        if pred(before, action, after):
            return before, action, after.clone()
    raise AssertionError("no such moment in 39 games")


def same(a: State, b: State) -> bool:
    return snapshot(a) == snapshot(b)


def test_undo_after_a_move_gives_the_game_before_it():
    before, action, after = first(lambda b, a, s: a.kind == "move" and not turn_ended(s, a.seat))
    assert revealed(before, after) == "" and refusal(before, after, action.seat) == ""
    back = undo(after, action.seat)  # replays the log minus the move
    assert same(back, before) and back.log == before.log
    assert action in legal_actions(back)


def test_undo_after_a_battle_roll_is_refused():
    before, action, after = first(lambda b, a, s: a.kind == "roll" and not turn_ended(s, a.seat))
    assert revealed(before, after) == "dice"
    with pytest.raises(UndoRefused, match="revealed dice"):
        undo(after, action.seat)


def test_undo_after_another_seat_acted_is_refused():
    before, action, after = first(lambda b, a, s: bool(b.log) and b.log[-1].seat != a.seat)
    earlier = before.log[-1].seat
    with pytest.raises(UndoRefused, match="another seat acted"):
        undo(after, earlier)
    # and the seat that took the turn over cannot reach back past its own first action
    back = previous(after)
    assert same(back, before)
    assert refusal(previous(back), back, action.seat) == "another seat acted"


def test_an_action_that_ends_the_turn_cannot_be_taken_back():
    _, action, after = first(lambda b, a, s: a.kind == "done")
    assert turn_ended(after, action.seat)
    with pytest.raises(UndoRefused, match="the turn has passed"):
        undo(after, action.seat)


@pytest.mark.parametrize("players,leaders", [(2, False), (3, True), (4, False)])
def test_undo_then_redo_gives_an_equal_game(players, leaders):
    """Over whole random games: wherever undo is allowed, the action redone on the undone
    game gives the same game; sampled undos replay to exactly the game before; nothing
    that moved the generator or shrank a face-down pile is ever undoable."""
    rng = random.Random(players)
    allowed = refused_dice = checked = 0
    for before, action, after in games(range(50, 53), players, leaders):
        why = refusal(before, after, action.seat)
        moved = (after.rng.state != before.rng.state
                 or len(after.court_deck) < len(before.court_deck)
                 or len(after.action_discard) < len(before.action_discard))
        assert not (moved and why == ""), action
        refused_dice += why == "it revealed dice"
        if why:
            continue
        allowed += 1
        redo = before.clone()
        apply(redo, action)
        assert same(redo, after)
        if rng.random() < 0.1:
            checked += 1
            assert same(undo(after, action.seat), before)
    assert allowed > 50 and checked > 3, (allowed, checked)
    assert refused_dice > 0 or players == 2


# ---------------------------------------------------------------------- the session


def test_the_session_undoes_only_a_humans_own_turn(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    session = ArcsSession(ArcsSetup(("human", "normal", "normal"), ("A", "B", "C"), 5),
                          bot_delay=0.0)
    bot = make_player("random", 1)
    undone = 0
    for _ in range(600):
        if session.over:
            break
        if not session.is_human(session.acting):
            assert not session.can_undo() and not session.undo()
            session.step_bots(1.0)
            continue
        if session.can_undo() and undone < 5:
            n = len(session.state.log)
            last = session.state.log[-1]
            assert session.undo() and len(session.state.log) == n - 1
            assert session.last is None or session.last[1] == session.state.log[-1]
            assert last in session.legal()
            undone += 1
            continue
        session.choose(bot.choose(session.view(0), session.legal()))
    assert undone == 5
    # a bot's last action is never the human's to take back, even when the human acts next
    while not session.over and (session.is_human(session.acting)
                                or not session.step_bots(1.0)):
        session.choose(bot.choose(session.view(0), session.legal()))
    assert session.state.log[-1].seat != 0
    assert not session.can_undo() and not session.undo()
