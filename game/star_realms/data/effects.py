"""Parse and validate the effect vocabulary written in ``rules/*.toml``.

An effect in TOML is an inline table with exactly one key, the operation::

    { trade = 3 }
    { scrap = { from = ["hand", "discard"], max = 1 } }
    { choose = [[{ trade = 3 }], [{ destroy_base = {} }]] }

Each parser turns the raw value into the normalised form the engine's
handlers expect, or records an error naming the field path.  Which ops exist is
not decided here: :data:`game.star_realms.engine.vocabulary.TABLE` lists them, and
``tests/test_vocabulary.py`` checks every card op of it has a parser below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import validate
from game.star_realms.engine import vocabulary
from game.star_realms.engine.cards import CLASSIC_FACTIONS, FACTIONS, Effect, Effects

ZONES_SCRAP = ("hand", "discard", "trade_row")
KINDS = ("ship", "base")
DESTINATIONS = ("discard", "top_of_deck", "hand")
# `played_<faction>`: cards of that faction you played this turn (Blob World).
PLAYED_COUNTERS = tuple(f"played_{f}" for f in CLASSIC_FACTIONS)
COUNTERS = ("picked_cost", "own_scrapped", "scrapped_from_hand_or_discard", *PLAYED_COUNTERS)
CONDITIONS = ("bases_at_least", "opponent_has_base", "played_faction",
              "opponent_bases_at_least", "played_base")
ANY = 99  # "any number of cards"


# Effects inside effects (choose, may, if, each): the real cards nest 2 deep.  The
# parser recurses per level, so bound it to give an error instead of RecursionError.
MAX_EFFECT_DEPTH = 8


class Errors(validate.Errors):
    """Collects ``path: message`` strings; the loader prefixes file and card."""

    depth = 0  # how many effect lists parse_effects is inside (see MAX_EFFECT_DEPTH)


Parser = Callable[[Any, str, Errors], Any]


def _int(value: Any, path: str, errors: Errors, lo: int = 0, hi: int = 1000) -> int:
    return validate.check_int(value, path, errors, lo, hi)


_table = validate.need_table  # a params table: only known keys, required keys present


def _choice(value: Any, path: str, errors: Errors, options: tuple[str, ...]) -> str:
    return validate.need_choice(value, path, errors, options)


def _kinds(value: Any, path: str, errors: Errors) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        errors.add(path, "expected a non-empty list of card kinds")
        return KINDS
    return tuple(_choice(v, f"{path}[{i}]", errors, KINDS) for i, v in enumerate(value))


def _amount(value: Any, path: str, errors: Errors) -> int | tuple[str, str, int]:
    if isinstance(value, dict):
        t = _table(value, path, errors, {"per": True, "times": False})
        counter = _choice(t.get("per"), f"{path}.per", errors, COUNTERS)
        times = _int(t.get("times", 1), f"{path}.times", errors, 1, 100)
        return ("per", counter, times)
    return _int(value, path, errors, 0, 100)


def _count(value: Any, path: str, errors: Errors) -> int:
    return _int(value, path, errors, 1, 20)


def _p_draw(value: Any, path: str, errors: Errors) -> int | tuple[str, str, int]:
    """`draw = N`, or `draw = { per = counter }` (Blob World: a card per Blob card played)."""
    if isinstance(value, dict):
        return _amount(value, path, errors)
    return _count(value, path, errors)


def _select(value: Any, path: str, errors: Errors, zones: bool) -> dict[str, Any]:
    """Shared shape of `scrap` and `discard`: pick min..max cards, then `each` per card."""
    if isinstance(value, int) and not isinstance(value, bool) and not zones:
        n = _count(value, path, errors)
        return {"min": n, "max": n, "each": ()}
    allowed = {"min": False, "max": False, "each": False, "each_after": False}
    if zones:
        allowed["from"] = True
        allowed["factions"] = False  # Death World: only cards of these factions
        allowed["currently"] = False  # Spike Pod: only cards there when it is played
    t = _table(value, path, errors, allowed)
    raw_max = t.get("max", 1)
    hi = ANY if raw_max == "any" else _int(raw_max, f"{path}.max", errors, 1, 20)
    lo = _int(t.get("min", 0), f"{path}.min", errors, 0, 20)
    if lo > hi:
        errors.add(f"{path}.min", f"min {lo} is larger than max {hi}")
    out: dict[str, Any] = {
        "min": lo,
        "max": hi,
        "each": parse_effects(t.get("each", []), f"{path}.each", errors),
    }
    # `each_after`: the `each` effects wait until the last pick (Brain World "scrap up to
    # two cards …  Draw a card for each card scrapped this way": draw after scrapping).
    if validate.need_bool(t, "each_after", errors, path=f"{path}."):
        out["each_after"] = True
    if zones:
        raw = t.get("from", [])
        if not isinstance(raw, list) or not raw:
            errors.add(f"{path}.from", "expected a non-empty list of zones")
            raw = []
        out["zones"] = tuple(
            _choice(z, f"{path}.from[{i}]", errors, ZONES_SCRAP) for i, z in enumerate(raw)
        )
        if "factions" in t:
            out["factions"] = _factions(t["factions"], f"{path}.factions", errors)
        if validate.need_bool(t, "currently", errors, path=f"{path}."):
            if out["zones"] != ("trade_row",):
                errors.add(f"{path}.currently", "only for scrapping from the trade row")
            out["currently"] = True
    return out


def _factions(value: Any, path: str, errors: Errors) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        errors.add(path, "expected a non-empty list of factions")
        return ()
    return tuple(_choice(f, f"{path}[{i}]", errors, FACTIONS) for i, f in enumerate(value))


def _p_scrap(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    return _select(value, path, errors, zones=True)


def _p_discard(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    return _select(value, path, errors, zones=False)


def _p_target_discards(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    if isinstance(value, int) and not isinstance(value, bool):
        return {"n": _count(value, path, errors), "who": "opponent"}
    t = _table(value, path, errors, {"n": False, "who": False})
    return {
        "n": _count(t.get("n", 1), f"{path}.n", errors),
        "who": _choice(t.get("who", "opponent"), f"{path}.who", errors, ("opponent", "player")),
    }


def _p_destroy_base(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    t = _table(value, path, errors, {"optional": False})
    optional = t.get("optional", False)
    if not isinstance(optional, bool):
        errors.add(f"{path}.optional", "expected true or false")
        optional = False
    return {"optional": optional}


def _p_acquire_free(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    t = _table(value, path, errors, {"max_cost": True, "kinds": False, "to": False})
    raw_cost = t.get("max_cost", 0)  # "any": Blob Carrier's "acquire any ship"
    return {
        "max_cost": ANY if raw_cost == "any" else _int(raw_cost, f"{path}.max_cost", errors,
                                                       0, 20),
        "kinds": _kinds(t.get("kinds", list(KINDS)), f"{path}.kinds", errors),
        "to": _choice(t.get("to", "discard"), f"{path}.to", errors, DESTINATIONS),
    }


def _p_choose(value: Any, path: str, errors: Errors) -> tuple[Effects, ...]:
    if not isinstance(value, list) or len(value) < 2:
        errors.add(path, "expected a list of at least two options (each a list of effects)")
        return ((), ())
    return tuple(parse_effects(opt, f"{path}[{i}]", errors) for i, opt in enumerate(value))


def _p_may(value: Any, path: str, errors: Errors) -> Effects:
    return parse_effects(value, path, errors)


def _p_if(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    t = _table(value, path, errors, {"cond": True, "then": True, "else": False})
    cond = t.get("cond", {})
    parsed_cond: tuple[str, Any] = ("bases_at_least", 0)
    if not isinstance(cond, dict) or len(cond) != 1:
        errors.add(f"{path}.cond", "expected a table with exactly one condition")
    else:
        (name, arg), = cond.items()
        cpath = f"{path}.cond.{name}"
        name = _choice(name, cpath, errors, CONDITIONS)
        if name in ("bases_at_least", "opponent_bases_at_least"):
            parsed_cond = (name, _int(arg, cpath, errors, 1, 20))
        elif name in ("opponent_has_base", "played_base"):
            if arg is not True:
                errors.add(cpath, "expected true")
            parsed_cond = (name, True)
        else:
            parsed_cond = (name, _choice(arg, cpath, errors, FACTIONS))
    return {
        "cond": parsed_cond,
        "then": parse_effects(t.get("then", []), f"{path}.then", errors),
        "else": parse_effects(t.get("else", []), f"{path}.else", errors),
    }


def _p_next_acquire(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    t = _table(value, path, errors, {"kinds": True, "to": True, "optional": False})
    kinds = _kinds(t.get("kinds"), f"{path}.kinds", errors)
    to = _choice(t.get("to"), f"{path}.to", errors, ("top_of_deck", "hand", "play"))
    if to == "play" and kinds != ("base",):  # Construction Hauler: a base, into play
        errors.add(f"{path}.to", "only a base can be put directly into play")
    return {
        "kinds": kinds,
        "to": to,
        # Freighter, Central Office: "you may put the next ship …" — asked on acquiring
        "optional": validate.need_bool(t, "optional", errors, path=f"{path}."),
    }


def _p_topdeck_from_discard(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    """`topdeck_from_discard = { kinds = [...], max_cost = N }` (Coalition Messenger:
    "a card of cost five or less"; no `max_cost`: any cost)."""
    t = _table(value, path, errors, {"kinds": False, "max_cost": False})
    out: dict[str, Any] = {"kinds": _kinds(t.get("kinds", list(KINDS)), f"{path}.kinds", errors)}
    if "max_cost" in t:
        out["max_cost"] = _int(t["max_cost"], f"{path}.max_cost", errors, 0, 20)
    return out


def _p_allies_of(value: Any, path: str, errors: Errors) -> str:
    """Crisis heroes: ``allies_of = "blob"`` — "until end of turn, you may use all of
    your Blob ally abilities"."""
    return _choice(value, path, errors, FACTIONS)


