#!/usr/bin/env bash
# Regenerate the balance reports under docs/balance/: for every scenario that
# `wargame list` names, docs/balance/<game>/<scenario>.md and <scenario>-vp.svg, from
# seeded playouts with a release build (no GUI; `cargo run --release --no-default-features`).
#
#   tools/balance.sh                          # 200 games each, random vs random, seed 1
#   GAMES=50 SEED=3 tools/balance.sh          # fewer games, another seed
#   PLAYERS=ai:1,random OUT=/tmp/bal tools/balance.sh
#   tools/balance.sh harvest_the_wind/washita # only the scenarios named
#
# Environment: GAMES (default 200), SEED (default 1), PLAYERS (one player per seat,
# e.g. ai:2,random; unset: random for every seat), MAX_ACTIONS (unset: simulate's
# default), OUT (default docs/balance), BIN (a prebuilt wargame binary to run instead
# of `cargo run`, so that a long batch is not rebuilt by edits made meanwhile). With PLAYERS set the files are named
# <scenario>-<players>.md so that they sit beside the random-play reports.
set -euo pipefail
cd "$(dirname "$0")/.."

games=${GAMES:-200}
seed=${SEED:-1}
out=${OUT:-docs/balance}

wargame() {
  if [ -n "${BIN:-}" ]; then
    "$BIN" "$@"
  else
    cargo run --release --no-default-features --quiet -- "$@"
  fi
}

if [ $# -gt 0 ]; then
  scenarios=("$@")
else
  mapfile -t scenarios < <(wargame list | awk '$1 ~ /^[a-z_]+\/[a-z_0-9]+$/ { print $1 }')
fi
if [ ${#scenarios[@]} -eq 0 ]; then
  echo "balance.sh: wargame list named no scenarios" >&2
  exit 1
fi

for id in "${scenarios[@]}"; do
  name=${id#*/}
  game=${id%%/*}
  args=(simulate --scenario "$id" --games "$games" --seed "$seed")
  if [ -n "${MAX_ACTIONS:-}" ]; then
    args+=(--max-actions "$MAX_ACTIONS")
  fi
  if [ -n "${PLAYERS:-}" ]; then
    args+=(--players "$PLAYERS")
    name="$name-${PLAYERS//[:,]/-}"
  fi
  report="$out/$game/$name.md"
  echo "== $id -> $report" >&2
  wargame "${args[@]}" --report "$report" >/dev/null
done
