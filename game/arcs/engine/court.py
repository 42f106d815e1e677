"""What secured guild cards do (RU p.17, p.20): a dispatcher keyed on the ability's kind
(game/arcs/engine/vocabulary.py), never on a card's id or name.

«Карты гильдий приносят новые действия и усилители» (RU p.17).  A prelude ability is a
``guild`` action (:data:`PRELUDE`), a new action a ``new`` action (:data:`NEW`), and the
passive abilities and boosts are asked for where they apply (:func:`holds`).  A kind with
no handler here is *not yet* implemented: it never shows in the legal actions, and
docs/arcs-rulings.md lists the cards it leaves incomplete (:func:`missing`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from game.arcs.engine import cartels, leaders, slots
from game.arcs.engine.basic import discard_resource, gain_resource, receive_resource
from game.arcs.engine.components import Ability, CourtCard
from game.arcs.engine.events import (
    DrewFromDiscard,
    GuildUsed,
    Looked,
    Seized,
    Stole,
    Swapped,
    Traded,
)
from game.arcs.engine.state import NOBODY, Action, State
from game.arcs.engine.vocabulary import RESOURCES

# Passive abilities and boosts the engine applies (where: the module that asks).
PASSIVE: frozenset[str] = frozenset({
    "spend_any_as",  # prelude.py
    "outrage_keeps_prelude",  # prelude.py
    "keep_on_outrage",  # battle.outrage
    "protect_from_theft",  # here (steal) and battle.steal_targets
    "bury_when_stolen",  # here and battle.steal
    "extra_dice",  # battle.dice_choices
    "reroll_dice",  # battle.reroll_choices
    "declare_without_zero",  # rules._declare
    "hold_supply",  # cartels.held (scoring.ambition_count) and here (steal)
    "discard_after_scoring",  # cartels.discard_after_scoring (scoring.end_chapter)
    "declare_look_and_swap",  # here (declared, peek_actions)
    "declare_when_following",  # here (bards_ambitions) and rules.declarable
})


def card(state: State, card_id: str) -> CourtCard:
    assert state.rules is not None
    return next(c for c in state.rules.court if c.id == card_id)


def abilities(state: State, seat: int, when: str) -> Iterator[tuple[str, int, Ability]]:
    """The seat's secured guild cards' abilities of one timing: (card, index, ability)."""
    for c in state.players[seat].guild:
        for i, ab in enumerate(card(state, c).abilities):
            if ab.when == when:
                yield c, i, ab


def holds(state: State, seat: int, kind: str, **params: object) -> list[Ability]:
    """The seat's passive abilities and boosts of the kind whose parameters match: its
    guild cards', then its leader's and lore cards' (Leaders & Lore, leaders.py)."""
    return [ab for c in state.players[seat].guild for ab in card(state, c).abilities
            if ab.kind == kind and ab.when in ("passive", "boost")
            and all(ab.params.get(k) == v for k, v in params.items())] + [
        ab for ab in leaders.holds(state, seat, kind, **params)
        if ab.when in ("passive", "boost")]


def discard_guild(state: State, seat: int, card_id: str) -> None:
    """«Поместите её лицевой стороной вверх в стопку сброса двора» (RU p.20)."""
    state.players[seat].guild.remove(card_id)
    state.court_discard.append(card_id)


def protected(state: State, victim: int, taken: str = "") -> bool:
    """Sworn Guardians (``protect_from_theft``): rivals cannot steal the victim's
    resources or *other* guild cards while it holds the card; the card itself may be
    taken (``taken``), which opens the rest."""
    return any(ab.kind == "protect_from_theft" and c != taken
               for c in state.players[victim].guild for ab in card(state, c).abilities)


def take_guild_card(state: State, seat: int, victim: int, card_id: str) -> None:
    """A guild card stolen from a rival; ``bury_when_stolen`` sends it under the court
    deck instead (the deck's bottom is its first item)."""
    state.players[victim].guild.remove(card_id)
    if any(ab.kind == "bury_when_stolen" for ab in card(state, card_id).abilities):
        state.court_deck.insert(0, card_id)
    else:
        state.players[seat].guild.append(card_id)


def weapon_icons(state: State, seat: int) -> int:
    """Weapon resources and Weapon guild cards (facts §7, Skirmishers / Court Enforcers)."""
    p = state.players[seat]
    return p.resources.count("weapon") + sum(card(state, c).suit == "weapon" for c in p.guild)


# ---------------------------------------------------------------------- prelude kinds

