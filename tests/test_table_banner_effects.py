"""The turn banner, the acting seat's marker and the attack / damage / destroyed base /
eliminated effects, driven headless with synthetic input (effects only draw)."""

import pygame
import pytest

from game import i18n
from game.star_realms.engine.events import Eliminated
from game.star_realms.ui.table.effects import BANNER_MS, FLOAT_MS, banner_text
from tests.scene import Scene
from tests.test_ui_formats import table_for
from tests.test_ui_table import card_center, click, drag, frame, key, table


def run_ms(app, ms: float) -> None:
    frame(app, n=int(ms / (1000 / 60)) + 2)


def banners(t):
    return [f.text for f in t.effects.live("banner")]


def test_end_turn_shows_the_next_seats_banner_then_it_goes(big_app):
    sc = Scene(hand=[])
    t = table(big_app, sc, controllers=("human", "human"))
    click(big_app, t.btn_curtain.rect.center)  # hot seat: P0 takes the screen
    assert banners(t) == []  # the opening position shows none
    key(big_app, pygame.K_e)  # nothing to waste: the turn ends at once
    assert t.session.curtain == 1 and banners(t) == []  # not behind the curtain
    click(big_app, t.btn_curtain.rect.center)
    assert banners(t) == ["P1's turn"]
    run_ms(big_app, BANNER_MS + 100)
    assert banners(t) == []


def test_the_banner_does_not_block_a_click(big_app):
    sc = Scene(hand=["scout", "scout"])
    t = table(big_app, sc)
    t.effects.update(t, big_app.clock_ms)
    t.effects.turn_key = (-1, -1)  # as if the turn had just passed: a banner is up
    frame(big_app)
    assert banners(t)
    scout = sc.id("scout")
    pos = card_center(t, scout)
    click(big_app, pos)
    click(big_app, pos)
    assert scout in sc.me.in_play


def test_russian_and_team_banners(big_app):
    sc = Scene(hand=[])
    t = table(big_app, sc)
    i18n.set_language("ru")
    assert banner_text(t) == "Ваш ход"  # one person at the screen: it is theirs
    hot = table(big_app, Scene(hand=[]), controllers=("human", "human"))
    assert banner_text(hot) == "Ход: P0"  # hot seat: by name
    i18n.set_language("en")
    assert banner_text(hot) == "P0's turn"
    t4 = table_for(big_app, "hydra2", 4, ["human", "greedy", "human", "greedy"])
    assert len(t4.model.turn_members) == 2
    assert banner_text(t4) == "Team A's turn"
    i18n.set_language("ru")
    assert banner_text(t4) == "Ход команды A"
    i18n.set_language("en")


def test_an_attack_makes_a_streak_and_a_floating_number_that_expire(big_app):
    sc = Scene(combat=5)
    t = table(big_app, sc)
    drag(big_app, t.combat_rect().center, t.layout.zones()["opp_info"].center)
    click(big_app, t.amount_panel["ok"].rect.center)
    assert sc.authority(1) == 45
    kinds = sorted(f.kind for f in t.effects.live())
    assert "streak" in kinds and "float" in kinds
    assert any(f.text == "-5" for f in t.effects.live("float"))
    run_ms(big_app, FLOAT_MS + 100)
    assert not t.effects.live("streak") and not t.effects.live("float")


def test_destroying_a_base_flashes_where_it_stood(big_app):
    sc = Scene(combat=8, opp_bases=["defense_system"])
    t = table(big_app, sc)
    base = sc.id("defense_system")
    spot = t.card_rects[base].copy()
    click(big_app, card_center(t, base))
    assert base not in sc.state.seats[1].bases
    flashes = t.effects.live("flash")
    assert flashes and flashes[0].rect == spot


def test_an_eliminated_seat_is_marked(big_app):
    sc = Scene(seats=4)
    t = table(big_app, sc, controllers=("human", "greedy", "greedy", "greedy"))
    t.effects.from_events(t, [Eliminated(2)], big_app.clock_ms)
    outs = t.effects.live("out")
    assert outs and outs[0].rect == t.panel_of(2)
    frame(big_app)  # and it draws


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_acting_seat_carries_the_turn_mark(big_app, lang):
    i18n.set_language(lang)
    sc = Scene()
    t = table(big_app, sc)
    surface = pygame.Surface(big_app.size)
    t.draw(surface)
    info = t.layout.zones()["my_info"]
    # the gold tab sits on the top edge of the acting seat's box
    gold = [surface.get_at((x, max(0, info.y))) for x in range(info.centerx - 20,
                                                               info.centerx + 20)]
    assert any(c.r > 200 and c.g > 150 and c.b < 120 for c in gold)
    i18n.set_language("en")
