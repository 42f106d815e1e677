"""Forbidden Stars' computer players: legal choices at every level and player count,
determinism, the hard level's search reading nothing its view hides, and its budget
counted in rollout steps."""

from __future__ import annotations

import pytest

from game.forbidden_stars.ai import LEVELS, make_player
from game.forbidden_stars.ai.search import Budget, HardBot, determinize
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import acting_seat, apply, apply_trusted, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import COMBAT, HIDDEN, OVER, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.sim import play, simulate
from tests.test_fs_support import RULES

SMALL = Budget(candidates=3, worlds=2, steps=300)


def small(kind: str, seed: int):
    return HardBot(seed, SMALL, SMALL, SMALL, SMALL) if kind == "hard" else \
        make_player(kind, seed)


def test_every_level_is_known_and_an_unknown_one_is_refused():
    assert LEVELS == ("random", "greedy", "normal", "hard")
    assert {make_player(k, 1).name for k in LEVELS} == set(LEVELS)
    with pytest.raises(ValueError, match="bogus"):
        make_player("bogus", 1)


@pytest.mark.parametrize("n", [2, pytest.param(3, marks=pytest.mark.slow),
                               pytest.param(4, marks=pytest.mark.slow)])
def test_every_level_chooses_only_legal_actions(n):
    for k, kind in enumerate(LEVELS):
        seats = [small(kind, 10 * k + s) if s == 0 else make_player(LEVELS[(k + s) % 4], s)
                 for s in range(n)]
        state = play(new_game(RULES, GameConfig(n, 100 + k)), seats, max_actions=150)
        assert len(state.log) == 150 or state.step == OVER  # play() checks every choice


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_whole_bot_games_end_without_errors(n):
    report = simulate(RULES, n, 4, 5, seats=["normal", "greedy", "random", "normal"][:n])
    assert report.errors == 0 and report.draws == 0
    state = play(new_game(RULES, GameConfig(n, 77)),
                 [small("hard", 1)] + [make_player("normal", s) for s in range(1, n)])
    assert state.step == OVER


def test_the_normal_bot_beats_greedy_and_random():
    report = simulate(RULES, 2, 6, 3, seats=["normal", "greedy"])
    assert report.wins[0] >= 5, report.wins
    report = simulate(RULES, 2, 4, 4, seats=["random", "normal"])
    assert report.wins[1] == 4, report.wins


def test_a_seed_replays_the_same_game():
    def log(seed: int) -> list:
        players = [small("hard", seed), make_player("normal", seed + 1)]
        return play(new_game(RULES, GameConfig(2, 9)), players, max_actions=120).log

    assert log(1) == log(1)


# ---------------------------------------------------------------------- hidden information


def _until(state: State, players: list, stop) -> State:
    for _ in range(5000):
        if state.step == OVER or stop(state):
            return state
        seat = acting_seat(state)
        apply(state, players[seat].choose(player_view(state, seat), legal_actions(state)))
    raise AssertionError("the decision never came")


def _redealt(state: State, seat: int, seed: int) -> State:
    """The same game with everything ``seat`` cannot see dealt again: the rivals' order
    tokens between their stacks and hands, every deck's order, the rivals' drawn events
    and combat hands (and a face-down card the seat has not seen), the dice to come."""
    rng = Rng(seed)
    other = state.clone()
    other.rng = Rng(seed * 7 + 3)
    c = other.combat
    for p in other.players:
        rng.shuffle(p.combat_deck)
        rng.shuffle(p.event_deck)
        if p.seat == seat:
            continue
        cards = p.event_deck + p.drawn
        rng.shuffle(cards)
        p.event_deck, p.drawn = cards[:len(p.event_deck)], cards[len(p.event_deck):]
        spots = [(s, i) for s, stack in other.stacks.items()
                 for i, (owner, _) in enumerate(stack) if owner == p.seat]
        tokens = [other.stacks[s][i][1] for s, i in spots] + \
            [o for o, k in p.orders.items() for _ in range(k)]
        rng.shuffle(tokens)
        for (s, i), order in zip(spots, tokens, strict=False):
            other.stacks[s][i] = (p.seat, order)
        p.orders = {o: 0 for o in p.orders}
        for order in tokens[len(spots):]:
            p.orders[order] += 1
        side = c.sides.get(p.seat) if c is not None else None
        if side is not None:
            mine = c.sides.get(seat)
            seen = side.chosen and mine is not None and mine.peek
            pool = side.hand + p.combat_deck + ([side.chosen] if side.chosen and not seen
                                                else [])
            rng.shuffle(pool)
            side.hand = pool[:len(side.hand)]
            rest = pool[len(side.hand):]
            if side.chosen and not seen:
                side.chosen = rest.pop()
            p.combat_deck = rest
    return other


