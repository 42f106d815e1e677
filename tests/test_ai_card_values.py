"""Star Realms Hard's card values: the evaluation's ``cards`` feature and the pair fit
that writes them (``game.star_realms.ai.tune_cards``)."""

import ast
import math
import random

import pytest

from game.star_realms.ai.card_values import CARD_VALUES
from game.star_realms.ai.evaluate import Evaluator
from game.star_realms.ai.tune_cards import (
    _pairs_of,
    collect,
    deck_shares,
    fit,
    game_pairs,
    log_loss,
    module_text,
)
from tests.scene import DB, Scene


def test_every_card_value_names_a_card_and_is_finite():
    """The values in use (written by tune_cards) name real cards, and are sane."""
    ids = {card.id for card in DB.cards.values()}
    assert CARD_VALUES, "the card values are empty"
    assert set(CARD_VALUES) <= ids
    assert all(math.isfinite(v) and abs(v) < 20 for v in CARD_VALUES.values())


def test_the_cards_feature_is_the_value_per_card_of_each_deck():
    scene = Scene(deck=("scout",) * 4 + ("defense_system",), opp_deck=("scout",) * 5,
                  opp_hand=("scout",) * 5)
    st = scene.state
    ev = Evaluator(card_values={"scout": 0.0, "defense_system": 4.0})
    f = ev.features(st, 0, 1)
    shares = deck_shares(st, 0)
    assert sum(shares.values()) == pytest.approx(1.0)  # shares of what the seat owns
    assert shares["defense_system"] == pytest.approx(1 / 5)  # its deck of five
    assert f["cards"] == pytest.approx(4.0 / 5)  # the rival's scouts are worth 0
    assert ev.features(st, 1, 0)["cards"] == pytest.approx(-4.0 / 5)


def test_a_better_card_raises_the_win_chance():
    plain = Scene(discard=("scout",)).state
    better = Scene(discard=("defense_system",)).state

    def chance(state, values):  # a fresh evaluator a game: its cache is keyed by card index
        return Evaluator(card_values=values).win_chance(state, 0)

    gain = chance(better, {"defense_system": 3.0}) - chance(plain, {"defense_system": 3.0})
    gain_without = chance(better, {}) - chance(plain, {})
    assert gain > gain_without  # the value is counted on top of the card's stats


def test_pairs_are_only_worlds_that_ended_differently():
    world = [(0.5, {"a": 0.1}, 1), (0.2, {"b": 0.1}, 0), (0.1, {"a": 0.1}, 1),
             (0.0, {}, None)]
    pairs = list(_pairs_of(world))
    # (won, lost) twice; the two winners and the unfinished game make no pair
    assert len(pairs) == 2
    off, diff, y = pairs[0]
    assert off == pytest.approx(0.3) and diff == {"a": 0.1, "b": -0.1} and y == 1
    off, diff, y = pairs[1]
    assert off == pytest.approx(0.1) and diff == {"b": 0.1, "a": -0.1} and y == 0


def test_the_pair_fit_recovers_known_card_values():
    truth = {"a": 2.0, "b": -1.0, "c": 0.5}
    rng = random.Random(3)
    pairs = []
    for _ in range(6000):
        diff = {k: rng.uniform(-0.5, 0.5) for k in truth}
        off = rng.uniform(-0.5, 0.5)
        z = off + sum(truth[k] * v for k, v in diff.items())
        pairs.append((off, diff, int(rng.random() < 1 / (1 + math.exp(-z)))))
    got = fit(pairs, l2=0.1)
    for k, v in truth.items():
        assert got[k] == pytest.approx(v, abs=0.35), (k, got)
    assert log_loss(pairs, got) < log_loss(pairs, {})


def test_one_seeded_game_gives_the_same_pairs_twice_and_in_workers():
    once = game_pairs(DB, 0, 1234, rate=0.05, worlds=2, max_actions=400)
    again = game_pairs(DB, 0, 1234, rate=0.05, worlds=2, max_actions=400)
    assert once == again
    for off, diff, y in once:
        assert math.isfinite(off) and y in (0, 1)
        assert all(math.isfinite(v) for v in diff.values())


@pytest.mark.slow
def test_collect_holds_out_every_fifth_game_and_workers_change_nothing():
    train, test = collect(DB, 6, 77, rate=0.05, worlds=2)
    assert (train, test) == collect(DB, 6, 77, rate=0.05, worlds=2, jobs=2)
    assert train  # decisions with candidates that ended differently


def test_the_written_module_is_valid_python_with_the_values():
    text = module_text({"b": -1.25, "a": 0.5}, "python -m game.star_realms.ai.tune_cards")
    (node,) = [n for n in ast.parse(text).body if isinstance(n, ast.AnnAssign)]
    assert ast.literal_eval(node.value) == {"a": 0.5, "b": -1.25}
    assert text.index('"a"') < text.index('"b"')  # sorted: a stable diff
