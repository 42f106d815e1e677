"""The table and setup for 3–6 seats."""


import pygame
import pygame_gui
import pytest

from game import i18n
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.screens import SCREENSHOT_SEATS, render_scene
from game.star_realms.ui.session import Session
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_ui_table import click, drag, frame


def table_for(app, fmt, n, controllers=None, seed=4, first=0):
    seats = tuple(SeatConfig(f"P{i + 1}", (controllers or ["human"] + ["greedy"] * (n - 1))[i])
                  for i in range(n))
    state = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seats=seats, format=fmt,
                                    seed=seed, first=first))
    app.push(MenuScene(app))
    t = app.push(TableScene(app, Session(DB, state, [s.controller for s in seats])))
    frame(app)
    return t


def give_base(state, seat, card_id):
    iid = next((i for i in state.trade_deck if state.cards[i].id == card_id), None)
    if iid is None:
        iid = next(i for i in state.trade_row if state.cards[i].id == card_id)
        state.trade_row[state.trade_row.index(iid)] = state.trade_deck.pop()
    else:
        state.trade_deck.remove(iid)
    state.seats[seat].bases.append(iid)
    return iid


@pytest.mark.parametrize("fmt", sorted(SCREENSHOT_SEATS))
def test_every_seat_and_base_is_visible_without_overlap(fmt, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CACHE_DIR", str(tmp_path / "cache"))
    app = render_scene("table", (1920, 1080), seed=3, lang="en", fmt=fmt)
    t = app.top
    try:
        n = len(t.view.seats)
        screen = app.screen.get_rect()
        panels = [t.panel_of(s) for s in t.opponents]
        if n > 2:
            assert len(panels) == n - 1 and all(p is not None for p in panels)
            for i, a in enumerate(panels):
                assert screen.contains(a)
                for b in panels[i + 1:]:
                    assert not a.colliderect(b)
        for seat in t.opponents:
            area = t.panel_of(seat) or t.layout.zones()["opp_field"]
            bases = t.view.seats[seat].bases
            rects = [t.card_rects[b] for b in bases]
            for i, a in enumerate(rects):
                assert area.contains(a) and screen.contains(a)
                for b in rects[i + 1:]:
                    assert not a.colliderect(b), f"{fmt}: bases overlap"
        # the seat list shows every seat's authority
        assert t.layout.zones()["seats"].h >= 40 + 24 * n or n == 2
    finally:
        t.session.close()


def test_hunter_dims_illegal_targets_with_reasons(big_app):
    t = table_for(big_app, "hunter", 4)
    st = t.session.state
    st.seats[0].combat = 6
    far = give_base(st, 2, "nesting_ground")
    t.refresh_view()
    frame(big_app)
    reasons = {tuple(r): why for r, why in t.target_reasons()}
    assert reasons[tuple(t.panel_of(1))] is None  # the left neighbour
    assert reasons[tuple(t.panel_of(2))] and reasons[tuple(t.panel_of(3))]
    assert reasons[tuple(t.card_rects[far])]  # not a neighbour's base
    drag(big_app, t.combat_rect().center, t.panel_of(2).center)
    assert st.authority(2) == 50 and any("cannot target" in x for x, *_ in t.toasts)
    drag(big_app, t.combat_rect().center, t.panel_of(1).center)
    assert t.amount_panel is not None and t.amount_panel["target"] == 1


def test_hydra_team_turn_and_pooled_trade(big_app):
    """«все игроки одной команды одновременно отыгрывают основную фазу»: two human
    teammates share the screen (no curtain between them) and either may spend the
    team's trade."""
    t = table_for(big_app, "hydra2", 4, ["human", "greedy", "human", "greedy"])
    s = t.session
    assert s.curtain is None and s.viewer == 0
    st = s.state
    st.seats[0].trade = 4
    st.seats[2].trade = 2
    s.viewer = 2  # the teammate takes the mouse: same turn, same screen
    t.refresh_view()
    frame(big_app)
    assert s.curtain is None and s.acting == 2 and st.turn == 1
    assert t.team_leftover("trade") == 4
    pricey = next((c for c in st.trade_row if st.cards[c].cost == 6), None)
    if pricey is not None:
        drag(big_app, t.card_rects[pricey].center, t.layout.zones()["my_discard"].center)
        assert pricey in st.seats[2].discard and st.seats[0].trade == 0


def test_emperor_transfer_by_dragging_the_discard_pile(big_app):
    t = table_for(big_app, "emperor", 6)
    st = t.session.state
    card = st.seats[0].hand.pop()
    st.seats[0].discard.append(card)
    st.seats[0].trade = 1
    t.refresh_view()
    frame(big_app)
    drag(big_app, t.card_rects[card].center, t.panel_of(2).center)
    assert card in st.seats[2].discard and st.seats[0].trade == 0


@pytest.mark.parametrize("viewer", [0, 3])
def test_emperor_table_shows_two_facing_rows(big_app, viewer):
    """001: «Команда Б: Адмирал Игрок 4, Император Игрок 5, Адмирал Игрок 6 / Игровая
    зона / Команда А: Адмирал Игрок 3, Император Игрок 2, Адмирал Игрок 1»: the two
    teams sit in facing rows, player 1 across from 6, 2 from 5, 3 from 4; the viewer's
    team is the near row."""
    controllers = ["greedy"] * 6
    controllers[viewer] = "human"
    t = table_for(big_app, "emperor", 6, controllers)
    assert t.me == viewer

    def cell(seat):
        return t.own_cell() if seat == viewer else t.panel_of(seat)

    mine = [0, 1, 2] if viewer == 0 else [3, 4, 5]
    for seat in mine:  # the viewer's team in the lower row, each facing its opposite
        near, far = cell(seat), cell(5 - seat)
        assert far.bottom < near.top and far.x == near.x
    # clockwise, as the book seats them: along the near row from right to left
    xs = [cell(s).x for s in mine]
    assert xs == sorted(xs, reverse=True)
    cells = [cell(s) for s in range(6)]
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            assert not a.colliderect(b)


def test_raid_ally_hands_are_visible(big_app):
    t = table_for(big_app, "raid", 4, ["greedy", "human", "greedy", "greedy"])
    s = t.session
    assert s.viewer == 1
    view = t.view
    assert view.seats[2].hand == s.state.seats[2].hand
    assert all(c < 0 for c in view.seats[0].hand)


def test_setup_changes_format_and_prevents_an_unplayable_mix(big_app):
    big_app.push(MenuScene(big_app))
    setup = big_app.push(SetupScene(big_app))
    frame(big_app)
    setup.change_format("emperor")
    # the Core Set of the default duel stays ticked, alone: a screen has no box limits
    # (issue 39), six seats play with one box
    assert len(setup.setup.seats) == 6 and setup.setup.sets == ("core",)
    setup = big_app.top
    core = next(b for b, sid in setup.set_boxes.items() if sid == "core")
    core.set_state(False)
    frame(big_app, [pygame.event.Event(pygame_gui.UI_CHECK_BOX_UNCHECKED, {"ui_element": core})])
    assert setup.error == i18n.t("setup.need_a_set") and not setup.start.is_enabled
    box = next(b for b, sid in setup.set_boxes.items() if sid == "frontiers")
    box.set_state(True)
    frame(big_app, [pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, {"ui_element": box})])
    assert not setup.error
    click(big_app, setup.start.rect.center)
    table = big_app.top
    assert isinstance(table, TableScene) and table.session.state.config.format == "emperor"
    assert len(table.layout.panels) == 6  # two facing rows of three, the viewer's cell too
