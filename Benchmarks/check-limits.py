#!/usr/bin/env python3
"""Checks a benchmark script's JSON result against a limits file; used by instructions.sh and size.sh.

    check-limits.py TOOL LIMITS.json RESULT-JSON

Every figure the limits file names (groups of `"key": limit`; keys starting with `_` are comments) must be in the
result and at or under its limit. Prints one line per figure on stdout, prefixed with TOOL; exits 1 if any is
over or missing.
"""
import json
import sys

tool, limits, result = sys.argv[1], json.load(open(sys.argv[2])), json.loads(sys.argv[3])
over = 0
for group, figures in limits.items():
    if group.startswith("_"):
        continue
    for key, limit in figures.items():
        value = result.get(group, {}).get(key)
        if value is None:
            print(f"{tool}: {group}.{key}: not measured (the limits file names it)")
            over += 1
        elif value > limit:
            print(f"{tool}: {group}.{key}: {value} is over its limit {limit}")
            over += 1
        else:
            print(f"{tool}: {group}.{key}: {value} (limit {limit})")
sys.exit(1 if over else 0)
