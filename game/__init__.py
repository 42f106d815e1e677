"""Star Realms Table: offline Star Realms family deck-building games."""

__version__ = "0.1.0"

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on stdout
