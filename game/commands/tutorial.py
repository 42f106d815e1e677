"""`python -m game tutorial --check [--game star_realms|arcs] [--lang en|ru] [--lesson ID]`:
play every lesson of a game's Learn to play headless, from the main menu, through
synthetic mouse input at the highlighted targets (Star Realms:
game.star_realms.ui.tutorial_check; Arcs and Forbidden Stars: the shared
game.ui.lesson.check).  Exits 0 when every step
completes; 1 with the failing lesson and step on stderr; 2 for broken rules data.
The learner's real progress and saves are not touched (scratch folders)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tutorial", help="check the Learn to play lessons headless")
    p.add_argument("--check", action="store_true", required=True,
                   help="play every lesson through synthetic input and report")
    p.add_argument("--game", choices=("star_realms", "arcs", "forbidden_stars"),
                   default="star_realms", help="whose lessons (default: star_realms)")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.add_argument("--lesson", default=None, help="only this lesson (its id)")
    p.add_argument("--speed", type=float, default=0.0,
                   help="animation speed (0: none, the fastest; 1: as players see it)")
    p.add_argument("--shots", default=None, metavar="FOLDER",
                   help="also save screenshots of a few steps there (<lesson>-<step>-<lang>.png)")
    p.set_defaults(func=run)


SHOTS = {"first_duel": ("play_scout", "ram_ally", "attack_outpost"),
         "free_for_all": ("attack",), "boss_turn": ("read_it",)}


def check(lang: str, lesson: str | None = None, speed: float = 0.0, say=print,
          shots: str | None = None) -> str:
    """Play the lessons; "" when all pass, else what failed (lesson/step: why)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from dataclasses import replace

    from game.settings import Settings
    from game.star_realms.data import load_rules
    from game.star_realms.tutorial import load_script
    from game.star_realms.ui.tutorial_check import CheckFailed, Driver, play_lesson
    from game.ui.main import headless, make_app
    from game.ui.scenes.menu import MenuScene

    headless()
    lessons = [x.id for x in load_script(load_rules())]
    if lesson is not None and lesson not in lessons:
        return f"unknown lesson {lesson!r} (known: {', '.join(lessons)})"
    app = make_app(size=(1280, 720), persist=False,
                   settings=replace(Settings(), language=lang, animation_speed=speed))
    driver = Driver(app)
    menu = app.push(MenuScene(app))
    driver.frames(3)
    driver.click(menu.button_rect("learn").center)
    listing = app.top
    if not hasattr(listing, "button_of"):
        return "Learn to play did not open the lesson list"
    try:
        for lid in lessons if lesson is None else [lesson]:
            driver.click(listing.button_of(lid).center)
            table = app.top
            if getattr(table, "lesson", None) is None or table.lesson.id != lid:
                return f"{lid}: Start did not open the lesson"
            wanted = {sid: os.path.join(shots, f"{lid}-{sid}-{lang}.png")
                      for sid in SHOTS.get(lid, ())} if shots else None
            play_lesson(driver, table, lambda line: say(f"  {line}"), wanted)
            driver.click(table.box_buttons["leave"].rect.center if table.box is not None
                         else table.btn_menu.rect.center)
            if app.top is not listing:
                return f"{lid}: leaving did not come back to the lesson list"
            say(f"{lid}: {len(table.lesson.steps)} steps OK ({lang})")
    except CheckFailed as exc:
        return str(exc)
    finally:
        app.close_sessions()
    return ""


ARCS_SHOTS = ("lead", "battle", "scoring")
FS_SHOTS = ("place_advance", "move", "combat_card")


def check_arcs(lang: str, lesson: str | None = None, speed: float = 0.0, say=print,
               shots: str | None = None) -> str:
    """Arcs' lesson from the menu's Learn to play (Arcs' column) to its last step and
    back out with Leave; "" when it passes, else what failed (lesson/step: why)."""
    return check_shared("arcs", lang, lesson, speed, say, shots)


def check_fs(lang: str, lesson: str | None = None, speed: float = 0.0, say=print,
             shots: str | None = None) -> str:
    """Forbidden Stars' lesson, as :func:`check_arcs` plays Arcs'."""
    return check_shared("forbidden_stars", lang, lesson, speed, say, shots)


