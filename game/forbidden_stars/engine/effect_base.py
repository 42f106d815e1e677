"""The dispatcher's table and what every effect handler shares.

A handler resolves one effect of the closed vocabulary (engine/vocabulary.py), keyed on
the effect's ``kind`` (never on a card's id or name): ``handler(state, combat, pending,
pick)`` is called first with ``pick=None``, then once per choice made; it returns the
options of the next choice (``pending.chooser`` set to who makes it), or ``[]`` when the
effect is done.  Sides in an effect's parameters are the card owner's view: ``self`` is
the owner (``pending.seat``), ``opponent`` the rival; a chooser ``owner`` is the affected
side's player.

Effects outside a combat (order upgrades, events, faction abilities: plays.py) have their
own table of the same kinds, ``MAP_HANDLERS`` (``handler(state, play, pending, pick)``),
filled with ``handles(kind, scope="map")``; ``MAP_FEASIBLE`` says whether such an effect
can be carried out now (a card is not offered for nothing, rulings).
"""

from __future__ import annotations

from collections.abc import Callable

from game.forbidden_stars.engine import forces, uses
from game.forbidden_stars.engine.combat_state import Combat, Pending
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.play_state import Play
from game.forbidden_stars.engine.state import State

Handler = Callable[[State, Combat, Pending, "str | None"], list[str]]
MapHandler = Callable[[State, Play, Pending, "str | None"], list[str]]
Feasible = Callable[[State, Play, int, Effect], bool]
HANDLERS: dict[str, Handler] = {}
NAMED_HANDLERS: dict[str, Handler] = {}
MAP_HANDLERS: dict[str, MapHandler] = {}  # named ones under their name
MAP_FEASIBLE: dict[str, Feasible] = {}
PASS = "pass"  # decline an optional pick / stop an «up to» effect
ANY = 8  # a count of 0 reads «any number»; the dice limit bounds it


def handles(kind: str, named: bool = False, scope: str = "combat") -> Callable:
    def register(fn: Callable) -> Callable:
        if scope == "map":
            MAP_HANDLERS[kind] = fn
        else:
            (NAMED_HANDLERS if named else HANDLERS)[kind] = fn
        return fn
    return register


def feasible_when(kind: str) -> Callable[[Feasible], Feasible]:
    def register(fn: Feasible) -> Feasible:
        MAP_FEASIBLE[kind] = fn
        return fn
    return register


def map_feasible(state: State, play: Play, seat: int, effects: tuple[Effect, ...]) -> bool:
    """Whether the first of ``effects`` can be carried out outside a combat."""
    if not effects:
        return True
    e = effects[0]
    key = e.params["name"] if e.kind == "named" else e.kind
    check = MAP_FEASIBLE.get(key)
    return check is None or check(state, play, seat, e)


def pick_loop(p: Pending, pick: str | None, cands: Callable[[], list[str]],
              act: Callable[[str], object], count: int, chooser: int,
              optional: bool = False) -> list[str]:
    """Act on ``count`` picks among ``cands()`` (all of them for a count of 0); a single
    candidate is taken without asking unless the effect is optional."""
    if pick == PASS:
        return []
    if pick is not None:
        act(pick)
        p.done += 1
    while p.done < (count or ANY):
        options = cands()
        if not options:
            break
        if count == 0:
            act(options[0])
            continue
        if len(options) > 1 or optional:
            p.chooser = chooser
            return options + ([PASS] if optional else [])
        act(options[0])
        p.done += 1
    return []


def side_seat(c: Combat, p: Pending, side: str | None) -> int:
    return p.seat if side in (None, "", "self") else c.rival(p.seat)


def chooser_seat(c: Combat, p: Pending, chooser: str, affected: int) -> int:
    return {"self": p.seat, "opponent": c.rival(p.seat), "owner": affected}[chooser]


def condition(state: State, c: Combat, seat: int, cond: str) -> bool:
    """The ``if`` of an effect (vocabulary.CONDITIONS), read when the effect resolves."""
    rival = c.rival(seat)
    if cond == "attacker":
        return seat == c.attacker
    if cond == "defender":
        return seat == c.defender
    if cond == "more_morale_dice":
        return c.sides[seat].dice.count("morale") > c.sides[rival].dice.count("morale")
    if cond == "more_unrouted_units":
        return forces.unrouted_count(state, c, seat) > forces.unrouted_count(state, c, rival)
    if cond == "opponent_has_routed":
        return forces.routed_count(state, c, rival) > 0
    if cond == "no_friendly_world_in_system":
        # the contested area is still the defender's when the combat starts
        system = state.topology.areas[c.area].system
        return not any(state.owner.get(a) == seat and
                       state.topology.areas[a].area.kind == "world"
                       for a in state.topology.system_areas[system])
    raise ValueError(f"condition {cond!r} has no meaning in a combat")


def unit_matches(state: State, c: Combat, seat: int, group: str, filt: str,
                 units: tuple[str, ...]) -> bool:
    unit = forces.unit_of(state, c, seat, group)
    if unit is None:
        return False
    if filt == "routed":
        return group.endswith(forces.ROUTED)
    if filt == "cl0":
        return unit.cl == 0
    if filt == "listed":
        return unit.id in units
    return True


def after_rout(state: State, c: Combat, seat: int, group: str) -> None:
    """A unit of ``seat`` just became routed: a rival's «routed … destroyed» applies (the
    owner answers the «unless it spends 1 morale die» before anything else resolves).  A
    rival's Scheme of this moment (Gitz Dem!: «when an enemy unit is routed in combat,
    destroy it instead») is offered first."""
    rival = c.sides[c.rival(seat)]
    routed = group if group.endswith(forces.ROUTED) else group + forces.ROUTED
    c.queue[0:0] = [(rival.seat, uses.gate(uses.SCHEME, card, "enemy_routed", victim=seat,
                                           group=routed))
                    for card in uses.schemes_at(state, rival.seat, "enemy_routed")]
    if not rival.doom:
        return
    if rival.doom_unless and "morale" in c.sides[seat].dice:
        c.queue.insert(0, (rival.seat, Effect("_doom", {"victim": seat, "group": routed})))
    else:
        forces.destroy(state, c, seat, routed)
