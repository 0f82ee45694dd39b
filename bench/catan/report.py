"""Prints the CATAN comparison table from the JSON results of run.sh.

Usage: report.py RESULTS_DIR SECONDS

Reads catanatron.jsonl, fastcatan.jsonl and spielleiter.jsonl (one JSON object
per measured slice, as the drivers and `spielleiter bench --json` print them)
and adds the slices up: games and seconds are summed, so a rate is total games
over total measured time. Standard library only.
"""

import json
import os
import sys

ENGINES = ("catanatron", "fastcatan", "spielleiter")


def load(d, name):
    rows = []
    try:
        with open(os.path.join(d, name + ".jsonl")) as f:
            for line in f:
                line = line.strip()
                if line.startswith("{"):
                    try:
                        rows.append(json.loads(line))
                    except ValueError:
                        pass
    except OSError:
        pass
    return rows


def seconds_of(key, r):
    """The time a rate is measured against (fastcatan: its engine time)."""
    if key == "fastcatan":
        return r["engine_seconds"]
    if key == "spielleiter":
        return r["seconds"]
    return r["wall_seconds"]


def decisions_per_game(r):
    for k in ("decisions_per_game", "mean_decisions"):
        if r.get(k) is not None:
            return r[k]
    return r["decisions_per_sec"] / r["games_per_sec"] if r.get("games_per_sec") else 0.0


def aggregate(key, rows):
    games = sum(r["games"] for r in rows)
    secs = sum(seconds_of(key, r) for r in rows)
    decisions = sum(decisions_per_game(r) * r["games"] for r in rows)
    capped = [r.get("capped") for r in rows]
    out = {
        "engine": rows[-1].get("engine", key),
        "players": rows[-1].get("players"),
        "slices": len(rows),
        "games": games,
        "seconds": secs,
        "games_per_sec": games / secs if secs else 0.0,
        "decisions_per_sec": decisions / secs if secs else 0.0,
        "decisions_per_game": decisions / games if games else 0.0,
        "capped": None if any(c is None for c in capped) else sum(capped),
    }
    if key == "fastcatan":
        wall = sum(r["wall_seconds"] for r in rows)
        out["games_per_sec_wall"] = games / wall if wall else 0.0
        out["driver"] = rows[-1].get("driver")
        out["policy"] = rows[-1].get("policy")
    if key == "catanatron":
        out["turns_per_game"] = sum(r["turns_per_game"] * r["games"] for r in rows) / games if games else 0.0
        out["turn_cap"] = rows[-1].get("turn_cap")
    if key == "spielleiter":
        out["engine"] = "spielleiter"
        out["game"] = rows[-1].get("game")
        out["state_bytes"] = rows[-1].get("state_bytes")
        out["turn_cap"] = rows[-1].get("max_turns")
    return out


def main():
    d = sys.argv[1]
    secs = sys.argv[2] if len(sys.argv) > 2 else "?"
    rows = {}
    for key in ENGINES:
        got = load(d, key)
        rows[key] = aggregate(key, got) if got else None
    print()
    print(f"CATAN, 4 players, uniformly random legal actions, one core, {secs} s per engine")
    print(f"{'engine':<24} {'games/s':>10} {'decisions/s':>12} {'decisions/game':>15} {'games':>8} {'capped':>7}  note")
    for key, r in rows.items():
        if r is None:
            print(f"{key:<24} {'-':>10} {'-':>12} {'-':>15} {'-':>8} {'-':>7}  not measured")
            continue
        name = r["engine"]
        if key == "fastcatan":
            note = (
                f"engine time ({r['driver']}, {r['policy']}); "
                f"{r['games_per_sec_wall']:.1f} games/s wall incl. NumPy action choice"
            )
        elif key == "spielleiter":
            if r.get("game") not in (None, "catan"):
                name += f" ({r['game']})"
            note = f"state {r.get('state_bytes', '?')} B, cap {r.get('turn_cap')} turns"
        else:
            note = f"wall time, pure Python; {r['turns_per_game']:.0f} turns/game, cap {r.get('turn_cap')} turns"
        capped = "-" if r["capped"] is None else r["capped"]
        print(
            f"{name:<24} {r['games_per_sec']:>10.1f} {r['decisions_per_sec']:>12.0f} "
            f"{r['decisions_per_game']:>15.0f} {r['games']:>8} {capped:>7}  {note}"
        )
    ours = rows.get("spielleiter")
    if ours:
        print()
        for key in ("catanatron", "fastcatan"):
            r = rows.get(key)
            if r and r["games_per_sec"]:
                line = f"ratio spielleiter / {key}: {ours['games_per_sec'] / r['games_per_sec']:.1f}x"
                if key == "fastcatan" and r.get("games_per_sec_wall"):
                    line += f" (against its wall rate: {ours['games_per_sec'] / r['games_per_sec_wall']:.1f}x)"
                print(line)
    summary = {k: v for k, v in rows.items() if v is not None}
    print()
    print("JSON " + json.dumps(summary))


if __name__ == "__main__":
    main()
