"""Measuring, wrapping and shrinking text so it always fits its box."""

from __future__ import annotations

from collections.abc import Iterable

from game.star_realms.art.fonts import Font, font

ELLIPSIS = "…"


def line_height(f: Font) -> int:
    ascent, descent = f.getmetrics()
    return ascent + descent


_SLACK: dict[int, float] = {}


def _slack(f: Font) -> float:
    """How far ink may stick out of a line's advance width (side bearings, hinting,
    italics), measured once per font on a few wide glyphs."""
    key = id(f)
    if key not in _SLACK:
        worst = 0.0
        for probe in ("W", "Ж", "f", "j", "Ф", "y", "7", "…"):
            x0, _, x1, _ = f.getbbox(probe, anchor="la")
            worst = max(worst, x1 - f.getlength(probe), -x0)
        _SLACK[key] = worst + 1.0
    return _SLACK[key]


def width_of(text: str, f: Font) -> float:
    """The horizontal room a line needs: its advance plus the most its ink can stick
    out (so a line measured to fit is drawn inside its box)."""
    return f.getlength(text) + _slack(f) if text else 0.0


def wrap(text: str, f: Font, max_w: float) -> list[str] | None:
    """Greedy word wrap; ``None`` if a single word is wider than ``max_w``.

    Words are measured once each (fast); every resulting line is then measured whole
    and, in the rare case kerning makes it too wide, the paragraph is wrapped again
    measuring whole lines."""
    lines: list[str] = []
    space = f.getlength(" ")
    slack = _slack(f)
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        widths = [f.getlength(w) for w in words]
        if max(widths) + slack > max_w:
            return None
        para_lines: list[str] = []
        cur, cur_w = words[0], widths[0]
        for word, ww in zip(words[1:], widths[1:], strict=True):
            if cur_w + space + ww + slack <= max_w:
                cur, cur_w = f"{cur} {word}", cur_w + space + ww
            else:
                para_lines.append(cur)
                cur, cur_w = word, ww
        para_lines.append(cur)
        if any(width_of(ln, f) > max_w for ln in para_lines):
            para_lines = _wrap_exact(words, f, max_w)
        lines.extend(para_lines)
    return lines


def _wrap_exact(words: list[str], f: Font, max_w: float) -> list[str]:
    out: list[str] = []
    cur = words[0]
    for word in words[1:]:
        trial = f"{cur} {word}"
        if width_of(trial, f) <= max_w:
            cur = trial
        else:
            out.append(cur)
            cur = word
    out.append(cur)
    return out


def ellipsize(text: str, f: Font, max_w: float) -> str:
    """``text`` cut with an ellipsis so it is at most ``max_w`` wide (may return "")."""
    if width_of(text, f) <= max_w:
        return text
    while text and width_of(text + ELLIPSIS, f) > max_w:
        text = text[:-1]
    text = text.rstrip()
    return text + ELLIPSIS if text and width_of(text + ELLIPSIS, f) <= max_w else ""


def sizes(start: float, stop: float, step: float = 1.0) -> Iterable[int]:
    """Whole pixel sizes from ``start`` down to ``stop`` (both included, at least 1)."""
    s, lo = max(1, round(start)), max(1, round(stop))
    seen = set()
    while s >= lo:
        if s not in seen:
            seen.add(s)
            yield s
        s = round(s - step) if step >= 1 else s - 1


def fit_block(text: str, style: str, max_w: float, max_h: float, start: float, stop: float,
              max_lines: int | None = None, leading: float = 1.0) -> tuple[Font, list[str]]:
    """The largest font (``start`` down to ``stop`` px) at which ``text`` wraps into at
    most ``max_lines`` lines that fit ``max_w`` × ``max_h``.  If nothing fits, the
    smallest size with the lines that fit, the last one ellipsized."""
    for size in sizes(start, stop):
        f = font(style, size)
        lines = wrap(text, f, max_w)
        if lines is None:
            continue
        if max_lines is not None and len(lines) > max_lines:
            continue
        if len(lines) * line_height(f) * leading <= max_h + 0.01:
            return f, lines
    f = font(style, max(1, round(stop)))
    return f, clamp_lines(text, f, max_w, max_h, max_lines, leading)


def clamp_lines(text: str, f: Font, max_w: float, max_h: float, max_lines: int | None = None,
                leading: float = 1.0) -> list[str]:
    """Wrap ``text`` (breaking over-long words) and drop what does not fit, ending the
    last kept line with an ellipsis."""
    lh = line_height(f) * leading
    room = int((max_h + 0.01) // lh) if lh > 0 else 0
    if max_lines is not None:
        room = min(room, max_lines)
    if room <= 0:
        return []
    lines: list[str] = []
    for word in text.split():
        while width_of(word, f) > max_w and len(word) > 1:  # hard-break long words
            cut = len(word) - 1
            while cut > 1 and width_of(word[:cut] + "-", f) > max_w:
                cut -= 1
            lines.append(word[:cut] + "-")
            word = word[cut:]
        if lines and width_of(f"{lines[-1]} {word}", f) <= max_w and not lines[-1].endswith("-"):
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, f, max_w) if lines[-1] else ""
    return [ln if width_of(ln, f) <= max_w else ellipsize(ln, f, max_w) for ln in lines]
