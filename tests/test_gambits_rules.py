"""The rules the Gambit set brings (engine/gambits.py, engine/gambit_ops.py;
docs/rules-data.md "Gambits"; sources in docs/sets-research.md): dealing, secrecy, when
a gambit may be revealed, undo, setup limits, saves and replays, invariants, bot games
and the command line.  Per-card tests (each gambit's effect, Merc Cruiser) are in
tests/test_cards_gambits.py."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.star_realms import saves
from game.star_realms.ai import make_player
from game.star_realms.ai.determinize import determinize
from game.star_realms.data import RulesError, load_card_db
from game.star_realms.engine import gambits, invariants
from game.star_realms.engine.cards import CLASSIC_FACTIONS
from game.star_realms.engine.events import GambitRevealed, event_from_json
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import IllegalAction, acting_seat, apply, legal_actions
from game.star_realms.engine.setup import SetupError, new_game, replay
from game.star_realms.engine.snapshot import restore, snapshot
from game.star_realms.engine.state import HIDDEN, Action, GameConfig, SeatConfig, State
from game.star_realms.engine.undo import can_undo, undo
from game.star_realms.engine.view import lazy_view, player_view
from game.star_realms.sim import play as sim_play
from game.star_realms.sim import simulate
from tests.scene import DB
from tests.test_cards_gambits import (
    GAMBIT_IDS,
    GAMBITS,
    act,
    arrange,
    end_turn,
    gambit_iids,
    gambits_game,
    give,
    in_zone,
    play,
    reveal,
    reveals,
)
from tests.test_cards_missions import stop
from tests.test_rules_data import _broken_rules

ROOT = Path(__file__).resolve().parent.parent
MISSIONS = (("missions", True),)


def gambit_places(state: State) -> Counter:
    """How many times each gambit card appears in a seat's gambits (face down, face up
    or used) or the box."""
    return Counter([g for s in state.seats for g in s.gambits + s.gambits_up + s.gambits_used]
                   + state.gambit_box)


def mercs(state: State) -> list[int]:
    return [i for i, c in enumerate(state.cards) if c.id == "merc_cruiser"]


def bot_game(seed: int = 2, until=lambda st: False, kinds=("greedy", "greedy"),
             sets=("core",), options=()) -> State:
    """Bots against each other, Core Set, gambits on: to the end or until ``until(state)``
    holds.  (Seed 2, greedy: on turn 6 seat 0 has a Merc Cruiser in play as Blob, an
    Energy Shield and a Frontier Fleet face up; seat 1 has used Wild Gambit.)"""
    st = new_game(DB, GameConfig(
        sets=sets, seats=tuple(SeatConfig(f"{k} {i}", k) for i, k in enumerate(kinds)),
        seed=seed, options=GAMBITS + tuple(options)))
    bots = [make_player(k, seed + i) for i, k in enumerate(kinds)]
    while st.winners is None and st.turn < 200 and not until(st):
        seat = acting_seat(st)
        apply(st, bots[seat].choose(player_view(st, seat), legal_actions(st)))
    return st


def merc_with_a_faction(st: State) -> bool:
    return st.pending is None and any(k in st.copy_of for k in mercs(st))


# ---------------------------------------------------------------- dealing


@pytest.mark.parametrize("fmt,seats,sets", [
    ("duel", 2, ("core",)), ("ffa", 3, ("core", "frontiers")),
    ("ffa", 4, ("core", "frontiers")), ("ffa", 5, ("core", "frontiers")),
    ("ffa", 6, ("core", "frontiers")), ("hydra2", 4, ("core", "colony_wars")),
    ("hydra3", 6, ("core", "frontiers", "colony_wars")),
    ("emperor", 6, ("core", "frontiers", "colony_wars"))])
def test_each_player_is_dealt_two_face_down_gambits(fmt, seats, sets):
    """«Choose a number of them to be dealt face down to each player»: two each (our
    number), a different two for every seat, the rest boxed face down."""
    st = gambits_game(seed=5, fmt=fmt, seats=seats, sets=sets)
    all_gambits = gambit_iids(st)
    assert len(all_gambits) == 13
    assert sorted({st.cards[g].id for g in all_gambits}) == GAMBIT_IDS
    for s in st.seats:
        assert len(s.gambits) == 2 and s.gambits_up == [] and s.gambits_used == []
    dealt = [g for s in st.seats for g in s.gambits]
    assert len(set(dealt)) == 2 * seats
    assert sorted(st.gambit_box) == sorted(set(all_gambits) - set(dealt))
    assert len(st.gambit_box) == 13 - 2 * seats
    assert gambit_places(st) == Counter(all_gambits)  # each gambit in one place
    # none of them is among the cards of the game's zones (decks, hands, the row …)
    in_zones = {c for name, cards in invariants.zone_lists(st) for c in cards
                if not name.startswith("gambit")}
    assert not in_zones & set(all_gambits)
    # the three Merc Cruisers are shuffled into the trade deck (or dealt to the row)
    assert len(mercs(st)) == 3
    assert set(mercs(st)) <= set(st.trade_deck + st.trade_row)
    assert invariants.check(st) == []


def test_the_merc_cruisers_join_the_trade_deck():
    """The three Merc Cruisers «join the trade deck when gambits are on»: the trade
    deck (with the row) has the Core Set's 80 cards and them."""
    with_g = gambits_game(seed=4)
    without = new_game(DB, GameConfig(sets=("core",), seed=4, first=0))
    n = len(without.trade_deck + without.trade_row)
    assert len(with_g.trade_deck + with_g.trade_row) == n + 3
    assert Counter(with_g.cards[c].id for c in with_g.trade_deck + with_g.trade_row) == (
        Counter(without.cards[c].id for c in without.trade_deck + without.trade_row)
        + Counter({"merc_cruiser": 3}))


