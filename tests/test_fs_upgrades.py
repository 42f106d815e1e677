"""Forbidden Stars order upgrades (facts §4): one test per card, its effect quoted from the
facts' paraphrase of the printed card.  Each is used through ``apply`` at its moment."""

from __future__ import annotations

from game.forbidden_stars.engine import combat, pieces
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.state import COMBAT, EFFECT, ORDER, Action
from tests.test_fs_support import (
    answer,
    areas,
    cleared,
    fight,
    game,
    linked,
    options,
    order_on_top,
    to_strike,
)

SM, ORKS = 0, 1
CHAOS = ("chaos", "orks")
ELDAR = ("eldar", "orks")


def _own(state, seat, *upgrades):
    state.players[seat].order_upgrades.extend(upgrades)


def _strike(state, world, void, seat=0):
    apply(state, Action("strike", seat, target=world, source=void))


# ---------------------------------------------------------------------- Space Marines


def test_crusade_gives_a_token_starting_a_combat_where_no_world_is_friendly():
    """Crusade: «Starting a combat with this order in a system where you have no friendly
    world gives 1 reinforcement token»."""
    state = fight({"sm_strike_cruiser": 1}, {"ork_onslaught": 1}, kind="void",
                  before=lambda s: _own(s, SM, "sm_crusade"))
    assert options(state) == ["use", "pass"]
    answer(state, "use")
    assert state.players[SM].assets.get("reinforcement") == 1
    assert "sm_crusade" in state.players[SM].used_upgrades
    # a friendly world stays in the system (a city where the Scout came from): not offered

    def city(s):
        _own(s, SM, "sm_crusade")
        pieces.add_structure(s, SM, next(a for a, k in s.owner.items() if k == SM), "city")

    again = fight({"sm_scout": 1}, {"ork_boyz": 1}, before=city)
    assert "use" not in options(again)


def test_direct_the_faithful_swaps_a_structure_in_the_system():
    """Direct the Faithful: «On reveal, you may swap 1 of your structures in this system
    for a different structure type»."""
    state = cleared(game())
    world = areas(state, next(iter(state.topology.systems)), "world")[0]
    pieces.add_structure(state, SM, world, "factory")
    _own(state, SM, "sm_direct_the_faithful")
    order_on_top(state, SM, state.topology.areas[world].system, "strategize")
    answer(state, "use")
    assert f"{world}>factory>city" in options(state) and "pass" in options(state)
    answer(state, f"{world}>factory>city")
    assert state.structures[world] == ["city"] and state.command_level(SM) == 1
    assert state.step == ORDER and state.order.phase == "strategize"


def test_recruitment_worlds_makes_bastions_factories_one_less():
    """Recruitment Worlds: «Your bastions in the active system count as factories; the
    deploy limit drops by 1 per bastion»."""
    state = cleared(game())
    world = areas(state, next(iter(state.topology.systems)), "world")[0]
    pieces.add_structure(state, SM, world, "bastion")
    state.players[SM].materiel = 14
    _own(state, SM, "sm_recruitment_worlds")
    order_on_top(state, SM, state.topology.areas[world].system, "deploy")
    answer(state, "use")
    bought = 0
    while any(a.kind == "buy" and a.card == "sm_scout" and not a.extra
              for a in legal_actions(state)):
        target = next(a for a in legal_actions(state) if a.kind == "buy"
                      and a.card == "sm_scout" and not a.extra)
        apply(state, target)
        bought += 1
    assert bought == state.topology.areas[world].area.capacity - 1


def test_rain_of_fire_adds_a_die_and_turns_a_morale_into_a_bolter():
    """Rain of Fire: «+1 die; you may turn 1 morale die into 1 bolter die»."""
    state = cleared(game())
    _own(state, SM, "sm_rain_of_fire")
    world, void = to_strike(state, SM, "sm_strike_cruiser", {"ork_nob": 1})
    _strike(state, world, void)
    state.combat.sides[SM].dice = ["morale", "shield"]
    answer(state, "use")
    assert len(state.combat.sides[SM].dice) == 3
    assert "morale" in options(state)
    answer(state, "morale")
    assert state.combat.sides[SM].dice[0] == "bolter"


