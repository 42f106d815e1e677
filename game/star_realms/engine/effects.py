"""The effect interpreter: one handler per operation of the closed vocabulary.

The operations are the rows of :data:`game.star_realms.engine.vocabulary.TABLE`.  Each
op's *run* half (``@runs``) and, if it asks a question, its *answer* half
(``@answers``) are written side by side below and register themselves against that
table.

Effects run from a stack of frames.  A run half either changes the state at once
or asks a question (:class:`Decision`); the stack then waits until an answer
action arrives (:func:`answer`), and resumes.  A question with exactly one
possible answer that may not be declined is answered automatically, so the
action log only holds real choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.star_realms.engine import guard, vocabulary, zones
from game.star_realms.engine.allies import update_latches
from game.star_realms.engine.cards import ACTIVATED_SLOTS, CardDef, Effect, Effects, kind_matches
from game.star_realms.engine.elimination import lose_authority
from game.star_realms.engine.events import (
    AbilityUsed,
    Acquire,
    CopyBase,
    Destroy,
    Drain,
    Gain,
    Plunder,
    TargetDiscards,
    Zone,
)
from game.star_realms.engine.stack import push
from game.star_realms.engine.state import EMPTY, Decision, State
from game.star_realms.engine.targets import base_targets

Handler = Callable[[State, int, int, Any, Any], None]
# The answer half: (state, the decision, the answer given, the params of its effect).
Answer = Callable[[State, Decision, Any, Any], None]

HANDLERS: dict[str, Handler] = {}  # card ops: run halves
INTERNAL: dict[str, Handler] = {}  # rules-driven steps no card prints: run halves
ANSWERS: dict[str, Answer] = {}  # op name -> answer half (ops that ask a question)
# Decision purposes whose answer half also hears a decline (None): declining does
# something there (Black Hole, Bombardment: the authority is lost instead).
DECLINES: set[str] = set()


def runs(op: str) -> Callable[[Handler], Handler]:
    """Register the run half of ``op`` (a row of the vocabulary table)."""
    internal = vocabulary.OPS[vocabulary.check_known(op)].kind == vocabulary.INTERNAL

    def register(fn: Handler) -> Handler:
        (INTERNAL if internal else HANDLERS)[op] = fn
        return fn
    return register


def answers(op: str) -> Callable[[Answer], Answer]:
    """Register the answer half of ``op``: applies the player's answer to its question."""
    vocabulary.check_known(op)

    def register(fn: Answer) -> Answer:
        ANSWERS[op] = fn
        return fn
    return register


def resolve(state: State, floor: int = 0) -> None:
    """Run queued effects until the stack is empty (down to ``floor`` frames) or a
    question is pending."""
    stack = state.stack
    while state.pending is None and len(stack) > floor and state.winners is None:
        seat, source, effects, pos, ctx = stack[-1]
        if pos >= len(effects):
            stack.pop()
            continue
        stack[-1] = (seat, source, effects, pos + 1, ctx)
        # effects pushing effects for ever: an error, not a hang
        state.effect_ops += 1
        if state.effect_ops > guard.MAX_EFFECT_OPS:
            raise guard.too_many_effect_ops(state)
        op, params = effects[pos]
        (HANDLERS.get(op) or INTERNAL[op])(state, seat, source, params, ctx)


def run_now(state: State, seat: int, source: int, effects: Effects, ctx: Any = None) -> None:
    """Run ``effects`` at once, through the stack like any other effects, leaving the
    frames below them for later (a mode's grants in the middle of another step)."""
    floor = len(state.stack)
    push(state, seat, source, effects, ctx)
    resolve(state, floor)


def ask(state: State, decision: Decision) -> None:
    fmt = state.format
    if decision.seat == fmt.deciding_seat(state):  # a mode answering itself (a boss)
        value = fmt.decide(state, decision)
        if value is not None:
            _apply_answer(state, decision, value)
        return
    if not decision.optional and len(decision.candidates) == 1:
        _apply_answer(state, decision, decision.candidates[0])
    else:
        state.pending = decision


