"""The basic actions of this slice: Tax, Influence and Secure (RU p.12–13), and gaining
resources into the resource slots (RU p.17).

Build, Repair and Move are in fleet.py, Battle in battle.py.
"""

from __future__ import annotations

from game.arcs.engine import leaders, slots
from game.arcs.engine.events import Discarded, Influenced, Secured, Taxed
from game.arcs.engine.state import NOBODY, CourtSlot, State, Vox


def gain_resource(state: State, seat: int, resource: str) -> bool:
    """«Получаемые ресурсы помещайте в пустые ячейки ресурсов на своём планшете» (RU
    p.12); «вы можете перераспределить ресурсы в ячейках, но вы должны сбросить те, для
    которых нет места» (RU p.17): the seat places it (slots.py).  Nothing is gained
    from an empty supply."""
    if state.supply[resource] == 0:
        return False
    state.supply[resource] -= 1
    receive_resource(state, seat, resource)
    return True


def receive_resource(state: State, seat: int, resource: str) -> None:
    """Place a resource the seat takes (from the supply or a raid) in its slots."""
    slots.receive(state, seat, resource)


def discard_resource(state: State, seat: int, resource: str) -> None:
    """Return one resource of the type to the supply (no slot named: slots.remove)."""
    slots.remove(state, seat, resource)
    state.supply[resource] += 1
    state.events.append(Discarded(seat, resource))


def return_city_to_board(state: State, owner: int) -> None:
    """«Города возвращаются в крайнюю справа пустую ячейку на своих изначальных
    планшетах» (RU p.19); «Если город возвращается на ваш планшет и накрывает ячейку
    ресурса, перераспределите и сбросьте ресурсы, как указано выше» — the owner chooses
    (slots.cover; docs/arcs-rulings.md)."""
    state.players[owner].cities_off -= 1
    slots.cover(state, owner)


# ---------------------------------------------------------------------- tax


def tax_targets(state: State, seat: int) -> list[tuple[str, int]]:
    """«Выберите верный город либо выберите город соперника, где вы правите. …
    Нельзя собрать налог с одного города больше 1 раза в ход.» (RU p.12)  The Upstart
    (``tax_own_requires_control``): «May tax your own cities only where you control
    them» (facts §9)."""
    own_needs_control = bool(leaders.holds(state, seat, "tax_own_requires_control"))
    out = []
    for planet, places in state.buildings.items():
        for i, b in enumerate(places):
            if b is None or b.kind != "city" or (planet, i) in state.taxed:
                continue
            if (b.seat == seat and not own_needs_control) or state.controls(seat, planet):
                out.append((planet, i))
    return out


def tax(state: State, seat: int, planet: str, slot: int, kind: str | None = None) -> None:
    """``kind``: the type a gate city gives ("" nothing; lore.taxed_type), else the
    planet's."""
    assert state.rules is not None
    city = state.buildings[planet][slot]
    assert city is not None
    state.taxed.append((planet, slot))
    if kind is None:
        kind = state.rules.map.systems[planet].type
    gained = kind if kind and gain_resource(state, seat, kind) else ""
    captive = NOBODY
    if city.seat != seat:
        # «Если вы собираете налог с города соперника, вы также захватываете 1 его агента
        # из запаса, даже если не получили ресурс.»
        owner = state.players[city.seat]
        if owner.agents > 0:
            owner.agents -= 1
            state.players[seat].captives.append(city.seat)
            captive = city.seat
    state.events.append(Taxed(seat, planet, gained, captive))


# ---------------------------------------------------------------------- the court


def influence_targets(state: State, seat: int) -> list[int]:
    """«Поместите 1 агента на любую карту при дворе.» (RU p.13) — an agent from supply."""
    if state.players[seat].agents == 0:
        return []
    return [i for i, c in enumerate(state.court) if c is not None]


def influence(state: State, seat: int, index: int) -> None:
    slot = state.court[index]
    assert slot is not None
    state.players[seat].agents -= 1
    slot.agents[seat] += 1
    state.events.append(Influenced(seat, index, slot.card))


def secure_targets(state: State, seat: int) -> list[int]:
    """«Возьмите 1 карту со двора, если у вас на ней больше верных агентов, чем у любого
    соперника.» (RU p.13)  The Demagogue (``secure_min_agents``): «Can't secure a guild
    card with only 1 own agent on it, unless ransacking» (facts §9)."""
    assert state.rules is not None
    least = max([1] + [ab.params["min"] for ab in leaders.holds(state, seat,
                                                                "secure_min_agents")])
    guild = {c.id for c in state.rules.court if c.type == "guild"}
    out = []
    for i, c in enumerate(state.court):
        if c is None:
            continue
        mine = c.agents[seat]
        if c.card in guild and mine < least:
            continue
        if mine > 0 and all(mine > a for s, a in enumerate(c.agents) if s != seat):
            out.append(i)
    return out


def secure(state: State, seat: int, index: int) -> None:
    """«Верните всех своих верных агентов в свой запас и захватите всех агентов
    соперников с присвоенной карты. … Наконец, возьмите карту с верха колоды двора и
    поместите лицевой стороной вверх во двор на то же место.»"""
    slot = state.court[index]
    assert slot is not None
    player = state.players[seat]
    returned = slot.agents[seat]
    player.agents += returned
    captured: list[int] = []
    for owner, count in enumerate(slot.agents):
        if owner != seat:
            captured.extend([owner] * count)
    player.captives.extend(captured)
    state.events.append(Secured(seat, slot.card, returned, tuple(captured)))
    take_court_card(state, seat, index)


def take_court_card(state: State, seat: int, index: int) -> None:
    """The card of a court slot goes to the seat (secured or ransacked).  A guild card
    joins its guild cards and the slot is refilled; a vox card waits in ``state.vox``:
    «Выполните её действие «Во время присвоения», если есть. Если указано сбросить карту,
    поместите её лицевой стороной вверх в стопку сброса двора … Наконец, возьмите карту с
    верха колоды двора … на то же место» (RU p.13; vox.py resolves it, then refills)."""
    assert state.rules is not None
    slot = state.court[index]
    assert slot is not None
    if next(c for c in state.rules.court if c.id == slot.card).type == "vox":
        state.court[index] = None
        state.vox = Vox(seat, slot.card, index)
        return
    state.players[seat].guild.append(slot.card)
    refill(state, index)


def refill(state: State, index: int) -> None:
    """«возьмите карту с верха колоды двора и поместите … на то же место» — an empty
    court deck leaves the slot empty."""
    state.court[index] = CourtSlot(state.court_deck.pop(), state.n) \
        if state.court_deck else None
