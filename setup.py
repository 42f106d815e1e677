"""Packaging hook: a wheel carries ``rules/`` and ``assets/`` inside the package.

They live at the top of the repository (beside ``game/``), where a checkout and the
PyInstaller spec read them; an installed game finds its copies under ``game/_data/``
through :mod:`game.resources`.  Everything else is declared in ``pyproject.toml``.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA = ("rules", "assets")


class BuildPyWithData(build_py):
    def run(self) -> None:
        super().run()
        for name in DATA:
            target = Path(self.build_lib) / "game" / "_data" / name
            self.copy_tree(str(ROOT / name), str(target))


setup(cmdclass={"build_py": BuildPyWithData})
