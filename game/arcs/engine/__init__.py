"""Arcs' pure side: component definitions and the effect vocabulary (no pygame, no UI)."""
