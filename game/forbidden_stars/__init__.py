"""Forbidden Stars («Запретные звёзды»): data, engine and bot games (no table yet)."""
