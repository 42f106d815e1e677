"""Tooltips on what is not a card (chips, seat panels, counters, panel bases), shown after
the pointer rests ~0.4 s, kept inside the window, in both languages, never blocking."""

import pygame
import pytest

from game import i18n
from game.star_realms.ui.table.tooltips import TOOLTIP_MS
from tests.scene import Scene
from tests.test_ui_table import click, frame, mouse, table


def rest(app, t, pos) -> list[str]:
    """Move the pointer to ``pos`` and let it rest past the tooltip delay."""
    frame(app, [mouse("motion", pos)])
    frame(app, n=int(TOOLTIP_MS / (1000 / 60)) + 3)
    return t.tooltips.shown(t, app.clock_ms)


@pytest.mark.parametrize("lang,why", [
    ("en", "waits for an ally — another Blob card"),
    ("ru", "ждёт союзника — ещё одну карту фракции «Слизни»"),
])
def test_a_dim_ally_chip_says_what_it_does_and_why_it_is_dim(big_app, lang, why):
    i18n.set_language(lang)
    sc = Scene(in_play=["blob_fighter"])
    t = table(big_app, sc)
    fighter = sc.id("blob_fighter")
    chip = t.chip_spots[(fighter, "ally")]
    frame(big_app, [mouse("motion", chip.center)])
    assert t.tooltips.shown(t, big_app.clock_ms) == []  # not at once
    text = rest(big_app, t, chip.center)
    assert text[0].startswith("Blob Fighter" if lang == "en" else "Истребитель")
    assert text[1] and why in text[2]
    i18n.set_language("en")


def test_an_available_chip_says_click_to_use(big_app):
    sc = Scene(in_play=["blob_fighter", "trade_pod"])
    t = table(big_app, sc)
    chip = t.chip_spots[(sc.id("blob_fighter"), "ally")]
    assert "click to use it now" in rest(big_app, t, chip.center)[2]


def test_seat_panels_counters_and_panel_bases(big_app):
    sc = Scene(seats=4, opp_bases=["defense_system"], trade=3)
    t = table(big_app, sc, controllers=("human", "greedy", "greedy", "greedy"))
    panel = t.panel_of(2)
    text = rest(big_app, t, (panel.x + 20, panel.bottom - 12))
    assert text[0].startswith("P2") and "Authority 50: at 0 the player is out." in text
    assert any("Drag your combat here" in line for line in text)
    z = t.layout.zones()
    assert rest(big_app, t, z["trade_deck"].center)[0] == "Trade deck: 5 cards"
    assert rest(big_app, t, t.trade_rect().center)[0] == "Trade: 3"
    base = sc.id("defense_system")
    text = rest(big_app, t, t.card_rects[base].center)
    assert text[0] == "Defense System" and "Defense 5 of 5" in text[1]
    i18n.set_language("ru")
    frame(big_app, [mouse("motion", (5, 5))])
    assert rest(big_app, t, z["trade_deck"].center)[0] == "Торговая колода: 5 карт"
    i18n.set_language("en")


def test_a_card_gets_no_tooltip_and_the_box_stays_in_the_window(big_app):
    sc = Scene(hand=["scout"])
    t = table(big_app, sc)
    assert rest(big_app, t, t.card_rects[sc.id("scout")].center) == []
    seats = t.layout.zones()["seats"]
    corner = (seats.right - 3, seats.y + t.layout.px(12))  # "Turn 1", at the screen's edge
    assert rest(big_app, t, corner)[0] == "Turn 1"
    assert t.tooltips.rect is not None
    assert pygame.Rect((0, 0), big_app.size).contains(t.tooltips.rect)


def test_a_tooltip_does_not_block_a_click(big_app):
    sc = Scene(discard=["scout", "viper"])
    t = table(big_app, sc)
    pile = t.layout.zones()["my_discard"]
    badge = (pile.centerx, pile.bottom + t.layout.px(12))  # the count under the pile
    assert rest(big_app, t, badge)[0] == "Your discard pile: 2 cards"
    scrap = t.layout.zones()["scrap"].center
    assert rest(big_app, t, scrap)[0] == "Scrap heap: 0 cards"
    click(big_app, scrap)
    assert big_app.top is not t  # the scrap heap opened under the pointer
