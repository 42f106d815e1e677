"""Card art drawn by our own code with pillow: faces, backs, big cards, emblems, icons.

* :mod:`game.star_realms.art.faces` — ``render_face``, ``render_back``, ``render_big_card``
* :mod:`game.star_realms.art.cache` — ``FaceCache`` (memory LRU + PNG files, background warm-up)
* :mod:`game.star_realms.art.palette` — faction colours and emblem shapes (colour-blind safe)
* :mod:`game.star_realms.art.icons` — rule icons (trade, combat, authority, draw, scrap, ...)
* :mod:`game.star_realms.art.illustration` — procedural pictures seeded by the card id

No pygame here: the table converts the pillow images it gets.  See docs/art.md.
"""
