"""The shell's named colours, shared by every screen (the shell's and each game's).

Screens use these names instead of writing RGB tuples, so one colour means one thing
everywhere.  Some roles still have two shades (the table's text is a little brighter
than the campaign screens'); both are named here rather than left to drift.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# ---- text, brightest first
WHITE: RGB = (236, 242, 255)  # titles, names
TEXT: RGB = (214, 222, 240)  # body text on panels
SOFT: RGB = (190, 205, 235)  # a subtitle, a setting's label
MUTED: RGB = (150, 170, 210)  # hints, "nothing here", a setting's value
DIM: RGB = (140, 156, 190)  # captions on panels
VERSION: RGB = (100, 115, 150)  # the version line
FAINT: RGB = (84, 96, 124)  # what does not apply (yet)

# ---- the table's shades (game/star_realms/ui/table/style.py, boss_view.py, prompt.py)
TABLE_BG: RGB = (9, 13, 26)  # the table's felt
TABLE_ZONE: RGB = (22, 32, 56)  # a zone (hand, trade row, bases) on the table
TABLE_TEXT: RGB = (226, 232, 246)
TABLE_DIM: RGB = (140, 152, 178)
TABLE_RED: RGB = (255, 104, 96)
TABLE_ALARM: RGB = (255, 110, 100)  # a boss's "nothing to buy" / warning caption
TABLE_HILITE: RGB = (120, 200, 255)  # what can be played or chosen
TABLE_WELL: RGB = (10, 14, 26)  # the dark box behind the boss's counters
TITLE: RGB = (240, 244, 255)  # a question's title
CHOSEN: RGB = (255, 220, 120)  # the ring around a chosen card or option

# ---- accents
GOLD: RGB = (255, 214, 102)  # the winner, the chosen, points
GREEN: RGB = (122, 224, 140)  # done, won
RED: RGB = (255, 120, 110)  # an error under a form
ALARM: RGB = (255, 150, 130)  # the title of an error screen
VIOLET: RGB = (200, 170, 255)  # difficulty, the boss's voice
HIGHLIGHT: RGB = (150, 190, 255)  # the card under the pointer

# ---- panels
PANEL: RGB = (16, 24, 44)
PANEL_HI: RGB = (26, 40, 70)  # a panel under the pointer
PANEL_DEEP: RGB = (14, 22, 42)  # a large panel, an overlay's box
DIALOG: RGB = (11, 17, 33)  # an opaque dialog's panel (a question on the table)
EDGE: RGB = (52, 72, 112)
EDGE_BRIGHT: RGB = (90, 120, 180)  # an overlay's box
SHADE = (4, 6, 14, 200)  # darkens the scene below an overlay (RGBA)
