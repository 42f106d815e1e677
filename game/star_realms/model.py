"""The per-seat presentation model: everything one seat's table shows, as plain data.

Long file: the model's parts, its one builder and the JSON shape they document belong
together (one schema, read top to bottom).

:func:`build_model` turns a game (or one seat's player view) into a :class:`TableModel`
built only from what that seat may see — ``player_view(state, seat)`` — plus that seat's
legal actions and the engine's answers to rule questions
(:mod:`game.star_realms.engine.queries`, :func:`~game.star_realms.engine.explain.why_not`).
``TableModel.to_json()`` gives dicts, lists, str, int and bool only (no null), so the
pygame table, a phone page and a LAN client can all draw from the same thing.

Shape of ``to_json()`` (keys always present unless marked *optional*)::

    game "star_realms" · schema 1 · format (id; an adventure's id for adventures)
    adventure, difficulty ("" outside adventures) · turn · active (seat whose turn it is;
    in a team turn the team's lead) · acting (seat the game waits for: ``active`` or
    the seat answering a question; -1 once over; in a team turn every member in
    turn_members may act) · viewer (the seat this model is for) ·
    turn_members (seats taking this turn) · over · winners (seats, [] while playing) ·
    show_teams (team tags mean something in this format)
    seats: [{seat, name, controller ("human", "greedy", "boss" …), human, role
             ("emperor", "admiral", "boss", "raider" or ""), team, alive, authority,
             shows_authority, acting, in_turn, hand_count, hand_visible, hand [cards; only
             when hand_visible: your own, a Raid ally's, a teammate's in a format whose
             teams take their turns together (Hydra, co-op adventures)], deck_count,
             deck_known [cards put
             face up on top of the deck, top first], discard [cards, bottom first],
             in_play [ships], bases [cards with "remaining"], heroes [Crisis heroes in
             play, waiting for their scrap], allies_of [factions whose ally abilities a
             hero made usable this turn], trade, combat, pending_discard}]
    pools: the viewer's {trade, combat, team_trade, team_combat (Hydra teammates'
           leftovers), spend_trade, spend_combat (what buys / base attacks can use)}
    supply: {trade_row [{slot, card (optional: an empty slot has none)}],
             trade_deck_count, explorers_count, explorer (optional: the top Explorer),
             scrap [cards, bottom first]}
    chips: [{card, slot, state ("available" | "used" | "waiting" | "not_usable"),
             action (id to send, "" when not clickable now)}] for every card in play
    targets: [{kind ("player" | "base" | "strike"), seat, card (-1 for players), legal,
              reason ("" when legal, else the why.* code), params (the reason's
              numbers), defense (bases: left; strikes: combat it costs), min, max
              (amounts the legal attacks allow), action (id of the biggest legal
              attack, "")}] — only while the viewer is the seat to act
    attack_all: action id of "attack with everything" ("" when there is a choice)
    auto_apply: action ids of plain-gain abilities a table may use by itself
    question (optional; only when the viewer must answer): {kind ("option" | "card" |
              "seat"), purpose, prompt (i18n key), params, source (card, optional),
              optional, min, max, stop (id of "done/skip", ""), candidates [{action,
              index, card (optional), zone, seat, effects (optional), sticker, text}]}
    waiting (optional; another seat is answering): {seat, kind, purpose}
    actions: [{id, kind, card, slot, target, amount, index}] — the viewer's legal
              actions (empty when another seat acts); in a team turn also the plays and
              ability uses of the teammates' cards (``play:c12`` names the card, so
              whose card it is is known: :func:`find_action` with ``mates``)
    log: [{key, params}] as passed in
    boss (optional; adventures): {adventure, difficulty, seat, step, target, severed,
          mulligan_used, counter_key, counter, piles [{name, count, shows ("all" | "top" |
          "none"), cards}], plays_cards (the boss puts ships and bases in play), has_deck
          (the boss has a deck and a discard pile of its own)}

A *card* is ``{iid, id, cost, factions, type, defense, outpost}`` plus, where they
apply, ``upgrade`` (campaign sticker), ``copy_of`` (a Stealth Tower's copy) and
``copy_upgrade`` (the copied card's sticker), ``remaining`` (a base's defense left) and
``price`` (what the viewer pays for it).
``iid`` is the physical card instance; ``id`` the card definition.  A card's picture is
the definition :meth:`CardModel.face_key` names: ``(id, upgrade)``, or the copy's
``(copy_of, copy_upgrade)`` (a game's definitions, stickers included, are the session's
lookup — upgraded cards are not in the card database under their id).

Action ids are strings made of the action's fields — ``play:c12``, ``use:c12:ally``,
``buy:c40``, ``attack_player:t2:x5``, ``attack_base:c33``, ``choose:i1``, ``pick:c7``,
``pick_seat:t1``, ``claim:c57`` (reveal a mission), ``gambit:c60`` (reveal a
gambit), ``stop``, ``end_turn`` — so they
are stable: the same move has the same id in every rebuild, and :func:`find_action` maps
an id a client sends back to the engine action (or None when it is no longer legal).  An
attack is listed once per target at the most it may deal (``x5``); a client picks a
smaller amount by sending the same id with its number (``attack_player:t2:x3``), which
the target's min/max bound.

Hidden (never in the model): other seats' hands (only counts; a Raid ally's hand and,
where a team takes its turn together, a teammate's are shown to the team), every
deck's order and contents (counts and the publicly known top cards only), the trade
deck (count), face-down boss piles (count;
Defy the Empire's two decks show only their top card), another seat's question's
candidates, the random generator, and ``view.unknown``.  A test permutes every hidden
zone of the real state and checks each seat's JSON does not change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.star_realms.card_text import ability_text, faction_name
from game.star_realms.engine import queries
from game.star_realms.engine.boss_state import adventure_of
from game.star_realms.engine.event_ops import decline_loss
from game.star_realms.engine.rules import acting_seat, amount_range, legal_actions, turn_seats
from game.star_realms.engine.state import EMPTY, Action, Decision, State
from game.star_realms.engine.view import player_view

GAME_ID = "star_realms"
SCHEMA = 1


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data: str/int/bool, lists and string-keyed dicts only."""
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value) if isinstance(value, set | frozenset) else value
        return [plain(v) for v in items]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items() if v is not None}
    raise TypeError(f"not plain data: {value!r}")


