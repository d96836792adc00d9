#!/usr/bin/python3
"""Buggy variant: the engine also checks for a replay in the Damage Step.

A monster of the defending player that leaves (or arrives) during the Damage
Step makes this engine announce a replay, which the rules forbid: replays
happen only in the Battle Step (S0 6.3.4.3, S1 replay section, S4 2.4.2).
Expected catch: no_replay_in_damage_step.
"""
import sys

sys.dont_write_bytecode = True
import battle_engine  # noqa: E402


class Duel(battle_engine.Duel):
    def replay_watched(self):
        return self.timing in battle_engine.BATTLE_WINDOWS or self.in_damage_step()

    def after_chain_in_damage_step(self):
        if self.in_damage_step() and self.attack is not None and self.attack["replay"]:
            self.replay()
            return True
        return False


if __name__ == "__main__":
    battle_engine.main(Duel)
