"""The legacy campaign's factions and card upgrades on the faces and in the card text:
Consortium, Kingdom and Scavengers render like the classic four, their emblems differ
from every other, and a sticker's ally ability gets a box of its own."""

import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from game import i18n
from game.star_realms import card_text
from game.star_realms.art import faces, illustration, palette
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS, FACTIONS, CardDef, Trigger
from tests.scene import DB
from tests.test_art_faces import check_layout

WIDTHS = (160, 480)


def campaign_card(faction: str, kind: str, **kw) -> CardDef:
    base = kind in ("base", "outpost")
    abilities = kw.pop("abilities", {"primary": (("trade", 2), ("draw", 1)),
                                     "ally": (("combat", 3),),
                                     "scrap": (("authority", 4),)})
    return CardDef(id=f"{faction}_{kind}_sample", name_en=f"{faction.title()} {kind}",
                   name_ru="Образец кампании", factions=(faction,),
                   type="base" if base else "ship", cost=5, defense=5 if base else 0,
                   outpost=kind == "outpost", set="campaign", abilities=abilities, **kw)


def sticker_card() -> CardDef:
    """A Trade Federation ship a Kingdom player upgraded with an ally-ability sticker."""
    return DB["federation_cruiser"].upgraded("s1@kingdom", "kingdom", "upgrade_ally",
                                             (("combat", 3), ("draw", 1)))


def test_campaign_factions_are_styled_and_named():
    assert set(palette.FACTION_ORDER) == set(FACTIONS)
    assert palette.FACTION_ORDER[4:] == CAMPAIGN_FACTIONS
    for f in CAMPAIGN_FACTIONS:
        assert palette.style(f).id == f
        assert f in illustration.SHIPS and len(illustration.SHIPS[f]) >= 2
        assert f in illustration.BASES and len(illustration.BASES[f]) >= 2
        assert f in illustration.NEBULA_ACCENTS
    names = {lang: [card_text.faction_name(f, lang) for f in CAMPAIGN_FACTIONS]
             for lang in i18n.LANGUAGES}
    assert names["en"] == ["Consortium", "Kingdom", "Scavengers"]
    assert names["ru"] == ["Консорциум", "Королевство", "Падальщики"]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("faction", CAMPAIGN_FACTIONS)
def test_campaign_faction_faces_render(faction, width):
    for kind in ("ship", "base", "outpost"):
        card = campaign_card(faction, kind)
        for lang in i18n.LANGUAGES:
            img, layout = faces.render_face_with_layout(card, lang, width)
            assert img.size == (width, round(width * faces.CARD_RATIO))
            check_layout(img, layout, card)
            assert layout.emblem_factions == [faction]
            assert ("defense" in layout.boxes) == (kind != "ship")
            kind_line = " ".join(t.text for t in layout.texts_in("kind"))
            assert card_text.faction_name(faction, lang) in kind_line
            allies = [f for slot, f, _ in layout.marker_emblems if slot == "ally"]
            assert allies == [faction]
            if width == 480:
                assert not any(t.text.endswith("…") for t in layout.texts), (card.id, lang)


def _on_grey(faction: str, size: int) -> Image.Image:
    em = palette.emblem_image(faction, size)
    bg = Image.new("RGBA", em.size, (128, 128, 128, 255))
    bg.alpha_composite(em)
    return bg.convert("L")


def test_seven_emblems_are_pairwise_distinct():
    factions = list(palette.FACTION_ORDER)
    assert len(factions) == 7
    masks = {f: palette.emblem_image(f, 32).getchannel("A").point(lambda v: 255 * (v > 127))
             for f in factions}
    grey = {f: _on_grey(f, 16) for f in factions}
    for i, a in enumerate(factions):
        for b in factions[i + 1:]:
            # the silhouettes differ...
            diff = ImageChops.difference(masks[a], masks[b]).histogram()[255]
            assert diff > 32 * 32 * 0.08, (a, b, diff)
            # ... and so do the emblems in greyscale at 16 px (mean difference per pixel)
            mean = ImageStat.Stat(ImageChops.difference(grey[a], grey[b])).mean[0]
            assert mean > 12, (a, b, mean)
    for f in factions:  # every emblem has a dark outline and a light inner mark
        lum = _on_grey(f, 48).getextrema()
        assert lum[0] < 40 and lum[1] > 170, (f, lum)


def test_a_ship_of_an_unknown_faction_is_a_ship():
    rng = random.Random(1)
    bases = {m for variants in illustration.BASES.values() for m in variants}
    motif = illustration.pick_motif("some_ship", "no_such_faction", False, rng)
    assert motif not in bases
    assert illustration.pick_motif("some_base", "no_such_faction", True, rng) in bases
    for f in CAMPAIGN_FACTIONS:
        assert illustration.pick_motif("x", f, False, rng) in illustration.SHIPS[f]
        assert illustration.pick_motif("x", f, True, rng) in illustration.BASES[f]
    assert illustration.pick_motif("royal_castle", "kingdom", True, rng) is \
        illustration.base_kg_castle
    # an unaligned card of no known faction still renders its small craft
    art = illustration.render_art("mystery", ("no_such_faction",), "ship", 3, 90, 60)
    assert art.size == (90, 60)


@pytest.mark.parametrize("faction", CAMPAIGN_FACTIONS)
def test_every_campaign_motif_draws(faction):
    for table in (illustration.SHIPS, illustration.BASES):
        for i, motif in enumerate(table[faction]):
            layer = Image.new("RGBA", (120, 120), (0, 0, 0, 0))
            glow = Image.new("RGBA", (120, 120), (0, 0, 0, 0))
            pen = illustration.Pen(ImageDraw.Draw(layer), ImageDraw.Draw(glow), 60, 60, 90,
                                   0.0, 1)
            tones = illustration.faction_tones(palette.style(faction))
            motif(pen, random.Random(i), tones)
            box = layer.getbbox()
            assert box is not None and box[2] - box[0] > 30, (faction, motif.__name__)


