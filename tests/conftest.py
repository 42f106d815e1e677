import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Tests never touch the player's own cache or settings.  Card faces are cached in the
# checkout (shared by xdist workers: the cache writes atomically); settings per run.
os.environ.setdefault("STAR_REALMS_CACHE_DIR", str(ROOT / ".test-cache"))
os.environ.setdefault("STAR_REALMS_CONFIG_DIR", tempfile.mkdtemp(prefix="srt-config-"))
sys.path.insert(0, str(ROOT))
