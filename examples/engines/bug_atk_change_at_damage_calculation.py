#!/usr/bin/python3
"""Buggy variant: ATK-changing quick effects (Rush Recklessly, ...) are
accepted at damage calculation; they may be activated only until before
damage calculation (S0 6.3.4.3, S3 Damage Calculation, S4 2.4.3.2).
Expected catch: atk_change_only_until_before_damage_calculation.
"""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    PERMISSIONS = dict(battle_engine.PERMISSIONS)
    PERMISSIONS["atk_change_quick"] = battle_engine.PERMISSIONS["atk_change_quick"] + ["damage_calculation"]


if __name__ == "__main__":
    battle_engine.main(Duel)
