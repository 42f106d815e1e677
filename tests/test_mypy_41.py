"""Issue 41 item 7: the packages made type-clean stay at 0 mypy errors, and the UI
packages get no worse (CI runs this).

mypy runs once as a child process with the project's ``[tool.mypy]`` settings
(pyproject.toml: strict-optional, warn_unused_ignores) on the whole ``game`` package;
docs/architecture.md "Types" has the counts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Star Realms' engine, data loaders, AI, campaign and tutorial logic and its
# presentation modules (not its ui/ scenes), and the shell's modules, commands and the
# phone server.  game/cli.py, game/user_dirs.py, game/__init__.py and game/app_log.py
# join the list once their pending edits are typed.
CLEAN = [
    "game/star_realms/engine",
    "game/star_realms/ai",
    "game/star_realms/data",
    "game/star_realms/campaign",
    "game/star_realms/tutorial",
    *sorted(f"game/star_realms/{p.name}" for p in (ROOT / "game/star_realms").glob("*.py")),
    *sorted(f"game/{p.name}" for p in (ROOT / "game").glob("*.py")),
    "game/commands",
    "game/remote",
    # Forbidden Stars' engine, data loaders, AI and its modules outside ui/ (issue 41)
    "game/forbidden_stars/engine",
    "game/forbidden_stars/ai",
    "game/forbidden_stars/data",
    *sorted(f"game/forbidden_stars/{p.name}"
            for p in (ROOT / "game/forbidden_stars").glob("*.py")),
    # Arcs' engine, data loaders, AI and its modules outside ui/ (issue 41)
    "game/arcs/engine",
    "game/arcs/ai",
    "game/arcs/data",
    *sorted(f"game/arcs/{p.name}" for p in (ROOT / "game/arcs").glob("*.py")),
]

# mypy is in the test extra: a missing one fails here instead of passing in silence
# (``python -m mypy`` would exit 1 with "No module named mypy" and no error lines)
import mypy  # noqa: E402, F401

# The UI packages' errors today (docs/architecture.md "Types"): a ceiling each, lowered
# as they are fixed, so a change can only keep a count or bring it down.
UI_CEILINGS = {
    "game/star_realms/ui": 144,
    "game/star_realms/art": 22,
    "game/arcs/ui": 22,
    "game/forbidden_stars/ui": 16,
    "game/ui": 18,
}


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The error lines of ``mypy game`` (one run for this module's tests)."""
    # A private cache: a shared .mypy_cache could hold another version's results, and
    # the run must not leave one in the checkout.
    cache = tmp_path_factory.mktemp("mypy") / "cache"
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(cache), "--no-error-summary", "game"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert out.returncode in (0, 1), out.stdout + out.stderr  # 2: mypy itself failed
    return [line for line in out.stdout.splitlines() if ": error:" in line]


@pytest.mark.slow
def test_typed_packages_have_no_mypy_errors(mypy_errors: list[str]) -> None:
    files = _files()
    mine = [line for line in mypy_errors if line.split(":", 1)[0] in files]
    assert not mine, "mypy errors in the type-clean packages:\n" + "\n".join(mine)


@pytest.mark.slow
def test_ui_packages_get_no_more_mypy_errors(mypy_errors: list[str]) -> None:
    for package, ceiling in UI_CEILINGS.items():
        found = [line for line in mypy_errors if line.startswith(package + "/")]
        assert len(found) <= ceiling, (
            f"{package}: {len(found)} mypy errors, more than the {ceiling} of "
            "docs/architecture.md:\n" + "\n".join(found))


def _files() -> set[str]:
    files: set[str] = set()
    for entry in CLEAN:
        path = ROOT / entry
        found = [path] if path.suffix == ".py" else path.rglob("*.py")
        files.update(p.relative_to(ROOT).as_posix() for p in found)
    return files