def test_the_deal_is_the_same_for_the_same_seed():
    def deal(seed: int) -> list[list[str]]:
        st = gambits_game(seed=seed)
        return [[st.cards[g].id for g in s.gambits] for s in st.seats] + [
            [st.cards[g].id for g in st.gambit_box],
            [st.cards[c].id for c in st.trade_deck]]

    assert deal(7) == deal(7)
    assert len({json.dumps(deal(seed)) for seed in range(1, 7)}) > 1


def test_a_game_without_gambits_has_none():
    """Without the option: no gambit, no Merc Cruiser, no box, no gambit action, and
    the snapshot and views keep their old shape."""
    for options in ((), (("gambits", False),)):
        st = new_game(DB, GameConfig(sets=("core",), seed=1, first=0, options=options))
        assert st.gambit_box is None and gambit_iids(st) == [] and mercs(st) == []
        bots = [make_player("greedy", 1), make_player("greedy", 2)]
        while st.turn < 4:
            seat = acting_seat(st)
            legal = legal_actions(st)
            assert all(a.kind != "gambit" for a in legal)
            apply(st, bots[seat].choose(player_view(st, seat), legal))
        for s in st.seats:
            assert s.gambits == [] and s.gambits_up == [] and s.gambits_used == []
        snap = snapshot(st)
        assert "gambit_box" not in snap and "copy_factions" not in snap
        assert all(not {"gambits", "gambits_up", "gambits_used"} & set(s)
                   for s in snap["seats"])
        view = player_view(st, 0)
        assert view.gambit_box is None and "gambits" not in view.unknown
        assert lazy_view(st, 0).gambit_box is None
        assert invariants.check(st) == []


@pytest.mark.parametrize("value", [1, "yes", None])
def test_the_gambits_option_is_true_or_false(value):
    with pytest.raises(SetupError, match="true or false"):
        new_game(DB, GameConfig(sets=("core",), seed=1, options=(("gambits", value),)))


# ---------------------------------------------------------------- setup limits


