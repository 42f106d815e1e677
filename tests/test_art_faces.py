"""Card faces: every card renders in every language at table and zoom size, and no
text ever leaves its box (checked on the measured bounding box of every drawn line)."""

import itertools
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from game import i18n
from game.star_realms.art import faces, icons, palette
from game.star_realms.art.shapes import luminance
from tests.scene import DB

SMALL, ZOOM = 140, 480


def _inside(inner, outer):
    return (inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2]
            and inner[3] <= outer[3])


def check_layout(img, layout, card=None):
    assert img.mode == "RGBA"
    assert img.size == (layout.width, layout.height)
    frame = layout.boxes["frame"]
    for item in layout.texts:
        box = layout.boxes[item.box]
        assert _inside(item.bbox, box), (getattr(card, "id", None), item)
        assert _inside(item.bbox, frame)
    for name, rect in layout.boxes.items():
        assert _inside(rect, frame), (name, rect)
    for _, rect in layout.chips:
        assert _inside(rect, frame)


@pytest.mark.parametrize("width", [SMALL, ZOOM])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_card_renders_and_text_stays_in_its_box(lang, width):
    for card in DB.cards.values():
        img, layout = faces.render_face_with_layout(card, lang, width)
        assert img.size == (width, round(width * faces.CARD_RATIO))
        check_layout(img, layout, card)
        # the name is drawn, in full at zoom size
        name_lines = [t.text for t in layout.texts_in("name")]
        assert name_lines, card.id
        if width == ZOOM:
            assert " ".join(name_lines) == i18n.card_name(card, lang), (card.id, name_lines)
            assert not any(t.text.endswith("…") for t in layout.texts), card.id
        # one content box per ability slot (and trigger, and Mech World's standing line; a
        # mission's objective and reward; a gambit's each-turn or ongoing line)
        n_abilities = sum(1 for s in ("primary", "ally", "second_ally", "double_ally", "scrap",
                                      "on_acquire", "reward", "each_turn", "ongoing")
                          if card.abilities.get(s)) + len(card.triggers) + card.ally_for_all + (
            card.objective is not None)
        assert len([b for b in layout.boxes if b.startswith("content:")]) == n_abilities
        assert ("defense" in layout.boxes) == card.is_base
        assert ("cost" in layout.boxes) == (card.role != "starter" and not card.is_event
                                            and not card.is_dealt)
        assert len(layout.emblems) == (len(card.factions) or (card.role != "starter"))


def test_long_russian_names_wrap_at_zoom():
    for cid in ("orbital_gun_platform", "long_hauler"):
        _, layout = faces.render_face_with_layout(DB[cid], "ru", ZOOM)
        assert len(layout.texts_in("name")) == 2, cid


def test_every_resource_gain_is_a_chip_with_its_number():
    card = DB["federation_cruiser"]  # +5 combat +4 authority; ally +2 combat +2 authority
    _, layout = faces.render_face_with_layout(card, "en", ZOOM)
    assert [r for r, _ in layout.chips] == ["combat", "authority", "combat", "authority"]
    digits = [t.text for t in layout.texts if t.box.startswith("content:")]
    assert digits == ["5", "4", "2", "2"]


def test_upgraded_card_shows_both_emblems():
    card = DB["cargo_pod"].upgraded("x", "star_empire", "primary", ())
    for lang in i18n.LANGUAGES:
        img, layout = faces.render_face_with_layout(card, lang, SMALL)
        check_layout(img, layout, card)
        assert len(layout.emblems) == 2
        assert layout.emblem_factions == ["blob", "star_empire"]
        assert "upgrade" in layout.boxes
        # the printed ally ability still answers to the printed faction only
        ally = [(f, r) for slot, f, r in layout.marker_emblems if slot == "ally"]
        assert [f for f, _ in ally] == ["blob"]
        assert [r for slot, r in layout.markers if slot == "ally"] == [ally[0][1]]


def test_outposts_and_bases_have_different_shields():
    base = faces.render_face_with_layout(DB["nesting_ground"], "en", ZOOM)
    outpost = faces.render_face_with_layout(DB["defense_system"], "en", ZOOM)
    def shield_pixels(result):
        img, layout = result
        return img.crop(layout.boxes["defense"]).convert("L")
    # the base shield is light, the outpost shield dark
    from PIL import ImageStat
    assert ImageStat.Stat(shield_pixels(base)).mean[0] > \
        ImageStat.Stat(shield_pixels(outpost)).mean[0] + 40


