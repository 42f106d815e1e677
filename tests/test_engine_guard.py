"""The runaway guard and every engine loop that waits for a card.

Rules in play (seed 000, the Frontiers rulebook):

* «Если в торговой колоде не остаётся карт, перемешайте утиль: он станет новой торговой
  колодой. Не забудьте предварительно убрать из утиля карты, которых не может оказаться в
  торговой колоде» — an adventure rebuilds its trade deck from the scrap heap;
* Dimensional Horror, step 3: «Откройте верхнюю карту торговой колоды. Если это карта того
  же цвета, что и только что добавленная к щупальцу, добавьте к щупальцу и её. В противном
  случае выложите её на свободное место в торговом ряду. (Повторяйте этот шаг, пока не
  заполните свободное место в торговом ряду.)»;
* Pirates of the Dark Star, step 3: «Откройте верхние карты из торговой колоды, чтобы
  заполнить все свободные места в торговом ряду.»;
* and the base game, when nothing is left: «В том маловероятном случае, когда в торговой
  колоде и в торговом ряду закончатся карты, просто продолжайте играть картами из своих
  личных колод, не покупая новых.»

Together these could loop for ever: a severed tentacle's cards go to the scrap heap, the
heap becomes the deck, the same card is revealed again...  Designed (docs/adventures.md):
each card is revealed at most once per step; when nothing else can fill the slot it stays
empty.  Every test that could have looped on the old code is bounded (a subprocess with a
timeout, or a tripwire on the scrap-heap recycling), so none can hang the test run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.star_realms.engine import (
    Action,
    GameConfig,
    SeatConfig,
    apply,
    invariants,
    legal_actions,
    new_game,
    zones,
)
from game.star_realms.engine.cards import CLASSIC_FACTIONS as FACTIONS
from game.star_realms.engine.events import BOSS
from game.star_realms.engine.state import EMPTY
from tests.scene import DB, Scene

ROOT = Path(__file__).resolve().parent.parent
HANG_SEED = 3280036138444010940  # dimensional_horror, novice, greedy,easy,greedy + boss


def adv(aid: str, players: int = 1, difficulty: str = "expert", seed: int = 3):
    seats = tuple(SeatConfig(f"P{i + 1}") for i in range(players)) + (SeatConfig("Boss",
                                                                                 "boss"),)
    return new_game(DB, GameConfig(sets=("frontiers",), seats=seats, format=aid, seed=seed,
                                   first=0, options=(("difficulty", difficulty),)))


@pytest.fixture
def tripwire(monkeypatch):
    """Rebuilding the trade deck from the scrap heap more than a few times within one
    test means a loop that never ends: fail instead of hanging (the old code did)."""
    calls = [0]
    real = zones.recycle_scrap

    def counted(state):
        calls[0] += 1
        if calls[0] > 50:
            raise AssertionError("the trade deck was rebuilt from the scrap heap 50 times: "
                                 "a loop waiting for a card never ends")
        real(state)

    monkeypatch.setattr(zones, "recycle_scrap", counted)
    return calls


def boss_turn(st, limit: int = 500) -> None:
    boss, turn = st.boss.seat, st.turn
    for _ in range(limit):
        if st.is_over or st.active != boss or st.turn != turn:
            return
        apply(st, Action("boss_step", boss))
    raise AssertionError(f"the boss turn took more than {limit} steps")


# ------------------------------------------------------------------ (a) the reported seed

REPRO = textwrap.dedent(f"""
    from game.star_realms.ai.base import make_player
    from game.star_realms.data import load_rules
    from game.star_realms.engine import GameConfig, SeatConfig, new_game
    from game.star_realms.sim import BossPilot, play

    db = load_rules()
    kinds = ["greedy", "easy", "greedy", "boss"]
    config = GameConfig(sets=("frontiers",), format="dimensional_horror",
                        seats=tuple(SeatConfig(f"{{k}} {{j + 1}}", k)
                                    for j, k in enumerate(kinds)),
                        seed={HANG_SEED}, first=None, options=(("difficulty", "novice"),))
    players = [BossPilot() if k == "boss" else make_player(k, {HANG_SEED} + j)
               for j, k in enumerate(kinds)]
    state = play(new_game(db, config), players, max_turns=1000, check=True)
    print("ended", state.turn, state.winners)
