#!/usr/bin/python3
"""Buggy variant: a flip effect activates as soon as the face-down monster is
turned face-up before damage calculation, instead of waiting until after
damage calculation (S0 6.3.4.3.4, S1 after damage calculation, S4 2.4.3.4).
Expected catch: flip_effects_after_damage_calculation.
"""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    PERMISSIONS = dict(battle_engine.PERMISSIONS)
    PERMISSIONS["flip_trigger"] = ["before_damage_calculation", "after_damage_calculation"]


if __name__ == "__main__":
    battle_engine.main(Duel)
