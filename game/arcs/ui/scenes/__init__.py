"""Arcs\x27 screens: setup, table (with its pause), game over."""
