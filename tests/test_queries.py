"""engine/queries.py: the rule questions a table asks, answered by the engine and format."""

import pytest

from game.star_realms.engine import Action, GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine import queries as q
from game.star_realms.engine.effects import HANDLERS
from game.star_realms.engine.rules import amount_range, start_turn
from game.star_realms.engine.view import player_view
from tests.scene import DB, Scene


def give_base(st, seat, card_id):
    """A fresh instance of ``card_id`` among ``seat``'s bases."""
    st.cards = st.cards + (DB[card_id],)
    iid = len(st.cards) - 1
    st.seats[seat].bases.append(iid)
    return iid


def adventure(aid, players=1, seed=3):
    seats = tuple(SeatConfig(f"P{i + 1}") for i in range(players)) + (SeatConfig("B", "boss"),)
    return new_game(DB, GameConfig(sets=("frontiers",), seats=seats, format=aid, seed=seed,
                                   first=0, options=(("difficulty", "veteran"),)))


def by_key(targets):
    return {(t.kind, t.seat, t.card): t for t in targets}


# ------------------------------------------------------------------ roles and teams


def test_roles_come_from_the_format():
    emperor = Scene(seats=6, fmt="emperor").state
    assert [q.role(emperor, i) for i in range(6)] == [
        "admiral", "emperor", "admiral", "admiral", "emperor", "admiral"]
    assert [q.team(emperor, i) for i in range(6)] == [0, 0, 0, 1, 1, 1]
    assert q.shows_teams(emperor)
    raid = Scene(seats=4, fmt="raid").state
    assert [q.role(raid, i) for i in range(4)] == ["boss", "raider", "raider", "raider"]
    duel = Scene().state
    assert [q.role(duel, i) for i in range(2)] == ["", ""] and not q.shows_teams(duel)
    assert q.shows_teams(Scene(seats=4, fmt="hydra2").state)
    st = adventure("dimensional_horror")
    assert [q.role(st, i) for i in range(2)] == ["", "boss"]
    assert not q.shows_teams(st)  # the players' "team" against the boss says nothing
    assert q.shows_authority(st, 0) and not q.shows_authority(st, 1)  # the Horror has none
    assert q.shows_authority(adventure("automatons"), 1)


def test_hydra_team_pools():
    sc = Scene(seats=4, fmt="hydra2")
    st = sc.state
    assert st.turn_members == [0, 2]
    st.seats[2].trade, st.seats[2].combat = 3, 1
    assert q.team_leftover(st, 0, "trade") == 3 and q.team_leftover(st, 0, "combat") == 1
    assert q.team_leftover(st, 2, "trade") == 0  # its own pool is not a leftover
    assert q.team_leftover(st, 1, "trade") == 0  # not in this turn


# ------------------------------------------------------------------ chips


def test_chip_states_follow_the_engine():
    sc = Scene(in_play=["stinger"], bases=["spike_cluster"], opp_bases=["defense_system"])
    st = sc.state
    stinger, spike = sc.id("stinger"), sc.id("spike_cluster")
    assert q.chip_states(st, stinger) == [("primary", "used"), ("ally", "available"),
                                          ("scrap", "available")]
    assert q.chip_states(st, spike) == [("primary", "available"), ("ally", "available")]
    assert q.chip_states(st, sc.id("defense_system")) == [("primary", "not_usable"),
                                                          ("ally", "not_usable")]
    sc.use("spike_cluster", "primary")
    assert q.chip_states(st, spike)[0] == ("primary", "used")


def test_an_ally_waits_for_its_faction():
    sc = Scene(in_play=["stinger"])
    assert q.chip_states(sc.state, sc.id("stinger"))[1] == ("ally", "waiting")
    # the view answers the same (used and latched abilities are public)
    assert q.chip_states(player_view(sc.state, 1), sc.id("stinger"))[1] == ("ally", "waiting")


# ------------------------------------------------------------------ attacks


def test_outpost_shields_the_player_and_combat_decides_the_base():
    sc = Scene(combat=3, opp_bases=["defense_system"])
    st = sc.state
    ds = sc.id("defense_system")
    t = by_key(q.attack_targets(st, 0))
    assert t[("player", 1, -1)].reason == ("outpost_first", {})
    assert t[("base", 1, ds)].reason == ("not_enough_combat", {"need": 5, "have": 3})
    assert t[("base", 1, ds)].defense == 5
    assert q.attack_all(st, 0) is None
    st.seats[0].combat = 7
    t = by_key(q.attack_targets(st, 0))
    assert t[("base", 1, ds)].actions == (Action("attack_base", 0, card=ds),)
    assert q.attack_all(st, 0) == Action("attack_base", 0, card=ds)
    apply(st, q.attack_all(st, 0))
    assert q.attack_all(st, 0) == Action("attack_player", 0, target=1, amount=2)


def test_attack_all_needs_a_single_target():
    sc = Scene(combat=5, opp_bases=["spike_cluster"])
    st = sc.state
    assert q.attack_all(st, 0) is None  # the player or the base: a choice
    st.seats[0].combat = 2  # the base (3) is out of reach: only the player remains
    assert q.attack_all(st, 0) == Action("attack_player", 0, target=1, amount=2)
    st.seats[0].combat = 0
    assert q.attack_all(st, 0) is None
    assert q.attack_targets(st, 1) and all(
        t.reason == ("not_your_turn", {}) for t in q.attack_targets(st, 1))


