"""Imports inside functions are the exception: each one says why it is not at the top.

A function-level import is allowed only with a reason marker — ``# lazy:`` (kept out of
start-up, or out of the shell, on purpose) or ``# cycle:`` (breaks a named import
cycle) — on its own line or in the comment right above it.  The imports of one block
(consecutive imports, blank lines between isort's groups included) share the comment
above the block's first line.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

MARKERS = ("# lazy:", "# cycle:")

# Where every function-level import must carry a reason.
CHECKED = (
    GAME / "ui",
    GAME / "star_realms" / "ui",
    GAME / "star_realms" / "model.py",
    GAME / "commands",
    GAME / "cli.py",
    GAME / "games.py",
    GAME / "star_realms" / "game.py",
)


def _files(where: Path) -> list[Path]:
    return [where] if where.is_file() else sorted(where.rglob("*.py"))


def function_imports(path: Path) -> list[tuple[int, bool]]:
    """(line, has a reason) for every import inside a function of ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(lines), filename=str(path))
    imports: dict[int, ast.stmt] = {}
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    imports[node.lineno] = node
    # every line that belongs to some import statement (multi-line imports included)
    import_lines = {i for n in imports.values() for i in range(n.lineno, n.end_lineno + 1)}

    def reasoned(node: ast.stmt) -> bool:
        own = lines[node.lineno - 1:node.end_lineno]
        if any(m in line for line in own for m in MARKERS):
            return True
        i = node.lineno - 1  # 1-based line above the statement
        while i >= 1:
            text = lines[i - 1].strip()
            if text.startswith("#"):
                return any(m in text for m in MARKERS)
            if text and i not in import_lines:
                return False
            i -= 1
        return False

    return sorted((line, reasoned(node)) for line, node in imports.items())


def unexplained(paths) -> list[str]:
    found = []
    for where in paths:
        for path in _files(where):
            for line, ok in function_imports(path):
                if not ok:
                    text = path.read_text(encoding="utf-8").splitlines()[line - 1].strip()
                    found.append(f"{path.relative_to(ROOT)}:{line}: {text}")
    return found


def test_every_function_level_import_says_why():
    bad = unexplained(CHECKED)
    assert not bad, ("imports inside functions without a '# lazy:' or '# cycle:' reason "
                     "(hoist them to the top of the module, or say why not):\n"
                     + "\n".join(bad))


def test_the_checker_sees_a_missing_reason(tmp_path):
    src = tmp_path / "m.py"
    src.write_text(
        "def a():\n"
        "    import os\n"
        "\n"
        "def b():\n"
        "    # lazy: heavy\n"
        "    import json\n"
        "\n"
        "    from pathlib import (\n"
        "        Path,\n"
        "    )\n"
        "\n"
        "def c():\n"
        "    x = 1\n"
        "    import sys  # cycle: sys <-> nothing, for the test\n"
        "    # just a comment\n"
        "    import re\n",
        encoding="utf-8")
    assert function_imports(src) == [(2, False), (6, True), (8, True), (14, True), (16, False)]