def test_text_never_overflows_even_when_it_cannot_fit():
    huge = tuple(("scrap", {"min": 0, "max": 2, "each": (("draw", 1),),
                            "zones": ("hand", "discard", "trade_row")}) for _ in range(8))
    card = replace(DB["the_wrecker"], name_ru="Невероятнодлиннаябезпробельнаяназвание " * 3,
                   abilities={"primary": huge, "ally": huge, "scrap": huge})
    for lang in i18n.LANGUAGES:
        for width in (60, SMALL, ZOOM):
            img, layout = faces.render_face_with_layout(card, lang, width)
            check_layout(img, layout, card)


def test_rendering_is_deterministic():
    a = faces.render_face(DB["blob_miner"], "ru", SMALL)
    b = faces.render_face(DB["blob_miner"], "ru", SMALL)
    assert a.tobytes() == b.tobytes()
    c = faces.render_face(DB["stinger"], "ru", SMALL)
    assert a.tobytes() != c.tobytes()


def test_back_and_placeholder():
    back = faces.render_back(200)
    assert back.size == (200, round(200 * faces.CARD_RATIO)) and back.mode == "RGBA"
    assert back.getpixel((0, 0))[3] == 0  # rounded corner
    assert faces.render_placeholder(120, "blob").size == (120, round(120 * faces.CARD_RATIO))


SPEC = faces.BigCardSpec(
    id="test_boss", title_en="The Hive Mother", title_ru="Королева-мать роя",
    subtitle_en="Boss · Blob", subtitle_ru="Босс · Слизни",
    body_en="At the start of each turn the boss plays the top card of its deck. " * 4,
    body_ru="В начале каждого хода босс разыгрывает верхнюю карту своей колоды. " * 4,
    stats=(("card_text.big.authority", 60), ("card_text.big.hand_size", 5),
           ("card_text.big.difficulty", "III")),
    faction="blob", kind="boss",
)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("width", [60, 300, 900])
def test_big_card(lang, width):
    img, layout = faces.render_big_card_with_layout(SPEC, lang, width)
    assert img.size == (width, round(width * faces.BIG_RATIO))
    check_layout(img, layout)
    assert layout.texts_in("title") and layout.texts_in("body")
    assert len([b for b in layout.boxes if b.startswith("stat:")]) == 3
    assert faces.render_big_card(SPEC, lang, width).size == img.size


def test_icons_and_emblems():
    for name in icons.REQUIRED:
        for size in (12, 64):
            im = icons.icon_image(name, size)
            assert im.size == (size, size) and im.mode == "RGBA"
            assert im.getbbox() is not None
    with pytest.raises(KeyError):
        icons.icon_image("nope", 10)
    for faction in (*palette.FACTION_ORDER, "unaligned"):
        em = palette.emblem_image(faction, 24)
        assert em.size == (24, 24) and em.getbbox() is not None


def test_factions_differ_by_shape_and_luminance():
    assert len({s.shape for s in palette.FACTION_STYLE.values()}) == len(palette.FACTION_STYLE)
    # WCAG contrast between neighbours on the luminance ladder: the classic four keep
    # their 1.4, the campaign colours sit between them at 1.25 or more (docs/art.md)
    for order, ratio in ((palette.CLASSIC_ORDER, 1.4), (palette.FACTION_ORDER, 1.25)):
        lum = sorted(luminance(palette.FACTION_STYLE[f].color) for f in order)
        for lo, hi in itertools.pairwise(lum):
            assert (hi + 0.05) / (lo + 0.05) >= ratio, (order, lo, hi)
    # emblem silhouettes differ: compare their alpha masks pairwise
    masks = {f: palette.emblem_image(f, 32).getchannel("A").point(lambda v: 255 * (v > 127))
             for f in palette.FACTION_STYLE}
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diff = ImageChops.difference(masks[a], masks[b]).histogram()[255]
            assert diff > 32 * 32 * 0.08, (a, b, diff)


def test_image_types():
    assert isinstance(faces.render_face(DB["scout"], "en", 80), Image.Image)


def test_thumbnails_keep_size_and_bounds():
    for card in DB.cards.values():
        img, layout = faces.render_face_with_layout(card, "ru", 30)
        assert img.size == (30, round(30 * faces.CARD_RATIO))
        check_layout(img, layout, card)
