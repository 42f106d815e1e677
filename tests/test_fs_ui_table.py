"""Forbidden Stars' table scene driven by synthetic pygame events: a human places an order
by clicking its token and a system, reveals and resolves an order from its stack, plays a
whole game through the list while bots play the other seats; the curtain hides one
human's table from the next; F1 opens the rules reference, Esc the pause menu."""

from __future__ import annotations

import random

import pygame
import pygame_gui
import pytest

from game.forbidden_stars.engine.state import OPERATIONS, ORDER, PLANNING
from game.forbidden_stars.ui.model import build_model
from game.forbidden_stars.ui.scenes.reference import FsReferenceScene
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.screens import bot_position
from game.forbidden_stars.ui.session import HUMAN, FsSession, FsSetup
from game.forbidden_stars.ui.table_view import draw_table
from game.ui.table_pause import TablePauseScene

NAMES = ("Anna", "Boris", "Vera", "Gleb")


def table(app, seats: tuple[str, ...], seed: int = 7) -> FsTableScene:
    session = FsSession(FsSetup(seats, NAMES[:len(seats)], seed=seed), bot_delay=0.0,
                        autosave=False)
    scene = FsTableScene(app, session)
    app.push(scene)
    app.frame([], 0.0)
    return scene


def key(app, k: int, mod: int = 0) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")], 0.0)


def click(app, pos: tuple[int, int], button: int = 1) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos),
               pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos)], 0.0)


def press(app, element) -> None:
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)], 0.0)


def until(app, scene: FsTableScene, done, limit: int = 3000) -> None:
    """Bots play (one action a frame); the human seat takes a seeded random legal action
    (through the session) until ``done()``."""
    s = scene.session
    rng = random.Random(s.setup.seed)
    for _ in range(limit):
        if done():
            app.frame([], 0.0)
            return
        if scene.my_turn():
            scene.play(rng.choice(s.legal()))
        app.frame([], 1.0)
    raise AssertionError("the moment never came")


def test_a_human_places_an_order_by_clicking_its_token_then_a_system(app):
    scene = table(app, (HUMAN, "random", "random"))
    s = scene.session
    until(app, scene, lambda: s.state.step == PLANNING and scene.my_turn())
    entry = next(e for e in scene.entries() if e["where"]["at"] == "place")
    order, system = entry["where"]["order"], entry["where"]["system"]
    token = scene.hits.find("order", order)[0]
    click(app, token.rect.center)
    assert scene.picked_order == order
    assert ("system", system) in scene.lit()
    before = len(s.state.stacks.get(system, []))
    tile = scene.hits.find("system", system)[0]
    click(app, (tile.rect.x + 4, tile.rect.bottom - 4))  # an area's corner: its system
    assert s.state.stacks[system][before] == (0, order)
    assert s.state.log[-1].kind == "place"
    if s.acting != 0:  # the model updated: the new token is seat 0's, readable
        stack = next(x["stack"] for x in scene.model()["systems"] if x["id"] == system)
        assert stack[before] == {"seat": 0, "order": order}


def test_an_illegal_click_says_why(app):
    scene = table(app, (HUMAN, "random"))
    s = scene.session
    until(app, scene, lambda: s.state.step == PLANNING and scene.my_turn())
    legal_systems = {e["where"]["system"] for e in scene.entries()}
    far = [h for h in scene.hits.find("system") if h.ident not in legal_systems]
    if not far:
        pytest.skip("every system takes an order in this position")
    n = len(s.state.log)
    order = next(e["where"]["order"] for e in scene.entries())
    click(app, scene.hits.find("order", order)[0].rect.center)
    click(app, (far[0].rect.x + 4, far[0].rect.bottom - 4))
    assert len(s.state.log) == n
    assert "cannot place" in scene.status_line


def test_a_human_reveals_then_resolves_an_order_from_its_stack(app):
    scene = table(app, (HUMAN, "random", "random"), seed=3)
    s = scene.session
    until(app, scene, lambda: s.state.step == OPERATIONS and scene.my_turn()
          and not any(a.kind == "scheme" for a in s.legal()))
    system = next(e["where"]["system"] for e in scene.entries())
    assert ("stack", system) in scene.lit()
    click(app, scene.hits.find("stack", system)[0].rect.center)
    assert s.state.step == ORDER and s.state.order.system == system
    assert s.state.order.seat == 0
    stack = scene.hits.find("stack", system)
    target = stack[0].rect.center if stack else scene.hits.find("system", system)[0].rect.center
    kinds = {a.kind for a in s.legal()}
    click(app, target)
    if kinds == {"resolve", "decline"}:  # two choices: the short list, key 1 resolves
        assert scene.choice_panel is not None
        key(app, pygame.K_1)
    else:
        assert kinds == {"decline"}
    assert s.state.log[-1].kind in kinds
    assert s.state.log[-1].kind == ("resolve" if "resolve" in kinds else "decline")


