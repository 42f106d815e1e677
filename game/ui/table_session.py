"""One game at a table, for a game whose engine has the usual shape (Arcs, Forbidden
Stars): the real state, who controls each seat, the bots, undo and saving.

A game's session subclasses :class:`TableSession` and names its engine in
:class:`SessionEngine` (legal actions, the one reducer, player views, the acting seat,
undo's ``previous``/``refusal``/``turn_ended``) and its ``save``.

The table scene calls :meth:`TableSession.step_bots` each frame; a computer seat's
choice is made here after a short visible pause.  The quick levels choose on the UI
thread; the levels in ``threaded`` (hundreds of milliseconds) choose in a worker thread
on their seat's player view — a separate object: the worker never touches the real
state — and the UI thread applies the choice once it is ready and the pause is over, if
the game is still where it was when the bot began (:class:`Thought`): a result for a
game that moved on (undo, a closed session) is dropped.  Humans choose among the legal
actions only: :meth:`choose` refuses anything else.  An autosave follows every completed
turn; a human takes back their own actions of the current turn, back to the last reveal.

Seats played from phones (:data:`REMOTE`, docs/remote.md): the session owns their server
(:meth:`TableSession.open_remote`), pushes each remote seat its phone payload
(:meth:`TableSession.phone_payload`, the game's) after every change, and applies the
moves phones send (:meth:`TableSession.take_remote`), each named by the position it was
offered at (:func:`remote_id`): a move for a position the game has left is refused.  The
big screen never gets a remote seat's hand: :meth:`TableSession.view` of a remote seat is
the public view.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import i18n
from game.save_files import new_game_uid
from game.ui.log_panel import PUBLIC, LogLine, MoveLog

if TYPE_CHECKING:
    from game.remote import RemoteHost, SeatStatus

HUMAN = "human"
REMOTE = "remote"  # a person playing from a phone on the LAN (never a computer player)
PHONE_PORT = 8765  # the table's server port (docs/remote.md)
PHONE_LOG = 30  # the last lines of the move log a phone lists
BOT_DELAY = 0.45  # seconds a computer seat "thinks" before its action shows
CLOSE_WAIT = 0.5  # seconds close() waits for a worker to stop before abandoning it


@dataclass(frozen=True)
class SessionEngine:
    """The engine functions a session needs (each game's own)."""

    legal_actions: Callable[[Any], list]
    apply: Callable[[Any, Any], None]
    player_view: Callable[[Any, int], Any]
    acting_seat: Callable[[Any], int]
    is_over: Callable[[Any], bool]
    previous: Callable[[Any], Any]  # the game before its last action, replayed
    refusal: Callable[[Any, Any, int], str]  # why that action cannot be undone ("": it can)
    turn_ended: Callable[[Any, int], bool]
    winners: Callable[[Any], list[int]] = lambda state: []  # the seats that won, once over


def remote_id(changes: int, index: int) -> str:
    """A phone's id of the ``index``-th legal action of the position after ``changes``
    changes: a move sent for an older position never meets a newer one."""
    return f"act:c{changes}:i{index}"


def parse_remote_id(ident: str) -> tuple[int, int] | None:
    """(changes, index) of a :func:`remote_id`, or None for anything else."""
    parts = ident.split(":")
    if len(parts) != 3 or parts[0] != "act" or parts[1][:1] != "c" or parts[2][:1] != "i":
        return None
    changes, index = parts[1][1:], parts[2][1:]
    if not (changes.isdigit() and index.isdigit()) or len(changes) > 9 or len(index) > 6:
        return None
    return int(changes), int(index)


Problem = tuple[str, dict[str, object]]  # why phones cannot join: (i18n key, params)


def start_host(seats: Mapping[int, str], bind: str, port: int,
               **options: Any) -> tuple[RemoteHost | None, Problem | None]:
    """The phones' server for these seats (seat → name), or why it cannot listen: no
    local network (``lan`` finds only loopback) or the port cannot be bound."""
    # lazy: aiohttp and the server load only for a game with remote seats
    from game.remote import RemoteHost, lan_address

    if bind in ("", "lan") and lan_address().startswith("127."):
        return None, ("remote.no_network", {})
    try:
        return RemoteHost(seats, bind=bind, port=port, **options), None
    except OSError as exc:
        return None, ("remote.cannot_listen", {"port": port, "why": exc.strerror or str(exc)})


class AutosaveStatus:
    """Failed autosaves as a table or a host tells of them: the reason in words once
    when saving starts failing (not every turn), and ``failing`` — a marker's cue —
    until a save succeeds.  One wording for every game (i18n ``autosave.failed``)."""

    def __init__(self) -> None:
        self.error = ""  # why the last autosave failed ("" when it did not)
        self._told = True

    def record(self, why: str) -> None:
        """The outcome of an autosave: "" when it was written, else why not."""
        if why and not self.error:
            self._told = False  # a new run of failures: say so once
        self.error = why

    @property
    def failing(self) -> bool:
        return bool(self.error)

    def news(self, lang: str | None = None) -> str:
        """The words of a new run of failures, once; "" otherwise."""
        if self._told or not self.error:
            return ""
        self._told = True
        return i18n.t("autosave.failed", lang=lang, why=self.error)


def os_reason(exc: OSError) -> str:
    """An OSError in a player's words: the system's reason without errno and path."""
    return exc.strerror or str(exc)


def make_bots(seats: Sequence[str], seed: int,
              make_player: Callable[[str, int], Any]) -> dict[int, Any]:
    """The computer players of a setup's seats (not people here, not phones), each
    seeded from the game's seed and its seat."""
    return {i: make_player(kind, seed * 10 + i) for i, kind in enumerate(seats)
            if kind not in (HUMAN, REMOTE)}


def set_stop(bot: Any, stop: bool) -> None:
    """Tell a bot that can give up a search (it has a ``stop`` flag) to, or not to."""
    if isinstance(getattr(bot, "stop", None), bool):
        bot.stop = stop


class Thought:
    """A computer seat's choice being made in a worker thread for one position of the
    game (``key``: the session's count of changes and the seat).  The worker sees only
    the view and the legal list it was given; it leaves the action or the error here."""

    def __init__(self, bot: Any, view: Any, legal: list, key: tuple[int, int],
                 name: str = "bot") -> None:
        self.bot = bot
        self.key = key
        self.action: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(view, legal), daemon=True,
                                       name=f"{name}-{key[1]}")
        self.thread.start()

    def _run(self, view: Any, legal: list) -> None:
        try:
            self.action = self.bot.choose(view, legal)
        except BaseException as exc:  # handed to the UI thread, which raises it
            self.error = exc

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()

    def stop(self) -> None:
        """Ask the bot to give up (a search bot checks between rollouts)."""
        set_stop(self.bot, True)


