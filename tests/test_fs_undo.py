"""The Forbidden Stars undo floor (game.forbidden_stars.engine.undo): a seat takes back
its own actions of the current turn, never one that revealed something (one test per
kind of reveal), never past another seat's action or a new turn; undo is the log minus
one action replayed, undo-then-redo gives the same game, and a property: whenever undo
is allowed, the action told no seat anything it could not have known — the same action
on a game whose hidden parts (hidden from that seat) were dealt differently shows that
seat the same."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import HIDDEN, OVER, Action, GameConfig, State
from game.forbidden_stars.engine.undo import (
    UndoRefused,
    hidden_from,
    previous,
    refusal,
    revealed,
    turn_ended,
    undo,
)
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.saves import snapshot
from game.forbidden_stars.ui.session import FsSession, FsSetup

RULES = load_fs_rules()
Step = tuple[State, Action, State]


def games(seeds, players: int = 3, quick: bool = True) -> Iterator[Step]:
    """(before, action, after) for every action of random-bot games."""
    for seed in seeds:
        state = new_game(RULES, GameConfig(players, seed, quick_setup=quick))
        bots = [make_player("random", seed * 10 + i) for i in range(players)]
        while state.step != OVER:
            seat = acting_seat(state)
            action = bots[seat].choose(player_view(state, seat), legal_actions(state))
            before = state.clone()
            apply(state, action)
            yield before, action, state


def first(pred: Callable[[State, Action, State], bool], **kw) -> Step:
    for before, action, after in games(range(1, 40), **kw):
        if pred(before, action, after):
            return before, action, after.clone()
    raise AssertionError("no such moment in 39 games")


def same(a: State, b: State) -> bool:
    return snapshot(a) == snapshot(b)


def tags(state: State) -> set[str]:
    return {e.tag for e in state.events}


def within_turn(before: State, action: Action, after: State) -> bool:
    return not turn_ended(after, action.seat)


# ---------------------------------------------------------------------- allowed


def test_undo_after_a_move_gives_the_game_before_it():
    before, action, after = first(lambda b, a, s: a.kind == "move" and within_turn(b, a, s))
    assert refusal(before, after, action.seat) == ""
    back = undo(after, action.seat)
    assert same(back, before) and back.log == before.log
    assert action in legal_actions(back)


@pytest.mark.parametrize("players,quick", [(2, True), (3, False), (4, True)])
def test_undo_then_redo_gives_an_equal_game(players, quick):
    rng = random.Random(players)
    allowed = checked = 0
    for before, action, after in games(range(1, 4), players, quick):
        if refusal(before, after, action.seat):
            continue
        allowed += 1
        if rng.random() < 0.15:
            checked += 1
            back = previous(after)
            assert same(back, before)
            apply(back, action)
            assert same(back, after)
    assert allowed > 20 and checked > 2, (allowed, checked)


# ---------------------------------------------------------------------- refused: one per reveal


def test_undo_after_dice_is_refused():
    before, action, after = first(lambda b, a, s: "dice" in tags(s))
    assert revealed(before, after) == "dice"
    assert refusal(before, after, action.seat) != ""


def test_undo_after_revealing_an_order_token_is_refused():
    """The token turned face up is the seat's own, but every rival has seen it."""
    before, action, after = first(lambda b, a, s: a.kind == "reveal")
    assert within_turn(before, action, after)
    assert refusal(before, after, action.seat) == "it revealed an order token"


def test_undo_after_a_rivals_order_is_revealed_is_refused():
    """Resolving or declining shows the order (its event) — refused whoever acts next."""
    before, action, after = first(lambda b, a, s: a.kind in ("resolve", "decline")
                                  and within_turn(b, a, s))
    assert revealed(before, after) == "an order token"
    assert refusal(before, after, action.seat) == "it revealed an order token"


def test_undo_after_a_combat_card_is_revealed_is_refused():
    before, action, after = first(lambda b, a, s: "revealed_card" in tags(s))
    assert revealed(before, after) in ("a combat card", "dice")
    assert refusal(before, after, action.seat) != ""