def test_the_list_plays_a_whole_game_with_bots(app):
    scene = table(app, (HUMAN, "random"), seed=5)
    s = scene.session
    app.frame([], 0.0)
    taken = 0
    for _ in range(6000):
        if s.over:
            break
        if scene.my_turn():
            if taken % 2 == 0:
                n = len(s.state.log)
                key(app, pygame.K_1)  # the list's first action (a combat card: picked …)
                if len(s.state.log) == n:
                    assert scene.panel_keys()
                    key(app, pygame.K_RETURN)  # … and played with Enter
                    assert len(s.state.log) == n + 1
            else:  # a click on the list's last visible row
                app.frame([], 0.0)
                rect, _i = scene.list_rows[-1]
                click(app, rect.center)
            taken += 1
        else:
            app.frame([], 1.0)
    assert s.over
    assert taken > 20
    app.frame([], 0.0)
    assert not isinstance(app.top, FsTableScene)  # the end screen took its place


def test_the_curtain_hides_one_humans_table_from_the_next(app):
    scene = table(app, (HUMAN, HUMAN, "random"))
    s = scene.session
    assert scene.curtain == s.acting or not s.is_human(s.acting)
    for _ in range(200):
        if scene.curtain is not None:
            app.frame([], 0.0)
            assert scene.entries() == []  # nothing to click behind the curtain
            waiting = scene.curtain
            press(app, scene.ready)
            assert scene.curtain is None and scene.viewer == waiting
            break
        app.frame([], 1.0)
    seen = scene.viewer
    for _ in range(400):  # play until the other human is due: the curtain falls again
        if scene.my_turn():
            scene.play(s.legal()[0])
        if scene.curtain is not None:
            break
        app.frame([], 1.0)
    assert scene.curtain is not None and scene.curtain != seen
    assert scene.viewer == seen  # the table shown is still the last human's …
    app.frame([], 0.0)
    assert scene.list_rows == []  # … but none of it is drawn or clickable


def test_f1_opens_the_rules_reference_and_esc_the_pause_menu(app):
    scene = table(app, (HUMAN, "random"))
    key(app, pygame.K_F1)
    assert isinstance(app.top, FsReferenceScene)
    key(app, pygame.K_F1)
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TablePauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_the_pause_menu_saves_the_game(app):
    table(app, (HUMAN, "random"))
    key(app, pygame.K_ESCAPE)
    pause = app.top
    press(app, pause.save_button)
    assert pause.message.startswith("Saved")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (700, 540)])