def test_upgrade_ally_box_carries_the_sticker_faction():
    card = sticker_card()
    assert card.factions == ("trade_federation", "kingdom")
    for lang in i18n.LANGUAGES:
        for width in WIDTHS:
            img, layout = faces.render_face_with_layout(card, lang, width)
            check_layout(img, layout, card)
            # both emblems in the title: the printed faction, then the sticker's
            assert layout.emblem_factions == ["trade_federation", "kingdom"]
            assert len(layout.emblems) == 2
            assert "upgrade" in layout.boxes  # the upgrade star on the picture
            slots = [name.split(":")[2] for name in layout.boxes if name.startswith("ability:")]
            assert slots == ["primary", "ally", "upgrade_ally"]
            i = slots.index("upgrade_ally")
            box = layout.boxes[f"ability:{i}:upgrade_ally"]
            assert f"sticker:{i}" in layout.boxes  # the peeled corner
            marks = {(slot, f) for slot, f, _ in layout.marker_emblems}
            # the printed ally box keeps the printed faction, the sticker's has its own
            assert marks == {("ally", "trade_federation"), ("upgrade_ally", "kingdom")}
            star = [r for slot, r in layout.markers if slot == "upgrade"]
            assert len(star) == 1
            assert star[0][0] >= box[0] and star[0][3] <= box[3]
            # the emblem really is the Kingdom's: its colour dominates the marker
            (_, _, rect), = [m for m in layout.marker_emblems if m[0] == "upgrade_ally"]
            px = img.crop(rect).convert("RGB").resize((1, 1), Image.Resampling.BOX).getpixel(
                (0, 0))
            assert px[0] > px[2] + 20, px  # bronze, not blue
            content = [t.text for t in layout.texts_in(f"content:{i}:upgrade_ally")]
            assert content and "3" in content


def test_sticker_on_primary_and_scrap_render_as_those_boxes():
    ship = campaign_card("scavengers", "ship", abilities={"primary": (("trade", 2),),
                                                          "ally": (("combat", 3),)})
    primary = ship.upgraded("s2@consortium", "consortium", "primary", (("combat", 1),))
    scrap = ship.upgraded("s3@consortium", "consortium", "scrap", (("draw", 1),))
    for card, slots in ((primary, ["primary", "ally"]), (scrap, ["primary", "ally", "scrap"])):
        for lang in i18n.LANGUAGES:
            img, layout = faces.render_face_with_layout(card, lang, 160)
            check_layout(img, layout, card)
            names = [n.split(":")[2] for n in layout.boxes if n.startswith("ability:")]
            assert names == slots
            assert not any(n.startswith("sticker:") for n in layout.boxes)
            assert layout.emblem_factions == ["scavengers", "consortium"]
            assert {f for s, f, _ in layout.marker_emblems if s == "ally"} == {"scavengers"}
    _, layout = faces.render_face_with_layout(primary, "en", 480)
    chips = [r for r, rect in layout.chips
             if rect[1] >= layout.boxes["ability:0:primary"][1]
             and rect[3] <= layout.boxes["ability:0:primary"][3]]
    assert chips == ["trade", "combat"]


def test_upgraded_card_text_lists_the_upgrade_ally_ability():
    card = sticker_card()
    en = card_text.card_lines(card, "en")
    ru = card_text.card_lines(card, "ru")
    assert [s for s, _ in en] == [s for s, _ in ru] == ["primary", "ally", "upgrade_ally"]
    assert dict(en)["upgrade_ally"] == "+3 Combat. Draw a card."
    assert dict(ru)["upgrade_ally"] == "+3 очка боя. Возьмите карту."
    assert card_text.slot_label("upgrade_ally", "en") == "Upgrade ally ability"
    assert card_text.slot_label("upgrade_ally", "ru") == "Союзное свойство улучшения"
    # like every ally text it does not name the faction; the face's emblem does
    for lang in i18n.LANGUAGES:
        assert card_text.faction_name("kingdom", lang) not in dict(
            card_text.card_lines(card, lang))["upgrade_ally"]
    assert card_text.slot_factions(card, "upgrade_ally") == ("kingdom",)
    assert card_text.slot_factions(card, "ally") == ("trade_federation",)
    assert card_text.slot_factions(card, "primary") == ()
    assert card_text.slot_factions(DB["federation_cruiser"], "ally") == ("trade_federation",)


def test_campaign_factions_in_trigger_and_condition_text():
    trig = Trigger("play", "ship", "scavengers", (("combat", 2),))
    card = campaign_card("kingdom", "base", abilities={"primary": (
        ("if", {"cond": ("played_faction", "consortium"), "then": (("draw", 1),)}),)},
        triggers=(trig,))
    lines = {lang: dict(card_text.card_lines(card, lang)) for lang in i18n.LANGUAGES}
    assert "«Падальщики»" in lines["ru"]["trigger"]
    assert "«Консорциум»" in lines["ru"]["primary"]
    assert "Scavengers ship" in lines["en"]["trigger"]
    assert "Consortium card" in lines["en"]["primary"]
    img, layout = faces.render_face_with_layout(card, "ru", 160)
    check_layout(img, layout, card)


def test_the_back_keeps_the_classic_emblems():
    assert faces.render_back(120).size == (120, round(120 * faces.CARD_RATIO))
