"""Screenshots of Arcs' table scene at chosen moments of a seeded bot game: a battle's
dice on screen (``dice``), the hit choices after them (``battle``), the court with
agents on it (``court``), a chapter's scoring (``scoring``) and, in a game with Leaders &
Lore, the draft (``leaders_draft``) and the first round after it, its played cards where
the draft's rows were (``leaders_round_after``).  Every seat is played by
a ``normal`` bot; at the moment the seat to show becomes the human at the table.

The rest remake every Arcs picture in docs/screenshots/arcs/ by a command (its README
lists them): ``battle_assigned`` (a hit just dealt, more to deal), ``court_card_zoom`` (a
court card's right-click zoom), ``guild_card_in_player_area`` (the hover text of a guild
card in a seat's area, cut to it), ``log`` (the move log just after a bot's turn),
``table_layout`` and ``play`` (a round under way, at any ``--size``), ``game_over`` (the
end screen), ``setup`` (the setup screen) and ``lesson`` (Learn to play at its battle
step)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import replace

import pygame

from game.arcs.ai.base import make_player
from game.arcs.engine.events import ChapterEnd, GameOver, Rolled
from game.arcs.engine.state import DRAFT
from game.arcs.ui.picking import COURT_KINDS
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import HUMAN, ArcsSession, ArcsSetup
from game.settings import Settings
from game.ui import routes
from game.ui.main import headless, make_app
from game.ui.tooltip import tooltip_layout

SCENES = ("battle", "dice", "court", "scoring", "leaders_draft", "leaders_round_after",
          "battle_assigned", "court_card_zoom", "guild_card_in_player_area", "log",
          "table_layout", "play", "game_over", "setup", "lesson")
LEADERS = ("leaders_draft", "leaders_round_after")  # played with Leaders & Lore
NAMES = {"en": ("Anna", "Boris", "Vera", "Gleb"), "ru": ("Анна", "Борис", "Вера", "Глеб")}
LIMIT = 6000  # actions before giving up on a moment
CROP = (842, 309)  # guild_card_in_player_area: at least this much around the card and its text
LESSON_STEP = "battle"  # the lesson's picture: choosing the dice of a first battle


def _rolled_with_hits(s: ArcsSession) -> int | None:
    if any(isinstance(e, Rolled) for e in s.state.events) and any(
            a.kind == "hit" for a in s.legal()):
        return s.acting
    return None


def _court_with_agents(s: ArcsSession) -> int | None:
    slots = [c for c in s.state.court if c is not None]
    seats = {i for c in slots for i, n in enumerate(c.agents) if n}
    if len(seats) >= 2 and sum(sum(c.agents) for c in slots) >= 5 and any(
            a.kind in COURT_KINDS for a in s.legal()):
        return s.acting
    return None


def _chapter_scored(s: ArcsSession) -> int | None:
    ev = s.state.events
    if any(isinstance(e, ChapterEnd) for e in ev) and not any(
            isinstance(e, GameOver) for e in ev):
        return 0
    return None


def _drafting(s: ArcsSession) -> int | None:
    # a pick or two made: the rows show what is left and what was taken
    if s.state.step == DRAFT and len(s.state.draft_leaders) < s.state.n + 1:
        return s.acting
    return None


def _round_after_draft(s: ArcsSession) -> int | None:
    # the draft over and three cards played: the round area shows them, not the rows
    if s.state.step != DRAFT and len(s.state.plays) >= min(3, s.state.n):
        return s.acting
    return None


def _hit_assigned(s: ArcsSession) -> int | None:
    # one hit dealt and more to deal: the battle panel shows what is assigned so far
    last = s.last[1] if s.last is not None else None
    if getattr(last, "kind", "") == "hit" and any(a.kind == "hit" for a in s.legal()):
        return s.acting
    return None


def _guild_cards(s: ArcsSession) -> int | None:
    # guild cards in two seats' areas: the hovered one is drawn among others
    if sum(1 for p in s.state.players if p.guild) >= 2 and s.state.plays:
        return s.acting
    return None


def _after_bot_turn(s: ArcsSession) -> int | None:
    # a seat's turn of four or more moves just over, the next seat to act: its log shows
    # the turn that passed while the bot played it
    log = list(s.state.log or ())
    if not log or log[-1].seat == s.acting or s.state.chapter < 2:
        return None
    turn = 0
    for entry in reversed(log):
        if entry.seat != log[-1].seat:
            break
        turn += 1
    return s.acting if turn >= 4 else None


def _round_under_way(s: ArcsSession) -> int | None:
    # a later chapter, two cards in the round: a full board, the round area in use
    if s.state.chapter >= 2 and len(s.state.plays) >= 2 and s.state.court:
        return s.acting
    return None


def _over(s: ArcsSession) -> int | None:
    return 0 if s.over else None


MOMENTS: dict[str, Callable[[ArcsSession], int | None]] = {
    "battle": _rolled_with_hits, "dice": _rolled_with_hits, "court": _court_with_agents,
    "scoring": _chapter_scored, "leaders_draft": _drafting,
    "leaders_round_after": _round_after_draft, "battle_assigned": _hit_assigned,
    "court_card_zoom": _court_with_agents, "guild_card_in_player_area": _guild_cards,
    "log": _after_bot_turn, "table_layout": _round_under_way, "play": _round_under_way,
    "game_over": _over}
NOT_PLAYED = ("setup", "lesson")  # not a bot game: drawn by their own functions


def shoot(scene_name: str, size: tuple[int, int], seed: int, out: str, lang: str = "en",
          players: int = 3) -> None:
    """Play a seeded game to the moment and save the table scene at it."""
    if scene_name not in MOMENTS and scene_name not in NOT_PLAYED:
        raise ValueError(f"no Arcs moment {scene_name!r} (one of {', '.join(SCENES)})")
    headless()
    settings = replace(Settings(), language=lang, animation_speed=0.0)
    app = make_app(size=size, settings=settings, persist=False)
    if scene_name in NOT_PLAYED:
        try:
            (_setup if scene_name == "setup" else _lesson)(app, seed, out)
        finally:
            app.close_sessions()
            pygame.quit()
        return
    try:
        names = NAMES["ru" if lang == "ru" else "en"][:players]
        setup = ArcsSetup(tuple(["normal"] * players), names, seed,
                          leaders=scene_name in LEADERS)
        session = ArcsSession(setup, bot_delay=0.0)
        scene = routes.make(app, "arcs.table", session)
        assert isinstance(scene, ArcsTableScene)
        bots = [make_player("normal", seed * 10 + i) for i in range(players)]
        moment = MOMENTS[scene_name]
        seat = None
        for _ in range(LIMIT):
            seat = moment(session)
            if seat is not None or session.over:
                break
            acting = session.acting
            scene.play(bots[acting].choose(session.view(acting), session.legal()))
            if scene_name != "scoring":
                scene.chapter_show = None
        if scene_name == "game_over" and seat is not None:
            app.push(routes.make(app, "arcs.game_over", session))
            for _ in range(3):
                app.frame([], 0.0)
            pygame.image.save(app.screen, out)
            return
        if seat is None:
            raise RuntimeError(f"seed {seed} never reached the {scene_name} moment")
        seats = [HUMAN if i == seat else "normal" for i in range(players)]
        session.setup = replace(setup, seats=tuple(seats))
        scene.viewer = seat
        scene.curtain = None
        session.bot_delay = session.wait = 1e9  # the picture holds still
        if scene_name != "dice":
            scene.dice_timer = 0.0  # the moment is over: the hit choices show
        app.push(scene)
        for _ in range(3):
            app.frame([], 0.0)
        if scene_name == "court_card_zoom":
            _right_click_a_card(app, scene, "court")
        shot = app.screen
        if scene_name == "guild_card_in_player_area":
            shot = _hover_a_card(app, scene, "guild")
        pygame.image.save(shot, out)
    finally:
        session_close = getattr(app.top, "session", None)
        if session_close is not None:
            session_close.close()
        pygame.quit()


def _readable(scene: ArcsTableScene, kind: str) -> list:
    """The scene's hits of ``kind`` whose card this seat may read, last drawn first."""
    hits = scene.hits.hits if scene.hits is not None else []
    return [h for h in reversed(hits) if h.kind == kind and scene.card_at(h.rect.center)]