# ---------------------------------------------------------------------- action ids


def action_id(a: Action) -> str:
    """A stable id made of the action's fields (the seat is the model's viewer)."""
    parts = [a.kind]
    if a.card != -1:
        parts.append(f"c{a.card}")
    if a.slot:
        parts.append(a.slot)
    if a.target != -1:
        parts.append(f"t{a.target}")
    if a.amount:
        parts.append(f"x{a.amount}")
    if a.index != -1:
        parts.append(f"i{a.index}")
    return ":".join(parts)


# A teammate's actions a team member's model offers (their ids name the card, which
# tells whose it is): playing a teammate's card and using its cards' abilities.
MATE_KINDS = frozenset({"play", "use"})


def find_action(legal: Iterable[Action], seat: int, ident: str,
                mates: Iterable[int] = ()) -> Action | None:
    """The legal action of ``seat`` a client's id stands for, if it is still legal; in a
    team turn also a play or ability use of one of ``mates`` (the ids of those name a
    card, so they cannot be mistaken for the seat's own)."""
    mates = set(mates) - {seat}
    for a in legal:
        if action_id(a) == ident and (a.seat == seat or (
                a.seat in mates and a.kind in MATE_KINDS)):
            return a
    # An attack at a smaller amount than the one listed: "attack_player:t2:x3" when
    # "attack_player:t2:x5" is legal (the model lists each attack at its largest).
    head, sep, amount = ident.rpartition(":x")
    if sep and amount.isdigit() and amount.isascii() and len(amount) <= 6:
        n = int(amount)
        for a in legal:
            low, high = amount_range(a)
            if a.seat == seat and low <= n <= high and action_id(a._replace(amount=0)) == head:
                return a._replace(amount=n)
    return None


