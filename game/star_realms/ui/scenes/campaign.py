"""The legacy campaign's screens: the list of campaigns, a new campaign, the hub (the
scenario track and the two vaults), the envelope of the next scenario, and the way a
scenario's game is played, resumed and recorded.

The campaign's rules are in :mod:`game.star_realms.campaign.flow`; these screens only show them and
pass on what the players click.  A scenario in progress is saved beside the campaign
(``campaigns/games/<id>-game.json``) at the start of every turn, and the campaign file
names it, so "Continue game" finds it again.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pygame
import pygame_gui

from game import i18n
from game.star_realms.campaign import bots, flow, store
from game.star_realms.campaign.model import Campaign, CampaignError
from game.star_realms.data import load_rules
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS, SCENARIOS
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS
from game.star_realms.engine.state import State
from game.star_realms.ui import campaign_view as cv
from game.star_realms.ui.session import HUMAN, Session
from game.ui.backdrop import starfield
from game.ui.scene import Scene
from game.ui.scenes.overlays import Overlay, shade

ROWS = 6  # campaigns per page of the list
DOUBLE_CLICK_MS = 400


# ---------------------------------------------------------------------- files


def games_dir() -> Path:
    """Where scenario games in progress are kept (beside, not among, the campaign files:
    ``store.list_campaigns`` reads every ``*.json`` of its folder as a campaign)."""
    return store.campaigns_dir() / "games"


def game_file(cid: str) -> str:
    return f"{cid}-game.json"


def game_path(name: str) -> Path:
    return games_dir() / name


def load_campaign(db, cid: str) -> Campaign:
    return store.load(store.path_of(cid), db)


def game_spec_of(state: State) -> dict:
    return dict(state.config.options).get("campaign") or {}


def campaign_for(db, state: State) -> Campaign | None:
    """The campaign a scenario game belongs to: the unfinished campaign whose next game
    has exactly this configuration (seed, seats, scenario, choices, upgrades).  Works
    for a game loaded from any save, the campaign's own file or an autosave."""
    if state.config.format != "campaign":
        return None
    spec = game_spec_of(state)
    found: list[Campaign] = []
    for info in store.list_campaigns(db):
        c = info.campaign
        if c is None or c.played_all or c.scenario != spec.get("scenario"):
            continue
        try:
            config = flow.game_config(c, db)
        except ValueError:
            continue
        if (config.seed == state.config.seed and config.seats == state.config.seats
                and dict(config.options)["campaign"] == spec):
            found.append(c)
    found.sort(key=lambda c: c.game == "")  # one with a game in progress first
    return found[0] if found else None


# ---------------------------------------------------------------------- a scenario's game


class CampaignSession(Session):
    """A scenario's game: every autosave also goes to the campaign's own game file."""

    def __init__(self, db, state, controllers, campaign_id: str = ""):
        super().__init__(db, state, controllers)
        self.campaign_id = campaign_id
        self.linked = False  # the campaign file names our game file
        self.recorded = None  # the Result once "Back to the campaign" recorded it

    def autosave(self) -> str:
        why = super().autosave()
        own = self.save_campaign_game()  # even when the ordinary autosave failed
        return why or own

    def save_campaign_game(self) -> str:
        """Write the game to ``games/<id>-game.json`` and name it in the campaign."""
        if not self.campaign_id or self.recorded is not None:
            return ""
        from game.star_realms.saves import write_save

        name = game_file(self.campaign_id)
        try:
            write_save(self.state, game_path(name), "autosave")
            if not self.linked:
                c = load_campaign(self.db, self.campaign_id)
                if c.played_all or c.scenario != game_spec_of(self.state).get("scenario"):
                    self.campaign_id = ""  # that scenario is over: not ours any more
                    return ""
                if c.game != name:
                    c.game = name
                    store.save(c)
                self.linked = True
        except (OSError, CampaignError) as exc:
            return str(exc)
        return ""


def resume_session(db, state: State) -> Session:
    """A loaded game's session; a campaign game finds its campaign."""
    if state.config.format != "campaign":
        return Session.resume(db, state)
    session = CampaignSession.resume(db, state)
    c = campaign_for(db, state)
    session.campaign_id = c.id if c is not None else ""
    return session


def play_scenario(app, c: Campaign, db) -> None:
    """The envelope's Play: a new game of the current scenario, the hub beneath it."""
    from game.star_realms.engine.setup import new_game
    from game.star_realms.ui.scenes.table import TableScene
    from game.ui.scenes.menu import MenuScene

    state = new_game(db, flow.game_config(c, db))
    session = CampaignSession(db, state, [p.controller for p in c.players], c.id)
    app.reset_to(MenuScene(app))
    app.push(CampaignHubScene(app, c.id))
    app.push(TableScene(app, session))


def continue_game(app, c: Campaign, db) -> str:
    """The hub's Continue game; returns "" or why the game cannot be loaded."""
    from game.star_realms.saves import SaveError, load_game
    from game.star_realms.ui.scenes.table import TableScene

    try:
        state = load_game(db, game_path(c.game))
    except SaveError as exc:
        return str(exc)
    session = CampaignSession.resume(db, state)
    session.campaign_id = c.id
    app.push(TableScene(app, session))
    return ""


def on_game_over(session: Session) -> None:
    """The game just ended: keep its final position in the campaign's game file, so the
    result can still be recorded later ("Continue game") if the players leave now."""
    if isinstance(session, CampaignSession) and session.campaign_id:
        from game.star_realms.saves import write_save

        with contextlib.suppress(OSError):
            write_save(session.state, game_path(game_file(session.campaign_id)), "autosave")


