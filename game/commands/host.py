"""`python -m game host ...`: a game without a window, played from phones (Star Realms,
and with ``--game arcs`` or ``--game forbidden_stars`` the other two: their sessions
serve their phones themselves, game.ui.table_session).

Remote seats (``--seats remote,remote,normal``) join by the links (and QR codes) it
prints; bot seats play as in ``simulate``.  With no big screen, an Arcs or Forbidden
Stars phone also gets the public board as a picture, redrawn after every change
(:class:`BoardDrawer`).  It autosaves at the start of every turn like
the table, exits when the game ends (after a few seconds, so the phones show the result)
or on Ctrl+C, and resumes a save with ``--load`` (its human seats become remote).
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.commands.common import load_db, split_list
from game.ui.table_session import PHONE_PORT, AutosaveStatus

if TYPE_CHECKING:
    import pygame

    from game.remote import RemoteHost
    from game.star_realms.ui.session import Session
    from game.ui.table_session import TableSession

REMOTE = "remote"
TABLE_GAMES = ("arcs", "forbidden_stars")  # games on game.ui.table_session


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("host", help="serve a game to phones on the local network "
                                    "(no window)")
    # simulate's options that make a game
    s.add_argument("--game", choices=("star_realms", *TABLE_GAMES), default="star_realms",
                   help="which game (default star_realms)")
    s.add_argument("--sets", default="frontiers")
    s.add_argument("--seats", default="remote,normal",
                   help="'remote' (a phone) or a computer player per seat")
    s.add_argument("--format", default="duel")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--max-turns", type=int, default=1000,
                   help="stop after this many turns")
    s.add_argument("--adventure", default="",
                   help="an adventure id: the seats are the players, the boss is added")
    s.add_argument("--difficulty", default="veteran",
                   choices=("novice", "apprentice", "veteran", "expert"))
    s.add_argument("--missions", action="store_true",
                   help="Star Realms: United's missions, three secret missions each")
    s.add_argument("--gambits", action="store_true",
                   help="Star Realms: the Gambit set, two face-down gambits each")
    # hosting
    s.add_argument("--port", type=int, default=PHONE_PORT,
                   help=f"port to listen on (default {PHONE_PORT}; 0 = any free port)")
    s.add_argument("--bind", default="lan",
                   help="'lan' (default: this machine's LAN address), '0.0.0.0' (every "
                        "interface) or an address such as 127.0.0.1")
    s.add_argument("--names", default="",
                   help="players' names, comma-separated (default Player 1, Computer 2 … "
                        "in the settings' language)")
    s.add_argument("--ai-delay", type=float, default=0.55,
                   help="seconds between computer players' actions (default 0.55)")
    s.add_argument("--linger", type=float, default=5.0,
                   help="seconds to keep serving the final position (default 5)")
    s.add_argument("--load", default="", help="resume this save; its humans join by phone")
    s.add_argument("--no-qr", action="store_true", help="print the links without QR codes")
    s.set_defaults(func=run)


class HostLoop:
    """The game loop of the headless host: the only thread that touches the game."""

    def __init__(self, session: Session, remote: list[int], host: RemoteHost,
                 ai_delay: float = 0.55, max_turns: int = 1000,
                 say: Callable[[str], None] = print):
        self.session = session
        self.remote = remote
        self.host = host
        self.ai_delay = ai_delay
        self.max_turns = max_turns
        self.say = say
        self.saved_turn = -1
        self.autosave_status = AutosaveStatus()
        self.logged = 0
        self.connected: dict[int, bool] = {}
        self.clock = time.monotonic()

    def payloads(self) -> dict[int, dict[str, Any]]:
        # lazy: cli imports every command to build its parser; a command's work loads when it runs
        from game.star_realms.phone import phone_model

        s = self.session
        legal = s.legal()
        return {seat: phone_model(s.state, seat, legal, s.log) for seat in self.remote}

    def push(self) -> None:
        self.host.push(self.payloads())

    @property
    def done(self) -> bool:
        return self.session.over or self.session.state.turn > self.max_turns

    def step(self, wait: float = 0.05) -> bool:
        """Apply what phones sent (waiting up to ``wait`` s) and the bots' next move;
        push the new models if anything changed.  True while the game goes on."""
        s = self.session
        changed = False
        for move in self.host.poll(timeout=wait):
            action = None if self.done else s.find(move.action_id, move.seat)
            if action is None:
                self.host.reject(move.seat, move.action_id)
                continue
            s.apply(action)
            changed = True
        now = time.monotonic()
        dt, self.clock = now - self.clock, now
        if not self.done:
            speed = 0.0 if self.ai_delay <= 0 else 0.55 / self.ai_delay
            action = s.ai_ready(dt, speed, busy=False)
            if action is not None:
                s.apply(action)
                changed = True
        if changed:
            self.push()
        self.after_change()
        return not self.done

    def after_change(self) -> None:
        """Autosave when a turn begins and when the game ends; report to the console."""
        s = self.session
        turn = s.state.turn
        if turn != self.saved_turn and (not s.over or self.saved_turn != -2):
            self.autosave_status.record(s.autosave())
            self.saved_turn = -2 if s.over else turn
        news = self.autosave_status.news("en")  # once per run of failed autosaves
        if news:
            self.say(news)
        for line in s.log[self.logged:]:
            self.say(line.render(s.state, "en"))
        self.logged = len(s.log)
        for news_line in connection_news(self.connected, self.host.status()):
            self.say(news_line)

    def run(self, stop: threading.Event | None = None, linger: float = 0.0) -> None:
        self.push()
        self.after_change()
        while self.step() and not (stop is not None and stop.is_set()):
            pass
        end = time.monotonic() + linger
        while time.monotonic() < end and not (stop is not None and stop.is_set()):
            for move in self.host.poll(timeout=0.1):  # the game is over: nothing is legal
                self.host.reject(move.seat, move.action_id)


def connection_news(known: dict[int, bool], status: dict[int, Any]) -> list[str]:
    """"<name> joined" / "<name> left" for each phone seat whose connection changed since
    ``known`` (updated in place).  A seat starts as not connected, so a phone that has not
    joined yet is never reported as having left."""
    out = []
    for seat, st in status.items():
        if known.get(seat, False) != st.connected:
            known[seat] = st.connected
            out.append(f"{st.name} {'joined' if st.connected else 'left'}")
    return out


def host_language() -> str:
    """The language the host names its default seats in: the settings' (as the desktop
    would start in), else the system's."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game import i18n
    from game.settings import load_settings

    return load_settings()[0].language or i18n.system_language()


