"""Issue 20: the card browser, the boss turn's pace, the end-of-game story and the
records file — driven through the scenes with synthetic events."""

import json
import time

import pygame
import pytest

from game import i18n
from game.star_realms.ai.basic import GreedyBot
from game.star_realms.data import load_rules
from game.star_realms.engine import legal_actions
from game.star_realms.engine.rules import acting_seat
from game.star_realms.records import add_result, load, read
from game.star_realms.ui.scenes.boss_turn import BossTurnScene
from game.star_realms.ui.scenes.card_browser import CardBrowserScene, all_cards, matching
from game.star_realms.ui.scenes.game_over import GameOverScene
from game.star_realms.ui.scenes.records import RecordsScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.screens import bot_session
from game.star_realms.ui.story import game_story
from game.ui.scenes.menu import MenuScene
from tests.test_ui_adventures import open_adventure
from tests.test_ui_table import click, frame
from tests.test_ui_walk import press_key

DB = load_rules()


def key(app, k):
    press_key(app, k)


def until(app, cond, n: int = 400) -> bool:
    """Frames until ``cond()`` (the AI thinks in a worker thread: give it real time)."""
    for _ in range(n):
        if cond():
            return True
        frame(app)
        time.sleep(0.005)
    return cond()


def open_browser(app):
    app.push(MenuScene(app))
    frame(app)
    click(app, app.top.button_rect("cards").center)
    assert isinstance(app.top, CardBrowserScene)
    return app.top


# ------------------------------------------------------------------ card browser

def test_the_browser_lists_every_card_once_and_filters_narrow_it(app):
    cards = all_cards()
    assert len(cards) == len(DB.cards) and len({c.id for c in cards}) == len(cards)
    blob_bases = matching(cards, faction="blob", kind="base")
    assert blob_bases and all("blob" in c.factions and c.is_base and not c.outpost
                              for c in blob_bases)
    assert {c.set for c in matching(cards, set_id="colony_wars")} == {"colony_wars"}
    assert {c.id for c in matching(cards, set_id="starting")} >= {"scout", "viper",
                                                                   "explorer"}
    assert all(c.cost == 8 for c in matching(cards, cost="8"))
    scene = open_browser(app)
    assert len(scene.cards) == len(DB.cards)
    scene.set_filter("faction", "trade_federation")
    scene.set_filter("cost", "3")
    frame(app)
    assert scene.cards and all("trade_federation" in c.factions and c.cost == 3
                               for c in scene.cards)
    # a dropdown changed by the player goes through the same path
    scene.set_filter("cost", "all")
    assert len(scene.cards) == len(matching(cards, faction="trade_federation"))


def test_the_browser_scrolls_by_wheel_and_keys_and_stays_in_range(app):
    scene = open_browser(app)
    assert scene.max_row() > 3
    frame(app, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)])
    assert scene.top_row == 2
    key(app, pygame.K_END)
    assert scene.top_row == scene.max_row()
    key(app, pygame.K_DOWN)
    assert scene.top_row == scene.max_row()
    key(app, pygame.K_PAGEUP)
    assert scene.top_row == scene.max_row() - scene.rows_shown()
    key(app, pygame.K_HOME)
    assert scene.top_row == 0


def test_hover_enlarges_click_pins_and_escape_puts_it_down_then_goes_back(app):
    scene = open_browser(app)
    rect, card = scene.grid()[3]
    frame(app, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                          buttons=(0, 0, 0))])
    assert scene.zoomed() is card
    click(app, rect.center)
    away = scene.rect(1700, 900, 0, 0).topleft
    frame(app, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0),
                                          buttons=(0, 0, 0))])
    assert scene.pinned == card.id and scene.zoomed() is card
    key(app, pygame.K_ESCAPE)
    assert scene.pinned is None and app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_the_browser_follows_the_language(app):
    i18n.set_language("ru")
    app.settings.language = "ru"
    scene = open_browser(app)
    labels = [dd.selected_option for dd in scene.dropdowns]
    # each dropdown left at "all" names what it filters
    assert [(lbl[0] if isinstance(lbl, tuple) else lbl) for lbl in labels] == [
        "Все наборы", "Все фракции", "Все типы", "Любая цена"]
    assert dict(scene.options("set"))["Колониальные войны"] == "colony_wars"