def _right_click_a_card(app, scene: ArcsTableScene, kind: str) -> None:
    found = _readable(scene, kind)
    if not found:
        raise RuntimeError(f"no {kind} card on the table to zoom")
    pos = found[-1].rect.center  # the first drawn: the court's left card
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)], 0.0)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3)], 0.0)
    app.frame([], 0.0)
    if not scene.card_zoom.is_open:
        raise RuntimeError(f"a right click on the {kind} card opened no zoom")


def _hover_a_card(app, scene: ArcsTableScene, kind: str) -> pygame.Surface:
    """The pointer on a card of ``kind``: the part of the screen with the card and its
    hover text (at least ``CROP``, inside the window)."""
    found = _readable(scene, kind)
    if not found:
        raise RuntimeError(f"no {kind} card on the table to hover")
    hit = found[0]
    pos = hit.rect.center
    pygame.mouse.set_pos(pos)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                  buttons=(0, 0, 0))], 0.0)
    app.frame([], 0.0)
    face = scene.card_at(pos)
    assert face is not None
    screen = app.screen.get_rect()
    # the tooltip's box as draw_card_tip lays it out (the pointer rests on the card)
    tip = tooltip_layout(face.title, face.kind, face.body, pos, screen, scene.tpx(22),
                         scene.tpx(560), avoid=hit.rect).rect
    box = hit.rect.union(tip).inflate(24, 24)
    box.w, box.h = max(box.w, CROP[0]), max(box.h, CROP[1])
    box.center = hit.rect.union(tip).center
    box = box.clamp(screen).clip(screen)
    return app.screen.subsurface(box).copy()


