"""The resource slots of a player's board, held by position (issue 37 item 12).

«Когда вы берёте или получаете ресурс, поместите его в свою пустую ячейку ресурса. При
этом вы можете перераспределить ресурсы в ячейках, но вы должны сбросить те, для
которых нет места.» (RU p.17)  «Если город возвращается на ваш планшет и накрывает ячейку
ресурса, перераспределите и сбросьте ресурсы, как указано выше.» (RU p.19)

``Player.resources`` is the whole row: the board's slots by position, then one slot per
``extra_resource_slot`` lore card of the rules (Ancient Holdings), "" for an empty slot;
a covered slot (or a lore slot not held) is always empty.  A resource taken away leaves
a hole — nothing in the book moves the others, so their raid costs stay.  A resource
that arrives waits in ``State.incoming``; the seat then chooses, one action at a time:
``place`` (into an empty open slot, one per raid cost), ``reslot`` (exchange two open
slots of different cost and content: the rearranging) and, with no empty slot,
``discard`` (the newcomer, ``index`` -1, or a held one from its slot).  When every
choice leads to the same resources under the same raid costs, the engine places it
itself.  Games saved before this (``GameConfig.auto_slots``) keep the old automatic
row: packed to the left, the rightmost lost (docs/arcs-rulings.md).
"""

from __future__ import annotations

from game.arcs.engine.components import ArcsRules
from game.arcs.engine.events import Discarded, Placed, Reslotted
from game.arcs.engine.state import NOBODY, Action, Player, State

CHOICES = ("place", "reslot", "discard")


def legacy(state: State) -> bool:
    return state.config.auto_slots


def held(player: Player) -> list[str]:
    """The resources a player holds, by slot (no holes)."""
    return [r for r in player.resources if r]


# id(rules) → (the rules, kept so the id is never reused; their row's raid costs)
_ROW_KEYS: dict[int, tuple[ArcsRules, tuple[int, ...]]] = {}


def row_keys(state: State) -> list[int]:
    """The raid cost of every slot of the row (open or not): fixed by the rules, so
    worked out once per rules (asked for on every resource gained and placed)."""
    rules = state.rules
    assert rules is not None
    known = _ROW_KEYS.get(id(rules))
    if known is None or known[0] is not rules:
        keys = [s.raid_keys for s in sorted(rules.board.resource_slots,
                                            key=lambda s: s.position)]
        for c in rules.lore:
            keys += [ab.params["keys"] for ab in c.abilities
                     if ab.kind == "extra_resource_slot"]
        if len(_ROW_KEYS) > 16:  # rules loaded again and again (tests): keep it small
            _ROW_KEYS.clear()
        known = _ROW_KEYS[id(rules)] = (rules, tuple(keys))
    return list(known[1])


def row_open(state: State, seat: int) -> list[bool]:
    assert state.rules is not None
    player = state.players[seat]
    out = [s.covered_by == 0 or s.covered_by <= player.cities_off
           for s in sorted(state.rules.board.resource_slots, key=lambda s: s.position)]
    for c in state.rules.lore:
        out += [c.id in player.lore for ab in c.abilities if ab.kind == "extra_resource_slot"]
    return out


def new_row(state: State) -> list[str]:
    return [] if legacy(state) else [""] * len(row_keys(state))


def fit(state: State, seat: int) -> list[str]:
    """The seat's row, as long as the board's: a shorter one (made by hand) counts its
    missing slots, on the right, as empty."""
    row = state.players[seat].resources
    if not legacy(state):
        row.extend([""] * (len(row_keys(state)) - len(row)))
    return row


def raid_keys(state: State, seat: int) -> list[int]:
    """Keys per index of ``Player.resources`` (the old row: per open slot)."""
    return state.slot_keys(seat) if legacy(state) else row_keys(state)


def put(state: State, seat: int, kind: str) -> None:
    """A starting resource: «помещает эти жетоны в две крайние слева круглые ячейки»."""
    row = fit(state, seat)
    if legacy(state):
        row.append(kind)
        return
    opened = row_open(state, seat)
    row[next(i for i, r in enumerate(row) if opened[i] and not r)] = kind


def _slot_of(state: State, seat: int, kind: str) -> int:
    """The slot a resource of the type leaves from when no slot is named (spending,
    Relic Fence, a guild card's steal): the least guarded one, rightmost on a tie."""
    row, keys = state.players[seat].resources, row_keys(state)
    return -min((keys[i], -i) for i, r in enumerate(row) if r == kind)[1]


def remove(state: State, seat: int, kind: str) -> None:
    """One resource of the type leaves the row (not to the supply: the caller's)."""
    row = fit(state, seat)
    if legacy(state):
        del row[len(row) - 1 - row[::-1].index(kind)]
    else:
        row[_slot_of(state, seat, kind)] = ""


def remove_all(state: State, seat: int, kind: str) -> int:
    """Every resource of the type leaves the row; how many."""
    player = state.players[seat]
    count = player.resources.count(kind)
    if legacy(state):
        player.resources = [r for r in player.resources if r != kind]
    else:
        player.resources = ["" if r == kind else r for r in player.resources]
    return count


