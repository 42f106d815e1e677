"""The reducer: what may be done now (:func:`legal_actions`) and doing it (:func:`apply`).

``apply`` is the only way a game changes: it checks the action is legal, performs it,
records its events in ``state.events`` and appends it to ``state.log``.

A chapter's round (RU p.8–11, «Розыгрыш главы»): the initiative holder leads a card
face up or passes the initiative; each other seat with cards, clockwise, surpasses,
copies or pivots; after playing, a leader may declare an ambition and a follower may
seize the initiative; then the seat spends its action symbols one by one.  Of the
basic actions the engine has Tax, Influence, Secure (basic.py), Build, Repair and Move
(fleet.py) and Battle (battle.py).  A seat may leave symbols unspent with ``done``.
A vox card secured or ransacked is resolved first, with ``vox`` actions (vox.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from game.arcs.engine import (
    basic,
    battle,
    court,
    fleet,
    leaders,
    lore,
    prelude,
    slots,
    tactics,
    vox,
)
from game.arcs.engine.deal import finish_deal, redraw
from game.arcs.engine.events import (
    Declared,
    Passed,
    Played,
    Redrew,
    Seized,
)
from game.arcs.engine.rounds import end_round
from game.arcs.engine.scoring import end_chapter
from game.arcs.engine.state import (
    ACT,
    DECIDE,
    DRAFT,
    FOLLOW,
    LEAD,
    NOBODY,
    OVER,
    REDRAW,
    Action,
    State,
)

SEIZING_NUMBER = 7  # «Перебейте главную карту картой с 7.» (RU p.10)
IMPLEMENTED = ("tax", "influence", "secure", "build", "repair", "move", "battle")


class IllegalAction(ValueError):
    """The action is not one of :func:`legal_actions` in this state."""


# ---------------------------------------------------------------------- queries


def acting_seat(state: State) -> int:
    """The seat whose choice the game waits for (-1 once it is over)."""
    if state.step == OVER:
        return NOBODY
    if state.overflow == NOBODY and state.battle is not None and state.battle.phase == "beloved":
        return state.battle.defender  # the Elder's choice after defending
    return state.overflow if state.overflow != NOBODY else state.turn


def declarable(state: State, seat: int) -> list[str]:
    """«Если вы владелец инициативы, можете объявить замысел с вашей главной карты …
    На картах с номером 1 нет замыслов. … Карты с номерами от 2 до 6 позволяют вам
    объявить соответствующий замысел. … Карты с номером 7 позволяют вам объявить любой
    замысел. … Нельзя объявить замысел, если все маркеры замыслов уже помещены на
    клетки.» (RU p.9)  A follower only with Galactic Bards (court.bards_ambitions)."""
    assert state.rules is not None
    if seat != state.initiative:
        return court.bards_ambitions(state, seat)
    if not state.available:
        return []
    ambition = state.card(state.lead).ambition
    if ambition == "none":
        return []
    return list(state.rules.ambitions) if ambition == "any" else [ambition]


def can_seize(state: State, seat: int) -> bool:
    """«Владелец инициативы не может перехватывать её.» «До конца раунда игроки не могут
    перехватывать инициативу» once someone has (RU p.10)."""
    return (seat != state.initiative and state.seized_by == NOBODY
            and bool(state.players[seat].hand))


def legal_actions(state: State) -> list[Action]:
    if state.step == OVER:
        return []
    seat = acting_seat(state)
    player = state.players[seat]
    if state.overflow != NOBODY:  # a resource to place, or one too many (slots.py)
        return slots.choices(state)
    if state.peek is not None:  # Farseers, right after a declare (court.py)
        return court.peek_actions(state)
    if state.step == REDRAW:
        return [Action("redraw", seat), Action("keep", seat)]
    if state.step == DRAFT:
        return leaders.draft_actions(state)
    if state.step == LEAD:
        return [Action("lead", seat, card=c) for c in player.hand] + [
            Action("pass_initiative", seat)]
    if state.step == FOLLOW:
        lead = state.card(state.lead)
        out = []
        for c in player.hand:
            card = state.card(c)
            if card.suit == lead.suit:
                if card.number > state.lead_number:
                    out.append(Action("surpass", seat, card=c))
            else:
                out.append(Action("pivot", seat, card=c))
            out.append(Action("copy", seat, card=c))
        return out
    if state.step == DECIDE:
        # the leaders' declaring boosts and cost (leaders.py): Upstart, Demagogue,
        # Feastbringer
        out = [Action("declare", seat, target=a, card=r or g, source=i, index=to)
               for a in declarable(state, seat) for r in leaders.declare_gains(state, seat)
               for i in leaders.declare_influences(state, seat)
               for g, to in leaders.gifts(state, seat)]
        if can_seize(state, seat):
            out += [Action("seize", seat, card=c) for c in player.hand]
        return out + [Action("proceed", seat)]
    # ACT
    assert state.rules is not None
    if state.vox is not None:
        return vox.legal(state)  # a secured vox card's When Secured effect (vox.py)
    if state.trade is not None:  # Elder Broker's Trade: what to give (court.py)
        return court.trade_actions(state, seat)
    if state.captives_step:  # Pressgang / Execute: one more captive, or stop
        return court.captive_actions(state, seat) + [Action("stop", seat)]
    if state.jump is not None:
        return [Action("jump", seat, source=s, target=t, fresh=f, damaged=d)
                for s, t, f, d in fleet.jump_targets(state)
                if tactics.keeps_battle(state, seat, s, t, f, d)] + [Action("stop", seat)]
    if state.battle is not None:
        return battle.legal(state, seat)
    if state.sprint is not None:  # Sprinter Drives: one more step, or stop
        return [Action("sprint", seat, source=s, target=t, fresh=f)
                for s, t, f, d in fleet.sprint_targets(state)
                if tactics.keeps_battle(state, seat, s, t, f, d)] + [Action("stop", seat)]
    if state.extra == "after":  # the Warrior's move / Feastbringer's influence, or none
        return tactics.after(state, seat) + [Action("done", seat)]
    if state.extra == "must":  # the extra action came first: the card's action follows
        main = tactics.main_action(state, seat)
        return [a for a in _actions(state, seat, {main}) if a.kind == main]
    if state.free:
        # a spent resource's action: one of these, or a new action replacing one
        return _actions(state, seat, set(state.free)) + [Action("forgo", seat)]
    allowed = set(state.rules.suits[state.budget_suit].actions)
    if state.armed:
        allowed.add("battle")  # «Оружие. В этот ход можете потратить любые символы …»
    out = _actions(state, seat, allowed) + tactics.before(state, seat, allowed)
    if state.prelude:
        out += _prelude_actions(state, seat)
    return out + [Action("done", seat)]


def _actions(state: State, seat: int, actions: set[str]) -> list[Action]:
    """The basic actions of the kinds given, and the new actions replacing them."""
    out: list[Action] = []
    for part in _action_parts(state, seat, actions):
        out += part
    return out


def _has_actions(state: State, seat: int, actions: set[str]) -> bool:
    """``bool(_actions(state, seat, actions))``, stopping at the first kind that has one
    (the prelude asks it of every resource it could spend)."""
    return any(_action_parts(state, seat, actions))


def _action_parts(state: State, seat: int, actions: set[str]) -> Iterator[list[Action]]:
    """:func:`_actions`, kind by kind in its order (each part a list, maybe empty)."""
    if "tax" in actions:
        yield [Action("tax", seat, target=p, index=i, card=k)
               for p, i in basic.tax_targets(state, seat) for k in lore.tax_kinds(state, p)]
    if "influence" in actions:
        yield [Action("influence", seat, index=i)
               for i in basic.influence_targets(state, seat)]
    if "secure" in actions:
        yield [Action("secure", seat, index=i) for i in basic.secure_targets(state, seat)]
    if "build" in actions:
        yield [Action("build", seat, card=k, target=p, index=i)
               for k, p, i in fleet.build_targets(state, seat)]
    if "repair" in actions:
        yield [Action("repair", seat, card=k, target=p, index=i)
               for k, p, i in fleet.repair_targets(state, seat)]
    if "move" in actions:
        # from plain tuples (the same Actions as keywords give): the longest list there is
        make = Action._make
        yield [make(("move", seat, "", t, -1, s, f, d))
               for s, t, f, d in fleet.move_targets(state, seat)]
    if "battle" in actions:
        yield [Action("battle", seat, target=t, index=d)
               for t, d in battle.battle_targets(state, seat)]
    yield court.new_actions(state, seat, actions)
    yield lore.new_actions(state, seat, actions)


def _prelude_actions(state: State, seat: int) -> list[Action]:
    """Spending resources (prelude.py) and guild cards' prelude abilities (court.py).
    A resource is offered for an action only when that action has a target now; Weapon
    when it adds Battle to the card."""
    out = []
    useful: dict[str, bool] = {}
    for r, t in prelude.spend_options(state, seat):
        if t not in useful:
            pays = prelude.pays_for(state, t)
            useful[t] = pays == ("battle",) or _has_actions(state, seat, set(pays))
        if useful[t]:
            out.append(Action("spend", seat, card=t, target=r))
    return out + court.prelude_actions(state, seat)


# ---------------------------------------------------------------------- apply


def apply(state: State, action: Action, trusted: bool = False) -> None:
    """Apply ``action`` to ``state``.  Anything from outside (a phone, a save, a command)
    is checked against :func:`legal_actions`; ``trusted``: the caller took ``action``
    from ``legal_actions(state)`` itself (bots, bot games, the table's own choices, the
    replay of a verified log), so the check, which recomputes the whole legal list, is
    skipped.  Both change the game identically (tests/test_arcs_trusted_apply.py)."""
    if not trusted and action not in legal_actions(state):
        raise IllegalAction(f"not legal now: {action}")
    state.events = []
    _HANDLERS[action.kind](state, action)
    battle.settle_outrage(state)
    if state.log is not None:
        state.log.append(action)


def apply_trusted(state: State, action: Action) -> None:
    """:func:`apply` of an action taken from ``legal_actions(state)`` (no second check)."""
    apply(state, action, trusted=True)


def _lead(state: State, a: Action) -> None:
    """«Если вы владелец инициативы, вы должны разыграть одну карту действия лицевой
    стороной вверх в качестве главной.» (RU p.8)"""
    player = state.players[a.seat]
    player.hand.remove(a.card)
    card = state.card(a.card)
    state.lead = a.card
    state.lead_number = card.number
    state.plays = [(a.seat, a.card, "lead")]
    state.passed = []
    state.seized_by = NOBODY
    state.declared = False
    state.to_follow = [(a.seat + i) % state.n for i in range(1, state.n)]
    state.events.append(Played(a.seat, a.card, "lead"))
    _start_turn(state, card.suit, card.pips, decide=bool(declarable(state, a.seat)))


def _pass(state: State, a: Action) -> None:
    """«Если у вас маркер инициативы, но нет карт в руке или вы хотите просто пропустить
    ход, вы должны передать инициативу. Её получит следующий по часовой стрелке игрок,
    у которого есть карты в руке. Затем немедленно закончите раунд. … Если все игроки с
    картами в руке пропускают ход, сбросьте все карты действий и завершите главу.» and
    «Владелец инициативы начинает следующую главу!» (RU p.18): the last pass of a
    chapter hands the marker on like any other, before the hands are discarded, so the
    next seat clockwise with cards starts the next chapter (docs/arcs-rulings.md)."""
    if state.players[a.seat].hand and a.seat not in state.passed:
        state.passed.append(a.seat)
    holding = state.seats_with_cards()
    # Chosen before the hands are discarded: "with cards" means at the moment of passing.
    to = next((s for i in range(1, state.n + 1)
               if state.players[s := (a.seat + i) % state.n].hand), a.seat)
    ends = not holding or all(s in state.passed for s in holding)
    if not (ends and state.config.last_pass_keeps):
        state.initiative = to
    if ends:
        state.events.append(Passed(a.seat, NOBODY))
        for p in state.players:
            state.action_discard.extend(p.hand)
            p.hand = []
        state.passed = []
        end_chapter(state)
        return
    state.turn = to
    state.events.append(Passed(a.seat, to))


def _follow(state: State, a: Action) -> None:
    """«Перебить. … той же масти, что и главная. Её номер должен быть больше, чем номер
    главной. Ваш максимум выполняемых действий равен количеству символов действий на
    вашей карте. Скопировать. Разыграйте любую карту действия лицевой стороной вниз. Вы
    можете выполнить только одно действие с главной карты. Изменить. … масть которой
    отличается от главной. … Вы можете выполнить только одно действие с вашей карты.»"""
    state.players[a.seat].hand.remove(a.card)
    card = state.card(a.card)
    state.plays.append((a.seat, a.card, a.kind))
    state.events.append(Played(a.seat, a.card, a.kind))
    lead_suit = state.card(state.lead).suit
    if a.kind == "surpass":
        suit, pips = lead_suit, card.pips
        if card.number == SEIZING_NUMBER and state.seized_by == NOBODY:
            # «Перебивая картой с 7, вы обязаны перехватить инициативу, если она ещё не
            # была перехвачена.»
            state.seized_by = a.seat
            state.events.append(Seized(a.seat, ""))
    elif a.kind == "copy":
        suit, pips = lead_suit, 1
    else:
        suit, pips = card.suit, 1
    _start_turn(state, suit, pips,
                decide=can_seize(state, a.seat) or bool(declarable(state, a.seat)))


def _start_turn(state: State, suit: str, pips: int, decide: bool) -> None:
    state.budget = pips
    state.budget_suit = suit
    state.taxed = []
    state.built = []
    state.jump = None
    state.battle = None
    state.prelude = True
    state.spent, state.free, state.armed, state.used, state.new_guild = [], (), False, [], []
    state.extra, state.sprint = "", None
    state.step = DECIDE if decide else ACT


def _declare(state: State, a: Action) -> None:
    """«Возьмите маркер замысла с наибольшим номером из области «Доступные маркеры» …
    Поместите маркер нуля на главную карту, накрывая её номер … – теперь он равен 0.»
    «Объявление замысла не меняет количество символов действий на вашей карте.»"""
    marker = max(state.available, key=state.marker_values)
    state.available.remove(marker)
    state.markers_on.setdefault(a.target, []).append(marker)
    follower = a.seat != state.initiative  # Galactic Bards: «Do not place the zero marker»
    if not follower and not any(a.target in ab.params["ambitions"]
                                for ab in court.holds(state, a.seat, "declare_without_zero")):
        state.lead_number = 0
    state.events.append(Declared(a.seat, a.target, marker))
    state.step = DECIDE if follower and can_seize(state, a.seat) else ACT
    if a.index >= 0:  # declare_cost_give_guild_card (leaders.gifts)
        leaders.give(state, a.seat, a.card, a.index)
    elif a.card:  # on_declare_gain
        basic.gain_resource(state, a.seat, a.card)
    for i in filter(None, a.source.split(",")):  # on_declare_influence_each
        basic.influence(state, a.seat, int(i))
    court.declared(state, a.seat)  # Farseers' look; the round's declaration


def _seize(state: State, a: Action) -> None:
    """«Разыграйте дополнительную карту действия. Поместите её лицевой стороной вниз под
    разыгранную карту в качестве напоминания. Вы не получаете действий с ней.»"""
    state.players[a.seat].hand.remove(a.card)
    state.seize_cards.append((a.seat, a.card))
    state.seized_by = a.seat
    state.events.append(Seized(a.seat, a.card))
    state.step = DECIDE if declarable(state, a.seat) else ACT  # Galactic Bards


def _proceed(state: State, a: Action) -> None:
    state.step = ACT


def _pay(state: State) -> None:
    """A basic or new action is paid by the pending free action of a spent resource, or
    by a symbol of the card, which ends the prelude."""
    if state.free:
        state.free = ()
    else:
        state.budget -= 1
        if state.prelude:
            prelude.end(state)


def _basic(state: State, a: Action) -> None:
    by_card = not state.free
    _pay(state)
    if a.kind == "secure":
        slot = state.court[a.index]
        assert slot is not None
        if state.prelude:
            state.new_guild.append(slot.card)
    if a.kind == "tax":
        basic.tax(state, a.seat, a.target, a.index, lore.taxed_type(state, a.target, a.card))
        if by_card:
            _follow_gain(state, a)
    elif a.kind == "influence":
        basic.influence(state, a.seat, a.index)
    elif a.kind == "secure":
        basic.secure(state, a.seat, a.index)
    elif a.kind == "build":
        fleet.build(state, a.seat, a.card, a.target, a.index)
    elif a.kind == "repair":
        fleet.repair(state, a.seat, a.card, a.target, a.index)
    elif a.kind == "battle":
        battle.begin(state, a.seat, a.target, a.index)
    else:
        fleet.move(state, a.seat, a.source, a.target, a.fresh, a.damaged, jumping=False)
    if by_card:
        tactics.card_action_done(state, a.seat, a.kind)
    _maybe_end_turn(state)


def _lore(state: State, a: Action) -> None:
    """A lore card's new action (lore.py) instead of the basic one it replaces.  A
    Nurture is a tax: a copied or pivoted card's symbol gains the Mystic's Psionic too
    («усилители налогов влияют на содержащееся в нём действие сбора налогов», p.20)."""
    by_card = not state.free
    _pay(state)
    lore.use(state, a)
    if a.kind == "nourish" and by_card:
        _follow_gain(state, a._replace(kind="tax"))
    if state.battle is not None:  # Fire Rifles: the hits, if any
        battle.advance(state, a.seat)
    _maybe_end_turn(state)


def _step(state: State, a: Action) -> None:
    """Sprinter Drives' ``sprint``, the Warrior's / Feastbringer's ``extra`` action, the
    Elder's ``beloved`` influence after defending."""
    if a.kind == "sprint":
        fleet.sprint(state, a.seat, a.source, a.target, a.fresh)
    elif a.kind == "extra":
        tactics.extra(state, a)
    else:
        battle.beloved(state, a)
    _maybe_end_turn(state)


