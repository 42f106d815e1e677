"""bench/seat_fairness.py: wins counted by place of play order, one share per seat."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench_script import load

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "seat_fairness.py"


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_tiny_run_has_one_share_per_seat_summing_to_the_finished_games(game, tmp_path):
    log = tmp_path / "games.jsonl"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--game", game, "--players", "3", "--games", "2",
         "--level", "random", "--seed", "7", "--log", str(log)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout.splitlines()[0])["results"][0]
    assert (row["game"], row["players"], row["games"], row["errors"]) == (game, 3, 2, 0)
    assert len(row["shares"]) == len(row["shares_ci"]) == 3
    assert sum(row["shares"]) == pytest.approx(1 - row["draws"] / row["games"], abs=1e-3)
    for share, (lo, hi) in zip(row["shares"], row["shares_ci"], strict=True):
        assert lo <= share <= hi
    # the log holds each game's starting seat, and --summarize rebuilds the same table
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(games) == 2 and all(0 <= g["first"] < 3 for g in games)
    again = subprocess.run([sys.executable, str(SCRIPT), "--summarize", str(log)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert json.loads(again.stdout.splitlines()[0])["results"][0] == row


def test_wins_count_by_place_from_the_starting_seat():
    mod = load("seat_fairness")
    base = {"game": "forbidden_stars", "level": "normal", "players": 3}
    records = [
        {**base, "seed": 1, "first": 2, "winners": [2]},     # the starter won: place 0
        {**base, "seed": 2, "first": 2, "winners": [0]},     # the seat after it: place 1
        {**base, "seed": 3, "first": 1, "winners": [0]},     # two after seat 1: place 2
        {**base, "seed": 4, "first": 0, "winners": [0, 1]},  # shared: half to 0 and 1
        {**base, "seed": 5, "first": 0, "winners": []},      # cut off
        {**base, "seed": 5, "first": 0, "winners": [0]},     # the same seed again: ignored
        {**base, "seed": 6, "error": True},
    ]
    (row,) = mod.summarize(records)
    assert row["games"] == 5 and row["draws"] == 1 and row["errors"] == 1
    assert row["error_seeds"] == [6]
    assert row["wins"] == [1.5, 1.5, 1.0]
    assert row["shares"] == [0.3, 0.3, 0.2]
    assert row["unfair_places"] == []
    # a place under half an even share (1/6 at three seats) is flagged
    lopsided = [{**base, "seed": s, "first": 0, "winners": [s % 2]} for s in range(10)]
    assert mod.summarize(lopsided)[0]["unfair_places"] == [2]
    assert "**UNFAIR**" in mod.markdown(mod.summarize(lopsided))