def test_drop_pods_strikes_a_bastion_and_lands_a_space_marine_that_fights():
    """Drop Pods: «Bastions do not block it. Spend 2 shield dice to put 1 free Space
    Marine on the world; this can start a combat afterwards»."""
    state = cleared(game())
    world, void = to_strike(state, SM, "sm_strike_cruiser", {"ork_nob": 1}, ("bastion",))
    assert not any(a.kind == "strike" for a in legal_actions(state))  # blocked
    state = cleared(game())
    _own(state, SM, "sm_drop_pods")
    world, void = to_strike(state, SM, "sm_strike_cruiser", {"ork_nob": 1}, ("bastion",))
    _strike(state, world, void)
    assert options(state) == ["use"]  # striking a bastion's world uses it
    state.combat.sides[SM].dice = ["shield", "shield"]
    answer(state, "use")
    answer(state, "shield")
    assert state.units[world].get("sm_space_marine") == 1
    assert state.step == COMBAT and not state.combat.orbital
    assert state.combat.attacker == SM and state.combat.came_from == []


# ---------------------------------------------------------------------- Chaos


def test_from_the_warp_lets_ships_cross_storms():
    """From the Warp: «Ships (not ground units) may cross warp storms»."""
    for own in (False, True):
        state = cleared(game(2, 0, CHAOS))
        here, there = linked(state, "void", "void", same_system=False)
        topo = state.topology
        pieces.add_unit(state, SM, here, "chaos_iconoclast")
        state.storms = [topo.border(topo.areas[here].system, topo.areas[there].system)]
        if own:
            _own(state, SM, "chaos_from_the_warp")
        order_on_top(state, SM, topo.areas[there].system, "advance")
        if own:
            answer(state, "use")
        moves = [a for a in legal_actions(state) if a.kind == "move" and a.source == here]
        assert bool(moves) == own


def test_favour_of_the_dark_gods_puts_two_tokens_on_the_event_deck():
    """Favour of the Dark Gods: «On reveal, put 2 of your order tokens from your play
    area onto your event deck»."""
    state = cleared(game(2, 0, CHAOS))
    world = areas(state, next(iter(state.topology.systems)), "world")[0]
    pieces.add_unit(state, SM, world, "chaos_cultist")
    _own(state, SM, "chaos_favour_of_the_dark_gods")
    order_on_top(state, SM, state.topology.areas[world].system, "strategize")
    answer(state, "use")
    answer(state, "deploy")
    answer(state, "advance")
    assert state.players[SM].on_event_deck["deploy"] == 1
    assert state.players[SM].on_event_deck["advance"] == 1
    assert state.players[SM].orders["deploy"] == 1


def test_dread_ritual_buys_a_unit_after_the_deploy_cheaper_per_cultist():
    """Dread Ritual: «After the order, buy 1 unit of CL ≤ 2 with no factory needed. It
    costs 1 less per Cultist in the active system»."""
    state = cleared(game(2, 0, CHAOS))
    system = next(iter(state.topology.systems))
    world = areas(state, system, "world")[0]
    pieces.add_unit(state, SM, world, "chaos_cultist", 2)
    pieces.add_structure(state, SM, world, "city")  # command level 1
    state.players[SM].materiel = 1
    _own(state, SM, "chaos_dread_ritual")
    order_on_top(state, SM, system, "deploy")
    assert not any(a.kind == "buy" for a in legal_actions(state))  # no factory
    apply(state, Action("done", SM))
    answer(state, "use")
    opts = options(state)
    assert any(o.startswith("chaos_csm>") for o in opts)  # 3 - 2 cultists = 1 materiel
    assert not any(o.startswith(("chaos_helbrute>", "chaos_reaver")) for o in opts)
    answer(state, next(o for o in opts if o.startswith("chaos_csm>") and o.endswith(">")))
    assert state.players[SM].materiel == 0
    assert sum(u.get("chaos_csm", 0) for u in state.units.values()) == 1


def test_fear_from_above_routs_every_unit_it_damages():
    """Fear from Above: «+1 die; spend 1 morale die so that every unit damaged by this
    strike is routed»."""
    state = cleared(game(2, 0, CHAOS))
    _own(state, SM, "chaos_fear_from_above")
    world, void = to_strike(state, SM, "chaos_iconoclast", {"ork_nob": 1})
    _strike(state, world, void)
    state.combat.sides[SM].dice = ["morale", "bolter"]
    answer(state, "use")
    answer(state, "morale")
    state.combat.sides[SM].dice = [d for d in state.combat.sides[SM].dice if d != "bolter"]
    state.combat.sides[SM].dice.append("bolter")
    apply(state, Action("damage", ORKS, card="ork_nob"))
    assert state.routed[world] == {"ork_nob": 1}


