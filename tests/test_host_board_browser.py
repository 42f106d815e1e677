"""The host's board picture on the phone page in a real browser (issue 37 item 14, issue
38 item 16): headless Chromium opens an Arcs / Forbidden Stars seat served by the host's
loop, shows the board's picture above the seat's buttons, zooms it on a double tap, and
loads the next picture after the seat's move.  Skipped like tests/test_remote_browser.py
without the system's Chromium.  ``python -m tests.test_host_board_browser DIR`` writes the
screenshots (docs/screenshots/arcs/phone_board_*.png, forbidden_stars/ likewise).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.test_host_board_picture import hosted_with_board
from tests.test_remote_browser import browser, wait_for

pytestmark = pytest.mark.browser

GAMES = ("arcs", "forbidden_stars")
BOARD = "section.board .board-img"


def board_state(driver: Any) -> dict | None:
    """The picture's version, size and place against the first button, read in one
    script (the page may redraw between two lookups)."""
    return driver.execute_script("""
        const box = document.querySelector('section.board');
        const img = document.querySelector('section.board .board-img');
        const act = document.querySelector('section.acts');
        if (!box || !img || !img.complete || !img.naturalWidth) return null;
        return {version: Number(box.dataset.version), natural: img.naturalWidth,
                width: img.getBoundingClientRect().width,
                view: box.querySelector('.board-view').getBoundingClientRect().width,
                above: !act || img.getBoundingClientRect().bottom
                                <= act.getBoundingClientRect().top + 1,
                first: document.querySelector('#main').firstElementChild === box,
                src: img.getAttribute('src'), hint: box.querySelector('.board-hint').textContent};
    """)


@pytest.mark.parametrize("game", GAMES)
def test_the_phone_shows_the_board_above_its_buttons_and_follows_the_moves(game):
    with hosted_with_board(game) as session, browser("ru") as driver:
        driver.get(session.remote_urls()[0])
        first = wait_for(driver, lambda: board_state(driver))
        assert first["first"] and first["above"]
        assert first["natural"] >= 1000  # the host's picture, not a thumbnail
        assert "lang=ru" in first["src"] and "пальцы" in first["hint"]
        # a double tap zooms the picture inside its box (the page does not move)
        img = driver.find_element(By.CSS_SELECTOR, BOARD)
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('dblclick', "
                              "{bubbles: true, clientX: 50, clientY: 50}))", img)
        zoomed = wait_for(driver, lambda: (st := board_state(driver))
                          and st["width"] > 2 * st["view"] and st)
        assert zoomed["version"] >= first["version"]
        # the seat's move: the next picture loads, at the same zoom
        button = wait_for(driver, lambda: driver.find_elements(
            By.CSS_SELECTOR, "section.acts button.act"))[0]
        moves = len(session.state.log or ())
        driver.execute_script("arguments[0].click()", button)
        wait_for(driver, lambda: len(session.state.log or ()) > moves)
        after = wait_for(driver, lambda: (st := board_state(driver))
                         and st["version"] > zoomed["version"] and st)
        assert after["first"] and after["width"] > 2 * after["view"]
        assert after["src"] != zoomed["src"]


# the seats' names in each language: the host's default ones ("Player 1", "AI 2") are
# English and would show on the Russian picture
NAMES = {"en": "Anna,Boris", "ru": "Анна,Борис"}


def take_screenshots(out: Path) -> list[Path]:
    """Each game's phone page with its board, in both languages, at 390×844."""
    shots = []
    for game in GAMES:
        folder = out / game
        folder.mkdir(parents=True, exist_ok=True)
        for lang in ("en", "ru"):
            with hosted_with_board(game, "remote,normal", names=NAMES[lang]) as session, \
                    browser(lang) as driver:
                driver.get(session.remote_urls()[0])
                wait_for(driver, lambda d=driver: board_state(d))
                time.sleep(0.3)  # the banner's pulse settles
                path = folder / f"phone_board_{lang}.png"
                driver.save_screenshot(str(path))
                shots.append(path)
    return shots


if __name__ == "__main__":
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(shot)
