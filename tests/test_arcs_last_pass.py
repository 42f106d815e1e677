"""Issue 37 item 11: the last pass of a chapter hands the initiative on.

«Если у вас маркер инициативы, но нет карт в руке или вы хотите просто пропустить ход,
вы должны передать инициативу. Её получит следующий по часовой стрелке игрок, у которого
есть карты в руке. Затем немедленно закончите раунд.» (RU p.8) and «Владелец инициативы
начинает следующую главу!» (RU p.18): when every seat with cards has passed and the
chapter ends, the marker has still moved on with the last pass.
"""

from __future__ import annotations

import json

import pytest

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.snapshot import snapshot
from game.arcs.engine.state import LEAD, Action, GameConfig, State
from game.arcs.saves import SaveError, Seats, load_document, parse_document, to_document

RULES = load_arcs_rules()
SEATS3 = Seats(("Anna", "Boris", "Vera"), ("human", "human", "human"))


def _game(players: int = 3, seed: int = 11) -> State:
    state = new_game(RULES, GameConfig(players, seed, ""))
    assert state.step == LEAD and state.initiative == 0 and state.chapter == 1
    return state


def _pass(state: State) -> None:
    apply(state, Action("pass_initiative", state.turn))


def test_the_last_pass_gives_the_next_chapter_to_the_next_seat_with_cards() -> None:
    state = _game()
    _pass(state)  # Anna → Boris
    _pass(state)  # Boris → Vera
    assert state.initiative == 2 and state.chapter == 1
    _pass(state)  # Vera passes too: every seat with cards has passed
    assert state.chapter == 2
    # The marker went on to Anna (the next seat clockwise with cards when Vera passed),
    # and she leads the new chapter; before the fix Vera kept it.
    assert state.initiative == 0
    assert state.step == LEAD and state.turn == 0
    assert all(a.seat == 0 for a in legal_actions(state))


def test_a_seat_without_cards_is_skipped_by_the_last_pass() -> None:
    state = _game(4)
    state.players[0].hand = []  # Anna played all her cards
    apply(state, Action("pass_initiative", 0))  # a holder without cards must pass
    assert state.initiative == 1
    _pass(state)  # Boris → Vera
    _pass(state)  # Vera → Gleb
    assert state.initiative == 3 and state.chapter == 1
    _pass(state)  # Gleb, last: the next clockwise with cards is Boris, not Anna
    assert state.chapter == 2
    assert state.initiative == 1 and state.turn == 1


def test_the_passer_keeps_it_when_nobody_else_holds_cards() -> None:
    state = _game()
    for p in state.players[1:]:
        p.hand = []
    _pass(state)  # Anna alone holds cards and passes: the chapter ends
    assert state.chapter == 2
    assert state.initiative == 0 and state.turn == 0


def test_an_old_save_goes_on_under_the_reading_it_began_with() -> None:
    """A save of schema 1 was played when the last passer kept the initiative (Vera led
    chapter 2).  It loads, replays exactly as played, and that game keeps its reading
    (GameConfig.last_pass_keeps, set by the migration); new games follow the book."""
    state = new_game(RULES, GameConfig(3, 11, "", last_pass_keeps=True, auto_slots=True))
    for _ in range(3):
        _pass(state)
    assert state.chapter == 2 and state.initiative == 2  # the old reading
    apply(state, legal_actions(state)[0])  # Vera leads chapter 2
    doc = to_document(state, SEATS3)
    doc["schema"] = 1  # as the version before this one wrote it
    del doc["config"]["last_pass_keeps"]
    del doc["snapshot"]["config"]["last_pass_keeps"]
    for holder in (doc["config"], doc["snapshot"]["config"]):  # schema 4 (slots.py)
        del holder["auto_slots"]
    del doc["snapshot"]["incoming"]
    loaded = load_document(parse_document(json.dumps(doc).encode()))
    assert loaded.state.config.last_pass_keeps
    assert snapshot(loaded.state) == snapshot(state)
    # A schema-2 save of a new game keeps the book's reading through a round trip.
    fresh = _game()
    for _ in range(3):
        _pass(fresh)
    again = load_document(parse_document(json.dumps(to_document(fresh, SEATS3)).encode()))
    assert not again.state.config.last_pass_keeps and again.state.initiative == 0


def test_a_damaged_last_pass_flag_is_refused_in_words() -> None:
    doc = to_document(_game(), SEATS3)
    doc["config"]["last_pass_keeps"] = "yes"
    with pytest.raises(SaveError, match="last_pass_keeps"):
        load_document(doc)
