"""What the bots read off a player view: the worth of a suit's actions now, of a card
in hand, each seat's standing in each ambition, and a static value of a position.

Everything here reads only what a player view shows (the board, the court, the
visible cards); nothing reads a hidden card.
"""

from __future__ import annotations

from game.arcs.engine import basic, battle, fleet, slots
from game.arcs.engine.components import Ambition, ArcsRules
from game.arcs.engine.rng import Rng
from game.arcs.engine.scoring import GHOST, places
from game.arcs.engine.state import NOBODY, Action, Building, Player, State

POWER = 10.0  # one point of Power, the unit of every value below


def ships(view: State, seat: int, system: str) -> int:
    return view.fresh[system][seat] + view.damaged[system][seat]


def favourable_battles(view: State, seat: int) -> list[tuple[str, int]]:
    """Battles where the seat has more ships than the defender has fresh ones."""
    return [(s, d) for s, d in battle.battle_targets(view, seat)
            if ships(view, seat, s) > view.fresh[s][d]]


def action_worth(view: State, seat: int, action: str) -> float:
    """A rough worth of one basic action of this kind for the seat now (0: nothing to do)."""
    if action == "tax":
        return 3.0 if basic.tax_targets(view, seat) else 0.0
    if action == "secure":
        return 6.0 if basic.secure_targets(view, seat) else 0.0
    if action == "influence":
        return 1.5 if view.players[seat].agents else 0.0
    if action == "build":
        targets = fleet.build_targets(view, seat)
        if any(k == "city" for k, _, _ in targets):
            return 4.0
        return 2.5 if targets else 0.0
    if action == "repair":
        return 1.0 if fleet.repair_targets(view, seat) else 0.0
    if action == "move":
        return 1.0
    if action == "battle":
        return 3.5 if favourable_battles(view, seat) else 0.0
    return 0.0


def suit_worth(view: State, seat: int, suit: str, symbols: int) -> float:
    """What ``symbols`` actions of ``suit`` are worth now: the best actions first, each
    kind at most twice (a second tax needs a second city, and so on)."""
    assert view.rules is not None
    values = sorted((action_worth(view, seat, a) for a in view.rules.suits[suit].actions),
                    reverse=True)
    pool = [v for v in values for _ in range(2)]
    pool.sort(reverse=True)
    return sum(pool[:symbols])


def card_keep_value(view: State, card_id: str) -> float:
    """What a card in hand is worth keeping for a later round: its symbols, and a high
    number (it surpasses and keeps the initiative)."""
    card = view.card(card_id)
    return 0.8 * card.pips + 0.15 * card.number


class _Tables:
    """Look-ups the engine rebuilds on every call, built once per rules: each court
    card's suit, the resources a Cartel holds the supply of, the ambition markers."""

    def __init__(self, rules: ArcsRules) -> None:
        self.rules = rules  # held, so the id keying this table is never reused
        self.suit = {c.id: c.suit for c in rules.court}
        self.cartel = {c.id: frozenset(ab.params["resource"] for ab in c.abilities
                                       if ab.kind == "hold_supply") for c in rules.court}
        self.markers = {m.id: m for m in rules.markers}
        self._city_bonus: dict[int, int] = {}

    def city_bonus(self, cities_off: int) -> int:
        """:meth:`State.city_bonus` of a seat with ``cities_off`` cities off the board."""
        bonus = self._city_bonus.get(cities_off)
        if bonus is None:
            bonus = self._city_bonus[cities_off] = sum(
                c.bonus for c in self.rules.board.city_slots if c.position <= cities_off)
        return bonus


_TABLES: dict[int, _Tables] = {}


def _tables(rules: ArcsRules | None) -> _Tables:
    assert rules is not None
    t = _TABLES.get(id(rules))
    if t is None:
        t = _TABLES[id(rules)] = _Tables(rules)
    return t


def ambition_count(view: State, seat: int, ambition: str) -> int:
    """:func:`game.arcs.engine.scoring.ambition_count`, with the look-ups built once
    (it is most of a position's value; tests/test_arcs_ai.py checks they agree)."""
    assert view.rules is not None
    return _count(view, _tables(view.rules), view.rules.ambitions[ambition],
                  view.players[seat])


