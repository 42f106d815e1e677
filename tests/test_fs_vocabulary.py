"""The closed effect vocabulary covers every Forbidden Stars card, upgrade, event and
faction ability, and every kind, named effect, condition and place in it is used."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from game.forbidden_stars.data import parse_fs_rules
from game.forbidden_stars.engine import vocabulary as vocab
from game.forbidden_stars.engine.components import Effect

ROOT = Path(__file__).resolve().parent.parent
FS = parse_fs_rules(ROOT / "rules" / "forbidden_stars")


def _walk(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    for e in effects:
        yield e
        for value in e.params.values():
            if isinstance(value, tuple) and value and isinstance(value[0], Effect):
                yield from _walk(value)
            elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
                for option in value:
                    yield from _walk(option)


def _owners() -> Iterator[tuple[str, str, tuple[Effect, ...]]]:
    for c in FS.combat_cards.values():
        yield c.id, c.faction, c.main + c.unit
    for u in FS.upgrades.values():
        yield u.id, u.faction, u.effects
    for e in FS.events.values():
        yield e.id, e.faction, e.effects
    for f in FS.factions.values():
        yield f.id, f.id, f.ability


def _all() -> list[tuple[str, Effect]]:
    return [(owner, e) for owner, _, effects in _owners() for e in _walk(effects)]


def test_every_kind_named_effect_condition_and_place_is_used():
    effects = [e for _, e in _all()]
    assert {e.kind for e in effects} == set(vocab.KINDS)
    assert {e.params["name"] for e in effects if e.kind == "named"} == set(vocab.NAMED)
    assert {e.cond for e in effects} - {""} == set(vocab.CONDITIONS)
    places = {e.params[k] for e in effects for k in ("where", "to")
              if isinstance(e.params.get(k), str) and e.kind != "convert_dice"}
    assert places == set(vocab.PLACES)
    assert {e.params["from"] for e in effects if isinstance(e.params.get("from"), str)} == \
        set(vocab.REACH)
    assert {e.params["per"] for e in effects if "per" in e.params
            and e.kind != "discount"} == set(vocab.PER)
    assert {e.params["per"] for e in effects if e.kind == "discount"} == set(
        vocab.KINDS["discount"].params["per"].choices)


def test_every_card_has_an_effect_and_every_effect_validates():
    """Each card, upgrade, event and ability carries effects (or, for a combat card, icons)
    and each of them names a kind of the vocabulary with only its parameters."""
    for owner, faction, effects in _owners():
        card = FS.combat_cards.get(owner)
        assert effects or (card is not None and card.icons), owner
        for e in _walk(effects):
            kind = vocab.KINDS[e.kind]
            assert set(e.params) <= set(kind.params), (owner, e.kind)
            assert {k for k, p in kind.params.items() if p.required} <= set(e.params), owner
            for key, value in e.params.items():
                if kind.params[key].type == "units":
                    assert all(v == "bastion" or FS.units[v].faction == faction
                               for v in value), (owner, key)


def test_timings_follow_the_context():
    assert all(e.when == "" for c in FS.combat_cards.values() for e in c.main + c.unit)
    assert all(e.when in vocab.CONTEXTS["upgrade"] for u in FS.upgrades.values()
               for e in u.effects)
    for ev in FS.events.values():
        assert all(e.when in vocab.CONTEXTS[ev.kind] for e in ev.effects), ev.id
    assert all(e.when == "dominate" for f in FS.factions.values() for e in f.ability)
    # nested effects take their timing from the effect that holds them
    assert all(e.when == "" for owner, _, effects in _owners() for top in effects
               for e in list(_walk((top,)))[1:])


def test_behaviour_is_never_keyed_on_a_card():
    """No parameter names a card; every kind documents itself and its parameter types
    are known."""
    ids = {*FS.combat_cards, *FS.upgrades, *FS.events}
    for owner, e in _all():
        for key, value in e.params.items():
            flat = value if isinstance(value, tuple) else (value,)
            assert not ids & {v for v in flat if isinstance(v, str)}, (owner, key)
    types = {"faces", "gains", "count", "bool", "units", "effects", "options", "choice",
             "named", "orders"}
    for name, kind in vocab.KINDS.items():
        assert kind.doc, name
        for pname, param in kind.params.items():
            assert param.type in types, (name, pname)
            assert (param.type == "choice") == bool(param.choices), (name, pname)
            assert pname not in ("kind", "when", "if"), (name, pname)


def test_some_cards_read_as_printed():
    """Spot checks against the card table (facts §3-§5)."""
    ambush = FS.combat_cards["sm_ambush"]
    assert [e.kind for e in ambush.main] == ["gain_tokens"] and ambush.main[0].params[
        "count"] == 2
    assert ambush.units == ("sm_scout", "sm_strike_cruiser")
    khorne = FS.combat_cards["chaos_khornes_rage"].unit[0]  # «unless they spend 1 shield die»
    assert khorne.kind == "choose" and khorne.params["chooser"] == "opponent"
    assert FS.upgrades["chaos_from_the_warp"].effects[0].params["ships_only"] is True
    assert FS.events["chaos_through_the_warp"].effects[0].params["ships_only"] is False
    spores = FS.factions["orks"].ability[0]
    assert spores.kind == "buy_unit" and spores.params["ground_only"] is True
