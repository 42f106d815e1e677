"""Starfold: three space games (Star Realms, Arcs, Forbidden Stars) at one offline table."""

__version__ = "0.1.0"

# The product's one name, for everything a user or a packager reads (issue 40).  The
# import package stays ``game``.
PRODUCT_NAME = "Starfold"
DIST_NAME = "starfold"  # the distribution, the executables and the user folders
# The desktop id: the Linux .desktop/metainfo/icon names, the window class (so a desktop
# matches the window to its menu entry) and the macOS bundle id; a domain the project owns.
APP_ID = "io.github.starfold.Starfold"
# The names before the rename: the user folders adopted on first start (game.user_dirs),
# the STAR_REALMS_* environment variables still honoured as aliases, and an old build's
# executables (bench/frozen_update.py).  Save files keep their old magic strings.
OLD_DIST_NAME = "star-realms-table"
ENV_PREFIX, OLD_ENV_PREFIX = "STARFOLD_", "STAR_REALMS_"
GAMES = ("Star Realms", "Arcs", "Forbidden Stars")  # what the product hosts, for --help

import os as _os  # noqa: E402

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on stdout
