"""Undo never takes back a reveal (issue 19, "No peeking").

One test per kind of reveal — a draw, a reshuffle, a trade-row refill after a buy and
after a scrap from the row, a boss deck's next card turning face up, a card drawn off a
face-down boss pile, a random pick — each checking that the revealing action cannot be
undone while a like action that reveals nothing can.  Then the rule itself: any use of
the random generator and any card leaving a face-down part is a reveal, whichever effect
does it; and a property over random games in every kind of format: whenever undo is
offered, undoing and redoing gives the same game, and the undone position hid from the
acting seat everything the later one hides (undo never hides what was revealed).
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.star_realms.ai import RandomBot
from game.star_realms.engine import GameConfig, apply, legal_actions, new_game, zones
from game.star_realms.engine.events import TRADE_DECK, TRADE_ROW, Move, Shuffle
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.snapshot import snapshot
from game.star_realms.engine.state import Action
from game.star_realms.engine.undo import can_undo, undo
from game.star_realms.engine.view import player_view
from tests.scene import ADVENTURES, DB, KINDS, Scene, adventure_game, game_of


def refills(state) -> list[int]:
    return [e.card for e in state.events
            if isinstance(e, Move) and e.src == TRADE_DECK and e.dst == TRADE_ROW]


# ------------------------------------------------------------------ one test per kind


def test_playing_a_card_that_draws_nothing_stays_undoable():
    s = Scene(hand=["scout", "viper"])
    s.play("scout")
    assert can_undo(s.state)
    s.play("viper")
    assert can_undo(s.state)


def test_a_draw_cannot_be_undone():
    s = Scene(hand=["falcon", "scout"], deck=("scout",) * 5)
    s.play("scout")
    assert can_undo(s.state)
    s.play("falcon")  # combat 2, draw a card
    assert any(isinstance(e, Move) and e.src.name == "deck" for e in s.state.events)
    assert not can_undo(s.state)


def test_a_reshuffle_cannot_be_undone():
    s = Scene(hand=["falcon", "scout"], deck=(), discard=["viper", "scout", "scout"])
    s.play("scout")
    assert can_undo(s.state)
    rng = s.state.rng.state
    s.play("falcon")
    assert any(isinstance(e, Shuffle) for e in s.state.events)
    assert s.state.rng.state != rng and not can_undo(s.state)


def test_a_trade_row_refill_after_a_buy_cannot_be_undone():
    s = Scene(trade=10)
    s.buy("explorer")  # the Explorer pile is face up: nothing is revealed
    assert not refills(s.state) and can_undo(s.state)
    s.buy("stinger")
    assert refills(s.state) and not can_undo(s.state)


def test_a_buy_from_an_exhausted_trade_deck_stays_undoable():
    s = Scene(trade=10, trade_deck=())
    s.buy("stinger")  # the slot stays empty: nothing came out of the trade deck
    assert not refills(s.state) and can_undo(s.state)


def test_a_trade_row_refill_after_a_scrap_from_the_row_cannot_be_undone():
    s = Scene(hand=["swarmer", "scout"])
    s.play("swarmer")  # combat 3, then "you may scrap a card in the trade row"
    assert s.pending is not None and s.pending.purpose == "scrap"
    assert can_undo(s.state)  # (only a question so far)
    s.pick("stinger")
    assert refills(s.state) and not can_undo(s.state)


def test_buy_undo_buy_cannot_look_ahead():
    """The issue's story: buy, see the refill, undo, buy again — no longer possible."""
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=4, first=0))
    while (play := next((a for a in legal_actions(state) if a.kind == "play"), None)):
        apply(state, play)
        assert can_undo(state)
    buy = next(a for a in legal_actions(state) if a.kind == "buy" and a.card in state.trade_row)
    before = snapshot(state)
    apply(state, buy)
    assert refills(state) and not can_undo(state)
    with pytest.raises(ValueError):
        undo(state)
    assert snapshot(state) != before


def test_a_boss_decks_next_card_turning_face_up_cannot_be_undone():
    """Defy the Empire: the boss buys the face-up top card of its elite or subjects deck,
    and the next card below turns face up."""
    seen = 0
    for seed in range(40):
        state = adventure_game("defy_the_empire", seed)
        bot = RandomBot(seed)
        while not state.is_over and state.turn < 30 and seen < 3:
            apply(state, bot.choose(state, legal_actions(state)))
            took = [e for e in state.events if isinstance(e, Move) and e.src.name == "boss"
                    and e.src.pile in ("elite", "subjects")]
            if took:
                assert not can_undo(state), (seed, state.log_len)
                seen += 1
        if seen >= 3:
            break
    assert seen >= 3