class TableSession:
    engine: SessionEngine
    threaded: Collection[str] = frozenset({"hard"})  # levels choosing in a worker thread
    thread_name = "bot"

    def __init__(self, setup: Any, state: Any, bots: dict[int, Any],
                 bot_delay: float = BOT_DELAY, autosave: bool = True) -> None:
        """``setup`` has ``seats`` (HUMAN or a bot level each) and ``names``."""
        self.setup = setup
        self.state = state
        self.bots = bots
        self.bot_delay = bot_delay
        self.wait = bot_delay
        self.last: tuple[int, Any] | None = None
        self.closed = False
        self.source: Path | None = None  # the save this game was opened from, if any
        self.autosaves = autosave
        self.autosave_status = AutosaveStatus()
        # which game in progress this is: every save of it carries this (docs/saves.md)
        self.uid = new_game_uid()
        # the game before its last action, while it is known (log length, state)
        self._before: tuple[int, Any] | None = None
        self.changes = 0  # actions applied and taken back: a worker's result is for one
        self.thought: Thought | None = None  # a worker thread's choice, while there is one
        # The phones' server (open_remote), or why it could not start: (i18n key, params).
        self.host: RemoteHost | None = None
        self.remote_problem: Problem | None = None
        self.played_here: set[int] = set()  # remote seats played at this screen instead
        self._move_log: MoveLog | None = None  # the game in words, made when first read

    def sat_down(self, path: Path, uid: str = "") -> None:
        """This game was opened from the save at ``path``, a point of game ``uid``."""
        self.source = Path(path)
        self.uid = uid or self.uid
        log = self.state.log or []
        self.last = (log[-1].seat, log[-1]) if log else None

    # ------------------------------------------------------------ queries

    @property
    def names(self) -> Sequence[str]:
        return self.setup.names

    @property
    def over(self) -> bool:
        return self.engine.is_over(self.state)

    @property
    def acting(self) -> int:
        return self.engine.acting_seat(self.state)

    def is_human(self, seat: int) -> bool:
        """A person plays this seat at this screen (not a computer, not a phone)."""
        if not 0 <= seat < len(self.setup.seats):
            return False
        kind = self.setup.seats[seat]
        return kind == HUMAN or (kind == REMOTE and seat in self.played_here)

    @property
    def humans(self) -> list[int]:
        """The seats people play at this screen."""
        return [i for i in range(len(self.setup.seats)) if self.is_human(i)]

    def is_remote(self, seat: int) -> bool:
        """A person plays this seat from a phone (its server is open or opening)."""
        return (0 <= seat < len(self.setup.seats) and self.setup.seats[seat] == REMOTE
                and seat not in self.played_here)

    @property
    def remote(self) -> list[int]:
        return [i for i in range(len(self.setup.seats)) if self.is_remote(i)]

    @property
    def screen_seat(self) -> int:
        """Whose side the big screen shows first: the first person at it; with nobody
        here the first phone seat (whose view here is the public one); else seat 0."""
        here = self.humans or self.remote
        return here[0] if here else 0

    def view(self, seat: int) -> Any:
        """``seat``'s player view; a phone's seat gets the public one (its hand is on the
        phone, never on the big screen)."""
        return self.engine.player_view(self.state, PUBLIC if self.is_remote(seat) else seat)

    def legal(self) -> list:
        return self.engine.legal_actions(self.state)

    def new_move_log(self) -> MoveLog:
        """The game's :class:`MoveLog` (its start, reducer and wording: the game's)."""
        raise NotImplementedError

    @property
    def move_book(self) -> MoveLog:
        """The game's :class:`MoveLog`, up with the game as it stands."""
        if self._move_log is None:
            self._move_log = self.new_move_log()
        self._move_log.sync(self.state.log or ())
        return self._move_log

    def move_log(self, viewer: int, lang: str) -> list[LogLine]:
        """The game's log as ``viewer`` (a seat, or :data:`PUBLIC`) may read it, in
        ``lang``: the table's panel and the phones read these same lines."""
        return self.move_book.lines(viewer, lang)

    # ------------------------------------------------------------ changes

    def choose(self, action: Any) -> None:
        """A human's choice: one of the legal actions of the acting seat."""
        if action not in self.legal():
            raise ValueError(f"{action} is not legal now")
        self._apply(action)

    def _apply(self, action: Any) -> None:
        before = self.state.clone()  # a clone costs far less than a replay for undo
        self.engine.apply(self.state, action)
        self.changes += 1
        self._before = (len(self.state.log or ()), before)
        self.last = (action.seat, action)
        self.wait = self.bot_delay
        if self.autosaves and self.engine.turn_ended(self.state, action.seat):
            self.autosave()
        self.push_remote()

    def step_bots(self, dt: float) -> bool:
        """Let a computer seat act once its pause is over; True if one did.  A threaded
        level thinks in a worker thread: this never waits for it."""
        t = self.thought
        if t is not None and t.key != (self.changes, self.acting):
            t.stop()  # the game moved on (whoever acts now): its search is wasted
        if self.closed or self.over or self.setup.seats[self.acting] in (HUMAN, REMOTE):
            return False
        self.wait -= dt
        seat = self.acting
        if self.setup.seats[seat] in self.threaded:
            return self._step_threaded(seat)
        if self.wait > 0:
            return False
        legal = self.legal()
        self._apply_bot(seat, self.bots[seat].choose(self.view(seat), legal), legal)
        return True

    @property
    def thinking(self) -> bool:
        """A worker thread is choosing for the seat to act in the game as it stands."""
        t = self.thought
        return t is not None and not t.done and t.key == (self.changes, self.acting)

    def _step_threaded(self, seat: int) -> bool:
        key = (self.changes, seat)
        t = self.thought
        if t is not None and t.key != key:  # the game moved on: its result is stale
            if not t.done:
                t.stop()
                return False  # the bot is still busy with it: start anew once it ends
            self.thought = t = None
        if t is None:  # begin thinking now: the pause runs meanwhile
            bot = self.bots[seat]
            set_stop(bot, False)
            self.thought = Thought(bot, self.view(seat), self.legal(), key,
                                   self.thread_name)
            return False
        if self.wait > 0 or not t.done:
            return False
        self.thought = None
        if t.error is not None:
            raise t.error
        self._apply_bot(seat, t.action, self.legal())
        return True

    def _apply_bot(self, seat: int, action: Any, legal: list) -> None:
        if action not in legal:
            raise RuntimeError(f"the {self.setup.seats[seat]} bot at seat {seat} chose "
                               f"{action}, not a legal action")
        self._apply(action)

    # ------------------------------------------------------------ undo

    def _previous(self) -> Any:
        """The game before its last action: kept from applying it, else replayed."""
        n = len(self.state.log or ())
        if self._before is None or self._before[0] != n:
            self._before = (n, self.engine.previous(self.state))
        return self._before[1]

    def can_undo(self) -> bool:
        """The human whose turn it is may take back their last action: one of this turn
        that revealed nothing (the game's engine/undo.py)."""
        log = self.state.log
        if self.closed or self.over or not log:
            return False
        seat = log[-1].seat
        if not self.is_human(seat) or self.engine.turn_ended(self.state, seat):
            return False  # decided without replaying
        return self.engine.refusal(self._previous(), self.state, seat) == ""

    def undo(self) -> bool:
        """Take back the last action if :meth:`can_undo`; True if it was."""
        if not self.can_undo():
            return False
        self.state = self._previous()
        self.changes += 1
        self._before = None  # that state is the game now; the one before is not known
        log = self.state.log or []
        self.last = (log[-1].seat, log[-1]) if log else None
        self.wait = self.bot_delay
        self.push_remote()
        return True

    # ------------------------------------------------------------ phones

    game_id = ""  # the phone page's name of the game

    def phone_words(self, view: Any, seat: int, acting: int, legal: list, ids: list[str],
                    recent: list, lang: str) -> dict[str, Any]:
        """The game's words of the "list" layout (docs/remote.md) for ``seat``: read from
        its player view ``view`` only; ``legal`` its actions (named ``ids``), ``recent``
        the last lines of the move log as ``seat`` may read them (:meth:`move_log`)."""
        raise NotImplementedError

    def phone_payload(self, seat: int) -> dict[str, Any]:
        """What remote ``seat``'s phone shows, in the page's "list" layout: the seats,
        its legal actions named by :func:`remote_id`, and the game's words per language,
        all from that seat's player view."""
        acting, over = self.acting, self.over
        legal = self.legal() if acting == seat and not over else []
        ids = [remote_id(self.changes, i) for i in range(len(legal))]
        view = self.engine.player_view(self.state, seat)  # the phone's own: its hand shows
        return {
            "layout": "list",
            "game": self.game_id,
            "viewer": seat,
            "acting": acting,
            "over": over,
            "winners": list(self.engine.winners(self.state)) if over else [],
            "seats": [{"seat": i, "name": name, "acting": i == acting and not over}
                      for i, name in enumerate(self.names)],
            "actions": [{"id": ident, "group": a.kind} for ident, a in zip(ids, legal,
                                                                           strict=True)],
            "text": {lang: self.phone_words(view, seat, acting, legal, ids,
                                            self.move_log(seat, lang)[-PHONE_LOG:], lang)
                     for lang in i18n.LANGUAGES},
        }

    def open_remote(self, bind: str = "lan", port: int = PHONE_PORT, **options: Any) -> bool:
        """Start the phones' server for the remote seats (if any, once) and send them the
        position.  When it cannot listen (no network, the port taken) the reason is kept
        in ``remote_problem`` and the remote seats are played at this screen, behind the
        curtain, for the rest of this session (the save still names them remote).
        ``options`` go to the server (tests: its rate limit)."""
        seats = self.remote
        if not seats or self.host is not None:
            return self.host is not None
        self.host, self.remote_problem = start_host({s: self.names[s] for s in seats}, bind,
                                                    port, **options)
        if self.host is None:
            self.played_here.update(seats)
            return False
        self.push_remote()
        return True

    def push_remote(self) -> None:
        """Send every remote seat its phone payload for the game as it stands."""
        if self.host is not None:
            self.host.push({s: self.phone_payload(s) for s in self.remote})

    def find_remote(self, seat: int, ident: str) -> Any:
        """The legal action a phone's id names, if it was offered for this very position
        to the seat that acts now; else None."""
        parsed = parse_remote_id(ident)
        if parsed is None or self.closed or self.over:
            return None
        changes, index = parsed
        if changes != self.changes or seat != self.acting or not self.is_remote(seat):
            return None
        legal = self.legal()
        return legal[index] if index < len(legal) else None

    def take_remote(self) -> list[Any]:
        """Apply the moves phones sent since the last call, oldest first; a move for a
        position the game has left, or no longer legal, is rejected (the phone keeps its
        newest payload).  Returns the actions applied."""
        if self.host is None:
            return []
        done = []
        for move in self.host.poll():
            action = self.find_remote(move.seat, move.action_id)
            if action is None:
                self.host.reject(move.seat, move.action_id)
                continue
            self._apply(action)
            done.append(action)
        return done

    def remote_status(self) -> dict[int, SeatStatus]:
        """Who is connected, by remote seat (empty without a server)."""
        return self.host.status() if self.host is not None else {}

    def remote_urls(self) -> dict[int, str]:
        return self.host.urls() if self.host is not None else {}

    # ------------------------------------------------------------ saving and closing

    def save(self, kind: str = "manual") -> Path:
        """Write a save of this kind (OSError when the folder takes no file)."""
        raise NotImplementedError

    @property
    def save_error(self) -> str:
        """Why the last autosave failed ("" when it did not)."""
        return self.autosave_status.error

    def autosave(self) -> str:
        """An autosave; returns "" or why it failed (never raises: play goes on).  The
        table and the host tell of a failure through :attr:`autosave_status`."""
        try:
            self.save("autosave")
        except OSError as exc:
            why = os_reason(exc)
        else:
            why = ""
        self.autosave_status.record(why)
        return why

    def emergency_save(self) -> Path | None:
        """Save the game as it stands after a crash (an emergency save)."""
        return self.save("emergency")

    def close(self) -> None:
        """No more play: a worker thread still thinking is asked to stop and waited
        for a moment, then abandoned (it is a daemon and its result is never read)."""
        self.closed = True
        if self.host is not None:
            self.host.close()
            self.host = None
        t, self.thought = self.thought, None
        if t is not None and not t.done:
            t.stop()
            t.thread.join(CLOSE_WAIT)
