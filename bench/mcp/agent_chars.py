"""A scripted agent over stdio that counts what a language model would read.

It plays one seat of every game and rule set against bots through `spielleiter mcp`
with the official MCP Python SDK (`pip install mcp`), the way docs/agents.md teaches:
`new_game`, then `observe` with `legal: true` once, then `act` until the game is over
(`act` answers the next observation with its legal actions). It chooses uniformly at
random among the legal actions (seeded), and counts the characters of the text content
of every result: what a model reads, since clients give a model the text content.

A decision's characters are those of the result that presented it (the first
`observe`, or the `act` before it) plus nothing else: a decision is one call.

    python3 bench/mcp/agent_chars.py [--bin target/ci/spielleiter] [--games 3] [--json]

Prints, per rule set: decisions, median / 90th percentile / largest characters per
decision, and the characters of one seat's whole game (mean over the games).
Targets (issue 42): median CATAN base <= 2,500, Cities & Knights with heroes <= 3,500,
Splendor <= 1,500, Junior <= 1,500, one CATAN seat's whole game <= 150,000.
"""

import argparse
import asyncio
import json
import random
import statistics
import sys
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = Path(__file__).resolve().parents[2]
RULE_SETS = [
    ("splendor", "base", 2),
    ("catan", "base", 4),
    ("catan", "cities_knights", 4),
    ("catan", "cities_knights_heroes", 4),
    ("catan", "five_six", 5),
    ("catan-junior", "kosmos2015", 4),
]
TARGETS = {
    ("splendor", "base"): 1_500,
    ("catan", "base"): 2_500,
    ("catan", "cities_knights_heroes"): 3_500,
    ("catan-junior", "kosmos2015"): 1_500,
}
GAME_TARGET = {("catan", "base"): 150_000}
STEP_CAP = 20_000


def text_of(res):
    return "".join(c.text for c in res.content if getattr(c, "type", "") == "text")


async def one_game(s, game, rules, players, seed):
    """Plays one game; answers the characters of each decision and of the whole seat."""
    rng = random.Random(seed)
    total = 0
    res = await s.call_tool("new_game", {"game": game, "rules": rules, "players": players, "seed": seed})
    assert not res.is_error, text_of(res)
    total += len(text_of(res))
    res = await s.call_tool("observe", {"legal": True})
    assert not res.is_error, text_of(res)
    shown = len(text_of(res))
    total += shown
    obs = res.structured_content
    legal = obs.get("legal") or []
    per_decision = []
    for _ in range(STEP_CAP):
        if obs["over"] or not legal:
            break
        per_decision.append(shown)
        res = await s.call_tool("act", {"index": rng.randrange(len(legal))})
        assert not res.is_error, text_of(res)
        shown = len(text_of(res))
        total += shown
        a = res.structured_content
        if a["over"]:
            break
        if a.get("next"):
            obs = a["next"]
            legal = obs.get("legal") or []
        else:
            res = await s.call_tool("observe", {"legal": True})
            shown += len(text_of(res))
            total += len(text_of(res))
            obs = res.structured_content
            legal = obs.get("legal") or []
    return per_decision, total


async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / "target" / "ci" / "spielleiter"))
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    params = StdioServerParameters(command=args.bin, args=["mcp"])
    async with stdio_client(params) as (r, w):
        async with ClientSession(r, w) as s:
            await s.initialize()
            for game, rules, players in RULE_SETS:
                decisions, totals = [], []
                for g in range(args.games):
                    d, t = await one_game(s, game, rules, players, 1000 + g)
                    decisions += d
                    totals.append(t)
                decisions.sort()
                row = {
                    "game": game,
                    "rules": rules,
                    "players": players,
                    "games": args.games,
                    "decisions": len(decisions),
                    "median": statistics.median(decisions),
                    "p90": decisions[int(0.9 * (len(decisions) - 1))],
                    "max": decisions[-1],
                    "seat_game_mean": statistics.mean(totals),
                    "target_median": TARGETS.get((game, rules)),
                    "target_game": GAME_TARGET.get((game, rules)),
                }
                rows.append(row)
                if not args.json:
                    t = row["target_median"]
                    mark = "" if t is None else (" ok" if row["median"] <= t else f" OVER {t}")
                    print(
                        f"{game:13} {rules:22} decisions {row['decisions']:6}  median {row['median']:7.0f}{mark}"
                        f"  p90 {row['p90']:6}  max {row['max']:6}  seat game {row['seat_game_mean']:9.0f}",
                        flush=True,
                    )
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()
    over = [r for r in rows if r["target_median"] and r["median"] > r["target_median"]]
    over += [r for r in rows if r["target_game"] and r["seat_game_mean"] > r["target_game"]]
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