def back_to_campaign(app, session: Session) -> str:
    """Game over → "Back to the campaign": record the result once, drop the game file,
    save the campaign and show the hub with the result.  Returns "" or a reason."""
    from game.ui.scenes.menu import MenuScene

    db = session.db
    state = session.state
    c: Campaign | None = None
    cid = getattr(session, "campaign_id", "")
    if cid:
        with contextlib.suppress(CampaignError):
            c = load_campaign(db, cid)
    if c is None:
        c = campaign_for(db, state)
    if c is None:
        return i18n.t("campaign.not_found")
    scenario = game_spec_of(state).get("scenario")
    result = getattr(session, "recorded", None)
    if result is None and not c.played_all and c.scenario == scenario:
        name = c.game or game_file(c.id)
        try:
            result = flow.record(c, db, state)
        except ValueError as exc:
            return str(exc)
        try:
            store.save(c)
        except OSError as exc:
            return i18n.t("campaign.save_failed", why=exc.strerror or str(exc))
        if isinstance(session, CampaignSession):
            session.recorded = result
        with contextlib.suppress(OSError):
            game_path(name).unlink(missing_ok=True)
    elif result is None and isinstance(scenario, int) and scenario <= len(c.results):
        result = c.results[scenario - 1]
    session.close()
    app.reset_to(MenuScene(app))
    app.push(CampaignHubScene(app, c.id))
    if result is not None:
        app.push(NoticeScene(app, *result_notice(c, db, result)))
    return ""


# ---------------------------------------------------------------------- notices


Line = tuple[str, tuple[int, int, int], str | None]  # text, colour, emblem faction


def outcome_notice(c: Campaign) -> tuple[str, list[Line]]:
    lines: list[Line] = [
        (i18n.t("campaign.plays_as", name=p.name, faction=cv.faction(p.faction)), cv.WHITE,
         p.faction) for p in c.players]
    lines.append((i18n.t("campaign.coin_flip" if c.coin_flip else "campaign.wishes_kept"),
                  cv.GOLD if c.coin_flip else cv.TEXT, None))
    first = c.players[c.player_of(flow.first_faction(c))]
    lines.append((i18n.t("campaign.first_scenario_first", name=first.name), cv.DIM, None))
    return i18n.t("campaign.begins"), lines


def result_notice(c: Campaign, db, result) -> tuple[str, list[Line]]:
    winner = c.players[c.player_of(result.winner)]
    loser = c.players[1 - c.player_of(result.winner)]
    sc = db.campaign.scenario(result.scenario)
    title = i18n.t("campaign.result_title", name=winner.name, n=result.scenario)
    lines: list[Line] = [
        (cv.loc(sc, "name"), cv.DIM, None),
        (i18n.t(f"campaign.how_long.{result.how}", name=winner.name, loser=loser.name),
         cv.WHITE, result.winner),
        (i18n.t("campaign.takes_vp", name=winner.name, card=cv.loc(sc.vp, "name"),
                n=sc.vp.points), cv.GOLD, None),
        (i18n.t("campaign.turns", n=result.turns), cv.DIM, None),
    ]
    if c.played_all:
        lines.append((i18n.t("campaign.all_played"), cv.TEXT, None))
    else:
        nxt = db.campaign.scenario(c.scenario)
        lines.append((i18n.t("campaign.next", n=c.scenario, name=cv.loc(nxt, "name")),
                      cv.TEXT, None))
    return title, lines


class NoticeScene(Overlay):
    """A message over the scene below: a title, lines with emblems, OK."""

    def __init__(self, app, title: str, lines: list[Line]):
        self.title = title
        self.lines = lines
        super().__init__(app)

    def panel_rect(self) -> pygame.Rect:
        return self.rect(360, 220, 1200, 640)

    def build(self) -> None:
        self.ok = pygame_gui.elements.UIButton(self.rect(760, 740, 400, 86), i18n.t("campaign.ok"),
                                               self.ui, object_id="#primary_button")

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER)):
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        r = self.panel_rect()
        cv.box(surface, r, self.px(16), fill=(14, 22, 42), edge=(90, 120, 180), width=2)
        cv.blit_text(surface, self.title, self.rect(960, 250, 0, 0).topleft, self.px(48),
                     cv.GOLD, True, "midtop", max_w=r.w - self.px(40))
        y = self.rect(0, 340, 0, 0).y
        x0 = self.rect(420, 0, 0, 0).x
        width = self.px(1080)
        for text, color, fac in self.lines:
            x = x0
            if fac is not None:
                surface.blit(cv.emblem(fac, self.px(40)), (x, y))
                x += self.px(54)
            y = cv.blit_wrapped(surface, text, x, y + self.px(4), width - (x - x0), self.px(30),
                                color, line_h=self.px(38)) + self.px(10)


# ---------------------------------------------------------------------- the list


def status_text(c: Campaign, db) -> str:
    if c.played_all:
        win = flow.winner(c, db)
        name = c.players[c.player_of(win)].name if win else "?"
        key = "campaign.finished" if c.topup_done else "campaign.played_all"
        return i18n.t(key, name=name)
    return i18n.t("campaign.scenario_of", n=c.scenario, total=SCENARIOS)


