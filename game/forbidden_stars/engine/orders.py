"""Revealing an order and resolving Deploy, Strategize and Dominate (RB p.8-10).

«Когда активный игрок вскрывает жетон приказа, он может выбрать: разыгрывать
непосредственно эффект приказа или вместо этого положить этот жетон лицом вверх на колоду
событий» (RB p.5).  Advance is in advance.py.
"""

from __future__ import annotations

from game.forbidden_stars.engine import flow, pieces, plays, uses
from game.forbidden_stars.engine.events import Bought, Gained, OrderRevealed, Upgraded
from game.forbidden_stars.engine.state import CULL, NOBODY, ORDER, Action, OrderState, State

CACHE_DISCOUNT = 2  # «уменьшить материальную стоимость … на два» (RB p.9)
SEAL_TOKENS = ("forge", "cache", "reinforcement")


def reveal(state: State, a: Action) -> None:
    seat, order = state.stacks[a.target].pop()
    state.order = OrderState(a.target, seat, order, token=order)
    state.step = ORDER


def reveal_choices(state: State) -> list[Action]:
    o = state.order
    assert o is not None
    out = [Action("decline", o.seat)]
    # «Приказ планирования разыгрывается игроком, если у него есть отряд или постройка в
    # активной системе» (RB p.10)
    # Farseers: «resolve the order with no units in the active system» (facts §4)
    if o.order != "strategize" or state.has_pieces(o.seat, o.system) or \
            uses.has_kind(state, o.seat, "no_units_needed"):
        out.insert(0, Action("resolve", o.seat))
    return out


def decline(state: State) -> None:
    o = state.order
    assert o is not None
    state.events.append(OrderRevealed(o.seat, o.system, o.order, declined=True))
    state.players[o.seat].on_event_deck[o.token] += 1
    state.order = None
    flow.next_operator(state)


def resolve(state: State) -> None:
    o = state.order
    assert o is not None
    state.events.append(OrderRevealed(o.seat, o.system, o.order))
    if o.order == "strategize" and not state.has_pieces(o.seat, o.system):
        uses.consume(state, o.seat, uses.UPGRADE, uses.has_kind(state, o.seat,
                                                                 "no_units_needed"))
    begin(state)


def begin(state: State) -> None:
    """The order's own steps, after the upgrades of its moment are offered (facts §4:
    Strategize «on reveal», Deploy, Advance; Dominate's faction ability at its end)."""
    o = state.order
    assert o is not None
    o.phase = {"deploy": "deploy", "strategize": "strategize", "dominate": "prosper",
               "advance": "ships"}[o.order]
    state.step = ORDER
    if o.order == "dominate":
        _dominate(state)
        return
    when = {"deploy": "deploy", "strategize": "reveal", "advance": "advance"}[o.order]
    plays.start(state, o.seat, uses.offers(state, o.seat, when),
                "strategize" if o.order == "strategize" else "order", o.system)


@plays.resumes("order")
def _back_to_order(state: State) -> None:
    state.step = ORDER


@plays.resumes("strategize")
def _after_reveal(state: State) -> None:
    """The Green Tide may have turned the Strategize into another order."""
    o = state.order
    assert o is not None
    if o.order == "strategize":
        state.step = ORDER
    else:
        begin(state)


@plays.resumes("after_combat")
def _after_combat(state: State) -> None:
    o = state.order
    assert o is not None
    if o.phase == "orbital":  # Corsair Raid: the strike is still to choose
        state.step = ORDER
    else:
        finish_order(state)


@plays.resumes("finish_order")
def _finish(state: State) -> None:
    finish_order(state)


def scheme_choices(state: State, seat: int) -> list[Action]:
    """Schemes used «instead of revealing an order» (facts §5; the seat has a token on top
    of a stack, or it would not be its turn)."""
    play = plays.Play(seat, "", "")
    return [Action("scheme", seat, card) for card in uses.schemes_at(state, seat,
                                                                      "instead_of_reveal")
            if plays.map_feasible(state, play, seat, tuple(uses.follow(
                state, seat, uses.SCHEME, card, "instead_of_reveal")))]


