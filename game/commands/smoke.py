"""`python -m game smoke --frames 300`: menu → setup → a bot-vs-bot table, headless.

Exits 0 after that many frames, non-zero on any exception.  Used by CI to prove the
source and the frozen build start, draw the menu and the table, and run a game.
It writes nothing into the saves folder (its autosaves go to a scratch folder), unless
``--keep-save`` asks for one manual save of the game it played.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from dataclasses import replace


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("smoke", help="run menu, setup and a bot game headless")
    p.add_argument("--frames", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep-save", action="store_true",
                   help="save the game it played into the saves folder, as Save would")
    p.set_defaults(func=run)


def click(app, pos) -> None:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    import pygame

    pygame.mouse.set_pos(pos)  # pygame-gui hovers by the real cursor position
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)
    app.frame(pygame.event.get(), 1 / 60)  # what pygame-gui posted (button presses)


def smoke(frames: int, seed: int):
    """Run the frames; the state of the game it played."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    import pygame

    from game.settings import Settings
    from game.ui.main import headless, make_app

    headless()
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.ui.scenes.setup import SetupScene, controllers
    from game.star_realms.ui.scenes.table import TableScene
    from game.star_realms.ui.session import GameSetup, SeatSetup
    from game.ui.scenes.menu import MenuScene

    app = make_app(size=(1280, 720), settings=replace(Settings(), animation_speed=2.0),
                   persist=False)
    menu = app.push(MenuScene(app))
    for _ in range(5):
        app.frame([], 1 / 60)
    click(app, menu.button_rect("new_game").center)
    setup = app.top
    if not isinstance(setup, SetupScene):
        raise RuntimeError("New game did not open the setup screen")
    ai = controllers()[-1]
    setup.setup = GameSetup(sets=("frontiers", "colony_wars"),
                            seats=[SeatSetup("Bot A", ai), SeatSetup("Bot B", ai)], seed=seed)
    setup.rebuild()
    app.frame([], 1 / 60)
    click(app, setup.start.rect.center)
    if not isinstance(app.top, TableScene):
        raise RuntimeError("Start did not open the table")
    table = app.top
    done = 8
    while done < frames and app.running:
        app.frame(pygame.event.get(), 1 / 60)
        done += 1
    state = table.session.state
    print(f"smoke: {done} frames, turn {state.turn}, {state.log_len} actions, "
          f"over={state.is_over}", file=sys.stderr)
    table.session.close()
    return state


def run(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.commands.common import load_db
    from game.saves_folder import scratch_saves

    load_db()  # every game's broken rules are a data error (exit 2 with its lines), not a crash
    try:
        with scratch_saves():  # a check, not a player's game: no autosave left behind
            state = smoke(args.frames, args.seed)
    except Exception:
        traceback.print_exc()
        return 1
    if args.keep_save:  # asked for: one manual save, in the player's saves folder
        return keep_save(state)
    return 0


def keep_save(state) -> int:
    """One manual save of the game played; a folder that is full, read-only or cannot be
    made is the player's machine saying no, not a bug: one line and exit 1."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.saves import save_game

    try:
        path = save_game(state, "manual")
    except OSError as exc:
        print(f"smoke: could not save: {exc.strerror or exc}"
              f"{f' ({exc.filename})' if exc.filename else ''}", file=sys.stderr)
        return 1
    print(f"smoke: saved {path}", file=sys.stderr)
    return 0