def test_gambits_are_not_played_in_adventures_or_the_campaign():
    """Gambits come to the player-against-player formats (designed, as for missions)."""
    aid = sorted(DB.adventures)[0]
    config = GameConfig(sets=("frontiers",), seats=(SeatConfig("P1"), SeatConfig("B", "boss")),
                        format=aid, seed=1, first=0,
                        options=(("difficulty", "veteran"), ("gambits", True)))
    with pytest.raises(SetupError, match="player-against-player formats"):
        new_game(DB, config)
    new_game(DB, GameConfig(sets=("frontiers",), seats=config.seats, format=aid, seed=1,
                            first=0, options=(("difficulty", "veteran"),)))  # (without: fine)
    assert "player-against-player" in gambits.check_setup("campaign", True, 2, 13)
    assert gambits.check_setup("duel", False, 2, 13) == ""
    assert gambits.check_setup("ffa", False, 6, 13) == ""
    assert "need 14 gambits" in gambits.check_setup("ffa", False, 7, 13)


def test_the_gambit_set_is_no_set_to_choose():
    """The gambits are dealt and the Merc Cruisers shuffled in when gambits are on:
    ticking the set "gambits" is refused, with the option or without."""
    for options in ((), GAMBITS):
        with pytest.raises(SetupError, match="holds gambits"):
            new_game(DB, GameConfig(sets=("core", "gambits"), seed=1, options=options))
        with pytest.raises(SetupError, match="holds gambits"):
            new_game(DB, GameConfig(sets=("gambits",), seed=1, options=options))


def test_gambits_and_missions_together():
    """Both options at once: three missions and two gambits each, apart."""
    st = gambits_game(seed=3, sets=("core", "united"), options=MISSIONS)
    for s in st.seats:
        assert len(s.missions) == 3 and len(s.gambits) == 2
    assert len(st.mission_box) == 6 and len(st.gambit_box) == 9
    assert invariants.check(st) == []


# ---------------------------------------------------------------- secrecy


def test_face_down_gambits_are_secret():
    """«Dealt face down to each player»: another seat sees how many, never which; the
    box nobody sees.  A revealed one is face up for everyone."""
    st = gambits_game(seed=2)
    real = [list(s.gambits) for s in st.seats]
    box = list(st.gambit_box)
    view = player_view(st, 1)
    assert view.seats[0].gambits == [HIDDEN] * 2
    assert view.seats[1].gambits == real[1]  # its own
    assert view.gambit_box == [HIDDEN] * 9
    assert view.unknown["gambits"] == sorted(box + real[0])
    own = player_view(st, 0)
    assert own.seats[0].gambits == real[0] and own.seats[1].gambits == [HIDDEN] * 2
    assert own.gambit_box == [HIDDEN] * 9  # the box: no one's
    # the lazy view (what the bots read) hides the same
    lazy = lazy_view(st, 1)
    assert lazy.seats[0].gambits == [HIDDEN] * 2 and lazy.seats[1].gambits == real[1]
    assert lazy.gambit_box == [HIDDEN] * 9
    assert lazy.unknown["gambits"] == view.unknown["gambits"]
    # a determinization deals the hidden ones back: each gambit once, its own untouched
    for seed in (1, 2, 3):
        det = determinize(view, Rng(seed))
        assert gambit_places(det) == Counter(gambit_iids(st))
        assert det.seats[1].gambits == real[1]
        assert len(det.seats[0].gambits) == 2 and HIDDEN not in det.gambit_box
        assert sorted(det.seats[0].gambits + det.gambit_box) == sorted(box + real[0])
        assert invariants.check(det) == []
    # revealed gambits are public: a one-shot and an ongoing one
    arrange(st, hand=[], deck=["scout"] * 5)
    shield = give(st, 0, "gambit_energy_shield", slot=0)
    raid = give(st, 0, "gambit_surprise_assault", slot=1)
    reveal(st, shield)
    reveal(st, raid)
    for view in (player_view(st, 1), lazy_view(st, 1)):
        assert view.seats[0].gambits == [] and view.seats[0].gambits_up == [shield]
        assert view.seats[0].gambits_used == [raid]
        assert view.unknown["gambits"] == sorted(st.gambit_box)
    det = determinize(player_view(st, 1), Rng(1))
    assert gambit_places(det) == Counter(gambit_iids(st))
    assert det.seats[0].gambits_up == [shield] and det.seats[0].gambits_used == [raid]


