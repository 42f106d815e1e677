"""Forbidden Stars Schemes (facts §5): kept face up, used «when its stated timing
comes» and then «замешивается обратно в колоду событий» (RB p.6).  One test per card, its
effect quoted from the facts' paraphrase of the printed card."""

from __future__ import annotations

from game.forbidden_stars.engine import combat, forces, pieces
from game.forbidden_stars.engine.effect_base import after_rout
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.state import COMBAT, OPERATIONS, ORDER, STORMS, Action
from tests.test_fs_support import (
    answer,
    areas,
    cleared,
    fight,
    game,
    give_scheme,
    linked,
    options,
    order_on_top,
    to_strike,
)

SM, ORKS = 0, 1
CHAOS = ("chaos", "orks")
ELDAR = ("eldar", "orks")


def _gate(state, card: str) -> bool:
    """The game offers ``card`` now (a combat's or a play's pending ``_use``)."""
    holder = state.combat if state.step == COMBAT else state.play
    p = holder.pending if holder is not None else None
    return p is not None and p.effect.kind == "_use" and p.effect.params["card"] == card


def _until(state, card: str, cap: int = 200) -> None:
    """Play on (declining every optional ability) until ``card`` is offered."""
    for _ in range(cap):
        if _gate(state, card):
            return
        legal = legal_actions(state)
        apply(state, next((a for a in legal if a.card == "pass"), legal[0]))
    raise AssertionError(f"{card} was never offered")


def _used(state, seat: int, card: str) -> None:
    answer(state, "use")
    p = state.players[seat]
    assert card not in p.schemes and card in p.event_deck  # shuffled back


def _operations(state, seat: int) -> None:
    """The seat's turn in the operations phase, a token of its on top of a stack."""
    state.players[seat].orders["deploy"] -= 1
    system = next(iter(state.topology.systems))
    state.stacks = {system: [(seat, "deploy")]}
    state.step, state.turn, state.order = OPERATIONS, seat, None


# ---------------------------------------------------------------------- Space Marines


def test_adeptus_mechanicus_gives_shields_per_forge_at_a_damage_step():
    """Adeptus Mechanicus: «At the start of an assess-damage step, discard: +2 shield tok,
    plus 1 more per forge token you hold»."""
    def hold(state):
        give_scheme(state, SM, "sm_adeptus_mechanicus")
        pieces.gain_asset(state, SM, "forge", 2)

    state = fight({"sm_scout": 2}, {"ork_boyz": 2}, before=hold)
    _until(state, "sm_adeptus_mechanicus")
    shields = state.combat.sides[SM].tokens.get("shield", 0)
    _used(state, SM, "sm_adeptus_mechanicus")
    assert state.combat.sides[SM].tokens["shield"] == shields + 4


def test_unwavering_resolve_rallies_a_system_instead_of_revealing():
    """Unwavering Resolve: «Instead of revealing an order, discard: rally all your units
    in 1 system»."""
    state = cleared(game())
    world = areas(state, next(iter(state.topology.systems)), "world")[0]
    pieces.add_unit(state, SM, world, "sm_scout", 2, routed=True)
    give_scheme(state, SM, "sm_unwavering_resolve")
    _operations(state, SM)
    apply(state, Action("scheme", SM, "sm_unwavering_resolve"))
    assert world not in state.routed and state.units[world] == {"sm_scout": 2}
    assert "sm_unwavering_resolve" not in state.players[SM].schemes


def test_emperors_champion_rallies_a_unit_at_a_damage_step():
    """Emperor's Champion: «At the start of an assess-damage step, discard: rally 1
    unit»."""
    state = fight({"sm_scout": 2}, {"ork_boyz": 2},
                  before=lambda s: give_scheme(s, SM, "sm_emperors_champion"))
    area = state.combat.area
    pieces.rout(state, area, "sm_scout")
    _until(state, "sm_emperors_champion")
    down = state.routed.get(area, {}).get("sm_scout", 0)
    _used(state, SM, "sm_emperors_champion")
    assert state.routed.get(area, {}).get("sm_scout", 0) == down - 1


