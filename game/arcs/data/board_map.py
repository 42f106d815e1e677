"""rules/arcs/map.toml and setup_cards.toml: the systems, their adjacency, the setup cards."""

from __future__ import annotations

import re
from types import MappingProxyType

from game import validate
from game.arcs.data import common
from game.arcs.engine.components import MapDef, SeatStart, SetupCard, System
from game.arcs.engine.vocabulary import RESOURCES
from game.validate import Errors

MAP_FILE = "map.toml"
SETUP_FILE = "setup_cards.toml"
GATE_RE = re.compile(r"^G[1-6]$")
PLANET_RE = re.compile(r"^[1-6]\.[1-3]$")
SYMBOLS = ("arrow", "crescent", "hexagon")
PATH_RULES = ("join_nearest_in_play_gates",)
CLUSTERS = 6
PLANETS_PER_CLUSTER = 3
EDGES_FULL_MAP = 38
SETUP_CARDS_PER_COUNT = 4


def _pairs(value, path: str, e: Errors, systems: dict[str, System]) -> list[frozenset[str]]:
    out = []
    for i, pair in enumerate(validate.need_list(value, path, e)):
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(s, str) for s in pair)):
            e.add(f"{path}[{i}]", "expected a pair of system ids")
            continue
        bad = [s for s in pair if s not in systems]
        for s in bad:
            e.add(f"{path}[{i}]", f"unknown system {s!r}")
        if pair[0] == pair[1]:
            e.add(f"{path}[{i}]", f"a system is not adjacent to itself ({pair[0]!r})")
        elif not bad:
            out.append(frozenset(pair))
    return out


