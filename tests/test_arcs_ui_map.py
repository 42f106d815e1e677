"""Arcs played on the map and with cards through synthetic pygame events: a click on a
system applies the one legal action it means, an illegal click shows the reason and
applies nothing, a move takes two clicks, a card dragged onto the round's area leads,
a face-down copy asks first, the rolled dice show before the hits, Leaders & Lore from
the setup toggle with its draft played by clicks, F1 and the number keys."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game import games, i18n
from game.arcs.ai.base import make_player
from game.arcs.engine.events import Rolled
from game.arcs.engine.state import DRAFT, FOLLOW, LEAD
from game.arcs.ui import picking
from game.arcs.ui.scenes.reference import ArcsReferenceScene, reference_text
from game.arcs.ui.scenes.setup import ArcsSetupScene
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.table_moments import DICE_MOMENT
from game.ui.scenes.menu import MenuScene
from tests.test_arcs_ui_play import table
from tests.test_ui_walk import click_at, guarded, no_crash, press_key


@pytest.fixture
def arcs_app(app, tmp_path, monkeypatch):
    """The app with Arcs in the menu (as tests/test_arcs_ui_play.py's fixture)."""
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    (tmp_path / "saves").mkdir()
    if "game.arcs.game" not in games.GAME_MODULES:
        monkeypatch.setattr(games, "GAME_MODULES", (*games.GAME_MODULES, "game.arcs.game"))
    games.all_games.cache_clear()
    yield app
    games.all_games.cache_clear()


def drive(scene: ArcsTableScene, until, limit: int = 3000, seed: int = 5) -> None:
    """Every seat played by a bot (the human's too) until ``until(session)``."""
    s = scene.session
    bots = {i: make_player("normal", seed + i) for i in range(s.state.n)}
    for _ in range(limit):
        if until(s):
            break
        assert not s.over, "the game ended first"
        seat = s.acting
        scene.play(bots[seat].choose(s.view(seat), s.legal()))
    assert until(s)
    scene.dice_timer = 0.0
    scene.chapter_show = None
    guarded(scene.app, n=2)  # the panel and the table (with its hit map) redrawn


def ours(s) -> bool:
    return s.acting == 0 and not s.over


def drag(app, start, end) -> None:
    guarded(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (mid, end):
        guarded(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(1, 0, 0))])
    guarded(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], n=2)


def system_hit(scene, sid):
    return next(h for h in scene.hits.hits if h.kind == "system" and h.ident == sid)


def test_a_click_on_a_system_applies_its_one_legal_action(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app, ("human", "random", "random"), seed=3)
    systems = scene.session.state.rules.map.systems

    def single(s):
        if not ours(s):
            return None
        legal = s.legal()
        for sid in systems:
            found = picking.on_system(legal, sid)
            if len(found) == 1 and not picking.moves_from(legal, sid):
                return sid, found[0]
        return None

    drive(scene, single)
    sid, action = single(scene.session)
    before = len(scene.session.state.log)
    click_at(app, system_hit(scene, sid).rect.center)
    log = scene.session.state.log
    assert len(log) == before + 1 and log[before] == action
    no_crash(app, tmp_path)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_illegal_click_shows_the_reason_and_applies_nothing(arcs_app, tmp_path, lang):
    app = arcs_app
    i18n.set_language(lang)
    scene = table(app, ("human", "random"), seed=4)
    drive(scene, ours)
    legal = scene.session.legal()
    idle = next(h for h in scene.hits.hits if h.kind == "system"
                and not picking.on_system(legal, h.ident))
    before = len(scene.session.state.log)
    click_at(app, idle.rect.center)
    assert len(scene.session.state.log) == before
    assert scene.status_line == i18n.t("arcs.pick.no_system", system=idle.ident)
    i18n.set_language("en")
    no_crash(app, tmp_path)


def test_a_move_takes_two_clicks_source_then_destination(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app, ("human", "random", "random"), seed=6)

    def movable(s):
        if not ours(s):
            return None
        legal = s.legal()
        for a in legal:
            if a.kind == "move" and not picking.not_moving_from(
                    picking.on_system(legal, a.source), a.source):
                return a
        return None

    drive(scene, movable)
    a = movable(scene.session)
    before = len(scene.session.state.log)
    click_at(app, system_hit(scene, a.source).rect.center)
    assert scene.source == a.source and len(scene.session.state.log) == before
    assert ("system", a.target) in scene.lit()
    click_at(app, system_hit(scene, a.target).rect.center)
    if scene.choice_panel is not None:  # several ship counts: the short list of just those
        assert all(c.kind == "move" and c.source == a.source and c.target == a.target
                   for c in scene.choices)
        press_key(app, pygame.K_1)
    last = scene.session.state.log[before]
    assert (last.kind, last.source, last.target) == ("move", a.source, a.target)
    no_crash(app, tmp_path)


def test_a_card_dragged_onto_the_round_leads_it(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app, ("human", "random", "random"), seed=3)
    drive(scene, lambda s: ours(s) and s.state.step == LEAD)
    hand = [h for h in scene.hits.hits if h.kind == "hand"]
    area = scene.hits.find("play_area")[0]
    card = hand[0]
    before = len(scene.session.state.log)
    drag(app, card.rect.center, area.rect.center)
    last = scene.session.state.log[before]
    assert (last.kind, last.card) == ("lead", card.ident)
    no_crash(app, tmp_path)


