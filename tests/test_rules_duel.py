"""One test per rule of the duel, as the rulebooks (seeds 000 and 003) state it."""

from game.star_realms.engine import (
    Action,
    GameConfig,
    SeatConfig,
    apply,
    is_legal,
    legal_actions,
    new_game,
)
from game.star_realms.engine.rules import amount_range
from game.star_realms.engine.state import EMPTY
from tests.scene import DB, Scene


def duel(seed=3, first=0, sets=("frontiers",)):
    return new_game(DB, GameConfig(sets=sets, seed=seed, first=first))


def test_first_player_draws_three_second_five():
    for first in (0, 1):
        st = duel(first=first)
        assert len(st.seats[first].hand) == 3
        assert len(st.seats[1 - first].hand) == 5
        assert st.active == first


def test_personal_decks_are_eight_scouts_two_vipers():
    st = duel()
    for s in st.seats:
        cards = [st.cards[i].id for i in s.hand + s.deck]
        assert sorted(cards) == ["scout"] * 8 + ["viper"] * 2


def test_setup_trade_row_explorers_and_trade_deck():
    st = duel(sets=("frontiers", "colony_wars"))
    assert len(st.trade_row) == 5 and EMPTY not in st.trade_row
    assert len(st.trade_deck) == 160 - 5
    assert len(st.explorers) == 16 + 10


def test_first_player_is_random_when_not_chosen():
    firsts = {new_game(DB, GameConfig(seed=s)).active for s in range(20)}
    assert firsts == {0, 1}


def test_players_start_with_fifty_authority():
    st = duel()
    assert [st.authority(i) for i in (0, 1)] == [50, 50]


def test_each_ability_once_per_turn():
    s = Scene(bases=["nesting_ground"], in_play=["stinger"])
    s.use("nesting_ground", "primary")
    assert "primary" not in s.slots("nesting_ground")
    s.use("nesting_ground", "ally")
    assert s.slots("nesting_ground") == []
    assert (s.me.trade, s.me.combat) == (2, 4)


def test_ship_primary_fires_when_played():
    s = Scene(hand=["blob_alpha"]).play("blob_alpha")
    assert s.me.combat == 10 and "primary" not in s.slots("blob_alpha")


def test_base_primary_any_time_in_main_phase_not_on_play():
    s = Scene(hand=["nesting_ground"]).play("nesting_ground")
    assert s.me.trade == 0 and s.slots("nesting_ground") == ["primary"]
    s.use("nesting_ground", "primary")
    assert s.me.trade == 2
    # Next turn it can be used again (bases stay in play).
    s.end_turn().end_turn()
    assert s.slots("nesting_ground") == ["primary"]


def test_ally_triggers_regardless_of_play_order():
    s = Scene(hand=["stinger", "crusher"]).play("stinger")
    assert "ally" not in s.slots("stinger")
    s.play("crusher")
    assert "ally" in s.slots("stinger") and "ally" in s.slots("crusher")


def test_ally_stays_triggered_after_the_partner_leaves_play():
    # «Как только союзное свойство сработало, его можно применить в любой момент основной фазы.»
    s = Scene(hand=["stinger", "crusher"]).play("stinger").play("crusher")
    s.use("stinger", "scrap")
    assert "ally" in s.slots("crusher")


def test_bases_from_earlier_turns_are_allies():
    s = Scene(bases=["spike_cluster"], hand=["crusher"]).play("crusher")
    assert "ally" in s.slots("spike_cluster") and "ally" in s.slots("crusher")


def test_ally_needs_another_card_not_itself():
    s = Scene(hand=["crusher"]).play("crusher")
    assert s.slots("crusher") == []


def test_double_ally_needs_two_other_cards():
    s = Scene(hand=["hive_queen"], in_play=["stinger"]).play("hive_queen")
    assert "double_ally" not in s.slots("hive_queen")
    s = Scene(hand=["hive_queen", "crusher"], in_play=["stinger"]).play("hive_queen")
    s.play("crusher")
    assert "double_ally" in s.slots("hive_queen")


def test_scrap_ability_sends_the_card_to_the_scrap_heap():
    s = Scene(hand=["stinger"]).play("stinger").use("stinger", "scrap")
    assert s.names(s.state.scrap) == ["stinger"] and s.me.in_play == [] and s.me.trade == 1


