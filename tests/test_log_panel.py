"""The move log beside the Arcs and Forbidden Stars tables (issue 37 item 2, issue 38
item 7; game.ui.log_panel): bot turns can be read after the fact, with chapter / round /
phase headings, dice and results; a rival's hidden card, order or choice is never worded
for another seat (games with those secrets dealt otherwise read the same); the panel
scrolls with the wheel and follows the newest line unless scrolled up; no i18n key or raw
id in any line, in English or Russian; the panel fits beside the map and the action list
at 1280×720 and 1920×1080 with the projector's minimum text size."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.arcs.ai.base import make_player as arcs_player
from game.arcs.engine.rules import apply as arcs_apply
from game.arcs.engine.setup import replay as arcs_replay
from game.arcs.engine.state import HIDDEN
from game.arcs.ui.log_text import ArcsTeller
from game.arcs.ui.scenes import table as arcs_table
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import HUMAN, ArcsSession, ArcsSetup
from game.forbidden_stars.engine.events import CardRevealed
from game.forbidden_stars.engine.rules import apply as fs_apply
from game.forbidden_stars.engine.rules import legal_actions as fs_legal
from game.forbidden_stars.engine.setup import replay as fs_replay
from game.forbidden_stars.ui.log_text import FsTeller
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import FsSession, FsSetup
from game.settings import Settings
from game.ui.log_panel import MIN_TEXT, PUBLIC, LogLine, LogPanel, log_text_size
from game.ui.main import headless, make_app

NAMES = ("Anna", "Boris", "Vera", "Gleb")
KEY = re.compile(r"\b(arcs|fs_log|fs_table|fs_combat|forbidden_stars|move_log|remote)\.[a-z]")
RAW_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")  # a card, unit or order id: snake_case


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    headless()
    made = make_app(size=(1280, 720), settings=replace(Settings(), animation_speed=0.0),
                    persist=False)
    yield made
    pygame.quit()


def _bots_play(session, actions: int):
    for _ in range(actions):
        if session.over:
            break
        session.step_bots(1.0)
    return session


def arcs_played(players: int, seed: int, actions: int) -> ArcsSession:
    return _bots_play(ArcsSession(ArcsSetup(("normal",) * players, NAMES[:players], seed),
                                  bot_delay=0.0, autosave=False), actions)


def fs_played(players: int, seed: int, actions: int) -> FsSession:
    return _bots_play(FsSession(FsSetup(("normal",) * players, NAMES[:players], seed=seed),
                                bot_delay=0.0, autosave=False), actions)


# ---------------------------------------------------------------- bot turns, read after


def test_arcs_bot_turns_can_be_read_after_the_fact_with_headings(app):
    """A person at seat 0 against two bots: when their turn comes back, the panel holds
    each bot's moves (their colours) under a chapter and round heading, and draws them."""
    session = ArcsSession(ArcsSetup((HUMAN, "normal", "normal"), NAMES[:3], 4),
                          bot_delay=0.0, autosave=False)
    scene = app.push(ArcsTableScene(app, session))
    me = arcs_player("normal", 1)
    for _ in range(400):
        app.frame([], 0.5)
        scene.dice_timer = 0.0
        scene.chapter_show = None
        bots = {a.seat for a in session.state.log or () if a.seat != 0}
        if session.acting == 0 and bots == {1, 2}:
            break
        if session.acting == 0:
            scene.play(me.choose(session.view(0), session.legal()))
    assert session.acting == 0
    for lang in i18n.LANGUAGES:
        lines = session.move_log(0, lang)
        assert lines[0] == LogLine(i18n.t("arcs.log.round", lang, chapter=1, n=1),
                                   heading=True)
        told = session.move_book.by_action(0, lang)
        for action, entry in zip(session.state.log, told, strict=True):
            if action.seat in (1, 2) and action.kind != "proceed":
                assert entry[0].seat == action.seat
                assert entry[0].text.startswith(NAMES[action.seat] + ": ")
        assert sum(1 for line in lines if line.heading) >= 2  # round 1 and a later one
    app.frame([], 0.0)
    assert scene.log_panel.rows >= len(session.move_log(0, i18n.language()))


