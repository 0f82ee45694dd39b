"""Prints the CATAN comparison table from the JSON results of run.sh.

Usage: report.py RESULTS_DIR SECONDS   (reads catanatron.json, fastcatan.json,
spielleiter.json where present). Standard library only.
"""

import json
import os
import sys


def load(d, name):
    path = os.path.join(d, name + ".json")
    try:
        with open(path) as f:
            text = f.read().strip()
        return json.loads(text.splitlines()[-1]) if text else None
    except (OSError, ValueError, IndexError):
        return None


def main():
    d = sys.argv[1]
    secs = sys.argv[2] if len(sys.argv) > 2 else "?"
    rows = {k: load(d, k) for k in ("catanatron", "fastcatan", "spielleiter")}
    print()
    print(f"CATAN, 4 players, uniformly random legal actions, one core, {secs} s per engine")
    print(f"{'engine':<34} {'games/s':>11} {'decisions/game':>15} {'games':>8} {'capped':>7}  note")
    for key, r in rows.items():
        if r is None:
            print(f"{key:<34} {'-':>11} {'-':>15} {'-':>8} {'-':>7}  not measured")
            continue
        name = r.get("engine", key)
        note = ""
        if key == "fastcatan":
            note = f"engine time; {r.get('games_per_sec_wall', 0):.1f} games/s wall incl. NumPy action choice"
        elif key == "spielleiter":
            name = "spielleiter" + (f" ({r['game']})" if r.get("game") not in (None, "catan") else "")
            note = f"state {r.get('state_bytes', '?')} B"
        elif key == "catanatron":
            note = "wall time, pure Python"
        dpg = r.get("decisions_per_game", r.get("mean_decisions"))
        if dpg is None and r.get("games"):
            dps = r.get("decisions_per_sec")
            gps = r.get("games_per_sec")
            dpg = dps / gps if dps and gps else None
        dpg_s = f"{dpg:.0f}" if dpg is not None else "?"
        capped = r.get("capped")
        print(
            f"{name:<34} {r['games_per_sec']:>11.1f} {dpg_s:>15} {r.get('games', '?'):>8} "
            f"{'-' if capped is None else capped:>7}  {note}"
        )
    ours = rows.get("spielleiter")
    if ours:
        print()
        for key in ("catanatron", "fastcatan"):
            r = rows.get(key)
            if r:
                print(f"ratio spielleiter / {key}: {ours['games_per_sec'] / r['games_per_sec']:.1f}x")
                if key == "fastcatan" and r.get("games_per_sec_wall"):
                    print(
                        f"ratio spielleiter / {key} (its wall time): "
                        f"{ours['games_per_sec'] / r['games_per_sec_wall']:.1f}x"
                    )
    summary = {k: v for k, v in rows.items() if v is not None}
    print()
    print("JSON " + json.dumps(summary))


if __name__ == "__main__":
    main()