def test_a_gambit_from_the_box_is_secret_too():
    """Wild Gambit's card comes face down: the other seat sees one more HIDDEN."""
    st = arrange(gambits_game(seed=6), hand=[], deck=["scout"] * 5)
    wild = give(st, 0, "gambit_wild_gambit")
    top = st.gambit_box[-1]
    reveal(st, wild)
    view = player_view(st, 1)
    assert view.seats[0].gambits == [HIDDEN, HIDDEN] and view.gambit_box == [HIDDEN] * 8
    assert top in view.unknown["gambits"] and len(view.unknown["gambits"]) == 8 + 2
    det = determinize(view, Rng(4))
    assert gambit_places(det) == Counter(gambit_iids(st))
    assert player_view(st, 0).seats[0].gambits[-1] == top


def test_a_hydra_team_sees_its_members_gambits():
    """Gambits are seen where the hand is: «Teammates see each other's hands» (Hydra)."""
    st = gambits_game(seed=4, fmt="hydra2", seats=4, sets=("core", "colony_wars"))
    assert [s.team for s in st.seats] == [0, 1, 0, 1]
    view = player_view(st, 0)
    assert view.seats[2].gambits == st.seats[2].gambits
    assert view.seats[1].gambits == [HIDDEN] * 2 and view.seats[3].gambits == [HIDDEN] * 2
    assert view.unknown["gambits"] == sorted(
        st.gambit_box + st.seats[1].gambits + st.seats[3].gambits)
    lazy = lazy_view(st, 0)
    assert lazy.seats[2].gambits == st.seats[2].gambits
    assert lazy.seats[1].gambits == [HIDDEN] * 2 and lazy.unknown["gambits"] == view.unknown[
        "gambits"]
    det = determinize(view, Rng(9))
    assert gambit_places(det) == Counter(gambit_iids(st))
    assert det.seats[0].gambits == st.seats[0].gambits
    assert det.seats[2].gambits == st.seats[2].gambits


# ---------------------------------------------------------------- when


def test_a_gambit_may_be_revealed_at_the_start_of_a_turn_and_in_the_main_phase():
    """«You may reveal any Gambits at the start of the game or during your Main Phase»:
    the first thing the first player may do, and any time in its main phase, any number
    per turn."""
    st = gambits_game(seed=8)
    assert st.log_len == 0 and st.active == 0
    assert sorted(reveals(st)) == sorted(st.seats[0].gambits)
    arrange(st, hand=["scout", "scout"], deck=["scout"] * 5)
    first = give(st, 0, "gambit_political_maneuver", slot=0)
    second = give(st, 0, "gambit_surprise_assault", slot=1)
    reveal(st, first)
    play(st, "scout")
    reveal(st, second)  # after a play: still the main phase
    assert (st.seats[0].trade, st.seats[0].combat) == (2 + 1, 8)
    assert reveals(st) == []


def test_a_gambit_is_revealed_only_in_its_owners_main_phase():
    """«During your Main Phase»: not on another seat's turn."""
    st = arrange(gambits_game(), hand=["scout"], deck=["scout"] * 5)
    theirs = give(st, 1, "gambit_surprise_assault")
    assert reveals(st, 1) == [] and reveals(st, 0) == st.seats[0].gambits
    with pytest.raises(IllegalAction):
        apply(st, Action("gambit", 1, card=theirs))
    assert theirs in st.seats[1].gambits
    end_turn(st)
    assert st.active == 1 and st.pending is None
    assert reveals(st, 0) == [] and theirs in reveals(st, 1)
    mine = st.seats[0].gambits[0]
    with pytest.raises(IllegalAction):
        apply(st, Action("gambit", 0, card=mine))
    reveal(st, theirs, seat=1)
    assert st.seats[1].combat == 8


