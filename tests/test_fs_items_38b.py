"""Issue 38 items 2, 6 and 9: order stacks drawn with their height and top order; the
refresh phase told step by step and why, in the log and in a card over the map; and no
frame showing a scene that is not the current one (the shell, for all three games)."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest

from game.forbidden_stars.ai import make_player
from game.forbidden_stars.engine import flow
from game.forbidden_stars.engine.events import EventsDrawn, RefreshStarted
from game.forbidden_stars.engine.rules import apply
from game.forbidden_stars.engine.state import HIDDEN, STORMS, Action
from game.forbidden_stars.ui import combat_text, style
from game.forbidden_stars.ui.log_text import refresh_card_lines, refresh_shown
from game.forbidden_stars.ui.map_view import draw_map
from game.forbidden_stars.ui.model import build_model
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import HUMAN, FsSession, FsSetup
from game.ui import palette
from game.ui.log_panel import PUBLIC
from game.ui.scene import Scene
from tests.test_fs_support import cleared, game, home

NAMES = ("Anna", "Boris", "Vera")
RAW = re.compile(r"\b(fs_refresh|fs_log|fs_combat|forbidden_stars)\.[a-z]|\b[a-z]+_[a-z_]+\b")
REFRESH_EN = ("Objectives:", "Materiel:", "Rally:", "Events:")
REFRESH_RU = ("Цели:", "Материалы:", "Восстановление:", "События:")


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()  # fonts for the pictures drawn without an app
    yield


# ---------------------------------------------------------------------- item 2: stacks


def _stack_picture(stack: list[dict], viewer: int = 0) -> tuple[pygame.Surface, pygame.Rect]:
    """The map of a 2-player game with ``stack`` on seat 0's home system, drawn at
    1920×1080 scale; the picture and the stack's hit-rect."""
    state = cleared(game(2, 0))
    model = build_model(state, viewer)
    system = home(state, 0)
    for s in model["systems"]:
        s["stack"] = stack if s["id"] == system else []
    surface = pygame.Surface((1024, 1068))
    hits = draw_map(surface, model, surface.get_rect(), 1.0, 1.0, letters=model["short"])
    found = hits.find("stack", system)
    assert len(found) == 1  # one hit-rect per stack: a tooltip can be added on it
    return surface, found[0].rect


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if surface.get_at((x, y))[:3] == colour)


def test_a_stack_shows_its_height_on_a_badge():
    """Item 2: «Show each stack's height»: a gold badge with the count sits on the top
    token (the old stack drew only overlapping discs, no gold at all)."""
    surface, rect = _stack_picture([{"seat": 1, "order": HIDDEN},
                                    {"seat": 0, "order": "deploy"},
                                    {"seat": 1, "order": HIDDEN}])
    assert _count(surface, rect, palette.GOLD) > 30
    # the badge's figure is drawn in ink inside the gold disc
    gold = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if surface.get_at((x, y))[:3] == palette.GOLD]
    box = pygame.Rect(min(x for x, _ in gold), min(y for _, y in gold), 1, 1)
    box.width = max(x for x, _ in gold) - box.x + 1
    box.height = max(y for _, y in gold) - box.y + 1
    assert _count(surface, box.inflate(-4, -4), style.INK) > 5


def test_own_orders_are_face_up_and_rivals_are_backs_in_their_colour():
    """«your own orders readable, rivals' as backs with their owners»: a rival's hidden top
    order shows its back in the owner's colour and no order's face; the viewer's own
    order under it keeps its face colour visible."""
    surface, rect = _stack_picture([{"seat": 0, "order": "dominate"},
                                    {"seat": 1, "order": HIDDEN}])
    state = cleared(game(2, 0))
    rival = style.faction_colour(state.players[1].faction)
    assert _count(surface, rect, style.darker(rival, 0.7)) > 50  # the back, on top
    assert _count(surface, rect, style.ORDERS["dominate"]) > 10  # own order, readable
    alone, rect2 = _stack_picture([{"seat": 1, "order": HIDDEN}])
    assert all(_count(alone, rect2, colour) == 0 for colour in style.ORDERS.values())


# ---------------------------------------------------------------------- item 6: refresh


