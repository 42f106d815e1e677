"""Issue 20, readable from the back of the room: the "Text size" setting reaches the boss
panel, the prompts and the dialogs too — larger words at a larger setting, laid out for
them, inside the window at 1280×720 with the largest size, in both languages."""

from __future__ import annotations

import pygame
import pytest

from game.settings import TABLE_SIZES
from game.star_realms.data import load_rules
from game.star_realms.ui.card_images import for_app
from game.star_realms.ui.scenes.overlays import PauseScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import GameSetup, SeatSetup, Session
from game.ui import fonts
from game.ui.scenes.menu import MenuScene
from tests.scene import Scene
from tests.test_ui_table import card_center, click, drag, frame, key, table

SMALL, LARGEST = 1.0, TABLE_SIZES[-1]


@pytest.fixture
def make(make_table_app):
    """make(size, text_size, lang) → a headless app, 1280×720 by default."""
    return make_table_app


def settle(app) -> None:
    for _ in range(3):
        frame(app)
        for_app(app).wait()
    frame(app)


# ---------------------------------------------------------------------- the boss panel


def adventure_table(app, players: int, aid: str = "automatons") -> TableScene:
    """An adventure at its first turn, seat 0's (the players move first on Veteran); the
    other players are computers, so no curtain hides the table."""
    seats = [SeatSetup(f"P{i}", "human" if i == 0 else "greedy") for i in range(players)]
    seats.append(SeatSetup("Boss", "boss"))
    setup = GameSetup(sets=("frontiers",), seats=seats, first=0, seed=3, format=aid,
                      options=(("difficulty", "veteran"),))
    app.push(MenuScene(app))
    t = app.push(TableScene(app, Session.start(load_rules(), setup)))
    settle(app)
    return t


def boss_header(t: TableScene) -> int:
    """How far under the boss panel's top its cards and piles start."""
    panel = t.panel_of(t.boss_view.seat)
    cards, piles = t.boss_view.areas()
    return min(cards.y if cards.h else piles.y, piles.y) - panel.y


@pytest.mark.parametrize("aid", ["automatons", "nemesis_beast"])  # cards in play; piles only
def test_boss_panel_header_follows_the_text_size(make, aid):
    headers = []
    for text_size in (SMALL, LARGEST):
        t = adventure_table(make((1920, 1080), text_size), 2, aid)
        lay = t.layout
        assert t.boss_view.header_h() == lay.panel_header
        headers.append(boss_header(t))
        # the header's rows (name, authority, counter) end above the boss's cards
        assert boss_header(t) >= lay.fs(31) + fonts.font(lay.fs(22), True).get_ascent()
    assert headers[1] > headers[0]


def test_one_players_boss_numbers_follow_the_text_size(make):
    found = []
    for text_size in (SMALL, LARGEST):
        t = adventure_table(make((1920, 1080), text_size), 1)
        areas = []
        t.boss_view.draw_numbers = lambda surface, area, a=areas: a.append(area)  # type: ignore
        t.boss_view.draw_info(t.app.screen, t.layout.zones()["opp_info"])
        assert t.layout.zones()["opp_info"].contains(areas[0])
        found.append((areas[0].h, t.boss_view.numbers_font(), t.boss_view.pile_label_font()))
    (h0, f0, p0), (h1, f1, p1) = found
    assert h1 > h0 and f1 > f0 and p1 > p0
    assert h1 >= fonts.font(f1, True).get_height()


# ---------------------------------------------------------------------- prompts


def option_prompt(app, card="recycling_station"):
    """A question with two options, one of them long (in Russian above all)."""
    sc = Scene(bases=[card])
    t = table(app, sc)
    settle(app)
    chip = next(r for r, a, slot in t.chip_rects if slot == "primary" and a is not None)
    click(app, chip.center)
    settle(app)
    assert t.prompt is not None
    return t


def card_prompt(app):
    """A question answered by picking a card, with a Skip button."""
    sc = Scene(hand=["blob_miner"])
    t = table(app, sc)
    settle(app)
    drag(app, card_center(t, sc.id("blob_miner")), t.layout.zones()["my_field"].center)
    settle(app)
    assert t.prompt is not None and t.prompt.card_rects
    return t


def seat_prompt(app):
    sc = Scene(hand=["imperial_flagship"], in_play=["frontier_hawk"], deck=["scout", "viper"])
    t = table(app, sc)
    settle(app)
    drag(app, card_center(t, sc.id("imperial_flagship")), t.layout.zones()["my_field"].center)
    settle(app)
    chip = next(r for r, a, slot in t.chip_rects
                if slot == "ally" and a is not None and a.card == sc.id("imperial_flagship"))
    click(app, chip.center)
    settle(app)
    assert t.prompt is not None and t.prompt.labels
    return t


