"""The AI levels: registry, only-the-view information, determinism, determinization."""

import pytest

from game.star_realms.ai import make_player
from game.star_realms.ai.determinize import NotAView, determinize
from game.star_realms.ai.search import HardPlayer
from game.star_realms.engine import (
    GameConfig,
    SeatConfig,
    apply,
    legal_actions,
    new_game,
    player_view,
)
from game.star_realms.engine.invariants import check
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.state import HIDDEN, State
from game.star_realms.sim import game_seeds, play
from tests.scene import DB

SETS = ("frontiers", "colony_wars")
LEVELS = ("easy", "normal", "hard")
FAST_HARD = {"samples": 3, "max_candidates": 3}


def player(kind: str, seed: int):
    return make_player(kind, seed, **(FAST_HARD if kind == "hard" else {}))


def positions(n_games: int = 4, every: int = 7) -> list[State]:
    """Real states (not views) at varied decision points of seeded Normal-vs-Easy games,
    pending questions included."""
    out = []
    for i, seed in enumerate(game_seeds(42, n_games)):
        st = new_game(DB, GameConfig(sets=SETS, seats=(SeatConfig("A"), SeatConfig("B")),
                                     seed=seed, first=i % 2))
        bots = [make_player("normal", seed), make_player("easy", seed + 1)]
        k = 0
        while st.winners is None and st.turn < 40:
            seat = acting_seat(st)
            legal = legal_actions(st)
            if len(legal) > 1 and (k % every == 0 or st.pending is not None):
                out.append(st.clone())
            k += 1
            apply(st, bots[seat].choose(player_view(st, seat), legal), validate=False)
    return out


def reshuffle_hidden(state: State, seat: int, rng: Rng) -> State:
    """The same public position with everything ``seat`` cannot see dealt differently:
    other hands, the unknown part of every deck, the trade deck and future shuffles."""
    st = state.clone()
    for s in st.seats:
        split = len(s.deck) - s.known_top
        if s.index == seat:
            part = s.deck[:split]
            rng.shuffle(part)
            s.deck = part + s.deck[split:]
        else:
            pool = s.hand + s.deck[:split]
            rng.shuffle(pool)
            s.hand, s.deck = pool[:len(s.hand)], pool[len(s.hand):] + s.deck[split:]
    rng.shuffle(st.trade_deck)
    st.rng = Rng(rng.next64())
    return st


def test_levels_are_registered():
    for kind in ("random", "greedy", *LEVELS):
        assert make_player(kind, 1).name == kind
    with pytest.raises(ValueError):
        make_player("wizard")


def test_choices_ignore_what_the_seat_cannot_see():
    rng = Rng(5)
    checked = 0
    for st in positions():
        seat = acting_seat(st)
        legal = legal_actions(st)
        variants = [st] + [reshuffle_hidden(st, seat, rng) for _ in range(2)]
        differs = any(v.seats[1 - seat].hand != st.seats[1 - seat].hand or
                      v.trade_deck != st.trade_deck for v in variants[1:])
        for kind in LEVELS:
            picks = {player(kind, 9).choose(player_view(v, seat), legal) for v in variants}
            assert len(picks) == 1, (kind, st.turn, picks)
        checked += differs
    assert checked >= 10  # the hidden zones really were dealt differently


def test_views_hide_what_determinization_fills():
    rng = Rng(3)
    for st in positions(2, every=11):
        seat = acting_seat(st)
        view = player_view(st, seat)
        det = determinize(view, rng)
        assert det.unknown is None and not check(det)
        for v_seat, d_seat in zip(view.seats, det.seats, strict=True):
            for vz, dz in ((v_seat.hand, d_seat.hand), (v_seat.deck, d_seat.deck)):
                assert len(vz) == len(dz) and HIDDEN not in dz
                assert all(a == b for a, b in zip(vz, dz, strict=True) if a != HIDDEN)
        assert legal_actions(det) == legal_actions(st)
    with pytest.raises(NotAView):
        determinize(st, rng)


@pytest.mark.parametrize("kind", LEVELS)
def test_same_seed_same_game(kind):
    logs = []
    for _ in range(2):
        seed = 77
        st = new_game(DB, GameConfig(sets=SETS, seats=(SeatConfig("A"), SeatConfig("B")),
                                     seed=seed, first=0))
        play(st, [player(kind, seed), player("normal", seed + 1)], max_turns=60)
        logs.append(st.actions())
    assert logs[0] == logs[1]


def test_hard_options_bound_the_work():
    hard = HardPlayer(1, samples=2, max_candidates=2)
    st = new_game(DB, GameConfig(sets=SETS, seats=(SeatConfig("A"), SeatConfig("B")), seed=4,
                                 first=0))
    play(st, [hard, make_player("normal", 2)], max_turns=30)
    assert hard.searched > 0
    assert hard.playouts <= hard.searched * 2 * 2
