"""The log file every command and the app write (issue 40, item 4).

A windowed build has no console, so what it says — warnings, start-up failures,
crashes — would go nowhere: it goes to a rotating file in the user log folder instead
(``platformdirs.user_log_dir``; ``STARFOLD_LOG_DIR`` overrides it).  A folder that
cannot be written never stops the program: the log then goes to stderr, said once.
"""

from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
from pathlib import Path

from game import DIST_NAME, __version__, user_dirs

MAX_BYTES = 1_000_000  # a few files of at most 1 MB: enough for many sessions
BACKUPS = 3
LEVELS = ("debug", "info", "warning", "error")
LOG_ENV = "STARFOLD_LOG_DIR"
FILE_NAME = f"{DIST_NAME}.log"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_log = logging.getLogger(__name__)
_handler: logging.Handler | None = None  # ours on the root logger (replaced, never stacked)
_console: logging.Handler | None = None  # warnings still on stderr beside the file
_path: Path | None = None  # the file being written; None while logging to stderr
_fallback_said = False


def log_dir() -> Path:
    override = user_dirs.env(LOG_ENV)  # STARFOLD_LOG_DIR, or its old STAR_REALMS_ name
    if override:
        return Path(override)
    import platformdirs  # lazy, as in game.user_dirs

    return Path(platformdirs.user_log_dir(DIST_NAME, appauthor=False))


def log_path() -> Path:
    """Where the log file is (or would be): the About screen and crash reports name it."""
    return _path if _path is not None else log_dir() / FILE_NAME


def current_file() -> Path | None:
    """The file being written, None when logging fell back to stderr (or is not set up)."""
    return _path


def where() -> str:
    """The log as a report names it: its file, or "stderr" when the folder could not be
    written (before set-up: where the file would be)."""
    if _handler is not None and _path is None:
        return "stderr"
    return str(log_path())


def setup(level: str = "info") -> Path | None:
    """Send the root logger and Python's warnings to the log file; the file, or None
    when its folder cannot be written (then stderr).  Calling it again replaces the
    handler, so tests and repeated ``main()`` calls do not write every line twice."""
    global _handler, _console, _path, _fallback_said
    shutdown()
    root = logging.getLogger()
    path = log_dir() / FILE_NAME
    handler: logging.Handler
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        _path = path
    except OSError as exc:
        handler = logging.StreamHandler(sys.stderr)
        if not _fallback_said:
            _fallback_said = True
            print(f"cannot write the log in {path.parent} ({exc}); logging to stderr",
                  file=sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    if _path is not None and sys.stderr is not None:
        # a command's warnings (the host's refused connections, a bad file skipped) are
        # for the person at the console too, as they were before the file: Python's
        # last-resort handler printed them, and it stays silent once a handler exists
        console = logging.StreamHandler(sys.stderr)
        console.setLevel(logging.WARNING)
        console.setFormatter(logging.Formatter("%(message)s"))
        root.addHandler(console)
        _console = console
    root.setLevel(getattr(logging, level.upper()))
    _handler = handler
    logging.captureWarnings(True)  # warnings.warn(...) lands in the log, not nowhere
    return _path


def _dist_version(name: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:  # a frozen build carries no metadata
        return "unknown"


def log_start(what: str) -> None:
    """One info line with what a bug report needs: version, platform, Python, pygame-ce
    and the folders the program reads and writes."""
    from game.saves_folder import saves_dir

    folders: dict[str, object] = {"log": log_path()}
    for name, where in (("saves", saves_dir), ("config", user_dirs.config_dir),
                        ("cache", user_dirs.cache_dir)):
        try:
            folders[name] = where()
        except Exception as exc:  # a line about a folder must never stop the start
            folders[name] = f"unknown ({exc})"
    _log.info("%s %s (%s) on %s, Python %s, pygame-ce %s; folders: %s", DIST_NAME,
              __version__, what, platform.platform(), platform.python_version(),
              _dist_version("pygame-ce"),
              ", ".join(f"{k}={v}" for k, v in folders.items()))


def shutdown() -> None:
    """Take our handler off the root logger and close its file (tests; a clean exit)."""
    global _handler, _console, _path
    for handler in (_handler, _console):
        if handler is not None:
            logging.getLogger().removeHandler(handler)
            handler.close()
    _handler, _console, _path = None, None, None
    logging.captureWarnings(False)
