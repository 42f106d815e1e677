"""`python -m game screenshot --scene table --seed 7 --out table.png [--size 1920x1080]`;
`--format hydra2 --mate-plays 2 --hover trade --card-size huge --text-size huge --crop turn`
pick the picture (a teammate's own plays, a pool's tooltip, the size settings, a part of
the table); `--game arcs --players 3` renders Arcs' table (seat 0's view of a seeded bot game);
`--game arcs --scene battle|dice|court|scoring|leaders_draft|leaders_round_after|
battle_assigned|court_card_zoom|guild_card_in_player_area|log|table_layout|play|game_over|
setup|lesson` the table scene at that moment of a seeded bot game, the setup or the lesson
(game.arcs.ui.shots; docs/screenshots/arcs/README.md); `--game
forbidden_stars --scene table|planning|combat|end --players 4` Forbidden Stars' table
scene at that moment of a seeded bot game, from seat 0's view
(game.forbidden_stars.ui.shots)."""

from __future__ import annotations

import argparse
import sys

from game.commands.common import split_list

SIZE_NAMES = ("small", "normal", "large", "huge")  # game.settings.TABLE_SIZES, in order
CROP_ZONES = ("turn", "seats", "pools", "hand", "log")  # Star Realms layout zones
ARCS_MOMENTS = ("battle", "dice", "court", "scoring", "leaders_draft",
                "leaders_round_after", "battle_assigned", "court_card_zoom",
                "guild_card_in_player_area", "log", "table_layout", "play", "game_over",
                "lesson", "setup")  # game.arcs.ui.shots.SCENES
SHARED_SCENES = ("menu", "setup", "table")  # a name Star Realms has too
FS_MOMENTS = ("planning", "combat", "result", "end", "stack", "deploy", "upgrade",
              "log")  # with "table": game.forbidden_stars.ui.shots.SCENES


def parse_size(value: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in value.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, not {value!r}") from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"size {value} is out of range")
    return w, h


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("screenshot", help="render a scene to a PNG without a window")
    p.add_argument("--game", choices=("star_realms", "arcs", "forbidden_stars"),
                   default="star_realms")
    p.add_argument("--scene", choices=tuple(dict.fromkeys((*SHARED_SCENES, *ARCS_MOMENTS,
                                                            *FS_MOMENTS))),
                   default="table", help=f"{', '.join(ARCS_MOMENTS)}: Arcs "
                                         "(setup: Star Realms' without --game arcs); "
                                         f"{', '.join(FS_MOMENTS)}: Forbidden Stars only")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--size", type=parse_size, default=(1920, 1080))
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.add_argument("--format", default="duel", help="for --scene table: the game format")
    p.add_argument("--missions", action="store_true",
                   help="for --scene table: a game with United's missions")
    p.add_argument("--gambits", action="store_true",
                   help="for --scene table: a game with the Gambit set")
    p.add_argument("--turns", type=int, default=0,
                   help="for --scene table: stop in seat 1's turn from this turn on "
                        "(default: after about three turns each)")
    p.add_argument("--sets", default="",
                   help="for --scene table: card sets, comma separated (default: Frontiers "
                        "and Colony Wars; Frontiers for an adventure)")
    p.add_argument("--card-size", choices=SIZE_NAMES, default="normal",
                   help="for --scene table: the Card size setting")
    p.add_argument("--text-size", choices=SIZE_NAMES, default="normal",
                   help="for --scene table: the Text size setting")
    p.add_argument("--mate-plays", type=int, default=0,
                   help="for --scene table in Hydra: the computer teammates then make this "
                        "many moves of their own (the log names them)")
    p.add_argument("--hover", choices=("trade", "combat"), default=None,
                   help="for --scene table: the pointer rests on this pool (its tooltip)")
    p.add_argument("--crop", choices=CROP_ZONES, default=None,
                   help="for --scene table: save only this part of the table (turn: the "
                        "turn marker)")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=3,
                   help="for --game arcs and forbidden_stars: the number of players")
    p.add_argument("--out", required=True)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.game == "arcs":
        return run_arcs(args)
    if args.game == "forbidden_stars":
        return run_forbidden_stars(args)
    if args.scene not in SHARED_SCENES and (args.scene in ARCS_MOMENTS
                                            or args.scene in FS_MOMENTS):
        game = "arcs" if args.scene in ARCS_MOMENTS else "forbidden_stars"
        print(f"--scene {args.scene} is not a Star Realms scene (add --game {game})",
              file=sys.stderr)
        return 2
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.saves_folder import scratch_saves
    from game.settings import TABLE_SIZES
    from game.star_realms.data import load_rules
    from game.star_realms.engine.formats import FORMATS
    from game.star_realms.ui.screens import Look, screenshot

    if args.format not in FORMATS and args.format not in load_rules().adventures:
        print(f"unknown format or adventure {args.format!r}", file=sys.stderr)
        return 2
    with scratch_saves():  # a picture, not a player's game: no autosave left behind
        sets = tuple(split_list(args.sets)) or None
        unknown = [sid for sid in sets or () if sid not in load_rules().sets]
        if unknown:
            print(f"unknown card set {unknown[0]!r}", file=sys.stderr)
            return 2
        look = Look(TABLE_SIZES[SIZE_NAMES.index(args.card_size)],
                    TABLE_SIZES[SIZE_NAMES.index(args.text_size)], args.hover or "",
                    args.crop or "")
        screenshot(args.scene, args.size, args.seed, args.out, args.lang, args.format, sets,
                   (("missions", True),) * args.missions + (("gambits", True),) * args.gambits,
                   max(0, args.turns), max(0, args.mate_plays), look)
    part = f", cut to {args.crop}" if args.crop else ""
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]}, {args.scene}{part})",
          file=sys.stderr)
    return 0


def run_arcs(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.arcs.ui.screens import screenshot
    from game.saves_folder import scratch_saves

    if args.scene in ARCS_MOMENTS:
        # lazy: the table scene and its moments load only for these scenes
        from game.arcs.ui.shots import shoot

        with scratch_saves():
            shoot(args.scene, args.size, args.seed, args.out, args.lang, args.players)
        print(f"wrote {args.out} ({args.size[0]}x{args.size[1]}, arcs {args.scene}, "
              f"{args.players} players)", file=sys.stderr)
        return 0
    if args.scene != "table":
        print(f"Arcs has only the table to render, not --scene {args.scene}", file=sys.stderr)
        return 2
    with scratch_saves():  # a picture, not a player's game: no autosave left behind
        screenshot(args.scene, args.size, args.seed, args.out, args.lang, args.players)
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]}, arcs {args.scene}, "
          f"{args.players} players)", file=sys.stderr)
    return 0


def run_forbidden_stars(args: argparse.Namespace) -> int:
    if args.scene not in ("table", *FS_MOMENTS):
        print(f"Forbidden Stars renders --scene table, {', '.join(FS_MOMENTS)}, "
              f"not {args.scene}", file=sys.stderr)
        return 2
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.forbidden_stars.ui.shots import shoot
    from game.saves_folder import scratch_saves

    with scratch_saves():  # a picture, not a player's game: no autosave left behind
        shoot(args.scene, args.size, args.seed, args.out, args.lang, args.players)
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]}, forbidden_stars {args.scene}, "
          f"{args.players} players)", file=sys.stderr)
    return 0
