"""Effect kinds outside a combat (plays.py) on materiel, assets, structures, order tokens
and the order being resolved: what upgrades, events and faction abilities do to the game
between combats.  Units on the map are in effects_map_units.py, the named behaviours in
effects_map_named.py.

An order upgrade that changes the order's rules (Recruitment Worlds, Werk Fasta!,
Wraithbone Singers, From the Warp, Ork Roks …) sets ``OrderState.mods`` by its kind; the
order's own code reads the mods (orders.py, advance.py).
"""

from __future__ import annotations

from game.forbidden_stars.engine import orders, pieces, uses
from game.forbidden_stars.engine.combat_state import Pending
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.effect_base import (
    PASS,
    MapHandler,
    feasible_when,
    handles,
    map_feasible,
    pick_loop,
)
from game.forbidden_stars.engine.events import Bought, Gained, Upgraded
from game.forbidden_stars.engine.play_state import Play
from game.forbidden_stars.engine.state import State


def gain_materiel(state: State, seat: int, n: int) -> None:
    p = state.players[seat]
    got = max(0, min(n, state.rules.constants["materiel_cap"] - p.materiel))
    if got:
        p.materiel += got
        state.events.append(Gained(seat, "materiel", got))


def gain_assets(state: State, seat: int, asset: str, n: int) -> None:
    if (got := pieces.gain_asset(state, seat, asset, n)):
        state.events.append(Gained(seat, asset, got))


