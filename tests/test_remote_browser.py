"""The phone page in a real browser (issue 23): headless Chromium from the system's
packages, driven by Selenium through the system's chromedriver, against a game served
on 127.0.0.1.  Join by the seat link, play a whole duel turn from the page, reconnect
after a reload, two seats' pages never see each other's hand; and the screenshots.

Without Chromium or its driver these tests are skipped locally (the summary says which);
with CI set they fail instead.  ``python -m tests.test_remote_browser DIR`` writes the screenshots
of docs/screenshots/phones/.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.remote_game import Served, hidden_from, iids_in, served

pytestmark = pytest.mark.browser



def found(variable: str, *names: str) -> str | None:
    """A program named by an environment variable (if it exists) or on the PATH."""
    chosen = os.environ.get(variable)
    if chosen:
        return chosen if Path(chosen).is_file() else None
    return next((p for n in names if (p := shutil.which(n))), None)


def what_is_missing(chromium: str | None, driver: str | None) -> str:
    """The skip reason, naming only what is absent: often Chromium is installed and only
    its driver is not (Debian packages it separately)."""
    parts = []
    if not chromium:
        parts.append("the browser Chromium (apt-get install chromium, or set CHROMIUM)")
    if not driver:
        parts.append("its driver chromedriver (apt-get install chromium-driver, or set "
                     "CHROMEDRIVER)")
    return "missing " + " and ".join(parts) if parts else ""


CHROMIUM = found("CHROMIUM", "chromium", "chromium-browser")
DRIVER = found("CHROMEDRIVER", "chromedriver")
PHONE = (390, 844)
MISSING = what_is_missing(CHROMIUM, DRIVER)
if MISSING:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {MISSING}", pytrace=False)
    pytest.skip(f"browser tests skipped: {MISSING}", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WAIT = 20.0  # seconds a page may take to show what the test waits for


def chrome(lang: str = "en") -> webdriver.Chrome:
    """Headless Chromium as a 390×844 phone, logging the WebSocket frames it receives."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-extensions", f"--lang={lang}"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
        "width": PHONE[0], "height": PHONE[1], "pixelRatio": 2}})
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(options=options, service=Service(str(DRIVER)))


@contextmanager
def browser(lang: str = "en") -> Iterator[webdriver.Chrome]:
    driver = chrome(lang)
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(driver: webdriver.Chrome, what: Callable[[], Any]) -> Any:
    return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(lambda _: what())


def frames(driver: webdriver.Chrome) -> list[dict]:
    """The WebSocket frames the page received since the last call."""
    out = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg.get("method") == "Network.webSocketFrameReceived":
            out.append(json.loads(msg["params"]["response"]["payloadData"]))
    return out


def tap(driver: webdriver.Chrome, action: str) -> None:
    button = driver.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def end_turn(driver: webdriver.Chrome) -> None:
    """Tap End turn, and confirm it when the page asks (something would be wasted)."""
    tap(driver, "end_turn")
    for button in driver.find_elements(By.CSS_SELECTOR, "section.confirm-end [data-confirmed]"):
        button.click()


def hand_names(driver: webdriver.Chrome) -> list[str]:
    """The names on the hand's cards, read in one script: the page may redraw between a
    lookup and a read of its elements (a stale element), never inside a script."""
    return list(driver.execute_script(
        "return Array.from(document.querySelectorAll('section.hand .card-name'),"
        " (e) => e.innerText)"))


def turn_of(game: Served) -> tuple[int, int]:
    state = game.session.state
    return state.turn, game.session.acting


def test_a_whole_duel_turn_from_the_page_then_a_reload_resumes():
    with served("remote,normal", seed=3) as game, browser() as driver:
        game.start()
        driver.get(game.url(0))  # the QR code's link
        wait_for(driver, lambda: "Your turn!" in driver.find_element(By.ID, "banner").text)
        assert game.host.status()[0].connected
        dealt = len(game.session.state.seats[0].hand)
        assert len(hand_names(driver)) == dealt
        tap(driver, "play-all")  # one card after another, each on a new model
        wait_for(driver, lambda: not driver.find_elements(By.CSS_SELECTOR,
                                                          "section.hand [data-action]"))
        assert hand_names(driver) == [] and len(game.session.state.seats[0].in_play) == dealt
        trade = game.session.state.seats[0].trade
        buys = driver.find_elements(By.CSS_SELECTOR, 'section.trade [data-action^="buy:"]')
        if trade >= 2:
            assert buys
        if buys:
            bought = buys[0].get_attribute("data-action")
            tap(driver, bought)
            wait_for(driver, lambda: int(bought.split(":c")[1]) in
                     game.session.state.seats[0].discard)
        driver.refresh()  # a reload keeps the seat and the position
        wait_for(driver, lambda: "Your turn!" in driver.find_element(By.ID, "banner").text)
        assert hand_names(driver) == []
        assert game.host.status()[0].connected
        before = game.session.state.turn
        end_turn(driver)
        wait_for(driver, lambda: turn_of(game)[0] >= before + 2 and turn_of(game)[1] == 0)
        wait_for(driver, lambda: len(hand_names(driver)) == 5)  # the bot played its turn
        assert game.session.state.seats[0].discard  # the turn really happened
        for frame in frames(driver):
            assert frame.get("seat", 0) == 0