def check_shared(game: str, lang: str, lesson: str | None = None, speed: float = 0.0,
                 say=print, shots: str | None = None) -> str:
    """A game's lesson on the shared core (game.ui.lesson) from the menu's Learn to play
    (its column) to its last step and back out with Leave; "" when it passes, else what
    failed (lesson/step: why)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from dataclasses import replace

    import pygame

    from game.settings import Settings
    from game.ui.lesson.check import play_lesson
    from game.ui.lesson.driver import CheckFailed, Driver
    from game.ui.main import headless, make_app
    from game.ui.scenes.menu import MenuScene

    headless()
    if game == "arcs":
        # lazy: only the game whose lesson is checked loads
        from game.arcs.data import load_arcs_rules
        from game.arcs.lesson import load_script as arcs_script

        lessons = [x.id for x in arcs_script(load_arcs_rules())]
        prefix, wanted_steps = "arcs", ARCS_SHOTS
    else:
        # lazy: as above
        from game.forbidden_stars.data import load_fs_rules
        from game.forbidden_stars.lesson import load_script as fs_script

        lessons = [x.id for x in fs_script(load_fs_rules())]
        prefix, wanted_steps = "fs", FS_SHOTS
    if lesson is not None and lesson not in lessons:
        return f"unknown lesson {lesson!r} (known: {', '.join(lessons)})"
    app = make_app(size=(1280, 720), persist=False,
                   settings=replace(Settings(), language=lang, animation_speed=speed))
    driver = Driver(app)
    try:
        for lid in lessons if lesson is None else [lesson]:
            menu = app.push(MenuScene(app)) if not isinstance(app.top, MenuScene) else app.top
            driver.frames(3)
            driver.click(menu.button_rect(f"{game}:learn").center)
            table = app.top
            if getattr(table, "lesson", None) is None or table.lesson.id != lid:
                return f"{lid}: Learn to play did not open the lesson"
            wanted = {sid: os.path.join(shots, f"{prefix}-{lid}-{sid}-{lang}.png")
                      for sid in wanted_steps} if shots else None
            play_lesson(driver, table, lambda line: say(f"  {line}"), wanted)
            driver.frames(2)
            if table.box is not None:
                driver.click(table.box_buttons.buttons["leave"].rect.center)
            else:  # the lesson is over (free play): Esc leaves
                driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                                     mod=0, unicode="")])
                driver.frames(2)
            if app.top is not menu:
                return f"{lid}: Leave did not come back to the menu"
            say(f"{lid}: {len(table.lesson.steps)} steps OK ({lang})")
    except CheckFailed as exc:
        return str(exc)
    finally:
        app.close_sessions()
    return ""


def run(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.commands.common import load_db
    from game.saves_folder import scratch_saves

    load_db()  # broken rules/ is a data error (exit 2 with its lines), not a crash
    if args.shots:
        try:  # the folder asked for is made, as any output path would be
            os.makedirs(args.shots, exist_ok=True)
        except OSError as exc:
            print(f"tutorial check: cannot write screenshots to {args.shots}: {exc}",
                  file=sys.stderr)
            return 1
    with tempfile.TemporaryDirectory(prefix="starfold-tutorial-") as tmp, scratch_saves():
        # progress and settings: scratch too (the new name wins over the STAR_REALMS_ alias)
        before = os.environ.get("STARFOLD_CONFIG_DIR")
        os.environ["STARFOLD_CONFIG_DIR"] = tmp
        try:
            game = getattr(args, "game", "star_realms")
            if game == "arcs":
                problem = check_arcs(args.lang, args.lesson, args.speed, shots=args.shots)
            elif game == "forbidden_stars":
                problem = check_fs(args.lang, args.lesson, args.speed, shots=args.shots)
            else:
                problem = check(args.lang, args.lesson, args.speed, shots=args.shots)
        finally:  # a caller in the same process keeps its own settings folder
            if before is None:
                os.environ.pop("STARFOLD_CONFIG_DIR", None)
            else:
                os.environ["STARFOLD_CONFIG_DIR"] = before
    if problem:
        print(f"tutorial check failed: {problem}", file=sys.stderr)
        return 1
    print(f"tutorial check: all lessons pass ({args.lang})")
    return 0
