"""The vox cards («карты гласа»): their When Secured effects, a dispatcher keyed on the
effect's kind (or, for ``named``, its name) — never on a card's id or name.

«Выполните её действие «Во время присвоения», если есть. Если указано сбросить карту,
поместите её лицевой стороной вверх в стопку сброса двора рядом с колодой двора.
Наконец, возьмите карту с верха колоды двора и поместите лицевой стороной вверх во двор
на то же место, чтобы обновить двор.» (RU p.13)

Securing (or ransacking) a vox card leaves it in ``state.vox`` with its court slot
empty (basic.take_court_card).  Until it is resolved the securing seat's only actions
are ``vox`` actions (:func:`legal`): ``vox(card, target=the choice)``, ``target=""``
declining a "you may".  Then the card is discarded or shuffled back into the court deck
(its ``after_secured``) and the slot is refilled.
"""

from __future__ import annotations

from collections.abc import Callable

from game.arcs.engine import court, leaders
from game.arcs.engine.basic import refill, return_city_to_board
from game.arcs.engine.battle import outrage
from game.arcs.engine.components import Ability
from game.arcs.engine.events import Declared, Seized, Stole, VoxResolved
from game.arcs.engine.state import NOBODY, Action, State

SEIZE = "seize"  # the second stage of song_of_freedom


def _vox(seat: int, card: str, target: str = "", index: int = -1, source: str = "") -> Action:
    return Action("vox", seat, card=card, target=target, index=index, source=source)


# Each handler: (targets, do).  ``do`` returns (detail, next stage or None when done).
Targets = Callable[[State, int, str, str, Ability], list[Action]]
Do = Callable[[State, Action, str, Ability], tuple[str, str | None]]


def _cluster_targets(state: State, seat: int, c: str, stage: str, ab: Ability) -> list[Action]:
    """Mass Uprising: «Choose a cluster; place 1 of your ships in each of its systems»
    (facts §7).  Any in-play cluster; with no ship in supply there is nothing to do."""
    assert state.rules is not None and state.topology is not None
    assert ab.params["where"] == "each_system_of_a_cluster"
    if state.players[seat].ships == 0:
        return [_vox(seat, c)]
    clusters = sorted({state.rules.map.systems[s].cluster for s in state.topology.systems})
    return [_vox(seat, c, target=str(k)) for k in clusters]


def _place_in_cluster(state: State, a: Action, stage: str, ab: Ability) -> tuple[str, None]:
    """«Placing beyond supply places as many as possible» (facts §8): short of ships, the
    systems are filled in map order (gate first, then planets 1..3) — which systems to
    leave out is not a choice here (docs/arcs-rulings.md)."""
    assert state.rules is not None and state.topology is not None
    if not a.target:
        return "", None
    player = state.players[a.seat]
    placed = []
    for s in state.topology.systems:
        if str(state.rules.map.systems[s].cluster) == a.target:
            n = min(ab.params["count"], player.ships)
            if n:
                state.fresh[s][a.seat] += n
                player.ships -= n
                placed.append(s)
    return ",".join(placed), None


def _declare_targets(state: State, seat: int, c: str, stage: str, ab: Ability) -> list[Action]:
    """Populist Demands: «You may declare any ambition; a marker must be available.»"""
    assert state.rules is not None
    wanted = ab.params["ambition"]
    ambitions = list(state.rules.ambitions) if wanted == "any" else [wanted]
    # the Feastbringer's gift is the cost of every declaration (FAQ; leaders.gifts)
    out = [_vox(seat, c, target=amb, source=g, index=to) for amb in ambitions
           for g, to in leaders.gifts(state, seat)] if state.available else []
    return out + [_vox(seat, c)]


def _declare(state: State, a: Action, stage: str, ab: Ability) -> tuple[str, None]:
    """The marker worth the most goes onto the ambition, as in declaring (RU p.9); the
    card is not a lead card, so no zero marker is placed (docs/arcs-rulings.md)."""
    if not a.target:
        return "", None
    if a.index >= 0:
        leaders.give(state, a.seat, a.source, a.index)
    marker = max(state.available, key=state.marker_values)
    state.available.remove(marker)
    state.markers_on.setdefault(a.target, []).append(marker)
    state.events.append(Declared(a.seat, a.target, marker))
    court.declared(state, a.seat)  # Farseers' look; the round's declaration
    return a.target, None


def _outrage_targets(state: State, seat: int, c: str, stage: str, ab: Ability) -> list[Action]:
    """Outrage Spreads: «You may name a resource type; every player, you included,
    provokes Outrage of that type.»"""
    assert state.rules is not None
    kind = ab.params["resource"]
    kinds = list(state.rules.resources) if kind == "chosen" else [kind]
    return [_vox(seat, c, target=r) for r in kinds] + (
        [_vox(seat, c)] if kind == "chosen" else [])