# ------------------------------------------------------------------ boss pace

def boss_scene(app, pace):
    app.settings.boss_pace = pace
    t = open_adventure(app, "automatons", "expert")
    frame(app, n=2)
    assert isinstance(app.top, BossTurnScene)
    return t, app.top


def test_step_by_step_waits_for_space_or_a_click(app):
    t, scene = boss_scene(app, "step")
    state = t.session.state
    before = state.log_len
    until(app, lambda: False, n=40)
    assert state.log_len == before and scene.stepping()  # nothing moves by itself
    key(app, pygame.K_SPACE)
    assert until(app, lambda: state.log_len == before + 1)
    until(app, lambda: False, n=40)
    assert state.log_len == before + 1
    click(app, t.layout.zones()["my_field"].center)  # a click on the table: next step
    assert until(app, lambda: state.log_len == before + 2)
    until(app, lambda: False, n=20)
    assert state.log_len == before + 2


def test_pause_holds_the_boss_and_the_pace_is_saved(app):
    t, scene = boss_scene(app, "normal")
    state = t.session.state
    key(app, pygame.K_p)
    assert scene.paused and scene.pause_button.text == i18n.t("bossturn.resume")
    before = state.log_len
    until(app, lambda: False, n=40)
    assert state.log_len == before
    key(app, pygame.K_SPACE)  # paused: Space takes one step
    assert until(app, lambda: state.log_len == before + 1)
    until(app, lambda: False, n=20)
    assert state.log_len == before + 1
    click(app, scene.pace_button.rect.center)
    assert scene.pace == "slow" and app.settings.boss_pace == "slow" and not scene.paused


def test_slow_pace_holds_each_step(app):
    t, scene = boss_scene(app, "slower")
    state = t.session.state
    start = state.log_len
    assert until(app, lambda: state.log_len > start)
    first = state.log_len
    assert scene.hold > 2.5
    frame(app, n=60)  # one second of game time: still held
    assert state.log_len == first and 1.8 < scene.hold < 2.2
    frame(app, n=150)  # 2.5 s more: the hold is over, the boss goes on (or its turn ended)
    assert until(app, lambda: state.log_len > first or app.top is t)


def test_skip_still_finishes_the_turn_from_step_by_step(app):
    t, scene = boss_scene(app, "step")
    click(app, scene.skip.rect.center)
    for _ in range(600):
        frame(app)
        if app.top is t:
            break
    assert app.top is t and t.session.acting != t.session.state.boss.seat


def test_the_boss_numbers_sit_under_its_big_card_not_over_it(app):
    t = open_adventure(app, "automatons", "expert")
    frame(app, n=2)
    info = t.layout.zones()["opp_info"]
    from game.star_realms.ui.boss_view import NUMBERS_H, big_card

    adv = DB.adventures["automatons"]
    t.boss_view.draw_info(app.screen, info)
    pad = t.layout.px(4)
    width = min(info.w - 2 * pad, round((info.h - t.layout.px(NUMBERS_H) - 3 * pad) / 0.716))
    card_h = big_card(adv, width).get_height()
    assert pad + card_h + pad + t.layout.px(NUMBERS_H) <= info.h


# ------------------------------------------------------------------ story and records

def finished_duel(seed=3):
    s = bot_session(seed)
    st = s.state
    bots = [GreedyBot(1), GreedyBot(2)]
    while not st.is_over:
        s.apply(bots[acting_seat(st)].choose(st, legal_actions(st)))
    return s


def test_the_story_matches_the_game(app):
    s = finished_duel()
    st = s.state
    story = game_story(s.db, st)
    assert story is not None
    assert story.turns[0] == 0 and story.turns[-1] == st.turn
    for seat in range(2):
        assert story.authority[seat][0] == 50
        assert story.authority[seat][-1] == max(0, st.authority(seat))
    loser = 1 - st.winners[0]
    assert story.damage[st.winners[0]] >= 50  # the winner took all 50 of the loser's
    assert story.damage[st.winners[0]] >= 50 - st.authority(loser)
    assert sum(story.bought) > 0
    turn, seat, kind, amount = story.turning_point
    assert 0 < turn <= st.turn and kind in ("lead", "blow") and amount > 0
    s.close()


