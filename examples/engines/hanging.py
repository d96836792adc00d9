#!/usr/bin/python3
"""Robustness fixture: an engine that never answers once it reaches damage
calculation (a deadlock, here a sleep)."""
import sys
import time

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    def damage_calculation(self):
        while True:
            time.sleep(60)


if __name__ == "__main__":
    battle_engine.main(Duel)