def test_exterminatus_turns_the_strikes_dice_into_bolters():
    """Exterminatus: «Before an orbital strike, discard: all dice rolled for it become
    bolter»."""
    state = cleared(game())
    give_scheme(state, SM, "sm_exterminatus")
    world, void = to_strike(state, SM, "sm_strike_cruiser", {"ork_nob": 1})
    apply(state, Action("strike", SM, target=world, source=void))
    state.combat.sides[SM].dice = ["shield", "morale"]
    _used(state, SM, "sm_exterminatus")
    answer(state, "shield")
    answer(state, "morale")
    assert state.combat.sides[SM].dice == ["bolter", "bolter"]
    assert state.combat.left == 2  # the damage the Nob takes


# ---------------------------------------------------------------------- Chaos


def test_blight_of_nurgle_routs_an_enemy_instead_of_revealing():
    """Blight of Nurgle: «Instead of revealing an order, discard: rout 1 enemy unit in a
    system where you have a unit»."""
    state = cleared(game(2, 0, CHAOS))
    w1, w2 = areas(state, next(iter(state.topology.systems)), "world")[:2]
    pieces.add_unit(state, SM, w1, "chaos_cultist")
    pieces.add_unit(state, ORKS, w2, "ork_nob")
    give_scheme(state, SM, "chaos_blight_of_nurgle")
    _operations(state, SM)
    apply(state, Action("scheme", SM, "chaos_blight_of_nurgle"))
    assert state.routed[w2] == {"ork_nob": 1}
    assert state.step == OPERATIONS and state.turn == SM  # the token stays: turn passed


def test_prayer_to_the_dark_gods_redirects_a_rivals_storm():
    """Prayer to the Dark Gods: «When another player moves a storm, discard: cancel that
    move and move the storm in any of the 8 directions»."""
    state = cleared(game(2, 0, CHAOS))
    give_scheme(state, SM, "chaos_prayer_to_the_dark_gods")
    state.storms = [("h", 1, 0)]
    state.step, state.turn, state.storms_moved = STORMS, ORKS, []
    state.players[ORKS].drawn = []  # no card drawn: the top card's icon, nothing played
    move = legal_actions(state)[0]
    apply(state, move)
    assert acting_seat(state) == SM and _gate(state, "chaos_prayer_to_the_dark_gods")
    _used(state, SM, "chaos_prayer_to_the_dark_gods")
    assert state.storms == [("h", 1, 0)]  # the move is cancelled …
    pick = next(o for o in options(state) if o != move.source)  # … in any direction
    assert "h,1,0" not in options(state) and len(options(state)) > 2
    answer(state, pick)
    assert ",".join(map(str, state.storms[0])) == pick and state.step == STORMS


def test_seduced_by_chaos_routs_an_enemy_at_the_end_of_a_damage_step():
    """Seduced by Chaos: «At the end of an assess-damage step, discard: rout 1 enemy unit
    (your own combats only)»."""
    state = fight({"chaos_csm": 2}, {"ork_nob": 2}, factions=CHAOS,
                  before=lambda s: give_scheme(s, SM, "chaos_seduced_by_chaos"))
    _until(state, "chaos_seduced_by_chaos")
    c = state.combat
    before = state.routed.get(c.area, {}).get("ork_nob", 0)
    _used(state, SM, "chaos_seduced_by_chaos")
    assert state.routed.get(c.area, {}).get("ork_nob", 0) == before + 1