def test_game_over_shows_the_story_and_counts_the_game_once(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    s = finished_duel()
    app.push(MenuScene(app))
    app.push(TableScene(app, s))
    frame(app, n=3)
    over = app.top
    assert isinstance(over, GameOverScene) and over.story is not None
    records, _ = load(tmp_path / "records.json")
    rec = records["duel"]["greedy"]
    assert rec.played == 1 and rec.won == int(0 in s.state.winners)
    assert "1" in over.record_text and over.record_problem == ""
    GameOverScene(app, s)  # the same finished game shown again: not counted twice
    assert load(tmp_path / "records.json")[0]["duel"]["greedy"].played == 1


def test_a_damaged_records_file_is_refused_kept_and_explained(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    path = tmp_path / "records.json"
    damaged = b'{"magic": "star-realms-table-records", "schema": 1, "formats": {"duel": 7'
    path.write_bytes(damaged)
    records, problem = read(path)
    assert records == {} and "not valid JSON" in problem
    _, problem = add_result("duel", "hard", True, 10, "g1", path)
    assert problem and path.read_bytes() == damaged  # nothing written over it
    s = finished_duel()
    app.push(MenuScene(app))
    app.push(TableScene(app, s))
    frame(app, n=3)
    assert isinstance(app.top, GameOverScene) and app.top.record_problem
    assert path.read_bytes() == damaged
    scene = app.push(RecordsScene(app))
    frame(app)
    assert "not valid JSON" in scene.problem
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


@pytest.mark.parametrize("doc,why", [
    ({"magic": "star-realms-table-records", "schema": 9, "formats": {}}, "newer"),
    ({"magic": "something-else", "schema": 1, "formats": {}}, "not a Starfold"),
    ({"magic": "star-realms-table-records", "schema": 1,
      "formats": {"duel": {"hard": {"played": 1, "won": 3, "best_turns": 0}}}}, "more wins"),
    ({"magic": "star-realms-table-records", "schema": 1,
      "formats": {"duel": {"hard": {"played": -1, "won": 0, "best_turns": 0}}}}, "whole"),
])
def test_records_files_are_read_without_trusting_them(tmp_path, doc, why):
    path = tmp_path / "records.json"
    path.write_text(json.dumps(doc))
    records, problem = read(path)
    assert records == {} and why in problem


def test_records_round_trip_and_the_records_screen_lists_them(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    add_result("duel", "hard", True, 14, "a")
    add_result("duel", "hard", False, 20, "b")
    add_result("duel", "hard", True, 11, "c")
    add_result("automatons", "veteran", True, 16, "d")
    records, recent = load(tmp_path / "records.json")
    assert records["duel"]["hard"].played == 3 and records["duel"]["hard"].won == 2
    assert records["duel"]["hard"].best_turns == 11 and recent == ["a", "b", "c", "d"]
    assert json.loads((tmp_path / "records.json").read_text())["schema"] == 1
    scene = open_browser(app)
    click(app, scene.records.rect.center)
    records_scene = app.top
    assert isinstance(records_scene, RecordsScene)
    assert [r[0] for r in records_scene.rows] == ["Automatons", "Duel"]
    click(app, records_scene.back.rect.center)
    assert app.top is scene


def test_the_story_table_is_as_tall_as_its_rows_and_the_words_sit_under_it(app):
    """A duel's two rows leave no empty panel: the table ends after them, and the turning
    point and the record are drawn beneath it, right of the chart."""
    from game.star_realms.ui.story_chart import draw_table

    s = finished_duel()
    story = game_story(s.db, s.state)
    surface = pygame.Surface((1920, 1080))
    box = pygame.Rect(1170, 200, 650, 520)
    duel_bottom = draw_table(surface, box, story, lambda v: v)
    assert box.y + 56 + 2 * 44 <= duel_bottom < box.bottom - 300
    story.names = story.names * 3  # six seats: still inside the box
    story.bought, story.damage, story.bases = (v * 3 for v in
                                               (story.bought, story.damage, story.bases))
    assert duel_bottom < draw_table(surface, box, story, lambda v: v) <= box.bottom
