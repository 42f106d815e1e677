"""The closed effect vocabulary: ONE table of every operation a card (or the rules) runs.

A new card operation starts here.  Add an :class:`Op` row to :data:`TABLE`, then give it
the halves every layer asks the table for (``tests/test_vocabulary.py`` fails until
each is there):

* a parser in :data:`game.star_realms.data.effects.PARSERS` (the TOML form; card ops
  only — internal ops are never written in ``rules/*.toml``);
* a *run* half in :mod:`game.star_realms.engine.effects`, registered with
  ``@runs("<op>")`` — it changes the state at once or asks a question;
* an *answer* half right next to it, registered with ``@answers("<op>")``, if the op
  asks a question (``asks`` names the :class:`~game.star_realms.engine.state.Decision`
  purpose it asks with);
* a card-text wording in :func:`game.star_realms.card_text._phrase` (card ops);
* an AI valuation in :func:`game.star_realms.ai.knowledge.effect_value`, unless
  ``ai`` gives the reason the AI never needs one.

Kinds:

``gain``      a plain gain (trade, combat, authority, cards drawn): no question, no
              target; a standing campaign rule may only use these.
``immediate`` changes the state at once without asking (a flag for later, a move).
``question``  asks the deciding player a question (cards, a seat) and applies the answer.
``control``   control flow over nested effect lists (``choose``, ``may`` ask which
              branch; ``if`` tests a condition).
``internal``  a rules-driven step that no card prints (not parsed from TOML).
``standing``  a standing effect of a face-up card (a gambit's ``ongoing``): read where
              the rules apply it, never run (no run half).

This module holds names and kinds only (no handlers), so every layer — data parsers,
engine, AI, card text — can import it without an import cycle.
"""

from __future__ import annotations

from dataclasses import dataclass

GAIN = "gain"
IMMEDIATE = "immediate"
QUESTION = "question"
CONTROL = "control"
INTERNAL = "internal"
STANDING = "standing"
KINDS: tuple[str, ...] = (GAIN, IMMEDIATE, QUESTION, CONTROL, INTERNAL, STANDING)

_BOSS_ONLY = "boss effect: only an adventure's boss plays it, and the boss decides by rule"
_EVENT_ONLY = ("event effect: an event (Crisis) is never bought or played, so it needs no "
               "worth; the AI answers the questions it asks")


@dataclass(frozen=True, slots=True)
class Op:
    name: str
    kind: str
    asks: str | None = None  # the Decision purpose of its question (None: asks none)
    ai: str = ""  # why the AI needs no valuation of it ("" — it has one)


TABLE: tuple[Op, ...] = (
    Op("trade", GAIN),
    Op("combat", GAIN),
    Op("authority", GAIN),
    Op("draw", GAIN),
    Op("discard", QUESTION, "discard"),
    Op("scrap", QUESTION, "scrap"),
    Op("target_discards", QUESTION, "target_discards"),
    Op("destroy_base", QUESTION, "destroy_base"),
    Op("acquire_free", QUESTION, "acquire"),
    Op("topdeck_from_discard", QUESTION, "topdeck"),
    Op("copy_base", QUESTION, "copy_base"),
    Op("copy_ship", QUESTION, "copy_ship"),
    # Mega Mech (Crisis): return target base from play to its owner's hand
    Op("return_base", QUESTION, "return_base"),
    Op("choose", CONTROL, "choose"),
    Op("may", CONTROL, "may"),
    Op("if", CONTROL),
    Op("next_acquire", IMMEDIATE),
    # Crisis heroes: "until end of turn, you may use all of your <faction> ally abilities"
    Op("allies_of", IMMEDIATE),
    Op("return_from_scrap", IMMEDIATE),
    Op("put_in_hand", IMMEDIATE),
    # Crisis events: revealed into the trade row, resolved for everyone, then scrapped
    Op("each_player", CONTROL, ai=_EVENT_ONLY),
    Op("lose_authority", IMMEDIATE, ai=_EVENT_ONLY),
    Op("discard_or_lose", QUESTION, "discard_or_lose", ai=_EVENT_ONLY),
    Op("base_or_lose", QUESTION, "base_or_lose", ai=_EVENT_ONLY),
    Op("scrap_row", IMMEDIATE, ai=_EVENT_ONLY),
    Op("draw_put_back", QUESTION, "put_back", ai=_EVENT_ONLY),
    # United: Missions' rewards
    Op("gain_explorer", IMMEDIATE),
    Op("split_top", QUESTION, "split"),
    # Gambit: Merc Cruiser's faction, Wild Gambit's gambit, Energy Shield's standing effect
    Op("choose_faction", QUESTION, "faction"),
    Op("draw_gambit", IMMEDIATE),
    Op("shield", STANDING),
    # boss effects (adventures): the boss policy picks the target player
    Op("drain", QUESTION, "drain", ai=_BOSS_ONLY),
    Op("plunder", QUESTION, "plunder", ai=_BOSS_ONLY),
    Op("each_player_discards", IMMEDIATE, ai=_BOSS_ONLY),
    # rules-driven steps (not card text)
    Op("gift", INTERNAL, "gift", ai="rules step, never on a card"),
    Op("scrap_all", INTERNAL, ai="rules step, never on a card"),
    # an optional "next card you acquire" modifier's yes/no: where the bought card lands
    Op("land_acquired", INTERNAL, ai="rules step, never on a card"),
    # a resolved event leaves the trade row for the scrap heap and its slot refills
    Op("event_done", INTERNAL, ai="rules step, never on a card"),
)

OPS: dict[str, Op] = {op.name: op for op in TABLE}
# Ops a card may print (everything but the internal rules steps), in table order.
CARD_OPS: tuple[str, ...] = tuple(op.name for op in TABLE if op.kind != INTERNAL)
# Card ops with a run half (a standing op is read where it applies, never run).
RUN_OPS: tuple[str, ...] = tuple(op for op in CARD_OPS if OPS[op].kind != STANDING)
# Plain gains: no question, no target (queries' "plain gain" and campaign standing rules).
PLAIN_GAIN_OPS: tuple[str, ...] = tuple(op.name for op in TABLE if op.kind == GAIN)
# Decision purpose -> the op whose answer half applies it.
BY_PURPOSE: dict[str, str] = {op.asks: op.name for op in TABLE if op.asks is not None}


def of_kind(kind: str) -> tuple[str, ...]:
    """The ops of one kind, in table order."""
    return tuple(op.name for op in TABLE if op.kind == kind)


def check_known(name: str) -> str:
    """``name`` itself, if it is an op of the table (for registration decorators)."""
    if name not in OPS:
        raise KeyError(f"{name!r} is not in the effect vocabulary (engine/vocabulary.py)")
    return name
