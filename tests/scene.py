"""Build constructed positions for rule and card tests.

``Scene(hand=["stinger"], bases=["spike_cluster"], opp_bases=["defense_system"])``
makes a duel where seat 0 (``me``) is in its main phase with exactly those cards.
Every named card is a fresh physical instance; look instances up with ``id()``.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.star_realms.ai import RandomBot
from game.star_realms.data import load_rules
from game.star_realms.engine.formats import get_format
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import apply, legal_actions, start_turn, update_latches
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import EMPTY, Action, GameConfig, Seat, SeatConfig, State

DB = load_rules()


class Scene:
    def __init__(
        self,
        *,
        hand: Sequence[str] = (),
        in_play: Sequence[str] = (),
        bases: Sequence[str] = (),
        heroes: Sequence[str] = (),
        discard: Sequence[str] = (),
        deck: Sequence[str] = ("scout",) * 5,
        opp_hand: Sequence[str] = ("scout",) * 5,
        opp_deck: Sequence[str] = ("scout",) * 5,
        opp_discard: Sequence[str] = (),
        opp_bases: Sequence[str] = (),
        opp_heroes: Sequence[str] = (),
        row: Sequence[str] = ("frontier_runner", "patrol_boat", "stinger", "plasma_bot",
                              "cargo_craft"),
        trade_deck: Sequence[str] = ("defense_system",) * 5,
        explorers: int = 3,
        trade: int = 0,
        combat: int = 0,
        authority: tuple[int, int] = (50, 50),
        seats: int = 2,
        fmt: str = "duel",
        seed: int = 1,
    ):
        self.cards: list = []
        st = State()
        st.config = GameConfig(sets=("frontiers", "colony_wars"),
                               seats=tuple(SeatConfig(f"P{i}") for i in range(seats)),
                               format=fmt, seed=seed, first=0)
        st.format = get_format(fmt) if fmt != "duel" or seats == 2 else _ffa(seats)
        st.rng = Rng(seed)
        teams = st.format.teams(seats)
        pools, life = st.format.life_pools(seats)
        st.life = list(life)
        st.life[0], st.life[1] = authority
        st.seats = [Seat(i, f"P{i}", teams[i], pools[i]) for i in range(seats)]
        me, opp = st.seats[0], st.seats[1]
        me.hand = self._make(hand)
        me.in_play = self._make(in_play)
        me.bases = self._make(bases)
        me.heroes = self._make(heroes)
        me.discard = self._make(discard)
        me.deck = self._make(deck)[::-1]  # first listed = top
        opp.hand = self._make(opp_hand)
        opp.deck = self._make(opp_deck)[::-1]
        opp.discard = self._make(opp_discard)
        opp.bases = self._make(opp_bases)
        opp.heroes = self._make(opp_heroes)
        for extra in st.seats[2:]:
            extra.hand = self._make(("scout",) * 5)
            extra.deck = self._make(("scout",) * 5)
        st.trade_row = self._make(row)
        while len(st.trade_row) < 5:
            st.trade_row.append(EMPTY)
        st.trade_deck = self._make(trade_deck)[::-1]
        st.explorers = self._make(("explorer",) * explorers)
        me.trade, me.combat = trade, combat
        st.cards = tuple(self.cards)
        for iid in me.in_play:  # ships already in play fired their primary on being played
            st.used.add((iid, "primary"))
            for f in st.cards[iid].factions:
                me.played_factions[f] = me.played_factions.get(f, 0) + 1
        st.active = 0
        start_turn(st)
        update_latches(st)
        self.state = st

    def _make(self, names: Sequence[str]) -> list[int]:
        out = []
        for name in names:
            self.cards.append(DB[name])
            out.append(len(self.cards) - 1)
        return out

    # ------------------------------------------------------------- lookups

    @property
    def me(self) -> Seat:
        return self.state.seats[0]

    @property
    def opp(self) -> Seat:
        return self.state.seats[1]

    @property
    def pending(self):
        return self.state.pending

    def id(self, name: str, zone: Sequence[int] | None = None) -> int:
        """First instance of card ``name`` in ``zone`` (or anywhere)."""
        pool = zone if zone is not None else range(len(self.state.cards))
        for iid in pool:
            if iid >= 0 and self.state.cards[iid].id == name:
                return iid
        raise LookupError(f"no {name} in {zone}")

    def names(self, zone: Sequence[int]) -> list[str]:
        return [self.state.cards[i].id if i >= 0 else "?" for i in zone]

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def authority(self, seat: int) -> int:
        return self.state.authority(seat)

    # ------------------------------------------------------------- actions

    def do(self, action: Action) -> Scene:
        apply(self.state, action)
        return self

    def seat_to_act(self) -> int:
        p = self.state.pending
        return p.seat if p is not None else self.state.active

    def play(self, name: str) -> Scene:
        seat = self.state.active
        return self.do(Action("play", seat, card=self.id(name, self.state.seats[seat].hand)))

    def use(self, name: str, slot: str) -> Scene:
        s = self.state.seats[self.state.active]
        return self.do(Action("use", s.index, card=self.id(name, s.in_play + s.bases + s.heroes),
                              slot=slot))

    def pick(self, card: str | int, zone: Sequence[int] | None = None) -> Scene:
        iid = card if isinstance(card, int) else self.id(card, zone if zone is not None else
                                                         self.state.pending.candidates)
        return self.do(Action("pick", self.seat_to_act(), card=iid))

    def choose(self, index: int) -> Scene:
        return self.do(Action("choose", self.seat_to_act(), index=index))

    def pick_seat(self, target: int) -> Scene:
        return self.do(Action("pick_seat", self.seat_to_act(), target=target))

    def stop(self) -> Scene:
        return self.do(Action("stop", self.seat_to_act()))

    def buy(self, name: str) -> Scene:
        iid = self.state.explorers[-1] if name == "explorer" else self.id(
            name, self.state.trade_row)
        return self.do(Action("buy", self.state.active, card=iid))

    def attack_base(self, name: str, owner: int = 1) -> Scene:
        iid = self.id(name, self.state.seats[owner].bases)
        return self.do(Action("attack_base", self.state.active, card=iid))

    def attack(self, target: int, amount: int) -> Scene:
        return self.do(Action("attack_player", self.state.active, target=target, amount=amount))

    def end_turn(self) -> Scene:
        return self.do(Action("end_turn", self.state.active))

    def slots(self, name: str) -> list[str]:
        iid = self.id(name)
        return [a.slot for a in self.legal() if a.kind == "use" and a.card == iid]


def _ffa(seats: int):
    """A plain every-seat-for-itself format for multi-seat rule tests."""
    from game.star_realms.engine.formats import Format

    return Format(id="ffa_test", min_seats=2, max_seats=6, starting_hands=(3, 4, 5))


# ---------------------------------------------------------------- random games of every kind

# Every format at a seat count it allows, and every adventure (one or two players with the
# boss): properties over random legal games run over all of them.
FORMAT_SEATS = {"duel": 2, "ffa": 3, "hunter": 3, "raid": 4, "hydra2": 4, "emperor": 6}
ADVENTURES = sorted(DB.adventures)
KINDS = sorted(FORMAT_SEATS) + ADVENTURES


def adventure_game(aid: str, seed: int, players: int = 1) -> State:
    seats = tuple(SeatConfig(f"P{i + 1}") for i in range(players)) + (SeatConfig("B", "boss"),)
    return new_game(DB, GameConfig(sets=("frontiers",), seats=seats, format=aid, seed=seed,
                                   first=0, options=(("difficulty", "veteran"),)))


def game_of(kind: str, seed: int) -> State:
    """A new game of a format (random seats) or an adventure (1 + seed % 2 players)."""
    if kind in FORMAT_SEATS:
        seats = tuple(SeatConfig(f"P{i}", "random") for i in range(FORMAT_SEATS[kind]))
        return new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seats=seats,
                                       format=kind, seed=seed))
    return adventure_game(kind, seed, players=1 + seed % 2)


def played(kind: str, seed: int, steps: int) -> State:
    """:func:`game_of` after up to ``steps`` random legal actions."""
    state = game_of(kind, seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_over:
            break
        apply(state, bot.choose(state, legal_actions(state)))
    return state