class CampaignListScene(Scene):
    def __init__(self, app):
        self.db = load_rules()
        self.infos = store.list_campaigns(self.db)
        self.page = 0
        usable = [i for i, info in enumerate(self.infos) if info.campaign is not None]
        self.selected = usable[0] if usable else (0 if self.infos else -1)
        self.page = max(self.selected, 0) // ROWS
        self.last_click = (-1, -1e9)
        self.error = ""
        super().__init__(app)

    def build(self) -> None:
        el = pygame_gui.elements
        ui = self.ui
        self.back = el.UIButton(self.rect(260, 940, 300, 86), i18n.t("campaign.back"), ui)
        self.new = el.UIButton(self.rect(980, 940, 320, 86), i18n.t("campaign.new"), ui,
                               object_id=None if self.infos else "#primary_button")
        self.open = el.UIButton(self.rect(1340, 940, 320, 86), i18n.t("campaign.open"), ui,
                                object_id="#primary_button")
        self.prev = el.UIButton(self.rect(620, 940, 140, 86), "‹", ui)
        self.next = el.UIButton(self.rect(780, 940, 140, 86), "›", ui)
        if self.page == 0:
            self.prev.disable()
        if (self.page + 1) * ROWS >= len(self.infos):
            self.next.disable()
        if len(self.infos) <= ROWS:
            self.prev.hide()
            self.next.hide()
        self.sync_open()

    def sync_open(self) -> None:
        info = self.infos[self.selected] if 0 <= self.selected < len(self.infos) else None
        if info is None or info.campaign is None:
            self.open.disable()
        else:
            self.open.enable()

    def resume(self) -> None:
        chosen = self.infos[self.selected].path if 0 <= self.selected < len(self.infos) else None
        self.infos = store.list_campaigns(self.db)
        paths = [i.path for i in self.infos]
        self.selected = paths.index(chosen) if chosen in paths else (0 if self.infos else -1)
        self.page = max(self.selected, 0) // ROWS
        self.rebuild()

    def row_rects(self) -> list[tuple[pygame.Rect, int]]:
        start = self.page * ROWS
        return [(self.rect(260, 160 + i * 126, 1400, 112), start + i)
                for i in range(min(ROWS, len(self.infos) - start))]

    def open_selected(self) -> None:
        if not 0 <= self.selected < len(self.infos):
            return
        info = self.infos[self.selected]
        if info.campaign is not None:
            self.app.push(CampaignHubScene(self.app, info.campaign.id))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back:
                self.app.pop()
            elif el is self.new:
                self.app.push(NewCampaignScene(self.app))
            elif el is self.open:
                self.open_selected()
            elif el is self.prev or el is self.next:
                self.page += -1 if el is self.prev else 1
                self.selected = self.page * ROWS
                self.rebuild()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, i in self.row_rects():
                if rect.collidepoint(event.pos):
                    now = self.app.clock_ms
                    double = self.last_click[0] == i and now - self.last_click[1] < \
                        DOUBLE_CLICK_MS
                    self.last_click = (i, now)
                    self.selected = i
                    self.sync_open()
                    if double:
                        self.open_selected()
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.infos:
                    self.open_selected()
                else:
                    self.app.push(NewCampaignScene(self.app))
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.infos:
                step = -1 if event.key == pygame.K_UP else 1
                self.selected = min(max(self.selected + step, 0), len(self.infos) - 1)
                if self.selected // ROWS != self.page:
                    self.page = self.selected // ROWS
                    self.rebuild()
                self.sync_open()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=5), (0, 0))
        cv.blit_text(surface, i18n.t("campaign.title"), self.rect(960, 50, 0, 0).topleft,
                     self.px(60), cv.WHITE, True, "midtop")
        if not self.infos:
            cv.blit_text(surface, i18n.t("campaign.none_yet"), self.rect(960, 420, 0, 0).topleft,
                         self.px(32), cv.DIM, anchor="center")
            cv.blit_wrapped(surface, i18n.t("campaign.about"), self.rect(460, 500, 0, 0).x,
                            self.rect(0, 500, 0, 0).y, self.px(1000), self.px(26), cv.DIM)
        mouse = pygame.mouse.get_pos()
        for rect, i in self.row_rects():
            info = self.infos[i]
            hot = i == self.selected
            fill = cv.PANEL_HI if hot or rect.collidepoint(mouse) else cv.PANEL
            cv.box(surface, rect, self.px(12), fill, cv.GOLD if hot else cv.EDGE,
                   self.px(3) if hot else 1)
            pad = self.px(20)
            if info.campaign is None:
                cv.blit_text(surface, info.path.name, (rect.x + pad, rect.y + self.px(14)),
                             self.px(28), cv.TEXT, True, max_w=rect.w - 2 * pad)
                cv.blit_text(surface, i18n.t("campaign.damaged", why=info.error),
                             (rect.x + pad, rect.y + self.px(62)), self.px(24), cv.RED,
                             max_w=rect.w - 2 * pad)
                continue
            c = info.campaign
            cv.blit_text(surface, c.name, (rect.x + pad, rect.y + self.px(10)), self.px(32),
                         cv.WHITE, True, max_w=self.px(820))
            cv.blit_text(surface, status_text(c, self.db),
                         (rect.right - pad, rect.y + self.px(14)), self.px(28),
                         cv.GOLD, True, "topright")
            x = rect.x + pad
            y = rect.y + self.px(62)
            for k, p in enumerate(c.players):
                if k:
                    r = cv.blit_text(surface, i18n.t("campaign.versus"), (x, y + self.px(2)),
                                     self.px(24), cv.DIM)
                    x = r.right + self.px(14)
                surface.blit(cv.emblem(p.faction, self.px(36)), (x, y))
                r = cv.blit_text(surface, f"{p.name} · {cv.faction(p.faction)}",
                                 (x + self.px(44), y + self.px(2)), self.px(24), cv.TEXT)
                x = r.right + self.px(16)
            vp = " : ".join(str(c.vp(p.faction, self.db)) for p in c.players)
            cv.blit_text(surface, i18n.t("campaign.vp_score", score=vp),
                         (rect.right - pad, y + self.px(2)), self.px(26), cv.TEXT, True,
                         "topright")
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 1040, 0, 0).topleft, self.px(24),
                         cv.RED, True, "midtop")


# ---------------------------------------------------------------------- a new campaign


WISHES = ("star_empire", "trade_federation", None)