def marker_values(view: State, marker_id: str) -> tuple[int, int]:
    """:meth:`State.marker_values` by a table."""
    m = _tables(view.rules).markers[marker_id]
    return m.back if marker_id in view.flipped else m.front


def standings(view: State, ambition: str) -> tuple[int, list[int], list[int]]:
    """(first, seconds, counts per seat) for the ambition as things stand."""
    counts = [(s, ambition_count(view, s, ambition)) for s in range(view.n)]
    if view.n == 2:
        counts.append((GHOST, len(view.ambition_tokens.get(ambition, []))))
    first, seconds = places(counts)
    return first, seconds, [c for _, c in counts[:view.n]]


def declare_worth(view: State, seat: int, ambition: str) -> float:
    """Declaring now: the top available marker's Power if the seat would take first, half
    its second-place Power if second, a loss otherwise (it helps the rivals)."""
    if not view.available:
        return -5.0
    marker = max(view.available, key=lambda m: marker_values(view, m))
    first_p, second_p = marker_values(view, marker)
    first, seconds, _ = standings(view, ambition)
    if first == seat:
        return POWER * 0.7 * (first_p + view.city_bonus(seat))
    if seat in seconds:
        return POWER * 0.4 * second_p - POWER * 0.3 * first_p
    return -POWER * 0.5 * first_p


# seat count → {a system's fresh ships, damaged ships and slots (flattened): its terms};
# small and cleared when full: the candidates of one decision share most systems (the
# hits), and a bot game's peak memory must not grow (bench/engine.py --memory)
_SYSTEM_MEMO: dict[int, dict[tuple, tuple[tuple[int, float], ...]]] = {}
_MEMO_CAP = 64


def _system_terms(fresh: list[int], damaged: list[int],
                  slots: list[Building | None] | None) -> tuple[tuple[int, float], ...]:
    """One system's additions to :func:`seat_values`, in its order: (seat, term).  A
    subtraction is the addition of its negation (exact in floating point)."""
    if not (any(fresh) or any(damaged) or (slots and any(slots))):
        return ()  # nothing here: nothing to add
    terms: list[tuple[int, float]] = []
    top = max(fresh)
    ruler = NOBODY if top == 0 or fresh.count(top) > 1 else fresh.index(top)
    rival_cities = 0  # the ruler's rivals' cities here
    if slots:
        for b in slots:
            if b is None:
                continue
            terms.append((b.seat, (5.0 if b.kind == "city" else 4.0) - (
                1.0 if b.damaged else 0.0)))
            if ruler != NOBODY and ruler != b.seat:
                terms.append((b.seat, -1.5))  # exposed: a rival rules its system
                if b.kind == "city":
                    rival_cities += 1
    for s, (f, d) in enumerate(zip(fresh, damaged, strict=True)):
        if f or d:
            terms.append((s, 1.0 * f + 0.6 * d))
    if ruler != NOBODY:
        terms.append((ruler, 0.8 + 1.5 * rival_cities + (0.7 if slots else 0.0)))
    return tuple(terms)


_COURT_MEMO: dict[tuple[int, ...], tuple[tuple[int, float], ...]] = {}


def _court_terms(agents: list[int]) -> tuple[tuple[int, float], ...]:
    """One court card's additions to :func:`seat_values` (its agents), in order."""
    terms: list[tuple[int, float]] = []
    for s, mine in enumerate(agents):
        if mine:
            terms.append((s, 0.8 * mine))
            # more agents than every rival (there is always one: n >= 2)
            if mine > max(agents[:s] + agents[s + 1:]):
                terms.append((s, 2.0))
    return tuple(terms)


def _count(view: State, t: _Tables, amb: Ambition, player: Player) -> int:
    """:func:`ambition_count` of a seat, its look-ups passed in."""
    if amb.counts == "captives":
        return len(player.captives)
    if amb.counts == "trophies":
        return len(player.trophies)
    counted = amb.resources
    n = 0
    for r in player.resources:
        if r in counted:
            n += 1
    if player.guild:
        held: frozenset[str] = frozenset()
        for c in player.guild:
            n += t.suit[c] in counted
            held = held | t.cartel[c]
        if held:
            n += sum(view.supply[r] for r in counted if r in held)
    return n