Targets = Callable[[State, int, str, int, Ability], list[Action]]
Do = Callable[[State, Action, Ability], str]


def _guild(seat: int, c: str, i: int, target: str = "", source: str = "") -> Action:
    return Action("guild", seat, card=c, index=i, target=target, source=source)


def _place_ships_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """«discard to place 3 ships in a system you control» / «1 ship in every in-play gate»
    (facts §7).  The gates version is offered only with a ship for every gate."""
    assert state.rules is not None and state.topology is not None
    ships = state.players[seat].ships
    if ships == 0:
        return []
    if ab.params["where"] == "controlled_system":
        return [_guild(seat, c, i, target=s) for s in state.topology.systems
                if state.controls(seat, s)]
    if ab.params["where"] == "each_in_play_gate":
        gates = [s for s in state.topology.systems if state.rules.map.systems[s].kind == "gate"]
        return [_guild(seat, c, i)] if ships >= len(gates) * ab.params["count"] else []
    return []  # each_system_of_a_cluster: a vox effect (not yet)


def _place_ships(state: State, a: Action, ab: Ability) -> str:
    assert state.rules is not None and state.topology is not None
    player = state.players[a.seat]
    if a.target:
        n = min(ab.params["count"], player.ships)
        state.fresh[a.target][a.seat] += n
        player.ships -= n
        return f"{n}@{a.target}"
    for s in state.topology.systems:
        if state.rules.map.systems[s].kind == "gate":
            state.fresh[s][a.seat] += ab.params["count"]
            player.ships -= ab.params["count"]
    return "gates"


def _played_face_up(state: State, seat: int) -> str:
    """The seat's card played face up this round ("" if copied face down)."""
    return next((c for s, c, mode in state.plays if s == seat and mode != "copy"), "")


def _attach_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """«Пролог. Можете поместить эту карту рядом с картой руководства, разыгранной лицевой
    стороной вверх.» (RU p.20)"""
    played = _played_face_up(state, seat)
    if not played or state.card(played).suit != ab.params["suit"]:
        return []
    if any(x[2] == played for x in state.attached):
        return []
    return [_guild(seat, c, i, target=played)]


def _attach(state: State, a: Action, ab: Ability) -> str:
    """«Когда раунд закончится, возьмите ту карту в руку, а эту сбросьте.» (rules.py)"""
    state.players[a.seat].guild.remove(a.card)
    state.attached.append((a.seat, a.card, a.target))
    return a.target


def _fill_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Gain the type up to the empty slots; «once the supply runs out, steal the rest from
    rivals» — that part is not yet: the ability is offered only while the supply can
    fill every empty slot."""
    empty = state.resource_capacity(seat) - len(slots.held(state.players[seat]))
    return [_guild(seat, c, i)] if 1 <= empty <= state.supply[ab.params["resource"]] else []


def _fill(state: State, a: Action, ab: Ability) -> str:
    empty = state.resource_capacity(a.seat) - len(slots.held(state.players[a.seat]))
    for _ in range(empty):
        gain_resource(state, a.seat, ab.params["resource"])
    return str(empty)


def _gain_each_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    return [_guild(seat, c, i)]


def _gain_each(state: State, a: Action, ab: Ability) -> str:
    got = [r for r in ab.params["resources"] if gain_resource(state, a.seat, r)]
    return ",".join(got)


def _exchange_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Relic Fence: «discard 1 resource to gain 1 Relic» once per turn (facts §7)."""
    gain = ab.params["gain"]
    if state.supply[gain] == 0:
        return []
    return [_guild(seat, c, i, target=r)
            for r in sorted(set(slots.held(state.players[seat]))) if r != gain]


def _exchange(state: State, a: Action, ab: Ability) -> str:
    discard_resource(state, a.seat, a.target)
    gain_resource(state, a.seat, ab.params["gain"])
    return a.target