def replace(state: State, seat: int, old: str, new: str) -> None:
    """Elder Broker's Trade: the given resource takes the slot of the taken one."""
    row = fit(state, seat)
    if legacy(state):
        remove(state, seat, old)
        row.append(new)
    else:
        row[_slot_of(state, seat, old)] = new


def receive(state: State, seat: int, kind: str) -> None:
    """A resource the seat takes or gains (already out of the supply or a rival's row)."""
    player = state.players[seat]
    if legacy(state):
        player.resources.append(kind)
        if len(player.resources) > state.resource_capacity(seat):
            state.overflow = seat
        return
    fit(state, seat)
    state.incoming.append((seat, kind))
    settle(state)


def cover(state: State, seat: int) -> None:
    """After a city came back onto the board: what lay in the slots it covers is the
    owner's to place again or discard (RU p.19)."""
    player = state.players[seat]
    if legacy(state):
        while len(player.resources) > state.resource_capacity(seat):
            state.supply[player.resources.pop()] += 1
        return
    fit(state, seat)
    for i, is_open in enumerate(row_open(state, seat)):
        if not is_open and player.resources[i]:
            state.incoming.append((seat, player.resources[i]))
            player.resources[i] = ""
    settle(state)


def _one_outcome(state: State, seat: int, kind: str) -> bool:
    """Whether every choice ends with the same resources under the same raid costs."""
    row, keys = state.players[seat].resources, row_keys(state)
    opened = [i for i, o in enumerate(row_open(state, seat)) if o]
    items = [row[i] for i in opened if row[i]] + [kind]
    single_kind = len(set(items)) == 1
    if len(items) >= len(opened):  # full after it (or one to discard)
        return single_kind
    return len({keys[i] for i in opened}) == 1


def settle(state: State) -> None:
    """Place what arrived where no choice is left; the first real choice waits."""
    while state.incoming:
        seat, kind = state.incoming[0]
        if not _one_outcome(state, seat, kind):
            state.overflow = seat
            return
        row = state.players[seat].resources
        empty = [i for i, o in enumerate(row_open(state, seat)) if o and not row[i]]
        state.incoming.pop(0)
        if empty:
            row[empty[0]] = kind
        else:
            state.supply[kind] += 1
            state.events.append(Discarded(seat, kind))
    state.overflow = NOBODY


def choices(state: State) -> list[Action]:
    """The pending seat's choices for the first resource waiting (see the module)."""
    if legacy(state):
        seat = state.overflow
        return [Action("discard", seat, target=r)
                for r in sorted(set(held(state.players[seat])))]
    seat, kind = state.incoming[0]
    row, keys = state.players[seat].resources, row_keys(state)
    opened = [i for i, o in enumerate(row_open(state, seat)) if o]
    out: list[Action] = []
    seen: set[tuple[object, ...]] = set()
    for i in opened:
        if not row[i] and ("p", keys[i]) not in seen:
            seen.add(("p", keys[i]))
            out.append(Action("place", seat, target=kind, index=i))
    if not out:  # no room: the newcomer, or a held one of another type, goes
        out.append(Action("discard", seat, target=kind))
        for i in opened:
            if row[i] != kind and ("d", row[i], keys[i]) not in seen:
                seen.add(("d", row[i], keys[i]))
                out.append(Action("discard", seat, target=row[i], index=i))
    for n, i in enumerate(opened):
        for j in opened[n + 1:]:
            if keys[i] == keys[j] or row[i] == row[j]:
                continue
            key = tuple(sorted([(row[i], keys[i]), (row[j], keys[j])]))
            if key not in seen:
                seen.add(key)
                out.append(Action("reslot", seat, index=i, fresh=j))
    return out


def choose(state: State, a: Action) -> None:
    """Applies one of :func:`choices` (the caller checked it is legal)."""
    if legacy(state):
        remove(state, a.seat, a.target)
        state.supply[a.target] += 1
        state.events.append(Discarded(a.seat, a.target))
        if len(held(state.players[a.seat])) <= state.resource_capacity(a.seat):
            state.overflow = NOBODY
        return
    row, keys = state.players[a.seat].resources, row_keys(state)
    if a.kind == "place":
        state.incoming.pop(0)
        row[a.index] = a.target
        state.events.append(Placed(a.seat, a.target, a.index, keys[a.index]))
    elif a.kind == "reslot":
        row[a.index], row[a.fresh] = row[a.fresh], row[a.index]
        state.events.append(Reslotted(a.seat, row[a.fresh], keys[a.fresh],
                                      row[a.index], keys[a.index]))
    else:  # discard: the newcomer, or a held one (its slot is then free for it)
        if a.index < 0:
            state.incoming.pop(0)
        else:
            row[a.index] = ""
        state.supply[a.target] += 1
        state.events.append(Discarded(a.seat, a.target))
    settle(state)