def seat_values(view: State) -> list[float]:
    """A static value of every seat's position, in tenths of Power.

    Called for every candidate action the bots judge, so written for speed; but every
    seat's value is the same terms added in the same order as the plain reading
    (:func:`seat_values_plain`): with floats the order matters, and a changed last bit
    could turn a tie and with it a bot's choice (tests/test_arcs_trusted_apply.py)."""
    rules = view.rules
    assert rules is not None
    players = view.players
    values = [POWER * p.power for p in players]
    # the ambitions declared this chapter, as they would score now (standings() and
    # city_bonus() written out: the same counts, places and terms)
    t = _tables(rules)
    for ambition, markers in view.markers_on.items():
        if not markers:
            continue
        flipped = view.flipped
        marks = [t.markers[m].back if m in flipped else t.markers[m].front
                 for m in markers]
        counts = [(p.index, _count(view, t, rules.ambitions[ambition], p)) for p in players]
        if view.n == 2:
            counts.append((GHOST, len(view.ambition_tokens.get(ambition, []))))
        first, seconds = places(counts)
        if first >= 0:
            values[first] += 0.8 * POWER * (sum(m[0] for m in marks)
                                            + t.city_bonus(players[first].cities_off))
        for s in seconds:
            if s >= 0:
                values[s] += 0.8 * POWER * sum(m[1] for m in marks)
    incoming = view.incoming
    for p in players:
        resources = p.resources
        held = len(resources) - resources.count("")  # "" is an empty slot
        if incoming:
            held += sum(s == p.index for s, _ in incoming)
        v = 2.0 * held + 3.5 * len(p.guild) + 1.5 * len(p.captives)
        v += 1.5 * len(p.trophies) + 0.3 * p.agents
        values[p.index] += v
    # A system's terms depend only on its ships and buildings, which most candidate
    # actions leave alone: each distinct content's terms are worked out once
    # (_system_terms) and added here in their order, the same additions as before.
    memo = _SYSTEM_MEMO.get(view.n)
    if memo is None or len(memo) > _MEMO_CAP:
        memo = _SYSTEM_MEMO[view.n] = {}
    slots_of = view.buildings.get
    damaged_all = view.damaged
    for system, fresh in view.fresh.items():
        slots = slots_of(system)
        key = (*fresh, *damaged_all[system], *slots) if slots else \
            (*fresh, *damaged_all[system])
        terms = memo.get(key)
        if terms is None:
            terms = memo[key] = _system_terms(fresh, damaged_all[system], slots)
        for s, v in terms:
            values[s] += v
    court_memo = _COURT_MEMO
    for slot in view.court:
        if slot is None:
            continue
        agents = tuple(slot.agents)
        terms = court_memo.get(agents)
        if terms is None:
            if len(court_memo) > _MEMO_CAP:
                court_memo.clear()
            terms = court_memo[agents] = _court_terms(slot.agents)
        for s, v in terms:
            values[s] += v
    return values


def seat_values_plain(view: State) -> list[float]:
    """A static value of every seat's position, in tenths of Power: the plain reading
    of :func:`seat_values`, kept for the test that they agree to the last bit."""
    assert view.rules is not None
    n = view.n
    values = [POWER * p.power for p in view.players]
    # the ambitions declared this chapter, as they would score now
    for ambition, markers in view.markers_on.items():
        if not markers:
            continue
        marks = [marker_values(view, m) for m in markers]
        first, seconds, _ = standings(view, ambition)
        if first >= 0:
            values[first] += 0.8 * POWER * (sum(m[0] for m in marks) + view.city_bonus(first))
        for s in seconds:
            if s >= 0:
                values[s] += 0.8 * POWER * sum(m[1] for m in marks)
    for p in view.players:
        held = sum(1 for r in p.resources if r) + sum(s == p.index for s, _ in view.incoming)
        v = 2.0 * held + 3.5 * len(p.guild) + 1.5 * len(p.captives)
        v += 1.5 * len(p.trophies) + 0.3 * p.agents
        values[p.index] += v
    seats = range(n)
    buildings = view.buildings
    damaged_all = view.damaged
    for system, fresh in view.fresh.items():
        damaged = damaged_all[system]
        top = max(fresh)
        slots = buildings.get(system)
        if not top and not slots and not any(damaged):
            continue  # nothing here (most systems): nothing to add
        ruler = NOBODY if top == 0 or fresh.count(top) > 1 else fresh.index(top)
        rival_cities = 0  # the ruler's rivals' cities here
        if slots:
            for b in slots:
                if b is None:
                    continue
                values[b.seat] += (5.0 if b.kind == "city" else 4.0) - (
                    1.0 if b.damaged else 0.0)
                if ruler not in (NOBODY, b.seat):
                    values[b.seat] -= 1.5  # exposed: a rival rules its system
                    if b.kind == "city":
                        rival_cities += 1
        for s in seats:
            f, d = fresh[s], damaged[s]
            if f or d:
                values[s] += 1.0 * f + 0.6 * d
        if ruler != NOBODY:
            values[ruler] += 0.8 + 1.5 * rival_cities + (0.7 if slots else 0.0)
    for slot in view.court:
        if slot is None:
            continue
        agents = slot.agents
        for s in seats:
            mine = agents[s]
            if mine:
                values[s] += 0.8 * mine
                if all(mine > a for o, a in enumerate(agents) if o != s):
                    values[s] += 2.0
    return values


