"""The reducer: what may be done now (:func:`legal_actions`) and doing it (:func:`apply`).

``apply`` is the only way a game changes.  It validates the action, performs it,
runs the effects it set off, re-evaluates ally abilities, checks for
eliminations and appends the action to the log.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.star_realms.engine import gambits, guard, missions, zones
from game.star_realms.engine.allies import update_latches
from game.star_realms.engine.effects import acquire, answer, push, resolve
from game.star_realms.engine.elimination import lose_authority
from game.star_realms.engine.events import Damage, Destroy, TurnStart
from game.star_realms.engine.plays import play_card, use_ability
from game.star_realms.engine.state import EMPTY, Action, State
from game.star_realms.engine.targets import attack_targets, remaining_defense


class IllegalAction(ValueError):
    """The action is not one of :func:`legal_actions` in this state."""


# ---------------------------------------------------------------------- queries


def acting_seat(state: State) -> int:
    """The seat whose decision the game is waiting for.  In a team turn (Hydra, a co-op
    adventure) the whole team may act in the main phase (:func:`turn_seats`); this is
    then the team's lead, ``state.active``, which stays put for the whole turn."""
    return state.pending.seat if state.pending is not None else state.active


def turn_seats(state: State) -> list[int]:
    """The seats that may act in the main phase now, ``state.active`` first: in a team
    turn every living member of the team («Ход делает вся команда разом … все игроки
    одной команды одновременно отыгрывают основную фазу»), else the active seat alone;
    none while a question is pending or once the game is over."""
    if state.pending is not None or state.winners is not None:
        return []
    seat = state.active
    if not state.format.team_turns or seat not in state.turn_members:
        return [seat]
    return [seat] + [m for m in state.turn_members if m != seat and state.seats[m].alive]


_UNLATCHED = ("primary", "scrap")  # usable without an ally trigger


def usable_slots(state: State, iid: int) -> list[str]:
    """Abilities of a card in play (of the seat whose turn it is) that may be used now."""
    used, latched = state.used, state.latched
    out = []
    for slot in state.card(iid).usable:
        key = (iid, slot)
        if key not in used and (slot in _UNLATCHED or key in latched):
            out.append(slot)
    return out


class _Made(dict):
    """The actions of one kind and seat, made once and then shared: actions are
    immutable values, and every decision of a turn lists the same plays, uses and
    buys again.  Keyed by card (a use: by (card, slot)), so bounded by a game's cards."""

    __slots__ = ("kind", "seat")

    def __init__(self, kind: str, seat: int):
        super().__init__()
        self.kind = kind
        self.seat = seat

    def __missing__(self, key: int | tuple[int, str]) -> Action:
        made = (Action(self.kind, self.seat, *key) if isinstance(key, tuple)
                else Action(self.kind, self.seat, key))
        self[key] = made
        return made


class _Attacks(dict):
    """The attacks of one seat, made once and shared like :class:`_Made`'s: on a player
    by (target, amount), on a base by (card, amount) with the target ``-1 - card``."""

    __slots__ = ("seat",)

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat

    def __missing__(self, key: tuple[int, int]) -> Action:
        target, amount = key
        made = (Action("attack_player", self.seat, -1, "", target, amount) if target >= 0
                else Action("attack_base", self.seat, card=-1 - target, amount=amount))
        self[key] = made
        return made


# (seats are numbered below 8: no format seats more than 6, an adventure 4 and its boss)
_PLAY, _USE, _BUY, _PICK, _END_TURN, _CLAIM, _GAMBIT = (
    tuple(_Made(kind, seat) for seat in range(8))
    for kind in ("play", "use", "buy", "pick", "end_turn", "claim", "gambit"))
_ATTACK = tuple(_Attacks(seat) for seat in range(8))


