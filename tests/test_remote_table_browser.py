"""Two phones play a whole game against each other at the table (issue 23, slice 2):
two headless Chromium pages open the two seat links the table serves on 127.0.0.1,
and tap through every turn — answer a question, play all, attack with everything, end
the turn — while the table runs headless on this thread and never draws a hand.

The game is a Core Set duel whose players start on 6 authority instead of 50 (set on
the state before the table opens), so a whole game is a few turns each.  Skipped like
tests/test_remote_browser.py without the system's Chromium.
"""

from __future__ import annotations

import time

import pygame
import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from game.star_realms.ui.session import REMOTE
from tests.test_remote_browser import browser, hand_names, wait_for
from tests.test_remote_table import (
    frame,
    here,
    key,
    never_shows_phone_hands,
    open_table,
    session_of,
)

pytestmark = pytest.mark.browser
__all__ = ["here"]  # (the fixture, used by name)

LIFE = 6  # each player's starting authority: a whole game in a few turns
STEPS = 4000  # taps at most (a hang fails)
SETTLE = 300  # table frames a tap may take to arrive
# What a player taps, first match first (a question blocks everything else).
TAPS = ("section.question [data-action]:not([disabled])",
        '[data-action="play-all"]:not([disabled])',
        ".turn-buttons button.attack:not([disabled])",
        '[data-action="end_turn"]:not([disabled])')


def tap_next(driver) -> bool:
    """Tap the first thing a player would; False when the page offers nothing (its
    model is not this seat's turn yet, or it is being redrawn)."""
    try:
        for css in TAPS:
            found = driver.find_elements(By.CSS_SELECTOR, css)
            if found:
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})",
                                      found[0])
                found[0].click()
                # End turn asks first when something would be wasted (issue 39): confirm
                for button in driver.find_elements(By.CSS_SELECTOR,
                                                   "section.confirm-end [data-confirmed]"):
                    button.click()
                return True
    except WebDriverException:  # redrawn under the finger: look again
        pass
    return False


def test_two_phones_play_a_whole_game_while_the_table_shows_only_the_public_table(
        big_app, here):
    session = session_of(REMOTE, REMOTE, seed=7)
    session.state.life[:] = [LIFE] * len(session.state.life)
    session.invalidate()
    t = open_table(big_app, session)
    frame(big_app, [key(pygame.K_j)])
    urls = session.remote_urls()
    with browser() as one, browser("ru") as two:
        pages = {0: one, 1: two}
        for seat, driver in pages.items():
            driver.get(urls[seat])
        saw_hands = set()
        for _ in range(STEPS):
            if session.over:
                break
            frame(big_app)
            never_shows_phone_hands(t)
            seat = session.acting
            if hand_names(pages[seat]):
                saw_hands.add(seat)
            moves = session.state.log_len
            if not tap_next(pages[seat]):
                time.sleep(0.01)
                continue
            for _ in range(SETTLE):  # until the table applied it (a stale tap never is)
                frame(big_app)
                never_shows_phone_hands(t)
                if session.state.log_len != moves:
                    break
                time.sleep(0.005)
        assert session.over, "the game did not end"
        assert saw_hands == {0, 1}  # each phone held its own hand
        winner = session.name(session.state.winners[0])
        for driver in pages.values():  # both phones see the end
            wait_for(driver, lambda d=driver: winner in d.find_element(By.ID, "banner").text)
        for _ in range(5):
            frame(big_app)
        assert big_app.top is not t  # the game-over screen, over the public table
        assert session.host is not None  # still serving the final position