def test_no_gambit_while_a_question_is_pending():
    """A question (a card's or a gambit's own) is answered first: no reveal meanwhile."""
    st = arrange(gambits_game(), hand=["missile_bot"], deck=["scout"] * 5,
                 opp_bases=["the_hive", "blob_wheel"])
    raid = give(st, 0, "gambit_bold_raid", slot=0)
    other = give(st, 0, "gambit_political_maneuver", slot=1)
    play(st, "missile_bot")  # "you may scrap a card in your hand or discard pile"
    assert st.pending is not None and st.pending.seat == 0
    assert reveals(st) == [] and all(a.kind in ("pick", "stop") for a in legal_actions(st))
    with pytest.raises(IllegalAction):
        apply(st, Action("gambit", 0, card=raid))
    stop(st)
    assert sorted(reveals(st)) == sorted([raid, other])
    reveal(st, raid)  # Bold Raid's own question: destroy target base
    assert st.pending.purpose == "destroy_base" and reveals(st) == []
    with pytest.raises(IllegalAction):
        apply(st, Action("gambit", 0, card=other))
    act(st, Action("pick", 0, card=in_zone(st, "the_hive", st.seats[1].bases)))
    assert reveals(st) == [other]


def test_a_team_member_reveals_in_the_teams_turn():
    """Hydra: the team takes its main phase together, so each member may reveal its own
    gambits (and only its own)."""
    st = gambits_game(seed=4, fmt="hydra2", seats=4, sets=("core", "colony_wars"))
    assert st.turn_members == [0, 2]
    legal = [a for a in legal_actions(st) if a.kind == "gambit"]
    assert sorted((a.seat, a.card) for a in legal) == sorted(
        [(0, g) for g in st.seats[0].gambits] + [(2, g) for g in st.seats[2].gambits])
    g = st.seats[2].gambits[0]
    with pytest.raises(IllegalAction):
        apply(st, Action("gambit", 0, card=g))  # a teammate's gambit is not yours
    apply(st, Action("gambit", 2, card=g))
    assert GambitRevealed(2, g) in st.events


def test_a_reveal_is_an_event_for_the_log():
    """GambitRevealed (kind "gambit") names the seat and the card, and goes through JSON
    as every event does."""
    st = arrange(gambits_game(), hand=[], deck=["scout"] * 5)
    g = give(st, 0, "gambit_unlikely_alliance")
    reveal(st, g)
    (e,) = [e for e in st.events if isinstance(e, GambitRevealed)]
    assert (e.kind, e.seat, e.card) == ("gambit", 0, g)
    assert event_from_json(json.loads(json.dumps(e.to_json()))) == e


# ---------------------------------------------------------------- undo


def test_revealing_a_gambit_cannot_be_undone():
    """A secret shown to everyone: «taking back a move must never let a player peek»
    (undo.py) — after a reveal the undo floor is the reveal itself; later moves may be
    taken back down to it."""
    st = arrange(gambits_game(), hand=["scout", "scout", "viper"], deck=["scout"] * 5)
    fleet = give(st, 0, "gambit_frontier_fleet")  # (no card drawn: only the reveal)
    play(st, "scout")
    floor = st.undo_floor
    play(st, "scout")
    assert st.undo_floor == floor < st.log_len and can_undo(st)
    reveal(st, fleet)
    assert st.undo_floor == st.log_len and not can_undo(st)
    with pytest.raises(ValueError):
        undo(st)


def test_a_bot_game_reveal_raises_the_undo_floor_and_later_moves_undo_to_it():
    """In a real game: the bot's reveal is the floor; a Scout played after it (nothing
    drawn) may be taken back, to the state right after the reveal, not further."""
    st = bot_game(until=lambda s: s.log_len > 0 and s.actions()[-1].kind == "gambit")
    assert st.undo_floor == st.log_len and not can_undo(st)
    seat = st.active
    assert st.seats[seat].gambits_up + st.seats[seat].gambits_used
    after_reveal = snapshot(st)
    scout = in_zone(st, "scout", st.seats[seat].hand)
    apply(st, Action("play", seat, card=scout))
    assert st.undo_floor == st.log_len - 1 and can_undo(st)
    back = undo(st)
    assert snapshot(back) == after_reveal and not can_undo(back)


# ---------------------------------------------------------------- saves and replays


