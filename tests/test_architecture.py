"""The layers hold: import-linter's contracts (pyproject.toml [tool.importlinter]) —
engines import no pygame or UI, the shell imports no game's package — and the shell
finds its games only through game.games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_linter_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    cmd = [str(lint)] if lint.exists() else [sys.executable, "-m", "importlinter.cli"]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout


def test_the_shell_lists_star_realms_by_name_only():
    from game import games

    assert games.GAME_MODULES == ("game.star_realms.game",)
    (sr,) = games.all_games()
    assert sr.id == "star_realms" and sr.check_data() == []
    assert [e.key for e in sr.menu_entries()] == ["new_game", "adventures", "campaign", "load",
                                                  "rules"]
    assert "Star Realms" in sr.title("en") and "Звёздные" in sr.title("ru")


def test_a_game_engine_offers_the_interface_the_shell_uses():
    from game import games

    engine = games.get("star_realms").engine
    for name in ("new_game", "legal_actions", "apply", "player_view", "winners"):
        assert callable(getattr(engine, name)), name