def test_a_card_drawn_off_a_face_down_boss_pile_cannot_be_undone(monkeypatch):
    """A boss pile that is wholly face down (the Beast's hoard): a card leaving it is a
    reveal.  Boss steps pop their piles directly, so the rule must not depend on them
    saying so: here a (made-up) effect takes the hoard's top card when a Scout is played."""
    state = adventure_game("nemesis_beast", 3, players=2)
    hoard = list(state.boss.piles["hoard"])
    assert hoard and state.format.script.pile_shows("hoard") == "none"
    seat = state.active
    scout = next(c for c in state.seats[seat].hand if state.cards[c].id == "scout")
    probe = state.clone()
    apply(probe, Action("play", seat, card=scout))
    assert can_undo(probe)  # a Scout alone reveals nothing
    real = zones.play_from_hand

    def play_and_take_from_hoard(st, seat, iid):
        real(st, seat, iid)
        zones.to_scrap_heap(st, st.boss.piles["hoard"].pop(), zones.Zone("boss", pile="hoard"))

    monkeypatch.setattr(zones, "play_from_hand", play_and_take_from_hoard)
    apply(state, Action("play", seat, card=scout))
    assert state.boss.piles["hoard"] == hoard[:-1]
    assert not can_undo(state)


def test_a_boss_pile_in_real_play_is_a_reveal_when_it_leaves_face_down():
    """Every adventure, random play: whenever a card leaves a boss pile that is not
    face up, or the trade deck, the action cannot be undone."""
    seen = Counter()
    for aid in ADVENTURES:
        for seed in range(3):
            state = adventure_game(aid, seed)
            shows = state.format.script.pile_shows
            bot = RandomBot(seed)
            while not state.is_over and state.turn < 16:
                apply(state, bot.choose(state, legal_actions(state)))
                for e in state.events:
                    if not isinstance(e, Move):
                        continue
                    if e.src == TRADE_DECK or (e.src.name == "boss" and e.src.pile and
                                               shows(e.src.pile) != "all"):
                        assert not can_undo(state), (aid, seed, state.log_len, e)
                        seen[e.src.pile or e.src.name] += 1
    assert seen["trade_deck"] and len(seen) >= 2


def test_a_random_pick_cannot_be_undone():
    """Boss tie-breaks are random (engine/boss.py): any draw from the game's generator
    is a reveal — of the result and of where the generator now stands."""
    found = 0
    for aid in ADVENTURES:
        for seed in range(6):
            state = adventure_game(aid, seed)
            bot = RandomBot(seed)
            while not state.is_over and state.turn < 16:
                rng = state.rng.state
                apply(state, bot.choose(state, legal_actions(state)))
                if state.rng.state != rng:
                    assert not can_undo(state), (aid, seed, state.log_len)
                    found += not any(isinstance(e, Shuffle) for e in state.events)
    assert found  # some random pick that was not a shuffle happened


def test_any_use_of_the_generator_is_a_reveal(monkeypatch):
    """A die rolled by some future effect that says nothing about undo."""
    s = Scene(hand=["scout", "scout"])
    s.play("scout")
    assert can_undo(s.state)
    real = zones.play_from_hand

    def roll_then_play(st, seat, iid):
        st.rng.below(6)
        real(st, seat, iid)

    monkeypatch.setattr(zones, "play_from_hand", roll_then_play)
    barrier = s.state.undo_barrier
    s.play("scout")
    assert s.state.undo_barrier == barrier  # (nobody said so)
    assert not can_undo(s.state)


def test_a_card_taken_off_the_trade_deck_by_any_effect_is_a_reveal(monkeypatch):
    s = Scene(hand=["scout", "scout"])
    real = zones.play_from_hand

    def play_and_mill(st, seat, iid):
        real(st, seat, iid)
        st.scrap.append(st.trade_deck.pop())  # bypassing every zones.py move

    monkeypatch.setattr(zones, "play_from_hand", play_and_mill)
    s.play("scout")
    assert not can_undo(s.state)