def _world_key(w: State) -> tuple:
    return (sorted(w.stacks.items()), [(p.orders, p.combat_deck, p.event_deck, p.drawn)
                                       for p in w.players],
            None if w.combat is None else [(s.hand, s.chosen) for s in w.combat.sides.values()],
            w.rng.next_u64())


def _same_choices(state: State) -> None:
    seat = acting_seat(state)
    legal = legal_actions(state)
    changed = 0
    for k in range(4):
        other = _redealt(state, seat, 50 + k)
        changed += (_world_key(other.clone()) != _world_key(state.clone()))
        assert legal_actions(other) == legal
        a, b = small("hard", 5), small("hard", 5)
        assert a.choose(player_view(state, seat), legal) == \
            b.choose(player_view(other, seat), legal)
        assert a.nodes == b.nodes
        va, vb = player_view(state, seat), player_view(other, seat)
        assert _world_key(determinize(va, seat, Rng(3))) == \
            _world_key(determinize(vb, seat, Rng(3)))
    assert changed  # the re-deal did change what the seat cannot see


def test_hard_plans_the_same_whatever_the_hidden_orders_decks_and_hands():
    players = [make_player("normal", s) for s in range(3)]
    state = new_game(RULES, GameConfig(3, 21))
    state = _until(state, players, lambda s: s.round == 2 and s.step == "planning"
                   and sum(p.placed for p in s.players) >= 4)
    assert legal_actions(state)[0].kind == "place"
    _same_choices(state)


def test_hard_picks_combat_cards_the_same_whatever_the_rival_holds():
    for seed in range(30, 60):
        players = [make_player("normal", s) for s in range(2)]
        state = _until(new_game(RULES, GameConfig(2, seed)), players,
                       lambda s: s.step == COMBAT and legal_actions(s)[0].kind == "play"
                       and acting_seat(s) == s.combat.defender)
        if state.step == COMBAT:
            break
    assert state.step == COMBAT
    view = player_view(state, acting_seat(state))
    assert HIDDEN in view.combat.sides[view.combat.attacker].chosen  # the rival's card
    _same_choices(state)


def test_determinized_worlds_are_complete_and_consistent():
    players = [make_player("normal", s) for s in range(2)]
    state = _until(new_game(RULES, GameConfig(2, 33)), players,
                   lambda s: s.step == COMBAT and legal_actions(s)[0].kind == "play")
    seat = acting_seat(state)
    world = determinize(player_view(state, seat), seat, Rng(1))
    for p in world.players:
        assert HIDDEN not in p.combat_deck + p.event_deck + p.drawn
        assert HIDDEN not in p.orders and sum(p.orders.values()) == \
            sum(state.players[p.seat].orders.values())
        side = world.combat.sides[p.seat]
        cards = p.combat_deck + side.hand + side.played + side.discard + \
            side.icon_cards + ([side.chosen] if side.chosen else [])
        assert sorted(cards) == sorted(t for t in p.combat_types for _ in range(2))
    assert all(o != HIDDEN for stack in world.stacks.values() for _, o in stack)
    # the world plays on to the game's end
    while world.step != OVER:
        apply(world, legal_actions(world)[0])


def test_the_search_budget_is_counted_in_rollout_steps():
    players = [make_player("normal", s) for s in range(2)]
    state = _until(new_game(RULES, GameConfig(2, 12)), players,
                   lambda s: s.round == 2 and s.step == "planning")
    seat = acting_seat(state)
    view, legal = player_view(state, seat), legal_actions(state)
    used = []
    for steps in (12, 60, 600):
        bot = HardBot(4, Budget(3, 2, steps), SMALL)
        bot.choose(view, legal)
        assert 0 < bot.nodes <= steps  # the pool counts applying each candidate too
        used.append(bot.nodes)
    assert used[0] < used[1] < used[2]
    again = HardBot(4, Budget(3, 2, 600), SMALL)
    again.choose(view, legal)
    assert again.nodes == used[2]


def test_rollouts_apply_an_action_exactly_as_the_engine_does():
    checked = new_game(RULES, GameConfig(3, 8))
    trusted = checked.clone()
    rng = Rng(2)
    while checked.step != OVER:
        legal = legal_actions(checked)
        assert legal_actions(trusted) == legal
        action = legal[rng.below(len(legal))]
        apply(checked, action)
        apply_trusted(trusted, action)
        assert (trusted.units, trusted.owner, trusted.stacks, trusted.step, trusted.log,
                trusted.events, [vars(p) for p in trusted.players]) == \
            (checked.units, checked.owner, checked.stacks, checked.step, checked.log,
             checked.events, [vars(p) for p in checked.players])
