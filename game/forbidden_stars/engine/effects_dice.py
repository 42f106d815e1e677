"""Effect kinds on dice and combat tokens (RB p.13 «БОЕВЫЕ КУБЫ», «ЖЕТОНЫ СРАЖЕНИЯ»):
gaining, losing, rerolling, converting and spending dice; gaining and losing tokens.

«Когда игрок получает [куб со знаком] … кладёт его … указанным значком вверх … Если …
получает [куб], он берёт куб из резерва, бросает его»; «Когда игрок теряет куб, он берёт
один из своих кубов с соответствующим значком и возвращает в резерв.»
"""

from __future__ import annotations

from game.forbidden_stars.engine import forces
from game.forbidden_stars.engine.combat_state import Combat, Pending
from game.forbidden_stars.engine.effect_base import (
    ANY,
    PASS,
    chooser_seat,
    handles,
    side_seat,
)
from game.forbidden_stars.engine.state import State


def _per(state: State, c: Combat, p: Pending) -> int:
    """What a ``per`` multiplies a count by (1 without one)."""
    e = p.effect.params
    per = e.get("per", "")
    if per == "own_morale_die":
        return c.sides[p.seat].dice.count("morale")
    if per == "unrouted_listed_unit":
        return forces.unrouted_count(state, c, p.seat, tuple(e["units"]))
    if per == "forge_token":
        return state.players[p.seat].assets.get("forge", 0)
    return 1


def _faces_held(dice: list[str], faces: tuple[str, ...], need: int = 1) -> list[str]:
    return sorted({f for f in faces if dice.count(f) >= need})


@handles("gain_dice")
def gain_dice(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    e = p.effect.params
    faces = tuple(e["faces"])
    if pick is None and len(faces) > 1:
        p.chooser = p.seat
        return list(faces)
    side = c.sides[side_seat(c, p, e.get("side"))]
    for _ in range(e["count"]):
        forces.add_die(state, side, pick or faces[0])
    return []


@handles("gain_tokens")
def gain_tokens(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """«gain X tokens» of one listed face (the owner picks), ``mixed``: each its own."""
    e = p.effect.params
    faces = tuple(e["faces"])
    if pick is None:
        p.data["left"] = e["count"] * _per(state, c, p)
        if len(faces) == 1:
            forces.add_tokens(c, p.seat, faces[0], p.data["left"])
            return []
    elif e.get("mixed"):
        forces.add_tokens(c, p.seat, pick, 1)
        p.data["left"] -= 1
    else:
        forces.add_tokens(c, p.seat, pick, p.data["left"])
        return []
    p.chooser = p.seat
    return list(faces) if p.data["left"] > 0 else []


@handles("lose_dice")
def lose_dice(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    e = p.effect.params
    seat = side_seat(c, p, e["side"])
    dice = c.sides[seat].dice
    if pick is not None:
        dice.remove(pick)
        p.done += 1
    while p.done < e["count"]:
        held = _faces_held(dice, tuple(e["faces"]))
        if not held:
            break
        if len(held) > 1:
            p.chooser = chooser_seat(c, p, e["chooser"], seat)
            return held
        dice.remove(held[0])
        p.done += 1
    return []


@handles("lose_tokens")
def lose_tokens(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    e = p.effect.params
    tokens = c.sides[side_seat(c, p, e["side"])].tokens
    left = e["count"]
    for face in e["faces"]:
        gone = min(left, tokens.get(face, 0))
        tokens[face] = tokens.get(face, 0) - gone
        left -= gone
    return []


@handles("no_tokens")
def no_tokens(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    side = c.sides[side_seat(c, p, p.effect.params["side"])]
    side.no_tokens = tuple(sorted({*side.no_tokens, *p.effect.params["faces"]}))
    return []


@handles("mirror_tokens")
def mirror_tokens(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    c.sides[p.seat].mirror += 1  # two copies stack (CFAQ)
    return []


@handles("reroll")
def reroll(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """A count of 0 rerolls every die showing the faces; otherwise dice are picked one by
    one (a rerolled die is set aside so it is not picked twice).  Rerolling your own
    dice by your own choice is a «may»: it can stop."""
    e = p.effect.params
    seat = side_seat(c, p, e["side"])
    dice = c.sides[seat].dice
    faces = tuple(e["faces"])
    if e["count"] == 0:
        kept = [f for f in dice if f not in faces]
        fresh = [forces.roll(state) for f in dice if f in faces]
        dice[:] = kept + fresh
        return []
    new = p.data.setdefault("new", [])
    if pick is not None and pick != PASS:
        dice.remove(pick)
        new.append(forces.roll(state))
        p.done += 1
    optional = seat == p.seat and e["chooser"] == "self"
    while pick != PASS and p.done < e["count"] * _per(state, c, p):
        held = _faces_held(dice, faces)
        if not held:
            break
        if len(held) > 1 or optional:
            p.chooser = chooser_seat(c, p, e["chooser"], seat)
            return held + ([PASS] if optional else [])
        dice.remove(held[0])
        new.append(forces.roll(state))
        p.done += 1
    dice.extend(new)
    new.clear()
    return []


@handles("convert_dice")
def convert_dice(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """Turn up to ``count`` (0: any number) of your dice showing ``faces`` to ``to``."""
    e = p.effect.params
    dice = c.sides[p.seat].dice
    if pick == PASS:
        return []
    if pick is not None:
        dice[dice.index(pick)] = e["to"]
        p.done += 1
    if p.done >= (e["count"] or ANY):
        return []
    held = _faces_held(dice, tuple(e["faces"]))
    p.chooser = p.seat
    return held + [PASS] if held else []


@handles("spend_dice")
def spend_dice(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """Spend up to ``max`` times ``cost`` dice of one face (0: any number of times); each
    spending resolves ``each`` once this effect is done."""
    e = p.effect.params
    dice = c.sides[p.seat].dice
    cost = e.get("cost") or 1
    if pick == PASS:
        return []
    if pick is not None:
        for _ in range(cost):
            dice.remove(pick)
        p.done += 1
        p.follow.extend(e["each"])
    if p.done >= (e["max"] or ANY):
        return []
    held = _faces_held(dice, tuple(e["faces"]), cost)
    p.chooser = p.seat
    return held + [PASS] if held else []
