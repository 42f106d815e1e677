"""A game being played at the table: the engine state, who controls each seat, the
log, and computer players stepped one action at a time at a readable pace.

AI decisions run in a worker thread on a player view; the engine state itself is
only ever changed on the main thread, through ``apply``.

Remote seats (players on phones, ``game.remote``): the session owns their server
(:meth:`Session.open_remote`), pushes each remote seat's phone model after every change
(``apply``, ``undo``, opening) and closes it with the game (``close``).  The table never
gets a remote seat's hand: ``view``/``model`` of a remote seat are the public table.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game import i18n
from game.save_files import new_game_uid
from game.star_realms.ai.base import Player, make_player
from game.star_realms.engine import (
    Action,
    CardDB,
    GameConfig,
    SeatConfig,
    State,
    apply,
    legal_actions,
    new_game,
    player_view,
)
from game.star_realms.engine.cards import CardDef
from game.star_realms.engine.events import Event
from game.star_realms.engine.explain import Reason, why_not
from game.star_realms.engine.rules import acting_seat, allows, turn_seats
from game.star_realms.engine.undo import can_undo, last_action, undo
from game.star_realms.model import (
    MATE_KINDS,
    CardModel,
    TableModel,
    build_model,
    cards_by_iid,
    find_action,
)
from game.star_realms.phone import phone_model
from game.star_realms.saves import autosave, derived_uid, save_game
from game.star_realms.sim import BossPilot
from game.star_realms.ui.log_text import LogLine, choice, describe, replayed_log
from game.ui.table_session import PHONE_PORT, PUBLIC, os_reason, start_host

if TYPE_CHECKING:
    from game.remote import RemoteHost, SeatStatus

# What a computer teammate does by itself in a team turn a person steers (docs/ai.md,
# "Computer teammates"): its own cards, abilities, missions and gambits, and buys its
# own trade pays for alone.  Attacks and the end of the turn are the people's.
MATE_BOT_KINDS = frozenset({"play", "use", "buy", "claim", "gambit"})

HUMAN = "human"
REMOTE = "remote"  # a person playing from a phone on the LAN (never a computer player)
PEOPLE = (HUMAN, REMOTE)
AI_STEP_SECONDS = 0.55  # pause between AI actions at normal speed


@dataclass
class SeatSetup:
    name: str
    controller: str = HUMAN  # human, remote (a phone), or an AI level (make_player)


@dataclass
class GameSetup:
    sets: tuple[str, ...] = ("core",)
    seats: list[SeatSetup] = field(default_factory=lambda: [SeatSetup("Player 1"),
                                                            SeatSetup("AI", "normal")])
    first: int | None = None
    seed: int = 0
    format: str = "duel"  # or an adventure id (its boss seat is added by config())
    options: tuple[tuple[str, object], ...] = ()

    def config(self) -> GameConfig:
        return GameConfig(sets=self.sets, seats=tuple(SeatConfig(s.name, s.controller)
                                                      for s in self.seats),
                          format=self.format, seed=self.seed, first=self.first,
                          options=self.options)


class Session:
    def __init__(self, db: CardDB, state: State, controllers: list[str]):
        self.db = db
        self.state = state
        self.controllers = controllers
        self.players: dict[int, Player] = {
            i: BossPilot() if c == "boss" else make_player(c, state.config.seed + 7919 * (i + 1))
            for i, c in enumerate(controllers) if c not in PEOPLE}
        self.log: list[LogLine] = []
        self.last_events: list[Event] = []
        self.viewer = 0
        self.revealed_to = -1
        self._seat_the_viewer()
        # The phones' server (open_remote), or why it could not start: (i18n key, params).
        self.host: RemoteHost | None = None
        self.remote_problem: tuple[str, dict[str, object]] | None = None
        self._pool = ThreadPoolExecutor(max_workers=1) if self.players else None
        self._defs: dict[tuple[str, str], CardDef] = {}
        self._shown: tuple[TableModel, dict[int, CardModel]] | None = None
        self._pending: Future | None = None
        self._pending_for: tuple = ()
        self._wait = 0.0
        # Computer teammates in a team turn a person steers: the move last offered to the
        # table (position, action), each teammate's options when it last chose to do
        # nothing more (not asked again until they change), and the action counts after
        # each move a teammate made itself (undo never takes those back).
        self._mate_offer: tuple[tuple, Action] | None = None
        self._mate_done: dict[int, tuple] = {}
        self._mate_moves: set[int] = set()
        # The save file this game was loaded from, if any: a crash marks it so that
        # Continue does not offer it again.
        self.source: Path | None = None
        # Which game in progress this is: every save of it carries it (docs/saves.md).
        # A new game from a setup gets a random one (start); a campaign's scenario its
        # configuration's, which its own game file and a reload agree on.
        self.uid = derived_uid(state.config)
        # Caches for the current position: the legal actions (computed once per state
        # change), the viewer's player view and presentation model (built once per
        # state change and viewer; the table asks for them every frame).
        self._version = 0
        self._legal: tuple[tuple, list[Action]] | None = None
        self._view: tuple[tuple, State] | None = None
        self._model: tuple[tuple, TableModel] | None = None
        self.log.append(LogLine("log.game_start", {"p": state.active}))

    def _seat_the_viewer(self) -> None:
        """The screen shows the first person at the table; with nobody at the table, a
        remote seat's public side (its model then holds no hand)."""
        local = self.local
        self.viewer = local[0] if local else (self.remote[0] if self.remote else 0)
        # Hot-seat curtain: needed only once people on different sides share the screen
        # (teammates of a team turn sit together: no curtain between them).
        one_side = all(self.same_side(h, self.viewer) for h in local)
        self.revealed_to = self.viewer if one_side else -1

    @classmethod
    def start(cls, db: CardDB, setup: GameSetup) -> Session:
        state = new_game(db, setup.config())
        session = cls(db, state, [s.controller for s in setup.seats])
        session.uid = new_game_uid()  # two games of one seed are still two games
        return session

    @classmethod
    def resume(cls, db: CardDB, state: State) -> Session:
        """A loaded game: seats keep the controllers they were saved with, and the log
        reads as it did before saving (rebuilt from the saved actions)."""
        session = cls(db, state, [s.controller for s in state.config.seats])
        session.log = replayed_log(db, state, session.humans)
        session.log.append(LogLine("log.resumed", {"n": state.turn}))
        return session

    # ------------------------------------------------------------ who is who

    @property
    def humans(self) -> list[int]:
        """The seats people play, at the table or from a phone."""
        return [i for i, c in enumerate(self.controllers) if c in PEOPLE]

    @property
    def local(self) -> list[int]:
        """The seats people play at this screen (the curtain is between them)."""
        return [i for i, c in enumerate(self.controllers) if c == HUMAN]

    @property
    def remote(self) -> list[int]:
        """The seats played from phones."""
        return [i for i, c in enumerate(self.controllers) if c == REMOTE]

    def is_human(self, seat: int) -> bool:
        return self.controllers[seat] in PEOPLE

    def is_remote(self, seat: int) -> bool:
        return 0 <= seat < len(self.controllers) and self.controllers[seat] == REMOTE

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name

    def same_side(self, a: int, b: int) -> bool:
        """Do seats ``a`` and ``b`` share the screen in hot-seat (no curtain between
        them)?  The same seat, or teammates of a format whose teams take their turns
        together (Hydra, co-op adventures): they see each other's hands anyway."""
        if a == b:
            return True
        st = self.state
        n = len(st.seats)
        return (st.format.team_turns and 0 <= a < n and 0 <= b < n
                and st.seats[a].team == st.seats[b].team)

    def mates(self, seat: int | None = None) -> list[int]:
        """The teammates whose cards ``seat`` (default: the viewer) may play now, in a
        team turn (none otherwise)."""
        seats = turn_seats(self.state)
        seat = self.viewer if seat is None else seat
        return [m for m in seats if m != seat] if seat in seats else []

    @property
    def acting(self) -> int:
        """The seat whose controller moves now.  In a team turn (no question pending)
        the whole team may act: a human member steers it (the viewer, if it is one; a
        computer teammate then only answers its own questions), else its lead."""
        seat = acting_seat(self.state)
        seats = turn_seats(self.state)
        if len(seats) > 1:
            humans = [m for m in seats if self.is_human(m)]
            if self.viewer in humans:
                return self.viewer
            if humans and not self.is_human(seat):
                return humans[0]
        return seat

    @property
    def human_to_act(self) -> bool:
        """A person (here or on a phone) moves now: no computer player."""
        return not self.state.is_over and self.is_human(self.acting)

    @property
    def local_to_act(self) -> bool:
        """A person at this screen moves now (the table takes input)."""
        return not self.state.is_over and self.controllers[self.acting] == HUMAN

    @property
    def curtain(self) -> int | None:
        """The human seat the screen must be passed to before hands are shown, if any
        (never between teammates of a team turn, never for a phone's seat)."""
        if self.state.is_over or not self.local_to_act:
            return None
        seat = self.acting
        return None if self.same_side(seat, self.revealed_to) else seat

    def reveal(self) -> None:
        """The player behind the curtain clicked: show their side."""
        seat = self.acting
        self.viewer = seat
        self.revealed_to = seat

    @property
    def over(self) -> bool:
        return self.state.is_over

    def _key(self) -> tuple:
        """Names the current position: changes with every apply and undo (and when the
        state object is replaced)."""
        return (id(self.state), self.state.log_len, self._version)

    def position(self) -> tuple:
        """A value that changes whenever what the viewer sees may change (for a table's
        per-frame caches)."""
        return (*self._key(), self.viewer)

    def invalidate(self) -> None:
        """The state was changed outside :meth:`apply` (tests, the campaign's setup):
        build the legal actions, view and model again when next asked."""
        self._version += 1

    def view(self, seat: int | None = None) -> State:
        """What the table may draw: the viewer's player view (never the full state); a
        remote seat's is the public one (its hand is on the phone, not the big screen)."""
        seat = self.viewer if seat is None else seat
        key = (*self._key(), seat)
        if self._view is None or self._view[0] != key:
            self._view = (key, player_view(self.state,
                                           PUBLIC if self.is_remote(seat) else seat))
        return self._view[1]

    def model(self, seat: int | None = None) -> TableModel:
        """The presentation model of ``seat`` (default: the viewer), built once per
        state change (and language) from the cached legal actions; a question's options
        carry their text in the current language."""
        seat = self.viewer if seat is None else seat
        lang = i18n.language()
        key = (*self._key(), seat, lang)
        if self._model is None or self._model[0] != key:
            legal = [] if self.is_remote(seat) else self.legal()  # the phone's moves
            self._model = (key, build_model(self.view(seat), seat, legal, lang=lang))
        return self._model[1]

    def shown_card(self, iid: int) -> CardModel | None:
        """The viewer's model of card ``iid`` (None when the model does not show it)."""
        model = self.model()
        if self._shown is None or self._shown[0] is not model:
            self._shown = (model, cards_by_iid(model))
        return self._shown[1].get(iid)

    def card_def(self, key: tuple[str, str]) -> CardDef:
        """The definition a model card's :meth:`~CardModel.face_key` names: this game's
        cards, campaign stickers included (an upgraded card is not in the card database
        under its id), else the database's."""
        found = self._defs.get(key)
        if found is None:
            for d in self.state.cards:  # a sticker put on since: learn the game's cards again
                self._defs.setdefault((d.id, d.upgrade or ""), d)
            found = self._defs.get(key)
        return found if found is not None else self.db.cards[key[0]]

    # ------------------------------------------------------------ actions

    def legal(self) -> list[Action]:
        """The legal actions of the current position, computed once per state change."""
        key = self._key()
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, legal_actions(self.state))
        return self._legal[1]

    def find(self, action_id: str, seat: int | None = None) -> Action | None:
        """The legal action a model id stands for (None when it is not legal now)."""
        if not action_id:
            return None
        seat = self.viewer if seat is None else seat
        return find_action(self.legal(), seat, action_id, self.mates(seat))

    def why_not(self, action: Action) -> Reason | None:
        """None when ``action`` is legal now, else the engine's reason."""
        if allows(self.legal(), action):
            return None
        return why_not(self.state, action)

    def act(self, action_id: str) -> list[Event] | None:
        """Apply the viewer's action with this model id; None when it is not legal."""
        action = self.find(action_id)
        return None if action is None else self.apply(action)

    # ------------------------------------------------------------ undo, saving

    def can_undo(self) -> bool:
        """Undo is for the human at the table whose turn it is, back to the last reveal,
        and takes back only what that human did: their own action, or a teammate's card
        they played in a team turn — never another seat's answer to a question, a
        computer's or a person's (undoing a computer's would only let it choose again,
        forever)."""
        if not (self.local_to_act and self.acting == self.viewer and can_undo(self.state)):
            return False
        if self.state.log_len in self._mate_moves:
            return False  # a computer teammate's own move: it would only play it again
        last = last_action(self.state)
        return last is not None and (last.seat == self.acting or (
            last.kind in MATE_KINDS and last.seat in turn_seats(self.state)))

    def undo(self) -> None:
        if not self.can_undo():
            return
        seat = self.acting  # who takes it back (the seat to act may differ afterwards)
        self.state = undo(self.state)
        self._version += 1
        self.log.append(LogLine("log.undo", {"p": seat}, seat))
        self.last_events = []
        self._pending = None
        self.push_remote()

    def autosave(self) -> str:
        """Autosave (start of every turn); returns "" or why it failed (never raises)."""
        try:
            autosave(self.state, uid=self.uid)
        except OSError as exc:
            return os_reason(exc)
        return ""

    def apply(self, action: Action) -> list[Event]:
        """Apply one action.  One taken from the cached legal list is not checked again
        (no second enumeration); any other is validated by the engine."""
        # Who did it, for the log: a computer teammate's own move reads under its name,
        # anything else under the seat whose move it was (a person steering a team turn,
        # a teammate's card they played included).
        by_mate = self._mate_offer == (self._key(), action)
        seat_before = action.seat if by_mate else self.acting
        self._mate_offer = None
        known = self._legal is not None and self._legal[0] == self._key()
        chose = choice(self.state, action)  # (the question is gone once answered)
        apply(self.state, action, validate=not (known and action in self._legal[1]))
        self._version += 1
        if by_mate:
            self._mate_moves.add(self.state.log_len)
        else:
            self._mate_moves.discard(self.state.log_len)
        self.last_events = list(self.state.events)
        self.log.extend(describe(self.state, action, self.last_events, seat_before, chose))
        if self.local_to_act and self.acting != self.viewer and (
                len(self.local) <= 1 or self.curtain is None):
            self.viewer = self.acting  # one human, or a teammate sharing the screen
        self.push_remote()
        return self.last_events

    # ------------------------------------------------------------ phones

    def open_remote(self, bind: str = "lan", port: int = PHONE_PORT) -> bool:
        """Start the phones' server for the remote seats (if any, once) and send them
        the position.  When it cannot listen (no network, the port taken) the reason is
        kept in ``remote_problem`` and the remote seats are played here, behind the
        curtain, for the rest of this session (the save still names them remote)."""
        seats = self.remote
        if not seats or self.host is not None:
            return self.host is not None
        self.host, self.remote_problem = start_host({s: self.name(s) for s in seats}, bind,
                                                    port)
        if self.host is None:
            self.controllers = [HUMAN if c == REMOTE else c for c in self.controllers]
            self._seat_the_viewer()
            self._version += 1
            return False
        self.push_remote()
        return True

    def push_remote(self) -> None:
        """Send every remote seat its phone model (its own view, words and the log)."""
        if self.host is None:
            return
        legal = self.legal()
        self.host.push({s: phone_model(self.state, s, legal, self.log) for s in self.remote})

    def take_remote(self) -> list[list[Event]]:
        """Apply the moves the phones sent since the last frame, oldest first, each
        checked against the position it meets (stale or no longer legal: rejected, and
        the phone keeps its newest model); the events of each applied move."""
        if self.host is None:
            return []
        out = []
        for move in self.host.poll():
            action = None if self.over else self.find(move.action_id, move.seat)
            if action is None:
                self.host.reject(move.seat, move.action_id)
                continue
            out.append(self.apply(action))
        return out

    def remote_status(self) -> dict[int, SeatStatus]:
        """Who is connected, by remote seat (empty without a server)."""
        return self.host.status() if self.host is not None else {}

    def remote_urls(self) -> dict[int, str]:
        return self.host.urls() if self.host is not None else {}

    # ------------------------------------------------------------ computer players

    def ai_ready(self, dt: float, speed: float, busy: bool) -> Action | None:
        """Advance the AI clock; return the AI's next action once it is decided and the
        readable pause since the previous one has passed (``busy``: animations running).

        While a person steers a team turn, the computer teammates play their own hands
        at the same pace (:meth:`mate_moves`); the turn still ends only when a person
        ends it."""
        if self.state.is_over:
            self._wait = 0.0
            return None
        if self.human_to_act:
            mate = self._mate_to_move()
            if mate is None:
                self._wait = 0.0
                return None
            seat, legal = mate
        else:
            seat, legal = self.acting, None
        key = (*self._key(), seat)
        if self._pending is None or self._pending_for != key:
            if legal is None:
                view, offered = player_view(self.state, seat), list(self.legal())
            else:
                view, offered = self._mate_view(seat), [*legal, Action("end_turn", seat)]
            assert self._pool is not None
            self._pending = self._pool.submit(self.players[seat].choose, view, offered)
            self._pending_for = key
        self._wait += dt
        pause = 0.0 if speed <= 0 else AI_STEP_SECONDS / speed
        if busy or self._wait < pause or not self._pending.done():
            return None
        action = self._pending.result()
        self._pending = None
        self._wait = 0.0
        if legal is not None:
            if action not in legal:  # nothing more it wants to do itself (for now)
                self._mate_done[seat] = self._mate_signature(seat, legal)
                return None
            self._mate_offer = (self._key(), action)
        return action

    # ------------------------------------------------------------ computer teammates

    def mate_moves(self, seat: int) -> list[Action]:
        """What computer teammate ``seat`` may do by itself now, in a team turn a person
        steers: play its cards, use its abilities, reveal its missions and gambits, and
        buy what its own trade pays for alone (never spending a person's trade)."""
        st = self.state
        if seat not in turn_seats(st) or seat not in self.players:
            return []
        own = st.seats[seat].trade
        return [a for a in self.legal() if a.seat == seat and a.kind in MATE_BOT_KINDS and (
            a.kind != "buy" or st.format.price(st, seat, a.card) <= own)]

    def _mate_signature(self, seat: int, moves: list[Action]) -> tuple:
        """A teammate's options as it last declined them: asked again once they change."""
        return (self.state.turn, tuple(moves))

    def _mate_to_move(self) -> tuple[int, list[Action]] | None:
        """The first computer teammate (turn order) with moves of its own it has not
        declined, and those moves; None outside a team turn with people in it."""
        seats = turn_seats(self.state)
        if len(seats) < 2:
            return None
        for m in seats:
            if self.is_human(m) or m not in self.players:
                continue
            moves = self.mate_moves(m)
            if moves and self._mate_done.get(m) != self._mate_signature(m, moves):
                return m, moves
        return None

    def _mate_view(self, seat: int) -> State:
        """The teammate's player view with the other members' trade left out, so that
        its AI plans its buys with its own trade only (the people's is theirs to spend)."""
        view = player_view(self.state, seat)
        for m in turn_seats(self.state):
            if m != seat:
                view.seats[m].trade = 0
        return view

    def close(self) -> None:
        """The game leaves the screen: stop its computer players and the phones' server."""
        if self.host is not None:
            self.host.close()
            self.host = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------ for the shell's crash handler

    def crash_info(self) -> dict:
        """What a crash report needs to replay this game exactly."""
        cfg = self.state.config
        return {"game": "star_realms", "seed": cfg.seed, "sets": list(cfg.sets),
                "format": cfg.format, "seats": [[s.name, s.controller] for s in cfg.seats],
                "first": cfg.first, "turn": self.state.turn,
                "actions": [a.to_json() for a in self.state.actions()]}

    def emergency_save(self) -> Path | None:
        """Save the game as it stands after a crash (an emergency save)."""
        return save_game(self.state, "emergency", uid=self.uid)
