"""The rules United: Missions brings (engine/missions.py; docs/rules-data.md "Missions";
sources in docs/sets-research.md): dealing, secrecy, when a mission may be revealed, the
"this turn" tallies, winning by three missions, setup limits, saves and replays, undo,
bot games.  Per-card tests (each objective and reward) are in tests/test_cards_missions.py."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.star_realms import saves
from game.star_realms.ai import make_player
from game.star_realms.ai.determinize import determinize
from game.star_realms.engine import invariants, missions
from game.star_realms.engine.events import GameOver, MissionDone, Victory
from game.star_realms.engine.rng import Rng, game_seeds
from game.star_realms.engine.rules import IllegalAction, acting_seat, apply, legal_actions
from game.star_realms.engine.setup import SetupError, new_game, replay
from game.star_realms.engine.snapshot import restore, snapshot
from game.star_realms.engine.state import HIDDEN, Action, GameConfig, SeatConfig, State
from game.star_realms.engine.undo import can_undo
from game.star_realms.engine.view import lazy_view, player_view
from game.star_realms.sim import play as sim_play
from game.star_realms.sim import simulate
from tests.scene import DB
from tests.test_cards_missions import (
    MISSION_IDS,
    MISSIONS,
    arrange,
    claim,
    claims,
    give,
    in_zone,
    missions_game,
    names,
    pick,
    play,
    stop,
)

FRESH = missions.Tally().to_json()


def mission_iids(state: State) -> list[int]:
    return [i for i, c in enumerate(state.cards) if c.is_mission]


def mission_places(state: State) -> Counter:
    """How many times each mission card appears in a seat's missions (secret or done)
    or the box."""
    return Counter([m for s in state.seats for m in s.missions + s.missions_done]
                   + state.mission_box)


def bot_game(seed: int = 3, until=lambda st: False) -> State:
    """Greedy against greedy, Core Set + United, missions on: to the end or until
    ``until(state)`` holds.  (Seed 3: seat 0 reveals Rule and Defend on turn 11 and wins
    by Monopolize on turn 13.)"""
    st = new_game(DB, GameConfig(
        sets=("core", "united"), seats=(SeatConfig("A", "greedy"), SeatConfig("B", "greedy")),
        seed=seed, options=MISSIONS))
    bots = [make_player("greedy", seed), make_player("greedy", seed + 1)]
    while st.winners is None and st.turn < 200 and not until(st):
        seat = acting_seat(st)
        apply(st, bots[seat].choose(player_view(st, seat), legal_actions(st)))
    return st


# ---------------------------------------------------------------- dealing


@pytest.mark.parametrize("fmt,seats,sets", [
    ("duel", 2, ("core",)), ("ffa", 3, ("core", "frontiers")),
    ("ffa", 4, ("core", "frontiers")), ("hydra2", 4, ("core", "colony_wars"))])
def test_each_player_is_dealt_three_secret_missions(fmt, seats, sets):
    """«Each player is dealt three missions face down, kept apart from their deck» (ICE
    CardManager.addMissions: 3 per player; DCW): the twelve cards, three to each seat,
    the rest boxed."""
    st = missions_game(seed=5, fmt=fmt, seats=seats, sets=sets)
    all_missions = mission_iids(st)
    assert sorted(st.cards[m].id for m in all_missions) == MISSION_IDS
    for s in st.seats:
        assert len(s.missions) == 3 and s.missions_done == [] and s.tally.to_json() == FRESH
    dealt = [m for s in st.seats for m in s.missions]
    assert len(set(dealt)) == 3 * seats  # a different three for every seat
    assert st.mission_box == sorted(set(all_missions) - set(dealt))
    assert len(st.mission_box) == 12 - 3 * seats
    assert mission_places(st) == Counter(all_missions)  # each mission in one place
    # none of them is among the cards of the game's zones (decks, hands, the row …)
    in_zones = {c for name, cards in invariants.zone_lists(st) for c in cards
                if not name.startswith("mission")}  # (no deck, hand, row or pile)
    assert not in_zones & set(all_missions)


def test_the_deal_is_the_same_for_the_same_seed():
    def deal(seed: int) -> list[list[str]]:
        st = missions_game(seed=seed)
        return [[st.cards[m].id for m in s.missions] for s in st.seats] + [
            [st.cards[m].id for m in st.mission_box]]

    assert deal(7) == deal(7)
    assert len({json.dumps(deal(seed)) for seed in range(1, 7)}) > 1


# ---------------------------------------------------------------- secrecy


def test_missions_are_secret():
    """«Each player is dealt three missions face down … secret»: another seat sees how
    many are left, never which; the boxed ones nobody sees.  A revealed one is public."""
    st = missions_game(seed=2)
    real = [list(s.missions) for s in st.seats]
    box = list(st.mission_box)
    view = player_view(st, 1)
    assert view.seats[0].missions == [HIDDEN] * 3
    assert view.seats[1].missions == real[1]  # its own
    assert view.mission_box == [HIDDEN] * 6
    assert view.unknown["missions"] == sorted(box + real[0])
    # the lazy view (what the bots read) hides the same
    lazy = lazy_view(st, 1)
    assert lazy.seats[0].missions == [HIDDEN] * 3 and lazy.seats[1].missions == real[1]
    assert lazy.mission_box == [HIDDEN] * 6
    assert lazy.unknown["missions"] == view.unknown["missions"]
    # a determinization deals the hidden ones back: each mission once, its own untouched
    for seed in (1, 2, 3):
        det = determinize(view, Rng(seed))
        assert mission_places(det) == Counter(mission_iids(st))
        assert det.seats[1].missions == real[1]
        assert len(det.seats[0].missions) == 3 and HIDDEN not in det.mission_box
        assert sorted(det.seats[0].missions + det.mission_box) == sorted(box + real[0])
    # a revealed mission is face up for everyone
    arrange(st, hand=["cutter"], bases=["barter_world"])
    m = give(st, 0, "mission_monopolize")
    real[0] = list(st.seats[0].missions)
    play(st, "cutter")
    claim(st, m)
    view = player_view(st, 1)
    assert view.seats[0].missions_done == [m] and view.seats[0].missions == [HIDDEN] * 2
    assert view.unknown["missions"] == sorted(st.mission_box + st.seats[0].missions)
    det = determinize(view, Rng(1))
    assert mission_places(det) == Counter(mission_iids(st))
    assert det.seats[0].missions_done == [m]


def test_a_hydra_team_sees_its_members_missions():
    """Missions are seen where the hand is: «Teammates see each other's hands» (Hydra),
    so a member sees its mate's missions, not the other team's."""
    st = missions_game(seed=4, fmt="hydra2", seats=4, sets=("core", "colony_wars"))
    assert [s.team for s in st.seats] == [0, 1, 0, 1]
    view = player_view(st, 0)
    assert view.seats[2].missions == st.seats[2].missions
    assert view.seats[1].missions == [HIDDEN] * 3 and view.seats[3].missions == [HIDDEN] * 3
    assert view.unknown["missions"] == sorted(
        st.mission_box + st.seats[1].missions + st.seats[3].missions)
    det = determinize(view, Rng(9))
    assert mission_places(det) == Counter(mission_iids(st))
    assert det.seats[0].missions == st.seats[0].missions
    assert det.seats[2].missions == st.seats[2].missions


# ---------------------------------------------------------------- revealing


def test_a_mission_is_revealed_when_its_objective_is_met():
    """«When a mission's objective is met, the owner reveals it and takes its reward»:
    not before (the claim is not a legal action and apply refuses it)."""
    st = arrange(missions_game(), hand=["the_hive"], bases=["blob_wheel"], deck=["scout"] * 3)
    m = give(st, 0, "mission_colonize")
    assert not missions.met(st, 0, m) and m not in claims(st)
    with pytest.raises(IllegalAction):
        apply(st, Action("claim", 0, card=m))
    play(st, "the_hive")
    assert missions.met(st, 0, m) and m in claims(st)
    claim(st, m)
    assert names(st, st.seats[0].hand) == ["scout", "scout"]
    with pytest.raises(IllegalAction):  # once
        apply(st, Action("claim", 0, card=m))


def test_a_mission_is_revealed_only_in_its_owners_main_phase():
    """Our ruling (docs/rules-data.md): «a mission is claimed in its owner's own main
    phase, by an action» — not on another seat's turn."""
    st = arrange(missions_game(), hand=["scout"], deck=["scout"] * 5,
                 opp_bases=["blob_wheel", "the_hive"])
    theirs = give(st, 1, "mission_colonize")
    # seat 1's objective holds (two Blob bases) but it is seat 0's turn
    assert missions.met(st, 1, theirs) and theirs not in claims(st, 1)
    with pytest.raises(IllegalAction):
        apply(st, Action("claim", 1, card=theirs))
    apply(st, Action("end_turn", 0))
    assert st.active == 1 and st.pending is None
    assert theirs in claims(st, 1)
    hand = len(st.seats[1].hand)
    claim(st, theirs, seat=1)
    assert len(st.seats[1].hand) == hand + 2  # Colonize: draw two cards


