"""Hydra with computer teammates (issue 39, item 1): in a team turn a person steers, every
computer teammate plays its own hand, paced like any bot turn, and the turn ends only
when a person ends it.

Books 000/001/003 «Гидра»: «Ход делает вся команда разом (а не кто-то один): все игроки
одной команды одновременно отыгрывают основную фазу, затем фазу сброса и фазу добора.»
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.star_realms.engine import Action, GameConfig, SeatConfig, new_game
from game.star_realms.engine.rules import turn_seats
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import AI_STEP_SECONDS, Session
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_ui_table import frame, mouse


def session(fmt: str, controllers: list[str], seed: int = 5, first: int = 0) -> Session:
    seats = tuple(SeatConfig(f"P{i + 1}", c) for i, c in enumerate(controllers))
    state = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seats=seats,
                                    format=fmt, seed=seed, first=first))
    return Session(DB, state, list(controllers))


def run_bots(s: Session, limit: int = 400, to_person: bool = False) -> list[Action]:
    """Let the computer players move until a person is to act with nothing left for the
    teammates (``to_person``: as soon as a person is to act) or the game ends; the
    actions the session offered, in order."""
    done: list[Action] = []
    for _ in range(limit):
        if to_person and (s.human_to_act or s.over):
            return done
        action = s.ai_ready(10.0, 1.0, False)
        if action is None:
            if s._pending is not None:  # still thinking in its worker thread
                s._pending.result()
                continue
            return done
        done.append(action)
        s.apply(action)
    raise AssertionError("the computer players never stopped")


def log_lines(s: Session, start: int, key_prefix: str = "log.play") -> list:
    return [line for line in s.log[start:] if line.key.startswith(key_prefix)]


CASES = [
    ("hydra2", ["human", "greedy", "normal", "greedy"]),
    ("hydra2", ["greedy", "normal", "human", "normal"]),  # the bot is the team's lead
    ("hydra3", ["human", "greedy", "normal", "greedy", "greedy", "greedy"]),
    ("hydra3", ["normal", "greedy", "greedy", "greedy", "human", "greedy"]),
]


@pytest.mark.parametrize(("fmt", "controllers"), CASES)
def test_computer_teammates_play_their_own_hands_in_whole_team_turns(fmt, controllers):
    """Three of the human's team turns: each computer teammate plays every card of its
    hand from its own seat (the log names it), never a person's card, never spends a
    person's trade, never attacks or ends the turn; the person ends it."""
    s = session(fmt, controllers)
    human = controllers.index("human")
    try:
        turns = 0
        while turns < 3 and not s.over:
            run_bots(s, to_person=True)  # the other team's turn (all bots)
            if s.over:
                break
            st = s.state
            assert s.human_to_act and human in turn_seats(st)
            mates = [m for m in turn_seats(st) if m != human]
            assert mates and all(not s.is_human(m) for m in mates)
            # The person plays first: their trade must survive the teammates' buys.
            for card in list(st.seats[human].hand):
                if st.pending is None and card in st.seats[human].hand:
                    s.apply(Action("play", human, card=card))
            mine = st.seats[human].trade
            turn, start = st.turn, len(s.log)
            hands = {m: list(st.seats[m].hand) for m in mates}
            moves = run_bots(s)
            assert st.turn == turn and s.human_to_act  # nobody but the person ends it
            assert moves, "the computer teammates did nothing"
            assert not [a for a in moves if a.kind in ("end_turn", "attack_player",
                                                         "attack_base")]
            assert st.seats[human].trade == mine  # buys paid with their own trade only
            for m in mates:
                assert not st.seats[m].hand, f"seat {m} kept {st.seats[m].hand}"
                played = {line.params["card"] for line in log_lines(s, start)
                          if line.params.get("p") == m}
                assert set(hands[m]) <= played  # each card under its own seat's name
                assert all(line.seat == m for line in log_lines(s, start)
                           if line.params.get("card") in hands[m])
            assert all(a.seat in mates for a in moves)  # never the person's cards
            s.apply(Action("end_turn", human))
            turns += 1
        assert turns == 3 or s.over
    finally:
        s.close()


def test_a_teammate_buys_only_what_its_own_trade_pays_for():
    s = session("hydra2", ["human", "greedy", "greedy", "greedy"])
    try:
        st = s.state
        st.seats[0].trade, st.seats[2].trade = 6, 2
        s.invalidate()
        pooled = [a for a in s.legal() if a.kind == "buy" and a.seat == 2]
        dear = [a for a in pooled if st.cards[a.card].cost > 2]
        assert dear  # the pooled 8 trade would pay for these …
        own = [a for a in s.mate_moves(2) if a.kind == "buy"]
        assert own and all(st.cards[a.card].cost <= 2 for a in own)  # … its own 2 not
        assert not set(dear) & set(s.mate_moves(2))
        assert s.mate_moves(0) == []  # a person is never played for
    finally:
        s.close()


