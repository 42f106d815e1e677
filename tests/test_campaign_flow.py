"""A whole campaign, its files between evenings, saves within a scenario, the top-up and
the legacy deck in other formats."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.star_realms import saves
from game.star_realms.ai import RandomBot
from game.star_realms.campaign import auto, flow, store
from game.star_realms.campaign.model import CampaignError, Result, from_json
from game.star_realms.engine import GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS
from game.star_realms.engine.events import Upgrade
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.snapshot import snapshot
from tests.scene import DB

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def finished():
    return auto.run_campaign(DB, ("greedy", "greedy"), 11, check=True)


def test_a_whole_campaign_by_bots_ends_with_a_winner(finished):
    c, report = finished
    assert c.played_all and c.finished
    assert [s["scenario"] for s in report["scenarios"]] == list(range(1, 13))
    assert report["winner"] in PLAYER_FACTIONS
    vp = report["vp"]
    assert sum(vp.values()) == sum(s.vp.points for s in DB.campaign.scenarios)
    assert report["winner"] == max(vp, key=vp.get)
    assert report["upgraded_cards"] == 40 == 2 * DB.campaign.topup  # twenty per player
    # each player's stickers: one per row per sheet
    for f in PLAYER_FACTIONS:
        rows = [DB.campaign.stickers[s].row for s in c.used.get(f, [])]
        assert len(rows) == len(set(rows))
    # first players: the Empire in scenario 1, then each previous winner
    assert c.results[0].first == "star_empire"
    for prev, nxt in zip(c.results, c.results[1:], strict=False):
        assert nxt.first == prev.winner


def test_the_same_seed_plays_the_same_campaign(finished):
    _, again = auto.run_campaign(DB, ("greedy", "greedy"), 11)
    assert again == finished[1]


def test_the_post_campaign_deck_is_valid_in_every_format(finished):
    c, _ = finished
    opts = flow.legacy_options(c, decks=True)
    for fmt, n in (("duel", 2), ("ffa", 6), ("hunter", 5), ("emperor", 6), ("raid", 6)):
        cfg = GameConfig(sets=flow.LEGACY_SETS, format=fmt, seed=3, options=opts,
                         seats=tuple(SeatConfig(f"P{i}", "random") for i in range(n)))
        state = new_game(DB, cfg)
        trade = [i for i in state.trade_deck + state.trade_row if i >= 0]
        assert len(trade) == 60 + 24
        assert sum(state.cards[i].upgrade is not None for i in trade) == len(c.upgrades)
        bot = RandomBot(1)
        for _ in range(300):
            if state.is_over:
                break
            apply(state, bot.choose(state, legal_actions(state)))
    duel = new_game(DB, GameConfig(sets=flow.LEGACY_SETS, seed=1, options=opts))
    ids = [[duel.cards[i].id for i in s.hand + s.deck] for s in duel.seats]
    assert "smuggler" in ids[0] and "star_police" in ids[1]


def test_a_campaign_file_round_trips(tmp_path, finished):
    c, _ = finished
    path = store.save(c, tmp_path)
    again = store.load(path, DB)
    assert again.to_json() == c.to_json()
    infos = store.list_campaigns(DB, tmp_path)
    assert len(infos) == 1 and infos[0].campaign is not None


def test_saving_between_scenarios_resumes_the_same_campaign(tmp_path):
    c = flow.new_campaign("c1", "test", 5, [("A", "greedy", "star_empire"),
                                           ("B", "greedy", "trade_federation")])
    auto.play_scenario(c, DB)
    auto.play_scenario(c, DB)
    store.save(c, tmp_path)
    loaded = store.load(store.path_of("c1", tmp_path), DB)
    a, b = c, loaded
    auto.play_scenario(a, DB)
    auto.play_scenario(b, DB)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("data, reason", [
    (b"\xff\xfe", "not UTF-8"),
    (b"[" * 100_000, "nested too deeply"),
    (b"{oops", "not valid JSON"),
    (b"[]", "not a campaign"),
    (b'{"magic": "star-realms-table-save", "schema": 1}', "not a Starfold campaign"),
    (b'{"magic": "star-realms-table-campaign", "schema": 99}', "newer version"),
    (b'{"magic": "star-realms-table-campaign", "schema": 0}', "cannot be read by this version"),
])
def test_a_bad_campaign_file_is_refused_with_a_reason(tmp_path, data, reason):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(CampaignError, match=reason):
        store.load(path, DB)


def test_saving_within_a_scenario_restores_the_same_game(tmp_path):
    c = flow.new_campaign("c2", "test", 9, [("A", "greedy", "star_empire"),
                                           ("B", "greedy", "trade_federation")])
    for _ in range(3):
        auto.play_scenario(c, DB)
    assert c.upgrades  # the deck carries stickers into this game
    if flow.needs_choice(c, DB):
        flow.choose(c, DB, flow.choice(c, DB).options[0].id)
    state = new_game(DB, flow.game_config(c, DB))
    from game.star_realms.ai.basic import GreedyBot

    bots = [GreedyBot(1), GreedyBot(2)]
    upgraded_now = False
    for _ in range(400):
        if state.is_over:
            break
        apply(state, bots[acting_seat(state)].choose(state, legal_actions(state)))
        upgraded_now |= any(isinstance(e, Upgrade) for e in state.events)
        if upgraded_now and state.pending is None and state.turn > 8:
            break
    path = saves.write_save(state, tmp_path / "mid.json")
    loaded = saves.load_game(DB, path)
    assert snapshot(loaded) == snapshot(state)
    assert [x.upgrade for x in loaded.cards] == [x.upgrade for x in state.cards]


def test_the_top_up_brings_each_player_to_twenty():
    """001: «Если вы улучшили меньше 20 карт, улучшайте оставшиеся карты торговой
    колоды, пока не улучшите суммарно 20 карт. Если это должны сделать оба игрока,
    делайте это по очереди.» — each player tops up to twenty of their own, in turns."""
    c = flow.new_campaign("c3", "test", 2, [("A", "greedy", "star_empire"),
                                           ("B", "greedy", "trade_federation")])
    c.scenario = 13
    c.results = [Result(n, "star_empire", PLAYER_FACTIONS[n % 2], "authority", 10)
                 for n in range(1, 13)]
    c.upgrades = [["trade_baron", 0, "s1c6ship", "star_empire"]]
    c.used = {"star_empire": ["s1c6ship"]}
    assert flow.topup_needed(c, DB, "star_empire") == 19
    assert flow.topup_needed(c, DB, "trade_federation") == 20
    order = []
    while (turn := flow.topup_turn(c, DB)) is not None:
        order.append(turn)
        from game.star_realms.campaign import bots

        flow.apply_topup(c, DB, bots.pick_topup(c, DB, turn))
    assert c.topup_done
    assert c.upgrades_by("star_empire") == 20 and c.upgrades_by("trade_federation") == 20
    assert len(c.upgrades) == 40 and all(len(c.used[f]) == 20 for f in PLAYER_FACTIONS)
    assert order[0] == "trade_federation"  # fewer upgrades goes first
    # by turns while both still need cards; the one behind finishes alone
    assert all(a != b for a, b in itertools.pairwise(order[:-1]))
    assert order[-1] == "trade_federation"
    with pytest.raises(ValueError):
        flow.apply_topup(c, DB, flow.TopUp("star_empire", "squire", 0, "s1c2ship"))


def test_the_top_up_skips_a_player_who_already_has_twenty():
    """«Если вы улучшили меньше 20 карт …» — a player with twenty upgrades already does
    not take part; only the other tops up."""
    c = flow.new_campaign("c4", "test", 2, [("A", "greedy", "star_empire"),
                                           ("B", "greedy", "trade_federation")])
    c.scenario = 13
    c.results = [Result(n, "star_empire", PLAYER_FACTIONS[n % 2], "authority", 10)
                 for n in range(1, 13)]
    from game.star_realms.campaign import bots

    while c.upgrades_by("star_empire") < 20:  # the Empire used every sticker in play
        flow_pick = bots.pick_topup(c, DB, "star_empire")
        c.upgrades.append([flow_pick.card, flow_pick.copy, flow_pick.sticker, "star_empire"])
        c.used.setdefault("star_empire", []).append(flow_pick.sticker)
    assert flow.topup_turn(c, DB) == "trade_federation"
    turns = set()
    while (turn := flow.topup_turn(c, DB)) is not None:
        turns.add(turn)
        flow.apply_topup(c, DB, bots.pick_topup(c, DB, turn))
    assert turns == {"trade_federation"}
    assert c.upgrades_by("star_empire") == 20 and c.upgrades_by("trade_federation") == 20


def test_simulate_campaign_command():
    out = subprocess.run([sys.executable, "-m", "game", "simulate", "--campaign", "--seats",
                          "greedy,greedy", "--seed", "4", "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert len(data["scenarios"]) == 12 and all(s["winner"] in PLAYER_FACTIONS
                                                for s in data["scenarios"])
    assert set(data["vp"]) == set(PLAYER_FACTIONS) and data["winner"] in PLAYER_FACTIONS
    assert data["upgraded_cards"] >= 20 and data["errors"] == 0


def test_cards_command_lists_the_campaign_sets():
    def cards(set_id):
        out = subprocess.run([sys.executable, "-m", "game", "cards", "--set", set_id,
                              "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    campaign = cards("campaign")
    assert sum(c["copies"] for c in campaign) == 60
    post = cards("post_campaign")
    assert sum(c["copies"] for c in post) == 24
    decks = {c["id"] for c in cards("campaign_decks")}
    assert {"smuggler", "star_police"} <= decks
    assert set(campaign[0]) == {"id", "name_en", "name_ru", "factions", "kind", "cost",
                                "defense", "copies"}


GOOD = None


def good_doc():
    global GOOD
    if GOOD is None:
        c, _ = auto.run_campaign(DB, ("greedy", "greedy"), 21)
        GOOD = c.to_json()
    return json.loads(json.dumps(GOOD))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_campaign_files_raise_only_campaign_error(data):
    doc = good_doc()
    # mutate one field somewhere in the document
    node = doc
    path = []
    for _ in range(data.draw(st.integers(1, 3))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
        elif isinstance(node, list) and node:
            key = data.draw(st.integers(0, len(node) - 1))
        else:
            break
        path.append((node, key))
        node = node[key]
    if not path:
        return
    parent, key = path[-1]
    parent[key] = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-5, 10**9),
                                      st.text(max_size=5), st.lists(st.integers(), max_size=2),
                                      st.dictionaries(st.text(max_size=3), st.integers(),
                                                      max_size=2)))
    try:
        from_json(doc, DB)
    except CampaignError as exc:
        assert str(exc) and "\n" not in str(exc)