def _bot_game(seed: int = 5, players: int = 3) -> FsSession:
    session = FsSession(FsSetup(("random",) * players, NAMES[:players], seed=seed),
                        bot_delay=0.0, autosave=False)
    return session


def _play_to(session: FsSession, done, limit: int = 20_000) -> None:
    bots = [make_player("random", 50 + i) for i in range(len(session.state.players))]
    for _ in range(limit):
        if done(session):
            return
        seat = session.acting
        session.choose(bots[seat].choose(session.view(seat), session.legal()))
    raise AssertionError("the moment never came")


def _refresh_section(lines, lang: str) -> list[str]:
    return refresh_card_lines(lines, lang)


def test_refresh_steps_are_events_that_change_nothing():
    """«В ходе фазы обновления, каждый игрок проходит следующие шаги в указанном порядке:
    1. Сбор маркеров целей; 2. Сбор материалов; 3. Восстановление деморализованных
    отрядов; 4. Вытягивание карт событий, движение варп-штормов» (RB p.6): the refresh
    marks its start and each seat's draw as events, so the log can tell each step; the
    game itself (everything but the events) is as before."""
    state = cleared(game(2, 0))
    seat = 0
    system = home(state, seat)
    state.players[seat].orders["strategize"] -= 1
    state.players[seat].on_event_deck["advance"] = 2
    state.stacks = {system: [(seat, "strategize")]}
    state.step, state.turn, state.order = flow.OPERATIONS, seat, None
    apply(state, Action("reveal", seat, target=system))
    apply(state, Action("decline", seat))  # the last token: the refresh begins
    assert state.step == STORMS
    tags = [e.tag for e in state.events]
    assert tags[tags.index("refresh"):].count("drawn") == 2
    assert isinstance(state.events[tags.index("refresh")], RefreshStarted)
    drawn = {e.seat: e.count for e in state.events if isinstance(e, EventsDrawn)}
    # 2 tokens put on the deck before, plus the declined Strategize
    assert drawn == {0: 3, 1: 0} and len(state.players[0].drawn) == 3


@pytest.mark.parametrize("lang,words", [("en", REFRESH_EN), ("ru", REFRESH_RU)])
def test_the_log_tells_each_refresh_step_and_why(lang, words):
    """Item 6: objectives, materiel, rally, events and storms each have a line in the
    book's order, under the refresh heading, in both languages; no key or raw id."""
    session = _bot_game()
    try:
        _play_to(session, lambda s: s.state.round == 2)
        lines = _refresh_section(session.move_log(PUBLIC, lang), lang)
        for line in lines:
            assert not RAW.search(line), line
        firsts = [next(i for i, line in enumerate(lines) if line.startswith(w))
                  for w in words]
        assert firsts == sorted(firsts)  # the book's order
        materiel = [line for line in lines if line.startswith(words[1])]
        assert len(materiel) == 3  # one per seat, saying where it came from or why not
        storm = "Warp storm:" if lang == "en" else "Варп-шторм:"
        assert sum(line.startswith(storm) for line in lines) == 3  # one move per seat
    finally:
        session.close()


def test_materiel_lines_give_the_figure_and_the_worlds():
    """«каждый игрок получает материалы с каждого дружественного мира в размере,
    указанном в поле производственного значения»: the line's figure is what the seat
    gained, and it names each friendly world that gave it."""
    session = _bot_game(seed=9)
    try:
        _play_to(session, lambda s: s.state.step == STORMS)
        state = session.state
        gained = {e.seat: e.count for e in state.events
                  if e.tag == "gained" and e.what == "materiel"}
        lines = _refresh_section(session.move_log(PUBLIC, "en"), "en")
        for p in state.players:
            line = next(x for x in lines if x.startswith(f"Materiel: {NAMES[p.seat]} "))
            if p.seat in gained:
                assert f"+{gained[p.seat]} " in line
                for area, pa in state.topology.areas.items():
                    if state.owner.get(area) == p.seat and pa.area.materiel:
                        system, _, i = area.partition(".")
                        name = state.rules.faces[system].name_en
                        assert f"{name} {int(i) + 1} +{pa.area.materiel}" in line
            else:
                assert "gets none" in line
    finally:
        session.close()


