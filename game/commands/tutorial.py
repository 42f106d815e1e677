"""`python -m game tutorial --check [--lang en|ru] [--lesson ID]`: play every lesson of
Learn to play headless, from the main menu, through synthetic mouse input at the
highlighted targets (game.star_realms.ui.tutorial_check).  Exits 0 when every step
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


def run(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.commands.common import load_db
    from game.saves_folder import scratch_saves

    load_db()  # broken rules/ is a data error (exit 2 with its lines), not a crash
    with tempfile.TemporaryDirectory(prefix="star-realms-tutorial-") as tmp, scratch_saves():
        os.environ["STAR_REALMS_CONFIG_DIR"] = tmp  # progress and settings: scratch too
        problem = check(args.lang, args.lesson, args.speed, shots=args.shots)
    if problem:
        print(f"tutorial check failed: {problem}", file=sys.stderr)
        return 1
    print(f"tutorial check: all lessons pass ({args.lang})")
    return 0
