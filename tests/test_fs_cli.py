"""`validate-rules` checks Forbidden Stars too; `cards --game forbidden_stars` lists every
component; broken data is reported as ``file:entry:field`` lines, never a traceback; the
action labels exist in both languages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

from game.cli import main
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, Action, GameConfig
from game.forbidden_stars.labels import describe, step_name
from tests.test_fs_support import RULES

ROOT = Path(__file__).resolve().parent.parent


def _game(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", env={**os.environ, **(env or {})},
                          timeout=120)


def test_validate_rules_summarises_forbidden_stars_on_the_one_line():
    res = _game("validate-rules")
    assert res.returncode == 0, res.stderr
    assert res.stdout.count("\n") == 1
    part = res.stdout.split("; forbidden_stars: ")[1].split("; arcs: ")[0]
    assert part == ("4 factions (24 units), 56 combat cards (20 starting), 20 order "
                    "upgrades, 32 events (16 schemes), 24 tile faces")


def test_broken_forbidden_stars_data_is_reported(tmp_path):
    bad = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", bad)
    events = bad / "forbidden_stars" / "events.toml"
    text = events.read_text(encoding="utf-8")
    events.write_text(text.replace('kind = "rally_system"', 'kind = "win"'), encoding="utf-8")
    for res in (_game("validate-rules", str(bad)),
                _game("validate-rules", env={"STAR_REALMS_RULES_DIR": str(bad)})):
        assert res.returncode == 2 and res.stdout == ""
        assert res.stderr == ("rules/ is invalid:\n  rules/forbidden_stars/events.toml:"
                              "sm_unwavering_resolve:effects[0].kind: unknown effect 'win'\n")
    res = _game("cards", "--game", "forbidden_stars", env={"STAR_REALMS_RULES_DIR": str(bad)})
    assert res.returncode == 2 and "sm_unwavering_resolve:effects[0].kind" in res.stderr
    assert "Traceback" not in res.stderr


def test_cards_game_forbidden_stars_json():
    res = _game("cards", "--game", "forbidden_stars", "--json")
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout)
    assert Counter(r["kind"] for r in rows) == {"faction": 4, "unit": 24, "structure": 3,
                                                "combat": 56, "order_upgrade": 20,
                                                "event": 32, "tile": 24}
    assert all({"id", "name_en", "name_ru", "kind", "faction"} <= set(r) for r in rows)
    ambush = next(r for r in rows if r["id"] == "sm_ambush")
    assert ambush["effects"] == ["gain_tokens", "unit:routed_become_destroyed"]


def test_cards_game_forbidden_stars_text(capsys):
    assert main(["cards", "--game", "forbidden_stars"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 163 and any("Засада" in line for line in out)


def test_every_legal_action_has_words_in_both_languages():
    """Every action offered in a whole random game is described, in English and Russian,
    with no missing key or unfilled placeholder."""
    seen = set()
    for seed in range(3):
        state = new_game(RULES, GameConfig(3, seed))
        rng = Rng(seed)
        while state.step != OVER:
            assert step_name(state, "ru") != f"forbidden_stars.step.{state.step}"
            legal = legal_actions(state)
            for a in legal:
                for lang in ("en", "ru"):
                    text = describe(state, a, lang)
                    assert text and "forbidden_stars." not in text and "{" not in text, a
                seen.add((a.kind, a.extra))
            apply(state, legal[rng.below(len(legal))])
    assert {"place", "reveal", "resolve", "decline", "move", "ground", "done", "storm",
            "buy", "build", "upgrade", "combat"} <= {k for k, _ in seen}
    area = next(iter(state.topology.areas))
    ways = [("buy", "ork_boyz", x) for x in ("", "cache", "forge", "cache+forge")]
    for kind, piece, extra in [*ways, ("build", "city", ""), ("build", "city", "cache")]:
        for lang in ("en", "ru"):  # every way of paying has words
            text = describe(state, Action(kind, 0, piece, area, extra=extra), lang)
            assert "forbidden_stars." not in text and "{" not in text
    assert step_name(state, "ru") == "Игра окончена" and step_name(state) == "Game over"