def _p_flag(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    _table(value, path, errors, {})
    return {}


# ---------------------------------------------------------------- Crisis events


def _p_each_player(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    """`each_player = { effects = [...] }` ("each player …", from the player whose turn
    it is, clockwise); `others = true`: every player but that one ("each other player")."""
    t = _table(value, path, errors, {"effects": True, "others": False})
    return {
        "effects": parse_effects(t.get("effects", []), f"{path}.effects", errors),
        "others": validate.need_bool(t, "others", errors, path=f"{path}."),
    }


def _p_discard_or_lose(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    """Black Hole: "may discard up to `cards` cards; for each card fewer, lose
    `authority` Authority"."""
    t = _table(value, path, errors, {"cards": True, "authority": True})
    return {"cards": _count(t.get("cards", 1), f"{path}.cards", errors),
            "authority": _count(t.get("authority", 1), f"{path}.authority", errors),
            "done": 0}


def _p_base_or_lose(value: Any, path: str, errors: Errors) -> int:
    """Bombardment: "destroy a base you control or lose N Authority" (`base_or_lose = N`)."""
    return _count(value, path, errors)


def _p_draw_put_back(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    """Warp Jump: "draw `draw` cards, then put `back` of them on top of your deck in any
    order"."""
    t = _table(value, path, errors, {"draw": True, "back": True})
    draw = _count(t.get("draw", 1), f"{path}.draw", errors)
    back = _count(t.get("back", 1), f"{path}.back", errors)
    if back > draw:
        errors.add(f"{path}.back", "cannot put back more cards than were drawn")
    return {"draw": draw, "back": back, "drawn": ()}


# ---------------------------------------------------------------- United: Missions


def _p_gain_explorer(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    """Armada, Influence: "Acquire an Explorer (two Explorers: `count = 2`) for free and
    put it into your hand"."""
    t = _table(value, path, errors, {"to": False, "count": False})
    return {"to": _choice(t.get("to", "discard"), f"{path}.to", errors, DESTINATIONS),
            "count": validate.need_int(t, "count", errors, 1, 5, 1, path=f"{path}.")}


def _p_split_top(value: Any, path: str, errors: Errors) -> dict[str, Any]:
    """Convert: "Reveal the top `cards` cards of your deck; put one in your hand, one in
    your discard pile, and one on top of your deck" (three: one for each place)."""
    t = _table(value, path, errors, {"cards": False})
    cards = t.get("cards", 3)
    if cards != 3:
        errors.add(f"{path}.cards", "the cards are split three ways: hand, discard, top")
    return {"cards": 3, "shown": ()}


PARSERS: dict[str, Parser] = {
    "trade": _amount,
    "combat": _amount,
    "authority": _amount,
    "draw": _p_draw,
    "discard": _p_discard,
    "scrap": _p_scrap,
    "target_discards": _p_target_discards,
    "destroy_base": _p_destroy_base,
    "acquire_free": _p_acquire_free,
    "choose": _p_choose,
    "may": _p_may,
    "if": _p_if,
    "next_acquire": _p_next_acquire,
    "allies_of": _p_allies_of,
    "topdeck_from_discard": _p_topdeck_from_discard,
    "copy_base": _p_flag,
    "copy_ship": _p_flag,
    "return_base": _p_destroy_base,  # { optional = true }: "you may return target base"
    "return_from_scrap": _p_flag,
    "put_in_hand": _p_flag,
    # Crisis events
    "each_player": _p_each_player,
    "lose_authority": _count,
    "discard_or_lose": _p_discard_or_lose,
    "base_or_lose": _p_base_or_lose,
    "scrap_row": _p_flag,
    "draw_put_back": _p_draw_put_back,
    # United: Missions' rewards
    "gain_explorer": _p_gain_explorer,
    "split_top": _p_split_top,
    # Gambit: Merc Cruiser, Wild Gambit, Energy Shield (standing)
    "choose_faction": _p_flag,
    "draw_gambit": _count,
    "shield": _count,
    # boss effects (adventures): the boss policy picks the target player
    "drain": _amount,
    "plunder": _count,
    "each_player_discards": _count,
}


def parse_effect(raw: Any, path: str, errors: Errors) -> Effect | None:
    if not isinstance(raw, dict) or len(raw) != 1:
        errors.add(path, "an effect is a table with exactly one operation, e.g. { trade = 3 }")
        return None
    (op, value), = raw.items()
    parser = PARSERS.get(op) if op in vocabulary.CARD_OPS else None
    if parser is None:
        known = ", ".join(sorted(vocabulary.CARD_OPS))
        errors.add(f"{path}.{op}", f"unknown effect (known: {known})")
        return None
    return (op, parser(value, f"{path}.{op}", errors))


def parse_effects(raw: Any, path: str, errors: Errors) -> Effects:
    if not isinstance(raw, list):
        errors.add(path, f"expected a list of effects, got {type(raw).__name__}")
        return ()
    if errors.depth >= MAX_EFFECT_DEPTH:
        errors.add(path, f"effects nested deeper than {MAX_EFFECT_DEPTH} levels")
        return ()
    errors.depth += 1
    try:
        out = []
        for i, item in enumerate(raw):
            eff = parse_effect(item, f"{path}[{i}]", errors)
            if eff is not None:
                out.append(eff)
        return tuple(out)
    finally:
        errors.depth -= 1
