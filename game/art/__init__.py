"""Card art drawn by our own code with pillow: faces, backs, big cards, emblems, icons.

* :mod:`game.art.faces` — ``render_face``, ``render_back``, ``render_big_card``
* :mod:`game.art.cache` — ``FaceCache`` (memory LRU + PNG files, background warm-up)
* :mod:`game.art.palette` — faction colours and emblem shapes (colour-blind safe)
* :mod:`game.art.icons` — rule icons (trade, combat, authority, draw, scrap, ...)
* :mod:`game.art.illustration` — procedural pictures seeded by the card id

No pygame here: the table converts the pillow images it gets.  See docs/art.md.
"""