def test_a_card_leaving_a_hand_the_seat_does_not_see_is_a_reveal(monkeypatch):
    s = Scene(hand=["scout", "scout"])
    real = zones.play_from_hand

    def play_and_snatch(st, seat, iid):
        real(st, seat, iid)
        if seat == 0:
            zones.discard_from_hand(st, 1, st.seats[1].hand[0])

    monkeypatch.setattr(zones, "play_from_hand", play_and_snatch)
    s.play("scout")
    assert not can_undo(s.state)


def test_a_known_top_card_is_no_secret():
    """A card put on top of the deck for everyone to see: a deck part everyone knows is
    not face down (drawing it is still a draw, and a draw is a reveal)."""
    s = Scene(hand=["scout"])
    me = s.me
    mark = zones.reveal_mark(s.state, 0)
    me.deck.append(me.hand.pop())
    me.known_top += 1
    assert not zones.revealed_since(s.state, 0, mark)
    me.hand.append(me.deck.pop())
    me.known_top -= 1
    assert not zones.revealed_since(s.state, 0, mark)
    me.hand.append(me.deck.pop())  # one that was face down
    assert zones.revealed_since(s.state, 0, mark)


# ------------------------------------------------------------------ the property


def unknown_to(state, seat) -> dict[str, Counter]:
    """The cards ``seat`` cannot identify, by group (its view's ``unknown`` pools)."""
    return {k: Counter(v) for k, v in player_view(state, seat).unknown.items()}


def check_undo_is_exact_and_hides_nothing(state) -> int:
    """For the position ``state``: when undo is offered, (1) undo then redo gives the same
    game; (2) every card the acting seat could not identify before the last action it
    still cannot, and the random generator has not moved.  Returns 1 when checked."""
    if not can_undo(state):
        return 0
    last = state.actions()[-1]
    prev = undo(state)
    redo = prev.clone()
    apply(redo, last)
    assert snapshot(redo) == snapshot(state)
    before, after = unknown_to(prev, last.seat), unknown_to(state, last.seat)
    for key, cards in before.items():
        lost = cards - after.get(key, Counter())
        assert not lost, f"undo would hide {key} cards {sorted(lost)} revealed by {last}"
    assert prev.rng.state == state.rng.state
    return 1


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32), steps=st.integers(1, 70))
def test_undo_never_hides_a_reveal(kind, seed, steps):
    state = game_of(kind, seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_over:
            break
        apply(state, bot.choose(state, legal_actions(state)))
        check_undo_is_exact_and_hides_nothing(state)


def test_undo_is_offered_and_checked_in_many_positions():
    """The property is not vacuous: over a few whole turns of play, undo is offered
    often, the checks pass every time, and reveals are refused."""
    checked = refused = 0
    for seed in range(3):
        state = game_of("duel", seed)
        while not state.is_over and state.turn < 10:
            seat = acting_seat(state)
            legal = legal_actions(state)
            action = RandomBot(seed + state.log_len).choose(state, legal)
            apply(state, action)
            checked += check_undo_is_exact_and_hides_nothing(state)
            refused += bool(refills(state)) and not can_undo(state)
            assert seat == action.seat
    assert checked >= 20 and refused >= 3


# ------------------------------------------------------------------ games without undo


def test_a_game_nobody_takes_back_keeps_no_undo():
    # (bots only, a search's playout: apply(undo=False) makes every action a floor)
    s = Scene(hand=["scout", "viper"])
    apply(s.state, Action("play", 0, card=s.id("scout")), undo=False)
    assert not can_undo(s.state) and s.state.undo_floor == s.state.log_len


def test_a_bot_game_saved_from_simulate_keeps_undo_as_a_table_would():
    from game.star_realms.ai.base import make_player
    from game.star_realms.sim import play

    config = GameConfig(sets=("core",), seed=4)
    bots = [make_player("greedy", 4), make_player("greedy", 5)]
    kept, plain = [], []
    play(new_game(DB, config), bots, max_turns=3, undo=True,
         on_action=lambda st: kept.append(st.undo_floor))
    bots = [make_player("greedy", 4), make_player("greedy", 5)]
    end = play(new_game(DB, config), bots, max_turns=3,
               on_action=lambda st: plain.append((st.undo_floor, st.log_len)))
    assert all(floor == n for floor, n in plain)  # no undo: every action a floor
    assert any(floor < n for floor, (_, n) in zip(kept, plain, strict=True))  # undoable
    replayed = new_game(DB, config)
    for action in end.actions():
        apply(replayed, action)
    assert replayed.undo_floor == kept[-1]  # what a loaded save recomputes