@handles("gain_asset", scope="map")
def gain_asset(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    gain_assets(state, p.seat, p.effect.params["asset"], p.effect.params["count"])
    return []


@handles("gain_materiel", scope="map")
def gain_materiel_kind(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    gain_materiel(state, p.seat, p.effect.params["count"])
    return []


@feasible_when("pay_materiel")
def _can_pay(state: State, play: Play, seat: int, e: Effect) -> bool:
    return state.players[seat].materiel >= e.params["count"] and \
        map_feasible(state, play, seat, e.params["then"])


@handles("pay_materiel", scope="map")
def pay_materiel(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    if _can_pay(state, play, p.seat, p.effect):
        state.players[p.seat].materiel -= p.effect.params["count"]
        p.follow.extend(p.effect.params["then"])
    return []


@feasible_when("choose")
def _any_option(state: State, play: Play, seat: int, e: Effect) -> bool:
    return any(map_feasible(state, play, seat, o) for o in e.params["options"])


@handles("lose_asset", scope="map")
def lose_asset(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """«a chosen player loses 1 asset of their choice»: the card's owner names a rival
    holding one, that rival picks it (back to the supply)."""
    if pick is not None and pick.startswith("seat:"):
        p.data["victim"] = int(pick[5:])
        pick = None
    victim = p.data.get("victim")
    if victim is None:
        held = [f"seat:{s}" for s in range(state.n) if s != p.seat
                and any(state.players[s].assets.values())]
        if len(held) == 1:
            return lose_asset(state, play, p, held[0])
        p.chooser = p.seat
        return held
    if pick is not None:
        pieces.spend_asset(state, victim, pick)
        p.done += 1
    if p.done >= p.effect.params["count"]:
        return []
    options = sorted(a for a, k in state.players[victim].assets.items() if k > 0)
    p.chooser = victim
    return options


def _friendly_worlds(state: State, seat: int) -> list[str]:
    return sorted(a for a, s in state.owner.items()
                  if s == seat and state.topology.areas[a].area.kind == "world")


def _seal_options(state: State, seat: int) -> list[str]:
    out = []
    for w in _friendly_worlds(state, seat):
        area = state.topology.areas[w].area
        if area.assets:
            out.append(f"{w}>assets")
        if area.materiel:
            out.append(f"{w}>materiel")
    return out


@feasible_when("world_assets_or_materiel")
def _has_seal(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_seal_options(state, seat))


@handles("world_assets_or_materiel", scope="map")
def world_assets_or_materiel(state: State, play: Play, p: Pending,
                             pick: str | None) -> list[str]:
    """«Pick a friendly world: take its assets, or materiel equal to its value»; a
    prosperity seal is then a pick of any asset type, as on Dominate."""
    if pick is None:
        p.chooser = p.seat
        return _seal_options(state, p.seat)
    if ">" in pick:
        world, what = pick.split(">")
        area = state.topology.areas[world].area
        if what == "materiel":
            gain_materiel(state, p.seat, area.materiel)
            return []
        for seal in area.assets:
            if seal == "prosperity":
                p.data["prosper"] = p.data.get("prosper", 0) + 1
            else:
                gain_assets(state, p.seat, seal, 1)
    else:
        gain_assets(state, p.seat, pick, 1)
        p.data["prosper"] -= 1
    if p.data.get("prosper", 0) > 0:
        p.chooser = p.seat
        return [t for t in orders.SEAL_TOKENS if state.supply[t] > 0] or []
    return []


# ---------------------------------------------------------------------- structures


def _structure_places(state: State, seat: int, e: Effect) -> list[str]:
    s, where = e.params["structure"], e.params["where"]
    if state.supply[s] < 1 or state.players[seat].materiel < e.params.get("cost", 0):
        return []
    out = []
    for w, pa in sorted(state.topology.areas.items()):
        here = state.structures.get(w, [])
        holder = state.owner.get(w)
        if pa.area.kind != "world":
            continue
        if where == "friendly_world_no_structure":
            ok = holder == seat and not here
        elif where == "friendly_world_no_bastion":  # beside a city or factory (CFAQ)
            ok = holder == seat and s not in here
        elif where == "friendly_or_uncontrolled_world_no_structure_no_own_objective":
            ok = holder in (seat, None) and not here and state.objectives.get(w) != seat
        else:
            raise ValueError(f"place_structure where={where!r}")
        if ok:
            out.append(w)
    return out


@feasible_when("place_structure")
def _structure_fits(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_structure_places(state, seat, e))


@handles("place_structure", scope="map")
def place_structure(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    e = p.effect

    def act(world: str) -> None:
        cost = e.params.get("cost", 0)
        state.players[p.seat].materiel -= cost
        pieces.add_structure(state, p.seat, world, e.params["structure"])
        state.events.append(Bought(p.seat, e.params["structure"], world, cost))

    return pick_loop(p, pick, lambda: _structure_places(state, p.seat, e), act, 1, p.seat)


def _swaps(state: State, play: Play, seat: int) -> list[str]:
    out: list[str] = []
    for w in state.topology.system_areas.get(play.system, ()):
        if state.owner.get(w) != seat:
            continue
        here = state.structures.get(w, [])
        for old in here:
            out.extend(f"{w}>{old}>{new}" for new in sorted(state.rules.structures)
                       if new not in here and state.supply[new] > 0)
    return out


@feasible_when("swap_structure")
def _can_swap(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_swaps(state, play, seat))


@handles("swap_structure", scope="map")
def swap_structure(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Direct the Faithful: «swap 1 of your structures in this system for a different
    structure type» (one the supply still holds)."""
    def act(option: str) -> None:
        world, old, new = option.split(">")
        pieces.remove_structure(state, world, old)
        pieces.add_structure(state, p.seat, world, new)

    return pick_loop(p, pick, lambda: _swaps(state, play, p.seat), act, 1, p.seat,
                     optional=True)


# ---------------------------------------------------------------------- cards and orders


def _discounted(state: State, seat: int, e: Effect) -> list[str]:
    """Order upgrades or combat pairs the seat may buy at the discounted cost."""
    p = state.players[seat]
    off = uses.per_count(state, seat, e.params["per"])
    level = state.command_level(seat)
    if e.params["what"] == "order_upgrade":
        return [g.id for g in state.rules.upgrades.values()
                if g.faction == p.faction and g.id not in p.order_upgrades
                and g.level <= level and max(0, g.cost - off) <= p.materiel]
    return [f"{c.id}>{t}" for c in state.rules.combat_cards.values()
            if c.faction == p.faction and c.id not in p.combat_types
            and c.level <= level and max(0, c.cost - off) <= p.materiel
            for t in p.combat_types]


@feasible_when("discount")
def _can_discount(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_discounted(state, seat, e))


@handles("discount", scope="map")
def discount(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Rites of Battle, Path of the Warrior: «buy 1 … upgrade for 1 less per …»."""
    e = p.effect
    if pick is None:
        p.chooser = p.seat
        return [*_discounted(state, p.seat, e), PASS]
    if pick != PASS:
        buy_upgrade(state, p.seat, pick, uses.per_count(state, p.seat, e.params["per"]))
    return []


def buy_upgrade(state: State, seat: int, pick: str, off: int) -> None:
    """An order upgrade (its id) or a combat pair (``card>replaced``), ``off`` cheaper
    (0 for a free one)."""
    p = state.players[seat]
    if ">" in pick:
        card, old = pick.split(">")
        cost = max(0, state.rules.combat_cards[card].cost - off)
        p.combat_types[p.combat_types.index(old)] = card
        p.combat_deck = [c for c in p.combat_types for _ in range(2)]
        state.rng.shuffle(p.combat_deck)
        p.materiel -= cost
        state.events.append(Upgraded(seat, card, cost, returned=old))
        return
    cost = max(0, state.rules.upgrades[pick].cost - off)
    p.materiel -= cost
    p.order_upgrades.append(pick)
    state.events.append(Upgraded(seat, pick, cost))


@feasible_when("orders_to_event_deck")
def _has_tokens(state: State, play: Play, seat: int, e: Effect) -> bool:
    return any(state.players[seat].orders.values())


@handles("orders_to_event_deck", scope="map")
def orders_to_event_deck(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Favour of the Dark Gods: «put 2 of your order tokens from your play area onto your
    event deck» (the tokens in hand; up to 2)."""
    player = state.players[p.seat]

    def act(order: str) -> None:
        player.orders[order] -= 1
        player.on_event_deck[order] += 1

    return pick_loop(p, pick, lambda: sorted(o for o, k in player.orders.items() if k > 0),
                     act, p.effect.params["count"], p.seat, optional=True)


# ---------------------------------------------------------------------- the order's rules


def _mod(name: str) -> MapHandler:
    """A handler recording that the order's rules change (``OrderState.mods``)."""
    def handler(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
        o = state.order
        assert o is not None
        o.mods[name] = max(1, int(p.effect.params.get("count", 1)))
        return []
    return handler


# (Farseers' no_units_needed is read by orders.py; ignore_bastion by orbital.py)
for _kind in ("bastion_as_factory", "structure_before_units", "stack_structure",
              "path_through_void"):
    handles(_kind, scope="map")(_mod(_kind))


@handles("cross_storms", scope="map")
def cross_storms(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    o = state.order
    assert o is not None
    o.mods["cross_storms_ships" if p.effect.params["ships_only"] else "cross_storms"] = 1
    return []


@handles("resolve_as", scope="map")
def resolve_as(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """The Green Tide: «resolve this token as Advance, Dominate or Deploy instead»."""
    o = state.order
    assert o is not None
    if pick is None:
        p.chooser = p.seat
        return list(p.effect.params["orders"])
    o.order = pick
    return []