def team_mates(view: State, seat: int) -> list[int]:
    """The other members of ``seat``'s team turn whose cards it may play now (none
    outside a team turn, or while a question is pending)."""
    seats = turn_seats(view)
    return [m for m in seats if m != seat] if seat in seats else []


# ---------------------------------------------------------------------- the parts


@dataclass(frozen=True, slots=True)
class CardModel:
    iid: int
    id: str
    cost: int
    factions: tuple[str, ...]
    type: str
    defense: int = 0
    outpost: bool = False
    upgrade: str = ""
    copy_of: str = ""
    copy_upgrade: str = ""
    remaining: int = -1
    price: int = -1

    def face_key(self) -> tuple[str, str]:
        """(card id, sticker id or "") of the definition this card shows: its copy's, if
        it is a Stealth Tower copying one."""
        if self.copy_of:
            return (self.copy_of, self.copy_upgrade)
        return (self.id, self.upgrade)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"iid": self.iid, "id": self.id, "cost": self.cost,
                             "factions": list(self.factions), "type": self.type,
                             "defense": self.defense, "outpost": self.outpost}
        if self.upgrade:
            d["upgrade"] = self.upgrade
        if self.copy_of:
            d["copy_of"] = self.copy_of
        if self.copy_upgrade:
            d["copy_upgrade"] = self.copy_upgrade
        if self.remaining >= 0:
            d["remaining"] = self.remaining
        if self.price >= 0:
            d["price"] = self.price
        return d


@dataclass(frozen=True, slots=True)
class SeatModel:
    seat: int
    name: str
    controller: str
    human: bool
    role: str
    team: int
    alive: bool
    authority: int
    shows_authority: bool
    acting: bool
    in_turn: bool
    hand_count: int
    hand_visible: bool
    hand: tuple[CardModel, ...]
    deck_count: int
    deck_known: tuple[CardModel, ...]
    discard: tuple[CardModel, ...]
    in_play: tuple[CardModel, ...]
    bases: tuple[CardModel, ...]
    trade: int
    combat: int
    pending_discard: int
    heroes: tuple[CardModel, ...] = ()
    allies_of: tuple[str, ...] = ()
    missions: MissionsModel | None = None  # United: Missions (None: the game has none)
    gambits: GambitsModel | None = None  # the Gambit set (None: the game has none)

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class MissionsModel:
    """A seat's missions: how many are still secret, those the viewer may read (its own,
    a hand-sharing teammate's) and those revealed.  A mission the viewer may reveal now
    has its ``claim:c<iid>`` among the model's actions."""

    secret: int
    cards: tuple[CardModel, ...]
    done: tuple[CardModel, ...]

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class GambitsModel:
    """A seat's gambits: how many are face down, those the viewer may read (its own, a
    hand-sharing teammate's), those face up for good and those used.  A gambit the
    viewer may reveal now has its ``gambit:c<iid>`` among the model's actions."""

    secret: int
    cards: tuple[CardModel, ...]
    up: tuple[CardModel, ...]
    used: tuple[CardModel, ...]

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class PoolsModel:
    trade: int
    combat: int
    team_trade: int
    team_combat: int
    spend_trade: int
    spend_combat: int

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class SlotModel:
    slot: int
    card: CardModel | None

    def to_json(self) -> dict[str, Any]:
        return {"slot": self.slot} if self.card is None else {"slot": self.slot,
                                                              "card": self.card.to_json()}