def _provoke(state: State, a: Action, stage: str, ab: Ability) -> tuple[str, None]:
    """Each seat, from the securing one clockwise, provokes Outrage («Наложите запрет»,
    RU p.16): discards, an agent on the icon; «Outrage provoked by a card effect does
    not ransack» (facts §8)."""
    if not a.target:
        return "", None
    seats = [a.seat] if ab.params["who"] == "self" else [
        (a.seat + i) % state.n for i in range(state.n)]
    for seat in seats:
        outrage(state, seat, a.target)
    return a.target, None


def _draw_targets(state: State, seat: int, c: str, stage: str, ab: Ability) -> list[Action]:
    return [_vox(seat, c)]


def _draw(state: State, a: Action, stage: str, ab: Ability) -> tuple[str, None]:
    """Call to Action: «Draw 1 action card from the bottom of the action discard pile»
    (the pile's bottom is its first item)."""
    assert not ab.params.get("plus_discarded")
    n = min(ab.params["count"], len(state.action_discard))
    drawn = state.action_discard[:n]
    del state.action_discard[:n]
    state.players[a.seat].hand.extend(drawn)
    return str(n), None


def _song_targets(state: State, seat: int, c: str, stage: str, ab: Ability) -> list[Action]:
    """Song of Freedom: «You may return any one city you control (any owner's) to its
    owner's board. If you do, you may seize the initiative (normal limits).»"""
    if stage == SEIZE:
        return [_vox(seat, c, target=SEIZE), _vox(seat, c)]
    out = [_vox(seat, c, target=planet, index=i)
           for planet, slots in state.buildings.items() if state.controls(seat, planet)
           for i, b in enumerate(slots) if b is not None and b.kind == "city"]
    return out + [_vox(seat, c)]


def _song(state: State, a: Action, stage: str, ab: Ability) -> tuple[str, str | None]:
    if stage == SEIZE:
        if a.target:
            state.seized_by = a.seat
            state.events.append(Seized(a.seat, ""))
        return a.target, None
    if not a.target:
        return "", None
    city = state.buildings[a.target][a.index]
    assert city is not None
    state.buildings[a.target][a.index] = None
    return_city_to_board(state, city.seat)
    # «normal limits»: the holder cannot seize, nor anyone once it was seized this round
    can = a.seat != state.initiative and state.seized_by == NOBODY and bool(state.lead)
    return f"{a.target}:{a.index}", SEIZE if can else None


def _struggle_targets(state: State, seat: int, c: str, stage: str,
                      ab: Ability) -> list[Action]:
    """Guild Struggle: «You may steal 1 guild card from a rival» — Sworn Guardians
    protect their holder's other guild cards (court.protected)."""
    return [_vox(seat, c, target=g, source=str(victim)) for victim in range(state.n)
            if victim != seat for g in state.players[victim].guild
            if not court.protected(state, victim, g)] + [_vox(seat, c)]


def _struggle(state: State, a: Action, stage: str, ab: Ability) -> tuple[str, None]:
    """«… Then shuffle all guild cards from the court discard into the court deck.»"""
    assert state.rules is not None
    if a.target:
        victim = int(a.source)
        court.take_guild_card(state, a.seat, victim, a.target)
        state.events.append(Stole(a.seat, victim, "", a.target, 0))
    guild = {c.id for c in state.rules.court if c.type == "guild"}
    back = [c for c in state.court_discard if c in guild]
    state.court_discard = [c for c in state.court_discard if c not in guild]
    state.court_deck.extend(back)
    state.rng.shuffle(state.court_deck)
    return a.target, None


# Keyed on the effect's kind, or on the name of a ``named`` effect.
WHEN_SECURED: dict[str, tuple[Targets, Do]] = {
    "place_ships": (_cluster_targets, _place_in_cluster),
    "declare_ambition": (_declare_targets, _declare),
    "provoke_outrage": (_outrage_targets, _provoke),
    "draw_from_action_discard": (_draw_targets, _draw),
    "song_of_freedom": (_song_targets, _song),
    "guild_struggle": (_struggle_targets, _struggle),
}


def _key(ab: Ability) -> str:
    return ab.params["name"] if ab.kind == "named" else ab.kind


def effect(state: State, card_id: str) -> Ability:
    (ab,) = court.card(state, card_id).abilities
    return ab


def implemented(card_id: str, state: State) -> bool:
    return _key(effect(state, card_id)) in WHEN_SECURED


def legal(state: State) -> list[Action]:
    v = state.vox
    assert v is not None
    ab = effect(state, v.card)
    return WHEN_SECURED[_key(ab)][0](state, v.seat, v.card, v.stage, ab)


def resolve(state: State, a: Action) -> None:
    """One step of the effect; when it is done, the card goes per its ``after_secured``
    and the court slot is refilled."""
    v = state.vox
    assert v is not None
    ab = effect(state, v.card)
    detail, stage = WHEN_SECURED[_key(ab)][1](state, a, v.stage, ab)
    state.events.append(VoxResolved(a.seat, v.card, _key(ab), detail))
    if stage is not None:
        state.vox = v._replace(stage=stage)
        return
    state.vox = None
    if court.card(state, v.card).after_secured == "shuffle_into_court_deck":
        state.court_deck.append(v.card)
        state.rng.shuffle(state.court_deck)
    else:
        state.court_discard.append(v.card)
    refill(state, v.slot)
