"""What a side brings to a combat and what happens to its pieces there: dice, icons,
tokens, units (figures on the map and reinforcement tokens in the combat), the bastion,
routing, rallying and destroying.  combat.py runs the steps, effects.py the cards.

A unit group is named by a string: a unit id, ``reinforcement`` (the side's tokens,
each «считаются наземными отрядами или кораблями с командным уровнем равным нулю», RB
p.9) or ``bastion``; with ``/routed`` for the routed ones.
"""

from __future__ import annotations

from game.forbidden_stars.engine import pieces
from game.forbidden_stars.engine.combat_state import Combat, Side
from game.forbidden_stars.engine.components import Unit
from game.forbidden_stars.engine.events import Destroyed, Routed
from game.forbidden_stars.engine.state import State

FACES = ("bolter", "bolter", "bolter", "shield", "shield", "morale")  # facts §2 [C]
MAX_DICE = 8  # «ограничены восемью кубами в любой битве» (RB p.13)
TOKEN = "reinforcement"
BASTION = "bastion"
ROUTED = "/routed"


def roll(state: State) -> str:
    return FACES[state.rng.below(len(FACES))]


def add_die(state: State, side: Side, face: str) -> bool:
    """A gained die: the face named, or rolled («rolled»); none past the limit."""
    if len(side.dice) >= MAX_DICE:
        return False
    side.dice.append(roll(state) if face == "rolled" else face)
    return True


def icons(state: State, side: Side, face: str) -> int:
    """Icons of the face-up cards (RB p.13: «действуют вплоть до окончания боя»)."""
    cards = state.rules.combat_cards
    return (sum(cards[c].icons.count(face) for c in (*side.played, *side.icon_cards))
            + side.borrowed.count(face))


def total(state: State, side: Side, face: str) -> int:
    """Symbols of a face on dice, combat tokens and face-up cards."""
    return side.dice.count(face) + side.tokens.get(face, 0) + icons(state, side, face)


def add_tokens(c: Combat, seat: int, face: str, n: int) -> int:
    """Gain combat tokens (none of a face the side may not gain this round); a rival's
    «whenever the opponent gains tokens, gain as many» answers once per copy."""
    side = c.sides[seat]
    if n <= 0 or face in side.no_tokens:
        return 0
    side.tokens[face] = side.tokens.get(face, 0) + n
    rival = c.sides[c.rival(seat)]
    if rival.mirror and face not in rival.no_tokens:
        rival.tokens[face] = rival.tokens.get(face, 0) + n * rival.mirror
    return n


def token_unit(state: State, seat: int, area: str) -> Unit:
    """The CL-0 unit a reinforcement token counts as in this area (facts §1 [C])."""
    kind = "ground" if state.topology.areas[area].area.kind == "world" else "ship"
    return next(u for u in state.rules.faction_units(state.faction(seat))
                if u.reinforcement and u.type == kind)


def has_bastion(state: State, c: Combat, seat: int) -> bool:
    return state.owner.get(c.area) == seat and BASTION in state.structures.get(c.area, ())


def unit_of(state: State, c: Combat, seat: int, group: str) -> Unit | None:
    name = group.removesuffix(ROUTED)
    if name == BASTION:
        return None
    return token_unit(state, seat, c.area) if name == TOKEN else state.rules.units[name]


def groups(state: State, c: Combat, seat: int, routed: bool | None = None) -> list[str]:
    """The side's unit groups (bastion excluded: not a unit), unrouted and/or routed."""
    side = c.sides[seat]
    out: list[str] = []
    for u, n in sorted(pieces.faction_units(state, c.area, seat).items()):
        down = pieces.routed(state, c.area, u)
        if routed is not True and n > down:
            out.append(u)
        if routed is not False and down:
            out.append(u + ROUTED)
    if routed is not True and side.reinf:
        out.append(TOKEN)
    if routed is not False and side.reinf_routed:
        out.append(TOKEN + ROUTED)
    return out


def unrouted_count(state: State, c: Combat, seat: int, units: tuple[str, ...] = ()) -> int:
    """Unrouted units of the side (of the listed types, when given)."""
    n = 0
    token = token_unit(state, seat, c.area).id
    for u, k in pieces.faction_units(state, c.area, seat).items():
        if not units or u in units:
            n += k - pieces.routed(state, c.area, u)
    if not units or token in units:
        n += c.sides[seat].reinf
    return n


