"""The attack-amount dialog (issue 36, item 3): "Attack P1 with N combat" shows the
amount, starts at the most the player may deal, and changes by drag, click, the −/+
buttons, arrow keys, + and −, the wheel and typing — at Text size Huge, 1280×720 too;
while it is up the table's own keys (E, P, A…) do nothing."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.settings import TABLE_SIZES
from game.ui import fonts
from tests.scene import Scene
from tests.test_ui_table import click, drag, frame, mouse, table

HUGE = TABLE_SIZES[-1]


@pytest.fixture
def make(make_table_app):
    """make(size, text_size, lang) → a headless app, 1280×720 at Text size Huge."""
    def build(size=(1280, 720), text_size=HUGE, lang="en"):
        return make_table_app(size, text_size, lang)
    return build


def ask(app, combat=7, **scene):
    """A table whose player drags ``combat`` onto the opponent: the dialog is up."""
    sc = Scene(combat=combat, **scene)
    t = table(app, sc)
    drag(app, t.combat_rect().center, t.layout.zones()["opp_info"].center)
    assert t.amount_panel is not None and sc.authority(1) == 50
    return sc, t, t.amount_panel["slider"]


def press(app, k, unicode=""):
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)])


def test_it_starts_at_the_most_and_says_so(make):
    app = make()
    sc, t, picker = ask(app, combat=7)
    assert picker.get_current_value() == 7
    assert picker.knob().centerx > picker.track.centerx  # drawn at the right end
    press(app, pygame.K_RETURN)  # Enter attacks with it
    assert t.amount_panel is None and sc.authority(1) == 43 and sc.me.combat == 0


def test_dragging_the_knob_and_clicking_the_bar(make):
    app = make()
    sc, t, picker = ask(app, combat=7)
    knob = picker.knob().center
    frame(app, [mouse("motion", knob), mouse("down", knob)])
    for x in range(knob[0], picker.track.x - 20, -15):  # past the left end: 1
        frame(app, [mouse("motion", (x, knob[1]))])
    frame(app, [mouse("up", (picker.track.x - 20, knob[1]))])
    assert picker.get_current_value() == 1
    click(app, (picker.x_of(5), picker.track.centery))  # the knob jumps to the click
    assert picker.get_current_value() == 5
    frame(app, [mouse("motion", (picker.x_of(2), picker.track.centery))])  # not held
    assert picker.get_current_value() == 5
    click(app, t.amount_panel["ok"].rect.center)
    assert sc.authority(1) == 45 and sc.me.combat == 2


def test_buttons_keys_and_the_wheel(make):
    app = make()
    sc, t, picker = ask(app, combat=7)
    p = t.amount_panel
    click(app, p["minus"].rect.center)
    click(app, p["minus"].rect.center)
    assert picker.get_current_value() == 5
    click(app, p["plus"].rect.center)
    assert picker.get_current_value() == 6
    for k, want in ((pygame.K_LEFT, 5), (pygame.K_DOWN, 4), (pygame.K_MINUS, 3),
                    (pygame.K_KP_MINUS, 2), (pygame.K_RIGHT, 3), (pygame.K_UP, 4),
                    (pygame.K_EQUALS, 5), (pygame.K_KP_PLUS, 6), (pygame.K_HOME, 1),
                    (pygame.K_LEFT, 1), (pygame.K_END, 7), (pygame.K_RIGHT, 7)):
        press(app, k)
        assert picker.get_current_value() == want, pygame.key.name(k)
    pygame.mouse.set_pos(p["rect"].center)
    frame(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert picker.get_current_value() == 6
    press(app, pygame.K_ESCAPE)  # Esc: no attack
    assert t.amount_panel is None and sc.authority(1) == 50 and sc.me.combat == 7


def test_typing_the_number(make):
    app = make()
    sc, _, picker = ask(app, combat=15)
    press(app, pygame.K_1, "1")
    assert picker.get_current_value() == 1
    press(app, pygame.K_2, "2")
    assert picker.get_current_value() == 12
    press(app, pygame.K_BACKSPACE)
    assert picker.get_current_value() == 1
    press(app, pygame.K_KP9, "9")
    assert picker.get_current_value() == 9  # "19" is past the most: a new number
    press(app, pygame.K_KP_ENTER)
    assert sc.authority(1) == 41 and sc.me.combat == 6


def test_a_typed_number_past_the_most_starts_again(make):
    app = make()
    sc, _, picker = ask(app, combat=7)
    for k in (pygame.K_5, pygame.K_9):
        press(app, k)
    assert picker.get_current_value() == 7  # "59" → "9", more than 7: all 7
    press(app, pygame.K_3)
    assert picker.get_current_value() == 3  # "93" → "3"
    press(app, pygame.K_RETURN)
    assert sc.authority(1) == 47


def test_the_tables_keys_wait_while_it_is_up(make):
    app = make()
    sc, t, _ = ask(app, combat=7, hand=["scout", "viper"], trade=2)
    for k in (pygame.K_e, pygame.K_p, pygame.K_a, pygame.K_u):
        press(app, k)
    assert t.amount_panel is not None and t.confirm is None and app.top is t
    assert len(sc.me.hand) == 2 and sc.state.active == 0 and sc.authority(1) == 50


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_it_fits_at_huge_text_in_1280x720(make, lang, tmp_path):
    app = make((1280, 720), HUGE, lang)
    _, t, picker = ask(app, combat=12)
    press(app, pygame.K_5)
    frame(app)
    p = t.amount_panel
    window = pygame.Rect((0, 0), app.size)
    r = p["rect"]
    assert window.contains(r)
    parts = [picker.track, p["minus"].rect, p["plus"].rect, p["ok"].rect, p["cancel"].rect]
    for part in parts:
        assert r.contains(part), part
    for i, a in enumerate(parts):
        assert not any(a.colliderect(b) for b in parts[i + 1:]), a
    assert picker.track.contains(picker.knob())
    number = fonts.font(picker.number_size(), True).size("12")
    assert number[0] < picker.knob().w and number[1] <= picker.knob().h
    for name in ("minus", "plus", "ok", "cancel"):
        w, h = p[name].font.size(p[name].text)
        assert w <= p[name].rect.w and h <= p[name].rect.h, name
    pad = t.layout.px(16)
    for line in p["hint"]:  # every line of the hint fits the dialog's width
        assert fonts.font(t.layout.fs(18)).size(line)[0] <= r.w - 2 * pad, line
    last = p["hint_y"] + fonts.block_height(len(p["hint"]), t.layout.fs(18))
    assert last <= p["ok"].rect.y
    assert i18n.t("table.attack_amount_hint") != "table.attack_amount_hint"
    # what is on the screen: the knob is drawn where the amount is, in the dialog
    shot = app.screen.copy()
    pygame.image.save(shot, str(tmp_path / f"amount_{lang}.png"))
    knob = picker.knob()
    edge = shot.get_at((knob.x + 1, knob.centery))
    assert edge != shot.get_at((picker.track.right - 1, picker.track.y + 1))