def test_undo_never_takes_back_a_teammates_own_play_but_does_a_persons():
    """Undo takes back only what the person did: a computer teammate's own play is not
    undone (it would only play it again); a teammate's card the person played (today's
    double-click) still is."""
    s = session("hydra2", ["human", "greedy", "greedy", "greedy"])
    try:
        st = s.state
        taken = st.seats[2].hand[0]
        s.apply(s.find(f"play:c{taken}"))  # the person plays the teammate's card
        assert taken in st.seats[2].in_play and s.can_undo()
        s.undo()
        st = s.state
        assert taken in st.seats[2].hand
        moves = []
        while not moves:
            action = s.ai_ready(10.0, 1.0, False)
            if action is None:
                s._pending.result()
                continue
            moves.append(action)
            s.apply(action)
        assert moves[0].seat == 2 and moves[0].kind == "play"
        assert not s.can_undo()
        card = s.state.seats[0].hand[0]
        s.apply(Action("play", 0, card=card))
        assert s.can_undo()  # the person's own play is theirs to take back
        s.undo()
        assert card in s.state.seats[0].hand and not s.can_undo()
    finally:
        s.close()


def test_a_teammate_that_declined_is_not_asked_again_until_its_options_change():
    """With nothing it wants to do (here: nothing at all offered but its buys, and it
    passes), the teammate's AI is not consulted again on every frame."""
    s = session("hydra2", ["human", "greedy", "random", "greedy"])
    calls = []
    player = s.players[2]

    class Counting:
        name = "counting"

        def choose(self, view, legal):
            calls.append(list(legal))
            return next(a for a in legal if a.kind == "end_turn")  # "nothing more"

    s.players[2] = Counting()
    try:
        for _ in range(3):
            if s.ai_ready(10.0, 1.0, False) is None and s._pending is not None:
                s._pending.result()
        for _ in range(5):
            assert s.ai_ready(10.0, 1.0, False) is None
        assert len(calls) == 1
        assert all(a.seat == 2 for a in calls[0])  # only its own moves (and its "pass")
        s.apply(Action("end_turn", 0))
    finally:
        s.players[2] = player
        s.close()


def test_the_table_paces_a_teammates_plays_like_a_bot_turn(big_app):
    """Headless table, normal speed: the teammate's cards go down one by one, never
    sooner than the bot pause apart, while the person's End turn stays theirs."""
    big_app.settings.animation_speed = 1.0
    s = session("hydra2", ["human", "greedy", "greedy", "greedy"])
    big_app.push(MenuScene(big_app))
    t = big_app.push(TableScene(big_app, s))
    st = s.state
    hand = list(st.seats[2].hand)
    assert hand and st.turn == 1
    played_at: dict[int, int] = {}
    pause = AI_STEP_SECONDS - 1e-6  # (frames of 1/60 s; the clock of a bot turn)
    for i in range(900):
        frame(big_app)
        for c in hand:
            if c not in played_at and c in st.seats[2].in_play:
                played_at[c] = i + 1  # frames run so far
        if len(played_at) == len(hand):
            break
    assert len(played_at) == len(hand), "the teammate did not play its hand"
    times = sorted(n / 60 for n in played_at.values())
    assert times[0] >= pause  # not at once: after the readable pause
    assert all(b - a >= pause for a, b in pairwise(times))
    assert st.turn == 1 and t.my_turn()  # the turn is still the person's to end
    assert any(line.key.startswith("log.play") and line.seat == 2 for line in s.log)


def test_a_teammate_waits_while_the_person_drags_a_card(big_app):
    """A card picked up stays where the person expects it: the teammate does not play
    while a drag is on, and carries on once it is dropped."""
    s = session("hydra2", ["human", "greedy", "greedy", "greedy"])
    big_app.push(MenuScene(big_app))
    t = big_app.push(TableScene(big_app, s))
    frame(big_app)
    st = s.state
    start = t.card_rects[st.seats[0].hand[0]].center
    frame(big_app, [mouse("motion", start), mouse("down", start)])
    frame(big_app, [mouse("motion", (start[0], start[1] - 60))])
    assert t.drag is not None
    mate, down = list(st.seats[2].hand), list(st.seats[2].in_play)
    assert mate
    for _ in range(60):  # a second at 60 frames a second (no animation: no pause)
        frame(big_app)
        if s._pending is not None:
            s._pending.result()  # (decided; only the drag may hold it back)
    assert st.seats[2].hand == mate and st.seats[2].in_play == down
    frame(big_app, [mouse("up", start)])
    for _ in range(60):
        frame(big_app)
        if s._pending is not None:
            s._pending.result()
    assert not st.seats[2].hand and set(mate) <= set(st.seats[2].in_play)