def parse_map(doc: dict, errors: list[str]) -> MapDef | None:
    where = common.label(MAP_FILE)
    n_before = len(errors)
    common.top_level(doc, ("map", "path_markers", "out_of_play", "gate", "planet",
                           "adjacency", "separated"), where, errors)
    clusters: tuple[int, ...] = ()
    raw = common.table(doc, "map", where, errors)
    if raw is not None:
        e = Errors()
        common.known(raw, ("clusters",), e)
        common.origin(raw, e)
        clusters = common.int_list(raw.get("clusters"), "clusters", e, 1, CLUSTERS)
        if len(e) == 0 and clusters != tuple(range(1, CLUSTERS + 1)):
            e.add("clusters", f"expected [1, …, {CLUSTERS}] (6 clusters, clockwise)")
        errors.extend(f"{where}:map:{x}" for x in e)
    long = short = markers = 0
    rule = ""
    raw = common.table(doc, "path_markers", where, errors)
    if raw is not None:
        e = Errors()
        common.known(raw, ("long", "short", "rule"), e)
        common.origin(raw, e)
        long = validate.need_int(raw, "long", e, 0, 6)
        short = validate.need_int(raw, "short", e, 0, 6)
        rule = validate.need_choice(raw.get("rule"), "rule", e, PATH_RULES)
        errors.extend(f"{where}:path_markers:{x}" for x in e)
    raw = common.table(doc, "out_of_play", where, errors)
    if raw is not None:
        e = Errors()
        common.known(raw, ("markers",), e)
        common.origin(raw, e)
        markers = validate.need_int(raw, "markers", e, 0, 18)
        errors.extend(f"{where}:out_of_play:{x}" for x in e)

    systems: dict[str, System] = {}
    for name, raw in common.entries(doc, "gate", where, errors):
        e = Errors()
        common.known(raw, ("id", "cluster"), e)
        gid = common.check_id(raw, e, GATE_RE)
        cluster = validate.need_int(raw, "cluster", e, 1, CLUSTERS)
        o = common.origin(raw, e)
        if not e and gid != f"G{cluster}":
            e.add("cluster", f"gate {gid} belongs to cluster {gid[1]}, not {cluster}")
        if gid and GATE_RE.match(gid):
            systems[gid] = System(gid, cluster, "gate", str(raw.get("name_en")),
                                  str(raw.get("name_ru")), origin=o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    for name, raw in common.entries(doc, "planet", where, errors):
        e = Errors()
        common.known(raw, ("id", "cluster", "type", "slots", "symbol"), e)
        pid = common.check_id(raw, e, PLANET_RE)
        cluster = validate.need_int(raw, "cluster", e, 1, CLUSTERS)
        ptype = validate.need_choice(raw.get("type"), "type", e, RESOURCES)
        slots = validate.need_int(raw, "slots", e, 1, 2)
        symbol = validate.need_choice(raw.get("symbol"), "symbol", e, SYMBOLS)
        o = common.origin(raw, e)
        if not e and pid[0] != str(cluster):
            e.add("cluster", f"planet {pid} belongs to cluster {pid[0]}, not {cluster}")
        if not e and symbol != SYMBOLS[int(pid[2]) - 1]:
            e.add("symbol", f"planet {pid} carries the {SYMBOLS[int(pid[2]) - 1]}, not {symbol}")
        if name in systems:
            e.add("id", "defined twice")
        elif pid and PLANET_RE.match(pid):
            # known even when a field is wrong, so edges naming it are not errors too
            systems[pid] = System(pid, cluster, "planet", str(raw.get("name_en")),
                                  str(raw.get("name_ru")), ptype, slots, symbol, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)

    edges: set[frozenset[str]] = set()
    for name, raw in common.entries(doc, "adjacency", where, errors):
        e = Errors()
        common.known(raw, ("id", "edges"), e)
        common.check_id(raw, e)
        common.origin(raw, e)
        for i, pair in enumerate(_pairs(raw.get("edges"), "edges", e, systems)):
            if pair in edges:
                e.add(f"edges[{i}]", f"edge {'–'.join(sorted(pair))} listed twice")
            edges.add(pair)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    separated: set[frozenset[str]] = set()
    for name, raw in common.entries(doc, "separated", where, errors):
        e = Errors()
        common.known(raw, ("id", "pairs"), e)
        common.check_id(raw, e)
        common.origin(raw, e)
        for i, pair in enumerate(_pairs(raw.get("pairs"), "pairs", e, systems)):
            if pair in edges:
                e.add(f"pairs[{i}]", f"{'–'.join(sorted(pair))} is also listed as adjacent")
            separated.add(pair)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if len(errors) > n_before:
        return None
    _check_shape(systems, edges, where, errors)
    if len(errors) > n_before:
        return None
    return MapDef(clusters, MappingProxyType(dict(sorted(systems.items()))), frozenset(edges),
                  frozenset(separated), long, short, markers, rule)


def _check_shape(systems: dict[str, System], edges: set[frozenset[str]], where: str,
                 errors: list[str]) -> None:
    """The whole map: every system present, every gate on the ring and linked to its
    planets, every planet linked to its gate, 38 edges."""
    for k in range(1, CLUSTERS + 1):
        for sid in (f"G{k}", *(f"{k}.{i}" for i in range(1, PLANETS_PER_CLUSTER + 1))):
            if sid not in systems:
                errors.append(f"{where}:{sid}:id: system missing from the map")
    for k in range(1, CLUSTERS + 1):
        nxt = f"G{k % CLUSTERS + 1}"
        if frozenset((f"G{k}", nxt)) not in edges:
            errors.append(f"{where}:adjacency:edges: the gate ring lacks G{k}–{nxt}")
        for i in range(1, PLANETS_PER_CLUSTER + 1):
            if frozenset((f"G{k}", f"{k}.{i}")) not in edges:
                errors.append(f"{where}:adjacency:edges: G{k} is not adjacent to {k}.{i}")
    for pair in edges:
        a, b = sorted(pair)
        if a.startswith("G") and b.startswith("G"):
            continue
        if a.startswith("G") != b.startswith("G") and systems[a].cluster != systems[b].cluster:
            errors.append(f"{where}:adjacency:edges: gate–planet edge {a}–{b} crosses clusters")
    if len(edges) != EDGES_FULL_MAP:
        errors.append(f"{where}:adjacency:edges: the full map has {EDGES_FULL_MAP} edges, "
                      f"the file lists {len(edges)}")


def parse_setup_cards(doc: dict, board: MapDef | None, errors: list[str]) -> tuple[SetupCard, ...]:
    where = common.label(SETUP_FILE)
    common.top_level(doc, ("setup_card",), where, errors)
    cards: list[SetupCard] = []
    for name, raw in common.entries(doc, "setup_card", where, errors):
        e = Errors()
        common.known(raw, ("id", "players", "experienced", "out_of_play", "seats"), e)
        sid = common.check_id(raw, e)
        o = common.origin(raw, e)
        players = validate.need_int(raw, "players", e, 2, 4)
        experienced = validate.need_bool(raw, "experienced", e)
        oop = common.int_list(raw.get("out_of_play"), "out_of_play", e, 1, CLUSTERS)
        want_oop = 1 if players == 4 else 2
        if len(oop) != want_oop or len(set(oop)) != len(oop):
            e.add("out_of_play", f"{players} players take {want_oop} distinct cluster(s) out "
                                 f"of play, the card lists {list(oop)}")
        seats_raw = validate.need_list(raw.get("seats"), "seats", e)
        if len(seats_raw) != players:
            e.add("seats", f"{players} players need {players} seats, the card has "
                           f"{len(seats_raw)}")
        seats = [s for i, r in enumerate(seats_raw)
                 if (s := _seat(r, f"seats[{i}]", e, players, oop, board)) is not None]
        used = [s for seat in seats for s in (seat.a, seat.b)]
        for sid in sorted({u for u in used if used.count(u) > 1}):
            e.add("seats", f"{sid} is an A or B system of more than one seat")
        if not e:
            cards.append(SetupCard(sid, raw["name_en"], raw["name_ru"], players, experienced,
                                   oop, tuple(seats), o))
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if len(cards) == len(doc.get("setup_card", [])):
        for n in (2, 3, 4):
            have = sum(c.players == n for c in cards)
            if have != SETUP_CARDS_PER_COUNT:
                errors.append(f"{where}:setup_card:players: {SETUP_CARDS_PER_COUNT} cards for "
                              f"{n} players expected, found {have}")
    return tuple(cards)


def _seat(raw, path: str, e: Errors, players: int, oop: tuple[int, ...],
          board: MapDef | None) -> SeatStart | None:
    t = validate.need_table(raw, path, e, {"a": True, "b": True, "c": True})
    if not t:
        return None
    a, b, c = t.get("a"), t.get("b"), t.get("c")
    want_c = 2 if players == 2 else 1
    if not isinstance(c, list) or len(c) != want_c:
        e.add(f"{path}.c", f"expected {want_c} system(s) for {players} players")
        c = []
    found = True
    for field, sid, planet in (("a", a, True), ("b", b, True),
                               *((f"c[{i}]", s, False) for i, s in enumerate(c))):
        if board is None:
            continue  # the map failed: its own errors say enough
        system = board.systems.get(sid) if isinstance(sid, str) else None
        if system is None:
            e.add(f"{path}.{field}", f"unknown system {sid!r}")
            found = False
        elif system.cluster in oop:
            e.add(f"{path}.{field}", f"{sid} is in an out-of-play cluster")
        elif planet and system.kind != "planet":
            e.add(f"{path}.{field}", f"{sid} is not a planet (A and B hold buildings)")
    if not found or board is None or not isinstance(a, str) or not isinstance(b, str):
        return None  # (found: a and b named systems of the map, so they are strings)
    return SeatStart(a, b, tuple(c))
