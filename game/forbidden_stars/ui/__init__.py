"""Forbidden Stars («Запретные звёзды») at the table: the session (game and bots), the
per-seat model, the map and the scenes (setup, table, load, game over)."""