def test_forbidden_stars_log_has_round_and_phase_headings_dice_and_combat_results():
    session = fs_played(3, 4, 700)
    lines = session.move_log(0, "en")
    heads = [line.text for line in lines if line.heading]
    assert heads[:2] == ["Round 1 of 8", "Planning phase"]
    assert "Round 2 of 8" in heads and "Operations phase" in heads
    texts = [line.text for line in lines]
    assert any(t.startswith("Combat in ") for t in texts)
    assert any(" rolls " in t for t in texts)
    assert any(t.endswith("wins the combat") or t == "Nobody wins the combat" for t in texts)
    ru = [line.text for line in session.move_log(0, "ru") if line.heading]
    assert ru[:2] == ["Раунд 1 из 8", "Фаза планирования"]


def test_arcs_log_has_dice_and_scores():
    session = arcs_played(3, 5, 700)
    texts = [line.text for line in session.move_log(PUBLIC, "en")]
    assert any(re.search(r" rolls \d+× .*: ", t) for t in texts)
    assert any("Power" in t and "place" in t for t in texts)  # an ambition scored
    assert any(t.startswith("Chapter 1 ends · Power: ") for t in texts)


# ---------------------------------------------------------------- hidden information


def _arcs_twin(players: int, seed: int):
    """(state before, action, the same with another face-down card) for each rival copy
    in a bot game whose player holds a second card."""
    session = arcs_played(players, seed, 300)
    state = session.state
    for i, action in enumerate(state.log):
        if action.kind != "copy":
            continue
        before = arcs_replay(state.rules, state.config, state.log[:i])
        others = [c for c in before.players[action.seat].hand if c != action.card]
        if others:
            yield before, action, action._replace(card=others[0])


@pytest.mark.parametrize("players", [3, 4])
def test_arcs_a_rivals_face_down_copy_reads_the_same_whichever_card_it_was(players):
    """Two games that differ only in the card a rival copied face down: every other
    seat's log (and the public one) is the same, word for word; the copier's is not."""
    checked = 0
    for before, action, other in _arcs_twin(players, players + 2):
        one, two = before.clone(), before.clone()
        t1, t2 = ArcsTeller(NAMES[:players]), ArcsTeller(NAMES[:players])
        a = t1.tell(one, action, arcs_apply)
        b = t2.tell(two, other, arcs_apply)
        for v in (PUBLIC, *range(players)):
            for lang in i18n.LANGUAGES:
                if v == action.seat:
                    assert a[(v, lang)] != b[(v, lang)]  # it reads its own card
                else:
                    assert a[(v, lang)] == b[(v, lang)]
                    assert "?" in a[(v, lang)][0].text
        checked += 1
    assert checked >= 3


def test_forbidden_stars_a_rivals_order_and_combat_card_read_the_same_whichever_it_was():
    """A rival's face-down order (and combat card) dealt otherwise: the other seats'
    lines are the same, the owner's differ — until the book reveals it."""
    session = fs_played(3, 6, 900)
    state = session.state
    checked = {"place": 0, "play": 0}
    for i, action in enumerate(state.log):
        if action.kind not in checked or checked[action.kind] >= 4:
            continue
        before = fs_replay(state.rules, state.config, state.log[:i])
        twins = [a for a in fs_legal(before) if a.kind == action.kind and a.seat == action.seat
                 and a.target == action.target and a.card != action.card]
        if not twins:
            continue
        one, two = before.clone(), before.clone()
        a = FsTeller(NAMES[:3]).tell(one, action, fs_apply)
        b = FsTeller(NAMES[:3]).tell(two, twins[0], fs_apply)
        # the last card chosen turns every card over (the book reveals them): from then
        # on the two games differ in public; up to it they must read the same
        revealed = any(isinstance(e, CardRevealed) for e in one.events + two.events)
        for v in (PUBLIC, 0, 1, 2):
            for lang in i18n.LANGUAGES:
                if v == action.seat:
                    assert a[(v, lang)][0] != b[(v, lang)][0]
                elif revealed or one.step != two.step:
                    assert a[(v, lang)][0] == b[(v, lang)][0]
                else:
                    assert a[(v, lang)] == b[(v, lang)]
        checked[action.kind] += 1
    assert checked["place"] >= 3 and checked["play"] >= 1


def test_the_table_shows_the_public_log_behind_a_curtain(app):
    session = ArcsSession(ArcsSetup((HUMAN, HUMAN, "normal"), NAMES[:3], 2),
                          bot_delay=0.0, autosave=False)
    scene = app.push(ArcsTableScene(app, session))
    assert scene.curtain is not None and scene.log_viewer() == PUBLIC
    scene.lift_curtain()
    assert scene.log_viewer() == scene.viewer


