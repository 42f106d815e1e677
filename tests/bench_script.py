"""A bench/ script loaded as a module, for the tests of what it computes (the scripts
are not a package: each is run as ``python bench/<name>.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load(name: str) -> ModuleType:
    """``bench/<name>.py``, loaded afresh (as ``bench_<name>``: a test that changes its
    settings changes no other test's)."""
    key = f"bench_{name}"
    spec = importlib.util.spec_from_file_location(key, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module  # (a dataclass in it looks its module up there)
    spec.loader.exec_module(module)
    return module