def answer(state: State, value: Any) -> None:
    """Answer the pending decision (``None`` declines an optional one) and resume."""
    d = state.pending
    assert d is not None
    state.pending = None
    if d.purpose == "upgrade":  # declining still lands the card
        _finish_upgrade(state, d, value)
    elif value is not None or d.purpose in DECLINES:
        _apply_answer(state, d, value)
    resolve(state)


# ---------------------------------------------------------------------- amounts


def amount(state: State, seat: int, value: Any, ctx: Any) -> int:
    if isinstance(value, int):
        return value
    _, counter, times = value
    s = state.seats[seat]
    if counter == "picked_cost":
        return (ctx or {}).get("picked_cost", 0) * times
    if counter == "own_scrapped":
        return s.scrapped_own * times
    if counter == "scrapped_from_hand_or_discard":
        return s.scrapped_hd * times
    if counter.startswith("played_"):  # cards of a faction played this turn (Blob World)
        return s.played_factions.get(counter[7:], 0) * times
    raise ValueError(f"unknown counter {counter}")


@runs("trade")
def _trade(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    n = params if isinstance(params, int) else amount(state, seat, params, ctx)
    state.seats[seat].trade += n
    state.events.append(Gain(seat, "trade", n))


@runs("combat")
def _combat(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    n = params if isinstance(params, int) else amount(state, seat, params, ctx)
    state.seats[seat].combat += n
    state.events.append(Gain(seat, "combat", n))


@runs("authority")
def _authority(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    n = params if isinstance(params, int) else amount(state, seat, params, ctx)
    state.life[state.seats[seat].life] += n
    state.events.append(Gain(seat, "authority", n))


@runs("draw")
def _draw(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    n = params if isinstance(params, int) else amount(state, seat, params, ctx)
    if n > 0:
        zones.draw(state, seat, n)


# ---------------------------------------------------------------------- selections


def _with_counts(effect: Effect, lo: int, hi: int) -> Effect:
    op, params = effect
    return (op, {**params, "min": lo, "max": hi})


@runs("discard")
def _discard(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    hand = state.seats[seat].hand
    if not hand or params["max"] <= 0:
        return
    lo = min(params["min"], len(hand))
    ask(state, Decision(seat, source, "card", "discard", tuple(hand), lo == 0,
                        ("discard", {**params, "min": lo}), ctx))


@answers("discard")
def _discard_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    zones.discard_from_hand(state, d.seat, value)
    _continue_selection(state, d, params["each"], d.ctx)


def _continue_selection(state: State, d: Decision, each: Effects, ctx: Any) -> None:
    """After one pick of a multi-pick selection: ask for the next, after `each` runs."""
    assert d.effect is not None
    params = d.effect[1]
    lo, hi = max(params["min"] - 1, 0), params["max"] - 1
    if params.get("each_after"):  # `each` waits below the next picks (Brain World)
        push(state, d.seat, d.source, each, ctx)
    if hi > 0:
        push(state, d.seat, d.source, (_with_counts(d.effect, lo, hi),), d.ctx)
    if not params.get("each_after"):
        push(state, d.seat, d.source, each, ctx)


def scrap_candidates(state: State, seat: int, zone_names: tuple[str, ...]) -> list[int]:
    s = state.seats[seat]
    out: list[int] = []
    for z in zone_names:
        if z == "hand":
            out.extend(s.hand)
        elif z == "discard":
            out.extend(s.discard)
        elif z == "trade_row":
            out.extend(c for c in state.trade_row if c != EMPTY)
    return out


@runs("scrap")
def _scrap(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    cands = scrap_candidates(state, seat, params["zones"])
    if "factions" in params:  # Death World: only cards of these factions
        cands = [c for c in cands if set(state.cards[c].factions) & set(params["factions"])]
    if params.get("currently"):  # Spike Pod: only cards in the row at the first pick
        among = params.get("among")
        if among is not None:
            cands = [c for c in cands if c in among]
        params = {**params, "among": tuple(cands) if among is None else among}
    if not cands or params["max"] <= 0:
        return
    lo = min(params["min"], len(cands))
    ask(state, Decision(seat, source, "card", "scrap", tuple(cands), lo == 0,
                        ("scrap", {**params, "min": lo}), ctx))


@answers("scrap")
def _scrap_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    cost = state.cards[value].cost
    if value in state.trade_row:
        zones.scrap_from_row(state, value)
    else:
        zones.scrap_from_hand_or_discard(state, d.seat, value)
    _continue_selection(state, d, params["each"], {"picked_cost": cost})


@runs("target_discards")
def _target_discards(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    targets = state.format.player_targets(state, seat)
    if params["who"] == "player":
        targets = [seat, *targets]
    if not targets:
        return
    ask(state, Decision(seat, source, "seat", "target_discards", tuple(targets), False,
                        ("target_discards", params), ctx))


@answers("target_discards")
def _target_discards_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    seat = d.seat
    state.events.append(TargetDiscards(seat, value, params["n"]))
    if value == seat:
        n = params["n"]
        push(state, seat, d.source, (("discard", {"min": n, "max": n, "each": ()}),))
    else:
        state.seats[value].pending_discard += params["n"]


@runs("destroy_base")
def _destroy_base(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    cands = base_targets(state, seat)
    if not cands:
        return
    ask(state, Decision(seat, source, "card", "destroy_base", tuple(cands), params["optional"],
                        ("destroy_base", params), ctx))


@answers("destroy_base")
def _destroy_base_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    owner = zones.destroy_base(state, value)
    state.events.append(Destroy(d.seat, value, owner))


def acquire_candidates(state: State, max_cost: int, kinds: tuple[str, ...]) -> list[int]:
    out = [c for c in state.trade_row
           if c != EMPTY and state.cards[c].cost <= max_cost
           and kind_matches(state.cards[c].type, kinds)]
    if state.explorers:
        top = state.explorers[-1]
        if state.cards[top].cost <= max_cost and kind_matches(state.cards[top].type, kinds):
            out.append(top)
    return out


@runs("acquire_free")
def _acquire_free(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    cands = acquire_candidates(state, params["max_cost"], params["kinds"])
    if not cands:
        return
    ask(state, Decision(seat, source, "card", "acquire", tuple(cands), False,
                        ("acquire_free", params), ctx))


@answers("acquire_free")
def _acquire_free_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    acquire(state, d.seat, value, params["to"])


@runs("topdeck_from_discard")
def _topdeck_from_discard(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    kinds, most, cs = params["kinds"], params.get("max_cost", 99), state.cards
    cands = [c for c in state.seats[seat].discard if cs[c].type in kinds and cs[c].cost <= most]
    if not cands:
        return
    ask(state, Decision(seat, source, "card", "topdeck", tuple(cands), False,
                        ("topdeck_from_discard", params), ctx))


@answers("topdeck_from_discard")
def _topdeck_from_discard_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    zones.topdeck_from_discard(state, d.seat, value)


@runs("copy_base")
def _copy_base(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    cands = [b for s in state.seats if s.alive for b in s.bases if b != source]
    if not cands:
        return
    ask(state, Decision(seat, source, "card", "copy_base", tuple(cands), False,
                        ("copy_base", params), ctx))


@answers("copy_base")
def _copy_base_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    state.copy_of[d.source] = state.card(value)
    # The tower is now that base: its abilities are fresh for this turn.
    for slot in ACTIVATED_SLOTS:
        state.used.discard((d.source, slot))
        state.latched.discard((d.source, slot))
    state.events.append(CopyBase(d.seat, d.source, value))
    update_latches(state, d.seat)


@runs("copy_ship")
def _copy_ship(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    # Stealth Needle: "Copy another ship you've played this turn" (a ship still in play).
    cands = [c for c in state.seats[seat].in_play if c != source and state.cards[c].is_ship]
    if not cands:
        return
    ask(state, Decision(seat, source, "card", "copy_ship", tuple(cands), False,
                        ("copy_ship", params), ctx))


@answers("copy_ship")
def _copy_ship_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    """The Needle becomes that ship (a copying Needle passes on its copy) until it leaves
    play: it gains the ship's factions ("in addition to Machine Cult", also as a card
    played this turn) and, being played, fires the copy's primary ability at once; the
    copy's ally and scrap abilities are the Needle's for the rest of the turn."""
    copied = state.card(value)
    s = state.seats[d.seat]
    for f in copied.factions:
        if f not in state.cards[d.source].factions:
            s.played_factions[f] = s.played_factions.get(f, 0) + 1
    state.copy_of[d.source] = copied
    for slot in ACTIVATED_SLOTS:
        state.used.discard((d.source, slot))
        state.latched.discard((d.source, slot))
    state.events.append(CopyBase(d.seat, d.source, value))
    state.used.add((d.source, "primary"))
    state.events.append(AbilityUsed(d.seat, d.source, "primary"))
    update_latches(state, d.seat)
    push(state, d.seat, d.source, copied.ability("primary"), d.ctx)


@runs("choose")
def _choose(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    ask(state, Decision(seat, source, "option", "choose", tuple(range(len(params))), False,
                        ("choose", params), ctx))


@answers("choose")
def _choose_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    push(state, d.seat, d.source, params[value], d.ctx)


@runs("may")
def _may(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    ask(state, Decision(seat, source, "option", "may", (0, 1), False, ("may", params), ctx))


@answers("may")
def _may_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    if value == 0:
        push(state, d.seat, d.source, params, d.ctx)


# ---------------------------------------------------------------------- conditions & flags


def condition_holds(state: State, seat: int, cond: tuple[str, Any]) -> bool:
    name, arg = cond
    s = state.seats[seat]
    if name == "bases_at_least":
        return len(s.bases) >= arg
    if name == "opponent_has_base":
        return any(state.seats[o].bases for o in state.format.opponents(state, seat))
    if name == "played_faction":
        return s.played_factions.get(arg, 0) > 0
    if name == "played_base":  # the promo bases: "if you played a base this turn
        return s.bases_played > 0  # (including this one)"
    if name == "opponent_bases_at_least":  # Obliterator
        return any(len(state.seats[o].bases) >= arg
                   for o in state.format.opponents(state, seat))
    raise ValueError(f"unknown condition {name}")


@runs("if")
def _if(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    branch = params["then"] if condition_holds(state, seat, params["cond"]) else params["else"]
    push(state, seat, source, branch, ctx)


@runs("next_acquire")
def _next_acquire(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    state.seats[seat].next_acquire.append((params["kinds"], params["to"], params["optional"]))


@runs("return_from_scrap")
def _return_from_scrap(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    state.seats[seat].returns.append(source)


@runs("put_in_hand")
def _put_in_hand(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    zones.move_to_hand(state, seat, source)


# Boss effects (adventures): aimed at a player the boss policy picks.


@runs("drain")
def _drain(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    targets = state.format.player_targets(state, seat)
    if targets:
        ask(state, Decision(seat, source, "seat", "drain", tuple(targets), False,
                            ("drain", amount(state, seat, params, ctx)), ctx))


@answers("drain")
def _drain_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    lose_authority(state, value, params, d.seat, Drain)


@runs("plunder")
def _plunder(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    targets = state.format.player_targets(state, seat)
    if targets:
        ask(state, Decision(seat, source, "seat", "plunder", tuple(targets), False,
                            ("plunder", params), ctx))


@answers("plunder")
def _plunder_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    s = state.seats[value]
    for _ in range(params):
        if not s.discard:
            break
        best = max(s.discard, key=lambda c: state.cards[c].cost)
        s.discard.remove(best)
        zones.to_scrap_heap(state, best, Zone("discard", value))
        state.events.append(Plunder(d.seat, value, best))


@runs("each_player_discards")
def _each_player_discards(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    for target in state.format.player_targets(state, seat):
        state.seats[target].pending_discard += params
        state.events.append(TargetDiscards(seat, target, params))




# Rules-driven steps that no card prints (not part of the card vocabulary).


@runs("gift")
def _gift(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    # «1 любую свою карту с руки, из своей колоды или своей стопки сброса» (001): not a
    # ship in play or a base.  The giver looks through its own deck (it is about to be
    # scrapped); the deck part is listed sorted, so the question tells no deck order.
    s = state.seats[seat]
    cands = list(s.hand) + sorted(s.deck) + list(s.discard)
    if cands and state.seats[params["to"]].alive:
        ask(state, Decision(seat, source, "card", "gift", tuple(cands), True,
                            ("gift", params), ctx))


@answers("gift")
def _gift_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    zones.gift(state, d.seat, value, params["to"])


@runs("land_acquired")
def _land_acquired(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    """The card an optional modifier asked about lands (once: the "yes" branch runs
    first, the fallback below it then finds the card gone from the supply)."""
    iid = params["iid"]
    if iid in state.trade_row or iid in state.explorers:
        acquire(state, seat, iid, params["to"], modifiers=False)


@runs("scrap_all")
def _scrap_all(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    zones.scrap_everything(state, seat)


# ---------------------------------------------------------------------- acquiring


def acquire(state: State, seat: int, iid: int, dest: str | None = None,
            modifiers: bool = True) -> None:
    """Gain a card from the trade row or Explorer pile (bought or free).

    The card goes to its destination (an explicit one, else the first matching
    "next card you acquire" modifier, else the discard pile), the row is refilled,
    and only then its on-acquire ability resolves.  In a campaign game the seat may
    first upgrade the card (seed 001's order: buy, pay, note the on-acquire ability,
    stickers, to the discard pile, refill the row, then the on-acquire ability).
    """
    s = state.seats[seat]
    card = state.cards[iid]
    src = "explorers" if iid in state.explorers else "trade_row"
    if card.type == "hero":
        # "When you acquire a Hero, it goes directly into play instead of into your
        # discard pile": wherever an effect would put it (top of the deck, the hand), and
        # a "next ship/base you acquire" modifier waits for the next ship or base.
        zones.take_from_supply(state, iid)
        _land(state, seat, iid, "heroes", src, card, False)
        return
    if dest is None or dest == "discard":
        dest = "discard"
        for k, (kinds, to, optional) in enumerate(s.next_acquire if modifiers else ()):
            if card.type in kinds:
                del s.next_acquire[k]
                if optional:  # "you may put the next ship …": asked now, with the card
                    push(state, seat, iid, (("land_acquired", {"iid": iid, "to": "discard"}),))
                    ask(state, Decision(seat, iid, "option", "may", (0, 1), False, (
                        "may", (("land_acquired", {"iid": iid, "to": to}),))))
                    return
                dest = to
                break
    fmt = state.format
    stickers = None if "upgrade_options" in fmt.plain else fmt.upgrade_options(state, seat, iid)
    if stickers:
        slot = zones.take_from_supply(state, iid, refill=False)
        ask(state, Decision(seat, iid, "option", "upgrade", tuple(range(len(stickers))), True,
                            ("upgrade", {"stickers": tuple(stickers), "dest": dest, "src": src,
                                         "slot": slot})))
        return
    zones.take_from_supply(state, iid)
    _land(state, seat, iid, dest, src, card, False)


def _land(state: State, seat: int, iid: int, dest: str, src: str, printed: CardDef,
          upgraded: bool) -> None:
    """The acquired card arrives; then its on-acquire ability (the printed card's, which
    an upgrade removes from the card but which still resolves this once)."""
    zones.place_acquired(state, seat, iid, dest, Zone(src))
    state.events.append(Acquire(seat, iid))
    if dest == "play":  # a base put directly into play: its allies as if played
        update_latches(state, seat)
    push(state, seat, iid, printed.ability("on_acquire"))
    if "after_acquire" not in state.format.plain:
        state.format.after_acquire(state, seat, iid, upgraded)


def _finish_upgrade(state: State, d: Decision, value: int | None) -> None:
    """Answer to the upgrade question: stickers (or not), then the card lands, the row
    refills and the on-acquire ability resolves."""
    assert d.effect is not None
    params = d.effect[1]
    iid = d.source
    printed = state.cards[iid]
    if value is not None:
        state.format.upgrade(state, d.seat, iid, params["stickers"][value])
    if params["slot"] >= 0:
        zones.refill_row(state, params["slot"])
    _land(state, d.seat, iid, params["dest"], params["src"], printed, value is not None)


# ---------------------------------------------------------------------- answers


def _apply_answer(state: State, d: Decision, value: Any) -> None:
    """Apply ``value`` through the answer half of the op that asked ``d``."""
    op = vocabulary.BY_PURPOSE.get(d.purpose)
    handler = ANSWERS.get(op) if op is not None else None
    if handler is None:  # pragma: no cover - every question's op has an answer half
        raise ValueError(f"unknown decision purpose {d.purpose}")
    handler(state, d, value, d.effect[1] if d.effect is not None else None)