def test_a_snapshot_of_a_gambits_game_restores_equal():
    """The snapshot keeps each seat's face-down, face-up and used gambits, the box and a
    Merc Cruiser's chosen faction; restoring it (through JSON, as a save stores it)
    gives the same game."""
    st = bot_game(until=merc_with_a_faction)
    assert st.winners is None
    (merc,) = [k for k in mercs(st) if k in st.copy_of]
    faction = st.factions(merc)
    assert len(faction) == 1 and faction[0] in CLASSIC_FACTIONS
    assert any(s.gambits_up for s in st.seats) and any(s.gambits_used for s in st.seats)
    snap = snapshot(st)
    assert snap["copy_factions"] == {str(merc): list(faction)}
    assert snap["gambit_box"] == st.gambit_box and len(snap["gambit_box"]) < 9  # Wild Gambit
    for s, raw in zip(st.seats, snap["seats"], strict=True):
        assert (raw["gambits"], raw["gambits_up"], raw["gambits_used"]) == (
            s.gambits, s.gambits_up, s.gambits_used)
    stored = json.loads(json.dumps(snap))
    back = restore(DB, st.config, stored, st.actions())
    assert snapshot(back) == snap
    assert back.factions(merc) == faction and back.card(merc) == st.card(merc)
    assert back.latched == st.latched
    assert legal_actions(back) == legal_actions(st)
    assert gambits.shield(back, 0) == gambits.shield(st, 0)
    # both go on the same: to the end of the game with the same bots
    for game in (st, back):
        bots = [make_player("greedy", 7), make_player("greedy", 8)]
        sim_play(game, bots)
    assert snapshot(back) == snapshot(st)


def test_a_merc_cruisers_faction_is_needed_to_restore():
    """Without the saved faction the restored Merc Cruiser would have none (the
    snapshot's copy_of holds only the card's id)."""
    st = bot_game(until=merc_with_a_faction)
    snap = json.loads(json.dumps(snapshot(st)))
    (merc,) = [k for k in mercs(st) if k in st.copy_of]
    assert snap["copy_of"][str(merc)] == "merc_cruiser"
    lost = {k: v for k, v in snap.items() if k != "copy_factions"}
    assert restore(DB, st.config, lost, st.actions()).factions(merc) == ()
    bad = {**snap, "copy_factions": {"1": ["blob"]}}  # a card that copies nothing
    with pytest.raises(ValueError, match="copies nothing"):
        restore(DB, st.config, bad, st.actions())


def test_a_saved_gambits_game_loads_back():
    """A save mid-game (a Merc Cruiser with its faction in play, gambits face down,
    up and used) loads back equal, through the log replayed and checked."""
    st = bot_game(until=merc_with_a_faction)
    doc = json.loads(json.dumps(saves.to_document(st)))
    assert doc["config"]["options"] in ({"gambits": True}, [["gambits", True]])
    assert any(a["kind"] == "gambit" for a in doc["actions"])
    back = saves.load_document(DB, doc)
    assert snapshot(back) == snapshot(st)
    assert legal_actions(back) == legal_actions(st)
    (merc,) = [k for k in mercs(st) if k in st.copy_of]
    assert back.factions(merc) == st.factions(merc)


def test_a_game_saved_while_a_merc_cruiser_asks_its_faction_loads_back():
    st = bot_game(until=lambda s: s.pending is not None and s.pending.purpose == "faction")
    assert st.winners is None and st.pending.effect[0] == "choose_faction"
    doc = json.loads(json.dumps(saves.to_document(st)))
    back = saves.load_document(DB, doc)
    assert snapshot(back) == snapshot(st) and back.pending == st.pending
    restored = restore(DB, st.config, json.loads(json.dumps(snapshot(st))), st.actions())
    ship, seat = st.pending.source, st.pending.seat
    assert st.cards[ship].id == "merc_cruiser" and ship in st.seats[seat].in_play
    for game in (st, back, restored):
        apply(game, Action("choose", seat, index=CLASSIC_FACTIONS.index("star_empire")))
        assert game.factions(ship) == ("star_empire",) and game.pending is None
    assert snapshot(back) == snapshot(st) == snapshot(restored)