def _follow_gain(state: State, a: Action) -> None:
    """The Mystic, the Fuel-Drinker (``follow_gain``): «Copy/Pivot to tax: also gain 1
    Psionic / Fuel» (facts §9) — each Tax paid by the symbol of a copied or pivoted card
    (not one paid by a spent resource)."""
    mode = next((m for s, _, m in reversed(state.plays) if s == a.seat), "")
    if mode not in ("copy", "pivot"):
        return
    for ab in leaders.holds(state, a.seat, "follow_gain", action=a.kind):
        basic.gain_resource(state, a.seat, ab.params["resource"])


def _new(state: State, a: Action) -> None:
    _pay(state)
    court.use_new(state, a)
    _maybe_end_turn(state)


def _spend(state: State, a: Action) -> None:
    prelude.spend(state, a)


def _forgo(state: State, a: Action) -> None:
    """«You can always spend a resource for no effect» (facts §8)."""
    state.free = ()


def _guild(state: State, a: Action) -> None:
    court.use_prelude(state, a)


def _maybe_end_turn(state: State) -> None:
    if state.extra == "after" and (state.battle is None and state.vox is None
                                   and state.jump is None and state.sprint is None):
        if tactics.after(state, state.turn):
            return  # the extra action may still follow (or ``done``)
        state.extra = "used"
    if state.sprint is not None:
        return
    if (state.budget == 0 and state.overflow == NOBODY and state.jump is None
            and state.battle is None and state.vox is None and not state.captives_step
            and state.peek is None and state.trade is None):
        _end_turn(state)