def legal_actions(state: State) -> list[Action]:
    if state.winners is not None:
        return []
    d = state.pending
    if d is not None:
        if d.kind == "option":
            acts = [Action("choose", d.seat, index=i) for i in d.candidates]
        elif d.kind == "card":
            picks = _PICK[d.seat]
            acts = [picks[c] for c in d.candidates]
        else:
            acts = [Action("pick_seat", d.seat, target=t) for t in d.candidates]
        if d.optional:
            acts.append(Action("stop", d.seat))
        return acts

    fmt = state.format
    if "scripted_actions" not in fmt.plain:
        scripted = fmt.scripted_actions(state, state.active)
        if scripted is not None:
            return scripted  # the mode runs this seat's turn itself (an adventure's boss)
    if not fmt.team_turns:
        acts = _main_actions(state, state.active)
        acts.append(_END_TURN[state.active][-1])  # (-1: no card)
        return acts
    members = turn_seats(state)
    acts = []
    for m in members:  # a team turn: every member's moves, in any order
        acts.extend(_main_actions(state, m))
    # Any member may end the team's turn (one end for all of them).
    for m in members:
        acts.append(_END_TURN[m][-1])
    return acts


def _main_actions(state: State, seat: int) -> list[Action]:
    """One seat's main-phase actions (without "end turn")."""
    fmt = state.format
    plain = fmt.plain
    s = state.seats[seat]
    cards = state.cards
    acts = list(map(_PLAY[seat].__getitem__, s.hand))
    if s.in_play or s.bases:
        card = state.card if state.copy_of else cards.__getitem__
        used, latched = state.used, state.latched
        uses = _USE[seat]
        for iid in s.in_play:
            c = card(iid)
            if len(c.abilities) > 1:  # else a ship with only its (fired) primary
                for slot in c.usable:
                    key = (iid, slot)
                    if key not in used and (slot in _UNLATCHED or key in latched):
                        acts.append(uses[key])
        for iid in s.bases:
            for slot in card(iid).usable:
                key = (iid, slot)
                if key not in used and (slot in _UNLATCHED or key in latched):
                    acts.append(uses[key])
    if s.heroes:  # a hero waits in play for its owner to use its scrap ability
        uses = _USE[seat]
        for iid in s.heroes:
            for slot in cards[iid].usable:
                if (iid, slot) not in state.used:
                    acts.append(uses[iid, slot])
    trade = pooled(state, seat, "trade") if fmt.team_turns else s.trade
    buys = _BUY[seat]
    if "price" in plain:  # the printed cost
        for iid in state.trade_row:
            if iid != EMPTY and cards[iid].cost <= trade:
                acts.append(buys[iid])
        if state.explorers and cards[state.explorers[-1]].cost <= trade:
            acts.append(buys[state.explorers[-1]])
    else:
        price = fmt.price
        for iid in state.trade_row:
            if iid != EMPTY and price(state, seat, iid) <= trade:
                acts.append(buys[iid])
        if state.explorers and price(state, seat, state.explorers[-1]) <= trade:
            acts.append(buys[state.explorers[-1]])
    if s.trade > 0 and "transfer_targets" not in plain:
        mates = fmt.transfer_targets(state, seat)
        if mates:
            acts.extend(Action("transfer", seat, card=c, target=t)
                        for c in s.discard for t in mates)
    combat = pooled(state, seat, "combat") if fmt.team_turns else s.combat
    if combat > 0:
        # Attacks come once per target at the most they may deal; any smaller amount
        # is legal too (see allows).
        bases, players = attack_targets(state, seat)
        attacks = _ATTACK[seat]
        damage = state.damage
        for iid in bases:
            left = cards[iid].defense - damage.get(iid, 0)  # (remaining_defense)
            if "partial_damage" not in plain and fmt.partial_damage(
                    state, state.owner_of_base(iid)):
                # wear it down over several attacks (Raid); the last point destroys it
                most = min(s.combat, left)
                if most > 0:
                    acts.append(attacks[-1 - iid, most])
            elif 0 < left <= combat:
                acts.append(attacks[-1 - iid, 0])
        # (a team's attack on a player may spend the teammates' combat too: see pooled)
        for target in players:
            acts.append(attacks[target, combat])
    if "extra_actions" not in plain:
        acts.extend(fmt.extra_actions(state, seat))
    if s.missions:  # United: a mission whose objective holds may be revealed
        acts.extend(map(_CLAIM[seat].__getitem__, missions.claimable(state, seat)))
    if s.gambits:  # a face-down gambit may be revealed in its owner's main phase
        acts.extend(map(_GAMBIT[seat].__getitem__, s.gambits))
    return acts