@dataclass(frozen=True, slots=True)
class SupplyModel:
    trade_row: tuple[SlotModel, ...]
    trade_deck_count: int
    explorers_count: int
    explorer: CardModel | None
    scrap: tuple[CardModel, ...]

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class ChipModel:
    card: int
    slot: str
    state: str
    action: str

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class TargetModel:
    kind: str
    seat: int
    card: int
    legal: bool
    reason: str
    params: dict[str, Any]
    defense: int
    min: int
    max: int
    action: str

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class CandidateModel:
    action: str
    index: int = -1
    card: CardModel | None = None
    zone: str = ""
    seat: int = -1
    effects: Any = None
    sticker: str = ""
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class QuestionModel:
    kind: str
    purpose: str
    prompt: str
    params: dict[str, Any]
    source: CardModel | None
    optional: bool
    min: int
    max: int
    stop: str
    candidates: tuple[CandidateModel, ...]

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class WaitingModel:
    seat: int
    kind: str
    purpose: str

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class ActionModel:
    id: str
    kind: str
    card: int
    slot: str
    target: int
    amount: int
    index: int

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class LogModel:
    key: str
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": plain(self.params)}


@dataclass(frozen=True, slots=True)
class PileModel:
    name: str
    count: int
    shows: str
    cards: tuple[CardModel, ...]

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class BossModel:
    adventure: str
    difficulty: str
    seat: int
    step: int
    target: int
    severed: tuple[str, ...]
    mulligan_used: bool
    counter_key: str
    counter: int
    piles: tuple[PileModel, ...]
    plays_cards: bool = True
    has_deck: bool = True

    def to_json(self) -> dict[str, Any]:
        return _fields_json(self)


@dataclass(frozen=True, slots=True)
class TableModel:
    format: str
    adventure: str
    difficulty: str
    turn: int
    active: int
    acting: int
    viewer: int
    turn_members: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    show_teams: bool
    seats: tuple[SeatModel, ...]
    pools: PoolsModel
    supply: SupplyModel
    chips: tuple[ChipModel, ...]
    targets: tuple[TargetModel, ...]
    attack_all: str
    auto_apply: tuple[str, ...]
    question: QuestionModel | None
    waiting: WaitingModel | None
    actions: tuple[ActionModel, ...]
    log: tuple[LogModel, ...]
    boss: BossModel | None
    game: str = GAME_ID
    schema: int = SCHEMA

    def to_json(self) -> dict[str, Any]:
        d = _fields_json(self)
        return {"game": d.pop("game"), "schema": d.pop("schema"), **d}


def cards_by_iid(model: TableModel) -> dict[int, CardModel]:
    """Every card the model shows, by instance (hands, fields, piles, the supply, the
    boss's piles, a question's candidates)."""
    found: dict[int, CardModel] = {}

    def walk(obj: Any) -> None:
        if isinstance(obj, CardModel):
            found.setdefault(obj.iid, obj)
        elif isinstance(obj, tuple | list):
            for item in obj:
                walk(item)
        elif hasattr(obj, "__slots__") and hasattr(obj, "to_json"):
            for name in obj.__slots__:
                walk(getattr(obj, name))

    walk(model)
    return found


def _fields_json(obj: Any) -> dict[str, Any]:
    """A model dataclass as a dict; fields that are None (an absent part) are left out."""
    return {name: plain(getattr(obj, name)) for name in obj.__slots__
            if getattr(obj, name) is not None}


# ---------------------------------------------------------------------- building