def test_scrapping_a_card_by_effect_does_not_fire_its_scrap_ability():
    s = Scene(hand=["plasma_bot", "stinger"]).play("plasma_bot").pick("stinger")
    assert s.names(s.state.scrap) == ["stinger"] and s.me.trade == 0


def test_scrapped_explorer_returns_to_the_explorer_pile():
    s = Scene(hand=["plasma_bot", "explorer"], explorers=0).play("plasma_bot").pick("explorer")
    assert s.names(s.state.explorers) == ["explorer"] and s.state.scrap == []


def test_trade_row_is_refilled_at_once_after_buy_and_scrap():
    s = Scene(hand=["blob_miner"], trade=3).buy("patrol_boat")
    assert EMPTY not in s.state.trade_row and s.names(s.state.trade_row).count(
        "defense_system") == 1
    s.play("blob_miner").pick("stinger")
    assert EMPTY not in s.state.trade_row and s.names(s.state.trade_row).count(
        "defense_system") == 2


def test_buying_puts_the_card_in_the_discard_pile_without_playing_it():
    s = Scene(trade=5).buy("patrol_boat")
    assert s.names(s.me.discard) == ["patrol_boat"]
    assert s.me.trade == 2 and s.me.combat == 0 and s.authority(0) == 50


def test_cannot_buy_what_you_cannot_afford():
    s = Scene(trade=2)
    buyable = {s.state.cards[a.card].id for a in s.legal() if a.kind == "buy"}
    assert buyable == {"frontier_runner", "stinger", "plasma_bot", "cargo_craft", "explorer"}


def test_outposts_must_fall_before_the_player_or_other_bases():
    s = Scene(combat=20, opp_bases=["spike_cluster", "defense_system"])
    targets = {(a.kind, a.card) for a in s.legal() if a.kind.startswith("attack")}
    assert targets == {("attack_base", s.id("defense_system"))}
    s.attack_base("defense_system")
    kinds = {a.kind for a in s.legal()}
    assert {"attack_base", "attack_player"} <= kinds
    assert s.me.combat == 15


def test_attacking_a_base_needs_its_whole_defense_in_one_turn():
    s = Scene(combat=4, opp_bases=["defense_system"])  # defense 5
    assert not [a for a in s.legal() if a.kind == "attack_base"]


def test_base_damage_does_not_carry_over_between_turns():
    s = Scene(opp_bases=["defense_system"])
    base = s.id("defense_system")
    s.state.damage[base] = 3  # (only Raid keeps partial damage; a duel wipes it)
    s.end_turn()
    assert base not in s.state.damage


def test_destroyed_base_goes_to_its_owners_discard_pile():
    s = Scene(combat=5, opp_bases=["defense_system"]).attack_base("defense_system")
    assert s.names(s.opp.discard) == ["defense_system"] and s.opp.bases == []


def test_destroy_target_base_costs_no_combat():
    s = Scene(hand=["enforcer_mech"], in_play=["plasma_bot"], opp_bases=["defense_system"])
    s.play("enforcer_mech").use("enforcer_mech", "ally")
    assert s.me.combat == 5 and s.names(s.opp.discard) == ["defense_system"]


def test_attack_player_chooses_the_amount():
    """An attack on a player may deal any amount up to the combat there is: the legal
    list holds it once, at the most, and every smaller amount is legal too."""
    s = Scene(combat=7)
    attacks = [a for a in s.legal() if a.kind == "attack_player"]
    assert [amount_range(a) for a in attacks] == [(1, 7)]
    assert all(is_legal(s.state, Action("attack_player", 0, target=1, amount=n))
               for n in range(1, 8))
    assert not is_legal(s.state, Action("attack_player", 0, target=1, amount=8))
    assert not is_legal(s.state, Action("attack_player", 0, target=1, amount=0))
    s.attack(1, 3)
    assert s.authority(1) == 47 and s.me.combat == 4


def test_discard_phase_then_draw_five_with_reshuffle():
    s = Scene(hand=["viper", "scout"], deck=["scout", "scout", "scout"],
              discard=["patrol_boat", "stinger"], in_play=["crusher"], trade=3, combat=2)
    s.end_turn()
    me = s.me
    assert me.trade == 0 and me.combat == 0 and me.in_play == []
    # 3 from the deck, then the discard pile (with the hand and ships just discarded)
    # is reshuffled into a new deck for the last 2.
    assert len(me.hand) == 5 and len(me.deck) == 3 and me.discard == []
    assert sorted(s.names(me.hand + me.deck)) == sorted(
        ["scout"] * 4 + ["viper", "patrol_boat", "stinger", "crusher"])


