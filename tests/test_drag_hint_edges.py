"""Issue 39 item 10: the refusal under dragged combat stays inside the window, and the
seat tooltip does not invite an attack an outpost forbids."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.star_realms.ui.table.draw_overlays import place_hint
from game.star_realms.ui.table.tooltips import seat_lines
from tests.scene import DB
from tests.test_ui_formats import give_base, table_for
from tests.test_ui_table import frame, mouse


def _outpost_id(state) -> str:
    return next(state.cards[i].id for i in state.trade_deck if DB[state.cards[i].id].outpost)


def _protected_table(app, seats: int):
    t = table_for(app, "ffa" if seats > 2 else "duel", seats)
    st = t.session.state
    st.seats[0].combat = 6
    give_base(st, 1, _outpost_id(st))
    t.refresh_view()
    frame(app)
    return t


def _hold_combat_over(app, t, end: tuple[int, int]) -> None:
    """Drag the combat pool to ``end`` and keep holding it there (no release)."""
    start = t.combat_rect().center
    frame(app, [mouse("motion", start), mouse("down", start)])
    for i in range(1, 6):
        frame(app, [mouse("motion", (start[0] + (end[0] - start[0]) * i // 5,
                                     start[1] + (end[1] - start[1]) * i // 5))])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_outpost_refusal_at_the_top_edge_is_wholly_inside_the_window(
        make_table_app, size, seats, lang):
    app = make_table_app(size=size, lang=lang)
    t = _protected_table(app, seats)
    panel = t.panel_of(1) or t.layout.zones()["opp_info"]
    assert panel.top < 20  # the protected player sits at the window's top edge
    for x in (panel.left + 3, panel.centerx):  # and at its left corner
        _hold_combat_over(app, t, (x, panel.top + 2))
        assert t.refusal == i18n.t("why.outpost_first")
        box = t.refusal_rect
        assert box is not None and app.screen.get_rect().contains(box), (box, size)
        disc = pygame.Rect(t.drag.pos, (t.layout.px(110), t.layout.px(110)))
        assert not box.colliderect(disc)  # not hidden under the dragged combat
        assert app.screen.get_at(box.center)[:3] != (0, 0, 0)
        frame(app, [mouse("up", t.combat_rect().center)])  # dropped back: nothing happens
        frame(app)
        assert t.drag is None
        assert t.session.state.authority(1) == 50


def test_place_hint_prefers_above_then_below_and_never_leaves_the_bounds():
    bounds = pygame.Rect(0, 0, 1280, 720)
    low = pygame.Rect(600, 400, 110, 110)
    above = place_hint((300, 30), low, bounds, 6)
    assert above.bottom <= low.top and bounds.contains(above)
    top_left = pygame.Rect(-50, -40, 110, 110)  # the disc is half off the window
    box = place_hint((500, 30), top_left, bounds, 6)
    assert bounds.contains(box) and not box.colliderect(top_left)
    huge = place_hint((1400, 800), low, bounds, 6)  # bigger than the window: centred
    assert huge.center == bounds.center


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_protected_players_tooltip_says_the_outpost_not_drag_here(make_table_app, lang):
    app = make_table_app(lang=lang)
    t = _protected_table(app, 4)
    protected, open_seat = seat_lines(t, 1, False), seat_lines(t, 2, False)
    assert i18n.t("why.outpost_first") in protected
    assert i18n.t("tip.seat_attack") not in protected
    assert i18n.t("tip.seat_attack") in open_seat
    t.session.state.seats[0].combat = 0  # no combat yet: still invited, still protected
    t.refresh_view()
    assert i18n.t("tip.seat_attack") in seat_lines(t, 2, False)
    assert i18n.t("why.outpost_first") in seat_lines(t, 1, False)
