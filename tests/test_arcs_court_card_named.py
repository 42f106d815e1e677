"""Issue 37 item 5: the log names the court card a secure or ransack took, not the card
that refilled its slot — on the table's "Last:" line, on a phone's log, after loading a
save, in both languages."""

from __future__ import annotations

import pytest

from game import i18n
from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import OVER, Action, GameConfig, State
from game.arcs.engine.view import player_view
from game.arcs.saves import Seats, write_save
from game.arcs.ui import labels
from game.arcs.ui.labels import action_label
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.ui import routes
from game.ui.scenes.menu import MenuScene
from tests.test_arcs_ui_play import arcs_app  # noqa: F401 (a fixture)
from tests.test_ui_walk import guarded

RULES = load_arcs_rules()
NAMES = ("Anna", "Boris", "Vera")


def _until(kind: str) -> tuple[State, str, str]:
    """A greedy 3-seat game played until a ``kind`` (secure / ransack) took a court card
    and another card refilled its slot: (the game, the card taken, its replacement)."""
    for seed in range(1, 40):
        state = new_game(RULES, GameConfig(3, seed, ""))
        bots = [make_player("greedy", seed * 10 + i) for i in range(3)]
        while state.step != OVER:
            seat = acting_seat(state)
            action = bots[seat].choose(player_view(state, seat), legal_actions(state))
            slot = state.court[action.index] if action.kind == kind else None
            taken = slot.card if slot is not None else ""
            apply(state, action)
            after = state.court[action.index] if taken else None
            if after is not None and after.card != taken:
                return state, taken, after.card
    raise AssertionError(f"no {kind} in 40 greedy games")


@pytest.fixture(scope="module", params=["secure", "ransack"])
def played(request) -> tuple[State, str, str]:
    return _until(request.param)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_last_action_is_worded_from_the_game_before_it(played, lang):
    state, taken, replacement = played
    last = state.log[-1]
    session = ArcsSession(ArcsSetup(("human",) * 3, NAMES), state=state.clone(),
                          autosave=False)
    text = action_label(session.view_before(0), last, NAMES, lang)
    assert labels.name(RULES, taken, lang) in text
    assert labels.name(RULES, replacement, lang) not in text
    # worded from the game after it, the slot names the replacement (the bug)
    assert labels.name(RULES, replacement, lang) in action_label(player_view(state, 0), last,
                                                                 NAMES, lang)


def test_a_phone_log_names_the_card_taken_even_after_more_moves(played):
    state, taken, _ = played
    state = state.clone()  # the fixture's game stays at the secure / ransack
    kind = state.log[-1].kind
    session = ArcsSession(ArcsSetup(("human",) * 3, NAMES), state=state, autosave=False)
    for _ in range(3):  # later moves: the secure or ransack is no longer the last
        if state.step == OVER:
            break
        apply(state, legal_actions(state)[0])
    for lang in i18n.LANGUAGES:
        log = session.phone_payload(0)["text"][lang]["log"]
        word = i18n.t(f"arcs.act.{kind}", lang, card=labels.name(RULES, taken, lang))
        assert any(word in line for line in log), (lang, log)


def test_a_loaded_save_still_names_the_card_taken(played, tmp_path):
    state, taken, _ = played
    path = tmp_path / "arcs-manual-1.json"
    write_save(state, Seats(NAMES, ("human",) * 3), path)
    session = ArcsSession.from_save(path)  # the game before the last move is replayed
    text = action_label(session.view_before(0), session.state.log[-1], NAMES, "ru")
    assert labels.name(RULES, taken, "ru") in text


def test_the_table_last_line_names_the_card_taken(played, arcs_app, monkeypatch):  # noqa: F811
    from game.arcs.ui.scenes import table as table_scene

    state, taken, replacement = played
    # one person at the table (no curtain); the bots wait: the position stays
    session = ArcsSession(ArcsSetup(("human", "normal", "normal"), NAMES),
                          bot_delay=1e9, state=state.clone(), autosave=False)
    session.last = (state.log[-1].seat, state.log[-1])
    drawn: list[str] = []
    real = table_scene.fonts.text

    def spy(text, *args, **kw):
        drawn.append(str(text))
        return real(text, *args, **kw)

    monkeypatch.setattr(table_scene.fonts, "text", spy)
    arcs_app.push(MenuScene(arcs_app))
    arcs_app.push(routes.make(arcs_app, "arcs.table", session))
    guarded(arcs_app, n=2)
    prefix = i18n.t("arcs.play.last", text="")
    line = next(t for t in reversed(drawn) if t.startswith(prefix))
    assert labels.name(RULES, taken, "en") in line
    assert labels.name(RULES, replacement, "en") not in line


def test_an_offered_secure_still_names_the_card_in_its_slot():
    """Only past actions carry the card: an offered one reads its slot now."""
    state = new_game(RULES, GameConfig(3, 5, ""))
    view = player_view(state, 0)
    offered = Action("secure", 0, index=1)
    assert state.court[1] is not None
    assert labels.name(RULES, state.court[1].card, "en") in action_label(view, offered,
                                                                          NAMES, "en")