# ---------------------------------------------------------------- the panel


def _lines(n: int, start: int = 0) -> list[LogLine]:
    return [LogLine(f"line {i}", i % 3) for i in range(start, start + n)]


def test_the_wheel_scrolls_and_the_newest_line_is_followed_unless_scrolled_up(monkeypatch):
    pygame.init()
    surface = pygame.Surface((400, 300))
    panel = LogPanel(lambda seat: (200, 100, 50))
    lines = _lines(60)
    panel.draw(surface, pygame.Rect(10, 10, 300, 200), lines, 14)
    assert panel.scroll == 0 and panel.rows == 60
    wheel_up = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    assert not panel.wheel(wheel_up, (380, 290))  # not over the panel: nothing
    assert panel.scroll == 0
    assert panel.wheel(wheel_up, (50, 50))
    assert panel.scroll == 3
    # new lines while scrolled up: the rows read stay where they are
    more = [*lines, *_lines(5, 60)]
    panel.draw(surface, pygame.Rect(10, 10, 300, 200), more, 14)
    assert panel.scroll == 8
    # back down to the newest: then new lines are followed
    down = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False)
    panel.wheel(down, (50, 50))
    assert panel.scroll == 0
    panel.draw(surface, pygame.Rect(10, 10, 300, 200), [*more, *_lines(4, 65)], 14)
    assert panel.scroll == 0
    # no further than the oldest line
    for _ in range(100):
        panel.wheel(wheel_up, (50, 50))
    assert panel.scroll == panel.rows - panel.fit
    pygame.quit()


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_the_wheel_over_the_tables_log_scrolls_it(app, monkeypatch, game):
    if game == "arcs":
        session = arcs_played(3, 3, 120)
        scene = app.push(ArcsTableScene(app, session))
    else:
        session = fs_played(3, 3, 120)
        scene = app.push(FsTableScene(app, session))
    session.bot_delay = session.wait = 1e9  # the picture holds still
    app.frame([], 0.0)
    rect = scene.log_panel.rect
    assert rect.w > 0 and scene.log_panel.rows > scene.log_panel.fit
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: rect.center)
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)], 0.0)
    assert scene.log_panel.scroll == 6


# ---------------------------------------------------------------- words


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_no_i18n_key_or_raw_id_in_any_line(game):
    session = arcs_played(4, 9, 900) if game == "arcs" else fs_played(4, 9, 900)
    seats = len(session.names)
    for viewer in (PUBLIC, *range(seats)):
        for lang in i18n.LANGUAGES:
            lines = session.move_log(viewer, lang)
            assert len(lines) > 100
            for line in lines:
                assert line.text.strip(), line
                assert not KEY.search(line.text), line
                assert not RAW_ID.search(line.text), line
                assert "{" not in line.text and "}" not in line.text, line
                if lang == "ru" and line.heading:
                    assert re.search("[а-яА-Я]", line.text), line


def test_an_undo_takes_its_lines_back_and_a_loaded_game_reads_the_same():
    session = ArcsSession(ArcsSetup((HUMAN, "normal", "normal"), NAMES[:3], 8),
                          bot_delay=0.0, autosave=False)
    me = arcs_player("normal", 3)
    for _ in range(60):
        if session.acting == 0:
            session.choose(me.choose(session.view(0), session.legal()))
        else:
            session.step_bots(1.0)
        session.move_log(0, "en")  # followed action by action
    while not session.can_undo():
        if session.acting == 0:
            session.choose(me.choose(session.view(0), session.legal()))
        else:
            session.step_bots(1.0)
    before = list(session.move_log(0, "en"))
    actions = len(session.state.log)
    assert session.undo()
    after = session.move_log(0, "en")
    assert len(session.move_book.by_action(0, "en")) == actions - 1
    assert after == before[:len(after)] and len(after) <= len(before)
    # the same game sat down at afresh (a loaded save): the same words
    fresh = ArcsSession(session.setup, bot_delay=0.0, state=session.state.clone(),
                        autosave=False)
    for lang in i18n.LANGUAGES:
        assert fresh.move_log(1, lang) == session.move_log(1, lang)