def test_no_claim_while_a_question_is_pending():
    """A reward's question (or any other) is answered first: no claim meanwhile."""
    st = arrange(missions_game(), hand=["the_hive", "missile_bot"], bases=["blob_wheel"],
                 deck=["scout"] * 4)
    m = give(st, 0, "mission_colonize")
    play(st, "the_hive")
    assert m in claims(st)
    play(st, "missile_bot")  # "you may scrap a card in your hand or discard pile"
    assert st.pending is not None and st.pending.seat == 0
    assert claims(st) == [] and all(a.kind in ("pick", "stop") for a in legal_actions(st))
    with pytest.raises(IllegalAction):
        apply(st, Action("claim", 0, card=m))
    stop(st)
    assert m in claims(st)


# ---------------------------------------------------------------- this turn


def test_this_turn_tallies_reset_at_end_of_turn():
    """Objectives about "this turn" / "the same turn" read what the seat did this turn
    only: the tally starts again when the turn ends (a standing objective — bases in
    play — stays met)."""
    st = arrange(missions_game(), hand=["blob_fighter", "corvette", "cutter"],
                 bases=["blob_wheel", "the_hive"], deck=["scout"] * 6)
    unite = give(st, 0, "mission_unite", slot=0)
    colonize = give(st, 0, "mission_colonize", slot=1)
    for name in ("blob_fighter", "corvette", "cutter"):
        play(st, name)
    use_ally = Action("use", 0, card=in_zone(st, "blob_fighter", st.seats[0].in_play),
                      slot="ally")
    apply(st, use_ally)
    tally = json.loads(json.dumps(st.seats[0].tally.to_json()))
    assert tally == {"ships": [["blob"], ["star_empire"], ["trade_federation"]],
                     "with_base": ["blob"], "ally_lines": [["blob"]],
                     "trade": 2, "combat": 3 + 1, "authority": 4}
    assert {unite, colonize} <= set(claims(st))
    assert st.seats[1].tally.to_json() == FRESH  # the other seat did nothing
    apply(st, Action("end_turn", 0))
    assert st.seats[0].tally.to_json() == FRESH
    apply(st, Action("end_turn", 1))
    assert st.active == 0 and st.seats[0].tally.to_json() == FRESH
    assert unite not in claims(st) and colonize in claims(st)