""")


def _cap_memory() -> None:
    """The old loop grew by ~30 MB a second: cap the child so a hang cannot swamp a
    shared machine before the timeout (it dies of MemoryError instead)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_reported_dimensional_horror_seed_plays_to_the_end():
    """Regression: this game froze in the boss's turn (step 3 revealed the same severed
    card for ever) and ate memory.  It runs in a subprocess so that a hang fails the test
    after the timeout instead of freezing the run."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    cap = _cap_memory if sys.platform != "win32" else None
    try:
        proc = subprocess.run([sys.executable, "-c", REPRO], cwd=ROOT, env=env, text=True,
                              capture_output=True, timeout=60, preexec_fn=cap)
    except subprocess.TimeoutExpired:
        pytest.fail(f"game seed {HANG_SEED} still hangs (no end within 60 s)")
    assert proc.returncode == 0, f"game seed {HANG_SEED}: {proc.stderr[-3000:]}"
    assert proc.stdout.startswith("ended"), proc.stdout


# ------------------------------------------------------------------ (b) broken scripts


def test_a_boss_step_that_never_finishes_raises_runaway_turn(monkeypatch):
    from game.star_realms.engine import guard

    st = adv("automatons", seed=11)
    monkeypatch.setattr(st.format.script, "steps",
                        lambda: [("stuck", lambda state: True, "repeat")])
    boss = st.boss.seat
    with pytest.raises(guard.RunawayTurn) as err:
        for _ in range(guard.MAX_BOSS_STEPS + 10):
            apply(st, Action("boss_step", boss))
    msg = str(err.value)
    assert f"seed {st.config.seed}" in msg and f"turn {st.turn}" in msg and "'stuck'" in msg


def to_boss_turn(st) -> None:
    """End the players' turns (answering any question with its first answer)."""
    for _ in range(50):
        if st.active == st.boss.seat and st.pending is None:
            return
        apply(st, legal_actions(st)[0] if st.pending is not None
              else Action("end_turn", st.active))
    raise AssertionError("the boss's turn never came")


def test_a_looping_boss_turn_counts_across_steps_and_resets_each_turn(monkeypatch):
    """A "loop" step that always does something sends the turn back to step 1 for ever."""
    from game.star_realms.engine import guard

    st = adv("automatons", seed=12)
    monkeypatch.setattr(guard, "MAX_BOSS_STEPS", 30)
    boss_turn(st)  # a real turn stays well under the limit
    to_boss_turn(st)
    assert st.boss.steps_run == 0  # the count starts afresh each boss turn
    monkeypatch.setattr(st.format.script, "steps", lambda: [
        ("first", lambda state: False, "once"), ("again", lambda state: True, "loop")])
    with pytest.raises(guard.RunawayTurn, match="30 steps"):
        for _ in range(40):
            apply(st, Action("boss_step", st.boss.seat))


def test_effects_that_push_themselves_raise_runaway_turn(monkeypatch):
    from game.star_realms.engine import effects, guard

    def trade_forever(state, seat, source, params, ctx):
        effects.push(state, seat, source, (("trade", params),))

    monkeypatch.setitem(effects.HANDLERS, "trade", trade_forever)
    sc = Scene(hand=["scout"], seed=77)
    with pytest.raises(guard.RunawayTurn) as err:
        sc.play("scout")
    msg = str(err.value)
    assert "seed 77" in msg and "turn 1" in msg and "effect operations" in msg


def test_the_effect_count_is_per_action():
    from game.star_realms.engine import guard

    sc = Scene(hand=["scout"] * 5)
    for _ in range(5):
        sc.play("scout")
        assert 0 < sc.state.effect_ops < guard.MAX_EFFECT_OPS


def test_the_old_horror_rule_now_raises_instead_of_hanging(monkeypatch, tripwire):
    """Put back the old behaviour (a severed-colour card straight to the scrap heap) and
    the reveal budget catches the endless loop."""
    from game.star_realms.engine import guard
    from game.star_realms.engine.bosses.common import faction_of
    from game.star_realms.engine.bosses.dimensional_horror import DimensionalHorror, pile

    def scrap_at_once(self, state, iid, aside):
        f = faction_of(state, iid)
        if f in state.boss.severed:
            zones.to_scrap_heap(state, iid, BOSS)
        else:
            state.boss.piles[pile(f)].append(iid)

    monkeypatch.setattr(DimensionalHorror, "_add", scrap_at_once)
    st = severed_row_state()
    with pytest.raises(guard.RunawayTurn, match=r"dimensional_horror\.grow"):
        apply(st, Action("boss_step", st.boss.seat))


# ------------------------------------------------------------------ (c) nothing left to reveal


