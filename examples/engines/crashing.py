#!/usr/bin/python3
"""Robustness fixture: an engine that dies (an uncaught exception, traceback
on stderr, exit code 1) when it reaches damage calculation."""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    def damage_calculation(self):
        raise RuntimeError("damage calculation is not implemented yet")


if __name__ == "__main__":
    battle_engine.main(Duel)
