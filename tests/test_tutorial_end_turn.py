"""Issue 39 item 9: End turn in a lesson gets one answer.

Pressing End turn while the step asks for something else used to open the table's
"End the turn anyway?" dialog and, once confirmed, say "Not yet" — two answers to one
press.  Now the lesson says "Not yet" at once; on the step that does end the turn the
dialog still asks (the lesson's text tells the learner it will).
"""

from __future__ import annotations

import pygame

from game import i18n
from game.star_realms.ui.tutorial_check import Driver
from tests.test_tutorial import open_lesson, play_until


def _press_end(driver: Driver, table) -> None:
    driver.click(table.btn_end.rect.center)


def test_end_turn_mid_step_says_not_yet_and_asks_nothing(app):
    table = open_lesson(app, "first_duel", fresh=True)
    driver = Driver(app)
    play_until(driver, table, "buy_ram")
    state = table.session.state
    assert state.seats[0].trade > 0  # trade left: the table alone would ask "anyway?"
    before = state.log_len
    table.toasts.clear()
    _press_end(driver, table)
    assert table.confirm is None  # no "End the turn anyway?" question
    hint = i18n.t("tutorial.not_yet", what=i18n.t("tutorial.first_duel.buy_ram.do"))
    assert [t[0] for t in table.toasts] == [hint]
    assert state.log_len == before and table.runner.step.id == "buy_ram"
    # Enter (the keyboard End turn) gets the same single answer
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0)])
    assert table.confirm is None and state.log_len == before


def test_the_end_turn_step_still_asks_and_then_ends(app):
    table = open_lesson(app, "first_duel", fresh=True)
    driver = Driver(app)
    play_until(driver, table, "end_turn_last")
    table.toasts.clear()
    _press_end(driver, table)
    assert table.confirm is not None  # a trade is left over: the step says it will ask
    assert not table.toasts
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0)])
    driver.frames(3)
    assert table.confirm is None
    assert table.runner.step is None or table.runner.step.id != "end_turn_last"