def severed_row_state(extra_in_scrap: str | None = None):
    """Dimensional Horror on Expert (the boss acts first) with Machine Cult severed, a
    row of Machine Cult cards, and only Machine Cult cards (plus starters) in the trade
    deck and the scrap heap — the reported game's position, give or take.  With
    ``extra_in_scrap`` one card of that other colour also lies in the scrap heap."""
    st = adv("dimensional_horror", 1, "expert", seed=5)
    cult = "machine_cult"
    b = st.boss
    trade = [c for c in range(len(st.cards)) if st.cards[c].role == "trade"]
    for f in FACTIONS:
        b.piles[f"tentacle:{f}"] = []
    st.trade_deck, st.trade_row, st.scrap = [], [], []
    cult_cards = [c for c in trade if st.cards[c].factions[0] == cult]
    extra = next((c for c in trade if st.cards[c].factions[0] == extra_in_scrap), None)
    for c in trade:
        f = st.cards[c].factions[0]
        if f != cult and c != extra:
            b.piles[f"tentacle:{f}"].append(c)
    st.trade_row = cult_cards[:5]
    st.trade_deck = cult_cards[5:8]
    st.scrap = cult_cards[8:]
    if extra is not None:
        st.scrap.insert(0, extra)
    viper = st.seats[0].deck.pop()
    st.scrap.append(viper)  # never goes back into the trade deck
    b.severed = [cult]
    assert invariants.check(st) == []
    return st


def test_horror_slot_stays_empty_when_only_severed_cards_are_left(tripwire):
    st = severed_row_state()
    row = st.trade_row[:]
    cult = [c for c in range(len(st.cards)) if st.cards[c].role == "trade"
            and st.cards[c].factions[0] == "machine_cult"]
    boss_turn(st)
    assert st.trade_row[:4] == row[1:] and st.trade_row[4] == EMPTY
    assert st.trade_deck == []
    assert set(cult) - set(row[1:]) <= set(st.scrap)  # every one revealed went to the heap
    assert invariants.check(st) == []


def test_horror_keeps_revealing_past_severed_cards_to_fill_the_slot(tripwire):
    """The book's step 3 repeats until the slot is filled: a card of another colour deep
    in the scrap heap still comes up (after the deck is rebuilt) and fills it."""
    st = severed_row_state(extra_in_scrap="blob")
    extra = st.scrap[0]
    boss_turn(st)
    assert st.trade_row[4] == extra
    assert invariants.check(st) == []


def test_horror_with_an_empty_row_deck_and_heap(tripwire):
    st = severed_row_state()
    st.scrap += [c for c in st.trade_row + st.trade_deck]
    st.trade_row, st.trade_deck = [EMPTY] * 5, []
    for c in list(st.scrap):
        if st.cards[c].role == "trade":
            st.scrap.remove(c)
            st.seats[0].discard.append(c)  # out of reach of any reveal
    boss_turn(st)
    assert st.trade_row == [EMPTY] * 5 and st.trade_deck == []
    assert invariants.check(st) == []


def test_pirates_refill_with_a_single_card_left(tripwire):
    st = adv("pirates_of_the_dark_star", 2, seed=6)
    st.seats[0].discard += st.trade_deck + st.trade_row[1:]
    st.trade_deck, st.scrap = [], []
    last = st.trade_row[0]
    st.trade_row = [last] + [EMPTY] * 4
    apply(st, Action("boss_step", st.boss.seat))  # steps 1–3
    # the only card is scrapped, the heap becomes the deck, and it fills one slot again
    assert st.trade_row == [last] + [EMPTY] * 4 and st.boss.notes == [last]
    boss_turn(st)
    assert invariants.check(st) == []


def test_pirates_refill_with_nothing_at_all(tripwire):
    st = adv("pirates_of_the_dark_star", 2, seed=6)
    st.seats[0].discard += st.trade_deck + st.trade_row
    st.trade_deck, st.scrap, st.trade_row = [], [], [EMPTY] * 5
    boss_turn(st)
    assert st.trade_row == [EMPTY] * 5 and st.boss.notes == []


def test_automatons_assemble_with_nothing_or_too_little_to_reveal(tripwire):
    st = adv("automatons", 1, seed=8)
    st.seats[0].discard += st.trade_deck
    st.trade_deck = []
    boss_turn(st)  # nothing to assemble from: the turn still ends
    assert st.active != st.boss.seat
    st = adv("automatons", 1, seed=8)
    st.boss.counter = 10_000  # a goal no deck can reach: it plays everything, then stops
    few = st.trade_deck[-4:]
    st.seats[0].discard += st.trade_deck[:-4]
    st.trade_deck = few
    apply(st, Action("boss_step", st.boss.seat))
    boss = st.seats[st.boss.seat]
    assert set(few) <= set(boss.in_play + boss.bases + st.scrap)
    assert st.trade_deck == []


def test_nemesis_reveal_with_nothing_left(tripwire):
    st = adv("nemesis_beast", 1, seed=9)
    st.seats[0].discard += st.trade_deck
    st.trade_deck = []
    boss_turn(st)
    assert st.active != st.boss.seat


def test_plain_refill_leaves_the_slot_empty():
    """Outside adventures an empty trade deck is never rebuilt: the base game's «просто
    продолжайте играть ..., не покупая новых»."""
    sc = Scene(trade_deck=(), trade=10)
    sc.buy("patrol_boat")
    assert EMPTY in sc.state.trade_row and invariants.check(sc.state) == []
