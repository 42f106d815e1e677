"""The table draws from the per-seat model only, and a click costs one enumeration.

* One click → one ``legal_actions`` computation (for the position it leads to) → one
  ``apply`` (unvalidated: the action came from that very list); idle frames compute
  nothing.
* The table's code never reads ``session.state`` (the full, secret state): while the
  table plays a duel, a 4-seat free-for-all and an adventure's boss turn, reading it
  from any table-side module raises.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from game.settings import Settings
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine import rules as rules_mod
from game.star_realms.model import cards_by_iid
from game.star_realms.ui import session as session_mod
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.screens import bot_session
from game.star_realms.ui.session import Session
from game.ui.main import make_app
from game.ui.scenes.menu import MenuScene
from tests.scene import DB, Scene
from tests.test_ui_table import card_center, drag, frame, table

ROOT = Path(__file__).resolve().parent.parent


def make(size, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    settings = replace(Settings(), language="en", animation_speed=0.0, auto_apply=False)
    return make_app(size=size, settings=settings, persist=False)


@pytest.fixture
def app(tmp_path, monkeypatch):
    application = make((1920, 1080), tmp_path, monkeypatch)
    yield application
    for scene in application.stack:
        if hasattr(scene, "session"):
            scene.session.close()


big_app = app

# ---------------------------------------------------------------------- counting


@pytest.fixture
def counts(monkeypatch):
    """Counts every ``legal_actions`` call (in every module holding the function) and
    every engine ``apply`` the session makes, with whether it was validated."""
    calls = {"legal": 0, "apply": 0, "validated": 0, "model": 0}
    real_legal = rules_mod.legal_actions

    def legal(state):
        calls["legal"] += 1
        return real_legal(state)

    for mod in list(sys.modules.values()):
        if getattr(mod, "__name__", "").startswith("game.") and getattr(
                mod, "legal_actions", None) is real_legal:
            monkeypatch.setattr(mod, "legal_actions", legal)
    real_apply = session_mod.apply

    def apply(state, action, validate=True):
        calls["apply"] += 1
        calls["validated"] += bool(validate)
        return real_apply(state, action, validate=validate)

    monkeypatch.setattr(session_mod, "apply", apply)
    real_build = session_mod.build_model

    def build(*args, **kwargs):
        calls["model"] += 1
        return real_build(*args, **kwargs)

    monkeypatch.setattr(session_mod, "build_model", build)

    def reset():
        for k in calls:
            calls[k] = 0

    return calls, reset


def settle(app, t: TableScene):
    frame(app, n=2)
    assert t.my_turn()


def test_playing_a_card_costs_one_enumeration_and_one_apply(app, counts):
    calls, reset = counts
    sc = Scene(hand=["frontier_runner", "scout"])
    t = table(app, sc)
    settle(app, t)
    reset()
    frame(app, n=30)  # idle frames: nothing is computed again
    assert calls == {"legal": 0, "apply": 0, "validated": 0, "model": 0}
    runner = sc.id("frontier_runner")
    drag(app, card_center(t, runner), t.layout.zones()["my_field"].center)
    frame(app, n=30)
    assert runner in sc.me.in_play
    assert calls == {"legal": 1, "apply": 1, "validated": 0, "model": 1}


def test_buying_costs_one_enumeration_and_one_apply(app, counts):
    calls, reset = counts
    sc = Scene(trade=5)
    t = table(app, sc)
    settle(app, t)
    reset()
    boat = sc.id("patrol_boat")
    drag(app, card_center(t, boat), t.layout.zones()["my_discard"].center)
    frame(app, n=30)
    assert boat in sc.me.discard
    assert calls == {"legal": 1, "apply": 1, "validated": 0, "model": 1}


def test_attacking_costs_one_enumeration_and_one_apply(app, counts):
    calls, reset = counts
    sc = Scene(combat=5, opp_bases=["defense_system", "spike_cluster"])
    t = table(app, sc)
    settle(app, t)
    reset()
    outpost = sc.id("defense_system")
    drag(app, t.combat_rect().center, card_center(t, outpost))
    frame(app, n=30)
    assert outpost in sc.opp.discard
    assert calls == {"legal": 1, "apply": 1, "validated": 0, "model": 1}


def test_an_illegal_drop_is_explained_and_applies_nothing(app, counts):
    calls, reset = counts
    sc = Scene(combat=9, opp_bases=["defense_system", "spike_cluster"])
    t = table(app, sc)
    settle(app, t)
    reset()
    behind = sc.id("spike_cluster")
    drag(app, t.combat_rect().center, card_center(t, behind))
    frame(app, n=10)
    assert behind in sc.opp.bases and t.toasts
    assert calls["apply"] == 0


# ---------------------------------------------------------------------- no full state

TABLE_SIDE = [ROOT / p for p in (
    "game/star_realms/ui/scenes/table.py", "game/star_realms/ui/prompt.py",
    "game/star_realms/ui/boss_view.py", "game/star_realms/ui/sprites.py",
    "game/star_realms/ui/layout.py")]
TABLE_DIR = ROOT / "game/star_realms/ui/table"


class FullStateRead(AssertionError):
    pass


def _table_side(filename: str) -> bool:
    path = Path(filename).resolve()
    return path in TABLE_SIDE or TABLE_DIR in path.parents


@pytest.fixture
def guarded(monkeypatch):
    """``Session.state`` becomes a property that raises when read from the table's code
    (the session itself, the bots, saving and the other scenes may still read it)."""
    reads: list[str] = []

    def get(self):
        caller = sys._getframe(1)
        if _table_side(caller.f_code.co_filename):
            where = f"{caller.f_code.co_filename}:{caller.f_lineno}"
            reads.append(where)
            raise FullStateRead(f"the table read session.state at {where}")
        return self.__dict__["_guarded_state"]

    def put(self, value):
        self.__dict__["_guarded_state"] = value

    monkeypatch.setattr(Session, "state", property(get, put), raising=False)
    return reads


def run_until(app, t: TableScene, done, limit=4000):
    for _ in range(limit):
        if done():
            return
        frame(app)
        if t.session._pending is not None and not t.session._pending.done():
            time.sleep(0.001)
    raise AssertionError("the game did not get there")


def human_step(t: TableScene) -> None:
    """One move of the human seat, chosen from the model the way a player would: play
    cards, answer questions, attack with everything, buy, end the turn."""
    m = t.model
    ids = [a.id for a in m.actions]
    answer = [i for i in ids if i.split(":")[0] in ("choose", "pick", "pick_seat", "stop")]
    plays = [i for i in ids if i.startswith("play:")]
    buys = [i for i in ids if i.startswith("buy:")]
    pick = (answer[0] if answer else plays[0] if plays else m.attack_all
            or (buys[0] if buys else "end_turn"))
    if pick == "end_turn" and m.targets:
        legal = [x for x in m.targets if x.legal and x.kind == "player"]
        if legal:
            pick = legal[0].action
    assert t.act_id(pick), pick


def play_turns(app, t: TableScene, turns: int) -> None:
    s = t.session
    start = t.model.turn
    for _ in range(2000):
        m = t.model
        if m.over or m.turn >= start + turns:
            return
        if t.my_turn() and not t.busy():
            human_step(t)
            frame(app)
        else:
            if s.curtain is not None:
                s.reveal()
                t.build_after_reveal()
            frame(app)
            if s._pending is not None and not s._pending.done():
                time.sleep(0.001)
    raise AssertionError("no progress")


def new_table(app, fmt: str, controllers: list[str], sets=("frontiers", "colony_wars"),
              options=(), seed=5) -> TableScene:
    seats = tuple(SeatConfig(f"P{i + 1}", c) for i, c in enumerate(controllers))
    state = new_game(DB, GameConfig(sets=sets, seats=seats, format=fmt, seed=seed, first=0,
                                    options=options))
    app.push(MenuScene(app))
    t = app.push(TableScene(app, Session(DB, state, list(controllers))))
    frame(app)
    return t


def test_the_guard_catches_a_table_side_read(app, guarded):
    t = new_table(app, "duel", ["human", "greedy"])
    assert t.session.state.turn == 1  # here (a test) it may
    with pytest.raises(FullStateRead):
        eval(compile("s.state", str(TABLE_SIDE[0]), "eval"), {"s": t.session})
    guarded.clear()


def test_a_duel_is_played_without_the_table_reading_the_full_state(app, guarded):
    t = new_table(app, "duel", ["human", "greedy"])
    play_turns(app, t, 6)
    assert t.model.turn >= 7 or t.model.over
    assert not guarded


def test_a_four_seat_free_for_all_without_the_full_state(big_app, guarded):
    t = new_table(big_app, "ffa", ["human", "greedy", "greedy", "greedy"])
    play_turns(big_app, t, 5)
    assert t.model.turn >= 6 or t.model.over
    assert not guarded


def test_an_adventure_boss_turn_without_the_full_state(app, guarded):
    t = new_table(app, "automatons", ["human", "boss"], sets=("frontiers",),
                  options=(("difficulty", "expert"),))
    boss = t.model.boss.seat
    assert t.model.active == boss  # on Expert the boss goes first
    play_turns(app, t, 4)
    assert t.model.turn >= 5 or t.model.over
    assert any(line.seat == boss for line in t.session.log)
    assert not guarded


def test_raid_attack_all_bites_the_boss_outpost_with_what_it_has(big_app):
    """Raid keeps partial damage on the boss's bases: "attack with everything" at its only
    target (an outpost) is an attack of all the combat, never a whole-base attack of 0."""
    t = new_table(big_app, "raid", ["greedy", "human", "greedy", "greedy"], seed=4)
    s = t.session
    st = s.state
    run_until(big_app, t, lambda: t.my_turn())
    outpost = next(i for i in st.trade_deck if st.cards[i].outpost and st.cards[i].defense > 2)
    st.trade_deck.remove(outpost)
    st.seats[0].bases.append(outpost)
    st.seats[1].combat = 2
    t.refresh_view()
    frame(big_app)
    action = t.attack_all_action()
    assert action is not None and action.kind == "attack_base" and action.card == outpost
    assert action.amount == 2
    assert t.btn_attack_all.is_enabled
    t.attack_all()
    assert st.damage.get(outpost) == 2 and st.seats[1].combat == 0


@pytest.mark.parametrize("fmt", ["duel", "dimensional_horror", "defy_the_empire"])
def test_the_table_finds_every_face_and_boss_layout_in_the_model(fmt):
    """A face is the definition the model card's face_key names (the player view's
    definition, stickers and Stealth copies included); the boss panel's layout comes
    from the model's boss part."""
    session = bot_session(7, fmt=fmt, turns=3)
    model, view = session.model(), session.view()
    shown = cards_by_iid(model)
    assert shown
    for iid, card in shown.items():
        assert session.shown_card(iid) is card
        assert session.card_def(card.face_key()) == view.card(iid)
    if model.boss is not None:
        script = view.format.script
        assert model.boss.plays_cards == bool(script.plays_cards)
        assert model.boss.has_deck == bool(script.has_deck)
        assert model.boss.to_json()["has_deck"] == model.boss.has_deck