def test_through_the_warp_crosses_storms_and_adds_a_morale_die():
    """Through the Warp: «During an Advance, discard: your units may cross storms. If a
    combat starts, +1 morale die at its start»."""
    state = cleared(game(2, 0, CHAOS))
    here, there = linked(state, "world", "world", same_system=False)
    topo = state.topology
    pieces.add_unit(state, SM, here, "chaos_cultist")
    pieces.add_unit(state, ORKS, there, "ork_boyz")
    state.storms = [topo.border(topo.areas[here].system, topo.areas[there].system)]
    give_scheme(state, SM, "chaos_through_the_warp")
    order_on_top(state, SM, topo.areas[there].system, "advance")
    _used(state, SM, "chaos_through_the_warp")
    apply(state, Action("ground", SM))
    move = Action("move", SM, "chaos_cultist", target=there, source=here)
    assert move in legal_actions(state)
    apply(state, move)
    apply(state, Action("done", SM))
    dice = state.combat.sides[SM].dice
    assert len(dice) == 2 and dice[-1] == "morale"  # the Cultist's 1 die, then +1


# ---------------------------------------------------------------------- Orks


def test_teer_it_down_destroys_a_structure_at_the_end_of_a_damage_step():
    """Teer It Down!: «At the end of an assess-damage step, discard: destroy 1 structure
    on that world»."""
    state = fight({"ork_nob": 2}, {"sm_scout": 1}, factions=("orks", "space_marines"),
                  structures=("factory",),
                  before=lambda s: give_scheme(s, 0, "ork_teer_it_down"))
    _until(state, "ork_teer_it_down")
    area = state.combat.area
    _used(state, 0, "ork_teer_it_down")
    assert "factory" not in state.structures.get(area, ())


def test_warboss_lowers_a_units_cost_per_reinforcement_token():
    """Warboss: «When buying a unit, discard: it costs 1 less per reinforcement token you
    hold»."""
    state = cleared(game())
    world = areas(state, next(iter(state.topology.systems)), "world")[0]
    pieces.add_structure(state, ORKS, world, "factory")
    pieces.gain_asset(state, ORKS, "reinforcement", 1)  # 2 with the starting one
    give_scheme(state, ORKS, "ork_warboss")
    order_on_top(state, ORKS, state.topology.areas[world].system, "deploy")
    before = state.players[ORKS].materiel
    apply(state, Action("buy", ORKS, "ork_boyz", world, extra="scheme"))
    assert state.players[ORKS].materiel == before  # 2 - 2 tokens
    assert "ork_warboss" in state.players[ORKS].event_deck
    assert not any("scheme" in a.extra for a in legal_actions(state))


def test_gitz_dem_destroys_a_routed_enemy_instead():
    """Gitz Dem!: «When an enemy unit is routed in combat, discard: destroy it instead
    (your own combats only)»."""
    state = fight({"ork_nob": 3}, {"sm_space_marine": 2}, factions=("orks", "space_marines"),
                  before=lambda s: give_scheme(s, 0, "ork_gitz_dem"))
    c = state.combat
    forces.rout(state, c, 1, "sm_space_marine")  # as a damage step routs it
    after_rout(state, c, 1, "sm_space_marine")
    combat.proceed(state)
    assert _gate(state, "ork_gitz_dem")
    routed = c.pending.effect.params["bind"]["group"]
    before = state.units[c.area].get("sm_space_marine", 0)
    _used(state, 0, "ork_gitz_dem")
    assert routed == "sm_space_marine/routed"
    assert state.units.get(c.area, {}).get("sm_space_marine", 0) == before - 1


def test_mob_up_resolves_an_advance_where_two_units_are():
    """Mob Up!: «Instead of revealing an order, discard: resolve an Advance in any system
    where you have at least 2 units»."""
    state = cleared(game())
    world = areas(state, next(iter(state.topology.systems)), "world")[0]
    pieces.add_unit(state, ORKS, world, "ork_boyz", 2)
    give_scheme(state, ORKS, "ork_mob_up")
    _operations(state, ORKS)
    orders = dict(state.players[ORKS].orders)
    apply(state, Action("scheme", ORKS, "ork_mob_up"))
    assert state.step == ORDER and state.order.order == "advance" and state.order.token == ""
    assert state.order.system == state.topology.areas[world].system
    apply(state, Action("ground", ORKS))
    apply(state, Action("done", ORKS))
    assert state.players[ORKS].orders == orders  # no token came back


