"""`validate-rules` checks Arcs too; `cards --game arcs` lists Arcs' cards; Star Realms'
output of both is unchanged."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from game.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _game(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", env={**os.environ, **(env or {})},
                          timeout=120)


def test_validate_rules_summarises_both_games_on_one_line():
    res = _game("validate-rules")
    assert res.returncode == 0, res.stderr
    assert res.stdout.count("\n") == 1 and res.stdout.startswith("rules OK — ")
    sr, arcs = res.stdout.rstrip("\n").split("; arcs: ")
    assert "frontiers: 45 cards" in sr and "adventures" in sr
    assert arcs == ("24 systems (18 planets, 38 edges), 12 setup cards, 28 action cards, "
                    "31 court cards (25 guild + 6 vox), 8 leaders, 14 lore, 3 dice, "
                    "5 ambitions")


def test_validate_rules_reports_broken_arcs_data(tmp_path):
    bad = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", bad)
    court = bad / "arcs" / "court.toml"
    text = court.read_text(encoding="utf-8")
    court.write_text(text.replace('effect = { kind = "place_ships", count = 1, '
                                  'where = "each_system_of_a_cluster" }',
                                  'effect = { kind = "x" }'), encoding="utf-8")
    for res in (_game("validate-rules", str(bad)),
                _game("validate-rules", env={"STAR_REALMS_RULES_DIR": str(bad)})):
        assert res.returncode == 2 and res.stdout == ""
        assert res.stderr == ("rules/ is invalid:\n  rules/arcs/court.toml:mass_uprising:"
                              "effect.kind: unknown effect 'x'\n")
    res = _game("cards", "--game", "arcs", env={"STAR_REALMS_RULES_DIR": str(bad)})
    assert res.returncode == 2 and "mass_uprising:effect.kind" in res.stderr
    assert "Traceback" not in res.stderr


def test_cards_game_arcs_json():
    res = _game("cards", "--game", "arcs", "--json")
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout)
    kinds = [r["kind"] for r in rows]
    assert {k: kinds.count(k) for k in set(kinds)} == {"action": 28, "guild": 25, "vox": 6,
                                                        "leader": 8, "lore": 14}
    assert all({"id", "name_en", "name_ru", "kind"} <= set(r) for r in rows)
    by_id = {r["id"]: r for r in rows}
    assert len(by_id) == len(rows)
    assert by_id["administration_5"]["pips"] == 3
    assert by_id["aggression_7"] == {
        "id": "aggression_7", "name_en": "Aggression 7", "name_ru": "Агрессия 7",
        "kind": "action", "suit": "aggression", "number": 7, "pips": 1, "ambition": "any",
        "min_players": 4}
    assert by_id["mass_uprising"]["effects"] == ["when_secured:place_ships"]
    assert by_id["gatekeepers"]["keys"] == 2 and by_id["gatekeepers"]["suit"] == "fuel"
    assert by_id["mystic"]["resources"] == ["psionic", "relic"]


def test_cards_without_game_is_star_realms(capsys):
    assert main(["cards", "--json"]) == 0
    default = capsys.readouterr().out
    assert main(["cards", "--game", "star_realms", "--json"]) == 0
    assert capsys.readouterr().out == default
    assert {c["id"] for c in json.loads(default)} >= {"blob_alpha", "scout"}
    assert main(["cards", "--game", "arcs"]) == 0
    text = capsys.readouterr().out
    assert text.count("\n") == 81 and "Мистик" in text