def _jump(state: State, a: Action) -> None:
    """A hyperjump step: no action symbol is spent, the move already paid for it."""
    fleet.move(state, a.seat, a.source, a.target, a.fresh, a.damaged, jumping=True)
    _maybe_end_turn(state)


def _stop(state: State, a: Action) -> None:
    """Ends a hyperjump, a raid (keys left unspent are lost), or Pressgang / Execute."""
    if state.captives_step:
        state.captives_step = ""
    elif state.sprint is not None:
        state.sprint = None
    elif state.jump is not None:
        j, state.jump = state.jump, None
        fleet.end_move(state, a.seat, j.system, j.fresh)
    else:
        battle.finish(state, a.seat)
    _maybe_end_turn(state)


def _fight(state: State, a: Action) -> None:
    """A step of the battle under way (battle.py)."""
    assert state.battle is not None
    if a.kind == "die":
        state.battle.dice.append(a.card)
    elif a.kind == "roll":
        battle.roll(state, a.seat)
    elif a.kind == "reroll":
        battle.reroll(state, a.seat, a.card, a.fresh)
    elif a.kind == "keep_roll":
        state.battle.phase = "own"
    elif a.kind == "hit":
        battle.hit(state, a.seat, a)
    elif a.kind == "ransack":
        battle.ransack(state, a.seat, a.index)
    else:
        battle.steal(state, a.seat, a)
    if state.battle is not None and state.vox is None:
        battle.advance(state, a.seat)
    _maybe_end_turn(state)