def test_two_pages_for_two_seats_never_see_each_others_hand():
    with served("remote,remote", seed=5) as game, browser() as one, browser("ru") as two:
        game.start()
        pages = {0: one, 1: two}
        for seat, driver in pages.items():
            driver.get(game.url(seat))
        first = game.session.acting
        wait_for(one, lambda: len(hand_names(one)) == (3 if first == 0 else 5))
        wait_for(two, lambda: len(hand_names(two)) == (3 if first == 1 else 5))
        banner = {0: ("Your turn!", "Waiting"), 1: ("Ваш ход", "Ждём")}
        for seat, driver in pages.items():
            words = banner[seat][0 if seat == first else 1]
            wait_for(driver, lambda d=driver, w=words: w in d.find_element(By.ID, "banner").text)
        end_turn(pages[first])
        second = pages[1 - first]
        wait_for(second, lambda: banner[1 - first][0] in second.find_element(
            By.ID, "banner").text)
        game.stop()  # the game holds still while its state is compared
        state = game.session.state
        for seat, driver in pages.items():
            received = frames(driver)
            assert received and all(f.get("seat", seat) == seat for f in received)
            for frame in received:
                assert not iids_in(frame) & hidden_from(state, seat)
            other = state.seats[1 - seat].hand
            last = [f for f in received if f["t"] == "state"][-1]["model"]
            assert not {c["iid"] for c in last["seats"][seat]["hand"]} & set(other)
            assert last["seats"][1 - seat]["hand"] == []
        mine = [c.name_ru for c in (state.cards[i] for i in state.seats[1].hand)]
        assert sorted(hand_names(two)) == sorted(mine)


def texts(driver: webdriver.Chrome, css: str) -> list[str]:
    """The text of every element ``css`` matches as written (not as styled: headings are
    upper-cased), read in one script (see hand_names)."""
    return list(driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), (e) => e.textContent)", css))


def test_a_phone_reads_its_missions_and_reveals_a_gambit():
    """A phone's seat with United's missions and the Gambit set: its three missions and
    two gambits are cards on the page (in Russian here), a face-down gambit has
    «Открыть» in the main phase and a tap reveals it; the other player's box says how
    many of theirs are secret."""
    from game import i18n

    with served("remote,greedy", seed=3, missions=True, gambits=True) as game, \
            browser("ru") as driver:
        game.start()
        driver.get(game.url(0))
        wait_for(driver, lambda: "Ваш ход" in driver.find_element(By.ID, "banner").text)
        titles = texts(driver, "section.dealt h2")
        assert titles == [i18n.t("missions.title", "ru"), i18n.t("gambits.title", "ru")]
        names = texts(driver, "section.dealt .card-name")
        state = game.session.state
        assert len(names) == 5
        assert {state.cards[i].name_ru for i in state.seats[0].gambits} <= set(names)
        reveal = driver.find_elements(By.CSS_SELECTOR, 'section.dealt [data-action^="gambit:"]')
        assert len(reveal) == 2
        assert all(i18n.t("gambits.reveal", "ru") in b.text for b in reveal)
        action = reveal[0].get_attribute("data-action")
        iid = int(action.split(":c")[1])
        tap(driver, action)
        wait_for(driver, lambda: iid not in game.session.state.seats[0].gambits)
        wait_for(driver, lambda: not driver.find_elements(
            By.CSS_SELECTOR, f'[data-action="{action}"]'))
        others = " ".join(texts(driver, "section.others .seat"))
        assert "Миссии:" in others and "Гамбиты:" in others


def take_screenshots(out: Path) -> list[Path]:
    """The page in both languages at 390×844: a turn with cards in hand, and a turn
    with a question and attack targets open."""
    out.mkdir(parents=True, exist_ok=True)
    shots = []
    with served("remote,normal", seed=11) as game:
        game.start()
        for lang in ("en", "ru"):
            with browser(lang) as driver:
                driver.get(game.url(0))
                wait_for(driver, lambda d=driver: hand_names(d))
                path = out / f"phone-{lang}.png"
                driver.save_screenshot(str(path))
                shots.append(path)
        with browser("en") as driver:
            driver.get(game.url(0))
            wait_for(driver, lambda: hand_names(driver))
            tap(driver, "play-all")
            wait_for(driver, lambda: not driver.find_elements(
                By.CSS_SELECTOR, "section.hand [data-action]"))
            for lang in ("en", "ru"):
                if driver.find_element(By.ID, "lang").text.lower() == lang:
                    driver.find_element(By.ID, "lang").click()
                driver.execute_script("window.scrollTo(0, 0)")
                time.sleep(0.3)  # the banner's pulse settles
                path = out / f"phone-played-{lang}.png"
                driver.save_screenshot(str(path))
                shots.append(path)
    return shots


def test_screenshots_are_phone_sized(tmp_path):
    for path in take_screenshots(tmp_path):
        with Image.open(path) as img:
            assert img.size == (PHONE[0] * 2, PHONE[1] * 2), path


if __name__ == "__main__":
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(shot)