def test_a_card_only_playable_face_down_asks_first(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app, ("human", "random", "random"), seed=8)

    def copy_only(s):
        if not (ours(s) and s.state.step == FOLLOW):
            return None
        legal = s.legal()
        return next((c for c in s.state.players[0].hand
                     if picking.only_face_down(picking.dropped(legal, c))), None)

    drive(scene, copy_only, seed=9)
    card = copy_only(scene.session)
    hit = scene.hits.find("hand", card)[0]
    area = scene.hits.find("play_area")[0]
    before = len(scene.session.state.log)
    drag(app, hit.rect.center, area.rect.center)
    assert scene.confirm_panel is not None and len(scene.session.state.log) == before
    press_key(app, pygame.K_ESCAPE)  # cancelled: nothing played
    assert scene.confirm_panel is None and len(scene.session.state.log) == before
    drag(app, hit.rect.center, area.rect.center)
    press_key(app, pygame.K_RETURN)
    last = scene.session.state.log[before]
    assert (last.kind, last.card) == ("copy", card)
    no_crash(app, tmp_path)


def test_the_rolled_dice_show_then_the_hit_choices(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app, ("human", "random"), seed=2)
    s = scene.session
    bots = {i: make_player("normal", 20 + i) for i in range(2)}
    for _ in range(4000):
        if (any(isinstance(e, Rolled) for e in s.state.events) and s.acting == 0
                and any(a.kind == "hit" for a in s.legal())):
            break
        seat = s.acting
        scene.play(bots[seat].choose(s.view(seat), s.legal()))
        scene.dismiss_chapter()  # a chapter's scoring on the way: seen
    rolled = next(e for e in s.state.events if isinstance(e, Rolled))
    assert scene.dice is not None and (scene.dice.seat, scene.dice.faces) == (
        rolled.seat, rolled.dice) and scene.busy()
    guarded(app, n=2)
    assert not scene.action_buttons  # the dice first
    scene.update(DICE_MOMENT + 0.1)
    guarded(app, n=2)
    assert not scene.busy() and scene.action_buttons
    assert list(scene.action_buttons.values()) == s.legal()
    assert s.view(0).battle is not None and s.view(0).battle.faces == list(rolled.dice)
    hit = next(a for a in s.legal() if a.kind == "hit")  # the book's choices, on the map too
    assert ("system", hit.target) in scene.lit()
    no_crash(app, tmp_path)


def test_leaders_and_lore_from_the_setup_with_a_draft_by_clicks(arcs_app, tmp_path):
    app = arcs_app
    app.push(MenuScene(app))
    setup = app.push(ArcsSetupScene(app, seed=12))
    guarded(app, n=2)
    click_at(app, setup.switch_button.rect.center)
    assert setup.leaders and setup.switch_button.text == i18n.t("arcs.setup.leaders_on")
    click_at(app, setup.start.rect.center)
    scene = app.top
    assert isinstance(scene, ArcsTableScene)
    s = scene.session
    s.bot_delay = 0.0
    assert s.config.leaders and s.state.step == DRAFT
    for _ in range(200):
        if s.state.step != DRAFT:
            break
        if s.acting != 0:
            guarded(app)
            continue
        guarded(app, n=2)
        lit = scene.lit()
        hit = next(h for h in scene.hits.hits if h.kind == "draft" and ("draft", h.ident) in lit)
        before = len(s.state.log)
        click_at(app, hit.rect.center)
        last = s.state.log[before]
        assert (last.kind, last.card) == ("draft", hit.ident)
    me = s.state.players[0]
    assert s.state.step != DRAFT and me.leader and me.lore
    no_crash(app, tmp_path)


def test_f1_and_the_rules_button_open_and_close_the_reference(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app, ("human", "random"))
    press_key(app, pygame.K_F1)
    assert isinstance(app.top, ArcsReferenceScene)
    assert "<b>" in reference_text()
    press_key(app, pygame.K_F1)
    assert app.top is scene
    click_at(app, scene.rules_button.rect.center)
    assert isinstance(app.top, ArcsReferenceScene)
    click_at(app, app.top.close.rect.center)
    assert app.top is scene
    no_crash(app, tmp_path)


def test_number_keys_take_the_listed_action_and_esc_cancels_a_source(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app, ("human", "random"), seed=4)
    drive(scene, ours)
    legal = scene.session.legal()
    before = len(scene.session.state.log)
    first = next(iter(scene.action_buttons))
    assert first.text.startswith("1. ")
    press_key(app, pygame.K_1)
    assert scene.session.state.log[before] == legal[0]
    scene.source = "G1"
    press_key(app, pygame.K_ESCAPE)  # drops the picked source, no pause
    assert scene.source is None and app.top is scene
    no_crash(app, tmp_path)


def test_the_ui_scale_setting_scales_the_table_controls(arcs_app):
    app = arcs_app
    scene = table(app, ("human", "random"), seed=4)
    drive(scene, ours)
    small = next(iter(scene.action_buttons)).rect.h
    app.apply_settings(replace(app.settings, ui_scale=1.5))
    guarded(app, n=2)
    big = next(iter(scene.action_buttons)).rect.h
    assert big > small * 1.3


@pytest.mark.slow
def test_the_screenshot_command_renders_a_moment_and_refuses_it_for_star_realms(
        tmp_path, monkeypatch):
    from game.cli import main  # lazy: the CLI parser imports every command

    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    out = tmp_path / "scoring.png"
    assert main(["screenshot", "--game", "arcs", "--scene", "scoring", "--seed", "7",
                 "--lang", "ru", "--size", "1280x720", "--out", str(out)]) == 0
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    assert main(["screenshot", "--scene", "battle", "--out", str(tmp_path / "x.png")]) == 2
    assert not (tmp_path / "x.png").exists()
