"""Forbidden Stars rules engine: pure Python, deterministic from the seed."""