class NewCampaignScene(Scene):
    def __init__(self, app):
        from game.star_realms.ui.scenes.setup import controllers

        self.kinds = controllers()
        ai = "normal" if "normal" in self.kinds else self.kinds[-1]
        self.form = {
            "name": i18n.t("campaign.default_name", n=len(store.list_campaigns(load_rules()))
                           + 1),
            "players": [[i18n.t("setup.seat_n", n=1), HUMAN, "star_empire"],
                        [i18n.t("setup.seat_n", n=2), ai, None]],
        }
        self.error = ""
        super().__init__(app)

    @staticmethod
    def wish_label(w: str | None) -> str:
        return cv.faction(w) if w else i18n.t("campaign.no_wish")

    def build(self) -> None:
        el = pygame_gui.elements
        ui = self.ui
        self.name = el.UITextEntryLine(self.rect(300, 250, 760, 64), ui)
        self.name.set_text_length_limit(60)
        self.name.set_text(self.form["name"])
        labels = [cv.controller(k) for k in self.kinds]
        wishes = [self.wish_label(w) for w in WISHES]
        self.names, self.ctrl, self.wish = [], [], []
        for i, (name, kind, wish) in enumerate(self.form["players"]):
            y = 470 + i * 110
            entry = el.UITextEntryLine(self.rect(300, y, 440, 64), ui)
            entry.set_text_length_limit(24)
            entry.set_text(name)
            self.names.append(entry)
            self.ctrl.append(el.UIDropDownMenu(labels, cv.controller(kind),
                                               self.rect(780, y, 380, 64), ui))
            self.wish.append(el.UIDropDownMenu(wishes, self.wish_label(wish),
                                               self.rect(1200, y, 420, 64), ui))
        self.back = el.UIButton(self.rect(300, 940, 300, 86), i18n.t("campaign.back"), ui)
        self.create = el.UIButton(self.rect(1260, 940, 360, 86), i18n.t("campaign.create"), ui,
                                  object_id="#primary_button")

    @staticmethod
    def _picked(dd) -> str:
        pick = dd.selected_option
        return pick[0] if isinstance(pick, tuple) else pick

    def read(self) -> None:
        kinds = {cv.controller(k): k for k in self.kinds}
        wishes = {self.wish_label(w): w for w in WISHES}
        self.form["name"] = self.name.get_text().strip()
        self.form["players"] = [
            [n.get_text().strip(), kinds[self._picked(c)], wishes[self._picked(w)]]
            for n, c, w in zip(self.names, self.ctrl, self.wish, strict=True)]

    def rebuild(self) -> None:
        if self.built:
            self.read()
        super().rebuild()

    def submit(self) -> Campaign | None:
        self.read()
        players = self.form["players"]
        for i, p in enumerate(players):
            p[0] = p[0] or i18n.t("setup.seat_n", n=i + 1)
        name = self.form["name"] or i18n.t("campaign.default_name", n=1)
        seed = int(time.time() * 1000) & 0xFFFFFFFF
        c = flow.new_campaign(store.new_id(), name, seed, [tuple(p) for p in players])
        try:
            store.save(c)
        except OSError as exc:
            self.error = i18n.t("campaign.save_failed", why=exc.strerror or str(exc))
            return None
        self.app.replace(CampaignHubScene(self.app, c.id))
        self.app.push(NoticeScene(self.app, *outcome_notice(c)))
        return c

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.create:
                self.submit()
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=5), (0, 0))
        cv.blit_text(surface, i18n.t("campaign.new_title"), self.rect(960, 50, 0, 0).topleft,
                     self.px(60), cv.WHITE, True, "midtop")
        for key, (x, y) in (("campaign.name", (300, 200)), ("campaign.player_name", (300, 420)),
                            ("campaign.controller", (780, 420)), ("campaign.wish", (1200, 420))):
            cv.blit_text(surface, i18n.t(key), self.rect(x, y, 0, 0).topleft, self.px(28),
                         cv.DIM, True)
        cv.blit_wrapped(surface, i18n.t("campaign.new_about"), self.rect(300, 0, 0, 0).x,
                        self.rect(0, 720, 0, 0).y, self.px(1320), self.px(26), cv.DIM)
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 1040, 0, 0).topleft, self.px(24),
                         cv.RED, True, "midtop")


# ---------------------------------------------------------------------- the hub