def use_scheme(state: State, a: Action) -> None:
    now = uses.follow(state, a.seat, uses.SCHEME, a.card, "instead_of_reveal")
    uses.consume(state, a.seat, uses.SCHEME, a.card)
    plays.start(state, a.seat, [(a.seat, e) for e in now], "after_scheme")


@plays.resumes("after_scheme")
def _after_scheme(state: State) -> None:
    """Mob Up! leaves an Advance to resolve (with no token); the others end the turn."""
    if state.order is not None:
        state.events.append(OrderRevealed(state.order.seat, state.order.system, "advance"))
        begin(state)
    else:
        flow.next_operator(state)


def finish_order(state: State) -> None:
    """The token leaves the board: Strategize onto the event deck (RB p.10), the others
    back to their owner; then capacity (RB p.10) and the next seat."""
    o = state.order
    assert o is not None
    p = state.players[o.seat]
    if not o.token:
        pass  # a Scheme's order: no token to return
    elif o.order == "strategize":
        p.on_event_deck[o.token] += 1
    else:  # The Green Tide's token «then gives no event card» (CFAQ)
        p.orders[o.token] += 1
    if flow.culling_seat(state) != NOBODY:
        state.step = CULL
        return
    flow.next_operator(state)


# ---------------------------------------------------------------------- Deploy


def deploy_limit(state: State, seat: int, system: str, bastions: bool = False) -> int:
    """«лимит развёртывания равен сумме вместимости миров на которых располагаются фабрики
    в активной системе» (RB p.8); Recruitment Worlds (``bastions``): a bastion world
    without a factory counts too, 1 less («the deploy limit drops by 1 per bastion»)."""
    total = 0
    for a in state.topology.system_areas[system]:
        here = state.structures.get(a, ())
        if state.owner.get(a) != seat:
            continue
        if "factory" in here:
            total += state.topology.areas[a].area.capacity
        elif bastions and "bastion" in here:
            total += state.topology.areas[a].area.capacity - 1
    return total


def unit_extras(state: State, seat: int) -> tuple[str, ...]:
    """The ways to pay for a unit: assets spent, a Scheme's discount (Warboss)."""
    base = ("", "cache", "forge", "cache+forge")
    if uses.unit_discount(state, seat) is None:
        return base
    return base + tuple(f"{x}+scheme" if x else "scheme" for x in base)


def can_buy(state: State, seat: int, unit: str, extra: str, discount: int = 0) -> bool:
    return _unit_ok(state, seat, unit, extra) and \
        _price(state, seat, max(0, state.rules.units[unit].cost - discount), extra) is not None


def pay_unit(state: State, seat: int, unit: str, extra: str, discount: int = 0) -> int:
    u = state.rules.units[unit]
    return _pay(state, seat, max(0, u.cost - discount), extra, u.forge)


def room(state: State, area: str, seat: int) -> bool:
    """A unit may be put here: the seat's or nobody's area, under its capacity."""
    return state.owner.get(area, seat) == seat and \
        state.unit_count(area) < state.topology.areas[area].area.capacity


def _price(state: State, seat: int, cost: int, extra: str) -> int | None:
    """Materiel to pay with ``extra``'s assets (and a Scheme's discount), or None when
    they are not there."""
    assets = state.players[seat].assets
    if "scheme" in extra:
        found = uses.unit_discount(state, seat)
        if found is None:
            return None
        cost = max(0, cost - found[1])
    if "cache" in extra:
        if assets.get("cache", 0) < 1:
            return None
        cost = max(0, cost - CACHE_DISCOUNT)
    return cost if cost <= state.players[seat].materiel else None


def price(state: State, seat: int, cost: int, extra: str) -> int | None:
    """What paying ``cost`` with ``extra`` comes to (the table shows it on the label)."""
    return _price(state, seat, cost, extra)