def _setup(app, seed: int, out: str) -> None:
    from game.arcs.ui.scenes.setup import ArcsSetupScene  # lazy: only this picture

    app.push(ArcsSetupScene(app, seed))
    for _ in range(3):
        app.frame([], 0.0)
    pygame.image.save(app.screen, out)


def _lesson(app, seed: int, out: str) -> None:
    """Learn to play Arcs played by synthetic clicks (as ``tutorial --check`` does) up to
    its battle step, the box and the lit target on screen."""
    # lazy: only this picture loads the lesson machinery
    from game.arcs.ui.scenes.lesson import ArcsLessonScene
    from game.ui.lesson.check import play_lesson
    from game.ui.lesson.driver import Driver

    del seed  # the lesson's game is its script's own
    before = os.environ.get("STARFOLD_CONFIG_DIR")
    with tempfile.TemporaryDirectory(prefix="starfold-shot-") as tmp:
        os.environ["STARFOLD_CONFIG_DIR"] = tmp  # a picture is not the player's progress
        try:
            table = app.push(ArcsLessonScene(app, fresh=True))
            driver = Driver(app)
            driver.frames(3)
            play_lesson(driver, table, until=LESSON_STEP)
            if table.runner.step is None or table.runner.step.id != LESSON_STEP:
                raise RuntimeError(f"the lesson has no step {LESSON_STEP!r}")
            driver.settle(lambda: not table.busy(), "the table to settle")
            driver.frames(2)
            pygame.image.save(app.screen, out)
        finally:
            if before is None:
                os.environ.pop("STARFOLD_CONFIG_DIR", None)
            else:
                os.environ["STARFOLD_CONFIG_DIR"] = before