class CampaignHubScene(Scene):
    """The scenario track, both vaults, the neighbours' favour and what to do next."""

    def __init__(self, app, cid: str):
        self.db = load_rules()
        self.cid = cid
        self.error = ""
        self.c: Campaign | None = None
        self.reload()
        super().__init__(app)

    def reload(self) -> None:
        try:
            self.c = load_campaign(self.db, self.cid)
        except CampaignError as exc:
            self.c = None
            self.error = i18n.t("campaign.damaged", why=str(exc))

    def resume(self) -> None:
        self.reload()
        self.rebuild()

    @property
    def in_progress(self) -> bool:
        c = self.c
        return c is not None and not c.played_all and bool(c.game) and game_path(
            c.game).is_file()

    def actions(self) -> list[str]:
        """The hub's buttons besides Back, most important first."""
        c = self.c
        if c is None:
            return []
        if not c.played_all:
            return ["continue"] if self.in_progress else ["envelope"]
        out = [] if c.topup_done else ["topup"]
        if c.topup_done:
            out.append("legacy")
        return out

    def build(self) -> None:
        el = pygame_gui.elements
        self.back = el.UIButton(self.rect(40, 960, 300, 86), i18n.t("campaign.back"), self.ui)
        self.buttons = {}
        for i, key in enumerate(self.actions()):
            r = self.rect(1480 - i * 440, 960, 400, 86)
            oid = "#primary_button" if i == 0 else None
            self.buttons[el.UIButton(r, i18n.t(f"campaign.action.{key}"), self.ui,
                                     object_id=oid)] = key

    def button(self, key: str):
        return next(b for b, k in self.buttons.items() if k == key)

    def act(self, key: str) -> None:
        c = self.c
        if c is None:
            return
        if key == "envelope":
            self.app.push(EnvelopeScene(self.app, c.id))
        elif key == "continue":
            why = continue_game(self.app, c, self.db)
            if why:
                self.error = i18n.t("campaign.cannot_continue", why=why)
                c.game = ""  # the envelope restarts the scenario
                with contextlib.suppress(OSError):
                    store.save(c)
                self.rebuild()
        elif key == "topup":
            from game.star_realms.ui.scenes.campaign_topup import TopUpScene

            self.app.push(TopUpScene(self.app, c.id))
        elif key == "legacy":
            from game.star_realms.ui.scenes.campaign_topup import CampaignEndScene

            self.app.push(CampaignEndScene(self.app, c.id))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.buttons:
                self.act(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.actions():
                self.act(self.actions()[0])

    # ------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=9), (0, 0))
        c = self.c
        if c is None:
            cv.blit_text(surface, self.error, self.rect(960, 480, 0, 0).topleft, self.px(28),
                         cv.RED, True, "center", max_w=self.px(1800))
            return
        cv.blit_text(surface, c.name, self.rect(960, 12, 0, 0).topleft, self.px(48), cv.WHITE,
                     True, "midtop", max_w=self.px(1800))
        win = flow.winner(c, self.db)
        if win is not None:
            p = c.players[c.player_of(win)]
            score = " : ".join(str(c.vp(q.faction, self.db)) for q in c.players)
            text = i18n.t("campaign.campaign_won", name=p.name, faction=cv.faction(win),
                          score=score)
            r = cv.blit_text(surface, text, self.rect(960, 74, 0, 0).topleft, self.px(30),
                             cv.GOLD, True, "midtop")
            surface.blit(cv.emblem(win, self.px(36)), (r.x - self.px(46), r.y))
        else:
            cv.blit_text(surface, status_text(c, self.db), self.rect(960, 74, 0, 0).topleft,
                         self.px(28), cv.DIM, True, "midtop")
        self.draw_track(surface, c)
        for i, p in enumerate(c.players):
            self.draw_vault(surface, c, p, self.rect(720 + i * 590, 124, 570, 680))
        self.draw_favours(surface, c, self.rect(720, 818, 1160, 96))
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 922, 0, 0).topleft, self.px(24),
                         cv.RED, True, "midtop", max_w=self.px(1840))

    def track_rect(self, n: int) -> pygame.Rect:
        return self.rect(40, 124 + (n - 1) * 66, 650, 60)

    def draw_track(self, surface: pygame.Surface, c: Campaign) -> None:
        results = {r.scenario: r for r in c.results}
        for n in range(1, SCENARIOS + 1):
            r = self.track_rect(n)
            sc = self.db.campaign.scenario(n)
            done = n in results
            nxt = n == c.scenario
            fill = cv.PANEL_HI if nxt else cv.PANEL
            edge = cv.GOLD if nxt else cv.EDGE
            cv.box(surface, r, self.px(10), fill, edge, self.px(3) if nxt else 1)
            color = cv.WHITE if done or nxt else cv.FAINT
            cx = r.x + self.px(32)
            pygame.draw.circle(surface, edge if nxt else (cv.EDGE if done else (30, 38, 58)),
                               (cx, r.centery), self.px(21))
            cv.blit_text(surface, str(n), (cx, r.centery), self.px(24),
                         (20, 24, 36) if nxt else color, True, "center")
            if done:
                res = results[n]
                t = cv.blit_text(surface, cv.how(res.how), (r.right - self.px(12), r.centery),
                                 self.px(20), cv.TEXT, anchor="midright")
                surface.blit(cv.emblem(res.winner, self.px(38)),
                             (t.x - self.px(46), r.centery - self.px(19)))
                end = t.x - self.px(56)
            elif nxt:
                tag = "campaign.in_progress" if self.in_progress else "campaign.next_tag"
                t = cv.blit_text(surface, i18n.t(tag), (r.right - self.px(14), r.centery),
                                 self.px(20), cv.GOLD, True, "midright")
                end = t.x - self.px(10)
            else:
                t = cv.blit_text(surface, i18n.t("campaign.vp_short", n=sc.vp.points),
                                 (r.right - self.px(14), r.centery), self.px(20), cv.FAINT,
                                 anchor="midright")
                end = t.x - self.px(10)
            cv.blit_text(surface, cv.loc(sc, "name"), (r.x + self.px(66), r.centery),
                         self.px(24), color, done or nxt, "midleft",
                         max_w=end - r.x - self.px(66))

    def draw_vault(self, surface: pygame.Surface, c: Campaign, p, r: pygame.Rect) -> None:
        db = self.db
        cv.box(surface, r, self.px(14), (14, 22, 42), cv.palette_edge(p.faction), self.px(2))
        pad = self.px(18)
        x, y = r.x + pad, r.y + pad
        surface.blit(cv.emblem(p.faction, self.px(64)), (x, y))
        cv.blit_text(surface, p.name, (x + self.px(78), y - self.px(4)), self.px(34), cv.WHITE,
                     True, max_w=self.px(300))
        cv.blit_text(surface, f"{cv.faction(p.faction)} · {cv.controller(p.controller)}",
                     (x + self.px(78), y + self.px(40)), self.px(20),
                     cv.faction_color(p.faction))
        vp = c.vp(p.faction, db)
        cv.blit_text(surface, i18n.t("campaign.vp_total", n=vp), (r.right - pad, y),
                     self.px(44), cv.GOLD, True, "topright")
        y += self.px(96)
        won = [res for res in c.results if res.winner == p.faction]
        cv.blit_text(surface, i18n.t("campaign.vp_cards"), (x, y), self.px(22), cv.DIM, True)
        y += self.px(32)
        grid_top = r.bottom - self.px(250)
        if not won:
            cv.blit_text(surface, i18n.t("campaign.none"), (x, y), self.px(22), cv.FAINT)
        avail = grid_top - y - self.px(8)
        cols = 1 if len(won) * self.px(30) <= avail else 2
        rows = max(1, -(-len(won) // cols))
        line_h = min(self.px(30), avail // rows)
        size = min(self.px(23), round(line_h * 0.78))
        col_w = (r.w - 2 * pad) // cols
        for k, res in enumerate(won):
            cx = x + (k // rows) * col_w
            cy = y + (k % rows) * line_h
            right = cx + col_w - (self.px(24) if cols > 1 else 0)
            vpc = db.campaign.scenario(res.scenario).vp
            cv.blit_text(surface, f"{res.scenario}. {cv.loc(vpc, 'name')}", (cx, cy), size,
                         cv.TEXT, max_w=right - cx - self.px(30))
            cv.blit_text(surface, str(vpc.points), (right, cy), size, cv.GOLD, True,
                         "topright")
        # stickers left: one mini-grid per sheet held, a cell per row (its cost)
        y = grid_top
        cv.blit_text(surface, i18n.t("campaign.stickers_left"), (x, y), self.px(22), cv.DIM,
                     True, max_w=r.w - 2 * pad)
        cv.blit_text(surface, i18n.t("campaign.upgraded_n", n=c.upgrades_by(p.faction)),
                     (x, y + self.px(30)), self.px(22), cv.TEXT, True)
        y += self.px(66)
        left = flow.stickers_left(c, db, p.faction)
        col_w = (r.w - 2 * pad) // 4
        for k, sheet in enumerate(db.campaign.sheets):
            cx = x + k * col_w
            held = sheet.number in left
            cv.blit_text(surface, i18n.t("campaign.sheet_short", n=cv.roman(sheet.number)),
                         (cx, y), self.px(19), cv.TEXT if held else cv.FAINT, True)
            for j, cost in enumerate(sheet.costs):
                cell = pygame.Rect(cx, y + self.px(26) + j * self.px(25), col_w - self.px(14),
                                   self.px(22))
                if not held:  # the envelope with this sheet is not open yet
                    cv.box(surface, cell, self.px(4), (18, 22, 34), (34, 42, 62))
                    continue
                unused = cost in left[sheet.number]
                fill = (30, 52, 86) if unused else (34, 34, 42)
                cv.box(surface, cell, self.px(4), fill, cv.EDGE if unused else (60, 60, 70))
                cv.blit_text(surface, str(cost), cell.center, self.px(17),
                             cv.WHITE if unused else cv.FAINT, unused, "center")
                if not unused:  # used: struck through
                    pygame.draw.line(surface, cv.FAINT, (cell.x + self.px(8), cell.centery),
                                     (cell.right - self.px(8), cell.centery), max(1, self.px(2)))

    def draw_favours(self, surface: pygame.Surface, c: Campaign, r: pygame.Rect) -> None:
        cv.box(surface, r, self.px(14), (14, 22, 42), cv.EDGE)
        pad = self.px(18)
        cv.blit_text(surface, i18n.t("campaign.favours"), (r.x + pad, r.y + self.px(10)),
                     self.px(22), cv.DIM, True)
        col = (r.w - 2 * pad) // 3
        for i, nb in enumerate(CAMPAIGN_FACTIONS):
            x = r.x + pad + i * col
            y = r.y + self.px(44)
            surface.blit(cv.emblem(nb, self.px(36)), (x, y))
            t = cv.blit_text(surface, cv.faction(nb), (x + self.px(42), y + self.px(18)),
                             self.px(22), cv.faction_color(nb), True, "midleft")
            x = t.right + self.px(12)
            cv.arrow(surface, (x, y + self.px(18)), self.px(22), cv.DIM)
            x += self.px(34)
            to = c.favours.get(nb)
            if to is None:
                cv.blit_text(surface, i18n.t("campaign.nobody"), (x, y + self.px(18)),
                             self.px(22), cv.FAINT, anchor="midleft")
            else:
                surface.blit(cv.emblem(to, self.px(32)), (x, y + self.px(2)))
                cv.blit_text(surface, c.players[c.player_of(to)].name,
                             (x + self.px(38), y + self.px(18)), self.px(22), cv.TEXT, True,
                             "midleft", max_w=r.x + pad + (i + 1) * col - x - self.px(46))


# ---------------------------------------------------------------------- the envelope


class EnvelopeScene(Scene):
    """The next scenario: its story, rules, new components, the first player's choice."""

    def __init__(self, app, cid: str):
        self.db = load_rules()
        self.cid = cid
        self.error = ""
        self.c = load_campaign(self.db, cid)
        c = self.c
        self.sc = flow.current(c, self.db)
        self.side = flow.side(c, self.db)
        self.first = c.players[c.player_of(flow.first_faction(c))]
        self.ai_chose = False
        if flow.needs_choice(c, self.db) and self.first.controller != HUMAN:
            flow.choose(c, self.db, bots.pick_option(c, self.db))
            self.ai_chose = True
            self.save()
        elif flow.choice(c, self.db) is not None and self.first.controller != HUMAN:
            self.ai_chose = True
        self.option_rects: list[tuple[pygame.Rect, str]] = []
        self.sheet = next((s for s in self.db.campaign.sheets if s.scenario == self.sc.number),
                          None)  # a new sticker sheet comes in this envelope
        super().__init__(app)

    def save(self) -> None:
        try:
            store.save(self.c)
        except OSError as exc:
            self.error = i18n.t("campaign.save_failed", why=exc.strerror or str(exc))

    @property
    def choice(self):
        return flow.choice(self.c, self.db)

    def build(self) -> None:
        el = pygame_gui.elements
        story_h = 230 if self.sheet is not None else 320
        self.story = el.UITextBox(cv.loc(self.side, "story"),
                                  self.rect(60, 150, 860, story_h), self.ui,
                                  object_id="#story_box")
        self.back = el.UIButton(self.rect(60, 960, 300, 86), i18n.t("campaign.back"), self.ui)
        self.play = el.UIButton(self.rect(1480, 960, 400, 86), i18n.t("campaign.play"), self.ui,
                                object_id="#primary_button")
        self.sync_play()

    def sync_play(self) -> None:
        if flow.needs_choice(self.c, self.db):
            self.play.disable()
        else:
            self.play.enable()

    def pick(self, option: str) -> None:
        if self.ai_chose:
            return
        flow.choose(self.c, self.db, option)
        self.save()
        self.sync_play()

    def start(self) -> None:
        if flow.needs_choice(self.c, self.db):
            return
        play_scenario(self.app, self.c, self.db)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.play:
                self.start()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, oid in self.option_rects:
                if rect.collidepoint(event.pos):
                    self.pick(oid)
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif self.choice is not None and pygame.K_1 <= event.key <= pygame.K_9:
                k = event.key - pygame.K_1
                if k < len(self.choice.options):
                    self.pick(self.choice.options[k].id)

    # ------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=13), (0, 0))
        c, db, sc = self.c, self.db, self.sc
        title = i18n.t("campaign.scenario_title", n=sc.number, name=cv.loc(sc, "name"))
        cv.blit_text(surface, title, self.rect(960, 14, 0, 0).topleft, self.px(52), cv.WHITE,
                     True, "midtop", max_w=self.px(1800))
        fac = flow.first_faction(c)
        sub = i18n.t("campaign.side_line", faction=cv.faction(fac), name=self.first.name)
        r = cv.blit_text(surface, sub, self.rect(980, 86, 0, 0).topleft, self.px(28),
                         cv.faction_color(fac), True, "midtop")
        surface.blit(cv.emblem(fac, self.px(40)), (r.x - self.px(50), r.y - self.px(2)))
        self.draw_left(surface, c, db, sc)
        self.draw_right(surface, c, db)
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 1050, 0, 0).topleft, self.px(22),
                         cv.RED, True, "midtop")

    def draw_left(self, surface, c, db, sc) -> None:
        x = self.rect(60, 0, 0, 0).x
        w = self.px(860)
        y = self.story.rect.bottom + self.px(14)
        cv.blit_text(surface, i18n.t("campaign.teaches"), (x, y), self.px(24), cv.DIM, True)
        y = cv.blit_wrapped(surface, cv.loc(sc, "teaches"), x, y + self.px(32), w,
                            self.px(24), cv.TEXT, line_h=self.px(31), max_lines=3)
        y += self.px(8)
        surface.blit(cv.emblem("unaligned", self.px(30)), (x, y))
        cv.blit_text(surface, cv.vp_line(db, sc.number), (x + self.px(40), y), self.px(26),
                     cv.GOLD, True, max_w=w - self.px(40))
        y += self.px(46)
        if self.sheet is not None:
            self.draw_sheet(surface, self.sheet,
                            pygame.Rect(x, y, w, self.rect(0, 940, 0, 0).y - y))

    def draw_sheet(self, surface, sheet, r: pygame.Rect) -> None:
        """A new sticker sheet: its five rows, the ship and the base sticker of each (as
        each faction would read it: the sheets are the same, the effects may differ)."""
        db = self.db
        t = cv.blit_text(surface, i18n.t("campaign.new_sheet", name=cv.loc(sheet, "name")),
                         (r.x, r.y), self.px(24), cv.DIM, True)
        cv.blit_text(surface, i18n.t("campaign.slot_short.legend"), (r.right, t.centery),
                     self.px(18), cv.DIM, anchor="midright",
                     max_w=r.right - t.right - self.px(24))
        cost_w = self.px(48)
        col_w = (r.w - cost_w) // 2
        head_y = r.y + self.px(34)
        for k, kind in enumerate(("ship", "base")):
            cv.blit_text(surface, i18n.t(f"campaign.sheet_col.{kind}"),
                         (r.x + cost_w + k * col_w + self.px(8), head_y), self.px(19), cv.DIM,
                         True, max_w=col_w - self.px(16))
        top = head_y + self.px(26)
        row_h = max(self.px(30), (r.bottom - top) // 5)
        size = self.px(20)
        em = self.px(20)
        for j, cost in enumerate(sheet.costs):
            cell = pygame.Rect(r.x, top + j * row_h, r.w, row_h - self.px(4))
            cv.box(surface, cell, self.px(6), (16, 26, 48), cv.EDGE)
            cv.blit_text(surface, str(cost), (r.x + cost_w // 2, cell.centery), self.px(26),
                         cv.GOLD, True, "center")
            for k, kind in enumerate(("ship", "base")):
                st = db.campaign.stickers.get(f"s{sheet.number}c{cost}{kind}")
                if st is None:
                    continue
                cx = r.x + cost_w + k * col_w + self.px(8)
                avail = col_w - self.px(16)
                texts = {f: cv.effects_text(st.effects[f]) for f in PLAYER_FACTIONS}
                slot = i18n.t(f"campaign.slot_short.{st.slot}")
                if len(set(texts.values())) == 1:
                    t = cv.blit_text(surface, slot, (cx, cell.centery), size, cv.DIM, True,
                                     "midleft")
                    cv.blit_text(surface, texts[PLAYER_FACTIONS[0]],
                                 (t.right + self.px(8), cell.centery), size, cv.TEXT,
                                 anchor="midleft", max_w=cx + avail - t.right - self.px(8))
                    continue
                t = cv.blit_text(surface, slot, (cx, cell.y + cell.h // 4), size, cv.DIM, True,
                                 "midleft")
                ex = t.right + self.px(8)
                for i, f in enumerate(PLAYER_FACTIONS):
                    ly = cell.y + cell.h * (1 + 2 * i) // 4
                    surface.blit(cv.emblem(f, em), (ex, ly - em // 2))
                    cv.blit_text(surface, texts[f], (ex + em + self.px(6), ly), self.px(19),
                                 cv.faction_color(f), anchor="midleft",
                                 max_w=cx + avail - ex - em - self.px(6))

    def draw_right(self, surface, c, db) -> None:
        x = self.rect(980, 0, 0, 0).x
        w = self.px(880)
        y = self.rect(0, 150, 0, 0).y
        spec = cv.game_spec(c, db)
        cv.blit_text(surface, i18n.t("campaign.rules"), (x, y), self.px(26), cv.DIM, True)
        y += self.px(38)
        lines = cv.rules_in_force(c, db, self.side.rules, spec)
        ch = self.choice
        if ch is not None and c.pending_choice:
            picked = next(o for o in ch.options if o.id == c.pending_choice)
            lines += cv.rules_in_force(c, db, picked.rules, spec)
        if not lines:
            lines = [(i18n.t("campaign.no_rules"), True)]
        for text, active in lines:
            y = self.bullet(surface, text, x, y, w, self.px(25),
                            cv.TEXT if active else cv.FAINT, cv.GOLD if active else cv.FAINT)
        y += self.px(6)
        y = self.draw_start(surface, c, db, x, y, w)
        y = self.draw_favours(surface, c, db, x, y + self.px(4), w) + self.px(14)
        self.option_rects = []
        if ch is None:
            return
        cv.blit_text(surface, cv.loc(ch, "prompt"), (x, y), self.px(28), cv.WHITE, True,
                     max_w=w)
        y += self.px(40)
        if self.ai_chose:
            who = i18n.t("campaign.ai_chose", name=self.first.name)
        else:
            who = i18n.t("campaign.you_choose", name=self.first.name)
        cv.blit_text(surface, who, (x, y), self.px(22), cv.GOLD if self.ai_chose else cv.DIM,
                     True, max_w=w)
        y += self.px(34)
        n = len(ch.options)
        gap = self.px(16)
        tile_w = (w - gap * (n - 1)) // n
        bottom = self.rect(0, 940, 0, 0).y
        mouse = pygame.mouse.get_pos()
        for i, opt in enumerate(ch.options):
            r = pygame.Rect(x + i * (tile_w + gap), y, tile_w, bottom - y)
            chosen = opt.id == c.pending_choice
            hot = r.collidepoint(mouse) and not self.ai_chose
            fill = (40, 62, 104) if chosen else (cv.PANEL_HI if hot else cv.PANEL)
            cv.box(surface, r, self.px(12), fill, cv.GOLD if chosen else cv.EDGE,
                   self.px(3) if chosen else 1)
            self.draw_option(surface, opt, i, r, spec, chosen)
            if not self.ai_chose:
                self.option_rects.append((r, opt.id))

    def bullet(self, surface, text, x, y, w, size, color, dot) -> int:
        line_h = round(size * 1.28)
        pygame.draw.circle(surface, dot, (x + self.px(8), y + line_h // 2), self.px(5))
        return cv.blit_wrapped(surface, text, x + self.px(24), y, w - self.px(24), size, color,
                               line_h=line_h) + self.px(4)

    def draw_option(self, surface, opt, i, r: pygame.Rect, spec, chosen: bool) -> None:
        """One answer: its name, its text, whose favour it wins, the rules it adds."""
        c, db = self.c, self.db
        pad = self.px(14)
        inner = r.w - 2 * pad
        y = cv.blit_wrapped(surface, f"{i + 1}. {cv.loc(opt, 'name')}", r.x + pad, r.y + pad,
                            inner, self.px(26), cv.WHITE, True, line_h=self.px(32), max_lines=2)
        extra = []  # (text, faction emblem or None)
        if opt.favour is not None:
            neighbour, to = opt.favour
            if to == "none":
                extra.append((i18n.t("campaign.option_favour_none",
                                     neighbour=cv.faction(neighbour)), neighbour))
            else:
                first = flow.first_faction(c)
                f = first if to == "first" else flow.other(first)
                extra.append((i18n.t("campaign.option_favour", neighbour=cv.faction(neighbour),
                                     name=c.players[c.player_of(f)].name), neighbour))
        for text, _active in cv.rules_in_force(c, db, opt.rules, spec):
            extra.append((text, None))
        reserve = len(extra) * self.px(56) + (self.px(34) if chosen else 0)
        lines_fit = max(1, (r.bottom - y - reserve - pad) // self.px(28))
        y = cv.blit_wrapped(surface, cv.loc(opt, "text"), r.x + pad, y + self.px(6), inner,
                            self.px(22), cv.TEXT, line_h=self.px(28), max_lines=lines_fit)
        y += self.px(8)
        for text, fac in extra:
            if fac is not None:
                surface.blit(cv.emblem(fac, self.px(26)), (r.x + pad, y))
                y = cv.blit_wrapped(surface, text, r.x + pad + self.px(34), y + self.px(1),
                                    inner - self.px(34), self.px(21), cv.GOLD, True,
                                    line_h=self.px(27), max_lines=2) + self.px(2)
            else:
                y = self.bullet(surface, text, r.x + pad, y, inner, self.px(21), cv.TEXT,
                                cv.GOLD)
        if chosen:
            cv.blit_text(surface, i18n.t("campaign.chosen"), (r.right - pad, r.bottom - pad),
                         self.px(22), cv.GOLD, True, "bottomright")

    def draw_favours(self, surface, c, db, x, y, w) -> int:
        """The neighbours' favour this game is played with (the rules name it)."""
        favours = flow.favours_after_choice(c, db)
        parts = []
        for nb in CAMPAIGN_FACTIONS:
            to = favours.get(nb)
            who = c.players[c.player_of(to)].name if to else i18n.t("campaign.nobody")
            parts.append(f"{cv.faction(nb)}: {who}")
        text = f"{i18n.t('campaign.favours')} — " + " · ".join(parts)
        return cv.blit_wrapped(surface, text, x, y, w, self.px(22), cv.DIM, line_h=self.px(30))

    def draw_start(self, surface, c, db, x, y, w) -> int:
        """Each player's starting authority and hand under the rules shown."""
        from game.star_realms.engine.campaign import make_format

        try:
            fmt = make_format(db, (("campaign", flow.spec(c, db)),))
        except (ValueError, KeyError):
            return y
        _, life = fmt.life_pools(2)
        first = c.player_of(flow.first_faction(c))
        hands = fmt.opening_hands(2, first)
        parts = [i18n.t("campaign.start_of", name=p.name, a=life[i], h=hands[i])
                 for i, p in enumerate(c.players)]
        return cv.blit_wrapped(surface, " · ".join(parts), x, y, w, self.px(22), cv.DIM,
                               line_h=self.px(30))
