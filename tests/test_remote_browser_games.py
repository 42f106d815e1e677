"""The phone page's list layout in a real browser (issue 23): Arcs and Forbidden Stars
served by the headless host on 127.0.0.1, joined by the seat link in headless Chromium
(the system's, via its chromedriver), played by tapping the labelled actions, resumed
after a reload, and never shown a rival's hand.  ``python -m
tests.test_remote_browser_games DIR`` writes the screenshots of docs/screenshots/phones/.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.test_remote_browser import By, browser, wait_for
from tests.test_remote_table_games import arcs_hand_names, hosted

pytestmark = pytest.mark.browser


def banner(driver) -> str:
    return driver.find_element(By.ID, "banner").text


def act_buttons(driver) -> list:
    return driver.find_elements(By.CSS_SELECTOR, "section.acts button[data-action]")


def tap_first(driver) -> str:
    """Tap the first action offered (unfolding its group if it is folded)."""
    button = act_buttons(driver)[0]
    fold = driver.execute_script("return arguments[0].closest('details')", button)
    if fold is not None:
        driver.execute_script("arguments[0].open = true", fold)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    ident = button.get_attribute("data-action")
    button.click()
    return ident


def play_taps(game: str, lang: str = "en", taps: int = 5, shots: Path | None = None) -> None:
    with hosted(game) as session, browser(lang) as driver:
        url = session.remote_urls()[0]
        driver.get(url)
        mine = "Your turn!" if lang == "en" else "Ваш ход!"
        wait_for(driver, lambda: mine in banner(driver) and act_buttons(driver))
        assert session.remote_status()[0].connected
        hand = driver.find_elements(By.CSS_SELECTOR, "section.hand .card-name")
        assert hand, "the seat's hand is on the page"
        if shots is not None:
            driver.save_screenshot(str(shots / f"{game}-{lang}.png"))
        done = 0
        for _ in range(taps):
            before = len(session.state.log)
            wait_for(driver, lambda: act_buttons(driver) and mine in banner(driver))
            tap_first(driver)
            wait_for(driver, lambda b=before: len(session.state.log) > b)
            done += 1
            if game == "arcs":  # no rival's hand card is ever on the page
                page = driver.find_element(By.TAG_NAME, "main").text
                log = driver.find_element(By.CSS_SELECTOR, "section.log").text
                shown = page.replace(log, "")
                for name in arcs_hand_names(session.state, 0):
                    assert name not in shown, name
        assert done == taps
        driver.refresh()  # a reload resumes where the seat was
        wait_for(driver, lambda: banner(driver) and driver.find_elements(
            By.CSS_SELECTOR, "section.hand"))
        wait_for(driver, lambda: session.remote_status()[0].connected)
        if shots is not None:
            driver.save_screenshot(str(shots / f"{game}-{lang}-later.png"))


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_a_phone_joins_taps_actions_and_a_reload_resumes(game):
    play_taps(game)


def test_the_list_layout_speaks_russian():
    play_taps("arcs", "ru", taps=1)


def test_two_arcs_pages_each_see_their_own_hand_and_never_the_other():
    with hosted("arcs", "remote,remote") as session, browser() as one, browser("ru") as two:
        pages = {0: one, 1: two}
        for seat, driver in pages.items():
            driver.get(session.remote_urls()[seat])
        for _ in range(6):  # a few moves, each by the page whose turn it is
            for driver in pages.values():
                wait_for(driver, lambda d=driver: d.find_elements(
                    By.CSS_SELECTOR, "section.hand .card-name"))
            state = session.state
            for seat, driver in pages.items():
                page = driver.find_element(By.TAG_NAME, "main").text
                page = page.replace(driver.find_element(By.CSS_SELECTOR, "section.log").text,
                                    "")
                for name in arcs_hand_names(state, seat):  # the other seat's hand
                    assert name not in page, (seat, name)
            acting = session.acting
            before = len(state.log)
            wait_for(pages[acting], lambda d=pages[acting]: act_buttons(d))
            tap_first(pages[acting])
            wait_for(pages[acting], lambda b=before: len(session.state.log) > b)


if __name__ == "__main__":
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots/phones")
    folder.mkdir(parents=True, exist_ok=True)
    for g in ("arcs", "forbidden_stars"):
        for language in ("en", "ru"):
            play_taps(g, language, taps=3, shots=folder)
