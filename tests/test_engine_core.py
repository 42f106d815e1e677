"""Engine properties: purity, determinism, replay, cheap independent clones, player views."""

import ast
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.star_realms.ai import GreedyBot, RandomBot
from game.star_realms.engine import (
    HIDDEN,
    GameConfig,
    SeatConfig,
    apply,
    legal_actions,
    new_game,
    player_view,
    replay,
)
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.snapshot import snapshot
from game.star_realms.sim import play
from tests.scene import DB, Scene

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "game" / "star_realms" / "engine"
STDLIB_OK = {"__future__", "collections", "dataclasses", "functools", "typing", "math",
             "itertools"}


def bot_game(seed: int, bots=("greedy", "greedy"), sets=("frontiers", "colony_wars"),
             max_turns=400):
    config = GameConfig(sets=sets, seats=(SeatConfig("A"), SeatConfig("B")), seed=seed)
    players = [GreedyBot(seed) if b == "greedy" else RandomBot(seed + 1) for b in bots]
    return play(new_game(DB, config), players, max_turns=max_turns)


def test_engine_imports_no_pygame_and_nothing_outside_itself():
    files = list(ENGINE.rglob("*.py"))
    assert len(files) > 10, f"no engine found at {ENGINE}"
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                root = name.split(".")[0]
                assert "pygame" not in name, f"{path.name} imports {name}"
                assert name.startswith("game.star_realms.engine") or root in STDLIB_OK, (
                    f"{path.name} imports {name}: the engine stays pure")


def test_importing_the_engine_does_not_load_pygame():
    code = ("import sys, game.star_realms.engine, game.star_realms.data, "
            "game.star_realms.ai, game.star_realms.sim; "
            "print(any(m.startswith('pygame') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "False"


def test_same_seed_same_game():
    a, b = bot_game(11), bot_game(11)
    assert a.actions() == b.actions() and snapshot(a) == snapshot(b)
    c = bot_game(12)
    assert a.actions() != c.actions()


def test_recorded_log_replays_to_the_identical_final_state():
    for seed, bots in ((5, ("greedy", "random")), (6, ("random", "random"))):
        final = bot_game(seed, bots)
        again = replay(DB, final.config, final.actions())
        assert snapshot(again) == snapshot(final)
        assert again.winners == final.winners


def test_actions_survive_json():
    final = bot_game(8, ("random", "greedy"), max_turns=30)
    from game.star_realms.engine.state import Action

    log = json.loads(json.dumps([a.to_json() for a in final.actions()]))
    again = replay(DB, final.config, [Action.from_json(d) for d in log])
    assert snapshot(again) == snapshot(final)


def test_clones_are_independent():
    state = new_game(DB, GameConfig(seed=4))
    before = snapshot(state)
    copy = state.clone()
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(200):
        if copy.is_over:
            break
        seat = acting_seat(copy)
        apply(copy, bots[seat].choose(copy, legal_actions(copy)))
    assert snapshot(state) == before
    assert snapshot(copy) != before


def test_player_view_hides_hands_and_deck_order():
    st_ = new_game(DB, GameConfig(seed=9, first=0))
    view = player_view(st_, 0)
    me, opp = view.seats
    assert me.hand == st_.seats[0].hand  # own hand visible
    assert opp.hand == [HIDDEN] * 5
    assert me.deck == [HIDDEN] * len(st_.seats[0].deck)
    assert view.trade_deck == [HIDDEN] * len(st_.trade_deck)
    assert view.trade_row == st_.trade_row  # public
    assert view.unknown["seat:1"] == sorted(st_.seats[1].hand + st_.seats[1].deck)
    assert view.unknown["seat:0"] == sorted(st_.seats[0].deck)
    assert view.unknown["trade_deck"] == sorted(st_.trade_deck)
    assert view.rng.state != st_.rng.state


def test_publicly_known_top_of_deck_stays_visible():
    s = Scene(hand=["gateship"],
              row=["blob_alpha", "transit_nexus", "patrol_boat", "stinger", "spike_cluster"])
    s.play("gateship").pick("blob_alpha")
    for seat in (0, 1):
        view = player_view(s.state, seat)
        assert view.seats[0].deck[-1] == s.id("blob_alpha")
        assert view.seats[0].deck[:-1] == [HIDDEN] * (len(s.me.deck) - 1)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), salt=st.integers(0, 2**32))
def test_view_is_the_same_however_hidden_cards_lie(seed, steps, salt):
    """What a seat sees does not depend on the order of any deck or on other hands."""
    state = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seed=seed))
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(steps):
        if state.is_over:
            break
        seat = acting_seat(state)
        apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    from game.star_realms.engine.rng import Rng

    viewer = acting_seat(state)
    other = state.clone()
    rng = Rng(salt)
    for s in other.seats:
        hidden = len(s.deck) - s.known_top  # the publicly known top cards stay put
        if s.index == viewer:  # it knows its hand, not its deck order
            part = s.deck[:hidden]
            rng.shuffle(part)
            s.deck[:hidden] = part
        else:  # it knows neither other hands nor their decks
            pool = s.hand + s.deck[:hidden]
            rng.shuffle(pool)
            s.hand, s.deck[:hidden] = pool[:len(s.hand)], pool[len(s.hand):]
    rng.shuffle(other.trade_deck)
    other.rng = Rng(salt)
    if other.pending is None or other.pending.seat == viewer:
        assert snapshot(player_view(state, viewer)) == snapshot(player_view(other, viewer))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_random_play_replays_exactly(seed):
    final = bot_game(seed, ("random", "random"), max_turns=40)
    assert snapshot(replay(DB, final.config, final.actions())) == snapshot(final)
