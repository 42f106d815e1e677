"""Constructed positions with exactly enough combat to win: Normal and Hard must win."""

import pytest

from game.star_realms.ai import make_player
from game.star_realms.engine import apply, legal_actions, player_view
from game.star_realms.engine.rules import acting_seat
from tests.scene import Scene

LEVELS = ("normal", "hard")


def finish_turn(scene: Scene, kind: str, seed: int = 1) -> Scene:
    """Let the AI play seat 0's turn to its end (or the end of the game)."""
    st = scene.state
    ai = make_player(kind, seed, **({"samples": 6} if kind == "hard" else {}))
    turn = st.turn
    for _ in range(200):
        if st.winners is not None or st.turn != turn:
            break
        seat = acting_seat(st)
        assert seat == 0, "only seat 0 acts during its own turn here"
        legal = legal_actions(st)
        action = ai.choose(player_view(st, seat), legal)
        assert action in legal
        apply(st, action)
    return scene


POSITIONS = {
    # An outpost stands in the way: 5 to break it, 7 to finish (10 + 1 + 1 combat).
    "outpost_first": dict(hand=["blob_alpha", "viper", "viper"], opp_bases=["defense_system"],
                          authority=(50, 7)),
    # Two more combat only by scrapping the Explorer already in play.
    "scrap_the_explorer": dict(hand=["blob_alpha"], in_play=["explorer"], authority=(50, 12)),
    # Frontier Station must take its combat option, not the trade.
    "choose_combat": dict(hand=["blob_alpha"], bases=["frontier_station"], authority=(50, 13)),
    # A base that is not an outpost is a distraction: all 10 must go to the player.
    "ignore_the_base": dict(hand=["blob_alpha"], opp_bases=["bioformer"], authority=(50, 10)),
    # Both Stingers' ally abilities are needed: 3 + 3 + 3 + 3.
    "use_every_ally": dict(hand=["stinger", "stinger"], authority=(50, 12)),
    # Warpgate Cruiser: discard all three Scouts for 2 combat each.
    "discard_for_combat": dict(hand=["warpgate_cruiser", "scout", "scout", "scout"],
                               authority=(50, 6)),
    # Combat already in the pool plus a Pulverizer scrapping the dearest card of the row.
    "pulverize_the_dearest": dict(hand=["pulverizer"], combat=4, authority=(50, 12),
                                  row=("frontier_runner", "patrol_boat", "stinger",
                                       "imperial_flagship", "cargo_craft")),
    # Moonwurm Hatchling must destroy the outpost (not take 3 trade) so the 10 reach home.
    "hatchling_breaks_the_outpost": dict(hand=["blob_alpha", "moonwurm_hatchling"],
                                         opp_bases=["defense_system"], authority=(50, 10)),
    # Supply Depot eats both Scouts for 2 combat each, before they are played for trade.
    "depot_turns_scouts_into_combat": dict(hand=["blob_alpha", "scout", "scout"],
                                           bases=["supply_depot"], authority=(50, 14)),
}


@pytest.mark.parametrize("kind", LEVELS)
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_finds_lethal(kind, name):
    scene = finish_turn(Scene(**POSITIONS[name]), kind)
    assert scene.state.winners == (0,), f"{kind} missed lethal in {name}"


@pytest.mark.parametrize("kind", LEVELS)
def test_finishes_the_opponent_it_can_kill_among_several(kind):
    # Three seats: seat 1 is out of reach behind an outpost, seat 2 can be eliminated.
    scene = Scene(hand=["blob_alpha"], seats=3, opp_bases=["defense_system"],
                  authority=(50, 8))
    scene.state.life[2] = 10
    finish_turn(scene, kind)
    assert not scene.state.seats[2].alive and scene.state.seats[1].alive


@pytest.mark.parametrize("kind", ("easy", *LEVELS))
def test_plain_lethal_at_every_level(kind):
    scene = finish_turn(Scene(hand=["blob_alpha", "viper"], authority=(50, 11)), kind)
    assert scene.state.winners == (0,)