def build_model(state_or_view: State, seat: int, legal: Sequence[Action] | None = None,
                log: Iterable[Any] = (), lang: str = "") -> TableModel:
    """The model of the table as ``seat`` sees it.

    ``state_or_view``: the real game (it is turned into ``player_view(state, seat)``
    here) or a view already made for this very seat.  ``legal``: the game's legal
    actions (default: computed; on a view, from the view, which gives the acting seat
    the same list); only ``seat``'s are kept.  ``log``: ``(key, params)`` pairs (or
    objects with ``key`` and ``params``) to pass through.  ``lang``: when given, the
    options of a question carry their text in that language.
    """
    src = state_or_view
    view = src if src.unknown is not None else player_view(src, seat)
    mates = team_mates(view, seat)  # a team turn: the teammates' cards are played too
    mine = [a for a in (legal_actions(src) if legal is None else legal) if a.seat == seat
            or (a.seat in mates and a.kind in MATE_KINDS)]
    # A pick's order comes from where the candidates lie (a gift lists the deck in deck
    # order): sorted, the model cannot tell a hidden order.
    picks = sorted((a for a in mine if a.kind == "pick"), key=lambda a: a.card)
    mine = [a for a in mine if a.kind != "pick"] + picks
    ids = {a: action_id(a) for a in mine}
    return _Builder(view, seat, mine, ids, lang).model(log)