def _unit_ok(state: State, seat: int, unit: str, extra: str) -> bool:
    """Command level and forge tokens: «потратить жетон кузницы … чтобы уменьшить
    требуемый командный уровень этого отряда на один» (RB p.9); at most one for the
    level, another for a forge requirement (facts §7, FFGFAQ)."""
    u = state.rules.units[unit]
    level = state.command_level(seat)
    forges = u.forge + ("forge" in extra)
    if "forge" in extra and u.cl != level + 1:
        return False  # a forge token for the level only where it makes the difference
    if u.cl > level + ("forge" in extra):
        return False
    return state.players[seat].assets.get("forge", 0) >= forges


def deploy_choices(state: State) -> list[Action]:
    o = state.order
    assert o is not None
    seat, topo = o.seat, state.topology
    out: list[Action] = []
    limit = deploy_limit(state, seat, o.system, "bastion_as_factory" in o.mods)
    # Werk Fasta!: «buy the structure before the units» (facts §4)
    if (not o.structure or "structure_before_units" in o.mods) and o.bought < limit:
        for u in state.rules.faction_units(state.faction(seat)):
            if pieces.figures_left(state, u.id) < 1:
                continue  # the box's figures are the limit (facts §1 «Figures»)
            kind = "world" if u.type == "ground" else "void"
            for aid in topo.system_areas[o.system]:
                pa = topo.areas[aid]
                # a full area may take one more: «Вместимость отрядов области показывает
                # какое максимальное количество отрядов может находиться в области после
                # того как приказ разыгран» (RB p.10); the owner culls the excess then
                if pa.area.kind != kind or state.owner.get(aid, seat) != seat:
                    continue
                for extra in unit_extras(state, seat):
                    if _unit_ok(state, seat, u.id, extra) and \
                            _price(state, seat, u.cost, extra) is not None:
                        out.append(Action("buy", seat, u.id, aid, extra=extra))
    if not o.structure:
        for s in state.rules.structures.values():
            if state.supply[s.id] < 1:
                continue
            for aid in topo.system_areas[o.system]:
                here = state.structures.get(aid, [])
                # Wraithbone Singers: beside exactly one structure of another type
                joins = "stack_structure" in o.mods and len(here) == 1 and here[0] != s.id
                if state.owner.get(aid) == seat and topo.areas[aid].area.kind == "world" \
                        and (not here or joins):
                    for extra in ("", "cache"):
                        if _price(state, seat, s.cost, extra) is not None:
                            out.append(Action("build", seat, s.id, aid, extra=extra))
    out.append(Action("done", seat))
    return out


def _pay(state: State, seat: int, cost: int, extra: str, forge_req: bool) -> int:
    price = _price(state, seat, cost, extra)
    assert price is not None
    state.players[seat].materiel -= price
    if "cache" in extra:
        pieces.spend_asset(state, seat, "cache")
    if "scheme" in extra:
        found = uses.unit_discount(state, seat)
        assert found is not None
        uses.consume(state, seat, uses.SCHEME, found[0])
    for _ in range(forge_req + ("forge" in extra)):
        pieces.spend_asset(state, seat, "forge")
    return price


def buy(state: State, a: Action) -> None:
    o = state.order
    assert o is not None
    price = _pay(state, a.seat, state.rules.units[a.card].cost, a.extra,
                 state.rules.units[a.card].forge)
    pieces.add_unit(state, a.seat, a.target, a.card)
    o.bought += 1
    state.events.append(Bought(a.seat, a.card, a.target, price))


def build(state: State, a: Action) -> None:
    o = state.order
    assert o is not None
    price = _pay(state, a.seat, state.rules.structures[a.card].cost, a.extra, False)
    pieces.add_structure(state, a.seat, a.target, a.card)
    o.structure = True
    state.events.append(Bought(a.seat, a.card, a.target, price))


# ---------------------------------------------------------------------- Strategize