def test_complete_destruction_makes_the_opponent_destroy_a_structure_or_unit():
    """Complete Destruction: «Bastions do not block it. Spend 2 shield dice: the opponent
    destroys 1 structure or 1 unit on the world (their choice)»."""
    state = cleared(game(2, 0, CHAOS))
    _own(state, SM, "chaos_complete_destruction")
    world, void = to_strike(state, SM, "chaos_iconoclast", {"ork_nob": 1}, ("bastion",))
    _strike(state, world, void)
    state.combat.sides[SM].dice = ["shield", "shield"]
    answer(state, "use")
    answer(state, "shield")
    assert acting_seat(state) == ORKS
    assert set(options(state)) == {"structure:bastion", "ork_nob"}
    answer(state, "structure:bastion")
    assert "bastion" not in state.structures.get(world, ())


# ---------------------------------------------------------------------- Orks


def _roks_layout(state):
    """A world W, an uncontrolled void V beside it and a world B beside V, W and B not
    edge-sharing and B's system adjacent or equal to W's."""
    topo = state.topology
    for v, pa in sorted(topo.areas.items()):
        if pa.area.kind != "void":
            continue
        worlds = [b for b, _ in topo.links[v] if topo.areas[b].area.kind == "world"]
        for w in worlds:
            for b in worlds:
                if b != w and b not in [x for x, _ in topo.links[w]]:
                    return w, v, b
    raise AssertionError("no such layout")


def test_ork_roks_path_two_units_through_an_uncontrolled_void():
    """Ork Roks: «Up to 2 units may path through 1 uncontrolled void as if it were
    friendly»."""
    state = cleared(game(2, 0))
    w, v, b = _roks_layout(state)
    pieces.add_unit(state, ORKS, w, "ork_boyz", 3)
    _own(state, ORKS, "ork_ork_roks")
    order_on_top(state, ORKS, state.topology.areas[b].system, "advance")
    answer(state, "use")
    apply(state, Action("ground", ORKS))
    move = Action("move", ORKS, "ork_boyz", target=b, source=w, extra=v)
    for _ in range(2):
        assert move in legal_actions(state)
        apply(state, move)
    assert move not in legal_actions(state)  # a third may not
    assert state.units[b] == {"ork_boyz": 2}


def test_the_green_tide_resolves_strategize_as_another_order():
    """The Green Tide: «On reveal, resolve this token as Advance, Dominate or Deploy
    instead. It then gives no event card»."""
    state = cleared(game())
    world = areas(state, next(iter(state.topology.systems)), "world")[0]
    pieces.add_structure(state, ORKS, world, "factory")
    _own(state, ORKS, "ork_the_green_tide")
    order_on_top(state, ORKS, state.topology.areas[world].system, "strategize")
    answer(state, "use")
    assert options(state) == ["advance", "dominate", "deploy"]
    answer(state, "deploy")
    assert state.order.order == "deploy" and state.order.phase == "deploy"
    before = state.players[ORKS].orders["strategize"]
    apply(state, Action("done", ORKS))
    assert state.players[ORKS].orders["strategize"] == before + 1
    assert state.players[ORKS].on_event_deck["strategize"] == 0


def test_werk_fasta_buys_the_structure_before_the_units():
    """Werk Fasta!: «You may buy the structure before the units»."""
    state = cleared(game())
    system = next(iter(state.topology.systems))
    w1, w2 = areas(state, system, "world")[:2]
    pieces.add_structure(state, ORKS, w1, "factory")
    pieces.add_unit(state, ORKS, w2, "ork_boyz")
    state.players[ORKS].materiel = 10
    _own(state, ORKS, "ork_werk_fasta")
    order_on_top(state, ORKS, system, "deploy")
    answer(state, "use")
    apply(state, Action("build", ORKS, "bastion", w2))
    assert any(a.kind == "buy" for a in legal_actions(state))


def test_lootin_gains_materiel_the_opponent_loses():
    """Lootin'!: «+1 die; spend 1 die: you gain 1 materiel and the opponent loses 1»."""
    state = cleared(game(2, 0, ("orks", "space_marines")))
    _own(state, 0, "ork_lootin")
    world, void = to_strike(state, 0, "ork_onslaught", {"sm_scout": 1})
    _strike(state, world, void)
    state.combat.sides[0].dice = ["shield"]
    mine, theirs = state.players[0].materiel, state.players[1].materiel
    answer(state, "use")
    assert len(state.combat.sides[0].dice) == 2
    answer(state, "shield")
    assert (state.players[0].materiel, state.players[1].materiel) == (mine + 1, theirs - 1)


def test_stealin_takes_an_asset_token():
    """Stealin'!: «Bastions do not block it. Spend 1 morale die to take 1 of the
    opponent's asset tokens»."""
    state = cleared(game(2, 0, ("orks", "space_marines")))
    _own(state, 0, "ork_stealin")
    pieces.gain_asset(state, 1, "forge")
    world, void = to_strike(state, 0, "ork_onslaught", {"sm_scout": 1}, ("bastion",))
    _strike(state, world, void)
    state.combat.sides[0].dice = ["morale"]
    answer(state, "use")
    answer(state, "morale")
    assert state.players[0].assets.get("forge") == 1 and state.players[1].assets["forge"] == 0


