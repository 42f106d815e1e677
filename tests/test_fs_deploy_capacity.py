"""Deploy into a full area (issue 38, item 12; RB p.10 «ВМЕСТИМОСТЬ ОТРЯДОВ»):

«Вместимость отрядов области показывает какое максимальное количество отрядов может
находиться в области после того как приказ разыгран. После того как приказ разыгран,
включая любой бой вызванный этим приказом, игрок должен уничтожить свои отряды, чтобы
уложиться в лимит вместимости области.»

So a full area may take a new unit during the Deploy; its owner then chooses what to
destroy (step ``cull``, action ``destroy``), and the bots answer that choice sensibly.
"""

from __future__ import annotations

from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.engine import pieces
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.state import CULL, OPERATIONS, Action, State
from game.forbidden_stars.engine.view import player_view
from tests.test_fs_support import areas, cleared, game, home, order_on_top

SM = 0


def _full_factory_world(city: bool = True) -> tuple[State, str]:
    """Seat 0's factory world full of Scouts, a city elsewhere (command level 1: a Space
    Marine may be bought; none without it), the Deploy order revealed and resolved."""
    state = cleared(game(2, 0))
    system = home(state, SM)
    world, other = areas(state, system, "world")[:2]
    pieces.add_structure(state, SM, world, "factory")
    if city:
        pieces.add_structure(state, SM, other, "city")
    pieces.add_unit(state, SM, world, "sm_scout", state.topology.areas[world].area.capacity)
    state.players[SM].materiel = 14
    order_on_top(state, SM, system, "deploy")
    return state, world


def test_a_full_world_is_offered_and_the_owner_culls_after_the_order():
    """«a Space Marine where two Scouts stand, then a Scout destroyed» (the issue)."""
    state, world = _full_factory_world()
    cap = state.topology.areas[world].area.capacity
    buy = Action("buy", SM, "sm_space_marine", world)
    assert buy in legal_actions(state)  # was never offered: the world was full
    apply(state, buy)
    assert state.units[world] == {"sm_scout": cap, "sm_space_marine": 1}  # over, for now
    apply(state, Action("done", SM))
    # the order is resolved: now the capacity counts, and the owner picks
    assert state.step == CULL and acting_seat(state) == SM
    assert set(legal_actions(state)) == {Action("destroy", SM, "sm_scout", world),
                                         Action("destroy", SM, "sm_space_marine", world)}
    apply(state, Action("destroy", SM, "sm_scout", world))
    assert state.units[world] == {"sm_scout": cap - 1, "sm_space_marine": 1}
    assert state.step == OPERATIONS and state.order is None


def _deploy_with(level: str, seed: int, city: bool) -> tuple[State, str]:
    """A bot of ``level`` plays seat 0's Deploy and any cull after it."""
    state, world = _full_factory_world(city)
    bot = make_player(level, seed)
    while state.step != OPERATIONS or state.order is not None:
        apply(state, bot.choose(player_view(state, SM), legal_actions(state)))
    return state, world


def test_bots_swap_only_for_a_better_unit_and_cull_the_weakest():
    """greedy and normal never buy a Scout into the world full of Scouts (it would be
    culled again: its price wasted), answer the cull by destroying a Scout, never the
    Space Marine just bought, and end within every area's capacity."""
    for level in ("greedy", "normal"):
        for seed in range(6):
            for city in (False, True):
                state, world = _deploy_with(level, seed, city)
                bought = [a for a in state.log if a.kind == "buy"]
                assert bought, (level, seed, city)
                assert not [a for a in bought if a.card == "sm_scout" and a.target == world]
                destroyed = [a for a in state.log if a.kind == "destroy"]
                assert all(d.card == "sm_scout" for d in destroyed), (level, destroyed)
                for area, units in state.units.items():
                    assert sum(units.values()) <= state.topology.areas[area].area.capacity
