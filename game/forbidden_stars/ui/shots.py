"""Screenshots of Forbidden Stars' table scene at chosen moments of a seeded bot game:
the map in the operations phase (``table``), seat 0 placing its orders (``planning``,
an order token picked so the systems it may go to are lit), a combat with seat 0 on a
side (``combat``: the combat panel over the map), the result of a combat seat 0 fought
(``result``: its card over the map), the end screen (``end``, the
``forbidden_stars.game_over`` route) and, for issue 38's pictures, a stack of three
orders on the map (``stack``), Deploy with its prices in the list (``deploy``), an order
upgrade offered with its cost and text (``upgrade``) and the move log just after a
computer player's move (``log``).  Every seat is a computer player; at the moment
seat 0 becomes the human at the table and the picture is taken from its view."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game.forbidden_stars.ai import make_player
from game.forbidden_stars.engine.state import COMBAT, OPERATIONS, PLANNING
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import HUMAN, FsSession, FsSetup
from game.settings import Settings
from game.ui import routes
from game.ui.main import headless, make_app

SCENES = ("table", "planning", "combat", "result", "end", "stack", "deploy", "upgrade", "log")
NAMES = {"en": ("Anna", "Boris", "Vera", "Gleb"), "ru": ("Анна", "Борис", "Вера", "Глеб")}
BOT = "random"
LIMIT = 20_000  # actions before giving up on a moment
SEAT = 0


def _operations(s: FsSession) -> bool:
    return s.state.round >= 2 and s.state.step == OPERATIONS and s.acting == SEAT


def _planning(s: FsSession) -> bool:
    st = s.state
    return (st.round >= 2 and st.step == PLANNING and s.acting == SEAT
            and st.players[SEAT].placed >= 2)


def _combat(s: FsSession) -> bool:
    c = s.state.combat
    return (s.state.step == COMBAT and c is not None and s.acting == SEAT
            and SEAT in c.sides and not c.orbital and bool(c.sides[SEAT].hand))


def _result(s: FsSession) -> bool:
    """A combat of seat 0's has just ended: its result card is over the map."""
    r = s.combats.shown
    return r is not None and SEAT in (r.attacker, r.defender) and not r.orbital and \
        s.state.combat is None and bool(r.destroyed or r.retreats)


def _over(s: FsSession) -> bool:
    return s.over


def _stack(s: FsSession) -> bool:
    """Seat 0 to act with a stack of three orders on the map, its own on top."""
    st = s.state
    return s.acting == SEAT and st.step in (PLANNING, OPERATIONS) and any(
        len(stack) >= 3 and stack[-1][0] == SEAT for stack in st.stacks.values())


def _offers(kinds: tuple[str, ...]) -> Callable[[FsSession], bool]:
    def moment(s: FsSession) -> bool:
        return s.acting == SEAT and s.state.combat is None and \
            any(a.kind in kinds for a in s.legal())
    return moment


def _after_bot(s: FsSession) -> bool:
    """Seat 0's turn in the operations of round 2 or later, right after another seat's
    move (the log shows it)."""
    log = s.state.log or []
    return _operations(s) and bool(log) and log[-1].seat != SEAT and \
        log[-1].kind not in ("done", "reveal")


MOMENTS: dict[str, Callable[[FsSession], bool]] = {
    "table": _operations, "planning": _planning, "combat": _combat, "result": _result,
    "end": _over, "stack": _stack, "deploy": _offers(("buy", "build")),
    "upgrade": _offers(("upgrade",)), "log": _after_bot}


def play_to(scene_name: str, players: int, seed: int, names: tuple[str, ...]) -> FsSession:
    """A seeded bot game played to the moment (tries later seeds when one never gets
    there, e.g. a game without a combat for seat 0)."""
    if scene_name not in MOMENTS:
        raise ValueError(f"no Forbidden Stars moment {scene_name!r} "
                         f"(one of {', '.join(SCENES)})")
    moment = MOMENTS[scene_name]
    for attempt in range(20):
        game_seed = seed + attempt * 1000
        setup = FsSetup(tuple([BOT] * players), names, seed=game_seed)
        session = FsSession(setup, bot_delay=0.0, autosave=False)
        bots = [make_player(BOT, game_seed * 10 + i) for i in range(players)]
        for _ in range(LIMIT):
            if moment(session):
                return session
            if session.over:
                break
            session.combats.unseen.clear()  # only a result at the moment is shown
            acting = session.acting
            session.choose(bots[acting].choose(session.view(acting), session.legal()))
    raise RuntimeError(f"seed {seed} never reached the {scene_name} moment")


def shoot(scene_name: str, size: tuple[int, int], seed: int, out: str, lang: str = "en",
          players: int = 3) -> None:
    """Play a seeded game to the moment and save the table scene (seat 0's view) at it."""
    headless()
    settings = replace(Settings(), language=lang, animation_speed=0.0)
    app = make_app(size=size, settings=settings, persist=False)
    session = None
    try:
        names = NAMES["ru" if lang == "ru" else "en"][:players]
        session = play_to(scene_name, players, seed, names)
        seats = tuple(HUMAN if i == SEAT else BOT for i in range(players))
        session.setup = replace(session.setup, seats=seats)
        session.bot_delay = session.wait = 1e9  # the picture holds still
        if scene_name == "end":
            app.push(routes.make(app, "forbidden_stars.game_over", session))
        else:
            scene = FsTableScene(app, session)
            scene.viewer = SEAT
            scene.curtain = None
            app.push(scene)
            if scene_name == "planning":
                orders = [e["where"]["order"] for e in scene.entries()
                          if e["where"]["at"] == "place"]
                if orders:
                    scene.picked_order = orders[0]
                    scene.say("order_picked",
                              order=scene.model()["order_names"].get(orders[0], orders[0]))
            if scene_name == "upgrade":  # the pointer on the longest upgrade: its whole text
                rows = scene.model()["actions"]
                scene.list_hover = max((i for i, a in enumerate(session.legal())
                                        if a.kind == "upgrade"),
                                       key=lambda i: len(rows[i]["label"]))
        for _ in range(3):
            app.frame([], 0.0)
        pygame.image.save(app.screen, out)
    finally:
        if session is not None:
            session.close()
        pygame.quit()