def test_a_hidden_card_is_never_named_in_a_rivals_lines():
    session = arcs_played(3, 7, 900)
    rules = session.state.rules
    names = {c.id: (c.name_en, c.name_ru) for c in rules.action_cards}
    seen = 0
    for viewer in (PUBLIC, 0, 1, 2):
        for li, lang in enumerate(i18n.LANGUAGES):
            told = session.move_book.by_action(viewer, lang)
            for action, entry in zip(session.state.log, told, strict=True):
                if action.kind in ("copy", "seize") and action.card not in ("", HIDDEN) \
                        and action.seat != viewer:
                    assert names[action.card][li] not in " ".join(x.text for x in entry)
                    seen += 1
    assert seen > 20


# ---------------------------------------------------------------- layout


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.colliderect(b)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_log_fits_beside_the_map_and_the_action_list(tmp_path, monkeypatch, size):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    headless()
    app = make_app(size=size, settings=Settings(), persist=False)
    try:
        arcs = app.push(ArcsTableScene(app, arcs_played(3, 3, 60)))
        app.frame([], 0.0)
        window = pygame.Rect((0, 0), size)
        log = arcs.log_panel.rect
        assert window.contains(log)
        assert not _overlap(log, arcs.rect(*arcs_table.TABLE))
        assert not _overlap(log, arcs.rect(*arcs_table.PANEL))
        assert not _overlap(log, arcs.rect(*arcs_table.UNDO))
        assert not _overlap(log, arcs.rect(*arcs_table.STATUS))
        app.pop()
        fs = app.push(FsTableScene(app, fs_played(3, 3, 60)))
        app.frame([], 0.0)
        lay = fs.lay  # game.forbidden_stars.ui.table_layout
        for rect in (lay.log, lay.waiting_log):
            assert window.contains(rect) and not _overlap(rect, lay.map)
            assert not _overlap(rect, lay.status) and not _overlap(rect, lay.sheets)
        assert not _overlap(lay.log, lay.list)
        app.pop()
    finally:
        pygame.quit()


def test_the_log_text_follows_the_text_size_setting_never_under_the_minimum():
    assert log_text_size(1.0, 1.0) == 20  # 1920×1080
    assert log_text_size(720 / 1080, 1.0) == 13  # 1280×720
    assert log_text_size(720 / 1080, 0.5) == MIN_TEXT  # never smaller
    assert log_text_size(1.0, 1.3) > log_text_size(1.0, 1.0)  # "Text size" larger
    assert log_text_size(2.0, 1.0) == 40  # 3840×2160


def test_an_effects_option_of_several_parts_is_worded_part_by_part():
    """The options an effect offers name units, areas, systems and structures by id
    ("t10a.0>sm_scout>sm_space_marine", "eldar_wraithguard/routed"): the log words
    each part by its printed name, in both languages."""
    from game.forbidden_stars.data import load_fs_rules
    from game.forbidden_stars.engine.setup import new_game
    from game.forbidden_stars.engine.state import GameConfig
    from game.forbidden_stars.ui.log_text import option_words

    view = new_game(load_fs_rules(), GameConfig(players=2, seed=1))
    for option in ("t10a.0>sm_scout>sm_space_marine", "ork_boyz>t4a",
                   "eldar_wraithguard/routed", "t4a.2>materiel", "sm_scout",
                   "t9a.1>city>factory"):
        for lang in i18n.LANGUAGES:
            words = option_words(view, option, None, lang)
            assert not RAW_ID.search(words) and "t10a" not in words and "t4a" not in words, (
                option, words)


def test_every_place_an_effect_names_has_words_in_both_languages():
    """Each ``where`` / ``from`` / ``to`` of a card's unit effect is worded (the log and
    the combat panel read them; a missing one showed its key, fs_combat.where.…)."""
    import tomllib
    from pathlib import Path

    found: set[tuple[str, str]] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if node.get("kind") in ("place_units", "move_units"):
                if "where" in node:
                    found.add(("where", node["where"]))
                if "to" in node:
                    found.add(("where", node["to"]))
                if "from" in node:
                    found.add(("reach", node["from"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in Path("rules/forbidden_stars").glob("*.toml"):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    assert len(found) > 15
    for lang in i18n.LANGUAGES:
        strings = i18n.strings(lang)
        missing = [f"fs_combat.{k}.{v}" for k, v in found if f"fs_combat.{k}.{v}" not in strings]
        assert not missing, (lang, missing)