def strategize_choices(state: State) -> list[Action]:
    """«может купить одно улучшение приказа и/или одно из улучшений боевых карт,
    соблюдая требования командного уровня» (RB p.10)"""
    o = state.order
    assert o is not None
    seat = o.seat
    p = state.players[seat]
    level = state.command_level(seat)
    out: list[Action] = []
    if not o.upgrade:
        for g in state.rules.upgrades.values():
            if g.faction == p.faction and g.id not in p.order_upgrades and \
                    g.level <= level and g.cost <= p.materiel:
                out.append(Action("upgrade", seat, g.id))
    if not o.combat:
        for c in state.rules.combat_cards.values():
            if c.faction == p.faction and c.id not in p.combat_types and \
                    c.level <= level and c.cost <= p.materiel:
                out.extend(Action("combat", seat, c.id, source=t) for t in p.combat_types)
    out.append(Action("done", seat))
    return out


def upgrade(state: State, a: Action) -> None:
    o = state.order
    assert o is not None
    p = state.players[a.seat]
    cost = state.rules.upgrades[a.card].cost
    p.materiel -= cost
    p.order_upgrades.append(a.card)
    o.upgrade = True
    state.events.append(Upgraded(a.seat, a.card, cost))


def combat_upgrade(state: State, a: Action) -> None:
    """«Когда игрок приобретает пару боевых карт, он должен убрать две копии любой другой
    карты из своей боевой колоды … помещает обе копии только что приобретённых улучшений
    в свою боевую колоду и замешивает её» (RB p.10)"""
    o = state.order
    assert o is not None
    p = state.players[a.seat]
    cost = state.rules.combat_cards[a.card].cost
    p.materiel -= cost
    p.combat_types[p.combat_types.index(a.source)] = a.card
    p.combat_deck = [c for c in p.combat_types for _ in range(2)]
    state.rng.shuffle(p.combat_deck)
    o.combat = True
    state.events.append(Upgraded(a.seat, a.card, cost, returned=a.source))


# ---------------------------------------------------------------------- Dominate


def _dominate(state: State) -> None:
    """«игрок получает ценные ресурсы (не материалы) с каждого дружественного мира в
    активной системе … Если мир даёт несколько типов ресурсов, игрок собирает их все»
    (RB p.9); a prosperity seal is a pick of any type, made next."""
    o = state.order
    assert o is not None
    for aid in state.topology.system_areas[o.system]:
        if state.owner.get(aid) != o.seat:
            continue
        for seal in state.topology.areas[aid].area.assets:
            if seal == "prosperity":
                o.prosperity += 1
            elif (got := pieces.gain_asset(state, o.seat, seal)):
                state.events.append(Gained(o.seat, seal, got))
    if not o.prosperity:
        _ability(state)


def _ability(state: State) -> None:
    """«Faction ability (resolves on your Dominate order)» (facts §1), after the assets;
    its owner may use it or not (rulings)."""
    o = state.order
    assert o is not None
    gate = uses.gate(uses.ABILITY, state.faction(o.seat), "dominate")
    plays.start(state, o.seat, [(o.seat, gate)], "finish_order", o.system)


def deploy_done(state: State) -> None:
    """Dread Ritual: «after the order, buy 1 unit» (facts §4)."""
    o = state.order
    assert o is not None
    plays.start(state, o.seat, uses.offers(state, o.seat, "deploy_end"), "finish_order",
                o.system)


def prosper_choices(state: State) -> list[Action]:
    o = state.order
    assert o is not None
    room = [t for t in SEAL_TOKENS
            if state.players[o.seat].assets.get(t, 0) < state.rules.constants["asset_limit"]
            and state.supply[t] > 0]
    return [Action("prosper", o.seat, t) for t in room] or [Action("prosper", o.seat)]


def prosper(state: State, a: Action) -> None:
    o = state.order
    assert o is not None
    if a.card and (got := pieces.gain_asset(state, a.seat, a.card)):
        state.events.append(Gained(a.seat, a.card, got))
    o.prosperity -= 1
    if not o.prosperity:
        _ability(state)
