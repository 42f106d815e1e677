"""The legacy campaign's screens, driven with synthetic events: the list, a new campaign,
the hub, the envelope and its choice, a scenario played at the table and recorded, a
game resumed, the upgrade dialog, the top-up, the legacy deck in the setup, and a
damaged campaign file.  Each new screen is also rendered to PNG (in English and
Russian, at 1280×720 and 1920×1080) into ``STAR_REALMS_SHOTS`` when that is set."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import i18n
from game.settings import Settings
from game.star_realms.campaign import auto, flow, store
from game.star_realms.engine import Action, apply, legal_actions
from game.star_realms.engine.snapshot import snapshot
from game.star_realms.engine.state import EMPTY
from game.star_realms.ui import card_images
from game.star_realms.ui.scenes.campaign import (
    CampaignHubScene,
    CampaignListScene,
    CampaignSession,
    EnvelopeScene,
    NewCampaignScene,
    NoticeScene,
    game_path,
    result_notice,
)
from game.star_realms.ui.scenes.campaign_topup import CampaignEndScene, TopUpScene
from game.star_realms.ui.scenes.game_over import GameOverScene
from game.star_realms.ui.scenes.table import TableScene
from game.ui.main import make_app
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_ui_table import click, frame, key

SHOTS = os.environ.get("STAR_REALMS_SHOTS")


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("STAR_REALMS_CAMPAIGNS_DIR", str(tmp_path / "campaigns"))
    return tmp_path


def make(size=(1280, 720), lang="en"):
    settings = replace(Settings(), language=lang, animation_speed=0.0, auto_apply=False)
    return make_app(size=size, settings=settings, persist=False)


@pytest.fixture
def app(folders):
    application = make()
    yield application
    for scene in application.stack:
        if hasattr(scene, "session"):
            scene.session.close()
    i18n.set_language("en")


def shot(app, name: str) -> None:
    """Settle the card faces and save the screen (when screenshots are asked for)."""
    if not SHOTS:
        return
    for _ in range(3):
        frame(app)
        card_images.for_app(app).wait()  # made on first use: a screen may have no cards
    frame(app)
    w, h = app.size
    out = Path(SHOTS) / f"{name}_{i18n.language()}_{w}x{h}.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))


def campaign(name="Test", wishes=("star_empire", "trade_federation"),
             controllers=("human", "human"), seed=5):
    c = flow.new_campaign(store.new_id() + name.lower(), name, seed, [
        ("Anna", controllers[0], wishes[0]), ("Boris", controllers[1], wishes[1])])
    store.save(c)
    return c


def played(c, upto: int, bots=("greedy", "greedy")):
    """Play scenarios with bots until ``upto`` is the next one; keep the controllers."""
    kept = [p.controller for p in c.players]
    for p, b in zip(c.players, bots, strict=True):
        p.controller = b
    while c.scenario < upto and not c.played_all:
        auto.play_scenario(c, DB)
    for p, k in zip(c.players, kept, strict=True):
        p.controller = k
    store.save(c)
    return c


def select(dd, label: str) -> None:
    """Pick a drop-down option as the player would (the event the menu posts)."""
    dd.selected_option = (label, label) if isinstance(dd.selected_option, tuple) else label
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         {"ui_element": dd, "text": label}))


def press(app, button) -> None:
    click(app, button.rect.center)


# ---------------------------------------------------------------------- menu → hub


def test_menu_new_campaign_with_a_coin_flip_then_the_hub(app):
    menu = app.push(MenuScene(app))
    frame(app)
    click(app, menu.button_rect("campaign").center)
    lst = app.top
    assert isinstance(lst, CampaignListScene) and not lst.infos
    shot(app, "campaign_list_empty")
    press(app, lst.new)
    new = app.top
    assert isinstance(new, NewCampaignScene)
    new.names[1].set_text("Boris")
    new.names[0].set_text("Anna")
    select(new.ctrl[1], i18n.t("setup.human"))
    select(new.wish[1], i18n.t("faction.star_empire"))  # both want the Empire
    frame(app)
    shot(app, "campaign_new")
    press(app, new.create)
    notice = app.top
    assert isinstance(notice, NoticeScene)
    assert any(i18n.t("campaign.coin_flip") == text for text, _, _ in notice.lines)
    shot(app, "campaign_coin")
    key(app, pygame.K_RETURN)
    hub = app.top
    assert isinstance(hub, CampaignHubScene)
    c = hub.c
    assert c.coin_flip and [p.controller for p in c.players] == ["human", "human"]
    assert {p.name for p in c.players} == {"Anna", "Boris"}
    assert c.scenario == 1 and not c.results and not c.upgrades
    assert hub.actions() == ["envelope"]
    assert all(c.vp(f, DB) == 0 for f in flow.PLAYER_FACTIONS)
    shot(app, "campaign_hub_new")
    key(app, pygame.K_ESCAPE)  # back to the list, which now shows it
    assert isinstance(app.top, CampaignListScene) and len(app.top.infos) == 1
    shot(app, "campaign_list")


def test_damaged_campaign_file_is_listed_with_its_reason(app, folders):
    campaign("Good")
    folder = store.campaigns_dir()
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "alien.json").write_text('{"magic": "something else"}', encoding="utf-8")
    app.push(MenuScene(app))
    lst = app.push(CampaignListScene(app))
    frame(app)
    errors = [i for i in lst.infos if i.campaign is None]
    assert len(errors) == 2 and all(i.error for i in errors)
    bad = next(n for n, i in enumerate(lst.infos) if i.campaign is None)
    rect = next(r for r, n in lst.row_rects() if n == bad)
    click(app, rect.center)
    assert lst.selected == bad and not lst.open.is_enabled
    key(app, pygame.K_RETURN)  # nothing opens, nothing crashes
    assert app.top is lst
    shot(app, "campaign_list_damaged")


# ---------------------------------------------------------------------- the envelope


def test_envelope_of_scenario_2_shows_the_choice_and_play_starts_the_table(app):
    c = played(campaign(), 2)
    app.push(MenuScene(app))
    hub = app.push(CampaignHubScene(app, c.id))
    frame(app)
    press(app, hub.button("envelope"))
    env = app.top
    assert isinstance(env, EnvelopeScene) and env.sc.number == 2
    assert env.choice is not None and not env.ai_chose
    assert not env.play.is_enabled
    frame(app)
    shot(app, "campaign_envelope_choice")
    rect, option = env.option_rects[1]
    click(app, rect.center)
    assert store.load(store.path_of(c.id), DB).pending_choice == option
    assert env.play.is_enabled
    shot(app, "campaign_envelope")
    press(app, env.play)
    table = app.top
    assert isinstance(table, TableScene)
    state = table.session.state
    assert state.config.format == "campaign"
    assert dict(state.config.options)["campaign"]["choices"]["2"] == option
    assert isinstance(table.session, CampaignSession)
    # the first autosave made the campaign name its game file
    c2 = store.load(store.path_of(c.id), DB)
    assert c2.game and game_path(c2.game).is_file()


def test_an_ai_first_player_chooses_and_the_envelope_says_so(app):
    c = played(campaign(), 2)
    first = c.player_of(flow.first_faction(c))
    c.players[first].controller = "normal"  # the winner of scenario 1 chooses
    store.save(c)
    app.push(MenuScene(app))
    env = app.push(EnvelopeScene(app, c.id))
    frame(app)
    assert env.ai_chose and env.c.pending_choice and env.play.is_enabled
    assert store.load(store.path_of(c.id), DB).pending_choice == env.c.pending_choice


# ---------------------------------------------------------------------- a game, recorded


def finish_by_bots(app, table, limit=4000):
    """Step the table (instant speed) until its game is over."""
    for _ in range(limit):
        frame(app)
        if table.session.state.is_over:
            break
    frame(app, n=3)


def test_ai_scenario_played_to_the_end_then_recorded_once(app, folders):
    c = campaign(controllers=("greedy", "greedy"))
    app.push(MenuScene(app))
    env = app.push(EnvelopeScene(app, c.id))
    frame(app)
    press(app, env.play)
    table = app.top
    assert isinstance(table, TableScene)
    finish_by_bots(app, table)
    over = app.top
    assert isinstance(over, GameOverScene) and over.campaign
    winner = table.session.state.winners[0]
    shot(app, "campaign_game_over")
    key(app, pygame.K_RETURN)  # Back to the campaign
    notice = app.top
    assert isinstance(notice, NoticeScene)
    hub = app.stack[-2]
    assert isinstance(hub, CampaignHubScene)
    saved = store.load(store.path_of(c.id), DB)
    assert len(saved.results) == 1 and saved.scenario == 2 and not saved.game
    assert saved.results[0].winner == saved.players[winner].faction
    assert not list((store.campaigns_dir() / "games").glob("*.json"))
    assert saved.to_json() == store.load(store.path_of(c.id), DB).to_json()
    shot(app, "campaign_result")
    key(app, pygame.K_RETURN)
    assert app.top is hub and hub.c.results == saved.results
    # a second "Back to the campaign" (same session) records nothing more
    from game.star_realms.ui.scenes.campaign import back_to_campaign

    assert back_to_campaign(app, table.session) == ""
    assert len(store.load(store.path_of(c.id), DB).results) == 1


def test_continue_game_restores_the_same_state(app):
    c = played(campaign(), 1)
    app.push(MenuScene(app))
    env = app.push(EnvelopeScene(app, c.id))
    frame(app)
    press(app, env.play)
    table = app.top
    st = table.session.state
    # a few moves by the first player, then the next turn starts (an autosave)
    seat = st.active
    while st.active == seat and not st.is_over:
        acts = legal_actions(st)
        a = next((x for x in acts if x.kind == "play"), None) or next(
            (x for x in acts if x.kind == "end_turn"), acts[0])
        table.act(a)
    frame(app)
    before = snapshot(st)
    table.session.close()
    app.reset_to(MenuScene(app))
    hub = app.push(CampaignHubScene(app, c.id))
    frame(app)
    assert hub.actions() == ["continue"]
    shot(app, "campaign_hub_in_progress")
    press(app, hub.button("continue"))
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed is not table
    assert snapshot(resumed.session.state) == before
    assert resumed.session.campaign_id == c.id


def test_a_campaign_game_loaded_from_the_load_screen_finds_its_campaign(app):
    from game.star_realms.saves import save_game
    from game.star_realms.ui.scenes.load import open_save

    c = played(campaign(), 1)
    app.push(MenuScene(app))
    env = app.push(EnvelopeScene(app, c.id))
    frame(app)
    press(app, env.play)
    path = save_game(app.top.session.state)
    app.top.session.close()
    app.reset_to(MenuScene(app))
    assert open_save(app, path) == ""
    assert app.top.session.campaign_id == c.id


# ---------------------------------------------------------------------- the upgrade dialog


def upgrade_table(app, upto=1):
    """A campaign game (of scenario ``upto``) at its first main phase with an "upgrade"
    question pending for the human seat (a neighbour ship bought with enough trade)."""
    c = played(campaign(), upto)
    first = c.player_of(flow.first_faction(c))
    for i, p in enumerate(c.players):
        p.controller = "human" if i == first else "greedy"
    store.save(c)
    app.push(MenuScene(app))
    env = app.push(EnvelopeScene(app, c.id))
    frame(app)
    press(app, env.play)
    table = app.top
    st = table.session.state
    while st.pending is not None:
        apply(st, legal_actions(st)[0])
    seat = st.active
    assert table.session.is_human(seat)
    st.seats[seat].trade = 99  # (to ask what each card could carry)
    pool = [i for i in st.trade_deck + st.trade_row if i != EMPTY and st.cards[i].is_ship]
    iid = max(pool, key=lambda i: (len(st.format.upgrade_options(st, seat, i)),
                                   st.cards[i].id == "information_broker"))
    if iid not in st.trade_row:
        st.trade_deck.remove(iid)
        st.trade_deck.append(st.trade_row[0])
        st.trade_row[0] = iid
    st.seats[seat].trade = st.format.price(st, seat, iid) + st.format.upgrade_cost(
        seat, st.cards[iid])
    table.refresh_view()
    frame(app)
    table.act(Action("buy", seat, card=iid))
    frame(app, n=2)
    assert st.pending is not None and st.pending.purpose == "upgrade"
    return table, iid


def test_upgrade_dialog_applies_a_sticker(app):
    from game.star_realms.ui.prompt import UpgradePrompt

    table, iid = upgrade_table(app)
    prompt = table.prompt
    assert isinstance(prompt, UpgradePrompt) and prompt.previews
    assert all(face.upgrade for _, face in prompt.previews)
    shot(app, "campaign_upgrade")
    rect, action = prompt.card_rects[0]
    click(app, rect.center)
    st = table.session.state
    assert st.cards[iid].upgrade is not None and iid in st.seats[action.seat].discard
    assert any(line.key == "log.upgrade" for line in table.session.log)
    # the table draws the upgraded face from the model's card and the game's lookup
    shown = table.session.shown_card(iid)
    assert shown is not None and shown.upgrade == st.cards[iid].upgrade
    assert table.session.card_def(shown.face_key()) == st.cards[iid]
    text = next(line for line in table.session.log if line.key == "log.upgrade").render(st)
    assert i18n.card_name(st.cards[iid]) in text


def test_upgrade_dialog_declines(app):
    table, iid = upgrade_table(app)
    decline = next(b for b, a in table.prompt.actions.items() if a.kind == "stop")
    press(app, decline)
    st = table.session.state
    assert st.cards[iid].upgrade is None
    assert st.pending is None or st.pending.purpose != "upgrade"
    assert iid in st.seats[table.me].discard
    assert table.prompt is None or not hasattr(table.prompt, "previews")


# ---------------------------------------------------------------------- the top-up


def test_topup_after_scenario_12_completes_and_shows_the_winner(app):
    c = campaign(controllers=("human", "normal"))
    played(c, 13, bots=("greedy", "random"))
    assert c.played_all and flow.topup_turn(c, DB) is not None
    app.push(MenuScene(app))
    hub = app.push(CampaignHubScene(app, c.id))
    frame(app)
    assert hub.actions() == ["topup"] and flow.winner(hub.c, DB) is not None
    shot(app, "campaign_hub_end")
    press(app, hub.button("topup"))
    top = app.top
    assert isinstance(top, TopUpScene)
    for _ in range(40):
        if not isinstance(app.top, TopUpScene):
            break
        top = app.top
        assert top.player(top.turn).controller == "human"
        frame(app)
        rect, card = top.card_rects[-1]
        click(app, rect.center)
        assert top.card == card
        if top.pick is None:
            click(app, top.preview_rects[0][0].center)
        if len(top.c.topup_log) in (0, 1):
            shot(app, "campaign_topup")
        press(app, top.apply)
    end = app.top
    assert isinstance(end, CampaignEndScene)
    saved = store.load(store.path_of(c.id), DB)
    assert saved.finished and len(saved.upgrades) >= DB.campaign.topup
    assert {e[0] for e in saved.topup_log} == set(flow.PLAYER_FACTIONS)  # both took turns
    shot(app, "campaign_end")
    key(app, pygame.K_RETURN)
    assert app.top is hub and hub.actions() == ["legacy"]


# ---------------------------------------------------------------------- the legacy deck


def finished_campaign():
    c = campaign("Legacy", controllers=("greedy", "greedy"))
    played(c, 13)
    auto.finish(c, DB)
    store.save(c)
    assert c.finished
    return c


def test_setup_offers_the_legacy_deck_and_it_holds_upgraded_cards(app):
    from game.star_realms.ui.scenes.setup import SetupScene

    c = finished_campaign()
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    frame(app)
    assert setup.deck_dd is not None
    label = i18n.t("setup.deck_legacy", name=c.name)
    select(setup.deck_dd, label)
    frame(app)
    setup = app.top
    assert setup.deck == c.id and setup.decks_box is not None
    click(app, setup.decks_box.rect.center)
    assert setup.legacy_decks
    shot(app, "campaign_setup_legacy")
    press(app, setup.start)
    table = app.top
    assert isinstance(table, TableScene)
    st = table.session.state
    assert st.config.sets == flow.LEGACY_SETS
    legacy = dict(st.config.options)["legacy"]
    assert legacy["decks"] is True
    trade = st.trade_deck + [i for i in st.trade_row if i != EMPTY]
    assert any(st.cards[i].upgrade for i in trade)
    assert {st.cards[i].id for s in st.seats for i in s.deck + s.hand} & {
        "imperial_fighter", "federation_shuttle", "smuggler", "star_police"}


def test_setup_with_the_legacy_deck_allows_six_players(app):
    from game.star_realms.ui.scenes.setup import SetupScene

    c = finished_campaign()
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    setup.deck = c.id
    setup.change_format("ffa", 6)
    setup = app.top
    for box in setup.set_boxes:
        box.set_state(False)
    setup.check()
    assert setup.error == ""
    gs = setup.read()
    assert gs.sets == flow.LEGACY_SETS and len(gs.seats) == 6
    setup.begin(gs)
    assert isinstance(app.top, TableScene)


# ---------------------------------------------------------------------- screenshots


@pytest.mark.skipif(not SHOTS, reason="screenshots only when STAR_REALMS_SHOTS is set")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_screenshots(folders, size, lang):
    application = make(size, lang)
    try:
        c = campaign(controllers=("human", "normal"))
        played(c, 6)
        application.push(MenuScene(application))
        application.push(CampaignListScene(application))
        shot(application, "campaign_list")
        application.push(NewCampaignScene(application))
        shot(application, "campaign_new")
        application.pop()
        hub = application.push(CampaignHubScene(application, c.id))
        shot(application, "campaign_hub")
        application.push(EnvelopeScene(application, c.id))
        shot(application, "campaign_envelope")
        application.pop()
        c2 = played(campaign("Two", controllers=("human", "normal")), 2)
        first = c2.player_of(flow.first_faction(c2))
        c2.players[first].controller = "human"  # the human's choice, made
        c2.players[1 - first].controller = "normal"
        flow.choose(c2, DB, flow.choice(c2, DB).options[1].id)
        store.save(c2)
        application.push(EnvelopeScene(application, c2.id))
        shot(application, "campaign_envelope_choice")
        application.pop()
        application.push(NoticeScene(application, *result_notice(c, DB, c.results[-1])))
        shot(application, "campaign_result")
        application.pop()
        c3 = campaign("End", controllers=("human", "normal"))
        played(c3, 13, bots=("greedy", "random"))
        application.push(TopUpScene(application, c3.id))
        top = application.top
        top.choose_card(top.candidates()[-1])
        top.pick = top.stickers_for(top.card)[-1]
        top.sync()
        shot(application, "campaign_topup")
        application.pop()
        auto.finish(c3, DB)
        store.save(c3)
        application.push(CampaignEndScene(application, c3.id))
        shot(application, "campaign_end")
        application.pop()
        assert hub is application.top
        table, _ = upgrade_table(application, upto=5)  # every sheet is held: more stickers
        shot(application, "campaign_upgrade")
        table.session.close()
    finally:
        for scene in application.stack:
            if hasattr(scene, "session"):
                scene.session.close()
        i18n.set_language("en")