def _vox(state: State, a: Action) -> None:
    """A step of a secured vox card's effect; a battle that ransacked it goes on."""
    vox.resolve(state, a)
    if state.battle is not None and state.vox is None:
        battle.advance(state, a.seat)
    _maybe_end_turn(state)


def _guild_choice(state: State, a: Action) -> None:
    """Farseers' look and swap, Elder Broker's give (court.py)."""
    {"look": court.look, "swap": court.swap, "give": court.give}[a.kind](state, a)
    if state.step == ACT:  # a follower's declare (Galactic Bards) may still seize
        _maybe_end_turn(state)


def _captive(state: State, a: Action) -> None:
    court.take_captive(state, a)
    _maybe_end_turn(state)


def _discard(state: State, a: Action) -> None:
    """Placing a resource taken or gained: ``place``, ``reslot``, ``discard`` (slots.py)."""
    slots.choose(state, a)
    if state.step == ACT:
        _maybe_end_turn(state)


def _done(state: State, a: Action) -> None:
    _end_turn(state)


def _end_turn(state: State) -> None:
    prelude.end(state)
    state.armed = False
    state.used = []
    state.budget = 0
    state.taxed = []
    state.built = []
    state.jump = None
    state.battle = None
    state.captives_step = ""
    state.extra, state.sprint = "", None
    while state.to_follow:
        seat = state.to_follow.pop(0)
        if state.players[seat].hand:  # «Те, у кого нет карт в руке, пропускают ход.»
            state.turn = seat
            state.step = FOLLOW
            return
    end_round(state)