def default_seat_names(kinds: Sequence[str], lang: str | None = None) -> tuple[str, ...]:
    """The seats' names when --names gives none, in the desktop setups' words (a phone:
    "Player 2" / «Игрок 2»; a computer: "Computer 3" / «Компьютер 3»)."""
    from game import i18n  # lazy: as above, the host's start-up loads no UI words early

    lang = lang or host_language()
    return tuple(i18n.t("setup.seat_n", lang, n=i + 1) if kind == REMOTE
                 else f"{i18n.t('setup.default_ai', lang)} {i + 1}"
                 for i, kind in enumerate(kinds))


def seat_names(raw: str, seats: int) -> list[str] | str:
    """``--names``: one per seat (none: the defaults), bidi controls removed; or what
    is wrong with them."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.save_files import NAME_MAX, seat_name

    names = split_list(raw)
    if names and len(names) != seats:
        return f"--names gives {len(names)} names for {seats} seats"
    clean = [seat_name(n) for n in names]
    for i, name in enumerate(clean):
        if name is None:
            return (f"--names: name {i + 1} is not a name (1-{NAME_MAX} characters, "
                    "at least one that shows)")
    return [name.strip() for name in clean if name is not None]


def make_session(args: argparse.Namespace) -> tuple[Session, list[int]] | str:
    """The session and its remote seats, or what is wrong with the options."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.ai.base import make_player
    from game.star_realms.engine.formats import get_format
    from game.star_realms.engine.setup import SetupError
    from game.star_realms.saves import SaveError, load_with_uid
    from game.star_realms.ui.session import HUMAN, GameSetup, SeatSetup, Session

    db = load_db()
    if args.load:
        try:
            state, uid = load_with_uid(db, Path(args.load))
        except (OSError, SaveError) as exc:
            return f"cannot load {args.load}: {exc}"
        session = Session.resume(db, state)
        session.uid = uid  # its autosaves go on as points of the same game
        remote = session.humans
        return (session, remote) if remote else f"{args.load} has no human seat to host"
    kinds = split_list(args.seats)
    if REMOTE not in kinds:
        return "no remote seat: use --seats remote,… (or `simulate` for bots only)"
    names = seat_names(args.names, len(kinds))
    if isinstance(names, str):
        return names
    options: tuple = ()
    if args.adventure:
        if args.adventure not in db.adventures:
            return f"unknown adventure {args.adventure!r} (known: {', '.join(db.adventures)})"
        args.format = args.adventure
        options = (("difficulty", args.difficulty),)
    options += tuple((flag, True) for flag in ("missions", "gambits")
                     if getattr(args, flag, False))
    try:
        for kind in kinds:
            if kind != REMOTE:
                make_player(kind, 0)
        get_format(args.format, db, options)
    except ValueError as exc:
        return str(exc)
    named = names or default_seat_names(kinds)
    seats = [SeatSetup(named[i], HUMAN if k == REMOTE else k) for i, k in enumerate(kinds)]
    if args.adventure:
        seats.append(SeatSetup("Boss", "boss"))
    setup = GameSetup(sets=tuple(split_list(args.sets)), seats=seats, format=args.format,
                      seed=args.seed, options=options)
    try:
        session = Session.start(db, setup)
    except SetupError as exc:
        return str(exc)
    return session, [i for i, k in enumerate(kinds) if k == REMOTE]