def _ruler(fresh: list[int]) -> int:
    """The seat with more fresh ships than every other (the rule of State.controls)."""
    top = max(fresh)
    if top == 0 or fresh.count(top) > 1:
        return NOBODY
    return fresh.index(top)


def position_value(view: State, seat: int) -> float:
    """The seat's value less the strongest rival's."""
    values = seat_values(view)
    return values[seat] - max(values[:seat] + values[seat + 1:])


def pick_best(rng: Rng, scored: list[tuple[float, Action]]) -> Action:
    """The action with the highest score; true ties broken by ``rng`` (never by seat or
    list order)."""
    top = max(s for s, _ in scored)
    best = [a for s, a in scored if s >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


# ---------------------------------------------------------------------- resource slots

# What a resource is worth keeping and guarding, before the ambitions: Relics and
# Psionics score the rarer ambitions and Psionic copies any action; Weapons battle.
SLOT_WORTH = {"relic": 3.0, "psionic": 3.0, "weapon": 2.0, "fuel": 1.5, "material": 1.5}


def resource_worth(view: State, seat: int, kind: str) -> float:
    """A resource's worth to the seat: its base, plus 1 per declared ambition it counts
    for (the Power it may bring)."""
    assert view.rules is not None
    declared = sum(1 for a, markers in view.markers_on.items()
                   if markers and kind in view.rules.ambitions[a].resources)
    return SLOT_WORTH.get(kind, 1.0) + declared


def slot_choice(view: State, legal: list[Action]) -> Action:
    """Placing a resource taken or gained (engine slots.py): keep the most useful ones
    and put the most valuable under the dearest raid costs.  With no room, the least
    useful goes (the newcomer or a held one); else the exchange that raises Σ worth ×
    raid keys the most once the newcomer is placed in the dearest empty slot, only when
    it beats placing now — each exchange strictly raises it, so the choice ends."""
    seat, kind = view.incoming[0]
    row, keys = view.players[seat].resources, slots.row_keys(view)
    worth = {r: resource_worth(view, seat, r) for r in {*row, kind} if r}

    def guarded(r: list[str]) -> float:
        return sum(worth[x] * keys[i] for i, x in enumerate(r) if x)

    opened = slots.row_open(view, seat)

    def after_place(r: list[str]) -> float:
        spots = [i for i, x in enumerate(r) if not x and opened[i]]
        if not spots:
            return guarded(r)
        best = max(spots, key=lambda i: keys[i])
        return guarded(r[:best] + [kind] + r[best + 1:])

    discards = [a for a in legal if a.kind == "discard"]
    if discards:  # the least worth goes; from the cheapest slot on a tie
        return min(discards, key=lambda a: (worth[a.target],
                                            keys[a.index] if a.index >= 0 else 0))
    places = [a for a in legal if a.kind == "place"]
    best_place = max(places, key=lambda a: keys[a.index])
    now = guarded(row[:best_place.index] + [kind] + row[best_place.index + 1:])
    best, gain = best_place, now
    for a in legal:
        if a.kind != "reslot":
            continue
        r = list(row)
        r[a.index], r[a.fresh] = r[a.fresh], r[a.index]
        value = after_place(r)
        if value > gain + 1e-9:
            best, gain = a, value
    return best
