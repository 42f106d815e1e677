"""Issue 39, item 14: the phone's End turn asks when trade, combat, cards or abilities
would be wasted (the desktop's rule, one function: game/star_realms/end_turn.py); an
attack starts at the most combat the target may take, also after more combat came in;
the page counts the seat's own deck and discard pile.

The model checks run everywhere; the page is driven in headless Chromium (skipped
without the system's Chromium, as tests/test_remote_browser.py says)."""

from __future__ import annotations

import pytest

from game import i18n
from game.star_realms.end_turn import confirm_lines, wasted
from game.star_realms.engine import Action, GameConfig, SeatConfig, new_game
from game.star_realms.engine.rules import apply, legal_actions
from game.star_realms.model import build_model
from game.star_realms.phone import phone_model
from tests.scene import DB

SEED_TWO_VIPERS = 22  # "remote,normal" duel: seat 0 starts with Viper, Viper, Scout


def duel(seed: int = 3):
    return new_game(DB, GameConfig(sets=("core",), seats=(SeatConfig("A"), SeatConfig("B")),
                                   seed=seed))


def play_all(state) -> None:
    seat = state.active
    for iid in list(state.seats[seat].hand):
        apply(state, Action("play", seat, card=iid))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_phone_is_told_what_end_turn_would_waste_in_the_desktops_words(lang):
    state = duel()
    seat = state.active
    words = phone_model(state, seat, legal_actions(state))["text"][lang]
    hand = len(state.seats[seat].hand)
    assert words["end_confirm"] == [
        i18n.t("table.confirm_end", lang, what="").removesuffix("<br>"),
        i18n.t("table.waste_hand", lang, n=hand)]
    play_all(state)
    me = state.seats[seat]
    model = build_model(state, seat, legal_actions(state), lang=lang)
    expected = [(k, n) for k, n in (("table.waste_trade", me.trade),
                                    ("table.waste_combat", me.combat)) if n]
    assert expected and wasted(model) == expected
    words = phone_model(state, seat, legal_actions(state))["text"][lang]
    assert words["end_confirm"] == confirm_lines(model, lang)
    assert words["end_confirm"][1:] == [i18n.t(k, lang, n=n) for k, n in expected]


def test_nothing_to_waste_nothing_to_ask():
    state = duel()
    seat = state.active
    play_all(state)
    me = state.seats[seat]
    me.trade = me.combat = 0  # spent (as if bought and attacked)
    words = phone_model(state, seat, legal_actions(state))["text"]
    assert words["en"]["end_confirm"] == [] and words["ru"]["end_confirm"] == []


def test_the_desktop_asks_with_the_same_lines(app):
    """The table's dialog text is the shared function's lines (one rule, two screens):
    Scout, Viper and Scout played, a card kept: three lines of waste."""
    from game.star_realms.ui.scenes.table import TableScene
    from game.star_realms.ui.session import Session
    from tests.scene import Scene

    sc = Scene(hand=["scout", "viper", "scout", "scout"])
    table = app.push(TableScene(app, Session(DB, sc.state, ["human", "greedy"])))
    app.frame([], 1 / 60)
    for iid in sc.me.hand[:3]:
        table.act(Action("play", 0, card=iid))
    table.end_turn()
    assert table.confirm is not None and sc.state.active == 0
    lines = confirm_lines(table.model)
    assert lines[1:] == [i18n.t("table.waste_trade", n=2), i18n.t("table.waste_combat", n=1),
                         i18n.t("table.waste_hand", n=1)]
    assert table.confirm.confirmation_text.html_text == "<br>".join(lines)


# ---------------------------------------------------------------- the page (Chromium)


@pytest.mark.browser
def test_the_page_counts_piles_attacks_with_the_most_and_asks_before_ending(tmp_path):
    browser_tests = pytest.importorskip("tests.test_remote_browser")
    from selenium.webdriver.common.by import By

    from tests.remote_game import served

    wait_for, tap, texts = browser_tests.wait_for, browser_tests.tap, browser_tests.texts
    with served("remote,normal", seed=SEED_TWO_VIPERS) as game, \
            browser_tests.browser() as driver:
        game.start()
        driver.get(game.url(0))
        wait_for(driver, lambda: "Your turn!" in driver.find_element(By.ID, "banner").text)
        me = game.session.state.seats[0]
        vipers = [i for i in me.hand if game.session.state.cards[i].id == "viper"]
        assert len(vipers) == 2

        def piles() -> str:
            found = texts(driver, "section.hand .piles")
            return found[0] if found else ""

        wait_for(driver, lambda: piles() == f"deck {len(me.deck)} · discard {len(me.discard)}")

        def attack_amount() -> str:
            """The amount on the attack button, read in one script (a redraw between a
            lookup and a read would leave a stale element)."""
            found = driver.execute_script(
                "const b = document.querySelector('section.targets"
                " [data-action^=\"attack_player:\"]');"
                " return b ? [b.dataset.action, b.textContent] : null")
            if not found:
                return ""
            amount = found[0].rsplit(":x", 1)[-1]
            assert found[1].endswith(f"· {amount}")  # the label says the same
            return amount

        tap(driver, f"play:c{vipers[0]}")
        wait_for(driver, lambda: attack_amount() == "1")
        tap(driver, f"play:c{vipers[1]}")  # 2 combat now: the attack offers both
        wait_for(driver, lambda: attack_amount() == "2")

        turn = game.session.state.turn
        tap(driver, "end_turn")  # combat 2 and a Scout would be wasted: it asks first
        wait_for(driver, lambda: texts(driver, "section.confirm-end h2"))
        assert texts(driver, "section.confirm-end h2") == ["End the turn anyway?"]
        assert texts(driver, "section.confirm-end .waste") == [
            i18n.t("table.waste_combat", "en", n=2), i18n.t("table.waste_hand", "en", n=1)]
        driver.find_element(By.ID, "lang").click()  # the question in Russian too
        assert texts(driver, "section.confirm-end h2") == [
            i18n.t("table.confirm_end", "ru", what="").removesuffix("<br>")]
        assert texts(driver, "section.confirm-end .waste")[0] == i18n.t(
            "table.waste_combat", "ru", n=2)
        assert piles() == f"колода {len(me.deck)} · сброс {len(me.discard)}"
        tap(driver, "cancel-end")
        assert not texts(driver, "section.confirm-end h2")
        assert game.session.state.turn == turn  # nothing was sent
        tap(driver, "end_turn")
        button = driver.find_element(By.CSS_SELECTOR, "section.confirm-end [data-confirmed]")
        button.click()  # "End turn" in the question: now the turn ends
        wait_for(driver, lambda: game.session.state.turn > turn)
