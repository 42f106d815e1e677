"""Effect kinds of order upgrades and Schemes that resolve inside a combat or an orbital
strike: materiel and asset tokens changing hands, structures destroyed, the strike's own
rules (damaged units routed, the striker picking the first one).  The ``_use`` gate that
offers an upgrade or a Scheme at its moment is in effects.py."""

from __future__ import annotations

from game.forbidden_stars.engine import forces, pieces
from game.forbidden_stars.engine.combat_state import Combat, Pending
from game.forbidden_stars.engine.effect_base import chooser_seat, handles, side_seat
from game.forbidden_stars.engine.events import Gained
from game.forbidden_stars.engine.state import State


@handles("gain_asset")
def gain_asset(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    asset = p.effect.params["asset"]
    if (got := pieces.gain_asset(state, p.seat, asset, p.effect.params["count"])):
        state.events.append(Gained(p.seat, asset, got))
    return []


@handles("gain_materiel")
def gain_materiel(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    player = state.players[p.seat]
    got = max(0, min(p.effect.params["count"],
                     state.rules.constants["materiel_cap"] - player.materiel))
    if got:
        player.materiel += got
        state.events.append(Gained(p.seat, "materiel", got))
    return []


@handles("lose_materiel")
def lose_materiel(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    player = state.players[side_seat(c, p, p.effect.params["side"])]
    player.materiel = max(0, player.materiel - p.effect.params["count"])
    return []


@handles("take_asset")
def take_asset(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """Stealin'!: «take 1 of the opponent's asset tokens» (the taker picks; over its
    limit of 3 the token goes back to the supply, facts §7)."""
    rival = state.players[c.rival(p.seat)]
    if pick is not None:
        rival.assets[pick] -= 1
        state.supply[pick] += 1
        if (got := pieces.gain_asset(state, p.seat, pick)):
            state.events.append(Gained(p.seat, pick, got))
        p.done += 1
    if p.done >= p.effect.params["count"]:
        return []
    held = sorted(a for a, k in rival.assets.items() if k > 0)
    if len(held) == 1:
        return take_asset(state, c, p, held[0])
    p.chooser = p.seat
    return held


@handles("destroy_structure")
def destroy_structure(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """A structure on the combat's world (``or_unit``: or a unit) of the side's; the
    chooser picks.  Only the world's holder has structures there."""
    e = p.effect.params
    target = side_seat(c, p, e["side"])
    if pick is not None:
        if pick.startswith("structure:"):
            pieces.remove_structure(state, c.area, pick[10:])
        else:
            forces.destroy(state, c, target, pick)
        return []
    options = []
    if state.owner.get(c.area) == target:
        options = [f"structure:{s}" for s in sorted(set(state.structures.get(c.area, ())))]
    if e.get("or_unit"):
        options += forces.groups(state, c, target)
    if len(options) <= 1:  # nothing to choose (rulings: a single option is taken)
        return destroy_structure(state, c, p, options[0]) if options else []
    p.chooser = chooser_seat(c, p, e["chooser"], target)
    return options


@handles("rout_damaged")
def rout_damaged(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    c.rout_damaged = True
    return []


@handles("choose_first_damage")
def choose_first_damage(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    c.first_pick = p.seat
    return []


@handles("ignore_bastion")
def ignore_bastion(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    return []  # the strike was allowed on a bastion's world (orbital.strikes)