def check_prompt(t: TableScene) -> None:
    """Everything inside the prompt's panel (and so the window); every button's words
    fit it, no title line is wider than the panel; nothing squeezed (each line drawn
    at its own width)."""
    p = t.prompt
    window = pygame.Rect((0, 0), t.app.size)
    panel = p.panel.rect
    assert window.contains(panel)
    for line in p.title_lines:
        assert fonts.font(p.title_size, True).size(line)[0] <= panel.w - 2 * t.layout.px(18)
    title_bottom = p.title_pos[1] + fonts.block_height(len(p.title_lines), p.title_size, True)
    for btn in p.actions:
        assert panel.contains(btn.rect), btn.rect
        assert btn.rect.y >= title_bottom
        if btn in p.labels:  # words drawn by the prompt, wrapped to fit
            size, lines = p._fitted[btn]
            assert all(fonts.font(size, True).size(line)[0] <= btn.rect.w for line in lines)
            assert fonts.block_height(len(lines), size, True) <= btn.rect.h
        else:  # words drawn by pygame-gui: one line that fits
            assert btn.font.size(btn.text)[0] <= btn.rect.w
            assert btn.font.size(btn.text)[1] <= btn.rect.h
    for rect, _ in p.card_rects:
        assert panel.contains(rect) and rect.y >= title_bottom


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_prompts_follow_the_text_size_and_fit_at_720p(make, lang):
    sizes = {}
    for text_size in (SMALL, LARGEST):
        t = option_prompt(make(text_size=text_size, lang=lang))
        check_prompt(t)
        short = next(b for b, text in t.prompt.labels.items() if len(text) < 25)
        sizes[text_size] = (t.prompt.title_size, t.prompt._fitted[short][0])
        t = card_prompt(make(text_size=text_size, lang=lang))
        check_prompt(t)
        skip = next(iter(t.prompt.actions))
        sizes[text_size] += (skip.font.point_size,)
        t = seat_prompt(make(text_size=text_size, lang=lang))
        check_prompt(t)
    assert all(big > small for small, big in zip(sizes[SMALL], sizes[LARGEST], strict=True)), \
        sizes


def test_a_long_option_wraps_instead_of_being_cut(make):
    t = option_prompt(make(text_size=LARGEST, lang="ru"))
    long = next(b for b, text in t.prompt.labels.items() if len(text) > 40)
    assert len(t.prompt._fitted[long][1]) >= 2


# ---------------------------------------------------------------------- dialogs


def check_dialog(dialog, window: pygame.Rect) -> None:
    assert window.contains(dialog.rect), dialog.rect
    body = dialog.get_container().get_rect()
    box = dialog.confirmation_text
    assert body.contains(box.rect)
    assert box.scroll_bar is None  # all of its text shows
    for btn in (dialog.cancel_button, dialog.confirm_button):
        assert body.contains(btn.rect), btn.rect
        assert not btn.rect.colliderect(box.rect)
        w, h = btn.font.size(btn.text)
        assert w <= btn.rect.w and h <= btn.rect.h, (btn.text, btn.rect)
    assert not dialog.cancel_button.rect.colliderect(dialog.confirm_button.rect)


def end_turn_dialog(app):
    sc = Scene(hand=["scout", "viper", "cutter"])
    t = table(app, sc)
    key(app, pygame.K_p)
    key(app, pygame.K_e)
    assert t.confirm is not None
    return t.confirm


def quit_dialog(app):
    table(app, Scene())
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, next(b for b, k in pause.buttons.items() if k == "quit_to_menu").rect.center)
    assert pause.confirm is not None
    return pause.confirm


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_dialogs_follow_the_text_size_and_fit_at_720p(make, lang):
    fonts_at = {}
    for text_size in (SMALL, LARGEST):
        app = make(text_size=text_size, lang=lang)
        window = pygame.Rect((0, 0), app.size)
        found = []
        for dialog in (end_turn_dialog(app), quit_dialog(app)):
            frame(app)
            check_dialog(dialog, window)
            box = dialog.confirmation_text
            found += [dialog.confirm_button.font.point_size,
                      box.ui_theme.get_font(box.combined_element_ids).point_size,
                      dialog.title_bar.font.point_size]
        fonts_at[text_size] = found
    assert all(big > small for small, big in zip(fonts_at[SMALL], fonts_at[LARGEST],
                                                 strict=True)), fonts_at


def test_attack_amount_dialog_follows_the_text_size(make):
    heights = []
    for text_size in (SMALL, LARGEST):
        app = make(text_size=text_size, lang="ru")
        sc = Scene(combat=7)
        t = table(app, sc)
        drag(app, t.combat_rect().center, t.layout.zones()["opp_info"].center)
        p = t.amount_panel
        assert p is not None
        r = p["rect"]
        assert pygame.Rect((0, 0), app.size).contains(r)
        for name in ("slider", "ok", "cancel"):
            assert r.contains(p[name].rect), name
        for name in ("ok", "cancel"):
            w, h = p[name].font.size(p[name].text)
            assert w <= p[name].rect.w and h <= p[name].rect.h
        heights.append(p["ok"].font.point_size)
    assert heights[1] > heights[0]