def _seize_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Lattice Spies: seize «before any other actions», with the normal limits: «Владелец
    инициативы не может перехватывать её»; once a round (RU p.10)."""
    if seat == state.initiative or state.seized_by != NOBODY:
        return []
    if ab.params.get("before_other_actions") and (state.spent or state.used or state.armed):
        return []
    return [_guild(seat, c, i)]


def _seize(state: State, a: Action, ab: Ability) -> str:
    state.seized_by = a.seat
    state.events.append(Seized(a.seat, ""))
    return ""


def _steal_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Steal 1 resource (of the type, or any) or 1 guild card from a rival; Sworn
    Guardians protect the rest of their holder's things.  A resource may also come from
    the supply a rival's Cartel holds (``fresh=1``): «this includes resources held on
    cards» (facts §7, Silver-Tongues)."""
    assert ab.params["count"] == 1
    what, kind = ab.params["what"], ab.params.get("resource", "any")
    out = []
    for victim in range(state.n):
        if victim == seat:
            continue
        p = state.players[victim]
        if what != "guild_card" and not protected(state, victim):
            out += [_guild(seat, c, i, target=r, source=str(victim))
                    for r in sorted(set(slots.held(p))) if kind in ("any", r)]
            out += [Action("guild", seat, card=c, index=i, target=r, source=str(victim),
                           fresh=1)
                    for r in sorted(state.supply) if kind in ("any", r)
                    and cartels.held(state, victim, r)]
        if what != "resource":
            out += [_guild(seat, c, i, target=g, source=str(victim))
                    for g in p.guild if not protected(state, victim, g)]
    return out


def _steal(state: State, a: Action, ab: Ability) -> str:
    assert state.rules is not None
    victim = int(a.source)
    if a.target in state.rules.resources:
        if a.fresh:  # from the supply on the victim's Cartel
            state.supply[a.target] -= 1
        else:
            slots.remove(state, victim, a.target)
        receive_resource(state, a.seat, a.target)
        state.events.append(Stole(a.seat, victim, a.target, "", 0))
    else:
        take_guild_card(state, a.seat, victim, a.target)
        state.events.append(Stole(a.seat, victim, "", a.target, 0))
    return a.target


