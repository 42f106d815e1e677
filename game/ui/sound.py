"""Sound effects of our own making: synthesised at start-up, no sample files.

Where there is no audio device the board stays silent instead of failing.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

from game.settings import Settings

RATE = 22050


def _render(samples: list[float]) -> bytes:
    data = array("h", (max(-32767, min(32767, int(s * 32767))) for s in samples))
    stereo = array("h")
    for v in data:
        stereo.append(v)
        stereo.append(v)
    return stereo.tobytes()


def _tone(freq: float, dur: float, vol: float = 0.4, decay: float = 6.0) -> list[float]:
    n = int(RATE * dur)
    return [vol * math.sin(2 * math.pi * freq * i / RATE) * math.exp(-decay * i / n)
            for i in range(n)]


def _noise(dur: float, vol: float, decay: float, seed: int, smooth: int = 1) -> list[float]:
    rng = random.Random(seed)
    n = int(RATE * dur)
    out, acc = [], 0.0
    for i in range(n):
        acc += (rng.random() * 2 - 1 - acc) / smooth  # a crude low-pass for darker noise
        out.append(vol * acc * math.exp(-decay * i / n))
    return out


def _mix(*parts: list[float]) -> list[float]:
    n = max(len(p) for p in parts)
    return [sum(p[i] for p in parts if i < len(p)) for i in range(n)]


def _concat(*parts: list[float]) -> list[float]:
    out: list[float] = []
    for p in parts:
        out += p
    return out


def synthesise() -> dict[str, bytes]:
    return {
        "play": _render(_mix(_noise(0.09, 0.25, 8, 1, smooth=3), _tone(660, 0.08, 0.15, 9))),
        "buy": _render(_concat(_tone(988, 0.07, 0.3, 3), _tone(1319, 0.14, 0.3, 5))),
        "attack": _render(_mix(_tone(90, 0.25, 0.5, 5), _noise(0.22, 0.35, 6, 2, smooth=4))),
        "destroy": _render(_mix(_noise(0.6, 0.6, 4, 3, smooth=8), _tone(55, 0.5, 0.4, 3))),
        "victory": _render(_concat(*(_tone(f, 0.16, 0.3, 2) for f in (523, 659, 784)),
                                   _tone(1047, 0.5, 0.35, 3))),
        "click": _render(_tone(1200, 0.03, 0.15, 10)),
    }


class SoundBoard:
    def __init__(self, settings: Settings):
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2)
            self.sounds = {k: pygame.mixer.Sound(buffer=v) for k, v in synthesise().items()}
            self.available = True
        except pygame.error:
            self.available = False  # no audio device: play silently
        self.configure(settings)

    def configure(self, settings: Settings) -> None:
        self.volume = 0.0 if settings.mute else settings.volume
        for s in self.sounds.values():
            s.set_volume(self.volume)

    def play(self, name: str) -> None:
        if self.available and self.volume > 0 and name in self.sounds:
            self.sounds[name].play()