class TableHostLoop:
    """The headless host's loop for a game on ``game.ui.table_session`` (Arcs, Forbidden
    Stars): the phones' moves and the bots' through the session, which autosaves after
    every completed turn and pushes the phones their payloads itself."""

    def __init__(self, session: TableSession, say: Callable[[str], None] = print,
                 board: BoardDrawer | None = None):
        self.session = session
        self.say = say
        self.board = board  # the phones' picture of the board (None: none is drawn)
        self.clock = time.monotonic()
        self.told: tuple[int, int] | None = None
        self.connected: dict[int, bool] = {}

    def step(self, wait: float = 0.05) -> bool:
        """Apply what phones sent and let a bot act; True while the game goes on."""
        s = self.session
        moved = bool(s.take_remote())
        now = time.monotonic()
        dt, self.clock = now - self.clock, now
        if not s.over and s.step_bots(dt):
            moved = True
        if self.board is not None:
            try:
                self.board.update()
            except Exception as exc:  # a renderer's bug: the phones keep their lists
                self.say(f"no more board pictures: {type(exc).__name__}: {exc}")
                self.board.close()
                self.board = None
        if not moved:
            time.sleep(wait)
        self.report()
        return not s.over

    def report(self) -> None:
        s = self.session
        news = s.autosave_status.news("en")  # once per run of failed autosaves
        if news:
            self.say(news)
        if not s.over and self.told != (s.acting, len(s.state.log or ())):
            if self.told is None or self.told[0] != s.acting:
                self.say(f"to act: {s.names[s.acting]}")
            self.told = (s.acting, len(s.state.log or ()))
        for line in connection_news(self.connected, s.remote_status()):
            self.say(line)

    def run(self, stop: threading.Event | None = None, linger: float = 0.0) -> None:
        try:
            while self.step() and not (stop is not None and stop.is_set()):
                pass
            end = time.monotonic() + linger
            while time.monotonic() < end and not (stop is not None and stop.is_set()):
                self.session.take_remote()  # the game is over: every move is refused
                time.sleep(0.1)
        finally:
            if self.board is not None:
                self.board.close()