def test_gains_on_another_seats_turn_do_not_count_for_the_next_turn():
    """«In a single turn, gain 4 Trade and 5 Combat and 3 Authority» (Diversify): the 7
    Authority every player gains from Galactic Summit (Crisis), revealed on seat 0's
    turn, is not gained in seat 1's next turn."""
    st = arrange(missions_game(sets=("core", "crisis")), hand=["cutter"], deck=["scout"] * 5)
    summit = next(i for i in st.trade_deck if st.cards[i].id == "galactic_summit")
    st.trade_deck.remove(summit)
    st.trade_deck.append(summit)  # the next card to refill the row
    m = give(st, 1, "mission_diversify")
    play(st, "cutter")
    apply(st, Action("buy", 0, card=in_zone(st, "cutter", st.trade_row)))
    assert summit in st.scrap and st.authority(1) == 50 + 7  # every player gained 7
    apply(st, Action("end_turn", 0))
    arrange(st, 1, hand=["trade_pod", "trade_pod", "ram"], row=None, opp=0)
    play(st, "trade_pod", seat=1)
    play(st, "trade_pod", seat=1)  # 6 Trade
    play(st, "ram", seat=1)  # 5 Combat, and no Authority this turn
    assert m not in claims(st, 1)  # (the bug: Diversify may be revealed here)
    assert st.seats[1].tally.authority == 0