class _Builder:
    """Reads one seat's view (never the real state) into model parts."""

    def __init__(self, view: State, seat: int, legal: list[Action], ids: dict[Action, str],
                 lang: str):
        self.v = view
        self.seat = seat
        self.legal = legal
        self.ids = ids
        self.lang = lang
        self.acting = acting_seat(view) if not view.is_over else -1
        # May this seat act in the main phase now (the seat to act, or any member of
        # the team taking a team turn)?
        self.main = seat in turn_seats(view)

    # ------------------------------------------------------------ cards

    def card(self, iid: int, *, base: bool = False, price: bool = False) -> CardModel:
        v = self.v
        printed = v.cards[iid]
        copied = v.copy_of.get(iid)
        return CardModel(
            iid=iid, id=printed.id, cost=printed.cost, factions=tuple(v.factions(iid)),
            type=printed.type, defense=printed.defense, outpost=printed.outpost,
            upgrade=printed.upgrade or "", copy_of=copied.id if copied is not None else "",
            copy_upgrade=(copied.upgrade or "") if copied is not None else "",
            remaining=queries.base_defense(v, iid) if base else -1,
            price=v.format.price(v, self.seat, iid) if price else -1)

    def cards(self, iids: Iterable[int]) -> tuple[CardModel, ...]:
        return tuple(self.card(i) for i in iids if i >= 0)

    def zone_of(self, iid: int) -> str:
        """Where a visible card lies ("hand:0", "trade_row", "boss:elite" …), "" if the
        view does not show it anywhere."""
        v = self.v
        if iid < 0:
            return ""
        for name in ("trade_row", "explorers", "scrap"):
            if iid in getattr(v, name):
                return name
        for s in v.seats:
            for name in ("hand", "discard", "in_play", "bases", "heroes", "deck"):
                if iid in getattr(s, name):
                    return f"{name}:{s.index}"
        if v.boss is not None:
            for name, pile in v.boss.piles.items():
                if iid in pile:
                    return f"boss:{name}"
        return ""

    # ------------------------------------------------------------ parts

    def seats(self) -> tuple[SeatModel, ...]:
        v = self.v
        out = []
        for s in v.seats:
            i = s.index
            config = v.config.seats[i] if i < len(v.config.seats) else None
            controller = config.controller if config is not None else ""
            visible = v.format.sees_hand(v, self.seat, i)
            out.append(SeatModel(
                seat=i, name=s.name, controller=controller, human=controller == "human",
                role=queries.role(v, i), team=queries.team(v, i), alive=s.alive,
                authority=v.authority(i), shows_authority=queries.shows_authority(v, i),
                acting=i == self.acting, in_turn=i in v.turn_members,
                hand_count=len(s.hand), hand_visible=visible,
                hand=self.cards(s.hand) if visible else (),
                deck_count=len(s.deck), deck_known=self.cards(reversed(s.deck)),
                discard=self.cards(s.discard), in_play=self.cards(s.in_play),
                bases=tuple(self.card(b, base=True) for b in s.bases),
                trade=s.trade, combat=s.combat, pending_discard=s.pending_discard,
                heroes=self.cards(s.heroes), allies_of=tuple(s.allies_of),
                missions=None if v.mission_box is None else MissionsModel(
                    len(s.missions), self.cards(s.missions), self.cards(s.missions_done)),
                gambits=None if v.gambit_box is None else GambitsModel(
                    len(s.gambits), self.cards(s.gambits), self.cards(s.gambits_up),
                    self.cards(s.gambits_used))))
        return tuple(out)

    def pools(self) -> PoolsModel:
        me = self.v.seats[self.seat]
        team_trade = queries.team_leftover(self.v, self.seat, "trade")
        team_combat = queries.team_leftover(self.v, self.seat, "combat")
        return PoolsModel(me.trade, me.combat, team_trade, team_combat,
                          me.trade + team_trade, me.combat + team_combat)

    def supply(self) -> SupplyModel:
        v = self.v
        row = tuple(SlotModel(k, None if iid == EMPTY else self.card(iid, price=True))
                    for k, iid in enumerate(v.trade_row))
        explorer = self.card(v.explorers[-1], price=True) if v.explorers else None
        return SupplyModel(row, len(v.trade_deck), len(v.explorers), explorer,
                           self.cards(v.scrap))

    def chips(self) -> tuple[ChipModel, ...]:
        v = self.v
        out = []
        for s in v.seats:
            for iid in s.bases + s.heroes + s.in_play:
                for slot, st in queries.chip_states(v, iid):
                    use = Action("use", s.index, card=iid, slot=slot)
                    out.append(ChipModel(iid, slot, st, self.ids.get(use, "")))
        return tuple(out)

    def targets(self) -> tuple[TargetModel, ...]:
        v = self.v
        if not self.main:
            return ()  # only the seat(s) to act aim their combat
        out = []
        for t in queries.attack_targets(v, self.seat, self.legal):
            ranges = [amount_range(a) for a in t.actions]
            best = max(t.actions, key=lambda a: a.amount) if t.actions else None
            code, params = t.reason if t.reason is not None else ("", {})
            out.append(TargetModel(
                kind=t.kind, seat=t.seat, card=t.card, legal=bool(t.actions), reason=code,
                params=dict(params), defense=t.defense, min=min((r[0] for r in ranges), default=0),
                max=max((r[1] for r in ranges), default=0), action=self.ids[best] if best else ""))
        return tuple(out)

    def question(self) -> tuple[QuestionModel | None, WaitingModel | None]:
        d = self.v.pending
        if d is None or self.v.is_over:
            return None, None
        if d.seat != self.seat:
            return None, WaitingModel(d.seat, d.kind, d.purpose)
        params = dict(d.effect[1]) if d.effect is not None and isinstance(
            d.effect[1], dict) else {}
        prompt, pparams = prompt_key(d, params)
        lo = 0 if d.optional else 1
        lo, hi = params.get("min", lo), params.get("max", 1)
        if d.kind != "card":
            lo, hi = (0 if d.optional else 1), 1
        stop = next((self.ids[a] for a in self.legal if a.kind == "stop"), "")
        source = self.card(d.source) if d.source >= 0 else None
        return QuestionModel(d.kind, d.purpose, prompt, pparams, source, d.optional, lo, hi,
                             stop, self.candidates(d)), None

    def candidates(self, d: Decision) -> tuple[CandidateModel, ...]:
        out = []
        for a in self.legal:
            ident = self.ids[a]
            if a.kind == "pick":
                out.append(CandidateModel(ident, card=self.card(a.card),
                                          zone=self.zone_of(a.card)))
            elif a.kind == "pick_seat":
                out.append(CandidateModel(ident, seat=a.target))
            elif a.kind == "choose":
                out.append(self.option(d, a.index, ident))
        return tuple(out)

    def option(self, d: Decision, index: int, ident: str) -> CandidateModel:
        """One answer of an option question, with what it does."""
        effects: Any = d.effect[1] if d.effect is not None else None  # (the op's params)
        if d.purpose == "upgrade":
            sticker = effects["stickers"][index]
            return CandidateModel(ident, index=index, sticker=sticker)
        if d.purpose == "may":  # 0 = yes (do the effects), 1 = no
            chosen = effects if index == 0 else ()
        elif d.purpose == "choose":
            chosen = effects[index]
        elif d.purpose == "faction":  # (Merc Cruiser) the faction, by name
            return CandidateModel(ident, index=index, text=faction_name(
                effects["factions"][index], self.lang) if self.lang else "")
        else:
            chosen = ()
        text = ""
        if self.lang and chosen:
            text = ability_text(chosen, self.lang)
        return CandidateModel(ident, index=index, effects=plain(chosen) if chosen else None,
                              text=text)

    def boss(self) -> BossModel | None:
        v = self.v
        b = v.boss
        if b is None:
            return None
        script = adventure_of(v).script
        piles = tuple(PileModel(name, len(b.piles[name]), script.pile_shows(name),
                                self.cards(queries.pile_cards(v, name)))
                      for name in sorted(b.piles))
        key, n = queries.boss_counter(v) or ("", 0)
        return BossModel(b.adventure, b.difficulty, b.seat, b.step, b.target,
                         tuple(b.severed), b.mulligan_used, key, n, piles,
                         plays_cards=bool(script.plays_cards),
                         has_deck=bool(script.has_deck))

    def model(self, log: Iterable[Any]) -> TableModel:
        v = self.v
        question, waiting = self.question()
        attack_all = queries.attack_all(v, self.seat, self.legal) if self.main else None
        adv = getattr(v.format, "adv", None)
        return TableModel(
            format=v.format.id, adventure=adv.id if adv is not None else "",
            difficulty=v.boss.difficulty if v.boss is not None else "", turn=v.turn,
            active=v.active, acting=self.acting, viewer=self.seat,
            turn_members=tuple(v.turn_members), over=v.is_over,
            winners=tuple(v.winners or ()), show_teams=queries.shows_teams(v),
            seats=self.seats(), pools=self.pools(), supply=self.supply(), chips=self.chips(),
            targets=self.targets(),
            attack_all=self.ids[attack_all] if attack_all is not None else "",
            auto_apply=tuple(self.ids[a] for a in queries.auto_apply_actions(
                v, self.seat, self.legal)),
            question=question, waiting=waiting,
            actions=tuple(ActionModel(self.ids[a], a.kind, a.card, a.slot, a.target,
                                      a.amount, a.index) for a in self.legal),
            log=tuple(_log_entry(e) for e in log), boss=self.boss())


