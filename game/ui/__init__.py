"""The pygame user interface: a scene stack over the rules engine.

UI code only draws and turns input into engine actions; every rule question is
answered by ``game.star_realms.engine``.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