# ---------------------------------------------------------------- winning


def _three_met(st: State, seat: int, opp: int) -> list[int]:
    """Give ``seat`` Colonize, Rule and Defend with bases that meet all three: two Blob
    bases and two outposts of two more factions."""
    arrange(st, seat, bases=["blob_wheel", "the_hive", "trading_post", "battle_station"],
            deck=["scout"] * 4, opp=opp)
    return [give(st, seat, cid, slot=k)
            for k, cid in enumerate(("mission_colonize", "mission_rule", "mission_defend"))]


def test_completing_three_missions_wins():
    """«Completing all three of your missions wins the game, whatever the Authority
    totals» (DCW): the third reveal ends the game at once."""
    st = missions_game()
    colonize, rule, defend = _three_met(st, 0, 1)
    st.life[0], st.life[1] = 3, 50  # far behind on Authority
    assert set(claims(st)) == {colonize, rule, defend}
    claim(st, colonize)
    assert len(st.seats[0].hand) == 2 and st.winners is None
    claim(st, rule)
    assert st.pending.purpose == "acquire" and claims(st) == []  # its question first
    pick(st, in_zone(st, "cutter", st.trade_row))
    assert st.winners is None and claims(st) == [defend]
    hand = list(st.seats[0].hand)
    claim(st, defend)
    assert st.winners == (0,)
    assert st.events[-3:] == [MissionDone(0, defend), Victory(0, "missions"),
                              GameOver((0,))]
    assert st.seats[0].missions_done == [colonize, rule, defend]
    assert st.seats[0].missions == [] and st.pending is None and st.stack == []
    assert st.seats[0].hand == hand  # the game is over: no reward taken
    assert legal_actions(st) == [] and st.undo_floor == st.log_len


def test_completing_three_missions_wins_for_the_whole_hydra_team():
    """In a team game the side wins: «the player who has completed all three of their
    missions wins» — with its teammates (engine/missions.py claim).  A member claims in
    the team's turn, the lead or not."""
    st = missions_game(fmt="hydra2", seats=4, sets=("core", "colony_wars"))
    assert st.active == 0 and st.turn_members == [0, 2]
    done = _three_met(st, 2, 1)  # the lead's teammate
    for m in done[:2]:
        claim(st, m, seat=2)
        while st.pending is not None:  # Rule's free card
            pick(st, st.pending.candidates[0])
    assert st.winners is None
    claim(st, done[2], seat=2)
    assert st.winners == (0, 2)
    assert Victory(2, "missions") in st.events and GameOver((0, 2)) in st.events


# ---------------------------------------------------------------- setup


def test_missions_need_at_most_four_seats():
    """The pack's twelve missions deal three each to at most four players (designed)."""
    with pytest.raises(SetupError, match="at most 4 seats"):
        missions_game(fmt="ffa", seats=5, sets=("core", "frontiers"))
    st = missions_game(fmt="ffa", seats=4, sets=("core", "frontiers"))
    assert st.mission_box == []


def test_missions_are_not_played_in_adventures_or_the_campaign():
    aid = sorted(DB.adventures)[0]
    config = GameConfig(sets=("frontiers",), seats=(SeatConfig("P1"), SeatConfig("B", "boss")),
                        format=aid, seed=1, first=0,
                        options=(("difficulty", "veteran"), ("missions", True)))
    with pytest.raises(SetupError, match="player-against-player formats"):
        new_game(DB, config)
    new_game(DB, GameConfig(sets=("frontiers",), seats=config.seats, format=aid, seed=1,
                            first=0, options=(("difficulty", "veteran"),)))  # (without: fine)
    assert "player-against-player" in missions.check_setup("campaign", True, 2, 12)
    assert missions.check_setup("duel", False, 2, 12) == ""
    assert "need 9 missions" in missions.check_setup("ffa", False, 3, 8)


