"""Every benchmark script still starts: its imports resolve and its options parse.

Benchmarks run by hand (or in CI's build step), not in the tests; a moved function
would otherwise break one silently."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(p.name for p in (ROOT / "bench").glob("*.py"))


def test_there_are_benchmarks():
    assert "engine.py" in SCRIPTS and len(SCRIPTS) >= 8


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_script_starts(script):
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--help"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "usage" in done.stdout.lower()
