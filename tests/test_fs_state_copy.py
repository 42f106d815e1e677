"""A copied game shares nothing mutable with the original (State.clone): undo keeps a
copy from before each action, and every bot plays on a copy (its view).  A reroll keeps
its fresh dice in a list in the pending effect's progress; shared, applying the action
to the game emptied the copy's list too (found by the undo property, seed 631)."""

from __future__ import annotations

from game.forbidden_stars.engine.combat_state import Combat, Pending, copy_data
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.play_state import Play


def _pending() -> Pending:
    return Pending(0, Effect("reroll", {}, "", ""), 0, ["shield", "pass"],
                   data={"new": ["bolter"], "left": 2, "seen": {"a": 1}, "set": {"x"}})


def test_a_copied_combat_keeps_its_own_pending_progress():
    c = Combat(area="t1a.1", attacker=0, defender=1, pending=_pending())
    copy = c.copy()
    c.pending.data["new"].clear()
    c.pending.data["seen"]["b"] = 2
    c.pending.data["set"].add("y")
    c.pending.options.append("morale")
    assert copy.pending.data == {"new": ["bolter"], "left": 2, "seen": {"a": 1}, "set": {"x"}}
    assert copy.pending.options == ["shield", "pass"]


def test_a_copied_play_keeps_its_own_progress():
    play = Play(0, "order", "t1a", pending=_pending(), data={"old": ["t1a", "t2a"]})
    copy = play.copy()
    play.data["old"].append("t3a")
    play.pending.data["new"].append("morale")
    assert copy.data == {"old": ["t1a", "t2a"]} and copy.pending.data["new"] == ["bolter"]


def test_copy_data_copies_containers_and_keeps_plain_values():
    data = {"n": 3, "s": "x", "t": ("a",), "l": [1]}
    out = copy_data(data)
    assert out == data and out["l"] is not data["l"] and out["t"] is data["t"]