@pytest.mark.parametrize("value", [1, "yes", None])
def test_the_missions_option_is_true_or_false(value):
    with pytest.raises(SetupError, match="true or false"):
        new_game(DB, GameConfig(sets=("core",), seed=1, options=(("missions", value),)))


def test_the_missions_pack_is_no_set_of_the_trade_deck():
    """The missions are dealt to the players when missions are on, never shuffled into
    the trade deck: choosing the pack as a set is refused."""
    for options in ((), MISSIONS):
        with pytest.raises(SetupError, match="holds missions"):
            new_game(DB, GameConfig(sets=("core", "united_missions"), seed=1,
                                    options=options))


def test_a_game_without_missions_keeps_no_bookkeeping():
    """``Seat.tally`` is None otherwise, so a game without missions does no bookkeeping
    and keeps its saves' shape."""
    for options in ((), (("missions", False),)):
        st = new_game(DB, GameConfig(sets=("core",), seed=1, first=0, options=options))
        bots = [make_player("greedy", 1), make_player("greedy", 2)]
        while st.turn < 4:
            seat = acting_seat(st)
            action = bots[seat].choose(player_view(st, seat), legal_actions(st))
            assert action.kind != "claim"
            apply(st, action)
        assert st.mission_box is None and st.log_len > 10
        for s in st.seats:
            assert s.tally is None and s.missions == [] and s.missions_done == []
        snap = snapshot(st)
        assert "mission_box" not in snap
        assert all(not {"missions", "missions_done", "tally"} & set(s) for s in snap["seats"])
        view = player_view(st, 0)
        assert view.mission_box is None and "missions" not in view.unknown
        assert invariants.check(st) == []


# ---------------------------------------------------------------- saves, replays, undo


def test_a_snapshot_of_a_missions_game_restores_equal():
    """The snapshot keeps each seat's missions, the revealed ones, the tally and the box;
    restoring it (through JSON, as a save stores it) gives the same snapshot."""
    st = bot_game(until=lambda s: len(s.seats[0].missions_done) == 2)
    apply(st, next(a for a in legal_actions(st) if a.kind == "play"))  # mid-turn
    assert st.winners is None and st.seats[0].tally.ships
    snap = snapshot(st)
    assert len(snap["mission_box"]) == 6 and len(snap["seats"][0]["missions_done"]) == 2
    assert len(snap["seats"][0]["missions"]) == 1 and snap["seats"][0]["tally"]["ships"]
    stored = json.loads(json.dumps(snap))
    back = restore(DB, st.config, stored, st.actions())
    assert snapshot(back) == snap
    assert back.seats[0].tally.to_json() == st.seats[0].tally.to_json()
    assert legal_actions(back) == legal_actions(st)


def test_a_replayed_missions_game_is_the_same_game():
    st = bot_game()
    assert st.winners == (0,) and len(st.seats[0].missions_done) == 3
    assert [st.cards[m].id for m in st.seats[0].missions_done] == [
        "mission_rule", "mission_defend", "mission_monopolize"]
    assert snapshot(replay(DB, st.config, st.actions())) == snapshot(st)
    mid = bot_game(until=lambda s: s.log_len == 100)
    assert snapshot(replay(DB, mid.config, mid.actions())) == snapshot(mid)


def test_a_claim_cannot_be_undone():
    """A revealed secret: «taking back a move must never let a player peek» (undo.py) —
    after a claim the undo floor is the claim itself."""
    st = arrange(missions_game(), hand=["cutter", "scout"], bases=["barter_world"])
    m = give(st, 0, "mission_monopolize")
    play(st, "scout")
    floor = st.undo_floor
    play(st, "cutter")
    assert st.undo_floor == floor < st.log_len and can_undo(st)  # plays may be taken back
    claim(st, m)
    assert st.undo_floor == st.log_len and not can_undo(st)