class BoardDrawer:
    """The public board of a hosted Arcs or Forbidden Stars game as the phones' picture
    (issue 37 item 14, issue 38 item 16): after every change (``session.changes``) the
    game's ``board_surface`` draws the PUBLIC player view, in every language, into
    :class:`game.ui.board_picture.BoardPictures`, which hands the PNGs to the session's
    server.  Only the host loop's thread calls :meth:`update`."""

    def __init__(self, session: TableSession, game: str, background: bool = True):
        # no window: SDL's dummy drivers are enough to draw offscreen (and need no display);
        # and SDL must not take over Ctrl+C (it would turn it into a quit event nobody
        # reads here, and the host would never stop)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
        # lazy: cli imports every command to build its parser; a command's work loads when it runs
        import pygame

        from game.ui.board_picture import BoardPictures

        ctrl_c = signal.getsignal(signal.SIGINT)
        pygame.init()  # the fonts the renderers use
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, ctrl_c)  # Ctrl+C stays the host's (SDL took it)
        self.surface_of: Callable[..., pygame.Surface]
        if game == "arcs":
            # lazy: only the hosted game's package loads
            from game.arcs.ui.phone import board_surface as arcs_surface

            self.surface_of = arcs_surface
        else:
            # lazy: only the hosted game's package loads
            from game.forbidden_stars.ui.phone import board_surface as fs_surface

            self.surface_of = fs_surface
        self.session = session
        self.drawn = -1  # the session's ``changes`` of the last picture
        self.pictures = BoardPictures(self.publish, background=background)

    def publish(self, version: int, pictures: Any) -> None:
        host = self.session.host
        if host is not None:
            host.set_board(version, pictures)

    def update(self) -> bool:
        """Draw the board if the game moved since the last picture; True if it drew."""
        # lazy: the shell's constant, with the module that needs it
        from game.ui.log_panel import PUBLIC

        s = self.session
        if self.drawn == s.changes:
            return False
        self.drawn = s.changes
        view = s.engine.player_view(s.state, PUBLIC)  # no seat's secret in the picture
        acting, names = s.acting, list(s.names)
        return self.pictures.update(s.changes, lambda lang: self.surface_of(
            view, acting, names, lang))

    def close(self) -> None:
        self.pictures.close()


def board_drawer(session: TableSession, game: str) -> BoardDrawer | None:
    """The board picture of the hosted game, or None (said once) when pygame cannot
    draw here: the phones then play from their lists, as before."""
    try:
        return BoardDrawer(session, game)
    except Exception as exc:  # a missing picture must not stop the game
        print(f"no board picture for the phones: {exc}", file=sys.stderr)
        return None


def make_table_session(args: argparse.Namespace) -> TableSession | str:
    """An Arcs or Forbidden Stars session for the host (its remote seats not yet
    served), or what is wrong with the options."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from dataclasses import replace

    from game.ui.table_session import HUMAN

    if args.game == "arcs":
        # lazy: only the hosted game's package loads
        from game.arcs.saves import LEVELS
        from game.arcs.saves import SaveError as ArcsSaveError
        from game.arcs.ui.session import ArcsSession, ArcsSetup

        save_error: type[Exception] = ArcsSaveError

        session_class: Any = ArcsSession
    else:
        # lazy: only the hosted game's package loads
        from game.forbidden_stars.ai.base import LEVELS
        from game.forbidden_stars.saves import SaveError as FsSaveError
        from game.forbidden_stars.ui.session import FsSession, FsSetup

        save_error = FsSaveError

        session_class = FsSession
    delay = max(0.0, args.ai_delay)
    if args.load:
        try:
            session = session_class.from_save(Path(args.load), bot_delay=delay)
        except (OSError, save_error) as exc:
            return f"cannot load {args.load}: {exc}"
        seats = tuple(REMOTE if k == HUMAN else k for k in session.setup.seats)
        if REMOTE not in seats:
            session.close()
            return f"{args.load} has no human seat to host"
        session.setup = replace(session.setup, seats=seats)
        return session
    kinds = tuple(split_list(args.seats))
    if REMOTE not in kinds:
        return "no remote seat: use --seats remote,… (or `simulate` for bots only)"
    if not 2 <= len(kinds) <= 4:
        return f"{args.game} is played by 2 to 4 seats, not {len(kinds)}"
    wrong = [k for k in kinds if k != REMOTE and k not in LEVELS]
    if wrong:
        return f"unknown seat kind {wrong[0]!r} (known: remote, {', '.join(LEVELS)})"
    given = seat_names(args.names, len(kinds))
    if isinstance(given, str):
        return given
    names = tuple(given) or default_seat_names(kinds)
    setup = (ArcsSetup(kinds, names, args.seed) if args.game == "arcs"
             else FsSetup(kinds, names, seed=args.seed))
    return session_class(setup, bot_delay=delay)


def announce(urls: dict[int, str], names: Any, no_qr: bool) -> None:
    """Print each seat's link (and its QR code) for the players to open."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.remote import qr_text

    for seat, url in urls.items():
        print(f"{names[seat]} (seat {seat + 1}): {url}", flush=True)
        if not no_qr:
            print(qr_text(url), flush=True)
    print("Phones on the same Wi-Fi: scan a code or open its link. Ctrl+C stops.",
          flush=True)