def test_the_table_draws_at_any_size_and_ui_scale(size):
    pygame.init()  # an earlier test in this process may have quit pygame
    state = bot_position(4, 7, 200)
    for scale in (1.0, 1.6):
        surface = pygame.Surface(size)
        hits = draw_table(surface, build_model(state, 0, "ru"), scale, lang="ru")
        assert len(hits.find("system")) == 12
        assert len(hits.find("area")) == 48
        inside = surface.get_rect()
        assert all(inside.contains(h.rect) for h in hits.hits)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_sheets_names_are_whole_at_any_ui_scale(lang, monkeypatch):
    """A sheet's name line is never cut: the faction goes under the name, or — when the
    column has no line to spare (a large UI scale) — shows its short name; the name and
    the whole faction are on hover."""
    from game.forbidden_stars.ui import table_view
    from game.forbidden_stars.ui.map_legend import tip_text
    from game.forbidden_stars.ui.table_layout import sheet_title

    pygame.init()
    fit = table_view.style.fit
    cut: list[str] = []
    asked: list[str] = []

    def recording_fit(value, *args, **kw):
        out = fit(value, *args, **kw)
        asked.append(value)
        if out != value:
            cut.append(value)
        return out

    monkeypatch.setattr(table_view.style, "fit", recording_fit)
    state = bot_position(4, 7, 200)
    model = build_model(state, 0, lang)
    names = {sheet_title(model, p, lang) for p in model["players"]}
    factions = {p[k] for p in model["players"] for k in ("faction_name", "faction_short")}
    only_short = {p["faction_short"] for p in model["players"]
                  if p["faction_short"] != p["faction_name"]}
    for size in ((1280, 720), (1920, 1080)):
        for scale in (1.0, 1.5):
            cut.clear()
            asked.clear()
            hits = draw_table(pygame.Surface(size), model, scale, lang=lang)
            assert not [c for c in cut if c in names | factions], (size, scale, cut)
            # the short names only where the whole ones had no room
            assert bool(only_short & set(asked)) == (scale == 1.5)
            tips = [t for t in hits.tips if t.kind == "faction"]
            assert len(tips) == 4
            for tip in tips:
                title, kind, _ = tip_text(model, tip, lang)
                p = model["players"][tip.data["seat"]]
                assert (title, kind) == (sheet_title(model, p, lang), p["faction_name"])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_sheets_figures_are_labelled_whole_at_any_ui_scale(lang, monkeypatch):
    """A figure's label is its whole word or, where that does not fit, its short word —
    never a word cut by its box — and in the table's language (the layout measured the
    words of the app's language before)."""
    from game import i18n
    from game.forbidden_stars.ui import table_view
    from game.forbidden_stars.ui.table_layout import STATS

    pygame.init()
    words = {i18n.t(f"fs_table.{k}{suffix}", lang) for k in STATS for suffix in ("", "_short")}
    other = {i18n.t(f"fs_table.{k}", "en" if lang == "ru" else "ru") for k in STATS} - words
    drawn: list[tuple[str, str]] = []  # (the text asked for, the text drawn)
    fit, label = table_view.style.fit, table_view.style.label
    fitted: dict[str, str] = {}  # what style.fit made of a text

    def recording_fit(value, *args, **kw):
        out = fit(value, *args, **kw)
        fitted[out] = value
        return out

    def recording_label(surface, text, *args, **kw):
        drawn.append((fitted.pop(text, text), text))
        return label(surface, text, *args, **kw)

    monkeypatch.setattr(table_view.style, "fit", recording_fit)
    monkeypatch.setattr(table_view.style, "label", recording_label)
    state = bot_position(4, 7, 200)
    for size in ((1280, 720), (1920, 1080)):
        for scale in (1.0, 1.6):
            drawn.clear()
            draw_table(pygame.Surface(size), build_model(state, 0, lang), scale, lang=lang)
            labels = [(v, out) for v, out in drawn if v in words or v in other]
            assert labels and not [v for v, _ in labels if v in other]
            assert [v for v, out in labels if out != v] == [], (size, scale)


def test_a_combat_card_is_chosen_on_the_combat_panel_with_keys(app):
    scene = table(app, (HUMAN, "random", "random"), seed=7)
    s = scene.session
    until(app, scene, lambda: scene.my_turn() and any(a.kind == "play" for a in s.legal()),
          limit=6000)
    assert scene.panel is not None and scene.panel_keys()
    n = len(s.state.log)
    key(app, pygame.K_1)  # the first card of the hand is picked …
    assert len(s.state.log) == n
    key(app, pygame.K_RETURN)  # … and chosen face down
    assert s.state.log[-1].kind == "play"


def test_an_advance_moves_a_unit_by_clicking_it_then_its_destination(app):
    # a seed whose random game gives the human a move soon (Deploy into full areas, issue
    # 38 item 12, changed seed 3's game: it now ends with no move of the human's)
    scene = table(app, (HUMAN, "random"), seed=4)
    s = scene.session
    until(app, scene, lambda: scene.my_turn() and any(a.kind == "move" for a in s.legal()),
          limit=8000)
    move = next(a for a in s.legal() if a.kind == "move")
    unit = next(h for h in scene.hits.find("unit", move.source) if h.unit == move.card)
    click(app, unit.rect.center)
    assert scene.picked_unit == (move.source, move.card)
    assert ("area", move.target) in scene.lit()
    n = len(s.state.log)
    area = scene.hits.find("area", move.target)[0]
    click(app, (area.rect.right - 3, area.rect.y + 3))  # a corner clear of tokens
    if scene.choice_panel is not None:  # several ways to move there: the short list
        key(app, pygame.K_1)
    assert len(s.state.log) == n + 1
    done = s.state.log[-1]
    assert (done.kind, done.card, done.source, done.target) == (
        "move", move.card, move.source, move.target)
