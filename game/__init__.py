"""Star Realms Table: offline Star Realms family deck-building games."""

__version__ = "0.1.0"
