"""The legacy campaign's way of playing a scenario, shared by its screens, the load screen
and the game-over overlay: the files of a scenario in progress, the session that saves into
them, starting, continuing and recording a scenario's game, and the notices it shows.

The campaign's rules are in :mod:`game.star_realms.campaign.flow`; this only passes on what
the players click.  A scenario in progress is saved beside the campaign
(``campaigns/games/<id>-game.json``) at the start of every turn, and the campaign file
names it, so "Continue game" finds it again.  Scenes are reached by route name
(:mod:`game.ui.routes`), so no scene module is imported here.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from game import i18n
from game.star_realms.campaign import flow, store
from game.star_realms.campaign.model import Campaign, CampaignError
from game.star_realms.engine.campaign_def import SCENARIOS
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import State
from game.star_realms.saves import SaveError, load_game, write_save
from game.star_realms.ui import campaign_view as cv
from game.star_realms.ui.session import Session
from game.ui import routes

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
    state = new_game(db, flow.game_config(c, db))
    session = CampaignSession(db, state, [p.controller for p in c.players], c.id)
    app.reset_to(routes.make(app, "menu"))
    app.push(routes.make(app, "star_realms.campaign_hub", c.id))
    app.push(routes.make(app, "star_realms.table", session))


def continue_game(app, c: Campaign, db) -> str:
    """The hub's Continue game; returns "" or why the game cannot be loaded."""
    try:
        state = load_game(db, game_path(c.game))
    except SaveError as exc:
        return str(exc)
    session = CampaignSession.resume(db, state)
    session.campaign_id = c.id
    app.push(routes.make(app, "star_realms.table", session))
    return ""


def on_game_over(session: Session) -> None:
    """The game just ended: keep its final position in the campaign's game file, so the
    result can still be recorded later ("Continue game") if the players leave now."""
    if isinstance(session, CampaignSession) and session.campaign_id:
        with contextlib.suppress(OSError):
            write_save(session.state, game_path(game_file(session.campaign_id)), "autosave")


def back_to_campaign(app, session: Session) -> str:
    """Game over → "Back to the campaign": record the result once, drop the game file,
    save the campaign and show the hub with the result.  Returns "" or a reason."""
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
    app.reset_to(routes.make(app, "menu"))
    app.push(routes.make(app, "star_realms.campaign_hub", c.id))
    if result is not None:
        app.push(routes.make(app, "star_realms.campaign_notice", *result_notice(c, db, result)))
    return ""


def status_text(c: Campaign, db) -> str:
    if c.played_all:
        win = flow.winner(c, db)
        name = c.players[c.player_of(win)].name if win else "?"
        key = "campaign.finished" if c.topup_done else "campaign.played_all"
        return i18n.t(key, name=name)
    return i18n.t("campaign.scenario_of", n=c.scenario, total=SCENARIOS)


# ---------------------------------------------------------------------- notices


Line = tuple[str, tuple[int, int, int], str | None]  # text, colour, emblem faction


def outcome_notice(c: Campaign) -> tuple[str, list[Line]]:
    lines: list[Line] = [
        (i18n.t("campaign.plays_as", name=p.name, faction=cv.faction(p.faction)), cv.WHITE,
         p.faction) for p in c.players]
    if c.coin_flip:
        wishes = i18n.t("campaign.coin_flip")
    elif c.no_wish in (0, 1):  # only one player had a wish: not "each player got theirs"
        wishes = i18n.t("campaign.one_wish_kept", name=c.players[1 - c.no_wish].name,
                        other=c.players[c.no_wish].name)
    else:
        wishes = i18n.t("campaign.wishes_kept")
    lines.append((wishes, cv.GOLD if c.coin_flip else cv.TEXT, None))
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