def routed_count(state: State, c: Combat, seat: int) -> int:
    return (sum(pieces.routed(state, c.area, u)
                for u in pieces.faction_units(state, c.area, seat))
            + c.sides[seat].reinf_routed)


def present(state: State, c: Combat, seat: int, units: tuple[str, ...]) -> bool:
    """«иметь в зоне конфликта хотя бы один не деморализованный отряд указанного типа»
    (RB p.13); a bastion counts where the card lists it."""
    if BASTION in units and has_bastion(state, c, seat):
        return True
    return unrouted_count(state, c, seat, units) > 0


def alive(state: State, c: Combat, seat: int) -> bool:
    """Units or a bastion of the side still in the area."""
    return bool(groups(state, c, seat)) or has_bastion(state, c, seat)


def morale(state: State, c: Combat, seat: int) -> int:
    """«знаков морали на кубах, боевых картах … показатель морали не деморализованных
    отрядов и жетонов подкреплений, и бастионов» (RB p.13)"""
    side = c.sides[seat]
    n = side.dice.count("morale") + icons(state, side, "morale")
    for u, k in pieces.faction_units(state, c.area, seat).items():
        n += (k - pieces.routed(state, c.area, u)) * state.rules.units[u].morale
    n += side.reinf * token_unit(state, seat, c.area).morale
    if has_bastion(state, c, seat):
        n += state.rules.structures[BASTION].morale
    return n


def start_dice(state: State, seat: int, area: str, ships_only: bool = False) -> int:
    """«равно суммарной боевой мощи его не деморализованных отрядов» (RB p.12), bastions
    included (RB p.14), at most eight."""
    n = 0
    for u, k in pieces.faction_units(state, area, seat).items():
        if ships_only and state.rules.units[u].type != "ship":
            continue
        n += (k - pieces.routed(state, area, u)) * state.rules.units[u].dice
    if not ships_only and state.owner.get(area) == seat and \
            BASTION in state.structures.get(area, ()):
        n += state.rules.structures[BASTION].dice
    return min(n, MAX_DICE)


def destroy(state: State, c: Combat, seat: int, group: str, quiet: bool = False) -> None:
    """``quiet``: the caller records the loss itself (a damage step's ``Damaged``: one
    fact, one event)."""
    name, routed = group.removesuffix(ROUTED), group.endswith(ROUTED)
    side = c.sides[seat]
    if name == TOKEN:
        if routed:
            side.reinf_routed -= 1
        else:
            side.reinf -= 1
        state.supply[TOKEN] += 1
    elif name == BASTION:
        pieces.remove_structure(state, c.area, BASTION)
    else:
        pieces.remove_unit(state, c.area, name, routed=routed)
    if not quiet:
        state.events.append(Destroyed(seat, name, c.area))


def rout(state: State, c: Combat, seat: int, group: str, quiet: bool = False) -> bool:
    """Rout one unrouted unit; False when it cannot be («Бастион не может быть
    деморализован», RB p.14; a «cannot be routed» card).  A rival's «routed … is
    destroyed» turns it into a destruction (the caller queues the morale-die choice)."""
    side = c.sides[seat]
    if group == BASTION or group.endswith(ROUTED) or side.cannot_rout:
        return False
    if group == TOKEN:
        side.reinf -= 1
        side.reinf_routed += 1
    else:
        pieces.rout(state, c.area, group)
    if not quiet:
        state.events.append(Routed(seat, group, c.area))
    return True


def rally(state: State, c: Combat, seat: int, group: str) -> None:
    side = c.sides[seat]
    name = group.removesuffix(ROUTED)
    if name == TOKEN:
        side.reinf_routed -= 1
        side.reinf += 1
    else:
        pieces.rally(state, c.area, name)


def damage_targets(state: State, c: Combat, seat: int) -> list[str]:
    """«Отряд должен быть не деморализован, за исключением случая, когда не осталось не
    деморализованных отрядов» and «не может выбрать деморализованный отряд … если …
    остались не деморализованные отряды или бастионы» (RB p.13-14); a «no unit takes
    damage» round leaves only the bastion (CFAQ)."""
    healthy = groups(state, c, seat, routed=False)
    if has_bastion(state, c, seat):
        healthy.append(BASTION)
    if c.no_damage:
        return [g for g in healthy if g == BASTION]
    return healthy or groups(state, c, seat, routed=True)


def health(state: State, c: Combat, seat: int, group: str) -> int:
    unit = unit_of(state, c, seat, group)
    return state.rules.structures[BASTION].health if unit is None else unit.health