def test_a_save_with_a_bad_gambits_option_is_refused():
    st = bot_game(until=lambda s: s.turn == 3)
    doc = json.loads(json.dumps(saves.to_document(st)))
    opts = doc["config"]["options"]
    doc["config"]["options"] = ({"gambits": "yes"} if isinstance(opts, dict)
                                else [["gambits", "yes"]])
    with pytest.raises(saves.SaveError):
        saves.load_document(DB, doc)


def test_a_replayed_gambits_game_is_the_same_game():
    st = bot_game()
    assert st.winners is not None
    assert sum(len(s.gambits_up) + len(s.gambits_used) for s in st.seats) >= 4
    assert snapshot(replay(DB, st.config, st.actions())) == snapshot(st)
    mid = bot_game(until=lambda s: s.log_len == 60)
    assert snapshot(replay(DB, mid.config, mid.actions())) == snapshot(mid)


# ---------------------------------------------------------------- invariants


def random_game(seed: int, options=(), sets=("core",), fmt="duel", seats=2,
                max_actions: int = 1500) -> tuple[State, int]:
    """Random legal actions (attacks at a random amount), with the invariants checked
    after every action: each gambit in exactly one place, face-down ones only revealed
    by their owner in its main phase.  Returns the state and how many gambits were
    revealed."""
    st = new_game(DB, GameConfig(
        sets=sets, seats=tuple(SeatConfig(f"P{i}") for i in range(seats)), format=fmt,
        seed=seed, options=GAMBITS + tuple(options)))
    rng = Rng(seed)
    everyone = Counter(gambit_iids(st))
    revealed = 0
    for _ in range(max_actions):
        if st.winners is not None:
            break
        legal = legal_actions(st)
        action = legal[rng.below(len(legal))]
        if action.kind == "attack_player" and action.amount > 1:
            action = action._replace(amount=1 + rng.below(action.amount))
        if action.kind == "gambit":
            assert st.pending is None and action.card in st.seats[action.seat].gambits
            assert action.seat in (st.turn_members or [st.active])
            revealed += 1
        box = len(st.gambit_box)
        apply(st, action)
        problems = invariants.check(st)
        assert problems == [], (seed, st.log_len, action, problems)
        assert gambit_places(st) == everyone, (seed, st.log_len, action)
        assert len(st.gambit_box) <= box
        for s in st.seats:
            assert all("scrap" in st.cards[g].abilities for g in s.gambits_used)
            assert all("scrap" not in st.cards[g].abilities for g in s.gambits_up)
    return st, revealed


def test_invariants_hold_in_random_games_with_gambits():
    revealed = 0
    for seed in range(1, 9):
        _, n = random_game(seed)
        revealed += n
    assert revealed > 20


def test_invariants_hold_in_random_games_with_gambits_and_missions():
    revealed = 0
    for seed in range(1, 6):
        _, n = random_game(seed, options=MISSIONS, sets=("core", "united"))
        revealed += n
    for seed in range(1, 4):
        _, n = random_game(seed, sets=("core", "frontiers"), fmt="ffa", seats=4)
        revealed += n
    _, n = random_game(9, sets=("core", "colony_wars"), fmt="hydra2", seats=4)
    assert revealed + n > 20


def test_checked_bot_games_with_gambits_and_missions():
    report = simulate(DB, ("core", "united"), ("random", "greedy"), 6, 1,
                      options=GAMBITS + MISSIONS, check=True)
    assert (report.games, report.errors) == (6, 0)


# ---------------------------------------------------------------- bot games


@pytest.mark.parametrize("sets,seats,fmt,games", [
    (("core",), ("greedy", "greedy"), "duel", 10),
    (("core",), ("easy", "greedy"), "duel", 6),
    (("core",), ("normal", "easy"), "duel", 6),
    (("core",), ("hard", "greedy"), "duel", 1),
    (("core", "frontiers"), ("greedy", "easy", "normal", "greedy"), "ffa", 4),
    (("core", "colony_wars"), ("greedy",) * 4, "hydra2", 3),
])
def test_bots_play_gambits_games_to_the_end(sets, seats, fmt, games):
    report = simulate(DB, sets, seats, games, 1, fmt, options=GAMBITS, check=True)
    assert (report.games, report.errors, report.draws) == (games, 0, 0)
    assert sum(report.team_wins.values()) == games


