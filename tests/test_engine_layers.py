"""The engine's layers: no import cycle, and the modes plug in through one registry point.

Core modules (state, cards, rules, effects, zones, setup, views, snapshots...) ask the
base :class:`~game.star_realms.engine.formats.Format` through its hooks and never import
a mode; the modes (formats, adventure, the boss and its scripts, campaign) sit on top and
reach the core, never the other way round; :mod:`game.star_realms.engine.modes` is the
one point that imports them and registers them with ``get_format``.
"""

import ast
from pathlib import Path

import grimp
import pytest

from tests.test_architecture import import_cycles

ENGINE = "game.star_realms.engine"
ROOT = Path(__file__).resolve().parent.parent
# Strongly connected components (import cycles) allowed to remain: none.
ALLOWED_CYCLES: list[set[str]] = []
# The modes: plugged in at setup through the registry point.
MODES = ("formats", "adventure", "boss", "bosses", "campaign")
REGISTRY = {ENGINE, f"{ENGINE}.modes"}  # the registry point (and the package re-exporting it)
# The bottom layer: it imports nothing but itself.
LOW = {"state", "cards", "events", "rng", "guard", "zones", "stack", "boss_state",
       "targets", "allies", "adventure_def", "campaign_def"}
# Function-level imports left (each must break a real cycle): none.
ALLOWED_LOCAL_IMPORTS: set[tuple[str, str]] = set()


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("game", exclude_type_checking_imports=True)


def engine_modules(graph) -> set[str]:
    return {m for m in graph.modules if m == ENGINE or m.startswith(ENGINE + ".")}


def short(module: str) -> str:
    return module.removeprefix(ENGINE + ".")


def is_mode(module: str) -> bool:
    name = short(module)
    return any(name == m or name.startswith(m + ".") for m in MODES)


def imports(graph, module: str, within: set[str]) -> set[str]:
    return set(graph.find_modules_directly_imported_by(module)) & within


def test_the_engine_has_no_import_cycle(graph):
    cycles = [{short(m) for m in group} for group in import_cycles(graph, ENGINE)]
    assert sorted(map(sorted, cycles)) == sorted(map(sorted, ALLOWED_CYCLES))


def test_no_core_module_imports_a_mode(graph):
    modules = engine_modules(graph)
    bad = []
    for m in sorted(modules):
        if is_mode(m) or m in REGISTRY:
            continue
        for dep in sorted(imports(graph, m, modules)):
            if is_mode(dep):
                bad.append(f"{short(m)} imports {short(dep)}")
    assert not bad, "go through the Format hooks or the registry point (engine/modes.py): " \
        + "; ".join(bad)


def test_the_bottom_layer_imports_only_itself(graph):
    modules = engine_modules(graph)
    bad = []
    for name in sorted(LOW):
        m = f"{ENGINE}.{name}"
        assert m in modules, m
        for dep in sorted(imports(graph, m, modules)):
            if short(dep) not in LOW:
                bad.append(f"{name} imports {short(dep)}")
    assert not bad, "; ".join(bad)


def test_the_registry_point_registers_every_mode():
    from game.star_realms.engine import adventure, bosses, formats
    from tests.scene import DB

    assert set(adventure.SCRIPTS) == set(bosses.SCRIPTS) == set(DB.adventures)
    assert len(formats.MAKERS) == 2  # the campaign and the adventures
    for aid in DB.adventures:
        assert formats.get_format(aid, DB, (("difficulty", "novice"),)).difficulty == "novice"
    with pytest.raises(ValueError, match="campaign"):
        formats.get_format("no_such_format", DB)


def _local_imports(path: Path) -> list[str]:
    """Imports inside a function or class body (TYPE_CHECKING blocks aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for sub in ast.walk(node):
                if isinstance(sub, ast.ImportFrom) and sub.module:
                    out.append(sub.module)
                elif isinstance(sub, ast.Import):
                    out.extend(a.name for a in sub.names)
    return out


def test_no_function_level_imports_hide_a_cycle():
    found = set()
    for path in sorted((ROOT / "game" / "star_realms" / "engine").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for module in _local_imports(path):
            if module.startswith("game."):
                found.add((rel, module))
    assert found == ALLOWED_LOCAL_IMPORTS