# ---------------------------------------------------------------------- Eldar


def test_farsight_moves_every_unit_out_of_the_combat():
    """Farsight: «At the start of an assess-damage step, discard: move all your units in
    this combat to any 1 friendly area. This also works for routed units»."""
    def hold(state):
        give_scheme(state, SM, "eldar_farsight")
        pieces.add_unit(state, SM, next(a for a, pa in sorted(state.topology.areas.items())
                                        if pa.area.kind == "world"
                                        and a not in state.owner), "eldar_wraithguard")

    state = fight({"eldar_aspect_warrior": 2}, {"ork_boyz": 2}, factions=ELDAR, before=hold)
    _until(state, "eldar_farsight")
    area = state.combat.area
    _used(state, SM, "eldar_farsight")
    assert "eldar_aspect_warrior" not in state.units.get(area, {})
    assert any(u.get("eldar_aspect_warrior") == 2 for u in state.units.values())


def test_warp_gate_moves_units_from_one_area_to_another():
    """Warp Gate: «Instead of revealing an order, discard: take any of your units from 1
    area and place them in 1 area» (errata: a friendly or uncontrolled area)."""
    state = cleared(game(2, 0, ELDAR))
    w1 = areas(state, next(iter(state.topology.systems)), "world")[0]
    pieces.add_unit(state, SM, w1, "eldar_aspect_warrior", 2)
    give_scheme(state, SM, "eldar_warp_gate")
    _operations(state, SM)
    apply(state, Action("scheme", SM, "eldar_warp_gate"))
    first = options(state)[0]
    _, _, to = first.split(">")
    answer(state, first)
    assert "pass" in options(state)  # may stop
    answer(state, f"{w1}>eldar_aspect_warrior>{to}")
    assert state.units[to] == {"eldar_aspect_warrior": 2} and w1 not in state.units


def test_outmanoeuvre_puts_an_own_token_on_top_at_the_end_of_planning():
    """Outmanoeuvre: «At the end of Planning, discard: look at 1 of your own order tokens
    in any stack and put it on the top or bottom of that stack»."""
    state = cleared(game(2, 0, ELDAR))
    system = next(iter(state.topology.systems))
    pieces.add_unit(state, SM, areas(state, system, "world")[0], "eldar_aspect_warrior")
    pieces.add_unit(state, ORKS, areas(state, system, "world")[1], "ork_boyz")
    give_scheme(state, SM, "eldar_outmanoeuvre")
    for p in state.players:
        p.placed = 3
    state.turn = state.first
    for seat in (state.first, 1 - state.first):
        apply(state, Action("place", seat, "advance", system))
    assert _gate(state, "eldar_outmanoeuvre")
    _used(state, SM, "eldar_outmanoeuvre")
    stack = state.stacks[system]
    i = next(i for i, (s, _) in enumerate(stack) if s == SM)
    answer(state, f"{system}>{i}>top")
    assert state.stacks[system][-1][0] == SM and state.step == OPERATIONS


def test_vicious_raids_rerolls_then_adds_a_die_to_a_strike():
    """Vicious Raids: «During an orbital strike, discard: reroll any of your dice, then
    gain 1 bolter, shield or morale die»."""
    state = cleared(game(2, 0, ELDAR))
    give_scheme(state, SM, "eldar_vicious_raids")
    world, void = to_strike(state, SM, "eldar_frigate", {"ork_nob": 1})
    apply(state, Action("strike", SM, target=world, source=void))
    state.combat.sides[SM].dice = ["shield", "morale", "morale"]
    _used(state, SM, "eldar_vicious_raids")
    assert set(options(state)) == {"shield", "morale", "pass"}  # any of them, or none
    answer(state, "pass")
    assert options(state) == ["bolter", "shield", "morale"]
    answer(state, "bolter")
    assert state.combat.sides[SM].dice[-1] == "bolter"