# ---------------------------------------------------------------------- Eldar


def test_corsair_raid_strikes_after_the_combat():
    """Corsair Raid: «After a combat in this order, you may also make 1 orbital strike in
    the active system»."""
    def ships(state):
        _own(state, SM, "eldar_corsair_raid")

    state = fight({"eldar_aspect_warrior": 1}, {"ork_boyz": 2}, factions=ELDAR, before=ships)
    c = state.combat
    world = c.area
    void = next(b for b, _ in state.topology.links[world]
                if state.topology.areas[b].area.kind == "void"
                and state.topology.areas[b].system == state.topology.areas[world].system)
    pieces.add_unit(state, SM, void, "eldar_frigate")
    pieces.remove_unit(state, world, "eldar_aspect_warrior")  # the attack failed
    c.pending = None
    c.queue.clear()
    combat.end_round(state, c)
    assert state.step == EFFECT and options(state) == ["use", "pass"]
    answer(state, "use")
    assert state.step == ORDER
    assert Action("strike", SM, target=world, source=void) in legal_actions(state)


def test_farseers_strategize_with_no_unit_in_the_system():
    """Farseers: «You may resolve the order with no units in the active system»."""
    state = cleared(game(2, 0, ELDAR))
    system = next(iter(state.topology.systems))
    pieces.add_unit(state, SM, areas(state, state.topology.neighbours[system][0],
                                     "world")[0], "eldar_aspect_warrior")
    order_on_top(state, SM, system, "strategize", resolve=False)
    assert Action("resolve", SM) not in legal_actions(state)
    state = cleared(game(2, 0, ELDAR))
    pieces.add_unit(state, SM, areas(state, state.topology.neighbours[system][0],
                                     "world")[0], "eldar_aspect_warrior")
    _own(state, SM, "eldar_farseers")
    order_on_top(state, SM, system, "strategize")
    assert state.order.phase == "strategize" and "eldar_farseers" in \
        state.players[SM].used_upgrades


def test_wraithbone_singers_stack_a_structure_of_another_type():
    """Wraithbone Singers: «A structure bought may go on a friendly world that already
    holds exactly 1 structure of a different type»."""
    state = cleared(game(2, 0, ELDAR))
    system = next(iter(state.topology.systems))
    world = areas(state, system, "world")[0]
    pieces.add_structure(state, SM, world, "factory")
    state.players[SM].materiel = 10
    _own(state, SM, "eldar_wraithbone_singers")
    order_on_top(state, SM, system, "deploy")
    answer(state, "use")
    assert Action("build", SM, "city", world) in legal_actions(state)
    assert Action("build", SM, "factory", world) not in legal_actions(state)


def test_tactical_strikes_pick_the_first_unit_damaged():
    """Tactical Strikes: «+1 die; spend 1 morale die to pick the enemy unit that must take
    damage first»."""
    state = cleared(game(2, 0, ELDAR))
    _own(state, SM, "eldar_tactical_strikes")
    world, void = to_strike(state, SM, "eldar_frigate", {"ork_boyz": 1, "ork_nob": 1})
    _strike(state, world, void)
    state.combat.sides[SM].dice = ["morale", "bolter", "bolter"]
    answer(state, "use")
    answer(state, "morale")
    assert acting_seat(state) == SM
    apply(state, Action("damage", SM, card="ork_nob"))
    assert [(e.seat, e.unit) for e in state.events if e.tag == "damaged"] == \
        [(ORKS, "ork_nob")]


def test_strafing_run_moves_ships_to_an_adjacent_system():
    """Strafing Run: «Bastions do not block it. Spend 2 shield dice to move any of your
    ships in the active system to 1 friendly or uncontrolled void in an adjacent system.
    All dice still resolve»."""
    state = cleared(game(2, 0, ELDAR))
    _own(state, SM, "eldar_strafing_run")
    world, void = to_strike(state, SM, "eldar_frigate", {"ork_boyz": 1}, ("bastion",))
    _strike(state, world, void)
    state.combat.sides[SM].dice = ["shield", "shield", "bolter"]
    answer(state, "use")
    answer(state, "shield")
    move = options(state)[0]
    src, _unit, to = move.split(">")
    answer(state, move)
    assert state.units[to] == {"eldar_frigate": 1} and src not in state.units
    topo = state.topology
    assert topo.areas[to].system in topo.neighbours[topo.areas[world].system]