def _draft(state: State, a: Action) -> None:
    leaders.draft(state, a)


def _redraw(state: State, a: Action) -> None:
    if a.kind == "redraw":
        redraw(state, a.seat)
        state.events.append(Redrew(a.seat))
    finish_deal(state)


_HANDLERS = {
    "lead": _lead, "pass_initiative": _pass, "surpass": _follow, "copy": _follow,
    "pivot": _follow, "declare": _declare, "seize": _seize, "proceed": _proceed,
    "tax": _basic, "influence": _basic, "secure": _basic, "build": _basic,
    "repair": _basic, "move": _basic, "battle": _basic, "jump": _jump, "stop": _stop,
    "die": _fight, "roll": _fight, "reroll": _fight, "keep_roll": _fight, "hit": _fight,
    "ransack": _fight, "steal": _fight,
    "discard": _discard, "place": _discard, "reslot": _discard,
    "spend": _spend, "forgo": _forgo, "guild": _guild, "new": _new,
    "done": _done, "redraw": _redraw, "keep": _redraw, "vox": _vox,
    "captive": _captive, "draft": _draft,
    "look": _guild_choice, "swap": _guild_choice, "give": _guild_choice,
    "build_ship_at_city": _lore, "rifle_volley": _lore, "nourish": _lore, "transform": _lore,
    "sprint": _step, "extra": _step, "beloved": _step,
}
