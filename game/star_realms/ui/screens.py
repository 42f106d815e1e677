"""Star Realms scenes rendered headless: a bot game stopped mid-turn for screenshots,
the smoke run and benchmarks."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game import i18n
from game.settings import Settings
from game.star_realms.ai.basic import GreedyBot
from game.star_realms.data import load_rules
from game.star_realms.engine import Action, legal_actions
from game.star_realms.engine.rules import acting_seat
from game.star_realms.sim import BossPilot
from game.star_realms.ui.card_images import for_app
from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import GameSetup, SeatSetup, Session
from game.star_realms.ui.table.tooltips import TOOLTIP_MS
from game.ui.main import headless, make_app
from game.ui.scenes.menu import MenuScene

SCREENSHOT_SEATS = {"duel": 2, "ffa": 4, "hunter": 4, "hunter_first_blood": 4, "hydra2": 4,
                    "hydra3": 6, "emperor": 6, "raid": 4}
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor")


def bot_session(seed: int, sets: tuple[str, ...] | None = None, turns: int = 0,
                fmt: str = "duel", seats: int | None = None, extra: tuple = (),
                mate_plays: int = 0):
    """A game a few turns in, played by bots, stopped in the middle of seat 0's turn
    with some cards in play (for screenshots and benchmarks).  Seat 0 is human.
    ``extra``: the game's own options (``(("missions", True),)``, gambits);
    ``mate_plays``: in a team turn (Hydra), the computer teammates then make this many
    moves of their own, as the table lets them (logged under their names)."""
    db = load_rules()
    adventure = db.adventures.get(fmt)
    n = seats or SCREENSHOT_SEATS.get(fmt, 2)
    auto = not turns
    turns = turns or (6 if n == 2 else 3 * n + 1)  # every seat has had about 3 turns
    if sets is None:
        sets = ("frontiers",) if adventure else ("frontiers", "colony_wars")
    people = [SeatSetup(NAMES[i], "human" if i == 0 else "greedy") for i in range(n)]
    options: tuple = extra
    if adventure is not None:  # the players, then the boss
        people = people[:n - 1] + [SeatSetup(adventure.name(i18n.language()), "boss")]
        options = (("difficulty", "veteran"),)
    setup = GameSetup(sets=sets, seats=people, first=0, seed=seed, format=fmt,
                      options=options)
    session = Session.start(db, setup)
    state = session.state
    if auto and state.format.team_turns and adventure is None:
        turns = 3 * len({s.team for s in state.seats}) + 1  # a Hydra team's turn is one
    bots = [BossPilot() if c.controller == "boss" else GreedyBot(seed + i)
            for i, c in enumerate(setup.seats)]
    while not state.is_over and (state.turn < turns or state.active != 0):
        seat = acting_seat(state)
        session.apply(bots[seat].choose(state, legal_actions(state)))
    # seat 0 plays part of its hand and answers what that asks
    played = 0
    while not state.is_over and state.seats[0].hand and played < 3:
        if state.pending is not None:
            session.apply(bots[acting_seat(state)].choose(state, legal_actions(state)))
            continue
        session.apply(Action("play", 0, card=state.seats[0].hand[0]))
        played += 1
    while not state.is_over and state.pending is not None:
        session.apply(bots[acting_seat(state)].choose(state, legal_actions(state)))
    _let_mates_play(session, mate_plays)
    session.viewer = 0
    session.revealed_to = 0
    return session


def _let_mates_play(session: Session, moves: int) -> None:
    """Up to ``moves`` of the computer teammates' own moves in the team turn a person
    steers, taken from the session as the table takes them (so the log names them)."""
    done = 0
    while done < moves and session.human_to_act and not session.over:
        action = session.ai_ready(10.0, 1.0, False)
        if action is None:
            if session._pending is None:
                return  # nothing more any teammate wants to do
            session._pending.result()  # still deciding in its worker thread
            continue
        session.apply(action)
        done += 1


@dataclass(frozen=True)
class Look:
    """How a table picture is taken beyond its game: the Card and Text size settings
    (TABLE_SIZES), the thing the pointer rests on for its tooltip (``hover``: "trade"
    or "combat", a pool) and the layout zone the picture is cut to (``crop``, "" for the
    whole window)."""

    card_size: float = 1.0
    text_size: float = 1.0
    hover: str = ""
    crop: str = ""


def render_scene(scene_name: str, size: tuple[int, int], seed: int, lang: str,
                 fmt: str = "duel", sets: tuple[str, ...] | None = None,
                 extra: tuple = (), turns: int = 0, mate_plays: int = 0,
                 look: Look = Look()):
    """Build the app at ``size`` showing one scene, settled and fully drawn."""
    headless()
    settings = replace(Settings(), language=lang, animation_speed=0.0,
                       card_size=look.card_size, text_size=look.text_size)
    app = make_app(size=size, settings=settings, persist=False)
    app.push(MenuScene(app))
    if scene_name == "setup":
        app.push(SetupScene(app))
    elif scene_name == "table":
        session = bot_session(seed, sets=sets, fmt=fmt, extra=extra, turns=turns,
                              mate_plays=mate_plays)
        # The picture is the position built above: a computer teammate left with moves
        # must not make one during the settling frames (when its thread finished would
        # decide what the picture shows).
        session.ai_ready = lambda *_: None  # type: ignore[method-assign]
        app.push(TableScene(app, session))
    for _ in range(3):
        app.frame([], 0.0)
        for_app(app).wait()
    if look.hover and isinstance(app.top, TableScene):
        table = app.top
        spot = table.trade_rect() if look.hover == "trade" else table.combat_rect()
        pygame.mouse.set_pos(spot.center)
        app.frame([], TOOLTIP_MS / 1000)  # the pointer comes to rest …
        app.frame([], TOOLTIP_MS / 1000)  # … and its tooltip is up
    app.frame([], 0.0)
    return app


def screenshot(scene_name: str, size: tuple[int, int], seed: int, out: str,
               lang: str = "en", fmt: str = "duel", sets: tuple[str, ...] | None = None,
               extra: tuple = (), turns: int = 0, mate_plays: int = 0,
               look: Look = Look()) -> None:
    app = render_scene(scene_name, size, seed, lang, fmt, sets, extra, turns, mate_plays,
                       look)
    picture = app.screen
    if look.crop and isinstance(app.top, TableScene):
        picture = app.screen.subsurface(crop_rect(app.top, look.crop, app.screen.get_rect()))
    pygame.image.save(picture, out)
    app.top.session.close() if hasattr(app.top, "session") else None
    pygame.quit()


def crop_rect(table: TableScene, zone: str, screen: pygame.Rect) -> pygame.Rect:
    """The layout zone ``zone`` with a margin around it (what surrounds it shows where
    it is: a quarter of its width each side, its height above and below), kept inside
    the window."""
    rect = table.layout.zones()[zone]
    return rect.inflate(rect.w // 2, rect.h * 2).clip(screen)