def test_turn_passes_to_the_next_seat():
    s = Scene()
    s.end_turn()
    assert s.state.active == 1 and s.state.turn == 2
    s.end_turn()
    assert s.state.active == 0 and s.state.turn == 3


def test_target_opponent_discards_at_the_start_of_their_turn():
    s = Scene(hand=["cargo_craft"], opp_hand=["scout", "viper", "scout", "scout", "scout"])
    s.play("cargo_craft")
    assert len(s.opp.hand) == 5  # nothing happens yet
    s.end_turn()
    d = s.pending
    assert d.seat == 1 and d.purpose == "discard" and not d.optional
    assert {a.kind for a in s.legal()} == {"pick"}  # they must discard before anything else
    s.pick("viper")
    assert len(s.opp.hand) == 4 and s.names(s.opp.discard) == ["viper"]


def test_owed_discards_are_capped_by_hand_size():
    s = Scene(opp_hand=["scout"])
    s.opp.pending_discard = 3
    s.end_turn()
    assert s.opp.hand == [] and len(s.opp.discard) == 1 and s.pending is None


def test_trade_deck_exhaustion_leaves_gaps_and_play_goes_on():
    s = Scene(trade=10, trade_deck=["stinger"])
    s.buy("patrol_boat")
    assert EMPTY not in s.state.trade_row
    s.buy("frontier_runner")
    assert s.state.trade_row.count(EMPTY) == 1
    assert all(a.card != EMPTY for a in s.legal())
    s.end_turn()
    assert not s.state.is_over


def test_authority_may_exceed_the_starting_value():
    s = Scene(hand=["frontier_runner"], authority=(50, 50)).play("frontier_runner")
    assert s.authority(0) == 52


def test_zero_authority_loses():
    s = Scene(combat=10, authority=(50, 10)).attack(1, 10)
    assert s.state.winners == (0,) and s.state.is_over and legal_actions(s.state) == []
    assert not s.opp.alive


def test_authority_below_zero_loses():
    s = Scene(combat=20, authority=(50, 5)).attack(1, 20)
    assert s.authority(1) == -15 and s.state.winners == (0,)


def test_acquire_free_spends_no_trade():
    s = Scene(hand=["burrower"], trade=0).play("burrower").use("burrower", "scrap")
    s.pick("patrol_boat")
    assert s.me.trade == 0 and s.names(s.me.discard) == ["patrol_boat"]


def test_effects_that_target_several_players_go_clockwise_from_the_current_player():
    s = Scene(seats=4)
    fmt = s.state.format
    assert fmt.opponents(s.state, 0) == [1, 2, 3]
    assert fmt.opponents(s.state, 2) == [3, 0, 1]
    s.state.active = 2
    s.state.seats[3].alive = False
    assert fmt.opponents(s.state, 2) == [0, 1]


def test_illegal_actions_are_refused_and_change_nothing():
    import pytest

    from game.star_realms.engine.rules import IllegalAction

    s = Scene(hand=["scout"], trade=0)
    before = (s.me.hand[:], s.me.trade, s.state.log_len)
    with pytest.raises(IllegalAction):
        s.buy("patrol_boat")
    with pytest.raises(IllegalAction):
        apply(s.state, Action("play", 1, card=s.opp.hand[0]))
    assert (s.me.hand, s.me.trade, s.state.log_len) == before


def test_game_setup_needs_a_box_not_enough_starters():
    """A screen has no box limits (issue 39): five seats play with one box; a pack
    alone (Crisis) has no box to be shuffled into."""
    import pytest

    from game.star_realms.engine import SetupError
    from game.star_realms.engine.formats import FORMATS, Format

    FORMATS["big_test"] = Format(id="big_test", min_seats=2, max_seats=6)
    try:
        seats = tuple(SeatConfig(f"P{i}") for i in range(5))
        new_game(DB, GameConfig(sets=("frontiers",), seats=seats, format="big_test"))
        with pytest.raises(SetupError, match="add one"):
            new_game(DB, GameConfig(sets=("crisis",), seats=seats, format="big_test"))
    finally:
        del FORMATS["big_test"]