def test_undo_after_an_event_card_is_drawn_is_refused():
    before, action, after = first(lambda b, a, s: "storm" in tags(s))
    assert revealed(before, after) == "an event card"
    assert refusal(before, after, action.seat) != ""


def test_undo_after_the_generator_moved_is_refused():
    """A backstop for an effect that names no event: the generator moving is chance."""
    before, action, after = first(lambda b, a, s: a.kind == "move" and within_turn(b, a, s))
    after.rng.next_u64()
    assert refusal(before, after, action.seat) == "it revealed chance"


@pytest.mark.parametrize("hide,word", [
    (lambda s, me: s.players[me].combat_deck.pop(), "a card from a face-down deck"),
    (lambda s, me: s.players[me].event_deck.reverse() or s.players[me].event_deck.pop(),
     "a card from a face-down deck"),
    (lambda s, me: s.players[(me + 1) % s.n].drawn.append("x"), "a rival's event cards"),
    (lambda s, me: s.players[(me + 1) % s.n].orders.update(dominate=0, deploy=9),
     "a rival's order tokens"),
])
def test_undo_after_anything_hidden_changed_is_refused(hide, word):
    """The backstop: any change to what the acting seat cannot see."""
    before, action, after = first(lambda b, a, s: a.kind == "move" and within_turn(b, a, s))
    hide(after, action.seat)
    assert refusal(before, after, action.seat) == f"it revealed {word}"


def test_a_rivals_face_down_order_changing_is_a_reveal():
    before, action, after = first(lambda b, a, s: a.kind == "move" and within_turn(b, a, s)
                                  and any(o != a.seat for st in s.stacks.values()
                                          for o, _ in st))
    me = action.seat
    stack = next(st for st in after.stacks.values() if any(o != me for o, _ in st))
    i = next(i for i, (o, _) in enumerate(stack) if o != me)
    owner, order = stack[i]
    stack[i] = (owner, "advance" if order != "advance" else "deploy")
    assert refusal(before, after, me) == "it revealed a face-down order token"


def test_undo_after_another_seat_acted_or_the_turn_passed_is_refused():
    before, action, after = first(lambda b, a, s: a.kind == "place")
    assert turn_ended(after, action.seat)
    assert refusal(before, after, action.seat) == "the turn has passed"
    assert refusal(before, after, (action.seat + 1) % after.n) == "another seat acted"
    with pytest.raises(UndoRefused, match="turn has passed"):
        undo(after, action.seat)
    fresh = new_game(RULES, GameConfig(2, 1))
    with pytest.raises(UndoRefused, match="nothing to undo"):
        undo(fresh, 0)


def test_every_kind_of_reveal_happens_in_real_games():
    """The refusals the floor gives over whole random games: each kind shows up."""
    reasons = {refusal(b, s, a.seat) for b, a, s in games(range(1, 7), 3)}
    for why in ("", "the turn has passed", "it revealed an order token",
                "it revealed an event card", "it revealed chance", "it revealed dice"):
        assert why in reasons, (why, reasons)


# ---------------------------------------------------------------------- the property


def redeal(state: State, seat: int, rng: random.Random) -> State:
    """The same game as ``seat`` sees it, its hidden parts dealt otherwise: the
    generator, every face-down deck's order, the rivals' face-down orders (swapped with
    tokens in their hands), combat hands and drawn event cards (swapped with their decks)."""
    other = state.clone()
    other.rng.state = rng.getrandbits(64)
    for p in other.players:
        rng.shuffle(p.combat_deck)
        rng.shuffle(p.event_deck)
        if p.seat != seat and p.drawn and p.event_deck:
            i, j = rng.randrange(len(p.drawn)), rng.randrange(len(p.event_deck))
            p.drawn[i], p.event_deck[j] = p.event_deck[j], p.drawn[i]
    for stack in other.stacks.values():
        for i, (owner, order) in enumerate(stack):
            held = [o for o, k in other.players[owner].orders.items() if k > 0]
            if owner != seat and held:
                new = rng.choice(held)
                hand = other.players[owner].orders
                hand[new] -= 1
                hand[order] += 1
                stack[i] = (owner, new)
    c = other.combat
    if c is not None:
        # a seat choosing now may be choosing among its hand's cards: its hand stays
        choosing = {p.chooser for p in (c.pending, other.play and other.play.pending) if p}
        for side in c.sides.values():
            deck = other.players[side.seat].combat_deck
            if side.seat != seat and side.seat not in choosing and side.hand and deck:
                i, j = rng.randrange(len(side.hand)), rng.randrange(len(deck))
                side.hand[i], deck[j] = deck[j], side.hand[i]
    return other