def test_a_played_event_is_named_with_its_text_and_a_rivals_storm_card_is_not():
    """«Затем он может сыграть свойство карты события»: the card played is named with its
    text for everyone; the card a rival chose to move a storm is not named to the others
    unless it was shown from the deck (the book's «вскрывает верхнюю карту»)."""
    session = _bot_game()
    try:
        _play_to(session, lambda s: s.state.round == 4)
        rules = session.state.rules
        public = [line.text for line in session.move_log(PUBLIC, "en")]
        played = [line for line in public if line.startswith("Event: ") and " plays " in line
                  and "no event card" not in line]
        assert played, "no event card was played in three rounds"
        for line in played:
            card = next(c for c in rules.events.values() if f" plays {c.name_en} — " in line)
            assert line.endswith(combat_text.effects_text(rules, card.effects, "en"))
        own = [line.text for line in session.move_log(0, "en")]
        storms = [line for line in public if line.startswith("Warp storm: ")]
        assert storms and all(RAW.search(line) is None for line in storms)
        mine = [line for line in own if line.startswith("Warp storm: Anna ")]
        theirs = [line for line in public if line.startswith("Warp storm: Anna ")]
        assert mine and len(mine) == len(theirs)
        assert any("one of their event cards" in line for line in theirs)
        assert not any("one of their event cards" in line for line in mine)
    finally:
        session.close()


def test_the_refresh_card_shows_over_the_map_until_clicked(make_table_app):
    """«shown and explained as it happens»: while the refresh is under way (a human
    choosing its storm move) its steps are in a card over the map; a click closes it."""
    for lang in ("en", "ru"):
        app = make_table_app((1280, 720), lang=lang)
        session = _bot_game()
        _play_to(session, lambda s: s.state.step == STORMS and s.acting == 0)
        session.combats.unseen.clear()
        session.setup = replace(session.setup, seats=(HUMAN, "random", "random"))
        session.bot_delay = session.wait = 1e9  # the bots wait: the moment holds
        scene = FsTableScene(app, session)
        scene.viewer, scene.curtain = 0, None
        app.push(scene)
        app.frame([], 0.0)
        assert refresh_shown(session.state, 0) == session.state.round
        assert scene.refresh_rect.w > 0 and scene.refresh_rect.h > 0
        assert scene.rect(0, 0, 1400, 1080).contains(scene.refresh_rect)
        pos = scene.refresh_rect.center
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.0)
        app.frame([], 0.0)
        assert scene.refresh_rect.w == 0


# ---------------------------------------------------------------------- item 9: frames


def test_every_frame_is_drawn_by_the_current_scenes_only(app):
    """Item 9: driving the menu → setup → table switch frame by frame (the clicks as a
    player makes them), each frame is drawn by the scene on top (and nothing else), and
    what the window shows is exactly that scene's picture: no pixel is left from the
    scene before it."""
    from game.ui.scenes.menu import MenuScene

    drawn: list[Scene] = []
    original = Scene.draw

    def spy(self: Scene, surface: pygame.Surface) -> None:
        drawn.append(self)
        original(self, surface)

    def frame(events=()) -> None:
        drawn.clear()
        app.frame(list(events), 1 / 60)
        assert drawn == [app.top], (type(app.top).__name__, [type(s).__name__ for s in drawn])
        fresh = pygame.Surface(app.screen.get_size())
        fresh.fill((255, 0, 255))  # a colour no scene uses: whatever it shows is left over
        app.top.draw(fresh)
        assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(app.screen, "RGB")

    def click(pos) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]

    Scene.draw = spy  # type: ignore[method-assign]
    try:
        app.push(MenuScene(app))
        frame()
        frame(click(app.top.button_rect("forbidden_stars:new_game").center))
        for _ in range(2):
            frame(pygame.event.get())
        assert type(app.top).__name__ == "FsSetupScene"
        frame(click(app.top.start.rect.center))
        for _ in range(3):
            frame(pygame.event.get())
        assert isinstance(app.top, FsTableScene)
    finally:
        Scene.draw = original  # type: ignore[method-assign]
