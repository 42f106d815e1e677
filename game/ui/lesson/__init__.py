"""The shared core of a game's guided lessons (Learn to play), game-agnostic: the script
read from TOML and checked (:mod:`.script`), a lesson played step by step against the
game's engine through a small adapter (:mod:`.runner`), where the learner stopped
(:mod:`.progress`), the instruction box and the lit frame drawn over a table
(:mod:`.overlay`), synthetic input for the headless check (:mod:`.driver`), and what
the games' lessons share: the adapter's engine calls (:mod:`.adapter`), the lesson's
session (:mod:`.session`) and the scene's plumbing (:mod:`.scene`).

A game supplies the adapter (its options, targets, how a pattern matches an action) and
its scene (where the box and the targets are); Arcs' are game/arcs/lesson.py and
game/arcs/ui/scenes/lesson.py.  See docs/tutorial.md.
"""