def pooled(state: State, seat: int, pool: str) -> int:
    """Trade or combat this seat can spend: its own, plus its teammates' when the format
    lets a team pool them (Hydra: «могут совместными усилиями уничтожать базы
    противников, складывая очки боя … совместно оплачивать покупку карт»).  An attack
    on a player pools combat too: the team's hits all land on the other team's one
    authority, so one attack paid from two members' combat is the same as each member
    attacking with their own (docs/rules-data.md, Hydra)."""
    own = getattr(state.seats[seat], pool)
    if not state.format.team_turns or seat not in state.turn_members:
        return own
    return own + sum(getattr(state.seats[m], pool) for m in state.turn_members if m != seat)


def pay(state: State, seat: int, pool: str, amount: int) -> None:
    """Spend from the seat's own pool first, then from teammates' in turn order."""
    own = getattr(state.seats[seat], pool)
    if own >= amount:  # (no teammate needs to chip in)
        setattr(state.seats[seat], pool, own - amount)
        return
    payers = [seat] + [m for m in state.turn_members if m != seat]
    for m in payers:
        s = state.seats[m]
        take = min(getattr(s, pool), amount)
        setattr(s, pool, getattr(s, pool) - take)
        amount -= take
        if amount <= 0:
            return
    raise ValueError(f"not enough {pool} to pay")


def amount_range(action: Action) -> tuple[int, int]:
    """The amounts a legal action allows: an attack listed at amount n may deal any
    1..n (a base attack without an amount destroys the base: 0..0)."""
    if action.kind in ("attack_player", "attack_base") and action.amount > 0:
        return 1, action.amount
    return action.amount, action.amount


def allows(legal: Iterable[Action], action: Action) -> bool:
    """Whether ``action`` is in ``legal``, or is one of its attacks with a smaller
    amount (:func:`legal_actions` lists each attack once, at its largest amount)."""
    if action in legal:
        return True
    if action.kind not in ("attack_player", "attack_base") or action.amount <= 0:
        return False
    largest = action._replace(amount=0)
    return any(a.amount >= action.amount and a._replace(amount=0) == largest for a in legal)


def is_legal(state: State, action: Action) -> bool:
    return allows(legal_actions(state), action)


# ---------------------------------------------------------------------- apply


def apply(state: State, action: Action, validate: bool = True, undo: bool = True) -> State:
    """Perform one action in place and return the state.

    Pass ``validate=False`` only with an action taken from :func:`legal_actions`
    of this very state (bots do, to save the second enumeration).  ``undo=False``: a
    game nobody takes moves back in (bots only, a search's playout): no undo is kept,
    every action is a floor, and the check of what it revealed is skipped.
    """
    if validate and not is_legal(state, action):
        raise IllegalAction(f"illegal action {action} (turn {state.turn})")
    state.events = []
    state.effect_ops = 0  # the runaway guard counts effect operations per action
    barrier = state.undo_barrier
    turn = state.turn  # any action that ends a turn (a boss's last step too) is a floor
    kind = action.kind
    # (undo must not take back a reveal; the end of a turn is never undone anyway)
    hidden = None if kind == "end_turn" or not undo else zones.reveal_mark(state, action.seat)
    if state.pending is not None:
        if kind == "stop":
            answer(state, None)
        elif kind == "choose":
            answer(state, action.index)
        elif kind == "pick":
            answer(state, action.card)
        else:
            answer(state, action.target)
    elif kind == "play":
        play_card(state, action.seat, action.card)
    elif kind == "use":
        use_ability(state, action.seat, action.card, action.slot)
    elif kind == "buy":
        pay(state, action.seat, "trade", state.format.price(state, action.seat, action.card))
        acquire(state, action.seat, action.card)
    elif kind == "attack_base":
        _attack_base(state, action.seat, action.card, action.amount)
    elif kind == "transfer":
        state.seats[action.seat].trade -= 1
        zones.transfer_discard(state, action.seat, action.card, action.target)
    elif kind == "attack_player":
        _attack_player(state, action.seat, action.target, action.amount)
    elif kind == "end_turn":
        _end_turn(state)
    elif kind == "claim":
        missions.claim(state, action.seat, action.card)
    elif kind == "gambit":
        gambits.reveal(state, action.seat, action.card)
    elif not state.format.apply_extra(state, action, _end_turn):  # a mode's own kinds

        raise IllegalAction(f"unknown action kind {kind!r}")
    if state.stack:
        resolve(state)
    if state.mission_box is not None:
        missions.note_gains(state)
    if state.pending is None and state.winners is None and not state.seats[state.active].alive:
        _end_turn(state)  # an event (Crisis) took out the player whose turn it was
    if guard.PEAKS is not None:
        guard.note("effect_ops", state.effect_ops)
    state.log = (action, state.log)
    state.log_len += 1
    if (hidden is None or state.winners is not None or state.undo_barrier != barrier
            or state.turn != turn or zones.revealed_since(state, action.seat, hidden)):
        state.undo_floor = state.log_len  # a new turn, a reveal or the end: no way back
    return state


