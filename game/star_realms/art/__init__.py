"""Card art drawn by our own code with pillow: faces, backs, big cards, emblems, icons.

* :mod:`game.star_realms.art.faces` — ``render_face``, ``render_back``, ``render_big_card``
  (built from :mod:`~game.star_realms.art.face_drawing`, :mod:`~game.star_realms.art.ability_flow`,
  :mod:`~game.star_realms.art.ability_boxes` and :mod:`~game.star_realms.art.big_cards`)
* :mod:`game.star_realms.art.cache` — ``FaceCache`` (memory LRU + PNG files, background warm-up)
* :mod:`game.star_realms.art.palette` — faction colours and emblem shapes (colour-blind safe)
* :mod:`game.star_realms.art.icons` — rule icons (trade, combat, authority, draw, scrap, ...)
* :mod:`game.star_realms.art.illustration` — procedural pictures seeded by the card id (a
  package: backdrop, pen, classic ships and stations, campaign factions, motifs, picture)

No pygame here: the table converts the pillow images it gets.  See docs/art.md.
"""