def seen(state: State, seat: int) -> State:
    """What ``seat`` sees, for comparing: the view without its fresh generator."""
    view = player_view(state, seat)
    view.rng = None  # type: ignore[assignment]  # a fresh Rng(0) in every view
    return view


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))  # shrinking replays for minutes
@given(seed=st.integers(0, 10_000), players=st.sampled_from((2, 3, 4)),
       quick=st.booleans(), length=st.integers(40, 400))
def test_undo_never_hides_what_was_revealed(seed, players, quick, length):
    state = new_game(RULES, GameConfig(players, seed, quick_setup=quick))
    bots = [make_player("random", seed * 10 + i) for i in range(players)]
    rng = random.Random(seed)
    last: tuple[State, State] | None = None  # the latest allowed undo: (before, after)
    while state.step != OVER and len(state.log) < length:
        seat = acting_seat(state)
        action = bots[seat].choose(player_view(state, seat), legal_actions(state))
        before = state.clone()
        apply(state, action)
        if refusal(before, state, seat):
            continue
        # allowed: nothing hidden from the seat moved, and the same action on a game
        # dealt otherwise (the same as far as the seat knows) shows the seat the same
        assert hidden_from(before, seat) == hidden_from(state, seat)
        other = redeal(before, seat, rng)
        assert seen(other, seat) == seen(before, seat)
        assert action in legal_actions(other)
        apply(other, action)
        assert seen(other, seat) == seen(state, seat), action
        # nor did it show any rival what it did not know: the seat's own secrets dealt
        # otherwise (where the action still can be made), each rival sees the same
        for rival in range(players):
            if rival == seat:
                continue
            other = redeal(before, rival, rng)
            assert seen(other, rival) == seen(before, rival)
            if action in legal_actions(other):
                apply(other, action)
                assert seen(other, rival) == seen(state, rival), (rival, action)
        last = (before, state.clone())
    if last is not None:  # undo itself (a replay: once per game, it costs the game)
        assert same(previous(last[1]), last[0])


def test_redeal_really_changes_what_is_hidden():
    """The property's re-deal is not a no-op: it changes a rival's hidden parts."""
    _, action, after = first(lambda b, a, s: any(o != a.seat for st in s.stacks.values()
                                                 for o, _ in st))
    me = action.seat
    changed = sum(hidden_from(redeal(after, me, random.Random(k)), me) != hidden_from(after, me)
                  for k in range(5))
    assert changed == 5
    assert all(o == HIDDEN for st in player_view(after, me).stacks.values()
               for owner, o in st if owner != me)


# ---------------------------------------------------------------------- the session


def test_the_session_undoes_only_a_humans_own_turn(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    session = FsSession(FsSetup(("human", "random", "random"), ("A", "B", "C"),
                                seed=5), bot_delay=0.0)
    bot = make_player("random", 1)
    undone = 0
    for _ in range(3000):
        if session.over or undone >= 5:
            break
        if not session.is_human(session.acting):
            assert not session.can_undo() and not session.undo()
            session.step_bots(1.0)
            continue
        if session.can_undo():
            n = len(session.state.log)
            last = session.state.log[-1]
            assert session.undo() and len(session.state.log) == n - 1
            assert session.last is None or session.last[1] == session.state.log[-1]
            assert last in session.legal()
            undone += 1
            session.choose(last)  # and on: the same action again
            continue
        session.choose(bot.choose(session.view(0), session.legal()))
    assert undone == 5