@pytest.mark.parametrize("kind", ["greedy", "easy", "normal"])
def test_bots_reveal_gambits_and_pick_a_merc_cruisers_faction(kind):
    """Every bot reveals its gambits (the «ready» rule: an ongoing one at once, a one-shot
    when it has something to act on) and answers a Merc Cruiser's question."""
    revealed: list[str] = []
    factions: list[str] = []
    for seed in (1, 2, 3):
        st = new_game(DB, GameConfig(
            sets=("core",), seats=(SeatConfig("A", kind), SeatConfig("B", kind)),
            seed=seed, options=GAMBITS))

        def note(state: State) -> None:
            for e in state.events:
                if isinstance(e, GambitRevealed):
                    revealed.append(state.cards[e.card].id)
            for k, v in state.copy_of.items():
                if state.cards[k].id == "merc_cruiser":
                    factions.append(v.factions[0])

        sim_play(st, [make_player(kind, seed), make_player(kind, seed + 1)], on_action=note)
        assert st.winners is not None
    assert len(revealed) >= 6
    assert factions and set(factions) <= set(CLASSIC_FACTIONS)


def test_the_command_line_simulates_gambits_games():
    res = subprocess.run(
        [sys.executable, "-m", "game", "simulate", "--sets", "core", "--gambits", "--seats",
         "greedy,greedy", "--games", "5", "--seed", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["gambits"] is True and out["games"] == 5 and out["errors"] == 0
    assert sum(out["wins"]) == 5
    # with missions too
    res = subprocess.run(
        [sys.executable, "-m", "game", "simulate", "--sets", "core,united", "--gambits",
         "--missions", "--seats", "greedy,greedy", "--games", "3", "--seed", "2", "--json"],
        cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["gambits"] is True and out["missions"] is True and out["errors"] == 0
    # without the flag the key is absent
    res = subprocess.run(
        [sys.executable, "-m", "game", "simulate", "--sets", "core", "--seats",
         "greedy,greedy", "--games", "1", "--seed", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0 and "gambits" not in json.loads(res.stdout)


# ---------------------------------------------------------------- the data


@pytest.mark.parametrize("old,new,expected", [
    # Energy Shield's standing op in an ability that runs
    ("ongoing = [{ shield = 1 }]", "scrap = [{ shield = 1 }]",
     "rules/gambits.toml:gambit_energy_shield:scrap[0].shield: an ongoing effect is one of"),
    # a standing op on a trade card (Merc Cruiser's primary)
    ("primary = [{ choose_faction = {} }, { combat = 5 }]",
     "primary = [{ choose_faction = {} }, { shield = 1 }]",
     "rules/gambits.toml:merc_cruiser:primary[1].shield: an ongoing effect is one of"),
    # an ongoing effect that would run (Frontier Fleet's combat moved there)
    ("each_turn = [{ combat = 1 }]", "ongoing = [{ combat = 1 }]",
     "rules/gambits.toml:gambit_frontier_fleet:ongoing[0].combat: an ongoing effect is one"),
    # two kinds of gambit at once
    ("scrap = [{ trade = 2 }]", "scrap = [{ trade = 2 }]\neach_turn = [{ trade = 1 }]",
     "rules/gambits.toml:gambit_political_maneuver:scrap: a gambit needs exactly one"),
    # a ship with a gambit's slot
    ("primary = [{ choose_faction = {} }, { combat = 5 }]",
     "primary = [{ combat = 5 }]\neach_turn = [{ combat = 1 }]",
     "rules/gambits.toml:merc_cruiser:each_turn: only a gambit has"),
])
def test_a_bad_gambit_entry_is_refused_with_file_card_field(tmp_path, old, new, expected):
    with pytest.raises(RulesError) as err:
        load_card_db(_broken_rules(tmp_path, old, new, file="gambits.toml"))
    assert any(e.startswith(expected) for e in err.value.errors), err.value.errors