def _attack_base(state: State, seat: int, iid: int, amount: int = 0) -> None:
    left = remaining_defense(state, iid)
    if 0 < amount < left:  # partial damage, kept where the format says (Raid)
        state.seats[seat].combat -= amount
        state.damage[iid] = state.damage.get(iid, 0) + amount
        state.events.append(Damage(seat, iid, amount))
        return
    pay(state, seat, "combat", left)
    owner = zones.destroy_base(state, iid)
    state.events.append(Destroy(seat, iid, owner))


def _attack_player(state: State, seat: int, target: int, amount: int) -> None:
    pay(state, seat, "combat", amount)
    if state.gambit_box is not None:  # Energy Shield: "reduce the damage by 1"
        amount = max(0, amount - gambits.shield(state, target))
    lose_authority(state, target, amount, seat)


# ---------------------------------------------------------------------- turn flow


def _end_turn(state: State) -> None:
    """The turn ends: the discard and draw phases follow for every seat that took it (a
    team turn ends once, for the whole team: «все игроки одной команды одновременно
    отыгрывают основную фазу, затем фазу сброса и фазу добора») and the next turn
    begins."""
    fmt = state.format
    members = state.turn_members or [state.active]
    for seat in members:
        s = state.seats[seat]
        # Discard phase: pools empty, ships and the rest of the hand to the discard pile.
        s.trade = 0
        s.combat = 0
        zones.discard_from_play(state, seat)
        for b in s.bases:
            state.copy_of.pop(b, None)
    for seat in members:
        s = state.seats[seat]
        zones.draw(state, seat, fmt.draw_size(state, seat))  # draw phase
        for iid in s.returns:  # end of turn: back from the scrap heap (Mobile Market)
            zones.return_from_scrap(state, seat, iid)
        s.returns = []
        s.played_factions = {}
        s.bases_played = 0
        s.scrapped_own = s.scrapped_hd = 0
        s.next_acquire = []
        s.allies_of = []  # a hero's "until end of turn" ends
    if state.mission_box is not None:  # every seat's "this turn" starts afresh (an event
        for s in state.seats:           # on another's turn gives no Diversify gains)
            s.tally = missions.Tally()
    state.used.clear()
    state.latched.clear()
    if not fmt.keep_base_damage:
        state.damage.clear()
    state.active = fmt.next_seat(state)
    state.turn += 1
    state.events.append(TurnStart(state.active, state.turn))
    start_turn(state)


def start_turn(state: State) -> None:
    """Beginning of a turn: who takes it, the format's hook, then each member's owed
    discards (the lead's first) and the allies of the bases they have in play."""
    state.turn_members = state.format.turn_members(state, state.active)
    state.format.on_turn_start(state)
    members = turn_seats(state) if state.pending is None else [state.active]
    for seat in reversed(members):  # pushed last = asked first
        s = state.seats[seat]
        owed = min(s.pending_discard, len(s.hand))
        s.pending_discard = 0
        if owed:
            push(state, s.index, -1, (("discard", {"min": owed, "max": owed, "each": ()}),))
    if state.gambit_box is not None:  # face-up gambits' "each turn" abilities
        gambits.start_of_turn(state, members)
    for seat in members:
        update_latches(state, seat)