def test_hunter_targets_the_left_neighbour_and_both_neighbours_bases():
    sc = Scene(seats=4, fmt="hunter", combat=4)
    st = sc.state
    right = give_base(st, 3, "spike_cluster")
    across = give_base(st, 2, "spike_cluster")
    t = by_key(q.attack_targets(st, 0))
    assert t[("player", 1, -1)].actions
    assert t[("player", 2, -1)].reason == ("not_a_target", {})
    assert t[("player", 3, -1)].reason == ("not_a_target", {})
    assert t[("base", 3, right)].actions  # the right neighbour's bases may be attacked
    assert t[("base", 2, across)].reason == ("not_a_target", {})
    assert q.attack_all(st, 0) is None  # seat 1 or seat 3's base


def test_emperor_admiral_attacks_only_the_admiral_opposite():
    """«Адмирал может разыгрывать свои карты только против сидящего напротив адмирала
    противника и его баз»; in the books' diagram player 1 sits opposite player 6."""
    st = Scene(seats=6, fmt="emperor", combat=3).state
    t = by_key(q.attack_targets(st, 0))
    assert [k[1] for k, v in t.items() if v.actions] == [5]
    assert t[("player", 1, -1)].reason == ("not_a_target", {})  # a teammate
    assert t[("player", 3, -1)].reason == ("not_a_target", {})  # an admiral not opposite
    assert t[("player", 4, -1)].reason == ("not_a_target", {})  # the enemy emperor, for now
    assert q.attack_all(st, 0) == Action("attack_player", 0, target=5, amount=3)


def test_raid_boss_bases_take_partial_damage():
    sc = Scene(seats=4, fmt="raid")
    st = sc.state
    ds = give_base(st, 0, "defense_system")
    st.active = 1
    start_turn(st)
    st.seats[1].combat = 3
    t = by_key(q.attack_targets(st, 1))
    assert [amount_range(a) for a in t[("base", 0, ds)].actions] == [(1, 3)]
    assert t[("player", 0, -1)].reason == ("outpost_first", {})
    assert t[("player", 2, -1)].reason == ("not_a_target", {})  # a fellow raider
    best = q.attack_all(st, 1)
    assert best == Action("attack_base", 1, card=ds, amount=3)  # the biggest bite
    apply(st, best)
    assert q.base_defense(st, ds) == 2
    assert by_key(q.attack_targets(st, 1))[("base", 0, ds)].defense == 2


def test_strikes_at_the_horror_tentacles():
    st = adventure("dimensional_horror")
    assert st.active == 0
    strikes = [t for t in q.attack_targets(st, 0) if t.kind == "strike"]
    assert strikes and all(t.seat == 1 for t in strikes)
    assert all(t.reason == ("not_enough_combat", {"need": t.defense, "have": 0})
               for t in strikes)
    st.seats[0].combat = 99
    strikes = [t for t in q.attack_targets(st, 0) if t.kind == "strike"]
    assert all(t.actions == (Action("strike", 0, card=t.card),) for t in strikes)
    assert {t.card for t in strikes} == {a.card for a in legal_actions(st) if a.kind == "strike"}


# ------------------------------------------------------------------ plain gains


def test_plain_gains_are_the_resource_and_draw_ops():
    assert q.PLAIN_GAIN_OPS.issubset(HANDLERS)
    assert q.is_plain_gain(DB["stinger"].ability("primary"))
    assert q.is_plain_gain(DB["patrol_boat"].ability("primary"))
    assert not q.is_plain_gain(DB["plasma_bot"].ability("primary"))  # asks to scrap
    assert not q.is_plain_gain(DB["outland_station"].ability("primary"))  # a choice
    assert not q.is_plain_gain(())


def test_auto_apply_uses_plain_gains_but_never_scraps():
    sc = Scene(in_play=["stinger"], bases=["spike_cluster", "outland_station"])
    st = sc.state
    auto = q.auto_apply_actions(st, 0)
    assert {(a.card, a.slot) for a in auto} == {
        (sc.id("stinger"), "ally"), (sc.id("spike_cluster"), "primary"),
        (sc.id("spike_cluster"), "ally")}
    assert q.auto_apply_actions(st, 1) == []  # not its turn
    sc.use("outland_station", "primary")  # a question is open: nothing automatic
    assert st.pending is not None and q.auto_apply_actions(st, 0) == []


# ------------------------------------------------------------------ boss piles


def test_face_down_boss_decks_show_only_their_top():
    st = adventure("defy_the_empire")
    view = player_view(st, 0)
    for name in ("elite", "subjects"):
        assert q.pile_cards(view, name) == [st.boss.piles[name][-1]]
    st = adventure("nemesis_beast", players=2)
    assert st.boss.piles["hoard"]
    assert q.pile_cards(player_view(st, 0), "hoard") == []
    st = adventure("dimensional_horror")
    for name, cards in st.boss.piles.items():
        assert q.pile_cards(player_view(st, 0), name) == cards  # tentacles lie face up


@pytest.mark.parametrize("aid, key", [("automatons", "pile.assimilation"),
                                      ("dimensional_horror", "pile.severed"),
                                      ("nemesis_beast", "pile.hoard_size"),
                                      ("pirates_of_the_dark_star", None)])
def test_boss_counter(aid, key):
    st = adventure(aid, players=2)
    got = q.boss_counter(st)
    assert (got[0] if got else None) == key
    if aid == "automatons":
        assert got[1] == st.boss.counter
    assert q.boss_counter(Scene().state) is None