def test_a_claim_by_a_bot_raises_the_undo_floor_in_a_real_game():
    st = bot_game(until=lambda s: s.log_len > 0 and s.actions()[-1].kind == "claim")
    assert st.undo_floor == st.log_len


# ---------------------------------------------------------------- bot games


@pytest.mark.parametrize("sets,seats,fmt,games", [
    (("core", "united"), ("greedy", "greedy"), "duel", 20),
    (("core", "united"), ("normal", "greedy"), "duel", 10),
    (("core", "frontiers"), ("greedy", "greedy", "greedy"), "ffa", 8),
    (("core", "colony_wars"), ("greedy",) * 4, "hydra2", 8),
])
def test_bots_play_missions_games_to_the_end(sets, seats, fmt, games):
    report = simulate(DB, sets, seats, games, 1, fmt, options=MISSIONS)
    assert (report.games, report.errors) == (games, 0)
    finished = report.games - report.draws
    assert finished == games and sum(report.team_wins.values()) == finished
    assert 0 < report.mission_wins <= finished


def test_mission_wins_are_counted():
    """``SimReport.mission_wins`` counts the games a side won by three missions: the
    same games played one by one."""
    sets, games = ("core", "united"), 12
    report = simulate(DB, sets, ("greedy", "greedy"), games, 1, options=MISSIONS)
    by_missions = 0
    for i, seed in enumerate(game_seeds(1, games)):
        config = GameConfig(sets=sets, seats=(SeatConfig("greedy 1", "greedy"),
                                              SeatConfig("greedy 2", "greedy")),
                            seed=seed, first=i % 2, options=MISSIONS)
        st = sim_play(new_game(DB, config), [make_player("greedy", seed),
                                             make_player("greedy", seed + 1)])
        won = [w for w in st.winners if len(st.seats[w].missions_done) == 3]
        by_missions += bool(won)
        if won:  # nobody lost all their Authority
            assert all(st.authority(s.index) > 0 for s in st.seats)
    assert report.mission_wins == by_missions > 0


# ---------------------------------------------------------------- objectives' helper


def test_a_two_faction_card_counts_as_either_faction_each_card_once():
    """Our ruling (docs/rules-data.md): «a card of two factions counts as either one,
    each card once, when factions must differ»."""
    blob, se, tf = ("blob",), ("star_empire",), ("trade_federation",)
    union = ("blob", "star_empire")
    assert missions.distinct([union, blob], 2)  # the Union card stands for Star Empire
    assert missions.distinct([blob, union], 2)  # (in either order: a matching)
    assert not missions.distinct([union], 2)  # one card, one faction
    assert not missions.distinct([blob, blob], 2)
    assert not missions.distinct([union, union, blob], 3)
    assert missions.distinct([union, union, tf], 3)
    assert missions.distinct([blob, se, tf], 3) and not missions.distinct([blob, se, tf], 4)
    assert missions.distinct([], 0) and not missions.distinct([], 1)
    # an augmenting path: the first card must give up Blob for Star Empire
    assert missions.distinct([union, blob, ("star_empire", "machine_cult"), se], 4) is False
    assert missions.distinct([union, blob, ("star_empire", "machine_cult")], 3)


# ---------------------------------------------------------------- engine bugs found


def test_every_card_of_a_missions_game_is_in_one_place():
    """invariants.check (the soak tests', ``simulate(check=True)``'s and the save loader's
    check) must hold in a game with missions."""
    st = missions_game()
    assert invariants.check(st) == []


def test_checked_bot_games_with_missions():
    report = simulate(DB, ("core", "united"), ("greedy", "greedy"), 2, 1, options=MISSIONS,
                      check=True)
    assert report.errors == 0


def test_a_saved_missions_game_loads_back():
    st = bot_game(until=lambda s: len(s.seats[0].missions_done) == 1)
    doc = json.loads(json.dumps(saves.to_document(st)))
    back = saves.load_document(DB, doc)
    assert snapshot(back) == snapshot(st)
