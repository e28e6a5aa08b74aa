#!/usr/bin/env bash
# The project's whole test run: formatting, lints (warnings are errors), and every
# test (unit, rules, scenario playouts, properties, CLI, headless Bevy App, and the
# screenshot smoke test under Xvfb with Mesa's software Vulkan).
# On a fresh Debian/Ubuntu machine it installs Xvfb and Mesa first (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb xauth)
[ -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ] || ls /usr/share/vulkan/icd.d/lvp_icd.*.json >/dev/null 2>&1 || need+=(mesa-vulkan-drivers)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${need[*]} for the GUI tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "warning: ${need[*]} missing and cannot be installed here; GUI screenshot tests will fail" >&2
  fi
fi

cargo fmt --all -- --check
cargo clippy --all-targets --locked -- -D warnings
if command -v cargo-nextest >/dev/null 2>&1; then
  cargo nextest run --locked --no-fail-fast
else
  cargo test --locked --no-fail-fast
fi
