"""The table scene, split by job (read top to bottom):

- ``scene.py``        TableScene: wiring, the session's model, per-frame sync, commands
- ``input.py``        pointer and keys → engine actions (drag & drop, clicks, keys)
- ``placement.py``    geometry and hit-testing: zones, seats, sprites, what is under the pointer
- ``draw_board.py``   the board: background, piles, cards, seat boxes, pools
- ``draw_overlays.py`` over the board: log, chips, targets, drag, banner, zoom, toasts
- ``amount.py``       the attack-amount control (bar, knob, keys, typing)
- ``phones.py``       remote seats: the phones' moves, connection marks, the Join screen
- ``style.py``        colours, timings, icons

``game.star_realms.ui.scenes.table`` re-exports :class:`TableScene`.
"""
