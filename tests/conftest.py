import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Tests never touch the player's own cache or settings.  Card faces are cached in the
# checkout (shared by xdist workers: the cache writes atomically); settings per run.
#
# The variables are STARFOLD_* since issue 40, with the STAR_REALMS_* names as aliases that
# count only while the new name is unset (game.user_dirs.env).  Many tests still point a
# folder at their tmp_path through the OLD name (monkeypatch.setenv, or a child process's
# env built from os.environ), so a STARFOLD_* value in this process would silently win
# over them.  Until the tests move to the new names in one go, the run's defaults are
# therefore held under the old names, and a STARFOLD_* value from outside (CI exports
# STARFOLD_CACHE_DIR and STARFOLD_CONFIG_DIR) is moved to its old name, keeping its value.
for _new in [k for k in os.environ if k.startswith("STARFOLD_")]:
    os.environ["STAR_REALMS_" + _new.removeprefix("STARFOLD_")] = os.environ.pop(_new)
os.environ.setdefault("STAR_REALMS_CACHE_DIR", str(ROOT / ".test-cache"))
os.environ.setdefault("STAR_REALMS_CONFIG_DIR", tempfile.mkdtemp(prefix="starfold-config-"))
os.environ.setdefault("STAR_REALMS_SAVES_DIR", tempfile.mkdtemp(prefix="starfold-saves-"))
os.environ.setdefault("STARFOLD_LOG_DIR", tempfile.mkdtemp(prefix="srt-logs-"))  # game.app_log
sys.path.insert(0, str(ROOT))


import pytest  # noqa: E402


def _headless_app(tmp_path, monkeypatch, size, **settings_fields):
    from dataclasses import replace

    from game import i18n
    from game.settings import Settings
    from game.ui.main import make_app

    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    settings = replace(Settings(), language="en", animation_speed=0.0, **settings_fields)
    application = make_app(size=size, settings=settings, persist=False)
    yield application
    for scene in application.stack:
        if hasattr(scene, "session"):
            scene.session.close()
    i18n.set_language("en")


@pytest.fixture
def make_table_app(tmp_path, monkeypatch):
    """make_table_app(size, text_size, lang) → a headless app with no animation and plain
    gains not automatic, as often as a test needs one; every app's sessions are closed
    (and English is back) after the test."""
    from dataclasses import replace

    from game import i18n
    from game.settings import Settings
    from game.ui.main import make_app

    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    apps = []

    def build(size=(1280, 720), text_size=1.0, lang="en"):
        settings = replace(Settings(), language=lang, animation_speed=0.0, auto_apply=False,
                           text_size=text_size)
        apps.append(make_app(size=size, settings=settings, persist=False))
        return apps[-1]

    yield build
    for application in apps:
        for scene in application.stack:
            if hasattr(scene, "session"):
                scene.session.close()
    i18n.set_language("en")


@pytest.fixture
def saves_folder(tmp_path, monkeypatch) -> Path:
    """An empty saves folder that every game saves to and lists from."""
    path = tmp_path / "saves"
    path.mkdir()
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(path))
    return path


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless 1280×720 app with English text and no animation."""
    yield from _headless_app(tmp_path, monkeypatch, (1280, 720))


@pytest.fixture
def big_app(tmp_path, monkeypatch):
    """A headless 1920×1080 app, English, no animation, plain gains not automatic."""
    yield from _headless_app(tmp_path, monkeypatch, (1920, 1080), auto_apply=False)


def pytest_terminal_summary(terminalreporter) -> None:
    """Say so when the browser tests were skipped (no Chromium, or no chromedriver: the
    reason names which): a local run may skip them, but not silently."""
    reasons = {str(r.longrepr[2]) for r in terminalreporter.stats.get("skipped", [])
               if isinstance(r.longrepr, tuple) and "browser tests skipped" in str(r.longrepr[2])}
    for reason in sorted(reasons):
        terminalreporter.write_line(reason.removeprefix("Skipped: "), yellow=True)
