"""Screenshots of Arcs' table scene at chosen moments of a seeded bot game: a battle's
dice on screen (``dice``), the hit choices after them (``battle``), the court with
agents on it (``court``) and a chapter's scoring (``scoring``).  Every seat is played by
a ``normal`` bot; at the moment the seat to show becomes the human at the table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game.arcs.ai.base import make_player
from game.arcs.engine.events import ChapterEnd, GameOver, Rolled
from game.arcs.ui.picking import COURT_KINDS
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import HUMAN, ArcsSession, ArcsSetup
from game.settings import Settings
from game.ui import routes
from game.ui.main import headless, make_app

SCENES = ("battle", "dice", "court", "scoring")
NAMES = {"en": ("Anna", "Boris", "Vera", "Gleb"), "ru": ("Анна", "Борис", "Вера", "Глеб")}
LIMIT = 6000  # actions before giving up on a moment


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


MOMENTS: dict[str, Callable[[ArcsSession], int | None]] = {
    "battle": _rolled_with_hits, "dice": _rolled_with_hits, "court": _court_with_agents,
    "scoring": _chapter_scored}


def shoot(scene_name: str, size: tuple[int, int], seed: int, out: str, lang: str = "en",
          players: int = 3) -> None:
    """Play a seeded game to the moment and save the table scene at it."""
    if scene_name not in MOMENTS:
        raise ValueError(f"no Arcs moment {scene_name!r} (one of {', '.join(SCENES)})")
    headless()
    settings = replace(Settings(), language=lang, animation_speed=0.0)
    app = make_app(size=size, settings=settings, persist=False)
    try:
        names = NAMES["ru" if lang == "ru" else "en"][:players]
        setup = ArcsSetup(tuple(["normal"] * players), names, seed)
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
        pygame.image.save(app.screen, out)
    finally:
        session_close = getattr(app.top, "session", None)
        if session_close is not None:
            session_close.close()
        pygame.quit()
