"""Frame time of the table at 1920×1080, mid-game, software renderer (no window).

Measures `App.frame()` (events, update, draw; not the display flip) over N frames
while the mouse sweeps across the hand and trade row (hover, highlights) and once
with a card being dragged.  Prints p50/p95/max in milliseconds as one JSON line.

    python bench/frames.py [--frames 600] [--size 1920x1080]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.star_realms.ui.screens import render_scene
from game.ui.main import headless


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--size", default="1920x1080")
    args = p.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    headless()
    import pygame

    app = render_scene("table", (w, h), seed=7, lang="en")
    app.settings.animation_speed = 1.0
    table = app.top
    z = table.layout.zones()
    path = [z["hand"].midleft, z["hand"].center, z["trade_row"].center, z["my_field"].center]
    times: list[float] = []
    drag_times: list[float] = []
    for i in range(args.frames):
        a, b = path[i % 3], path[(i % 3) + 1]
        t = (i % 30) / 30
        pos = (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t))
        ev = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))]
        start = time.perf_counter()
        app.frame(ev, 1 / 60)
        times.append((time.perf_counter() - start) * 1000)
    hand = table.view.seats[0].hand
    if hand:
        start_pos = table.card_rects[hand[0]].center
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1)], 1 / 60)
        for i in range(args.frames // 3):
            pos = (start_pos[0] + i % 200, start_pos[1] - i % 150)
            ev = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(1, 0, 0))]
            s = time.perf_counter()
            app.frame(ev, 1 / 60)
            drag_times.append((time.perf_counter() - s) * 1000)
    table.session.close()
    print(json.dumps({
        "bench": "frames",
        "size": args.size,
        "frames": len(times),
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(percentile(times, 0.95), 2),
        "max_ms": round(max(times), 2),
        "drag_p50_ms": round(statistics.median(drag_times), 2) if drag_times else None,
        "drag_p95_ms": round(percentile(drag_times, 0.95), 2) if drag_times else None,
        "goal_p95_ms": 8,
    }))


if __name__ == "__main__":
    main()
