#!/usr/bin/python3
"""Robustness fixture: an engine that prints a debugging line on stdout (the
protocol channel) when it reaches damage calculation."""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    def damage_calculation(self):
        sys.stdout.write("DEBUG: calculating damage\n")
        super().damage_calculation()


if __name__ == "__main__":
    battle_engine.main(Duel)