def run_table(args: argparse.Namespace) -> int:
    """``host --game arcs|forbidden_stars``."""
    made = make_table_session(args)
    if isinstance(made, str):
        print(made, file=sys.stderr)
        return 2
    session = made
    try:
        if not session.open_remote(args.bind, args.port):
            key, params = session.remote_problem or ("remote.no_network", {})
            print(f"cannot listen on {args.bind}:{args.port}: {params.get('why', key)}",
                  file=sys.stderr)
            return 2
        # the board's drawer first: it starts pygame, whose SDL takes Ctrl+C until the
        # drawer gives it back, so a Ctrl+C right after the links are printed (a player,
        # or the tests under load) must not land in that window and be lost
        board = board_drawer(session, args.game)
        announce(session.remote_urls(), session.names, args.no_qr)
        TableHostLoop(session, say=lambda text: print(text, flush=True),
                      board=board).run(stop=STOPPING, linger=args.linger)
        if STOPPING.is_set():
            raise KeyboardInterrupt  # (the first one was dropped: see on_ctrl_c)
        winners = [session.names[w] for w in session.engine.winners(session.state)]
        print("game over: " + (", ".join(winners) or "no winner"), flush=True)
        return 0
    except KeyboardInterrupt:
        session.autosave()
        print("stopped (autosaved)", file=sys.stderr)
        return 130
    finally:
        session.close()


STOP_GRACE = 15.0  # seconds a stop (Ctrl+C) may take before the host is ended anyway
STOPPING = threading.Event()  # Ctrl+C was pressed (see on_ctrl_c)
WATCHDOGS: list[threading.Timer] = []  # started by on_ctrl_c (tests cancel theirs)


def on_ctrl_c(signum: int, frame: Any) -> None:
    """Ctrl+C: the host autosaves and closes as usual (KeyboardInterrupt).  Python drops
    a KeyboardInterrupt raised inside a weakref callback or a ``__del__`` ("Exception
    ignored in …"), and CI saw hosts that then never stopped: so the loops also read
    :data:`STOPPING` between steps and raise it again, and a watchdog ends the process
    if stopping has not finished in :data:`STOP_GRACE` (printing every thread's stack)."""
    STOPPING.set()
    def force() -> None:
        print(f"stopping took over {STOP_GRACE:.0f} s: ended", file=sys.stderr, flush=True)
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        os._exit(130)

    watchdog = threading.Timer(STOP_GRACE, force)
    watchdog.daemon = True
    watchdog.start()
    WATCHDOGS.append(watchdog)
    raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    if threading.current_thread() is not threading.main_thread():
        return _run(args)  # (signals reach only the main thread)
    STOPPING.clear()
    previous = signal.signal(signal.SIGINT, on_ctrl_c)
    try:
        return _run(args)
    finally:
        signal.signal(signal.SIGINT, previous)


def _run(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.remote import RemoteHost

    if args.game in TABLE_GAMES:
        return run_table(args)

    made = make_session(args)
    if isinstance(made, str):
        print(made, file=sys.stderr)
        return 2
    session, remote = made
    try:
        host = RemoteHost({s: session.name(s) for s in remote}, bind=args.bind,
                          port=args.port)
    except OSError as exc:
        session.close()
        print(f"cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    try:
        announce(host.urls(), {s: session.name(s) for s in remote}, args.no_qr)
        loop = HostLoop(session, remote, host, args.ai_delay, args.max_turns,
                        say=lambda text: print(text, flush=True))
        loop.run(stop=STOPPING, linger=args.linger)
        if STOPPING.is_set():
            raise KeyboardInterrupt  # (the first one was dropped: see on_ctrl_c)
        winners = session.state.winners or ()
        print("game over: " + (", ".join(session.name(w) for w in winners) or "no winner")
              if session.over else f"stopped at turn {session.state.turn}", flush=True)
        return 0
    except KeyboardInterrupt:
        session.autosave()
        print("stopped (autosaved)", file=sys.stderr)
        return 130
    finally:
        host.close()
        session.close()