def _redraw_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Farseers: «Prelude: You may discard this and any number of cards from your hand.
    Draw the same number of cards (including Farseers) from the bottom of the action
    discard pile.»  One action names the cards discarded (``source``, comma-separated,
    any subset of the hand); offered while the pile has a card to draw."""
    if not state.action_discard:
        return []
    hand = sorted(state.players[seat].hand)
    return [_guild(seat, c, i, source=",".join(cards))
            for k in range(len(hand) + 1) for cards in combinations(hand, k)]


def _redraw(state: State, a: Action, ab: Ability) -> str:
    """The cards go face down onto the pile (its top is the list's end); then count
    (+ one per card discarded) are drawn from its bottom (the list's start), as many as
    there are."""
    player = state.players[a.seat]
    gone = [x for x in a.source.split(",") if x]
    for x in gone:
        player.hand.remove(x)
    state.action_discard.extend(gone)
    n = ab.params["count"] + (len(gone) if ab.params.get("plus_discarded") else 0)
    drawn = state.action_discard[:n]
    del state.action_discard[:n]
    player.hand.extend(drawn)
    state.events.append(DrewFromDiscard(a.seat, tuple(gone), tuple(drawn)))
    return str(len(drawn))  # no card names: the other seats see only how many


PRELUDE: dict[str, tuple[Targets, Do]] = {
    "place_ships": (_place_ships_targets, _place_ships),
    "attach_to_played": (_attach_targets, _attach),
    "fill_empty_slots": (_fill_targets, _fill),
    "gain_resources": (_gain_each_targets, _gain_each),
    "exchange_resource": (_exchange_targets, _exchange),
    "seize_initiative": (_seize_targets, _seize),
    "steal": (_steal_targets, _steal),
    "draw_from_action_discard": (_redraw_targets, _redraw),
}


def prelude_actions(state: State, seat: int) -> list[Action]:
    """«Нельзя выполнять действия пролога с карт, присвоенных вами со двора в том же
    прологе.» (RU p.20)"""
    out: list[Action] = []
    for c, i, ab in abilities(state, seat, "prelude"):
        if c in state.new_guild or (ab.once_per_turn and c in state.used):
            continue
        handler = PRELUDE.get(ab.kind)
        if handler is not None:
            out += handler[0](state, seat, c, i, ab)
    return out


def use_prelude(state: State, a: Action) -> None:
    ab = card(state, a.card).abilities[a.index]
    detail = PRELUDE[ab.kind][1](state, a, ab)
    state.used.append(a.card)
    if ab.discard:
        discard_guild(state, a.seat, a.card)
    state.events.append(GuildUsed(a.seat, a.card, ab.kind, detail, ab.discard))


# ---------------------------------------------------------------------- new actions


def _gain_one_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Manufacture / Synthesize (Build): «gain 1 Material» / «gain 1 Fuel»."""
    return [Action("new", seat, card=c, source=ab.params["action"])]


def _gain_one(state: State, a: Action, ab: Ability) -> str:
    return ab.params["resource"] if gain_resource(state, a.seat, ab.params["resource"]) else ""


def _abduct_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Abduct (Battle): «capture all rival agents on one court card, if the card holds
    fewer rival agents than your total Weapon icons» (facts §7)."""
    icons = weapon_icons(state, seat)
    out = []
    for k, slot in enumerate(state.court):
        if slot is None:
            continue
        rivals = sum(n for s, n in enumerate(slot.agents) if s != seat)
        if 0 < rivals < icons:
            out.append(Action("new", seat, card=c, index=k, source=ab.params["action"]))
    return out


def _abduct(state: State, a: Action, ab: Ability) -> str:
    slot = state.court[a.index]
    assert slot is not None
    for s, n in enumerate(slot.agents):
        if s != a.seat:
            state.players[a.seat].captives.extend([s] * n)
            slot.agents[s] = 0
    return slot.card


def _captive_choices(state: State, seat: int, step: str) -> list[tuple[int, str]]:
    """(captive's owner, resource gained) for one more captive of Pressgang / Execute."""
    owners = sorted(set(state.players[seat].captives))
    if step == "execute":
        return [(o, "") for o in owners]
    kinds = [r for r in RESOURCES if state.supply[r] > 0] or [""]
    return [(o, r) for o in owners for r in kinds]


def _captives_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Prison Wardens: «Pressgang (Build): return any number of your captives and gain
    any 1 resource for each.» «Execute (Influence): move any number of your captives to
    your trophies.» (facts §7)  The action takes the first captive; then ``captive``
    actions take one more each, until ``stop`` or no captive is left."""
    step = ab.params["action"]
    return [Action("new", seat, card=c, index=o, target=r, source=step)
            for o, r in _captive_choices(state, seat, step)]


def _take_captive(state: State, a: Action, ab: Ability) -> str:
    state.captives_step = ab.params["action"]
    return _captive(state, a.seat, a.index, a.target)


def _captive(state: State, seat: int, owner: int, resource: str) -> str:
    player = state.players[seat]
    player.captives.remove(owner)
    if state.captives_step == "execute":
        # «trophies»: the agent counts for Warlord and goes home when Warlord is scored
        player.trophies.append((owner, "agent"))
    else:
        state.players[owner].agents += 1
        if resource:
            gain_resource(state, seat, resource)
    if not player.captives:
        state.captives_step = ""
    return f"{owner}:{resource}"


def captive_actions(state: State, seat: int) -> list[Action]:
    return [Action("captive", seat, index=o, target=r)
            for o, r in _captive_choices(state, seat, state.captives_step)]


def take_captive(state: State, a: Action) -> None:
    step = state.captives_step
    detail = _captive(state, a.seat, a.index, a.target)
    state.events.append(GuildUsed(a.seat, "", step, detail))


def _trade_targets(state: State, seat: int, c: str, i: int, ab: Ability) -> list[Action]:
    """Elder Broker: «Trade (Tax): Choose a Rival city you control. Swap 1 resource with
    that Rival—take a resource of that city type from them, and give them a resource
    they don't have.»  This action picks the city (a planet's: a gate city's type is
    not one); ``give`` then picks what is given.  Offered only when both halves can
    happen: the rival holds the city's type, and the seat a type the rival lacks."""
    assert state.rules is not None
    mine = set(slots.held(state.players[seat]))
    out = []
    for planet, places in state.buildings.items():
        system = state.rules.map.systems[planet]
        if system.kind == "gate" or not state.controls(seat, planet):
            continue
        for k, b in enumerate(places):
            if b is None or b.kind != "city" or b.seat == seat:
                continue
            theirs = state.players[b.seat].resources
            if system.type in theirs and mine - set(theirs):
                out.append(Action("new", seat, card=c, index=k, target=planet,
                                  source=ab.params["action"]))
    return out


def _trade(state: State, a: Action, ab: Ability) -> str:
    state.trade = (a.target, a.index)
    return a.target


def trade_actions(state: State, seat: int) -> list[Action]:
    """The second half of a Trade: a type the rival does not have (before the swap)."""
    assert state.trade is not None
    planet, slot = state.trade
    city = state.buildings[planet][slot]
    assert city is not None
    theirs = set(state.players[city.seat].resources)
    return [Action("give", seat, target=r)
            for r in sorted(set(slots.held(state.players[seat])) - theirs)]


def give(state: State, a: Action) -> None:
    """Both halves at once, so the slots never overflow: each side loses one resource
    (the rightmost of its type) and gains one."""
    assert state.rules is not None and state.trade is not None
    planet, slot = state.trade
    state.trade = None
    city = state.buildings[planet][slot]
    assert city is not None
    kind = state.rules.map.systems[planet].type
    slots.replace(state, city.seat, kind, a.target)
    slots.replace(state, a.seat, a.target, kind)
    state.events.append(Traded(a.seat, city.seat, kind, a.target))


NEW: dict[str, tuple[Targets, Do]] = {
    "manufacture": (_gain_one_targets, _gain_one),
    "synthesize": (_gain_one_targets, _gain_one),
    "abduct": (_abduct_targets, _abduct),
    "pressgang": (_captives_targets, _take_captive),
    "execute": (_captives_targets, _take_captive),
    "trade": (_trade_targets, _trade),
}


def new_actions(state: State, seat: int, basic: set[str]) -> list[Action]:
    """«Когда вы собираетесь выполнить обычное действие, тратя для этого символ действия
    или ресурс не под запретом, можете вместо обычного выполнить это новое действие.»
    (RU p.20)"""
    out: list[Action] = []
    for c, i, ab in abilities(state, seat, "new_action"):
        handler = NEW.get(ab.params["action"])
        if handler is not None and ab.params["replaces"] in basic:
            out += handler[0](state, seat, c, i, ab)
    return out


def use_new(state: State, a: Action) -> None:
    ab = next(ab for ab in card(state, a.card).abilities
              if ab.when == "new_action" and ab.params["action"] == a.source)
    detail = NEW[a.source][1](state, a, ab)
    state.events.append(GuildUsed(a.seat, a.card, a.source, detail))


# ---------------------------------------------------------------------- declaring


def declared(state: State, seat: int) -> None:
    """An ambition was declared (rules._declare, vox.py's Populist Demands): the round
    has its declaration (Galactic Bards), and Farseers: «When you declare an ambition,
    look at a Rival's hand. You may swap 1 card with them.» — ``look`` at a rival with
    cards (none: nothing to look at), then ``swap``."""
    state.declared = True
    if holds(state, seat, "declare_look_and_swap") and any(
            p.hand for p in state.players if p.index != seat):
        state.peek = (seat, NOBODY)


def peek_actions(state: State) -> list[Action]:
    assert state.peek is not None
    seat, rival = state.peek
    if rival == NOBODY:
        return [Action("look", seat, index=r) for r in range(state.n)
                if r != seat and state.players[r].hand]
    mine, theirs = state.players[seat].hand, state.players[rival].hand
    return [Action("swap", seat, card=m, target=t)
            for m in sorted(mine) for t in sorted(theirs)] + [Action("swap", seat)]


def look(state: State, a: Action) -> None:
    """The seat's view shows the rival's hand until the swap (view.py)."""
    state.peek = (a.seat, a.index)
    state.events.append(Looked(a.seat, a.index))


def swap(state: State, a: Action) -> None:
    assert state.peek is not None
    seat, rival = state.peek
    state.peek = None
    if a.card:
        state.players[seat].hand.remove(a.card)
        state.players[rival].hand.remove(a.target)
        state.players[seat].hand.append(a.target)
        state.players[rival].hand.append(a.card)
    state.events.append(Swapped(seat, rival, a.card, a.target))


def bards_ambitions(state: State, seat: int) -> list[str]:
    """Galactic Bards: «When you Surpass or Pivot, before taking any actions, you may
    declare the ambition on your played card if an ambition has not been declared yet
    this round. Do not place the zero marker.»  (A 7's ambition is any; a marker must
    be available, as in every declaring.)"""
    assert state.rules is not None
    if state.declared or not state.available or not holds(
            state, seat, "declare_when_following"):
        return []
    played = next((c for s, c, mode in reversed(state.plays)
                   if s == seat and mode in ("surpass", "pivot")), "")
    ambition = state.card(played).ambition if played else "none"
    if ambition == "none":
        return []
    return list(state.rules.ambitions) if ambition == "any" else [ambition]


# ---------------------------------------------------------------------- what is missing


def implemented(ab: Ability) -> bool:
    if ab.when == "prelude":
        return ab.kind in PRELUDE
    if ab.when == "new_action":
        return ab.params["action"] in NEW
    return ab.kind in PASSIVE


def missing(c: CourtCard) -> list[str]:
    """The card's abilities the engine does not implement yet (docs/arcs-rulings.md)."""
    return [ab.params["action"] if ab.when == "new_action" else ab.kind
            for ab in c.abilities if not implemented(ab)]
