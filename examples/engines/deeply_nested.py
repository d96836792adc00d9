#!/usr/bin/python3
"""Robustness fixture: an engine that answers every request with one line of
JSON nested 80000 arrays deep (a hostile or broken serializer)."""
import sys

DEPTH = 80000

for line in sys.stdin:
    if line.strip():
        sys.stdout.write('{"events":' + "[" * DEPTH + "]" * DEPTH + "}\n")
        sys.stdout.flush()