def prompt_key(d: Decision, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The i18n key (and its numbers) that words a question, as the table's prompt does:
    "prompt.scrap_may" with the zones to pick from, "prompt.owed_discard" …"""
    if d.source < 0 and d.purpose == "discard":
        return "prompt.owed_discard", {"n": params.get("min", 1)}
    if d.purpose in ("scrap", "discard"):
        kind = "may" if d.optional else "must"
        return (f"prompt.{d.purpose}_{kind}",
                {"zones": list(params.get("zones", ("hand",))), "n": params.get("max", 1)})
    if d.purpose in ("discard_or_lose", "base_or_lose") and d.effect is not None:
        return f"prompt.{d.purpose}", {"n": decline_loss(d.effect)}  # (Crisis events)
    if d.purpose == "put_back" and d.effect is not None:
        return "prompt.put_back", {"n": d.effect[1]["back"]}
    if d.purpose == "split" and d.effect is not None:  # Convert (a mission's reward)
        return f"prompt.split_{d.effect[1]['stage']}", {}
    return f"prompt.{d.purpose}", {}


def _log_entry(entry: Any) -> LogModel:
    if hasattr(entry, "key"):
        return LogModel(entry.key, dict(entry.params))
    key, params = entry
    return LogModel(key, dict(params))


__all__ = ["GAME_ID", "SCHEMA", "TableModel", "action_id", "build_model", "find_action",
           "plain", "team_mates"]
