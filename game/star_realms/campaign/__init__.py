"""The legacy campaign between games: records, rules between scenarios, storage, bots."""
