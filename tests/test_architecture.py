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


def test_the_shell_lists_its_games_by_name_only():
    from game import games

    assert games.GAME_MODULES == ("game.star_realms.game", "game.arcs.game",
                                  "game.forbidden_stars.game")
    sr, arcs, fs = games.all_games()
    assert fs.id == "forbidden_stars" and fs.check_data() == []
    assert [e.key for e in fs.menu_entries()] == ["new_game", "learn", "load"]
    assert arcs.id == "arcs" and arcs.check_data() == []
    assert [e.key for e in arcs.menu_entries()] == ["new_game", "learn", "load"]
    assert sr.id == "star_realms" and sr.check_data() == []
    assert [e.key for e in sr.menu_entries()] == ["new_game", "learn", "adventures", "campaign",
                                                  "load", "rules", "cards"]
    assert "Star Realms" in sr.title("en") and "Звёздные" in sr.title("ru")


def test_a_game_engine_offers_the_interface_the_shell_uses():
    from game import games

    engine = games.get("star_realms").engine
    for name in ("new_game", "legal_actions", "apply", "player_view", "winners"):
        assert callable(getattr(engine, name)), name


def import_cycles(graph=None, prefix: str = "game") -> list[list[str]]:
    """Strongly connected groups of the modules under ``prefix`` (Tarjan, iterative),
    type-only imports excluded: each is an import cycle."""
    import grimp

    if graph is None:
        graph = grimp.build_graph("game", exclude_type_checking_imports=True)
    mods = sorted(m for m in graph.modules if m == prefix or m.startswith(prefix + "."))
    inside = set(mods)
    deps = {m: sorted(d for d in graph.find_modules_directly_imported_by(m) if d in inside)
            for m in mods}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for root in mods:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            children = deps[node]
            if i < len(children):
                work.append((node, i + 1))
                child = children[i]
                if child not in index:
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            for child in children:  # children finished: take their lows
                if child in on_stack:
                    low[node] = min(low[node], low[child])
            if low[node] == index[node]:
                group = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    group.append(m)
                    if m == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


# Cycles still to be broken, each named by its modules; the test fails if one grows or a
# new one appears (and reminds to shrink this list when one is gone).
KNOWN_CYCLES: list[set[str]] = []


def test_no_import_cycles_in_game():
    found = [set(g) for g in import_cycles()]
    new = [sorted(g) for g in found if not any(g <= known for known in KNOWN_CYCLES)]
    assert not new, f"import cycles: {new}"
    gone = [sorted(k) for k in KNOWN_CYCLES if not any(g <= k for g in found)]
    assert not gone, f"these cycles are gone: remove them from KNOWN_CYCLES: {gone}"


LONG_FILE_LINES = 600
LONG_FILE_MARK = "Long file:"  # a reason at the top of a file allowed to be longer


def test_no_file_in_game_is_long_without_a_reason():
    long = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        head = "\n".join(lines[:30])
        if len(lines) > LONG_FILE_LINES and LONG_FILE_MARK not in head:
            long.append(f"{path.relative_to(ROOT)} ({len(lines)} lines)")
    assert not long, f"over {LONG_FILE_LINES} lines with no '{LONG_FILE_MARK}' reason: {long}"
