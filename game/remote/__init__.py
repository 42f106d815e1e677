"""Players join from their phones: a small LAN server, its protocol and the phone page.

Shell level: it knows no game's package, only the JSON presentation model a game builds
for one seat (``game.games.Game.build_model``) and the action ids that model offers.
:class:`RemoteHost` is what a table (or the headless ``host`` command) drives; the page
itself is ``assets/phone/``.  See ``docs/remote.md``.
"""

from game.remote.net import lan_address, qr_matrix, qr_text
from game.remote.server import RemoteHost, RemoteMove, SeatStatus

__all__ = ["RemoteHost", "RemoteMove", "SeatStatus", "lan_address", "qr_matrix", "qr_text"]
